//! The sequential executor: runs a path over its source's events in one process.

use crate::log;
use crate::module::{Decision, JobContext, JobEnd, Module, ModuleError, Severity, Source};
use crate::report::{ModuleStats, Report};
use evflow_core::{Event, Flags};
use std::fmt;
use std::time::Instant;
use thiserror::Error;

/// How many failures of one module `on_error = Skip` shows as warnings; later ones are only
/// counted.
pub const FAILURE_WARNINGS_PER_MODULE: u64 = 5;

/// What to do when a module's event hook fails.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
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
}

/// A source followed by modules.
pub struct Path {
    /// Where events come from.
    pub source: Box<dyn Source>,
    /// Modules in order.
    pub modules: Vec<Box<dyn Module>>,
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

/// Runs `path` in this process. `control` is called before each event; when it returns
/// [`Interrupt`] the job stops reading and closes cleanly.
pub fn process(path: &mut Path, opts: &ProcessOptions, control: &mut dyn FnMut() -> Result<(), Interrupt>) -> Outcome {
    let start = Instant::now();
    let names = unique_names(std::iter::once(path.source.name()).chain(path.modules.iter().map(|m| m.name())));
    let mut run = Runner {
        path,
        opts,
        report: Report {
            modules: names.into_iter().map(|name| ModuleStats { name, ..Default::default() }).collect(),
            ..Default::default()
        },
        source_started: false,
        initialized: 0,
        current_run: None,
        error: None,
        interrupt: None,
        cleanup_errors: Vec::new(),
    };
    run.run(control);
    run.finish();
    let mut report = run.report;
    report.wall_s = start.elapsed().as_secs_f64();
    report.written = report.accepted;
    Outcome { report, error: run.error, cleanup_errors: run.cleanup_errors }
}

struct Runner<'a> {
    path: &'a mut Path,
    opts: &'a ProcessOptions,
    report: Report,
    /// Whether the source's `initialize` succeeded (only then is it terminated).
    source_started: bool,
    /// How many modules, from the first, `initialize` succeeded for.
    initialized: usize,
    /// The current run, and how many modules, from the first, `begin_run` succeeded for.
    current_run: Option<(u32, usize)>,
    error: Option<JobError>,
    /// The signal that stopped reading, if one did.
    interrupt: Option<Interrupt>,
    cleanup_errors: Vec<JobError>,
}

impl Runner<'_> {
    fn fail(&mut self, index: usize, hook: Hook, run: Option<u32>, event: Option<u64>, error: ModuleError) {
        self.report.interrupted |= error.severity == Severity::Interrupt;
        let module = self.report.modules[index].name.clone();
        let job_error = JobError { module, is_source: index == 0, hook, run, event, error };
        if self.error.is_none() {
            self.error = Some(job_error);
        } else {
            self.cleanup_errors.push(job_error);
        }
    }

    fn run(&mut self, control: &mut dyn FnMut() -> Result<(), Interrupt>) {
        let expected = match (self.path.source.expected_events(), self.opts.max_events) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let ctx = JobContext { seed: self.opts.seed, expected_events: expected };
        if let Err(e) = self.path.source.initialize(&ctx) {
            return self.fail(0, Hook::Initialize, None, None, e);
        }
        self.source_started = true;
        for i in 0..self.path.modules.len() {
            if let Err(e) = self.path.modules[i].initialize(&ctx) {
                return self.fail(i + 1, Hook::Initialize, None, None, e);
            }
            self.initialized = i + 1;
        }
        let mut seq = 0u64;
        let mut last = None;
        while self.opts.max_events.is_none_or(|max| seq < max) {
            if let Err(interrupt) = control() {
                self.report.interrupted = true;
                self.interrupt = Some(interrupt);
                return;
            }
            let t0 = Instant::now();
            let next = self.path.source.next_event();
            self.report.modules[0].total_s += t0.elapsed().as_secs_f64();
            let mut event = match next {
                Ok(Some(event)) => event,
                Ok(None) => return,
                Err(e) => return self.fail(0, Hook::Read, last.map(|(r, _)| r), last.map(|(_, e)| e), e),
            };
            self.report.modules[0].calls += 1;
            last = Some((event.meta.run, event.meta.event));
            event.meta.seq = seq;
            seq += 1;
            self.report.read += 1;
            let run_changed = self.current_run.is_none_or(|(run, _)| run != event.meta.run);
            if run_changed && (!self.end_run() || !self.begin_run(event.meta.run)) {
                return;
            }
            if !self.event(&mut event) {
                return;
            }
        }
    }

    /// Runs the modules on one event; false when the job must stop.
    fn event(&mut self, event: &mut Event) -> bool {
        let mut failed_here = false;
        let mut t = Instant::now();
        for i in 0..self.path.modules.len() {
            let module = &mut self.path.modules[i];
            if event.meta.flags.contains(Flags::FAILED) && !module.sees_failed() {
                continue;
            }
            let result = module.event(event);
            let now = Instant::now();
            let stats = &mut self.report.modules[i + 1];
            stats.calls += 1;
            stats.total_s += (now - t).as_secs_f64();
            t = now;
            match result {
                Ok(Decision::Keep) => {}
                Ok(Decision::Reject) => {
                    self.report.rejected += 1;
                    return true;
                }
                Err(e) if e.stops_job() || self.opts.on_error == OnError::Stop => {
                    stats.failed += u64::from(e.severity != Severity::Interrupt);
                    let (run, number) = (event.meta.run, event.meta.event);
                    self.fail(i + 1, Hook::Event, Some(run), Some(number), e);
                    return false;
                }
                Err(e) => {
                    event.meta.flags.insert(Flags::FAILED);
                    failed_here = true;
                    self.report_skipped_failure(i + 1, event, &e);
                }
            }
        }
        // An event that fails in two modules is one failed event.
        self.report.failed += u64::from(failed_here);
        self.report.accepted += 1;
        true
    }

    /// Counts a failure that `on_error = Skip` lets pass, and warns about the first few of
    /// each module so they are not silent.
    fn report_skipped_failure(&mut self, index: usize, event: &Event, error: &ModuleError) {
        let stats = &mut self.report.modules[index];
        stats.failed += 1;
        let (name, (run, number)) = (&stats.name, (event.meta.run, event.meta.event));
        if stats.failed <= FAILURE_WARNINGS_PER_MODULE {
            log::warn!("module {name} failed on run {run} event {number}: {error}; the event is flagged failed");
        }
        if stats.failed == FAILURE_WARNINGS_PER_MODULE {
            log::warn!("module {name}: further failures are counted in the report, not shown");
        }
    }

    fn begin_run(&mut self, run: u32) -> bool {
        for i in 0..self.path.modules.len() {
            self.current_run = Some((run, i));
            if let Err(e) = self.path.modules[i].begin_run(run) {
                self.fail(i + 1, Hook::BeginRun, Some(run), None, e);
                return false;
            }
        }
        self.current_run = Some((run, self.path.modules.len()));
        true
    }

    /// Ends the current run in every module that began it; false if one failed.
    fn end_run(&mut self) -> bool {
        let Some((run, begun)) = self.current_run.take() else { return true };
        let mut ok = true;
        for i in 0..begun {
            if let Err(e) = self.path.modules[i].end_run(run) {
                self.fail(i + 1, Hook::EndRun, Some(run), None, e);
                ok = false;
            }
        }
        ok
    }

    /// How the job ended, for the modules' `job_ending`.
    fn job_end(&self) -> JobEnd {
        match (&self.error, self.interrupt) {
            (Some(e), _) if e.error.severity == Severity::Interrupt => JobEnd::Interrupted(e.error.message.clone()),
            (Some(e), _) => JobEnd::Stopped(format!("stopped by an error: {e}")),
            (None, Some(Interrupt(signal))) => JobEnd::Interrupted(signal.to_string()),
            (None, None) => JobEnd::Complete,
        }
    }

    /// Ends the run and terminates what was initialized, even after an error, so files are
    /// closed (each module hears first how the job ended).
    fn finish(&mut self) {
        self.end_run();
        let end = self.job_end();
        for module in &mut self.path.modules[..self.initialized] {
            module.job_ending(&end);
        }
        for i in 0..self.initialized {
            if let Err(e) = self.path.modules[i].terminate() {
                self.fail(i + 1, Hook::Terminate, None, None, e);
            }
        }
        if self.source_started {
            if let Err(e) = self.path.source.terminate() {
                self.fail(0, Hook::Terminate, None, None, e);
            }
        }
    }
}
