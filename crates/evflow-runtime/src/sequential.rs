//! The sequential executor: runs a path over its source's events in one process.

use crate::job::{Hook, Interrupt, JobError, Outcome, Path, ProcessOptions};
use crate::live::{Live, WATCH_EVERY};
use crate::module::{JobContext, JobEnd, ModuleError, Severity, Source};
use crate::report::{ModuleStats, RateSeries, Report};
use crate::stage::{Fate, Stage};
use evflow_core::Flags;
use std::time::Instant;

/// Events between two looks at the clock for [`process_watched`]'s `watch`.
const WATCH_CHECK_EVENTS: u64 = 64;

/// Runs `path` in this process. `control` is called before each event; when it returns
/// [`Interrupt`] the job stops reading and closes cleanly.
pub fn process(path: &mut Path, opts: &ProcessOptions, control: &mut dyn FnMut() -> Result<(), Interrupt>) -> Outcome {
    process_watched(path, opts, control, &mut |_| {})
}

/// [`process`], showing `watch` the job's counts so far about every [`WATCH_EVERY`] (the
/// clock is read every [`WATCH_CHECK_EVENTS`] events) and once more at the end, for live
/// metrics (docs/operations.md).
pub fn process_watched(
    path: &mut Path,
    opts: &ProcessOptions,
    control: &mut dyn FnMut() -> Result<(), Interrupt>,
    watch: &mut dyn FnMut(&Live),
) -> Outcome {
    let start = Instant::now();
    let names = path.step_names();
    let stats: Vec<ModuleStats> =
        names.iter().map(|name| ModuleStats { name: name.clone(), ..Default::default() }).collect();
    let Path { source, modules } = path;
    let mut run = Runner {
        source: &mut **source,
        names: &names,
        stage: Stage::new(modules, &names, 1, opts.on_error, stats),
        opts,
        report: Report::default(),
        source_started: false,
        error: None,
        interrupt: None,
        cleanup_errors: Vec::new(),
    };
    let mut series = RateSeries::default();
    let mut watch = |live: &Live| {
        series.look(start.elapsed().as_secs_f64(), live.report.read, live.report.written);
        watch(live);
    };
    run.run(control, &mut watch);
    run.finish();
    watch(&run.live());
    let Runner { stage, mut report, error, cleanup_errors, .. } = run;
    report.modules = stage.into_tally();
    report.wall_s = start.elapsed().as_secs_f64();
    report.written = report.accepted;
    report.rate_series = series.finish(report.wall_s, report.read, report.written);
    Outcome { report, error, cleanup_errors }
}

struct Runner<'a> {
    source: &'a mut dyn Source,
    names: &'a [String],
    stage: Stage<'a, Vec<ModuleStats>>,
    opts: &'a ProcessOptions,
    /// The counts; the modules' statistics are in the stage's tally until the end.
    report: Report,
    /// Whether the source's `initialize` succeeded (only then is it terminated).
    source_started: bool,
    error: Option<JobError>,
    /// The signal that stopped reading, if one did.
    interrupt: Option<Interrupt>,
    cleanup_errors: Vec<JobError>,
}

impl Runner<'_> {
    fn record(&mut self, error: JobError) {
        self.report.interrupted |= error.error.severity == Severity::Interrupt;
        if self.error.is_none() {
            self.error = Some(error);
        } else {
            self.cleanup_errors.push(error);
        }
    }

    fn source_error(&mut self, hook: Hook, last: Option<(u32, u64)>, error: ModuleError) {
        let module = self.names[0].clone();
        let (run, event) = (last.map(|l| l.0), last.map(|l| l.1));
        self.record(JobError { module, is_source: true, hook, run, event, error });
    }

    /// The counts so far.
    fn live(&mut self) -> Live {
        let report =
            Report { modules: self.stage.tally().clone(), written: self.report.accepted, ..self.report.clone() };
        Live { report, ..Live::default() }
    }

    fn run(&mut self, control: &mut dyn FnMut() -> Result<(), Interrupt>, watch: &mut dyn FnMut(&Live)) {
        let ctx = JobContext { ordered: true, ..self.opts.context(&*self.source) };
        if let Err(e) = self.source.initialize(&ctx) {
            return self.source_error(Hook::Initialize, None, e);
        }
        self.source_started = true;
        if let Err(e) = self.stage.initialize(&ctx) {
            return self.record(e);
        }
        let mut seq = 0u64;
        if let Some(plan) = &self.opts.resume {
            // A resumed job goes on where its outputs' accounting ends.
            seq = match crate::resume::seek(&mut *self.source, plan.start) {
                Ok(position) => position,
                Err(e) => return self.source_error(Hook::Read, None, e),
            };
            self.report.resumed = seq;
        }
        let mut last = None;
        let mut watched = Instant::now();
        let checkpoint_every = self.stage.checkpoint_every();
        let mut checkpointed = Instant::now();
        while self.opts.max_events.is_none_or(|max| seq < max) {
            if seq.is_multiple_of(WATCH_CHECK_EVENTS) && watched.elapsed() >= WATCH_EVERY {
                watched = Instant::now();
                watch(&self.live());
            }
            if let Err(interrupt) = control() {
                self.report.interrupted = true;
                self.interrupt = Some(interrupt);
                return;
            }
            let mut event = match self.stage.read(&mut *self.source) {
                Ok(Some(event)) => event,
                Ok(None) => return,
                Err(e) => return self.source_error(Hook::Read, last, e),
            };
            last = Some((event.meta.run, event.meta.event));
            event.meta.seq = seq;
            seq += 1;
            if self.opts.resume.as_ref().is_some_and(|plan| plan.accounted(event.meta.seq)) {
                // Every output has it already (or rejected it before it died).
                self.report.resumed += 1;
                self.stage.accounted(seq);
                continue;
            }
            self.report.read += 1;
            match self.stage.event(&mut event) {
                Fate::Keep => {
                    // An event that fails in two modules is one failed event.
                    self.report.failed += u64::from(event.meta.flags.contains(Flags::FAILED));
                    self.report.accepted += 1;
                }
                Fate::Reject => self.report.rejected += 1,
                Fate::Stop(e) => return self.record(e),
            }
            self.stage.accounted(seq);
            if checkpoint_every.is_some_and(|every| checkpointed.elapsed() >= every) {
                // A cut: every event below `seq` has gone through every module, none above.
                checkpointed = Instant::now();
                if let Err(e) = self.stage.checkpoint() {
                    return self.record(e);
                }
            }
        }
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
        let end = self.job_end();
        for e in self.stage.finish(&end) {
            self.record(e);
        }
        if self.source_started {
            if let Err(e) = self.source.terminate() {
                self.source_error(Hook::Terminate, None, e);
            }
        }
    }
}
