//! What every role runs in: the board, the channels, the job directory, its options
//! ([`Ctx`]), and how a role ends ([`End`], the job's end as its modules hear it).

use super::board::{Board, BoardTally};
use super::exit::ExitCode;
use super::jobdir::JobDir;
use super::net::Net;
use super::parts::Parts;
use super::role::Role;
use super::ParallelOptions;
use crate::job::{JobError, ProcessOptions};
use crate::module::JobEnd;
use crate::module::Module;
use crate::stage::Stage;
use std::sync::atomic::{AtomicBool, Ordering};

/// How a role ended.
pub struct End {
    /// The exit code.
    pub code: ExitCode,
    /// Whether the role's modules were terminated (then their mergeables are collected).
    pub terminated: bool,
}

/// What every role needs.
pub struct Ctx<'a> {
    /// The shared board.
    pub board: &'a Board,
    /// The job's channels.
    pub net: &'a Net,
    /// The job directory.
    pub dir: &'a JobDir,
    /// Job options.
    pub opts: &'a ProcessOptions,
    /// Parallel options.
    pub popts: &'a ParallelOptions,
    /// Display names of the path's steps, source first.
    pub names: &'a [String],
    /// Which process runs which steps, and their names.
    pub parts: &'a Parts,
    /// The monitor's pid.
    pub monitor: libc::pid_t,
    /// This child's role.
    pub role: Role,
}

impl Ctx<'_> {
    /// Whether the monitor is gone (the parent-death signal may not have arrived yet).
    pub fn monitor_gone(&self) -> bool {
        // SAFETY: getppid cannot fail.
        self.board.monitor_lost() || unsafe { libc::getppid() != self.monitor }
    }

    /// Records a job error for the monitor.
    pub fn record(&self, error: &JobError) {
        self.dir.write_error(&self.name(), error);
    }

    /// The stage that runs `modules`, path steps from `first`, in this process, counting on
    /// the board (the monitor initialized them before the fork).
    pub fn stage<'m>(&'m self, modules: &'m mut [Box<dyn Module>], first: usize) -> Stage<'m, BoardTally<'m>> {
        let tally = BoardTally::new(self.board, self.role.slot());
        let on_error = self.parts.on_error(self.role, self.opts.on_error);
        Stage::new(modules, self.names, first, on_error, tally).initialized_before_fork()
    }

    /// This process's name.
    pub fn name(&self) -> String {
        self.parts.name(self.role)
    }

    /// Path steps (source = 0) this role runs.
    pub fn steps(&self) -> std::ops::Range<usize> {
        self.parts.steps(self.role, self.names.len())
    }
}

/// Set by SIGTERM in the output: the monitor died (parent-death signal) or someone asked.
static TERMINATED: AtomicBool = AtomicBool::new(false);

pub(super) extern "C" fn on_sigterm(_: libc::c_int) {
    TERMINATED.store(true, Ordering::Relaxed);
    // Its monitor is gone (or someone asked it to stop): it closes its files, but a module
    // that never returns must not keep it alive; SIGALRM's default action ends it.
    // SAFETY: alarm is async-signal-safe.
    unsafe { libc::alarm(crate::control::supervisor::ORPHAN_GRACE.as_secs() as libc::c_uint) };
}

/// Whether SIGTERM arrived (output only; the others ignore it).
pub fn terminated() -> bool {
    TERMINATED.load(Ordering::Relaxed)
}

/// Delivers what libzmq still holds for the closed channels and ends libzmq in this
/// process: last, once no channel is open (it waits for every one to close). Pointless,
/// and up to a linger long, when the job is over for everyone.
pub fn finish_channels(ctx: &Ctx<'_>) {
    if !ctx.monitor_gone() && ctx.board.stop() != super::board::Stop::Abort {
        evflow_transport::finish_zmq();
    }
}

/// How the job ended, as this process's modules hear it before `terminate`: stopped by its
/// own error `own` or another process's, by its monitor's death, by a signal, or complete.
pub fn job_end(ctx: &Ctx<'_>, own: Option<&JobError>) -> JobEnd {
    if let Some(e) = own {
        return JobEnd::Stopped(format!("stopped by an error: {e}"));
    }
    if ctx.board.failed() {
        return match ctx.dir.errors().into_iter().next() {
            Some((process, e)) => JobEnd::Stopped(format!("stopped by an error in {process}: {e}")),
            None => JobEnd::Stopped("stopped by an error in another process of the job".into()),
        };
    }
    if ctx.monitor_gone() {
        return JobEnd::Stopped("its monitor died".into());
    }
    // A held topology ends between runs: its drain cuts nothing short.
    let held = ctx.board.runs().held.load(std::sync::atomic::Ordering::Acquire) != 0;
    match (ctx.board.signal(), ctx.board.stop()) {
        (Some(signal), _) => JobEnd::Interrupted(signal.to_string()),
        (None, super::board::Stop::Run) => JobEnd::Complete,
        (None, _) if held => JobEnd::Complete,
        (None, _) => JobEnd::Stopped("the job was stopped early".into()),
    }
}

/// Records an error of the engine itself (a channel that fails, a malformed message): its
/// message becomes the job error's, as the user reads it.
pub fn internal_error(ctx: &Ctx<'_>, error: impl std::fmt::Display) {
    ctx.record(&JobError::engine(error.to_string()));
}
