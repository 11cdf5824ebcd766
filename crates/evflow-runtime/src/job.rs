//! What every executor of a path shares (the sequential one, the parallel engine's
//! processes, a topology's devices): the path, its options, how a job ends and its errors.

use crate::module::{JobContext, Module, ModuleError, Severity, Source};
use crate::report::Report;
use std::fmt;
use thiserror::Error;

/// How many failures of one module `on_error = Skip` shows as warnings; later ones are only
/// counted.
pub const FAILURE_WARNINGS_PER_MODULE: u64 = 5;

/// What to do when a module's event hook fails.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum OnError {
    /// Stop the job: close what is open and report the error.
    #[default]
    Stop,
    /// Flag the event `failed`, let the modules that see failed events (outputs) have it,
    /// count it, and go on.
    Skip,
}

impl std::str::FromStr for OnError {
    type Err = String;
    fn from_str(s: &str) -> Result<OnError, String> {
        match s {
            "stop" => Ok(OnError::Stop),
            "skip" => Ok(OnError::Skip),
            other => Err(format!("on_error must be \"stop\" or \"skip\", not {other:?}")),
        }
    }
}

/// Options of one job.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProcessOptions {
    /// Stop after this many events from the source.
    pub max_events: Option<u64>,
    /// Seed for per-event random numbers.
    pub seed: u64,
    /// What a failing event hook does to the job.
    pub on_error: OnError,
    /// A job resumed from its output: the input positions it passes over.
    pub resume: Option<std::sync::Arc<crate::resume::ResumePlan>>,
}

/// The hook in which a module failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hook {
    /// `initialize`.
    Initialize,
    /// `begin_run`.
    BeginRun,
    /// `event`.
    Event,
    /// The source's reading of the next event.
    Read,
    /// `end_run`.
    EndRun,
    /// `checkpoint`.
    Checkpoint,
    /// `terminate`.
    Terminate,
}

impl fmt::Display for Hook {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Hook::Initialize => "initialize",
            Hook::BeginRun => "begin_run",
            Hook::Event => "event",
            Hook::Read => "read",
            Hook::EndRun => "end_run",
            Hook::Checkpoint => "checkpoint",
            Hook::Terminate => "terminate",
        })
    }
}

/// A module or source hook failed and the job stopped.
#[derive(Debug, Error)]
pub struct JobError {
    /// The module's (or source's) name; empty for an error of the engine itself.
    pub module: String,
    /// Whether it is the path's source.
    pub is_source: bool,
    /// The hook that failed.
    pub hook: Hook,
    /// Run number, when the hook concerns a run or an event (for [`Hook::Read`]: of the
    /// last event read).
    pub run: Option<u32>,
    /// Event number, when the hook concerns an event (for [`Hook::Read`]: the last read).
    pub event: Option<u64>,
    /// What the module raised.
    #[source]
    pub error: ModuleError,
}

impl JobError {
    /// An error of the engine itself, not of a module: a process of a parallel job that
    /// died, a crash loop, a channel that broke. It stops the job; it is shown as `message`.
    pub fn engine(message: impl Into<String>) -> JobError {
        JobError {
            module: String::new(),
            is_source: false,
            hook: Hook::Event,
            run: None,
            event: None,
            error: ModuleError { severity: Severity::Fatal, ..ModuleError::msg(message) },
        }
    }
}

impl fmt::Display for JobError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let step = if self.is_source { "source" } else { "module" };
        let (name, error) = (&self.module, &self.error);
        if name.is_empty() {
            // Not a module's error: the engine's own (a process that died, a crash loop).
            return write!(f, "{error}");
        }
        match (self.hook, self.run, self.event) {
            (Hook::Read, Some(r), Some(e)) => {
                write!(f, "{step} {name} failed reading the next event (after run {r} event {e}): {error}")
            }
            (Hook::Read, _, _) => write!(f, "{step} {name} failed reading the first event: {error}"),
            (hook, Some(r), Some(e)) => write!(f, "{step} {name} failed in {hook} on run {r} event {e}: {error}"),
            (hook, Some(r), None) => write!(f, "{step} {name} failed in {hook} for run {r}: {error}"),
            (hook, _, _) => write!(f, "{step} {name} failed in {hook}: {error}"),
        }
    }
}

/// A job's result: the report always, and the error that stopped it, if one did.
#[derive(Debug)]
pub struct Outcome {
    /// Statistics and counts, also for a job that failed.
    pub report: Report,
    /// The first error; later errors during clean-up are in `cleanup_errors`.
    pub error: Option<JobError>,
    /// Errors from `end_run`/`terminate` after the job had already failed.
    pub cleanup_errors: Vec<JobError>,
}

/// The control check asks the job to stop: a signal arrived, named here (`"SIGINT"`), so the
/// files the job leaves can say what stopped it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Interrupt(pub &'static str);

impl Interrupt {
    /// Ctrl-C.
    pub const SIGINT: Interrupt = Interrupt("SIGINT");
    /// A polite request to stop (a batch system, `kill`).
    pub const SIGTERM: Interrupt = Interrupt("SIGTERM");
    /// An operator's request to stop (`evflow ctl FILE stop`).
    pub const STOP: Interrupt = Interrupt("evflow ctl stop");
}

/// A source followed by modules.
pub struct Path {
    /// Where events come from.
    pub source: Box<dyn Source>,
    /// Modules in order.
    pub modules: Vec<Box<dyn Module>>,
}

impl Path {
    /// Display names of the path's steps, source first, unique (see [`unique_names`]).
    pub fn step_names(&self) -> Vec<String> {
        unique_names(std::iter::once(self.source.name()).chain(self.modules.iter().map(|m| m.name())))
    }
}

impl ProcessOptions {
    /// What the modules' `initialize` learns of a job that reads `source`.
    pub fn context(&self, source: &dyn Source) -> JobContext {
        let expected_events = match (source.expected_events(), self.max_events) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        // A resumed job processes only what its outputs have not accounted for.
        let passed = |n: u64| self.resume.as_ref().map_or(0, |plan| plan.accounted_below(n));
        let expected_events = expected_events.map(|n| n - passed(n));
        JobContext { seed: self.seed, expected_events, ..JobContext::default() }
    }
}

/// Unique display names: a second module of the same name is shown as `name#2`.
pub fn unique_names<'a>(names: impl Iterator<Item = &'a str>) -> Vec<String> {
    let mut seen: Vec<String> = Vec::new();
    for name in names {
        let mut candidate = name.to_string();
        let mut n = 1;
        while seen.contains(&candidate) {
            n += 1;
            candidate = format!("{name}#{n}");
        }
        seen.push(candidate);
    }
    seen
}
