//! The dispatcher: sets a process up for its role and runs it. It imports the roles; the
//! roles import only the context ([`super::context`]) they run in.

use super::context::{finish_channels, internal_error, on_sigterm, Ctx, End};
use super::exit::ExitCode;
use super::role::Role;
use super::roles::{bridge, eventbuilding, input, output, worker};
use super::Hooks;
use crate::job::Path;

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
            libc::_exit(ExitCode::Orphan.code());
        }
    }
}

/// The body of a forked child: runs `role` and exits; never returns.
pub fn run(ctx: &Ctx<'_>, path: &mut Path, hooks: &mut dyn Hooks) -> ! {
    hooks.after_fork_child(&ctx.name(), ctx.steps(), ctx.dir.path());
    if ctx.role == Role::Output && ctx.popts.custody.is_some_and(|generation| generation > 0) {
        reinitialize(ctx, path, hooks);
    }
    let end = body(ctx, path, hooks);
    finish_channels(ctx);
    hooks.before_exit();
    // SAFETY: ends this process without running the parent's atexit handlers or destructors
    // (they belong to the monitor's copy of the state: open files, the interpreter).
    unsafe { libc::_exit(end.code.code()) }
}

/// A restarted output's child: its modules are the monitor's copies as `initialize` left
/// them before the first fork, so they are initialized again, as a restarted device process
/// initializes its own (`JobContext::resume`: they continue what the dead output wrote). On
/// failure the child records why and exits.
fn reinitialize(ctx: &Ctx<'_>, path: &mut Path, hooks: &mut dyn Hooks) {
    let Err(errors) = super::device::initialize(ctx, path) else { return };
    for e in &errors {
        ctx.record(e);
    }
    ctx.board.fail();
    ctx.board.request_stop(super::board::Stop::Abort);
    hooks.before_exit();
    // SAFETY: ends the child as `run` does, without the monitor's destructors.
    unsafe { libc::_exit(ExitCode::JobError.code()) }
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
        Role::Input => input::run(ctx, path, hooks),
        Role::Worker(w) if ctx.popts.event_building.is_some() => eventbuilding::builder::run(ctx, path, w),
        Role::Worker(w) => worker::run(ctx, path, w, hooks),
        Role::Output => output::run(ctx, path, hooks),
        Role::Bridge => bridge::run(ctx),
        Role::Readout(i) => eventbuilding::readout::run(ctx, path, i),
    }));
    let end = result.unwrap_or_else(|panic| {
        let what = panic
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| panic.downcast_ref::<&str>().copied())
            .unwrap_or("a panic");
        internal_error(ctx, format!("{} hit an internal error: {what}", ctx.name()));
        End { code: ExitCode::Internal, terminated: false }
    });
    if end.code == ExitCode::Internal {
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
