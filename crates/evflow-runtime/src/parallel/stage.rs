//! A stage: the modules of one part of the path (input, worker or output) run on events in
//! one process, with run changes, `on_error` and statistics counted on the board.

use super::board::{Board, ModuleCounters};
use crate::log;
use crate::module::{Decision, JobEnd, Module, ModuleError, Severity};
use crate::sequential::{Hook, JobError, OnError, FAILURE_WARNINGS_PER_MODULE};
use evflow_core::{Event, Flags};
use std::sync::atomic::Ordering;
use std::time::Instant;

/// What a stage made of an event.
pub enum Fate {
    /// Every module kept it (it may be flagged failed under `on_error="skip"`).
    Keep,
    /// A module rejected it.
    Reject,
    /// A module failed and the job must stop.
    Stop(JobError),
}

/// The modules of one part, from path position `first` (the source is position 0).
pub struct Stage<'a> {
    modules: &'a mut [Box<dyn Module>],
    names: &'a [String],
    first: usize,
    on_error: OnError,
    board: &'a Board,
    slot: usize,
    /// The current run, and how many modules, from the first, began it.
    current_run: Option<(u32, usize)>,
}

impl<'a> Stage<'a> {
    /// A stage over `modules`, the path's steps from position `first`, counting into process
    /// slot `slot` of the board.
    pub fn new(
        modules: &'a mut [Box<dyn Module>],
        names: &'a [String],
        first: usize,
        on_error: OnError,
        board: &'a Board,
        slot: usize,
    ) -> Stage<'a> {
        Stage { modules, names, first, on_error, board, slot, current_run: None }
    }

    fn counters(&self, i: usize) -> &ModuleCounters {
        self.board.module(self.slot, self.first + i)
    }

    fn error(&self, i: usize, hook: Hook, run: Option<u32>, event: Option<u64>, error: ModuleError) -> JobError {
        JobError { module: self.names[self.first + i].clone(), is_source: false, hook, run, event, error }
    }

    /// Runs the modules on `event`.
    pub fn event(&mut self, event: &mut Event) -> Fate {
        if self.current_run.is_none_or(|(run, _)| run != event.meta.run) {
            if let Some(e) = self.end_run().into_iter().next() {
                return Fate::Stop(e);
            }
            if let Err(e) = self.begin_run(event.meta.run) {
                return Fate::Stop(e);
            }
        }
        let mut t = Instant::now();
        for i in 0..self.modules.len() {
            if event.meta.flags.contains(Flags::FAILED) && !self.modules[i].sees_failed() {
                continue;
            }
            let result = self.modules[i].event(event);
            let now = Instant::now();
            let c = self.counters(i);
            c.calls.fetch_add(1, Ordering::Relaxed);
            c.total_ns.fetch_add((now - t).as_nanos() as u64, Ordering::Relaxed);
            t = now;
            match result {
                Ok(Decision::Keep) => {}
                Ok(Decision::Reject) => return Fate::Reject,
                Err(e) if e.stops_job() || self.on_error == OnError::Stop => {
                    c.failed.fetch_add(u64::from(e.severity != Severity::Interrupt), Ordering::Relaxed);
                    let (run, number) = (event.meta.run, event.meta.event);
                    return Fate::Stop(self.error(i, Hook::Event, Some(run), Some(number), e));
                }
                Err(e) => {
                    event.meta.flags.insert(Flags::FAILED);
                    let failed = self.counters(i).failed.fetch_add(1, Ordering::Relaxed) + 1;
                    let name = &self.names[self.first + i];
                    let (run, number) = (event.meta.run, event.meta.event);
                    if failed <= FAILURE_WARNINGS_PER_MODULE {
                        log::warn!(
                            "module {name} failed on run {run} event {number}: {e}; the event is flagged failed"
                        );
                    }
                    if failed == FAILURE_WARNINGS_PER_MODULE {
                        log::warn!(
                            "module {name}: further failures (in this process) are counted in the report, not shown"
                        );
                    }
                }
            }
        }
        Fate::Keep
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

    fn end_run(&mut self) -> Vec<JobError> {
        let Some((run, begun)) = self.current_run.take() else { return Vec::new() };
        let mut errors = Vec::new();
        for i in 0..begun {
            if let Err(e) = self.modules[i].end_run(run) {
                errors.push(self.error(i, Hook::EndRun, Some(run), None, e));
            }
        }
        errors
    }

    /// Ends the current run, tells every module how the job ended, and terminates them (all
    /// were initialized by the monitor); returns the errors, first first.
    pub fn finish(&mut self, end: &JobEnd) -> Vec<JobError> {
        let mut errors = self.end_run();
        for module in self.modules.iter_mut() {
            module.job_ending(end);
        }
        for i in 0..self.modules.len() {
            if let Err(e) = self.modules[i].terminate() {
                errors.push(self.error(i, Hook::Terminate, None, None, e));
            }
        }
        errors
    }
}
