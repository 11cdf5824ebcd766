//! One process of a topology whose devices run on several hosts: the input (the source
//! device), a worker (a replica of the processor device) or the output (the sink device) of
//! the parallel engine, started by `evflow device` instead of forked. It runs the same role
//! code over tcp channels; its board is its own, kept up to date with the rest of the job by
//! its [`Link`] to the controller (docs/topology.md).

use super::board::Board;
use super::child::{self, Ctx, Role, EXIT_JOB_ERROR};
use super::jobdir::JobDir;
use super::link::{Exit, Link, LinkConfig};
use super::net::{AddressBook, Net, Remote};
use super::{Hooks, ParallelOptions, Transport};
use crate::job::{Hook, JobError, Path, ProcessOptions};
use crate::module::JobEnd;
use crate::stage::Stage;
use std::sync::atomic::Ordering;
use std::sync::Arc;

/// Where a device runs and whom it reports to.
#[derive(Debug, Clone)]
pub struct DeviceOptions {
    /// Its role in the engine.
    pub role: Role,
    /// Its generation (a worker's: bumped by the controller at each restart).
    pub generation: u32,
    /// This host's address: its tcp channels bind there.
    pub host_address: String,
    /// The controller's channels (reports, views).
    pub reports: String,
    /// The controller's view channel.
    pub views: String,
    /// Largest part its tcp channels receive.
    pub max_part_size: u64,
    /// The fixed tcp port of the channel it receives on (the input's acks, the output's
    /// results), from the topology's `port`; `None`: a free port.
    pub port: Option<u16>,
}

/// Runs one device process to its end; its exit code. `popts.parts` says which steps of
/// `path` (every device's, joined) are its.
pub fn run(
    mut path: Path,
    opts: &ProcessOptions,
    popts: &ParallelOptions,
    device: &DeviceOptions,
    hooks: &mut dyn Hooks,
) -> Result<i32, String> {
    let parts = popts.parts.clone().ok_or("a device needs the parts of its topology")?;
    parts.check(path.modules.len())?;
    let names = path.step_names();
    let name = parts.name(device.role);
    let board = Arc::new(Board::new(popts.processes, names.len()).map_err(|e| format!("cannot map the board: {e}"))?);
    // SAFETY: getpid cannot fail.
    let pid = unsafe { libc::getpid() };
    let dir =
        JobDir::create(&format!("{name}-{pid}")).map_err(|e| format!("cannot create the job's directory: {e}"))?;
    if let Role::Worker(w) = device.role {
        board.worker(w).generation.store(device.generation, Ordering::Release);
    }
    let book = Arc::new(AddressBook::default());
    let remote = Remote {
        host_address: device.host_address.clone(),
        book: book.clone(),
        max_part_size: device.max_part_size,
        board: board.clone(),
        fixed: device.port.map(|port| {
            let channel = if device.role == Role::Input { "acks" } else { "results" };
            (channel.to_string(), port)
        }),
    };
    let net = Net {
        transport: Transport::Tcp,
        session: String::new(),
        dir: dir.path().to_path_buf(),
        segment_size: None,
        remote: Some(remote),
    };
    let link_config = LinkConfig {
        name: name.clone(),
        role: device.role,
        generation: device.generation,
        reports: device.reports.clone(),
        views: device.views.clone(),
    };
    let link = Link::start(link_config, board.clone(), book)?;
    // SAFETY: getppid cannot fail.
    let monitor = unsafe { libc::getppid() };
    let ctx = Ctx {
        board: &board,
        net: &net,
        dir: &dir,
        opts,
        popts,
        names: &names,
        parts: &parts,
        monitor,
        role: device.role,
    };
    let code = match initialize(&ctx, &mut path) {
        Ok(()) => child::body(&ctx, &mut path, hooks).code,
        Err(errors) => {
            for e in &errors {
                ctx.record(e);
            }
            board.fail();
            EXIT_JOB_ERROR
        }
    };
    let errors = dir.errors().into_iter().map(|(_, e)| (e.module.clone(), e.to_string())).collect();
    let read = board.counters().read.load(Ordering::Acquire);
    let not_completed = if device.role == Role::Output { dir.not_completed(read) } else { Vec::new() };
    link.finish(Exit { code, errors, not_completed });
    child::finish_channels(&ctx);
    dir.remove();
    Ok(code)
}

/// Initializes this device's steps (the forked engine's monitor does it for all before it
/// forks); on failure, what was initialized is terminated.
fn initialize(ctx: &Ctx<'_>, path: &mut Path) -> Result<(), Vec<JobError>> {
    let job = ctx.opts.context(&*path.source);
    let steps = ctx.steps();
    let source_error =
        |hook, error| JobError { module: ctx.names[0].clone(), is_source: true, hook, run: None, event: None, error };
    if ctx.role == Role::Input {
        path.source.initialize(&job).map_err(|e| vec![source_error(Hook::Initialize, e)])?;
    }
    let modules = &mut path.modules[steps.start.max(1) - 1..steps.end - 1];
    let mut stage = Stage::new(modules, ctx.names, steps.start.max(1), ctx.opts.on_error, ());
    let Err(error) = stage.initialize(&job) else { return Ok(()) };
    let mut errors = vec![error];
    errors.extend(stage.finish(&JobEnd::Stopped(format!("stopped by an error: {}", errors[0]))));
    if ctx.role == Role::Input {
        if let Err(e) = path.source.terminate() {
            errors.push(source_error(Hook::Terminate, e));
        }
    }
    Err(errors)
}
