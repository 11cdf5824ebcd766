//! The wrapper as evflow's host sees it: module types of examples/test_modules.rs, built by
//! cargo into a real shared library, loaded with `Plugin::load` and run on a path in one
//! process: parameters of every kind, entries replaced, removed and put, flags, rejections,
//! log lines, a panic as the hook's error, an entry kept past its call.

use evflow_core::{Entry, Event, Flags};
use evflow_runtime::job::Outcome;
use evflow_runtime::job::{Path, ProcessOptions};
use evflow_runtime::log::{self, Capture, Level};
use evflow_runtime::module::{Decision, HookResult, Module, Source};
use evflow_runtime::modules::{Param, Plugin};
use evflow_runtime::sequential;
use std::sync::{Arc, Mutex};

/// The library cargo built from examples/test_modules.rs, beside this test's binary.
fn library() -> std::path::PathBuf {
    let exe = std::env::current_exe().unwrap();
    exe.parent().unwrap().parent().unwrap().join("examples").join("libtest_modules.so")
}

/// Events 1..=n of run 1 with `adc` (<u2, n, n+1, ... of 1 to 3 values: its shape changes
/// from event to event) and, on even events, `noise` before it.
struct Events(u64, u64);

impl Source for Events {
    fn name(&self) -> &str {
        "Events"
    }
    fn next_event(&mut self) -> HookResult<Option<Event>> {
        if self.0 >= self.1 {
            return Ok(None);
        }
        self.0 += 1;
        let n = self.0 as u16;
        let mut event = Event::new(1, self.0);
        event.meta.seq = self.0 - 1;
        if n.is_multiple_of(2) {
            event.put("noise", Entry::new("|u1", vec![1], vec![7u8].into()).unwrap()).unwrap();
        }
        let adc: Vec<u8> = adc_values(self.0).iter().flat_map(|v| v.to_le_bytes()).collect();
        event.put("adc", Entry::new("<u2", vec![adc.len() as u64 / 2], adc.into()).unwrap()).unwrap();
        Ok(Some(event))
    }
}

fn adc_values(number: u64) -> Vec<u16> {
    let n = number as u16;
    (n..n + 1 + n % 3).collect()
}

/// Keeps a copy of every event that reaches it.
struct Collect(Arc<Mutex<Vec<Event>>>);

impl Module for Collect {
    fn name(&self) -> &str {
        "Collect"
    }
    fn sees_failed(&self) -> bool {
        true
    }
    fn event(&mut self, event: &mut Event) -> HookResult<Decision> {
        self.0.lock().unwrap().push(event.detached());
        Ok(Decision::Keep)
    }
}

fn run(plugin: Plugin, events: u64) -> (Vec<Event>, Outcome) {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let mut path =
        Path { source: Box::new(Events(0, events)), modules: vec![Box::new(plugin), Box::new(Collect(seen.clone()))] };
    let outcome = sequential::process(&mut path, &ProcessOptions::default(), &mut || Ok(()));
    let events = std::mem::take(&mut *seen.lock().unwrap());
    (events, outcome)
}

fn load(name: &str, params: &[(&str, Param)]) -> Plugin {
    let params: Vec<(String, Param)> = params.iter().map(|(n, p)| (n.to_string(), p.clone())).collect();
    Plugin::load(&library(), name, &params, None).unwrap_or_else(|e| panic!("{e}"))
}

fn values<const N: usize>(event: &Event, name: &str) -> [u8; N] {
    event.get(name).unwrap_or_else(|| panic!("no {name}")).data()[..].try_into().unwrap()
}

#[test]
fn every_change_a_rust_module_makes_reaches_evflow() {
    let array = Param::Array {
        dtype: "<f4".into(),
        shape: vec![2],
        data: [1.5f32, -2.0].iter().flat_map(|x| x.to_le_bytes()).collect(),
    };
    let params = [
        ("n", Param::Int(-3)),
        ("x", Param::Float(0.25)),
        ("s", Param::Str("héllo".into())),
        ("l", Param::List(vec![Param::Int(4), Param::Int(5)])),
        ("a", array),
    ];
    let echo = load("Echo", &params);
    assert!(echo.parallel_safe(), "the module's own parallel_safe, said by create");
    let capture = Capture::start();
    log::set_level(Level::Warning);
    let (events, outcome) = run(echo, 10);
    assert!(outcome.error.is_none(), "{:?}", outcome.error);
    let logged = capture.take();
    assert!(logged.contains(&(Level::Warning, "Echo: Echo begins run 1".into())), "{logged:?}");
    assert_eq!(events.len(), 10);
    for event in &events {
        assert_eq!(i64::from_le_bytes(values(event, "p_n")), -3);
        assert_eq!(f64::from_le_bytes(values(event, "p_x")), 0.25);
        assert_eq!(event.get("p_s").unwrap().data().as_ref(), "héllo".as_bytes());
        let l: [u8; 16] = values(event, "p_l");
        assert_eq!(
            (i64::from_le_bytes(l[..8].try_into().unwrap()), i64::from_le_bytes(l[8..].try_into().unwrap())),
            (4, 5)
        );
        let a = event.get("p_a").unwrap();
        assert_eq!((a.dtype(), a.shape()), ("<f4", &[2][..]));
        let doubled: Vec<u8> = adc_values(event.meta.event).iter().flat_map(|v| (2 * v).to_le_bytes()).collect();
        assert_eq!(event.get("adc").unwrap().data().as_ref(), doubled, "replaced");
        assert_eq!(event.get("adc").unwrap().shape(), [doubled.len() as u64 / 2]);
        assert!(event.get("noise").is_none(), "removed");
        assert_eq!(u32::from_le_bytes(values(event, "runs")), 1);
        assert_eq!(event.meta.flags.contains(Flags::FAILED), event.meta.event.is_multiple_of(5));
    }
}

#[test]
fn a_panic_is_the_hooks_error_with_its_message() {
    let (events, outcome) = run(load("Panics", &[("at", Param::Int(4))]), 10);
    let error = outcome.error.expect("the job fails").to_string();
    assert!(error.contains("panicked: the lookup table has no row 4"), "{error}");
    assert_eq!(events.len(), 3, "events before the panic went on");
}

#[test]
fn a_rejected_event_goes_no_further_and_what_was_put_on_it_is_dropped() {
    let (events, outcome) = run(load("Rejects", &[]), 10);
    assert!(outcome.error.is_none(), "{:?}", outcome.error);
    assert_eq!(events.iter().map(|e| e.meta.event).collect::<Vec<_>>(), [2, 4, 6, 8, 10]);
    assert!(events.iter().all(|e| e.get("seen").is_some()));
    assert_eq!(outcome.report.rejected, 5);
}

#[test]
fn an_entry_copied_in_one_call_is_put_in_later_ones() {
    let (events, outcome) = run(load("Keeps", &[]), 5);
    assert!(outcome.error.is_none(), "{:?}", outcome.error);
    for event in &events {
        assert_eq!(values::<4>(event, "first_adc"), [1u16, 2].map(u16::to_le_bytes).concat()[..]);
    }
}

#[test]
fn a_constructors_error_refuses_the_plugin() {
    let params = vec![("at".to_string(), Param::Str("four".into()))];
    let error = Plugin::load(&library(), "Panics", &params, None).err().expect("refused");
    assert!(error.contains("parameter at must be an integer"), "{error}");
}
