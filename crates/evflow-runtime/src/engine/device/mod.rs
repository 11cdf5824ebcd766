//! One process of a topology run as device processes (`evflow device`), started by the
//! controller's launcher instead of forked. It plays one role of the engine in each segment
//! it is part of (docs/topology-design.md, "Roles as data: segments"): a source device is its
//! segment's input, a replica of a processor device a worker, a sink device the output, a
//! merger the output of each of its input segments and the input of its output segment.
//!
//! Each role runs the forked engine's role code unchanged, with a board of its own that its
//! [`Link`] keeps up to date with the rest of its segment through the controller.

pub mod link;
pub mod sums;

use crate::engine::board::Board;
use crate::engine::context::Ctx;
use crate::engine::curve::Keys;
use crate::engine::dispatch;
use crate::engine::exit::ExitCode;
use crate::engine::jobdir::JobDir;
use crate::engine::net::{AddressBook, Net, Remote};
use crate::engine::parts::Parts;
use crate::engine::role::Role;
use crate::engine::tmpdir::{self, Claim};
use crate::engine::{Hooks, OptionsError, ParallelOptions, Transport};
use crate::job::{Hook, JobError, Path, ProcessOptions};
use crate::module::JobEnd;
use crate::stage::Stage;
use link::{Exit, ExitError, Link, LinkConfig, LinkError};
use std::sync::atomic::Ordering;
use std::sync::Arc;

/// Where a device process runs and whom it reports to (the same for all its roles).
#[derive(Debug, Clone)]
pub struct DeviceOptions {
    /// This host's address: tcp channels bind there.
    pub host_address: String,
    /// The controller's pull channel for reports.
    pub reports: String,
    /// The controller's pub channel for views.
    pub views: String,
    /// Largest part its tcp channels receive.
    pub max_part_size: u64,
    /// CURVE keys (`security = "curve"`): every tcp channel and the link to the controller.
    pub curve: Option<Arc<Keys>>,
    /// The process that started it (the launcher's, or the controller), as it was when the
    /// process began: one that died while this one imported its steering files is gone by
    /// the time the roles are set up, and the process ends then (`None`: its parent now).
    pub parent: Option<libc::pid_t>,
}

/// One role of a device process in one segment.
pub struct RoleSpec {
    /// The segment.
    pub segment: u32,
    /// Its role there.
    pub role: Role,
    /// Its generation (a worker's: bumped by the controller at each restart).
    pub generation: u32,
    /// The fixed tcp port of the channel it receives on (an input's acks, an output's
    /// results), from the topology's `port`; `None`: a free port.
    pub port: Option<u16>,
    /// The segment's shm session on this host (shm), or the name of its socket directory
    /// (ipc); the same for every process of the segment on this host.
    pub session: String,
    /// The segment's path: the origin's steps, the workers', the custody's.
    pub path: Path,
    /// The segment's options (`parts` says which steps are whose).
    pub popts: ParallelOptions,
    /// The segment has a bridge (docs/topology-design.md, "The bridge").
    pub bridged: bool,
    /// The topology is held: its origins read only during the runs its controller starts.
    pub held: bool,
}

/// A role ready to run: its segment's state in this process.
struct Prepared {
    spec: RoleSpec,
    parts: Parts,
    names: Vec<String>,
    board: Arc<Board>,
    dir: JobDir,
    /// The segment's ipc directory on this host, shared with its other processes here.
    ipc: Option<Claim>,
    net: Net,
    link: Option<Link>,
    monitor: libc::pid_t,
}

/// A role run in a thread of its own.
struct Threaded<'a>(&'a mut Prepared);

// SAFETY: a role in a thread of its own is the only user of its `Prepared` until the thread
// is joined. Only a merger's custodies run in threads, and their steps there are Rust
// (`MergeInput`): the Python objects in the rest of their segment's path are never called
// in that thread, and are dropped by the calling thread after it is joined.
unsafe impl Send for Threaded<'_> {}

/// Why a device process could not set its roles up.
#[derive(Debug, thiserror::Error)]
pub enum DeviceError {
    /// The controller gave it no role.
    #[error("{name} has no role in its topology")]
    NoRole {
        /// The device process.
        name: String,
    },
    /// A role without the parts of its topology.
    #[error("a device needs the parts of its topology")]
    NoParts,
    /// The parts do not fit the role's path.
    #[error(transparent)]
    Parts(#[from] OptionsError),
    /// The board could not be mapped.
    #[error("cannot map the board: {0}")]
    Board(#[source] std::io::Error),
    /// The job directory could not be made.
    #[error("cannot create the job's directory: {0}")]
    Dir(#[source] std::io::Error),
    /// The segment's directory of ipc sockets could not be made.
    #[error("cannot create the directory {}: {source}", path.display())]
    IpcDir {
        /// The directory.
        path: std::path::PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The link to the controller could not start.
    #[error(transparent)]
    Link(#[from] LinkError),
}

/// Runs a device process's roles to their end; its exit code (the highest of its roles').
/// The first role runs in this thread and sets the process up (its name, its parent-death
/// signal); the others run in threads of their own. An embedding program runs it with its
/// interpreter's lock released, and its steps take it when they call it (a custody asks its
/// segment's source how many events to expect, whatever the source is).
pub fn run(
    roles: Vec<RoleSpec>,
    name: &str,
    opts: &ProcessOptions,
    device: &DeviceOptions,
    hooks: &mut dyn Hooks,
) -> Result<ExitCode, DeviceError> {
    if roles.is_empty() {
        return Err(DeviceError::NoRole { name: name.to_string() });
    }
    let several = roles.len() > 1;
    // What killed processes left on this host (an earlier process of this name, say).
    tmpdir::sweep(None);
    let mut prepared =
        roles.into_iter().map(|spec| Prepared::new(spec, name, several, device)).collect::<Result<Vec<_>, _>>()?;
    let (first, rest) = prepared.split_first_mut().expect("one role or more");
    let code = std::thread::scope(|scope| {
        let threads: Vec<_> = rest
            .iter_mut()
            .map(|role| {
                let role = Threaded(role);
                scope.spawn(move || {
                    let role = role;
                    role.0.run(opts, &mut NoHooks, false)
                })
            })
            .collect();
        let mut code = first.run(opts, hooks, true);
        for thread in threads {
            code = code.max(thread.join().unwrap_or(ExitCode::Internal));
        }
        code
    });
    // A device that took its controller for gone stopped short of its work: never a clean
    // exit (the controller, if it is there after all, must not take the run for complete).
    let lost = std::iter::once(&*first).chain(rest.iter()).any(|role| role.board.monitor_lost());
    let code = if lost { code.max(ExitCode::Orphan) } else { code };
    crate::engine::context::finish_channels(&first.ctx(opts));
    for role in prepared {
        role.dir.remove();
        if let Some(ipc) = role.ipc {
            ipc.release();
        }
    }
    Ok(code)
}

impl Prepared {
    fn new(mut spec: RoleSpec, name: &str, several: bool, device: &DeviceOptions) -> Result<Prepared, DeviceError> {
        // A custody or origin that is restarted knows its generation: above 0, it resumes.
        let restarted = match spec.role {
            Role::Output => spec.popts.custody.as_mut(),
            Role::Input => spec.popts.origin.as_mut(),
            _ => None,
        };
        if let Some(generation) = restarted {
            *generation = spec.generation;
        }
        let parts = spec.popts.parts.clone().ok_or(DeviceError::NoParts)?;
        if !matches!(spec.role, Role::Readout(_)) {
            parts.check(spec.path.modules.len(), spec.popts.processes)?;
        }
        let names = spec.path.step_names();
        // Room for every slot the controller may add during the run.
        let capacity = crate::engine::MAX_WORKERS;
        let board =
            Arc::new(Board::with_capacity(spec.popts.processes, capacity, names.len()).map_err(DeviceError::Board)?);
        // SAFETY: getpid cannot fail.
        let pid = unsafe { libc::getpid() };
        let key = if several { format!("{name}-{pid}-s{}", spec.segment) } else { format!("{name}-{pid}") };
        let dir = JobDir::create(&key).map_err(DeviceError::Dir)?;
        if let Role::Worker(w) = spec.role {
            board.worker(w).generation.store(spec.generation, Ordering::Release);
        }
        board.runs().controlled.store(1, Ordering::Release);
        if spec.held {
            board.runs().held.store(1, Ordering::Release);
        }
        let book = Arc::new(AddressBook::default());
        let transport = spec.popts.transport;
        // A bridge opens tcp channels beside its host's: every device has its host's place.
        let remote = Some(Remote {
            host_address: device.host_address.clone(),
            book: book.clone(),
            max_part_size: device.max_part_size,
            board: board.clone(),
            fixed: spec.port.map(|port| {
                let channel = match spec.role {
                    Role::Input => "acks",
                    Role::Bridge => crate::engine::net::RELAY,
                    _ => "results",
                };
                (channel.to_string(), port)
            }),
            curve: device.curve.clone(),
        });
        // ipc sockets of a segment live in one directory of this host that all its
        // processes name alike, and the last one to leave removes.
        let ipc_dir = std::env::temp_dir().join(format!("{}{}", tmpdir::PREFIX, spec.session));
        let ipc = match transport {
            Transport::Ipc => Some(
                Claim::take(&spec.session, false)
                    .map_err(|source| DeviceError::IpcDir { path: ipc_dir.clone(), source })?,
            ),
            _ => None,
        };
        let net = Net {
            transport,
            session: spec.session.clone(),
            dir: ipc_dir,
            segment_size: spec.popts.segment_size,
            remote,
            bridged: spec.bridged,
        };
        let link_config = LinkConfig {
            name: parts.name(spec.role),
            segment: spec.segment,
            role: spec.role,
            generation: spec.generation,
            reports: device.reports.clone(),
            views: device.views.clone(),
            curve: device.curve.clone(),
        };
        let link = Link::start(link_config, board.clone(), book)?;
        // SAFETY: getppid cannot fail.
        let monitor = device.parent.unwrap_or_else(|| unsafe { libc::getppid() });
        Ok(Prepared { spec, parts, names, board, dir, ipc, net, link: Some(link), monitor })
    }

    fn ctx<'a>(&'a self, opts: &'a ProcessOptions) -> Ctx<'a> {
        Ctx {
            board: &self.board,
            net: &self.net,
            dir: &self.dir,
            opts,
            popts: &self.spec.popts,
            names: &self.names,
            parts: &self.parts,
            monitor: self.monitor,
            role: self.spec.role,
        }
    }

    /// Initializes and runs the role, then sends its last report; its exit code.
    fn run(&mut self, opts: &ProcessOptions, hooks: &mut dyn Hooks, set_up: bool) -> ExitCode {
        let Prepared { spec, parts, names, board, dir, net, link, monitor, .. } = self;
        let RoleSpec { role, path, popts, .. } = spec;
        let ctx = Ctx { board, net, dir, opts, popts, names, parts, monitor: *monitor, role: *role };
        let code = match initialize(&ctx, path) {
            Ok(()) => {
                if let Some(link) = link.as_ref() {
                    link.configured();
                }
                // What initialize put in the objects is noted before any event fills them.
                let sums = link.as_ref().and_then(|link| {
                    let source = hooks.live_sums(ctx.steps())?;
                    sums::Publisher::start(source, board.clone(), role.slot(), link.sums())
                });
                let code = if set_up {
                    dispatch::body(&ctx, path, hooks).code
                } else {
                    dispatch::run_role(&ctx, path, hooks).code
                };
                if let Some(sums) = sums {
                    sums.finish();
                }
                code
            }
            Err(errors) => {
                for e in &errors {
                    ctx.record(e);
                }
                board.fail();
                ExitCode::JobError
            }
        };
        let errors = dir
            .errors()
            .into_iter()
            .map(|(_, e)| ExitError { module: e.module.clone(), message: e.to_string(), origin: e.error.origin() })
            .collect();
        let read = board.counters().read.load(Ordering::Acquire);
        let not_completed = if *role == Role::Output { dir.not_completed(read) } else { Vec::new() };
        if let Some(link) = link.take() {
            link.finish(Exit { code: code.code(), errors, not_completed });
        }
        code
    }
}

/// Hooks of a role run in a thread: nothing to do around it.
struct NoHooks;

impl Hooks for NoHooks {
    fn control(&mut self) -> Result<(), crate::job::Interrupt> {
        Ok(())
    }
}

/// Initializes this role's steps (the forked engine's monitor does it for all before it
/// forks, and a restarted output's child again); on failure, what was initialized is
/// terminated.
pub(crate) fn initialize(ctx: &Ctx<'_>, path: &mut Path) -> Result<(), Vec<JobError>> {
    // An ordered custody's outputs put a resumed file's records in input order as they close.
    let mut job = crate::module::JobContext { ordered: ctx.popts.ordered, ..ctx.opts.context(&*path.source) };
    job.resume = ctx.role == Role::Output && ctx.popts.custody.is_some_and(|generation| generation > 0);
    if let Some(generation) = ctx.popts.origin.filter(|_| ctx.role == Role::Input) {
        // A restartable merger's or funnel's origin: its journal, beside the segment's ipc
        // directory on this host (a file: never swept as a dead process's directory).
        let name = format!("{}{}.journal", tmpdir::PREFIX, ctx.net.session);
        job.journal = Some(std::env::temp_dir().join(name));
        job.resume = generation > 0;
    }
    let steps = ctx.steps();
    if steps.is_empty() {
        return Ok(()); // a bridge runs no step
    }
    let source_error =
        |hook, error| JobError { module: ctx.names[0].clone(), is_source: true, hook, run: None, event: None, error };
    let reads = matches!(ctx.role, Role::Input | Role::Readout(_));
    if reads {
        path.source.initialize(&job).map_err(|e| vec![source_error(Hook::Initialize, e)])?;
    }
    let modules = &mut path.modules[steps.start.max(1) - 1..steps.end - 1];
    let on_error = ctx.parts.on_error(ctx.role, ctx.opts.on_error);
    let mut stage = Stage::new(modules, ctx.names, steps.start.max(1), on_error, ());
    let Err(error) = stage.initialize(&job) else { return Ok(()) };
    let mut errors = vec![error];
    errors.extend(stage.finish(&JobEnd::Stopped(format!("stopped by an error: {}", errors[0]))));
    if reads {
        if let Err(e) = path.source.terminate() {
            errors.push(source_error(Hook::Terminate, e));
        }
    }
    Err(errors)
}
