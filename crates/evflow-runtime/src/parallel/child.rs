//! What every child process does around its role: its name, its parent-death signal, its
//! signal dispositions, and how it ends (mergeables, libzmq flushed, `_exit`).

use super::board::{Board, BoardTally};
use super::jobdir::JobDir;
use super::net::Net;
use super::parts::Parts;
use super::{Hooks, ParallelOptions};
use crate::job::{JobError, Path, ProcessOptions};
use crate::module::JobEnd;
use crate::module::Module;
use crate::stage::Stage;
use std::sync::atomic::{AtomicBool, Ordering};

/// Exit code of a child that ended normally.
pub const EXIT_OK: i32 = 0;
/// Exit code of a child stopped by a module error (recorded in the job directory).
pub const EXIT_JOB_ERROR: i32 = 70;
/// Exit code of a child that hit an engine error (recorded in the job directory).
pub const EXIT_INTERNAL: i32 = 71;
/// Exit code of a child whose monitor was gone before it started, or of a device that took
/// its controller for gone (it heard nothing from it for a while) and stopped short.
pub const EXIT_ORPHAN: i32 = 72;

/// A child's role.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Reads, runs the input part, dispatches.
    Input,
    /// Runs the worker part; the slot.
    Worker(usize),
    /// Runs the output part, writes.
    Output,
    /// Forwards a segment's messages between the origin's host and its own (a topology's
    /// bridge); runs no modules.
    Bridge,
    /// Reads its device's fragments and answers the builders (event building); the index
    /// of its readout device.
    Readout(usize),
}

impl Role {
    /// The role's process slot for module statistics on the board.
    pub fn slot(self) -> usize {
        match self {
            Role::Input => super::board::INPUT_SLOT,
            // A bridge counts no module: the output's slot is never written by it.
            Role::Output | Role::Bridge => super::board::OUTPUT_SLOT,
            // A readout's board is its own: its modules count in the input's slot.
            Role::Readout(_) => super::board::INPUT_SLOT,
            Role::Worker(w) => 2 + w,
        }
    }

    /// The role's name in metrics (docs/operations.md).
    pub fn label(self) -> &'static str {
        match self {
            Role::Input => "input",
            Role::Worker(_) => "worker",
            Role::Output => "output",
            Role::Bridge => "bridge",
            Role::Readout(_) => "readout",
        }
    }
}

/// How a role ended.
pub struct End {
    /// The exit code.
    pub code: i32,
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

extern "C" fn on_sigterm(_: libc::c_int) {
    TERMINATED.store(true, Ordering::Relaxed);
}

/// Whether SIGTERM arrived (output only; the others ignore it).
pub fn terminated() -> bool {
    TERMINATED.load(Ordering::Relaxed)
}

/// Names the process, ties it to the monitor's life and sets its signals. Signals from the
/// terminal go to the monitor, which coordinates: children ignore SIGINT. The output closes
/// its files on SIGTERM (sent when the monitor dies); the others are killed with it.
fn set_up(role: Role, name: &str, monitor: libc::pid_t) {
    let name = std::ffi::CString::new(name).expect("no NUL in names");
    let death_signal = if role == Role::Output { libc::SIGTERM } else { libc::SIGKILL };
    // SAFETY: prctl and signal with valid arguments; the handler only stores an atomic.
    unsafe {
        libc::prctl(libc::PR_SET_NAME, name.as_ptr() as libc::c_ulong, 0, 0, 0);
        libc::prctl(libc::PR_SET_PDEATHSIG, death_signal as libc::c_ulong, 0, 0, 0);
        libc::signal(libc::SIGINT, libc::SIG_IGN);
        if role == Role::Output {
            libc::signal(libc::SIGTERM, on_sigterm as extern "C" fn(libc::c_int) as libc::sighandler_t);
        } else {
            libc::signal(libc::SIGTERM, libc::SIG_IGN);
        }
        if libc::getppid() != monitor {
            libc::_exit(EXIT_ORPHAN);
        }
    }
}

/// The body of a forked child: runs `role` and exits; never returns.
pub fn run(ctx: &Ctx<'_>, path: &mut Path, hooks: &mut dyn Hooks) -> ! {
    hooks.after_fork_child(&ctx.name(), ctx.steps(), ctx.dir.path());
    let end = body(ctx, path, hooks);
    finish_channels(ctx);
    hooks.before_exit();
    // SAFETY: ends this process without running the parent's atexit handlers or destructors
    // (they belong to the monitor's copy of the state: open files, the interpreter).
    unsafe { libc::_exit(end.code) }
}

/// Sets the process up for `ctx.role`, runs it and hands its mergeable objects over: a
/// forked child's life, or a topology device's.
pub fn body(ctx: &Ctx<'_>, path: &mut Path, hooks: &mut dyn Hooks) -> End {
    if ctx.parts.names.label_logs {
        crate::log::set_label(&ctx.name());
    }
    set_up(ctx.role, &ctx.name(), ctx.monitor);
    run_role(ctx, path, hooks)
}

/// Runs `ctx.role` in a process already set up (by [`body`], or a device process running
/// several roles), and hands its mergeable objects over.
pub fn run_role(ctx: &Ctx<'_>, path: &mut Path, hooks: &mut dyn Hooks) -> End {
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match ctx.role {
        Role::Input => super::input::run(ctx, path),
        Role::Worker(w) => super::worker::run(ctx, path, w),
        Role::Output => super::output::run(ctx, path),
        Role::Bridge => super::bridge::run(ctx),
        Role::Readout(i) => super::eventbuilding::readout::run(ctx, path, i),
    }));
    let end = result.unwrap_or_else(|panic| {
        let what = panic
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| panic.downcast_ref::<&str>().copied())
            .unwrap_or("a panic");
        internal_error(ctx, format!("{} hit an internal error: {what}", ctx.name()));
        End { code: EXIT_INTERNAL, terminated: false }
    });
    if end.code == EXIT_INTERNAL {
        // No point sending this process's events elsewhere: the job stops, as for a module
        // error (an event too large for the segment would fail every worker in turn).
        ctx.board.fail();
    }
    if end.terminated {
        if let Some(bytes) = hooks.collect(ctx.steps()) {
            if let Err(e) = ctx.dir.write_mergeables(&ctx.name(), &bytes) {
                crate::log::error!("{}: cannot hand its mergeable objects to the monitor: {e}", ctx.name());
            }
        }
    }
    end
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

/// Records an error of the engine itself (a channel that fails, a malformed message).
pub fn internal_error(ctx: &Ctx<'_>, message: String) {
    ctx.record(&JobError::engine(message));
}
