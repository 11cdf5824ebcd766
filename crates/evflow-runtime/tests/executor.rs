//! The sequential executor: hook order, rejection, errors, max_events, interrupts, names.

use evflow_core::{Event, Flags};
use evflow_runtime::job::{unique_names, Hook, Interrupt, OnError, Path, ProcessOptions};
use evflow_runtime::module::{Decision, HookResult, JobContext, JobEnd, Module, ModuleError, Severity, Source};
use evflow_runtime::sequential::process;
use std::sync::{Arc, Mutex};

/// Every hook call of every module, in order, as `"name.hook(args)"`.
type Calls = Arc<Mutex<Vec<String>>>;

fn calls(log: &Calls) -> Vec<String> {
    log.lock().unwrap().clone()
}

/// Gives events of the listed (run, event) pairs.
struct ListSource {
    events: std::vec::IntoIter<(u32, u64)>,
    log: Calls,
}

impl ListSource {
    fn new(events: &[(u32, u64)], log: &Calls) -> ListSource {
        ListSource { events: Vec::from(events).into_iter(), log: log.clone() }
    }
}

impl Source for ListSource {
    fn name(&self) -> &str {
        "ListSource"
    }

    fn expected_events(&self) -> Option<u64> {
        Some(self.events.len() as u64)
    }

    fn initialize(&mut self, ctx: &JobContext) -> HookResult {
        self.log.lock().unwrap().push(format!("source.initialize(expected={:?})", ctx.expected_events));
        Ok(())
    }

    fn next_event(&mut self) -> HookResult<Option<Event>> {
        Ok(self.events.next().map(|(run, event)| Event::new(run, event)))
    }

    fn terminate(&mut self) -> HookResult {
        self.log.lock().unwrap().push("source.terminate".to_string());
        Ok(())
    }
}

/// Records its calls; rejects or raises on chosen event numbers.
struct Recorder {
    name: String,
    log: Calls,
    reject: Vec<u64>,
    raise: Vec<u64>,
    sees_failed: bool,
}

impl Recorder {
    fn new(name: &str, log: &Calls) -> Recorder {
        Recorder { name: name.to_string(), log: log.clone(), reject: vec![], raise: vec![], sees_failed: false }
    }

    fn rejecting(mut self, events: &[u64]) -> Recorder {
        self.reject = events.to_vec();
        self
    }

    fn raising(mut self, events: &[u64]) -> Recorder {
        self.raise = events.to_vec();
        self
    }

    fn seeing_failed(mut self) -> Recorder {
        self.sees_failed = true;
        self
    }

    fn push(&self, call: String) {
        self.log.lock().unwrap().push(format!("{}.{call}", self.name));
    }
}

impl Module for Recorder {
    fn name(&self) -> &str {
        &self.name
    }

    fn sees_failed(&self) -> bool {
        self.sees_failed
    }

    fn initialize(&mut self, _ctx: &JobContext) -> HookResult {
        self.push("initialize".to_string());
        Ok(())
    }

    fn begin_run(&mut self, run: u32) -> HookResult {
        self.push(format!("begin_run({run})"));
        Ok(())
    }

    fn event(&mut self, event: &mut Event) -> HookResult<Decision> {
        let failed = if event.meta.flags.contains(Flags::FAILED) { ",failed" } else { "" };
        self.push(format!("event({},{}{failed})", event.meta.run, event.meta.event));
        if self.raise.contains(&event.meta.event) {
            return Err(ModuleError::msg(format!("cannot handle event {}", event.meta.event)));
        }
        Ok(if self.reject.contains(&event.meta.event) { Decision::Reject } else { Decision::Keep })
    }

    fn end_run(&mut self, run: u32) -> HookResult {
        self.push(format!("end_run({run})"));
        Ok(())
    }

    fn terminate(&mut self) -> HookResult {
        self.push("terminate".to_string());
        Ok(())
    }
}

fn path(source: ListSource, modules: Vec<Recorder>) -> Path {
    Path { source: Box::new(source), modules: modules.into_iter().map(|m| Box::new(m) as Box<dyn Module>).collect() }
}

fn no_interrupt() -> Result<(), Interrupt> {
    Ok(())
}

#[test]
fn hooks_run_in_order_with_runs_begun_and_ended_at_each_change() {
    let log = Calls::default();
    let mut p = path(ListSource::new(&[(1, 1), (1, 2), (2, 1), (1, 9)], &log), vec![Recorder::new("a", &log)]);
    let outcome = process(&mut p, &ProcessOptions::default(), &mut no_interrupt);
    assert!(outcome.error.is_none(), "{:?}", outcome.error);
    assert_eq!(
        calls(&log),
        [
            "source.initialize(expected=Some(4))",
            "a.initialize",
            "a.begin_run(1)",
            "a.event(1,1)",
            "a.event(1,2)",
            "a.end_run(1)",
            "a.begin_run(2)",
            "a.event(2,1)",
            "a.end_run(2)",
            "a.begin_run(1)",
            "a.event(1,9)",
            "a.end_run(1)",
            "a.terminate",
            "source.terminate",
        ]
    );
    assert_eq!((outcome.report.read, outcome.report.accepted), (4, 4));
}

#[test]
fn a_rejected_event_reaches_no_later_module() {
    let log = Calls::default();
    let trigger = Recorder::new("trigger", &log).rejecting(&[2]);
    let output = Recorder::new("output", &log).seeing_failed();
    let mut p = path(ListSource::new(&[(1, 1), (1, 2), (1, 3)], &log), vec![trigger, output]);
    let outcome = process(&mut p, &ProcessOptions::default(), &mut no_interrupt);
    let events: Vec<String> = calls(&log).into_iter().filter(|c| c.contains(".event(")).collect();
    assert_eq!(
        events,
        ["trigger.event(1,1)", "output.event(1,1)", "trigger.event(1,2)", "trigger.event(1,3)", "output.event(1,3)"]
    );
    assert_eq!((outcome.report.accepted, outcome.report.rejected), (2, 1));
    assert_eq!(outcome.report.modules[2].calls, 2);
}

#[test]
fn on_error_stop_ends_the_job_and_still_terminates_everything() {
    let log = Calls::default();
    let broken = Recorder::new("broken", &log).raising(&[2]);
    let after = Recorder::new("after", &log);
    let mut p = path(ListSource::new(&[(1, 1), (1, 2), (1, 3)], &log), vec![broken, after]);
    let outcome = process(&mut p, &ProcessOptions::default(), &mut no_interrupt);

    let error = outcome.error.expect("the job stops");
    assert_eq!((error.module.as_str(), error.hook, error.run, error.event), ("broken", Hook::Event, Some(1), Some(2)));
    assert!(error.to_string().contains("cannot handle event 2"), "{error}");
    let log = calls(&log);
    assert!(!log.iter().any(|c| c.contains("(1,3)")), "no event after the error: {log:?}");
    assert!(!log.contains(&"after.event(1,2)".to_string()));
    let tail = &log[log.len() - 5..];
    assert_eq!(
        tail,
        ["broken.end_run(1)", "after.end_run(1)", "broken.terminate", "after.terminate", "source.terminate"]
    );
    assert_eq!((outcome.report.read, outcome.report.accepted, outcome.report.failed), (2, 1, 0));
}

#[test]
fn on_error_skip_flags_the_event_and_only_failed_seeing_modules_get_it() {
    let log = Calls::default();
    let broken = Recorder::new("broken", &log).raising(&[2]);
    let analysis = Recorder::new("analysis", &log);
    let output = Recorder::new("output", &log).seeing_failed();
    let mut p = path(ListSource::new(&[(1, 1), (1, 2), (1, 3)], &log), vec![broken, analysis, output]);
    let opts = ProcessOptions { on_error: OnError::Skip, ..ProcessOptions::default() };
    let outcome = process(&mut p, &opts, &mut no_interrupt);

    assert!(outcome.error.is_none(), "{:?}", outcome.error);
    let events: Vec<String> = calls(&log).into_iter().filter(|c| c.contains("(1,2")).collect();
    assert_eq!(events, ["broken.event(1,2)", "output.event(1,2,failed)"]);
    assert_eq!((outcome.report.read, outcome.report.accepted, outcome.report.failed), (3, 3, 1));
}

#[test]
fn an_initialize_error_stops_before_any_event_and_terminates() {
    struct FailsToStart;
    impl Module for FailsToStart {
        fn name(&self) -> &str {
            "FailsToStart"
        }
        fn initialize(&mut self, _ctx: &JobContext) -> HookResult {
            Err(ModuleError::msg("no calibration"))
        }
        fn event(&mut self, _event: &mut Event) -> HookResult<Decision> {
            panic!("never called")
        }
    }
    let log = Calls::default();
    let mut p = Path {
        source: Box::new(ListSource::new(&[(1, 1)], &log)),
        modules: vec![Box::new(Recorder::new("a", &log)), Box::new(FailsToStart)],
    };
    let outcome = process(&mut p, &ProcessOptions::default(), &mut no_interrupt);
    let error = outcome.error.expect("initialize fails");
    assert_eq!((error.module.as_str(), error.hook), ("FailsToStart", Hook::Initialize));
    assert_eq!(outcome.report.read, 0);
    assert_eq!(calls(&log), ["source.initialize(expected=Some(1))", "a.initialize", "a.terminate", "source.terminate"]);
}

#[test]
fn max_events_bounds_reading_and_the_expected_count() {
    let log = Calls::default();
    let events: Vec<(u32, u64)> = (1..=10).map(|e| (1, e)).collect();
    let mut p = path(ListSource::new(&events, &log), vec![Recorder::new("a", &log)]);
    let opts = ProcessOptions { max_events: Some(4), ..ProcessOptions::default() };
    let outcome = process(&mut p, &opts, &mut no_interrupt);
    assert_eq!(outcome.report.read, 4);
    let log = calls(&log);
    assert_eq!(log[0], "source.initialize(expected=Some(4))");
    assert_eq!(log.iter().filter(|c| c.contains(".event(")).count(), 4);
    assert!(log.contains(&"a.terminate".to_string()));
}

#[test]
fn the_control_check_interrupts_the_job_cleanly() {
    let log = Calls::default();
    let events: Vec<(u32, u64)> = (1..=10).map(|e| (1, e)).collect();
    let mut p = path(ListSource::new(&events, &log), vec![Recorder::new("a", &log)]);
    let mut checks = 0;
    let mut control = || {
        checks += 1;
        if checks > 3 {
            Err(Interrupt::SIGINT)
        } else {
            Ok(())
        }
    };
    let outcome = process(&mut p, &ProcessOptions::default(), &mut control);
    assert!(outcome.error.is_none());
    assert!(outcome.report.interrupted);
    assert_eq!(outcome.report.read, 3);
    let log = calls(&log);
    assert_eq!(&log[log.len() - 3..], ["a.end_run(1)", "a.terminate", "source.terminate"]);
}

#[test]
fn modules_of_the_same_name_get_unique_names() {
    let log = Calls::default();
    let modules = vec![Recorder::new("X", &log), Recorder::new("X", &log), Recorder::new("Y", &log)];
    let mut p = path(ListSource::new(&[(1, 1)], &log), modules);
    let outcome = process(&mut p, &ProcessOptions::default(), &mut no_interrupt);
    let names: Vec<&str> = outcome.report.modules.iter().map(|m| m.name.as_str()).collect();
    assert_eq!(names, ["ListSource", "X", "X#2", "Y"]);
    assert_eq!(unique_names(["X", "X", "X#2", "X"].into_iter()), ["X", "X#2", "X#2#2", "X#3"]);
}

/// Raises an interruption (as a signal inside Python code does) on one event.
struct Interrupter(u64);

impl Module for Interrupter {
    fn name(&self) -> &str {
        "Interrupter"
    }

    fn event(&mut self, event: &mut Event) -> HookResult<Decision> {
        if event.meta.event == self.0 {
            let cause = std::io::Error::new(std::io::ErrorKind::Interrupted, "Ctrl-C");
            return Err(ModuleError::interrupt("KeyboardInterrupt", cause));
        }
        Ok(Decision::Keep)
    }
}

#[test]
fn an_interrupt_inside_a_module_stops_the_job_even_when_skipping_errors() {
    let log = Calls::default();
    let mut path = Path {
        source: Box::new(ListSource::new(&[(1, 1), (1, 2), (1, 3), (1, 4)], &log)),
        modules: vec![Box::new(Interrupter(2))],
    };
    let opts = ProcessOptions { on_error: OnError::Skip, ..Default::default() };
    let outcome = process(&mut path, &opts, &mut || Ok(()));
    assert!(outcome.report.interrupted);
    assert_eq!((outcome.report.read, outcome.report.failed), (2, 0));
    let error = outcome.error.expect("the interruption is reported");
    assert_eq!(error.error.severity, Severity::Interrupt);
    assert_eq!((error.run, error.event), (Some(1), Some(2)));
    assert!(calls(&log).contains(&"source.terminate".to_string()), "the job still closes cleanly");
}

#[test]
fn an_event_failing_in_two_modules_counts_once() {
    let log = Calls::default();
    let source = ListSource::new(&[(1, 1), (1, 2)], &log);
    let first = Recorder::new("first", &log).raising(&[2]);
    let second = Recorder::new("second", &log).raising(&[2]).seeing_failed();
    let opts = ProcessOptions { on_error: OnError::Skip, ..Default::default() };
    let outcome = process(&mut path(source, vec![first, second]), &opts, &mut no_interrupt);
    assert!(outcome.error.is_none());
    assert_eq!((outcome.report.failed, outcome.report.accepted), (1, 2));
}

/// Fails fatally on one event, as an output that cannot write does.
struct BrokenOutput;

impl Module for BrokenOutput {
    fn name(&self) -> &str {
        "BrokenOutput"
    }

    fn event(&mut self, event: &mut Event) -> HookResult<Decision> {
        if event.meta.event == 2 {
            let cause = std::io::Error::other("No space left on device");
            return Err(ModuleError::fatal("cannot write run 1 event 2", cause));
        }
        Ok(Decision::Keep)
    }
}

#[test]
fn a_fatal_error_stops_the_job_even_when_skipping_errors() {
    let log = Calls::default();
    let mut p = Path {
        source: Box::new(ListSource::new(&[(1, 1), (1, 2), (1, 3)], &log)),
        modules: vec![Box::new(BrokenOutput)],
    };
    let opts = ProcessOptions { on_error: OnError::Skip, ..Default::default() };
    let outcome = process(&mut p, &opts, &mut no_interrupt);
    let error = outcome.error.expect("the job stops");
    assert_eq!(error.error.severity, Severity::Fatal);
    assert_eq!((error.module.as_str(), error.event), ("BrokenOutput", Some(2)));
    assert_eq!((outcome.report.read, outcome.report.accepted, outcome.report.failed), (2, 1, 0));
    assert!(!outcome.report.interrupted);
}

/// Remembers how the job ended, as `job_ending` told it (before `terminate`).
struct EndSeen(std::rc::Rc<std::cell::RefCell<Vec<String>>>);

impl Module for EndSeen {
    fn name(&self) -> &str {
        "EndSeen"
    }

    fn event(&mut self, _: &mut Event) -> HookResult<Decision> {
        Ok(Decision::Keep)
    }

    fn job_ending(&mut self, end: &JobEnd) {
        self.0.borrow_mut().push(end.reason().unwrap_or_else(|| "complete".into()));
    }

    fn terminate(&mut self) -> HookResult {
        self.0.borrow_mut().push("terminate".into());
        Ok(())
    }
}

#[test]
fn every_module_hears_how_the_job_ended_before_terminate() {
    let run = |raise: &[u64], stop_after: Option<usize>| {
        let (log, seen) = (Calls::default(), std::rc::Rc::default());
        let events: Vec<(u32, u64)> = (1..=5).map(|e| (1, e)).collect();
        let mut recorder = Recorder::new("a", &log);
        recorder.raise = raise.to_vec();
        let modules: Vec<Box<dyn Module>> = vec![Box::new(recorder), Box::new(EndSeen(std::rc::Rc::clone(&seen)))];
        let mut p = Path { source: Box::new(ListSource::new(&events, &log)), modules };
        let mut checks = 0;
        let mut control = || {
            checks += 1;
            if stop_after.is_some_and(|n| checks > n) {
                Err(Interrupt::SIGTERM)
            } else {
                Ok(())
            }
        };
        process(&mut p, &ProcessOptions::default(), &mut control);
        let seen = seen.borrow().clone();
        seen
    };
    assert_eq!(run(&[], None), ["complete", "terminate"]);
    assert_eq!(run(&[], Some(2)), ["interrupted by SIGTERM", "terminate"]);
    let [failed, terminate] = <[String; 2]>::try_from(run(&[3], None)).unwrap();
    assert_eq!(failed, "stopped by an error: module a failed in event on run 1 event 3: cannot handle event 3");
    assert_eq!(terminate, "terminate");
}
