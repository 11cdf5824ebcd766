//! A device's link to its controller (docs/topology-design.md, "Controller and life cycle"): a
//! thread that reports what this process's board holds every [`HEARTBEAT`] and applies the
//! controller's view of the whole job to it. So the roles run as they do in a forked job,
//! reading the same board; only who writes the other processes' part of it changes.
//!
//! Both directions carry whole states, never deltas: a lost or late message is made good by
//! the next one. Reports go over a push channel to the controller's pull; views come over
//! the controller's pub channel (JSON; a few per second), one per segment of the topology,
//! each under its topic ([`view_topic`]): a process subscribes to its roles' segments.
//!
//! Each report carries the role's state in the device life cycle ([`DeviceState`]), which the
//! link moves through the one table ([`crate::control::lifecycle`]) as its board says the role
//! initialized, a run started, the role was asked to stop, its part of the run is done, or it
//! ended.

use super::sums::SumsSlot;
use crate::control::lifecycle::{follow, DeviceState, DeviceTransition};
use crate::control::supervisor::{CONTROLLER_LOST_AFTER_HEARTBEATS, HEARTBEAT, ORPHAN_GRACE};
use crate::engine::board::{Board, Stop, IDLE, NO_FAULT};
use crate::engine::curve::Keys;
use crate::engine::exit::ExitCode;
use crate::engine::net::AddressBook;
use crate::engine::role::Role;
use crate::engine::usage::Usage;
use crate::module::Origin;
use evflow_transport::{Channel, ChannelError, Message, Options, Pattern, Side};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a starting device waits for its first view.
const FIRST_VIEW_WAIT: Duration = Duration::from_secs(30);

/// How often a starting role looks whether it is configured, to say so at once: a topology's
/// run starts once every process has (`Supervisor::begin_run`).
const CONFIGURED_POLL: Duration = Duration::from_millis(5);

/// The topic (first part) of the views of segment `segment`: `view/3/`. The closing slash
/// keeps `view/1/` from matching segment 10's.
pub fn view_topic(segment: u32) -> String {
    format!("view/{segment}/")
}

/// Reads a view the controller published (the second part of its message, JSON): any bytes
/// are a view or an error, never a panic; a device drops what is not a view.
pub fn decode_view(bytes: &[u8]) -> Result<View, ViewError> {
    serde_json::from_slice(bytes).map_err(ViewError)
}

/// What a device tells its controller.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Report {
    /// The process name (`evf-reco-b-1`).
    pub name: String,
    /// The segment of the topology this role is part of.
    pub segment: u32,
    /// `input`, `worker` or `output`.
    pub role: String,
    /// The worker slot, for a worker.
    pub worker: Option<usize>,
    /// Its generation (workers).
    pub generation: u32,
    /// Its pid.
    pub pid: i32,
    /// The seq a worker is busy on.
    pub busy: Option<u64>,
    /// Channels it bound: name to tcp endpoint.
    pub bound: HashMap<String, String>,
    /// Where the role is in the device life cycle.
    pub state: DeviceState,
    /// It stopped the job with an error.
    pub failed: bool,
    /// The stop it asks for: an output that cannot write aborts.
    pub stop: Stop,
    /// The input has read everything and every event is at the output.
    pub ended: bool,
    /// Its counters (read, written, rejected, failed, incomplete, retried, duplicates, quarantined,
    /// relayed, run_drained, run_closed, abandoned, watermark; a worker's `events` and
    /// `events_rejected`, of its slot; the input's `queued:W`, events sent to worker slot W
    /// and not finished).
    pub counters: HashMap<String, u64>,
    /// Calls, failures and time (ns) of every path step in this process.
    pub modules: Vec<(u64, u64, u64)>,
    /// The process's CPU time so far (user + system, ns), from its host's `/proc`: the
    /// controller cannot read another host's.
    #[serde(default)]
    pub cpu_ns: u64,
    /// The process's resident memory now (bytes), from its host's `/proc`.
    #[serde(default)]
    pub rss_bytes: u64,
    /// Sent once, as the last report: how the process ended.
    pub exit: Option<Exit>,
}

/// The last report's account of a device's end.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Exit {
    /// Its exit code.
    pub code: i32,
    /// The errors it recorded, the one that stopped it first.
    pub errors: Vec<ExitError>,
    /// Seqs it read or held and did not complete (the output).
    pub not_completed: Vec<u64>,
}

/// Bytes on the views channel that are not a controller's view.
#[derive(Debug, thiserror::Error)]
#[error("not a controller's view: {0}")]
pub struct ViewError(#[source] serde_json::Error);

/// The link to the controller that could not start.
#[derive(Debug, thiserror::Error)]
pub enum LinkError {
    /// A channel to the controller could not be opened.
    #[error("cannot reach the controller at {address}: {source}")]
    Reach {
        /// The controller's address.
        address: String,
        /// Why (boxed: the channel's error is large).
        #[source]
        source: Box<ChannelError>,
    },
    /// The link's thread could not be started.
    #[error("cannot start the link to the controller: {0}")]
    Thread(#[source] std::io::Error),
}

/// An error a device recorded, as its last report carries it to the controller.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct ExitError {
    /// The module (or source) that raised; empty for an error of the engine itself.
    pub module: String,
    /// The error as the job shows it (`module Sum failed in event on run 1 event 50: ...`).
    pub message: String,
    /// Where it was raised: the controller shows it as one host's job does (`(at
    /// steering.py:10 in event)`).
    #[serde(default)]
    pub origin: Origin,
}

/// A worker slot as the controller sees it.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct WorkerView {
    /// The slot's generation now.
    pub generation: u32,
    /// Its process, 0 while it has none (dead, or not yet started).
    pub pid: i32,
    /// The seq the last dead generation was busy on.
    pub died_on: Option<u64>,
    /// The last dead generation died of no event's fault (the controller restarted it
    /// because its bridge died): no attempt is counted.
    #[serde(default)]
    pub no_fault: bool,
    /// The controller retires the slot's replica, or the slot is parked (no replica): it
    /// takes no more events (docs/topology-design.md, "Removing a replica").
    #[serde(default)]
    pub retire: bool,
}

/// What the controller tells every device: the whole job.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct View {
    /// What the controller asks of the segment.
    pub stop: Stop,
    /// What interrupted the job (`SIGINT`, `evflow ctl stop`).
    pub signal: Option<String>,
    /// A process stopped the job with an error.
    pub failed: bool,
    /// The input has ended (end of data).
    pub ended: bool,
    /// Events the input has read (the output lists those it did not complete on an abort).
    #[serde(default)]
    pub read: u64,
    /// The custody's watermark as it last reported it: a restarted origin (a merger's) learns
    /// there how far the custody is, which it tells only when it moves.
    #[serde(default)]
    pub watermark: u64,
    /// The origin's acknowledged floor as it last reported it: a restartable merger's custody
    /// drops the journal records of the parts below it.
    #[serde(default)]
    pub acknowledged: u64,
    /// Every worker slot; the controller adds slots during a run, never removes one.
    pub workers: Vec<WorkerView>,
    /// Every channel's tcp endpoint.
    pub endpoints: HashMap<String, String>,
    /// The host whose device bound each endpoint: whose public key a CURVE client names.
    #[serde(default)]
    pub hosts: HashMap<String, String>,
    /// A held topology's runs (all zero for one that runs straight through).
    #[serde(default)]
    pub runs: RunsView,
}

/// The runs of a held topology, as the controller tells them (see [`crate::engine::board::Runs`]).
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize)]
pub struct RunsView {
    /// The topology is held.
    pub held: bool,
    /// The last run started (runs counted from 1).
    pub started: u32,
    /// Its run number.
    pub number: u32,
    /// The last run asked to stop.
    pub stopping: u32,
    /// The last run whose events all reached the custody.
    pub drained: u32,
    /// The last run the segment's custody closed, as its earlier processes said: a
    /// restarted custody does not wait to close a run again.
    #[serde(default)]
    pub closed: u32,
}

/// Who this device is, and where its controller listens.
#[derive(Debug, Clone)]
pub struct LinkConfig {
    /// The process name.
    pub name: String,
    /// The segment of the role.
    pub segment: u32,
    /// Its role.
    pub role: Role,
    /// Its generation (a worker's).
    pub generation: u32,
    /// The controller's pull channel for reports (`tcp://...`).
    pub reports: String,
    /// The controller's pub channel for views (`tcp://...`).
    pub views: String,
    /// CURVE keys (`security = "curve"`): both channels are clients of the controller's key.
    pub curve: Option<Arc<Keys>>,
}

/// The running link thread.
pub struct Link {
    done: Arc<AtomicBool>,
    configured: Arc<AtomicBool>,
    exit: Arc<Mutex<Option<Exit>>>,
    sums: SumsSlot,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Link {
    /// Connects to the controller and starts reporting and taking views.
    pub fn start(config: LinkConfig, board: Arc<Board>, book: Arc<AddressBook>) -> Result<Link, LinkError> {
        let curve = config.curve.as_ref().map(|keys| keys.client_of_controller());
        let options = Options { linger: Duration::from_secs(2), curve, ..Options::default() };
        let reports = Channel::open(Pattern::Push, &config.reports, Side::Connect, &options)
            .map_err(|source| LinkError::Reach { address: config.reports.clone(), source: Box::new(source) })?;
        let topics = vec![view_topic(config.segment).into_bytes()];
        let views = Channel::open(Pattern::Sub, &config.views, Side::Connect, &Options { topics, ..options })
            .map_err(|source| LinkError::Reach { address: config.views.clone(), source: Box::new(source) })?;
        let done = Arc::new(AtomicBool::new(false));
        let configured = Arc::new(AtomicBool::new(false));
        let exit = Arc::new(Mutex::new(None));
        let sums = SumsSlot::default();
        let thread = {
            let (done, configured, exit, sums) = (done.clone(), configured.clone(), exit.clone(), sums.clone());
            let life = Life { state: DeviceState::Starting, run: 0, finished: 0 };
            let mut state = LinkState { config, board, book, reports, views, done, configured, exit, sums, life };
            std::thread::Builder::new()
                .name("evflow-link".into())
                .spawn(move || state.run())
                .map_err(LinkError::Thread)?
        };
        Ok(Link { done, configured, exit, sums, thread: Some(thread) })
    }

    /// Where the role's encoded mergeable objects wait for the link to send them.
    pub fn sums(&self) -> SumsSlot {
        self.sums.clone()
    }

    /// Says the role's modules are initialized: its next report is past `starting`.
    pub fn configured(&self) {
        self.configured.store(true, Ordering::Release);
    }

    /// Sends the last report, with how the process ended, and stops the thread.
    pub fn finish(mut self, exit: Exit) {
        *self.exit.lock().expect("not poisoned") = Some(exit);
        self.done.store(true, Ordering::Release);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

struct LinkState {
    config: LinkConfig,
    board: Arc<Board>,
    book: Arc<AddressBook>,
    reports: Channel,
    views: Channel,
    done: Arc<AtomicBool>,
    configured: Arc<AtomicBool>,
    exit: Arc<Mutex<Option<Exit>>>,
    sums: SumsSlot,
    life: Life,
}

/// Where the role is in the device life cycle, and which runs it has seen.
struct Life {
    state: DeviceState,
    /// The run (counted from 1) it last started.
    run: u32,
    /// The last run whose part here is done.
    finished: u32,
}

impl LinkState {
    fn run(&mut self) {
        let mut started = Instant::now();
        let mut last_view: Option<Instant> = None;
        let mut next_report = Instant::now();
        // When it took its controller for gone.
        let mut orphaned: Option<Instant> = None;
        // Whether its last report said it is configured.
        let mut told_configured = false;
        loop {
            let turn = Instant::now();
            if self.done.load(Ordering::Acquire) {
                // The role's last objects before its last report: the controller counts them.
                self.send_sums();
                let exit = self.exit.lock().expect("not poisoned").take();
                self.send(exit);
                return;
            }
            let now = Instant::now();
            let configured = self.configured.load(Ordering::Acquire);
            if now >= next_report || configured != told_configured {
                told_configured = configured;
                self.send(None);
                self.send_sums();
                next_report = now + HEARTBEAT;
            }
            let most = if told_configured { HEARTBEAT } else { CONFIGURED_POLL };
            let wait = next_report.saturating_duration_since(Instant::now()).min(most);
            if let Ok(message) = self.views.recv(Some(wait)) {
                let view = message.parts.get(1).and_then(|p| decode_view(p.as_slice()).ok());
                if let Some(view) = view {
                    self.apply(&view);
                    last_view = Some(Instant::now());
                }
            }
            // A turn waits at most a heartbeat to send and one to receive: a longer one means
            // this process did not run (stopped, starved for CPU), which says nothing of the
            // controller. That time is not silence: the views it sent meanwhile wait in the
            // socket, and libzmq's thread, stalled too, may not have taken them in yet.
            let stalled = turn.elapsed().saturating_sub(HEARTBEAT * 3);
            if let Some(t) = last_view.as_mut() {
                *t += stalled;
            }
            started += stalled;
            let lost = match last_view {
                Some(t) => t.elapsed() > HEARTBEAT * CONTROLLER_LOST_AFTER_HEARTBEATS,
                None => started.elapsed() > FIRST_VIEW_WAIT,
            };
            if lost && !self.board.monitor_lost() {
                crate::log::error!("{}: no word from the controller: it is gone; stopping", self.config.name);
                self.board.lose_monitor();
                orphaned = Some(Instant::now());
            }
            if orphaned.is_some_and(|t| t.elapsed() > ORPHAN_GRACE) {
                crate::log::error!(
                    "{}: its controller is gone and it did not stop within {} s (a module that does not \
                     return?): it exits; its files may be incomplete",
                    self.config.name,
                    ORPHAN_GRACE.as_secs()
                );
                // SAFETY: ends this process at once; what it holds is the kernel's to release.
                unsafe { libc::_exit(ExitCode::Orphan.code()) };
            }
        }
    }

    /// Takes the controller's view into this process's board.
    fn apply(&self, view: &View) {
        let board = &self.board;
        if let Some(signal) = &view.signal {
            board.record_signal(signal);
        }
        if view.failed {
            board.fail();
        }
        board.request_stop(view.stop);
        // The count first: a role that sees the end reads how many events there were.
        board.counters().read.fetch_max(view.read, Ordering::AcqRel);
        let counters = board.counters();
        match self.config.role {
            Role::Input => _ = counters.watermark.fetch_max(view.watermark, Ordering::AcqRel),
            Role::Output => _ = counters.acknowledged.fetch_max(view.acknowledged, Ordering::AcqRel),
            _ => {}
        }
        if view.ended {
            board.end_of_data();
        }
        let runs = board.runs();
        if view.runs.held {
            runs.held.store(1, Ordering::Release);
        }
        // The runs done before the run started, and its number before it: an input that sees
        // a run started reads its number, and follows the first run not drained.
        runs.stopping.fetch_max(view.runs.stopping, Ordering::AcqRel);
        runs.drained.fetch_max(view.runs.drained, Ordering::AcqRel);
        runs.closed.fetch_max(view.runs.closed, Ordering::AcqRel);
        if view.runs.started > runs.started.load(Ordering::Acquire) {
            runs.number.store(view.runs.number, Ordering::Release);
            runs.started.store(view.runs.started, Ordering::Release);
        }
        runs.viewed.store(1, Ordering::Release);
        let workers = board.grow_workers(view.workers.len());
        for (w, seen) in view.workers.iter().enumerate().take(workers) {
            let slot = board.worker(w);
            slot.retire.store(seen.retire.into(), Ordering::Release);
            let generation = slot.generation.load(Ordering::Acquire);
            if seen.generation > generation {
                // As the monitor does when a worker dies: what it was busy on, then the news.
                let died_on = if seen.no_fault { NO_FAULT } else { seen.died_on.unwrap_or(IDLE) };
                slot.died_on.store(died_on, Ordering::Release);
                slot.pid.store(0, Ordering::Release);
                slot.generation.store(seen.generation, Ordering::Release);
            }
            if seen.generation == slot.generation.load(Ordering::Acquire) {
                slot.pid.store(seen.pid, Ordering::Release);
            }
        }
        self.book.publish(view.endpoints.clone(), view.hosts.clone());
    }

    /// Moves the role through the device table as far as its board says it has got: each
    /// transition whose fact holds, until none applies (the table refuses what is not due in
    /// the state it is in). Without `--hold` the topology's one run starts once the
    /// controller has started it (every process is configured).
    fn advance(&mut self, exit: Option<&Exit>) {
        use DeviceTransition as T;
        let board = &self.board;
        let runs = board.runs();
        let held = runs.held.load(Ordering::Acquire) != 0;
        let started = runs.started.load(Ordering::Acquire);
        let stopping = runs.stopping.load(Ordering::Acquire);
        // A role's part of a run is done once the origin has sent the run's end (the input's
        // own count, the others' from the view), at a custody once it has closed the run.
        let done = match self.config.role {
            Role::Output => runs.closed.load(Ordering::Acquire),
            _ => runs.drained.load(Ordering::Acquire),
        };
        let asked = board.stop() != Stop::Run;
        let configured = self.configured.load(Ordering::Acquire);
        let life = &mut self.life;
        for _ in 0..DeviceTransition::ALL.len() {
            let open = life.run > life.finished;
            let due = [
                (T::Configure, configured),
                (T::Start, if held { started > life.run } else { life.run == 0 && started > 0 }),
                (T::Stop, asked || (held && open && (stopping >= life.run || done >= life.run))),
                (T::Finish, held && open && !asked && done >= life.run),
            ];
            let Some((transition, to)) = due
                .into_iter()
                .filter(|&(_, due)| due)
                .map(|(t, _)| (t, follow(life.state, t)))
                .find(|&(_, to)| to != life.state)
            else {
                break;
            };
            match transition {
                T::Start => life.run = if held { started } else { 1 },
                T::Finish => life.finished = life.run,
                _ => {}
            }
            life.state = to;
        }
        if let Some(exit) = exit {
            let end = if exit.code == ExitCode::Ok.code() { T::Exit } else { T::Fail };
            life.state = follow(life.state, end);
        }
    }

    fn send(&mut self, exit: Option<Exit>) {
        self.advance(exit.as_ref());
        let board = &self.board;
        // The runs first: a custody stores what it wrote before it says a run is closed, or
        // that it has resumed.
        let runs = board.runs();
        let (drained, closed) = (runs.drained.load(Ordering::Acquire), runs.closed.load(Ordering::Acquire));
        let c = board.counters();
        let resumed_as = c.resumed_as.load(Ordering::Acquire);
        let mut counters: HashMap<String, u64> = [
            ("read", &c.read),
            ("written", &c.written),
            ("rejected", &c.rejected),
            ("failed", &c.failed),
            ("incomplete", &c.incomplete),
            ("retried", &c.retried),
            ("duplicates", &c.duplicates),
            ("quarantined", &c.quarantined),
            ("abandoned", &c.abandoned),
            ("relayed", &c.relayed),
            ("watermark", &c.watermark),
            ("acknowledged", &c.acknowledged),
            ("eb_fragments", &c.eb_fragments),
            ("eb_bytes", &c.eb_bytes),
            ("eb_late", &c.eb_late),
            ("eb_copied", &c.eb_copied),
            ("eb_built", &c.eb_built),
            ("eb_incomplete", &c.eb_incomplete),
            ("written_closed", &c.written_closed),
            ("resumed", &c.resumed),
            ("resumed_run", &c.resumed_run),
            ("passed_over", &c.passed_over),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.load(Ordering::Acquire)))
        .collect();
        counters.insert("resumed_as".into(), resumed_as);
        counters.insert("run_drained".into(), drained.into());
        counters.insert("run_closed".into(), closed.into());
        let (role, worker) = match self.config.role {
            Role::Input => ("input", None),
            Role::Worker(w) => ("worker", Some(w)),
            Role::Output => ("output", None),
            Role::Bridge => ("bridge", None),
            Role::Readout(_) => ("readout", None),
        };
        let busy = worker.map(|w| board.worker(w).busy_seq.load(Ordering::Acquire)).filter(|&s| s != IDLE);
        if let Some(w) = worker {
            let slot = board.worker(w);
            counters.insert("events".into(), slot.events.load(Ordering::Acquire));
            counters.insert("events_rejected".into(), slot.rejected.load(Ordering::Acquire));
        }
        if role == "input" {
            // Each worker slot's queue depth, for the controller's metrics.
            for w in 0..board.workers() {
                counters.insert(format!("queued:{w}"), board.worker(w).queued.load(Ordering::Relaxed));
            }
        }
        let slot = self.config.role.slot();
        let modules = (0..board.modules())
            .map(|m| {
                let c = board.module(slot, m);
                (c.calls.load(Ordering::Acquire), c.failed.load(Ordering::Acquire), c.total_ns.load(Ordering::Acquire))
            })
            .collect();
        let usage = Usage::of_this_process();
        let report = Report {
            name: self.config.name.clone(),
            segment: self.config.segment,
            role: role.into(),
            worker,
            generation: self.config.generation,
            pid: std::process::id() as i32,
            busy,
            bound: self.book.bound_by_me(),
            state: self.life.state,
            failed: board.failed(),
            // A process that took its controller for gone stops itself, not the job: its
            // exit (ExitCode::Orphan) tells a controller that is there after all.
            stop: if board.monitor_lost() { Stop::Run } else { board.stop() },
            ended: board.ended(),
            counters,
            modules,
            cpu_ns: usage.cpu_ns,
            rss_bytes: usage.rss_bytes,
            exit,
        };
        let text = serde_json::to_vec(&report).expect("a report serializes");
        // Nothing to do when the controller is unreachable: the next report says it all again.
        let _ = self.reports.send(&Message::single(text), Some(HEARTBEAT));
    }

    /// Sends the role's mergeable objects the sums thread last encoded, if it has not yet:
    /// a message of two parts, who sent them and the objects (docs/web.md, "The histograms").
    fn send_sums(&mut self) {
        let Some(sums) = self.sums.lock().expect("not poisoned").take() else { return };
        let readout = matches!(self.config.role, Role::Readout(_));
        let (name, segment, generation) = (&self.config.name, self.config.segment, self.config.generation);
        let header = SumsHeader { sums: name, segment, generation, readout };
        let header = serde_json::to_vec(&header).expect("a header serializes");
        let message = Message::new(vec![header.into(), sums.clone().into()]);
        if self.reports.send(&message, Some(HEARTBEAT)).is_err() {
            // Tried again with the next report, unless newer ones (which hold these) came.
            self.sums.lock().expect("not poisoned").get_or_insert(sums);
        }
    }
}

/// Who sent a message of mergeable objects on the report channel.
#[derive(Serialize)]
struct SumsHeader<'a> {
    /// The process name, as its reports have it.
    sums: &'a str,
    segment: u32,
    generation: u32,
    /// A readout's steps are its own device's path, not its segment's.
    readout: bool,
}
