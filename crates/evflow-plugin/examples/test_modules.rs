//! Module types of the wrapper's tests (tests/wrapper.rs), exported as a plugin:
//!
//! - `Echo`: every parameter (an integer `n`, a number `x`, text `s`, a list `l` of
//!   integers, an array `a`) put into each event as an entry; `adc` replaced by its values
//!   doubled, `noise` removed, events whose number is a multiple of 5 flagged failed, and
//!   the runs begun so far in `runs`. Logs a line at `begin_run`. Parallel-safe.
//! - `Panics`: panics at the event whose number is `at`.
//! - `Rejects`: rejects odd event numbers; what it puts on them is dropped.
//! - `Keeps`: keeps an entry of the first event it sees past its call (a copy, as the crate
//!   docs say) and puts that copy on every later event.

use bytes::Bytes;
use evflow_core::{Entry, Event, Flags};
use evflow_plugin::{export, Param, Params};
use evflow_runtime::log;
use evflow_runtime::module::{Decision, HookResult, Module, ModuleError};

fn put(event: &mut Event, name: &str, dtype: &str, shape: Vec<u64>, data: Vec<u8>) -> HookResult {
    let entry = Entry::new(dtype, shape, Bytes::from(data)).map_err(|e| ModuleError::wrap("entry", e))?;
    event.put(name, entry).map_err(|e| ModuleError::wrap("put", e))
}

struct Echo {
    params: Vec<(String, Param)>,
    runs: u32,
}

impl Echo {
    fn make(params: &Params) -> Result<Echo, String> {
        Ok(Echo { params: params.names().into_iter().map(|n| (n.clone(), params.get(&n).unwrap())).collect(), runs: 0 })
    }
}

impl Module for Echo {
    fn name(&self) -> &str {
        "Echo"
    }
    fn parallel_safe(&self) -> bool {
        true
    }
    fn begin_run(&mut self, run: u32) -> HookResult {
        self.runs += 1;
        log::warn!("Echo begins run {run}");
        Ok(())
    }
    fn event(&mut self, event: &mut Event) -> HookResult<Decision> {
        for (name, value) in &self.params {
            let name = format!("p_{name}");
            match value {
                Param::Int(i) => put(event, &name, "<i8", vec![], i.to_le_bytes().to_vec())?,
                Param::Float(x) => put(event, &name, "<f8", vec![], x.to_le_bytes().to_vec())?,
                Param::Bool(b) => put(event, &name, "|u1", vec![], vec![u8::from(*b)])?,
                Param::Str(s) => put(event, &name, "|u1", vec![s.len() as u64], s.as_bytes().to_vec())?,
                Param::List(items) => {
                    let ints: Vec<u8> = items
                        .iter()
                        .flat_map(|p| match p {
                            Param::Int(i) => i.to_le_bytes(),
                            _ => [0xff; 8],
                        })
                        .collect();
                    put(event, &name, "<i8", vec![items.len() as u64], ints)?;
                }
                Param::Array { dtype, shape, data } => put(event, &name, dtype, shape.clone(), data.clone())?,
            }
        }
        let adc = event.get("adc").ok_or_else(|| ModuleError::msg("no adc"))?;
        let doubled: Vec<u8> =
            adc.data().chunks_exact(2).flat_map(|c| (u16::from_le_bytes([c[0], c[1]]) * 2).to_le_bytes()).collect();
        let shape = adc.shape().to_vec();
        put(event, "adc", "<u2", shape, doubled)?;
        event.remove("noise");
        if event.meta.event.is_multiple_of(5) {
            event.meta.flags.insert(Flags::FAILED);
        }
        put(event, "runs", "<u4", vec![], self.runs.to_le_bytes().to_vec())?;
        Ok(Decision::Keep)
    }
}

struct Panics(u64);

impl Module for Panics {
    fn name(&self) -> &str {
        "Panics"
    }
    fn event(&mut self, event: &mut Event) -> HookResult<Decision> {
        assert!(event.meta.event != self.0, "the lookup table has no row {}", self.0);
        Ok(Decision::Keep)
    }
}

struct Rejects;

impl Module for Rejects {
    fn name(&self) -> &str {
        "Rejects"
    }
    fn event(&mut self, event: &mut Event) -> HookResult<Decision> {
        put(event, "seen", "|u1", vec![], vec![1])?;
        Ok(if !event.meta.event.is_multiple_of(2) { Decision::Reject } else { Decision::Keep })
    }
}

struct Keeps(Option<Entry>);

impl Module for Keeps {
    fn name(&self) -> &str {
        "Keeps"
    }
    fn event(&mut self, event: &mut Event) -> HookResult<Decision> {
        if self.0.is_none() {
            let adc = event.get("adc").ok_or_else(|| ModuleError::msg("no adc"))?;
            let copy = Entry::new(adc.dtype(), adc.shape().to_vec(), Bytes::copy_from_slice(adc.data()));
            self.0 = Some(copy.map_err(|e| ModuleError::wrap("copy", e))?);
        }
        event.put("first_adc", self.0.clone().unwrap()).map_err(|e| ModuleError::wrap("put", e))?;
        Ok(Decision::Keep)
    }
}

export!(
    Echo = Echo::make,
    Panics = |p: &Params| p.i64_or("at", 0).map(|at| Panics(at as u64)),
    Rejects = |_: &Params| Ok::<_, String>(Rejects),
    Keeps = |_: &Params| Ok::<_, String>(Keeps(None)),
);
