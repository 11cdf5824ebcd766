//! The supervisor of a topology's device processes (docs/controller.md, "The supervisor"): a
//! state machine without I/O, built from the compiled plan. It is told what happened (a
//! report came, a process was launched or exited, time passed) and answers what to do
//! ([`Action`]); the controller executes the answers with its launchers (local, network
//! namespaces, ssh, Slurm) and publishes the views it builds.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::PathBuf;
use std::time::Instant;

use super::hosts::HostState;
use super::process::Process;
use super::runs::Runs;
use super::scale::Change;
use super::{
    RestartWindow, CONTROLLER_LOST_AFTER_HEARTBEATS, EXIT_GRACE, HEARTBEAT, LOST_AFTER, START_GRACE, VITAL_LOST_AFTER,
};
use crate::control::lifecycle::{follow, DeviceState, DeviceTransition};
use crate::control::plan::{Part, Plan};
use crate::engine::board::Stop;
use crate::engine::device::link::{ExitError, Report};
use crate::engine::exit::{signal_name, ExitCode};
use crate::engine::Role;
use crate::part_files::death_note;
use crate::topology::{Restart, Topology};

/// What the supervisor asks of the controller, in the order given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// Launch process `i` (again): its generation and port are the supervisor's.
    Start(usize),
    /// Kill process `i`, if it still runs.
    Kill(usize),
    /// Say this on the terminal (a warning).
    Warn(String),
}

/// What a process's launcher says of it at a tick.
#[derive(Debug, Clone, Default)]
pub struct Exited {
    /// Its exit code (negative: the signal that killed it); `None` while it runs.
    pub code: Option<i32>,
    /// How it ended where the launcher knows better than the code (ssh's 255).
    pub described: Option<String>,
}

/// Where a topology's processes run, as the launcher knows it.
#[derive(Debug, Clone, Default)]
pub struct Placement {
    /// Hosts whose devices run on this machine (their files are here).
    pub here: HashSet<String>,
    /// Each process's output files (its steps' part files), in the plan's process order.
    pub files: Vec<Vec<PathBuf>>,
    /// Each segment's step names, source first (the metrics name the modules by them).
    pub steps: Vec<Vec<String>>,
    /// Each segment's events a worker may hold (`worker_queue`).
    pub worker_queue: Vec<usize>,
}

/// What the supervisor takes from a device of the file beyond its plan.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct DeviceLimits {
    /// `max_restarts_per_minute`.
    pub(super) max_restarts: u32,
    /// A processor's `event_timeout`, seconds.
    pub(super) event_timeout_s: Option<f64>,
    /// A builder's events per batch.
    pub(super) batch: u64,
}

/// The supervisor of a topology.
#[derive(Debug)]
pub struct Supervisor {
    pub(super) plan: Plan,
    /// Per plan device: what its device of the file says beyond the plan.
    pub(super) limits: Vec<DeviceLimits>,
    pub(super) netns: HashSet<String>,
    pub(super) placement: Placement,
    /// The processes, in the plan's order.
    pub procs: Vec<Process>,
    /// Per segment: the process in each worker slot.
    pub(super) slots: Vec<Vec<usize>>,
    /// Per segment and slot: the seq its last dead process was busy on.
    pub(super) died_on: Vec<Vec<Option<u64>>>,
    /// Per segment and slot: its last process was restarted for no event's fault (its
    /// bridge died): the origin counts no attempt.
    pub(super) no_fault: Vec<Vec<bool>>,
    /// Per segment: every channel's endpoint as its binder reported it (kept after the
    /// binder ends, so a late replica connects and learns that the job is over).
    pub endpoints: Vec<BTreeMap<String, String>>,
    /// Per segment: the host whose device bound each endpoint (a CURVE client names its key).
    pub(super) bound_by: Vec<BTreeMap<String, String>>,
    /// Per segment: its origin process.
    pub(super) origin: Vec<usize>,
    /// The sinks' processes.
    pub sinks: Vec<usize>,
    pub(super) windows: HashMap<String, RestartWindow>,
    /// Its runs.
    pub runs: Runs,
    /// The file's hosts.
    pub(super) hosts: Vec<String>,
    /// What each host was told to be (`up` when not listed).
    pub(super) host_states: BTreeMap<String, HostState>,
    /// The changes of the farm during the run (`evflow ctl scale`), in order.
    pub changes: Vec<Change>,
    /// The stop asked of the topology.
    pub stop: Stop,
    /// What interrupted it (`SIGINT`, `evflow ctl stop`).
    pub signal: Option<String>,
    /// What stopped it, the first first: a module's error (with where it raised) or the
    /// engine's (`module` empty).
    pub errors: Vec<ExitError>,
    /// Messages on the reports port that were not a device's report.
    pub malformed: u64,
    /// `(time, events written, CPU ns of every device process)` when the sinks' count first
    /// changed.
    pub first_written: Option<(f64, u64, u64)>,
    /// The same when it last changed.
    pub last_written: Option<(f64, u64, u64)>,
}

impl Supervisor {
    /// The supervisor of `plan`, compiled from `topology`, its processes placed as `placement`.
    pub fn new(plan: Plan, topology: &Topology, placement: Placement) -> Supervisor {
        let limits = (plan.devices.iter())
            .map(|d| {
                let t = topology.devices.get(&d.of);
                t.map_or_else(DeviceLimits::default, |t| DeviceLimits {
                    max_restarts: t.max_restarts_per_minute,
                    event_timeout_s: t.event_timeout_s,
                    batch: t.batch,
                })
            })
            .collect();
        let netns = topology.hosts.iter().filter(|(_, h)| h.netns.is_some()).map(|(n, _)| n.clone()).collect();
        let standby: BTreeMap<String, HostState> =
            (topology.hosts.iter()).filter(|(_, h)| h.standby).map(|(n, _)| (n.clone(), HostState::Standby)).collect();
        let procs: Vec<Process> = (plan.process_names().into_iter())
            .map(|(name, d, host, replica)| {
                let roles = plan.roles(d, &host, replica);
                let mut p = Process::new(name, d, host, replica, roles);
                // A standby host's replicas wait in parked slots for add-host.
                (p.parked, p.with_host) = (standby.contains_key(&p.host), standby.contains_key(&p.host));
                p
            })
            .collect();
        let n = plan.segments.len();
        let mut slots: Vec<Vec<usize>> = plan.segments.iter().map(|s| vec![0; s.slots.len()]).collect();
        let mut origin = vec![0; n];
        for (i, p) in procs.iter().enumerate() {
            for &(s, role) in &p.roles {
                match role {
                    Role::Input => origin[s] = i,
                    Role::Worker(w) => slots[s][w] = i,
                    _ => {}
                }
            }
        }
        let sinks = (0..procs.len())
            .filter(|&i| {
                let d = &plan.devices[procs[i].device];
                d.part == Part::Path && d.outputs.is_empty()
            })
            .collect();
        let hold = plan.hold;
        Supervisor {
            died_on: plan.segments.iter().map(|s| vec![None; s.slots.len()]).collect(),
            no_fault: plan.segments.iter().map(|s| vec![false; s.slots.len()]).collect(),
            endpoints: vec![BTreeMap::new(); n],
            bound_by: vec![BTreeMap::new(); n],
            plan,
            limits,
            netns,
            placement,
            procs,
            slots,
            origin,
            sinks,
            windows: HashMap::new(),
            runs: Runs::new(hold),
            hosts: topology.hosts.keys().cloned().collect(),
            host_states: standby,
            changes: Vec::new(),
            stop: Stop::Run,
            signal: None,
            errors: Vec::new(),
            malformed: 0,
            first_written: None,
            last_written: None,
        }
    }

    /// The plan it supervises.
    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    /// Process `i` was launched at `now`: its next generation starts.
    pub fn launched(&mut self, i: usize, now: f64) {
        let p = &mut self.procs[i];
        p.launched = true;
        p.started = now;
        p.exited_at = None;
        p.exits.clear();
        p.next_generation();
        p.busy = (None, 0.0);
        p.stranded = false;
        p.state = follow(p.state, DeviceTransition::Launch);
    }

    /// Takes a message from the reports port at `now`: false (and counted) when it is not a
    /// device's report; anything on the network can reach that port.
    pub fn take(&mut self, message: &[u8], now: f64) -> bool {
        match serde_json::from_slice::<Report>(message) {
            Ok(report) => {
                self.take_report(report, now);
                true
            }
            Err(_) => {
                self.malformed += 1;
                false
            }
        }
    }

    fn take_report(&mut self, report: Report, now: f64) {
        let segment = report.segment as usize;
        let Some(i) = self.procs.iter().position(|p| {
            p.name == report.name && p.generation == report.generation && p.roles.iter().any(|&(s, _)| s == segment)
        }) else {
            return; // an earlier generation's, or no process of this topology's
        };
        let p = &mut self.procs[i];
        p.heard = now;
        for (name, endpoint) in &report.bound {
            self.endpoints[segment].insert(name.clone(), endpoint.clone());
            self.bound_by[segment].insert(name.clone(), p.host.clone());
        }
        if let Some(exit) = &report.exit {
            p.exits.insert(segment, exit.clone());
        }
        self.stop = self.stop.max(report.stop);
        // A replica a change started has joined once it finished its first event.
        let joined = p.joining && report.counters.get("events").is_some_and(|&n| n > 0);
        p.reports.insert(segment, report);
        if joined {
            self.joined(i, now);
        }
        let p = &mut self.procs[i];
        if !p.state.ended() {
            // Its own, as far as the supervisor has not taken it for ended: how it ends is
            // the supervisor's to say, from its exit.
            if let Some(roles) = DeviceState::of_roles(p.reports.values().map(|r| r.state)) {
                if !roles.ended() {
                    p.state = roles;
                }
            }
        }
        if self.sinks.contains(&i) {
            let written = self.written();
            if written > 0 && self.first_written.is_none() {
                self.first_written = Some((now, written, self.cpu_ns()));
            }
            if written > 0 && self.last_written.is_none_or(|(_, w, _)| written > w) {
                self.last_written = Some((now, written, self.cpu_ns()));
            }
        }
    }

    /// The CPU time of every device process as its last report said (one process's roles
    /// report the same): between two moments of a run without restarts, what the topology's
    /// processes spent.
    fn cpu_ns(&self) -> u64 {
        self.procs.iter().map(|p| p.reports.values().map(|r| r.cpu_ns).max().unwrap_or(0)).sum()
    }

    /// The supervisor itself did not run for `stalled` seconds more than a turn takes
    /// (starved for CPU, stopped): that time is no process's silence.
    pub fn forgive(&mut self, stalled: f64) {
        if stalled <= 0.0 {
            return;
        }
        for p in &mut self.procs {
            p.heard += stalled;
            p.started += stalled;
            p.busy.1 += stalled;
        }
    }

    /// Raises the stop asked of the topology to `stop` (a signal, `evflow ctl stop`),
    /// recording `signal` as what interrupted it if nothing did before; whether the stop rose.
    pub fn request_stop(&mut self, stop: Stop, signal: Option<String>) -> bool {
        if self.signal.is_none() {
            self.signal = signal;
        }
        let rose = stop > self.stop;
        self.stop = self.stop.max(stop);
        rose
    }

    /// Whether any process is launched and has not ended.
    pub fn running(&self) -> bool {
        self.procs.iter().any(|p| p.launched && !p.state.ended())
    }

    /// A turn at `now`, with what the launcher says of each process (in the plan's order):
    /// replicas hung on one event, silent processes and exits, and what to do about them.
    pub fn tick(&mut self, now: f64, exits: &[Exited]) -> Vec<Action> {
        let mut actions = Vec::new();
        let running: Vec<bool> = self.procs.iter().map(|p| p.launched && !p.state.ended()).collect();
        self.kill_hung(now, &mut actions);
        self.reap(now, exits, &mut actions);
        self.lost_hosts(now, &running, &mut actions);
        actions
    }

    /// Kills the replicas busy on one event for longer than their device's `event_timeout`,
    /// as the forked engine's monitor does: the replica is then dead, its events go to the
    /// others, and the event's attempts count at its origin.
    fn kill_hung(&mut self, now: f64, actions: &mut Vec<Action>) {
        for i in 0..self.procs.len() {
            let p = &self.procs[i];
            let Some((segment, _)) = p.worker() else { continue };
            let workers = self.plan.segments[segment].workers;
            let Some(limit) = workers.and_then(|d| self.limits[d].event_timeout_s) else { continue };
            if p.state.ended() || !p.launched {
                continue;
            }
            let busy = p.reports.get(&segment).and_then(|r| r.busy);
            let p = &mut self.procs[i];
            if busy != p.busy.0 {
                p.busy = (busy, now);
            } else if let Some(seq) = busy.filter(|_| now - p.busy.1 > limit) {
                actions.push(Action::Warn(format!(
                    "{} spent more than event_timeout = {limit} s on the event of seq {seq}: killing it",
                    p.name
                )));
                actions.push(Action::Kill(i));
                p.busy = (busy, f64::INFINITY); // not killed twice while it dies
            }
        }
    }

    fn reap(&mut self, now: f64, exits: &[Exited], actions: &mut Vec<Action>) {
        for i in 0..self.procs.len() {
            let p = &self.procs[i];
            if p.state.ended() || !p.launched {
                continue;
            }
            let exited = exits.get(i).cloned().unwrap_or_default();
            let mut code = exited.code;
            let exited_at = if code.is_some() { Some(p.exited_at.unwrap_or(now)) } else { p.exited_at };
            // Silence up to its exit, if it exited: a device that lost its controller exits
            // after CONTROLLER_LOST_AFTER, later than the supervisor gives up on a replica;
            // a vital process's exit stops the topology as its loss would.
            let silent = exited_at.unwrap_or(now) - if p.reports.is_empty() { p.started } else { p.heard };
            let told = p.exits.len() == p.roles.len();
            let limit = if p.reports.is_empty() {
                START_GRACE
            } else if self.replaceable(i) {
                LOST_AFTER
            } else {
                VITAL_LOST_AFTER
            };
            let lost = !told && silent > limit.as_secs_f64();
            self.procs[i].exited_at = exited_at;
            if told && code.is_none() {
                // It said how it ended and is leaving (libzmq delivers what it still holds).
                if silent < EXIT_GRACE.as_secs_f64() {
                    continue;
                }
                actions.push(Action::Kill(i));
                code = self.procs[i].exits.values().map(|x| x.code).max();
                self.procs[i].exited_at = Some(now);
            } else if code.is_none() && !lost {
                continue;
            }
            if lost {
                if code.is_none() {
                    actions.push(Action::Kill(i));
                }
                let answers = !self.procs[i].reports.is_empty() && self.replaceable(i) && self.reachable(i);
                let why = if answers { "stopped or hung: its host answers" } else { "its host is unreachable?" };
                let how = Some(format!("sent nothing for {silent:.1} s ({why})"));
                self.ended(i, now, code, how, answers, actions);
                continue;
            }
            let engine = code.and_then(ExitCode::of);
            let since = now - self.procs[i].exited_at.unwrap_or(now);
            if engine.is_some_and(ExitCode::is_error) && !told && since < LOST_AFTER.as_secs_f64() {
                continue; // stopped on an error: its last reports, naming it, may be on their way
            }
            let how = match (engine, code) {
                (Some(e), _) if e.is_engine_end() => None,
                (Some(ExitCode::Orphan), _) => {
                    let limit = (HEARTBEAT * CONTROLLER_LOST_AFTER_HEARTBEATS).as_secs_f64();
                    Some(format!("stopped: it heard nothing from the controller for {limit} s"))
                }
                (_, Some(c)) if c > 0 => Some(exited.described.unwrap_or_else(|| format!("exited with code {c}"))),
                (_, c) => Some(format!("was killed by {}", signal_name(-c.unwrap_or(0)))),
            };
            self.ended(i, now, code, how, true, actions);
        }
    }

    /// Whether the topology goes on without process `i` when it is lost: a processor's
    /// replica or a readout unit, whose events the others take.
    fn replaceable(&self, i: usize) -> bool {
        let p = &self.procs[i];
        let replica = p.roles.iter().any(|(_, r)| matches!(r, Role::Worker(_) | Role::Readout(_)));
        replica && self.plan.devices[p.device].restart != Restart::Never
    }

    /// Whether the launcher can still act on the host of process `i`, which went silent: so
    /// that it was stopped or hung there (and is replaced), not cut off with its host. It can
    /// when the host is this machine outside a network namespace, or when another process
    /// there was heard from at least `LOST_AFTER / 2` after `i` last was (a host whose link
    /// is cut falls silent all at once, within a heartbeat).
    fn reachable(&self, i: usize) -> bool {
        let p = &self.procs[i];
        if self.placement.here.contains(&p.host) && !self.netns.contains(&p.host) {
            return true;
        }
        self.procs.iter().enumerate().any(|(j, q)| {
            j != i
                && q.host == p.host
                && q.state == DeviceState::Running
                && q.heard - p.heard > LOST_AFTER.as_secs_f64() / 2.0
        })
    }

    /// Whether process `i` has ended and is not being started again (by `actions`).
    fn gone(&self, i: usize, actions: &[Action]) -> bool {
        self.procs[i].state.ended() && !actions.contains(&Action::Start(i))
    }

    /// Process `i` ended at `now`: `how` it died (`None`: the engine's own end, normal or on
    /// an error); `restart`: it can be replaced where it ran (its host answers). A retiring
    /// replica is parked, never replaced.
    fn ended(
        &mut self,
        i: usize,
        now: f64,
        code: Option<i32>,
        how: Option<String>,
        restart: bool,
        actions: &mut Vec<Action>,
    ) {
        let retiring = self.procs[i].retiring;
        let worker = self.procs[i].worker();
        let name = self.procs[i].name.clone();
        let Some(how) = how else {
            let failed = code.and_then(ExitCode::of).is_some_and(ExitCode::is_error);
            let p = &mut self.procs[i];
            let end = if failed { DeviceTransition::Fail } else { DeviceTransition::Exit };
            p.state = follow(p.state, end);
            if let Some((segment, slot)) = worker {
                // As the monitor does for a worker that ended: its events are not there any
                // more (the input abandons them if the job stops on an error).
                self.died_on[segment][slot] = None;
                p.generation += 1;
            }
            if failed {
                self.stop = self.stop.max(Stop::Drain);
                let mut errors: Vec<ExitError> = p.exits.values().flat_map(|x| x.errors.clone()).collect();
                if errors.is_empty() {
                    errors.push(engine_error(format!("{name} stopped on an error")));
                }
                self.errors.extend(errors);
            }
            if retiring {
                self.park(i, now);
            }
            return;
        };
        let p = &mut self.procs[i];
        p.state = follow(p.state, DeviceTransition::Lose);
        p.died_at = Some(now);
        if let Some((segment, slot)) = worker {
            self.died_on[segment][slot] = p.reports.get(&segment).and_then(|r| r.busy);
            self.no_fault[segment][slot] = false;
            p.generation += 1;
        }
        if retiring {
            actions.push(Action::Warn(format!("{name} {how} while it retired; its events go to the others")));
            self.park(i, now);
            return;
        }
        let bridge = p.segment_of("bridge");
        // A merger, junction or funnel that is restarted: its inputs send again what its
        // custody did not have, and it makes the same events again under their journaled seqs.
        if self.plan.restarts(p.device) && self.stop == Stop::Run && restart {
            let origin = p.segment_of("input");
            if origin.is_some_and(|s| p.reports.get(&s).is_some_and(|r| r.ended)) {
                // Its origin had ended: the custody after it has every event.
                return;
            }
            if self.may_restart(i) {
                self.restart_joiner(i, now, &how, actions);
            }
            return;
        }
        // A sink that is restarted: it continues its files, the origin sends it the rest.
        let custody = p.segment_of("output").filter(|&s| p.roles.len() == 1 && self.plan.custody_restarts(s));
        if let Some(segment) = custody.filter(|_| self.stop == Stop::Run && restart) {
            let opened =
                p.reports.get(&segment).is_some_and(|r| !matches!(r.state, DeviceState::Idle | DeviceState::Starting));
            if p.resuming && p.generation == 0 && !opened {
                self.errors.push(engine_error(format!(
                    "{name} {how} before it had opened the files it resumes: the topology stops; nothing is lost, \
                     run evflow up --resume again"
                )));
                self.stop = Stop::Abort;
                return;
            }
            if self.may_restart(i) {
                self.restart_custody(i, segment, &how, actions);
            }
            return;
        }
        // A readout unit is restarted like a replica: its events are incomplete meanwhile.
        let segment = worker.map(|(s, _)| s).or(bridge).or(p.segment_of("readout"));
        let device = &self.plan.devices[p.device];
        if segment.is_none() || device.restart == Restart::Never {
            let never = match segment {
                Some(_) => format!(" (device {} has restart = 'never')", device.name),
                None => String::new(),
            };
            let files = self.files_left(i);
            self.errors.push(engine_error(format!("{name} {how}{never}: the topology stops{files}")));
            self.stop = Stop::Abort;
            return;
        }
        let segment = segment.expect("checked above");
        let origin = &self.procs[self.origin[segment]];
        if self.stop != Stop::Run || origin.reports.get(&segment).is_some_and(|r| r.ended) {
            return;
        }
        if !restart {
            // A process that cannot be reached cannot be replaced where it ran; its events go
            // to the other replicas, and without one the topology cannot go on.
            let last = worker.is_some() && self.slots[segment].iter().all(|&j| self.gone(j, actions));
            if bridge.is_some() || last {
                let last = if last { format!(", and no replica of {} is left", device.name) } else { String::new() };
                let files = self.files_left(i);
                self.errors.push(engine_error(format!("{name} {how}{last}: the topology stops{files}")));
                self.stop = Stop::Abort;
            } else {
                actions.push(Action::Warn(format!("{name} {how}; its events go to the others")));
                self.procs[i].stranded = true;
            }
            return;
        }
        if !self.may_restart(i) {
            return;
        }
        if let Some(segment) = bridge {
            self.restart_bridge(i, segment, now, &how, actions);
            return;
        }
        actions.push(Action::Warn(format!("{name} {how}; starting a replacement")));
        self.procs[i].restarts += 1;
        actions.push(Action::Start(i));
    }

    /// What the error reporting the death of process `i` says of the files its steps were
    /// writing: those it left here, or on a host of the launcher's, the names they have there.
    fn files_left(&self, i: usize) -> String {
        let names = self.placement.files.get(i).cloned().unwrap_or_default();
        if names.is_empty() && !self.sinks.contains(&i) {
            return String::new();
        }
        let host = &self.procs[i].host;
        death_note(&names, (!self.placement.here.contains(host)).then_some(host.as_str()))
    }

    /// Counts a restart of process `i`'s device; false (the topology stops) in a crash loop.
    fn may_restart(&mut self, i: usize) -> bool {
        let device = &self.plan.devices[self.procs[i].device];
        let limit = self.limits[self.procs[i].device].max_restarts;
        let window = self.windows.entry(device.name.clone()).or_insert_with(|| RestartWindow::new(limit));
        match window.record(Instant::now()) {
            Ok(()) => true,
            Err(crash_loop) => {
                self.errors.push(engine_error(format!("{} processes {crash_loop}: the topology stops", device.name)));
                self.stop = Stop::Abort;
                false
            }
        }
    }

    /// A dead sink that is restarted: its replacement binds the results port where the first
    /// did (the workers' channels reconnect there), continues its files, and learns from the
    /// origin what it has not acknowledged (docs/topology-design.md, "Custodies that are
    /// restarted").
    fn restart_custody(&mut self, i: usize, segment: usize, how: &str, actions: &mut Vec<Action>) {
        let warning = format!("{} {how}; starting a replacement, which continues its files", self.procs[i].name);
        self.start_on_its_port(i, segment, "results", warning, actions);
    }

    /// A dead merger, junction or funnel: its replacement binds each channel where the first
    /// did (each input's results, its origin's acks), does the sink's handshake with each
    /// input, and makes its events again from what they send again; the replicas it sent to
    /// are restarted for no event's fault (their lanes were the dead origin's), as behind a
    /// dead bridge (docs/topology-design.md, "Mergers, junctions and funnels that are restarted").
    fn restart_joiner(&mut self, i: usize, now: f64, how: &str, actions: &mut Vec<Action>) {
        let name = &self.procs[i].name;
        actions.push(Action::Warn(format!("{name} {how}; starting a replacement, which makes its events again")));
        for (segment, role) in self.procs[i].roles.clone() {
            let channel = if role == Role::Input { "acks" } else { "results" };
            self.remember_port(i, segment, channel);
        }
        let p = &mut self.procs[i];
        p.generation += 1;
        p.restarts += 1;
        actions.push(Action::Start(i));
        if let Some(segment) = self.procs[i].segment_of("input") {
            self.restart_replicas(segment, now, actions);
        }
    }

    /// Starts process `i` again (after `warning`), its channel `channel` of `segment` bound
    /// on the port the first one had, where its peers' channels reconnect.
    fn start_on_its_port(
        &mut self,
        i: usize,
        segment: usize,
        channel: &str,
        warning: String,
        actions: &mut Vec<Action>,
    ) {
        actions.push(Action::Warn(warning));
        self.remember_port(i, segment, channel);
        let p = &mut self.procs[i];
        p.generation += 1;
        p.restarts += 1;
        actions.push(Action::Start(i));
    }

    /// Process `i` binds its channel `channel` of `segment` where it first did, from now on.
    fn remember_port(&mut self, i: usize, segment: usize, channel: &str) {
        let bound = self.endpoints[segment].get(channel).and_then(|e| e.rsplit(':').next()?.parse().ok());
        if let Some(port) = bound {
            self.procs[i].ports.entry(segment as u32).or_insert(port);
        }
    }

    /// A dead bridge lost the dispatches it held: the replicas behind it are restarted (for
    /// no event's fault), so the origin sends their events again, and a new bridge binds the
    /// same relay port, where the origin's channels reconnect.
    fn restart_bridge(&mut self, i: usize, segment: usize, now: f64, how: &str, actions: &mut Vec<Action>) {
        let warning = format!("{} {how}; starting a replacement, and the replicas behind it again", self.procs[i].name);
        self.start_on_its_port(i, segment, "relay", warning, actions);
        self.restart_replicas(segment, now, actions);
    }

    /// Restarts the replicas of `segment` for no event's fault: its origin sends their
    /// events again, counting no attempt. A slot without a process (parked: retired, or on
    /// a standby host; stranded with a lost host) is left as it is; a retiring replica is
    /// killed and parked at `now`, not started again.
    fn restart_replicas(&mut self, segment: usize, now: f64, actions: &mut Vec<Action>) {
        for slot in 0..self.slots[segment].len() {
            let w = self.slots[segment][slot];
            let p = &self.procs[w];
            if p.parked || p.stranded || !p.launched {
                continue;
            }
            actions.push(Action::Kill(w));
            let retiring = p.retiring;
            let p = &mut self.procs[w];
            p.state = follow(p.state, DeviceTransition::Lose);
            self.died_on[segment][slot] = None;
            self.no_fault[segment][slot] = true;
            p.generation += 1;
            if retiring {
                self.park(w, now);
                continue;
            }
            p.restarts += 1;
            actions.push(Action::Start(w));
        }
    }
}

/// An error of the engine's own (no module raised it).
fn engine_error(message: String) -> ExitError {
    ExitError { module: String::new(), message, origin: Default::default() }
}

#[cfg(test)]
#[path = "farm_tests.rs"]
mod tests;
