//! The monitor: initializes the path, forks the input, the workers and the output, and
//! supervises them: worker deaths and hangs, crash loops, signals, and at the end the
//! job's report, its mergeable objects and the removal of its shared memory.

use super::board::{monotonic_ns, Board, Stop, IDLE};
use super::context::Ctx;
use super::dispatch;
use super::jobdir::JobDir;
use super::net::Net;
use super::parts::Parts;
use super::role::Role;
use super::{Hooks, Live, LiveProcess, OptionsError, ParallelOptions, Transport};
use crate::control::supervisor::RestartWindow;
use crate::engine::exit::{signal_name, ExitCode};
use crate::job::{Hook, JobError, Outcome, Path, ProcessOptions};
use crate::log;
use crate::module::{JobContext, JobEnd};
use crate::report::{ModuleStats, RateSeries, Report, WorkerStats};
use crate::stage::Stage;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// How often the monitor looks at its children and at signals.
const TICK: Duration = Duration::from_millis(10);
/// After an abort, how long the input gets to stop by itself before it is killed.
const ABORT_GRACE: Duration = Duration::from_secs(2);
/// How long a worker may stay stopped (SIGSTOP: it does nothing, and holds its events)
/// before it is killed and replaced like a dead one: as long as a topology's controller
/// waits for a silent replica.
const STOPPED_LIMIT: Duration = crate::control::supervisor::LOST_AFTER;

struct Proc {
    pid: libc::pid_t,
    role: Role,
    running: bool,
    /// A pidfd of the child (readable once it has ended), where the kernel has them.
    pidfd: Option<std::os::fd::OwnedFd>,
    /// Since when it has been stopped (a stop signal, not yet continued).
    stopped: Option<Instant>,
}

struct Monitor<'a> {
    board: Board,
    net: Net,
    dir: JobDir,
    opts: &'a ProcessOptions,
    popts: &'a ParallelOptions,
    names: Vec<String>,
    parts: Parts,
    procs: Vec<Proc>,
    restarts: RestartWindow,
    /// The output's generation (`ParallelOptions::custody`): above 0 once a restartable
    /// output was started again; with its own crash-loop window.
    output_generation: u32,
    output_restarts: RestartWindow,
    /// Seqs that workers died on, for the crash-loop message.
    killers: Vec<u64>,
    errors: Vec<JobError>,
    aborted_at: Option<Instant>,
    /// When the job started, and its progress since (the report's rate series).
    started: Instant,
    series: RateSeries,
}

/// Why a parallel job could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// Its options cannot run.
    #[error(transparent)]
    Options(#[from] OptionsError),
    /// No parts given, and no module to start the worker part.
    #[error("no module of the path is parallel-safe")]
    NoParallelSafe,
    /// The job directory could not be made.
    #[error("cannot create the job's directory: {0}")]
    Dir(#[source] std::io::Error),
    /// The board could not be mapped.
    #[error("cannot map the job's board: {0}")]
    Board(#[source] std::io::Error),
}

/// Runs `path` with `popts.processes` workers. The path must have a parallel-safe module
/// (see [`Parts::by_parallel_safe`]), or `popts.parts` must say how it splits. `Err` when the job cannot start (no temporary directory, no memory for
/// the board, fork failed before anything ran).
pub fn process(
    mut path: Path,
    opts: &ProcessOptions,
    popts: &ParallelOptions,
    hooks: &mut dyn Hooks,
) -> Result<Outcome, StartError> {
    let start = Instant::now();
    popts.validate()?;
    let parts = match &popts.parts {
        Some(parts) => parts.clone(),
        None => Parts::by_parallel_safe(&path.modules).ok_or(StartError::NoParallelSafe)?,
    };
    parts.check(path.modules.len(), popts.processes)?;
    let names = path.step_names();
    // SAFETY: getpid cannot fail.
    let pid = unsafe { libc::getpid() };
    let session = format!("job-{pid}-{}", monotonic_ns() % 1_000_000_000);
    // What killed jobs left (their shm sessions go when a channel joins one).
    super::tmpdir::sweep(None);
    let dir = JobDir::create(&session).map_err(StartError::Dir)?;
    let board = Board::new(popts.processes, names.len()).map_err(StartError::Board)?;
    let net = Net {
        transport: popts.transport,
        session,
        dir: dir.path().to_path_buf(),
        segment_size: popts.segment_size,
        remote: None,
        bridged: false,
    };
    let mut monitor = Monitor {
        board,
        net,
        dir,
        opts,
        popts,
        names,
        parts,
        procs: Vec::new(),
        restarts: RestartWindow::new(popts.max_restarts_per_minute),
        output_generation: 0,
        output_restarts: RestartWindow::new(popts.max_restarts_per_minute),
        killers: Vec::new(),
        errors: Vec::new(),
        aborted_at: None,
        started: start,
        series: RateSeries::default(),
    };
    let _name = ProcessName::set("evf-monitor");
    let _sigchld = ChildSignal::default_during_job();
    let initialized = monitor.initialize(&mut path);
    let mut interrupted = false;
    if initialized.is_ok() {
        interrupted = monitor.supervise(&mut path, hooks);
    }
    let mut report = monitor.report();
    report.interrupted = interrupted;
    report.wall_s = start.elapsed().as_secs_f64();
    report.rate_series = std::mem::take(&mut monitor.series).finish(report.wall_s, report.read, report.written);
    for (file, bytes) in monitor.dir.mergeables() {
        let merged = bytes.map_err(|e| e.to_string()).and_then(|b| hooks.merge(&b));
        if let Err(e) = merged {
            log::error!("cannot merge the mergeable objects of {}: {e}", file.display());
        }
    }
    let mut errors = match initialized {
        Err(errors) => errors,
        Ok(()) => {
            let mut errors = monitor.errors.split_off(0);
            errors.extend(monitor.dir.errors().into_iter().map(|(_, e)| e));
            errors
        }
    };
    monitor.clean_up();
    // The monitor's copies of the modules are dropped without terminate: that closes this
    // process's descriptors of the files they opened in initialize, and writes nothing
    // (modules leave nothing buffered after initialize, so no byte is written twice).
    drop(path);
    let error = (!errors.is_empty()).then(|| errors.remove(0));
    Ok(Outcome { report, error, cleanup_errors: errors })
}

impl Monitor<'_> {
    /// Initializes the source and every module here, before any fork. On failure, what was
    /// initialized hears that the job stopped and is terminated, and the errors are returned.
    fn initialize(&mut self, path: &mut Path) -> Result<(), Vec<JobError>> {
        let ctx = JobContext { ordered: self.popts.ordered, ..self.opts.context(&*path.source) };
        let source_error = |hook, error| JobError {
            module: self.names[0].clone(),
            is_source: true,
            hook,
            run: None,
            event: None,
            error,
        };
        if let Err(e) = path.source.initialize(&ctx) {
            return Err(vec![source_error(Hook::Initialize, e)]);
        }
        let mut stage = Stage::new(&mut path.modules, &self.names, 1, self.opts.on_error, ());
        let Err(error) = stage.initialize(&ctx) else { return Ok(()) };
        let mut errors = vec![error];
        errors.extend(stage.finish(&JobEnd::Stopped(format!("stopped by an error: {}", errors[0]))));
        if let Err(e) = path.source.terminate() {
            errors.push(source_error(Hook::Terminate, e));
        }
        Err(errors)
    }

    /// Forks a child for `role`; its pid, or `None` if fork failed (recorded as an error).
    fn spawn(&mut self, role: Role, path: &mut Path, hooks: &mut dyn Hooks) -> Option<libc::pid_t> {
        // SAFETY: getpid cannot fail.
        let monitor = unsafe { libc::getpid() };
        hooks.before_fork();
        // SAFETY: the monitor runs no other threads of its own; the child only runs its role
        // and leaves with _exit.
        let pid = unsafe { libc::fork() };
        if pid == 0 {
            let popts =
                ParallelOptions { custody: self.popts.custody.map(|_| self.output_generation), ..self.popts.clone() };
            let ctx = Ctx {
                board: &self.board,
                net: &self.net,
                dir: &self.dir,
                opts: self.opts,
                popts: &popts,
                names: &self.names,
                parts: &self.parts,
                monitor,
                role,
            };
            dispatch::run(&ctx, path, hooks);
        }
        hooks.after_fork_parent();
        if pid < 0 {
            let e = std::io::Error::last_os_error();
            self.engine_error(format!("cannot start {}: fork failed: {e}", self.parts.name(role)));
            return None;
        }
        self.procs.push(Proc { pid, role, running: true, pidfd: pidfd_open(pid), stopped: None });
        if let Role::Worker(w) = role {
            self.board.worker(w).pid.store(pid, Ordering::Release);
        }
        Some(pid)
    }

    fn engine_error(&mut self, message: String) {
        self.errors.push(JobError::engine(message));
        self.board.fail();
        self.abort();
    }

    fn abort(&mut self) {
        self.board.request_stop(Stop::Abort);
        self.aborted_at.get_or_insert_with(Instant::now);
        for p in &self.procs {
            if p.running && matches!(p.role, Role::Worker(_)) {
                // SAFETY: signals our own child, which has not been reaped (running).
                unsafe { libc::kill(p.pid, libc::SIGKILL) };
            }
        }
    }

    /// Starts the children and watches them until all have ended; whether a signal
    /// interrupted the job.
    fn supervise(&mut self, path: &mut Path, hooks: &mut dyn Hooks) -> bool {
        let started = self.spawn(Role::Output, path, hooks).is_some()
            && self.spawn(Role::Input, path, hooks).is_some()
            && (0..self.popts.processes).all(|w| self.spawn(Role::Worker(w), path, hooks).is_some());
        if !started {
            self.abort();
        }
        let mut signals = 0;
        let mut watched = Instant::now();
        while self.procs.iter().any(|p| p.running) {
            if watched.elapsed() >= super::WATCH_EVERY {
                watched = Instant::now();
                self.look(hooks);
            }
            if let Err(interrupt) = hooks.control() {
                signals += 1;
                self.board.record_signal(interrupt.0);
                if signals == 1 {
                    log::warn!(
                        "stopping: no more events are read; the events in flight are finished (again to stop now)"
                    );
                    self.board.request_stop(Stop::Drain);
                } else if self.aborted_at.is_none() {
                    log::warn!(
                        "stopping now: the output closes its files; events in flight are listed as not completed"
                    );
                    self.abort();
                }
            }
            if self.board.stop() == Stop::Abort && self.aborted_at.is_none() {
                // A child asked (the output cannot write, an engine error): workers stop now.
                self.abort();
            }
            self.reap(path, hooks);
            self.kill_hung();
            self.kill_stopped();
            if self.aborted_at.is_some_and(|t| t.elapsed() > ABORT_GRACE) {
                for p in self.procs.iter().filter(|p| p.running && p.role != Role::Output) {
                    // SAFETY: signals our own unreaped child.
                    unsafe { libc::kill(p.pid, libc::SIGKILL) };
                }
            }
            let ends: Vec<libc::c_int> = (self.procs.iter())
                .filter(|p| p.running)
                .filter_map(|p| p.pidfd.as_ref().map(std::os::fd::AsRawFd::as_raw_fd))
                .collect();
            hooks.idle(&mut || wait_for_an_end(&ends, TICK));
        }
        // The last look: every process has ended, the counters are final.
        self.look(hooks);
        signals > 0
    }

    fn reap(&mut self, path: &mut Path, hooks: &mut dyn Hooks) {
        for i in 0..self.procs.len() {
            if !self.procs[i].running {
                continue;
            }
            let mut status = 0;
            let flags = libc::WNOHANG | libc::WUNTRACED | libc::WCONTINUED;
            // SAFETY: waits for our own child without blocking.
            let r = unsafe { libc::waitpid(self.procs[i].pid, &mut status, flags) };
            let lost = r < 0 && std::io::Error::last_os_error().raw_os_error() == Some(libc::ECHILD);
            if r == self.procs[i].pid && (libc::WIFSTOPPED(status) || libc::WIFCONTINUED(status)) {
                // Stopped, or going on again: it has not ended.
                let since = self.procs[i].stopped.unwrap_or_else(Instant::now);
                self.procs[i].stopped = libc::WIFSTOPPED(status).then_some(since);
                continue;
            }
            if r != self.procs[i].pid && !lost {
                continue;
            }
            self.procs[i].running = false;
            let (pid, role) = (self.procs[i].pid, self.procs[i].role);
            // Someone else reaped it (a SIGCHLD handler of the embedding program): it ended,
            // how is unknown, so it counts as a death.
            let exit = if lost {
                None
            } else if libc::WIFEXITED(status) {
                Some(libc::WEXITSTATUS(status))
            } else {
                None
            };
            let how = match exit {
                Some(code) => format!("exited with code {code}"),
                None if lost => "ended, and its exit status was taken by another part of this program".into(),
                None => format!("was killed by {}", signal_name(libc::WTERMSIG(status))),
            };
            let engine_exit = exit.and_then(ExitCode::of);
            let normal = engine_exit.is_some_and(ExitCode::is_engine_end);
            if engine_exit.is_some_and(ExitCode::is_error) && !self.dir.has_error_from(pid) {
                // It stopped on an error that never reached the monitor: the job cannot be
                // called complete, nor the error left unsaid.
                self.engine_error(format!(
                    "{} (pid {pid}) {how} (it stopped on an error) but left no record of the error in {}",
                    self.parts.name(role),
                    self.dir.path().display()
                ));
            }
            match role {
                Role::Worker(w) => self.worker_ended(w, pid, normal, &how, path, hooks),
                Role::Output if !normal && self.restarts_output() => self.restart_output(pid, &how, path, hooks),
                Role::Input | Role::Output if !normal => {
                    let what = self.files_left(role, path);
                    self.engine_error(format!("{} (pid {pid}) {how}{what}", self.parts.name(role)));
                }
                Role::Input | Role::Output | Role::Bridge | Role::Readout(_) => {
                    if engine_exit == Some(ExitCode::Internal) {
                        self.abort();
                    }
                }
            }
        }
    }

    /// What the error reporting the death of the process of `role` says of the files its
    /// modules were writing: those it left, or for the output with none, that its files may
    /// be incomplete.
    fn files_left(&self, role: Role, path: &Path) -> String {
        let steps = self.parts.steps(role, 1 + path.modules.len());
        // Step 0 is the source, which writes nothing.
        let modules = &path.modules[steps.start.max(1) - 1..steps.end - 1];
        let names: Vec<_> = modules.iter().flat_map(|m| m.part_files()).collect();
        if names.is_empty() && role != Role::Output {
            return String::new();
        }
        crate::part_files::death_note(&names, None)
    }

    fn worker_ended(
        &mut self,
        w: usize,
        pid: libc::pid_t,
        normal: bool,
        how: &str,
        path: &mut Path,
        hooks: &mut dyn Hooks,
    ) {
        let slot = self.board.worker(w);
        let busy = slot.busy_seq.swap(IDLE, Ordering::AcqRel);
        slot.died_on.store(if normal { IDLE } else { busy }, Ordering::Release);
        slot.pid.store(0, Ordering::Release);
        slot.generation.fetch_add(1, Ordering::AcqRel);
        if normal || self.board.stop() == Stop::Abort || self.board.failed() || self.board.ended() {
            return;
        }
        let on = if busy == IDLE { "between events".to_string() } else { format!("on the event of seq {busy}") };
        log::warn!("{} (pid {pid}) {how} {on}; starting a replacement", self.parts.name(Role::Worker(w)));
        if busy != IDLE {
            self.killers.push(busy);
        }
        if let Err(crash_loop) = self.restarts.record(Instant::now()) {
            let mut killers: Vec<String> = self.killers.iter().rev().take(10).map(u64::to_string).collect();
            killers.reverse();
            self.engine_error(format!(
                "workers {crash_loop}: the job stops; the last events they were processing have seq {}",
                if killers.is_empty() { "(none)".to_string() } else { killers.join(", ") }
            ));
            return;
        }
        slot.restarts.fetch_add(1, Ordering::Relaxed);
        self.spawn(Role::Worker(w), path, hooks);
    }

    /// Whether a dead output is started again: it is restartable (`custody`), and the job
    /// is neither failing nor aborted.
    fn restarts_output(&self) -> bool {
        self.popts.custody.is_some() && self.board.stop() != Stop::Abort && !self.board.failed()
    }

    /// Starts a dead restartable output again, with the next generation: it continues its
    /// files and learns from the input what it has not acknowledged (docs/topology-design.md,
    /// "Custodies that are restarted"). In a crash loop the job stops.
    fn restart_output(&mut self, pid: libc::pid_t, how: &str, path: &mut Path, hooks: &mut dyn Hooks) {
        let name = self.parts.name(Role::Output);
        if let Err(crash_loop) = self.output_restarts.record(Instant::now()) {
            let what = self.files_left(Role::Output, path);
            self.engine_error(format!("{name} (pid {pid}) {how}: it {crash_loop}: the job stops{what}"));
            return;
        }
        log::warn!("{name} (pid {pid}) {how}; starting a replacement, which continues its files");
        self.output_generation += 1;
        self.spawn(Role::Output, path, hooks);
    }

    /// Kills workers busy on one event for longer than `event_timeout`.
    fn kill_hung(&mut self) {
        let Some(limit) = self.popts.event_timeout else { return };
        let now = monotonic_ns();
        for w in 0..self.board.workers() {
            let slot = self.board.worker(w);
            let busy = slot.busy_seq.load(Ordering::Acquire);
            let pid = slot.pid.load(Ordering::Acquire);
            if busy == IDLE || pid == 0 {
                continue;
            }
            let since = slot.since_ns.load(Ordering::Relaxed);
            if now.saturating_sub(since) > limit.as_nanos() as u64 {
                log::warn!(
                    "{} (pid {pid}) spent more than event_timeout = {:?} on the event of seq {busy}: killing it",
                    self.parts.name(Role::Worker(w)),
                    limit
                );
                // SAFETY: signals our own child; its slot is cleared when it is reaped.
                unsafe { libc::kill(pid, libc::SIGKILL) };
                // Not killed twice while it dies.
                slot.since_ns.store(u64::MAX / 2, Ordering::Relaxed);
            }
        }
    }

    /// Kills workers stopped for longer than [`STOPPED_LIMIT`]: each is then dead, replaced,
    /// and its events go to the others, as for a silent replica of a topology across hosts.
    fn kill_stopped(&mut self) {
        for i in 0..self.procs.len() {
            let p = &self.procs[i];
            let silent = p.running && p.stopped.is_some_and(|t| t.elapsed() > STOPPED_LIMIT);
            if !silent || !matches!(p.role, Role::Worker(_)) {
                continue;
            }
            log::warn!(
                "{} (pid {}) was stopped for more than {:?}: killing it",
                self.parts.name(p.role),
                p.pid,
                STOPPED_LIMIT
            );
            // SAFETY: signals our own unreaped child (running); SIGKILL ends a stopped one.
            unsafe { libc::kill(p.pid, libc::SIGKILL) };
            // Not killed twice while it dies.
            self.procs[i].stopped = None;
        }
    }

    /// Shows the watcher the job so far, and notes its progress.
    fn look(&mut self, hooks: &mut dyn Hooks) {
        let live = self.live();
        self.series.look(self.started.elapsed().as_secs_f64(), live.report.read, live.report.written);
        hooks.watch(&live);
    }

    /// The job so far, for [`Hooks::watch`].
    fn live(&self) -> Live {
        let processes = self
            .procs
            .iter()
            .map(|p| LiveProcess {
                name: self.parts.name(p.role),
                pid: p.pid,
                running: p.running,
                worker: match p.role {
                    Role::Worker(w) => Some(w),
                    _ => None,
                },
                role: p.role.label(),
                // A bridge runs no module: the output's slot is not its.
                modules: match p.role {
                    Role::Bridge | Role::Readout(_) => Vec::new(),
                    role => self.module_stats(role.slot()..role.slot() + 1),
                },
                placed: None,
                usage: None,
                unit: None,
            })
            .collect();
        let queued = (0..self.board.workers()).map(|w| self.board.worker(w).queued.load(Ordering::Relaxed)).collect();
        let session = (self.popts.transport == Transport::Shm).then(|| self.net.session.clone());
        let c = self.board.counters();
        Live {
            report: self.counts(),
            processes,
            queued,
            worker_queue: self.popts.worker_queue,
            session,
            incomplete: c.incomplete.load(Ordering::Acquire),
            abandoned: c.abandoned.load(Ordering::Acquire),
            dir: Some(self.dir.path().to_path_buf()),
        }
    }

    /// Each step's statistics summed over the board's process slots `slots`.
    fn module_stats(&self, slots: std::ops::Range<usize>) -> Vec<ModuleStats> {
        let get = |a: &std::sync::atomic::AtomicU64| a.load(Ordering::Acquire);
        (0..self.names.len())
            .map(|m| {
                let mut stats = ModuleStats { name: self.names[m].clone(), ..Default::default() };
                for slot in slots.clone() {
                    let counters = self.board.module(slot, m);
                    stats.calls += get(&counters.calls);
                    stats.failed += get(&counters.failed);
                    stats.total_s += get(&counters.total_ns) as f64 * 1e-9;
                    stats.rss_growth_bytes += get(&counters.rss_growth);
                }
                stats
            })
            .collect()
    }

    fn report(&self) -> Report {
        Report {
            not_completed: self.dir.not_completed(self.board.counters().read.load(Ordering::Acquire)),
            ..self.counts()
        }
    }

    /// The board's counters as a report.
    fn counts(&self) -> Report {
        let c = self.board.counters();
        let get = |a: &std::sync::atomic::AtomicU64| a.load(Ordering::Acquire);
        let modules = self.module_stats(0..2 + self.board.workers());
        let workers: Vec<WorkerStats> = (0..self.board.workers())
            .map(|w| {
                let slot = self.board.worker(w);
                WorkerStats { events: get(&slot.events), restarts: get(&slot.restarts), rejected: get(&slot.rejected) }
            })
            .collect();
        let written = get(&c.written);
        let resumed = get(&c.passed_over);
        let read = get(&c.read).saturating_sub(resumed);
        Report {
            read,
            resumed,
            accepted: written,
            written,
            rejected: get(&c.rejected),
            failed: get(&c.failed),
            retried: get(&c.retried),
            duplicates: get(&c.duplicates),
            quarantined: get(&c.quarantined),
            restarts: workers.iter().map(|w| w.restarts).sum::<u64>() + u64::from(self.output_generation),
            processes: self.popts.processes as u64,
            workers,
            modules,
            ..Default::default()
        }
    }

    fn clean_up(&self) {
        if self.net.transport == Transport::Shm {
            // Every child has been reaped: none of the session's processes is alive.
            let file = evflow_shm::segment::segment_path(&evflow_shm::segment::current_user(), &self.net.session);
            let removed = match evflow_shm::session::remove_session(&file) {
                // A child killed while it created the file left it without a header.
                Err(evflow_shm::ShmError::NotASegment { .. }) => std::fs::remove_file(&file).map_err(|e| e.to_string()),
                other => other.map(drop).map_err(|e| e.to_string()),
            };
            if let Err(e) = removed {
                log::error!("cannot remove the job's shared memory {}: {e}", file.display());
            }
        }
        self.dir.remove();
    }
}

/// SIGCHLD's disposition while the job runs: a program that ignores SIGCHLD has its children
/// reaped by the kernel, and the monitor could not learn how they ended. Set to the default
/// during the job if it was ignored; the old disposition comes back on drop.
struct ChildSignal(Option<libc::sigaction>);

impl ChildSignal {
    fn default_during_job() -> ChildSignal {
        // SAFETY: reads, and maybe sets, SIGCHLD's disposition with valid sigaction structs.
        unsafe {
            let mut old: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(libc::SIGCHLD, std::ptr::null(), &mut old) != 0 || old.sa_sigaction != libc::SIG_IGN {
                return ChildSignal(None);
            }
            let mut default: libc::sigaction = std::mem::zeroed();
            default.sa_sigaction = libc::SIG_DFL;
            libc::sigaction(libc::SIGCHLD, &default, std::ptr::null_mut());
            ChildSignal(Some(old))
        }
    }
}

impl Drop for ChildSignal {
    fn drop(&mut self) {
        if let Some(old) = &self.0 {
            // SAFETY: restores the disposition saved above.
            unsafe { libc::sigaction(libc::SIGCHLD, old, std::ptr::null_mut()) };
        }
    }
}

/// This process's name for `ps` while the job runs; the old one comes back on drop.
struct ProcessName([u8; 16]);

impl ProcessName {
    fn set(name: &str) -> ProcessName {
        let mut old = [0u8; 16];
        let new = std::ffi::CString::new(name).expect("no NUL in names");
        // SAFETY: PR_GET_NAME writes at most 16 bytes; PR_SET_NAME reads a C string.
        unsafe {
            libc::prctl(libc::PR_GET_NAME, old.as_mut_ptr() as libc::c_ulong, 0, 0, 0);
            libc::prctl(libc::PR_SET_NAME, new.as_ptr() as libc::c_ulong, 0, 0, 0);
        }
        ProcessName(old)
    }
}

impl Drop for ProcessName {
    fn drop(&mut self) {
        // SAFETY: the saved name is NUL-terminated (the kernel wrote at most 15 bytes + NUL).
        unsafe { libc::prctl(libc::PR_SET_NAME, self.0.as_ptr() as libc::c_ulong, 0, 0, 0) };
    }
}

/// A pidfd of child `pid`, or `None` where the kernel has none (before Linux 5.3).
fn pidfd_open(pid: libc::pid_t) -> Option<std::os::fd::OwnedFd> {
    use std::os::fd::FromRawFd;
    // SAFETY: pidfd_open takes a pid and flags and returns a new descriptor or -1.
    let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
    // SAFETY: a descriptor the call just opened, owned by nobody else.
    (fd >= 0).then(|| unsafe { std::os::fd::OwnedFd::from_raw_fd(fd as libc::c_int) })
}

/// Waits until one of the children whose pidfds are `ends` has ended, or `tick` has passed:
/// the monitor reaps a child as soon as it ends instead of at its next tick. Sleeps the tick
/// when there are no pidfds.
fn wait_for_an_end(ends: &[libc::c_int], tick: Duration) {
    if ends.is_empty() {
        std::thread::sleep(tick);
        return;
    }
    let mut fds: Vec<libc::pollfd> =
        ends.iter().map(|&fd| libc::pollfd { fd, events: libc::POLLIN, revents: 0 }).collect();
    // SAFETY: `fds` is a valid array of `fds.len()` pollfd structures.
    unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, tick.as_millis() as libc::c_int) };
}
