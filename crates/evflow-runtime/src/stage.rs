//! A stage: a slice of a path's modules run on events in one process. Every executor runs
//! its modules through one: the sequential executor (the whole path), each process of the
//! parallel engine (its part), a topology's device (its slice). Run changes, `on_error`,
//! the modules' statistics, `job_ending` and `terminate` are done here and only here.

use crate::job::{Hook, JobError, OnError, FAILURE_WARNINGS_PER_MODULE};
use crate::log;
use crate::module::{Decision, HookResult, JobContext, JobEnd, Module, ModuleError, Severity, Source};
use crate::report::ModuleStats;
use evflow_core::{Event, Flags};
use std::time::{Duration, Instant};

/// Where a stage counts its modules' calls, time and failures. Steps are path positions:
/// the source is step 0.
pub trait Tally {
    /// Step `step` was called once and took `elapsed`.
    fn call(&mut self, step: usize, elapsed: Duration);
    /// Step `step` failed once more; returns how many times it has failed in this process.
    fn fail(&mut self, step: usize) -> u64;
    /// Time spent in step `step` without a call to count (a source's read that found no
    /// event).
    fn time(&mut self, step: usize, elapsed: Duration);
    /// The process's peak resident memory grew by `bytes` during a hook of step `step`.
    fn memory(&mut self, _step: usize, _bytes: u64) {}
}

/// The sequential executor's statistics: one entry per path step.
impl Tally for Vec<ModuleStats> {
    fn call(&mut self, step: usize, elapsed: Duration) {
        self[step].calls += 1;
        self[step].total_s += elapsed.as_secs_f64();
    }

    fn fail(&mut self, step: usize) -> u64 {
        self[step].failed += 1;
        self[step].failed
    }

    fn time(&mut self, step: usize, elapsed: Duration) {
        self[step].total_s += elapsed.as_secs_f64();
    }

    fn memory(&mut self, step: usize, bytes: u64) {
        self[step].rss_growth_bytes += bytes;
    }
}

/// Events between two looks at the process's peak resident memory (one `getrusage`).
const MEMORY_CHECK_EVENTS: u64 = 16;
/// Events, after the peak was seen to grow, during which every module call is measured, so
/// the growth is put down to the modules that make it.
const MEMORY_DETAIL_EVENTS: u64 = 64;

/// The process's peak resident set size, bytes. `getrusage` is cheap, but Linux carries its
/// peak across `execve`: a process started by a bigger one (a test runner, a batch script in a
/// large Python) starts at its parent's peak, and its own growth would not show until it
/// passes that. Until then the peak is the process's own, `VmHWM` of `/proc/self/status`.
fn peak_rss_bytes() -> u64 {
    static INHERITED: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    let reported = rusage_peak_bytes();
    let inherited = *INHERITED.get_or_init(|| match own_peak_bytes() {
        Some(own) if reported > own => reported,
        _ => 0,
    });
    if reported > inherited {
        reported
    } else {
        own_peak_bytes().unwrap_or(reported)
    }
}

/// `getrusage`'s peak resident set size, bytes.
fn rusage_peak_bytes() -> u64 {
    // SAFETY: getrusage writes into the zeroed struct it is given.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: as above; RUSAGE_SELF cannot fail.
    unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) };
    (usage.ru_maxrss.max(0) as u64) * 1024
}

/// This process's own peak resident set size (`VmHWM`), bytes; `None` without `/proc`.
fn own_peak_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find_map(|l| l.strip_prefix("VmHWM:"))?;
    let kib: u64 = line.trim().strip_suffix("kB")?.trim().parse().ok()?;
    Some(kib * 1024)
}

/// Where a stage stands in looking for memory growth (docs/operations.md).
#[derive(Default)]
struct MemoryWatch {
    events: u64,
    peak: u64,
    /// Every module call is measured until this event.
    detailed_until: u64,
}

/// Counts nothing: for a stage that only initializes or terminates.
impl Tally for () {
    fn call(&mut self, _: usize, _: Duration) {}
    fn fail(&mut self, _: usize) -> u64 {
        0
    }
    fn time(&mut self, _: usize, _: Duration) {}
}

/// What a stage made of an event.
pub enum Fate {
    /// Every module kept it (it may be flagged failed under `on_error="skip"`).
    Keep,
    /// A module rejected it.
    Reject,
    /// A module failed and the job must stop.
    Stop(JobError),
}

/// The modules of one slice, from path position `first` (the source is position 0).
pub struct Stage<'a, T: Tally> {
    modules: &'a mut [Box<dyn Module>],
    names: &'a [String],
    first: usize,
    on_error: OnError,
    tally: T,
    /// How many modules, from the first, were initialized (only they are terminated).
    initialized: usize,
    /// The current run, and how many modules, from the first, began it.
    current_run: Option<(u32, usize)>,
    /// Errors after the one that stopped the job (more modules failing in `end_run`).
    later: Vec<JobError>,
    memory: MemoryWatch,
}

impl<'a, T: Tally> Stage<'a, T> {
    /// A stage over `modules`, the path's steps from position `first` (`names` has every
    /// step's display name), counting into `tally`. Its modules are not initialized yet.
    pub fn new(
        modules: &'a mut [Box<dyn Module>],
        names: &'a [String],
        first: usize,
        on_error: OnError,
        tally: T,
    ) -> Stage<'a, T> {
        let memory = MemoryWatch::default();
        Stage { modules, names, first, on_error, tally, initialized: 0, current_run: None, later: Vec::new(), memory }
    }

    /// A stage whose modules another process initialized before this one was forked from it.
    pub fn initialized_before_fork(mut self) -> Stage<'a, T> {
        self.initialized = self.modules.len();
        self
    }

    /// The statistics counted so far.
    pub fn tally(&mut self) -> &mut T {
        &mut self.tally
    }

    /// The statistics, once the stage is done.
    pub fn into_tally(self) -> T {
        self.tally
    }

    fn error(&self, i: usize, hook: Hook, run: Option<u32>, event: Option<u64>, error: ModuleError) -> JobError {
        JobError { module: self.names[self.first + i].clone(), is_source: false, hook, run, event, error }
    }

    /// Initializes the modules in order; stops at the first that fails.
    pub fn initialize(&mut self, ctx: &JobContext) -> Result<(), JobError> {
        for i in self.initialized..self.modules.len() {
            let before = peak_rss_bytes();
            let initialized = self.modules[i].initialize(ctx);
            self.count_growth(i, before);
            if let Err(e) = initialized {
                return Err(self.error(i, Hook::Initialize, None, None, e));
            }
            self.initialized = i + 1;
        }
        Ok(())
    }

    /// Puts down to module `i` how much the peak memory grew since `before`.
    fn count_growth(&mut self, i: usize, before: u64) {
        let after = peak_rss_bytes();
        if after > before {
            self.tally.memory(self.first + i, after - before);
        }
        self.memory.peak = self.memory.peak.max(after);
    }

    /// Whether this event's module calls are measured: after the peak grew, for a while.
    fn measure_memory(&mut self) -> bool {
        let m = &mut self.memory;
        m.events += 1;
        if m.events < m.detailed_until {
            return true;
        }
        if m.events.is_multiple_of(MEMORY_CHECK_EVENTS) {
            let peak = peak_rss_bytes();
            if peak > m.peak {
                m.peak = peak;
                m.detailed_until = m.events + MEMORY_DETAIL_EVENTS;
            }
        }
        false
    }

    /// Tells every module that the events below seq `below` reached it or never will
    /// ([`Module::accounted`]).
    pub fn accounted(&mut self, below: u64) {
        for module in self.modules.iter_mut() {
            module.accounted(below);
        }
    }

    /// Reads the next event from `source` (path step 0), timed.
    pub fn read(&mut self, source: &mut dyn Source) -> HookResult<Option<Event>> {
        let t0 = Instant::now();
        let next = source.next_event();
        match next {
            Ok(Some(_)) => self.tally.call(0, t0.elapsed()),
            _ => self.tally.time(0, t0.elapsed()),
        }
        next
    }

    /// Begins run `run` unless it is the current one (ending the current one first): a
    /// held topology's custody enters a run that no event began before it ends it, so even
    /// an empty run leaves its file.
    pub fn enter_run(&mut self, run: u32) -> Result<(), JobError> {
        if self.current_run.is_some_and(|(current, _)| current == run) {
            return Ok(());
        }
        let mut errors = self.end_run().into_iter();
        if let Some(first) = errors.next() {
            self.later.extend(errors);
            return Err(first);
        }
        self.begin_run(run)
    }

    /// Runs the modules on `event`, beginning its run first when it is a new one.
    pub fn event(&mut self, event: &mut Event) -> Fate {
        if let Err(e) = self.enter_run(event.meta.run) {
            return Fate::Stop(e);
        }
        let measured = self.measure_memory();
        let mut t = Instant::now();
        for i in 0..self.modules.len() {
            if event.meta.flags.contains(Flags::FAILED) && !self.modules[i].sees_failed() {
                continue;
            }
            let before = if measured { peak_rss_bytes() } else { 0 };
            let result = self.modules[i].event(event);
            if measured {
                self.count_growth(i, before);
            }
            let now = Instant::now();
            self.tally.call(self.first + i, now - t);
            t = now;
            match result {
                Ok(Decision::Keep) => {}
                Ok(Decision::Reject) => return Fate::Reject,
                Err(e) if e.stops_job() || self.on_error == OnError::Stop => {
                    if e.severity != Severity::Interrupt {
                        self.tally.fail(self.first + i);
                    }
                    let (run, number) = (event.meta.run, event.meta.event);
                    return Fate::Stop(self.error(i, Hook::Event, Some(run), Some(number), e));
                }
                Err(e) => {
                    event.meta.flags.insert(Flags::FAILED);
                    self.warn_skipped(i, event, &e);
                }
            }
        }
        Fate::Keep
    }

    /// Counts a failure that `on_error = Skip` lets pass, and warns about the first few of
    /// each module (in each process) so they are not silent.
    fn warn_skipped(&mut self, i: usize, event: &Event, error: &ModuleError) {
        let failed = self.tally.fail(self.first + i);
        let name = &self.names[self.first + i];
        let (run, number) = (event.meta.run, event.meta.event);
        if failed <= FAILURE_WARNINGS_PER_MODULE {
            log::warn!("module {name} failed on run {run} event {number}: {error}; the event is flagged failed");
        }
        if failed == FAILURE_WARNINGS_PER_MODULE {
            log::warn!("module {name}: further failures are counted in the report, not shown");
        }
    }

    fn begin_run(&mut self, run: u32) -> Result<(), JobError> {
        for i in 0..self.modules.len() {
            self.current_run = Some((run, i));
            if let Err(e) = self.modules[i].begin_run(run) {
                return Err(self.error(i, Hook::BeginRun, Some(run), None, e));
            }
        }
        self.current_run = Some((run, self.modules.len()));
        Ok(())
    }

    /// Ends the current run in every module that began it (a held topology's run that was
    /// stopped; the stage does it itself when the next run begins, and at the end).
    pub fn end_run(&mut self) -> Vec<JobError> {
        let Some((run, begun)) = self.current_run.take() else { return Vec::new() };
        let mut errors = Vec::new();
        for i in 0..begun {
            if let Err(e) = self.modules[i].end_run(run) {
                errors.push(self.error(i, Hook::EndRun, Some(run), None, e));
            }
        }
        errors
    }

    /// How often the modules ask for checkpoints ([`Module::checkpoint_every`]): the most
    /// often any asks; `None` when none does.
    pub fn checkpoint_every(&self) -> Option<std::time::Duration> {
        self.modules.iter().filter_map(|m| m.checkpoint_every()).min()
    }

    /// Checkpoints every initialized module (`Module::checkpoint`); the first error.
    pub fn checkpoint(&mut self) -> Result<(), JobError> {
        for i in 0..self.initialized {
            if let Err(e) = self.modules[i].checkpoint() {
                return Err(self.error(i, Hook::Checkpoint, None, None, e));
            }
        }
        Ok(())
    }

    /// The seqs that the modules of a resumed sink found written already (`Module::resumed`).
    pub fn resumed(&mut self) -> Vec<u64> {
        self.modules[..self.initialized].iter_mut().flat_map(|m| m.resumed()).collect()
    }

    /// Whether a module holds the events it keeps until it releases them (`Module::holds`).
    pub fn holds(&self) -> bool {
        self.modules.iter().any(|m| m.holds())
    }

    /// The input will never send again the seqs below `below` nor those in `decided`
    /// (`Module::settled`).
    pub fn settled(&mut self, below: u64, decided: &[(u64, u64)]) {
        for module in &mut self.modules[..self.initialized] {
            module.settled(below, decided);
        }
    }

    /// The seqs the modules released since they were last asked (`Module::released`).
    pub fn released(&mut self) -> Vec<u64> {
        self.modules[..self.initialized].iter_mut().flat_map(|m| m.released()).collect()
    }

    /// The runs whose end the modules released since they were last asked
    /// (`Module::runs_released`).
    pub fn runs_released(&mut self) -> Vec<u32> {
        self.modules[..self.initialized].iter_mut().flat_map(|m| m.runs_released()).collect()
    }

    /// Tells every initialized module how the job ended, ends the current run, and
    /// terminates them; returns the errors not yet returned, first first. Modules hear how
    /// the job ended before this last `end_run` (a file per run closes there), and again if
    /// a module failed in it (the job that was complete until then is not).
    pub fn finish(&mut self, end: &JobEnd) -> Vec<JobError> {
        let mut errors = std::mem::take(&mut self.later);
        for module in &mut self.modules[..self.initialized] {
            module.job_ending(end);
        }
        let ended = self.end_run();
        if let (JobEnd::Complete, Some(e)) = (end, ended.first()) {
            let end = JobEnd::Stopped(format!("stopped by an error: {e}"));
            for module in &mut self.modules[..self.initialized] {
                module.job_ending(&end);
            }
        }
        errors.extend(ended);
        for i in 0..self.initialized {
            if let Err(e) = self.modules[i].terminate() {
                errors.push(self.error(i, Hook::Terminate, None, None, e));
            }
        }
        self.initialized = 0;
        errors
    }
}
