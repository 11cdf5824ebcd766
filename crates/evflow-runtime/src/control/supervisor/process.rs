//! One device process of a topology as its supervisor knows it: who it is, its roles, its
//! generation, and what its roles last reported, every generation counted.

use std::collections::BTreeMap;

use crate::control::lifecycle::DeviceState;
use crate::engine::board::RESUMED_ITS_RUN;
use crate::engine::device::link::{Exit, Report};
use crate::engine::Role;

/// The counters of a report that count what its process did, summed over the generations of
/// a process that was replaced (with its module statistics); the others mirror the job
/// (`read`, `watermark`, the runs) or are gauges (`queued:N`), and the last generation's stand.
/// A restarted sink counts what its files hold as written (see [`merged`]); its other counts
/// are its generations' (what a killed one decided in its last report's 100 ms is not
/// counted, and what it had not acknowledged is decided, and counted, again).
pub const CARRIED: [&str; 15] = [
    "events",
    "events_rejected",
    "relayed",
    "eb_fragments",
    "eb_bytes",
    "eb_late",
    "eb_copied",
    "eb_built",
    "eb_incomplete",
    "rejected",
    "failed",
    "incomplete",
    "duplicates",
    "quarantined",
    "abandoned",
];

/// The counters of a report that are neither carried nor this generation's alone: what a
/// restarted custody wrote, and the runs it closed (see [`merged`]).
const MERGED: [&str; 3] = ["written", "written_closed", "run_closed"];

/// Counter `key` of a process over its generations: `now`, this generation's last report,
/// and `past`, the ended ones' ([`Process::report`]). [`CARRIED`] counters are summed;
/// `run_closed` is the highest (a restarted custody starts at 0); a restarted custody's
/// `written` is what its files hold: what it continued and wrote, plus, where its files
/// hold only the run it entered (`resumed_as`: a file per run), what the files of the runs
/// closed before hold, as the ended generations last said (`written_closed`), less the run
/// it entered when they had closed it already; until it has resumed, what they said. The
/// others are this generation's.
fn merged(now: Option<&Report>, past: Option<&Report>, key: &str) -> u64 {
    let of = |r: Option<&Report>, key: &str| r.and_then(|r| r.counters.get(key).copied()).unwrap_or(0);
    let (Some(_), Some(_)) = (now, past) else { return of(now.or(past), key) };
    if CARRIED.contains(&key) {
        return of(now, key) + of(past, key);
    }
    // What the files of the runs closed before hold, where the continued files do not.
    let written_before = || match of(now, "resumed_as") {
        RESUMED_ITS_RUN => {
            let entered = of(now, "resumed_run");
            let counted = entered > 0 && entered <= of(past, "run_closed");
            of(past, "written_closed").saturating_sub(if counted { of(now, "resumed") } else { 0 })
        }
        _ => 0,
    };
    match key {
        "run_closed" => of(now, key).max(of(past, key)),
        "written" if of(now, "resumed_as") == 0 => of(past, key),
        "written" => written_before() + of(now, key),
        "written_closed" => match of(now, key) {
            0 => of(past, key),
            closed => written_before() + closed,
        },
        _ => of(now, key),
    }
}

/// A device process: `(device, host, replica)` of the plan.
#[derive(Debug, Clone)]
pub struct Process {
    /// Its name, as `ps` and the status show it (`evf-reco-b-1`).
    pub name: String,
    /// Its device, an index into the plan's devices.
    pub device: usize,
    /// Its host.
    pub host: String,
    /// Its replica number.
    pub replica: u32,
    /// Its `(segment, role)` pairs, an origin's first.
    pub roles: Vec<(usize, Role)>,
    /// Its generation: a replacement's is the next.
    pub generation: u32,
    /// The last report of each of its roles, by segment, of this generation.
    pub reports: BTreeMap<usize, Report>,
    /// What its ended generations did, by segment: the last one's last report, with the
    /// [`CARRIED`] counters and the module statistics summed over all of them.
    pub past: BTreeMap<usize, Report>,
    /// How each role ended, by segment: the exit its last report carried.
    pub exits: BTreeMap<usize, Exit>,
    /// Its state in the device life cycle: the supervisor launches it and takes it for ended;
    /// in between, the state its roles report.
    pub state: DeviceState,
    /// When it was last launched (the caller's clock, seconds).
    pub started: f64,
    /// When its last report came.
    pub heard: f64,
    /// When its launcher said it had exited.
    pub exited_at: Option<f64>,
    /// When it last died (killed, lost, or exited by surprise), kept across its replacements.
    pub died_at: Option<f64>,
    /// Its replacements.
    pub restarts: u32,
    /// The port to bind in each segment, once restarted: a restarted sink binds its results
    /// channel, a bridge its relay, where the first process did.
    pub ports: BTreeMap<u32, u16>,
    /// A replica's: the seq its reports say it is busy on, and since when.
    pub busy: (Option<u64>, f64),
    /// Whether it has been launched.
    pub launched: bool,
    /// A replica the controller retires (`evflow ctl scale`): it takes no more events, and
    /// is parked once it exits.
    pub retiring: bool,
    /// A replica's slot without a process: retired, not started again until a `scale` takes
    /// the slot.
    pub parked: bool,
    /// A replica lost with its host (unreachable): not started again until a `scale` takes
    /// the slot.
    pub stranded: bool,
    /// Parked with its host (standby, or drained): `add-host` starts it again.
    pub with_host: bool,
    /// A replica started by a change (`scale`, `add-host`) that has not finished an event
    /// yet: when it does, the change log says it joined.
    pub joining: bool,
    /// A sink of a resumed topology (`evflow up --resume`) whose first process goes on from
    /// the files it recovered: dead before it opened them, it is not restarted (its
    /// replacement would not continue them) and the topology stops, nothing lost.
    pub resuming: bool,
}

impl Process {
    /// A process not launched yet.
    pub fn new(name: String, device: usize, host: String, replica: u32, roles: Vec<(usize, Role)>) -> Process {
        Process {
            name,
            device,
            host,
            replica,
            roles,
            generation: 0,
            reports: BTreeMap::new(),
            past: BTreeMap::new(),
            exits: BTreeMap::new(),
            state: DeviceState::Idle,
            started: 0.0,
            heard: 0.0,
            exited_at: None,
            died_at: None,
            restarts: 0,
            ports: BTreeMap::new(),
            busy: (None, 0.0),
            launched: false,
            retiring: false,
            parked: false,
            stranded: false,
            with_host: false,
            joining: false,
            resuming: false,
        }
    }

    /// A change takes its slot for a new replica (`scale`, `add-host`): it is started, and
    /// joins once it has finished an event.
    pub fn take_slot(&mut self) {
        (self.parked, self.retiring, self.with_host, self.stranded) = (false, false, false, false);
        self.joining = true;
    }

    /// Whether it runs or is started to take events: neither retiring, parked nor stranded.
    pub fn takes_events(&self) -> bool {
        !self.retiring && !self.parked && !self.stranded
    }

    /// `(segment, slot)` of a processor replica.
    pub fn worker(&self) -> Option<(usize, usize)> {
        self.roles.iter().find_map(|&(s, r)| match r {
            Role::Worker(w) => Some((s, w)),
            _ => None,
        })
    }

    /// The segment of its first role of kind `role` (`Role::label`).
    pub fn segment_of(&self, role: &str) -> Option<usize> {
        self.roles.iter().find(|(_, r)| r.label() == role).map(|&(s, _)| s)
    }

    /// Its role's last report in `segment`, counting every generation (see
    /// [`Process::past`]); `None` before its first.
    pub fn report(&self, segment: usize) -> Option<Report> {
        let (now, past) = (self.reports.get(&segment), self.past.get(&segment));
        let (Some(now), Some(past)) = (now, past) else {
            return now.or(past).cloned();
        };
        let mut report = now.clone();
        let reported = |key: &&&str| now.counters.contains_key(**key) || past.counters.contains_key(**key);
        for key in CARRIED.iter().chain(MERGED.iter().filter(reported)) {
            report.counters.insert(key.to_string(), merged(Some(now), Some(past), key));
        }
        // Each step's (calls, failed, ns); a step missing from one report counts nothing there.
        let steps = now.modules.len().max(past.modules.len());
        report.modules = (0..steps)
            .map(|i| {
                let (a, b) =
                    (now.modules.get(i).copied().unwrap_or_default(), past.modules.get(i).copied().unwrap_or_default());
                (a.0 + b.0, a.1 + b.1, a.2 + b.2)
            })
            .collect();
        Some(report)
    }

    /// Keeps what the generation that ended did ([`Process::past`]) before the next starts.
    pub fn next_generation(&mut self) {
        let ended: Vec<usize> = self.reports.keys().copied().collect();
        for segment in ended {
            if let Some(report) = self.report(segment) {
                self.past.insert(segment, report);
            }
        }
        self.reports.clear();
    }

    /// The sum of counter `key` over its roles of kind `role` (`Role::label`), every
    /// generation's.
    pub fn counter(&self, role: &str, key: &str) -> u64 {
        self.roles.iter().filter(|(_, r)| r.label() == role).map(|&(s, _)| self.count(s, key)).sum()
    }

    /// Counter `key` of its role's report in `segment` as [`Process::report`] counts it,
    /// without building the report: the controller reads counters every turn.
    pub fn count(&self, segment: usize, key: &str) -> u64 {
        merged(self.reports.get(&segment), self.past.get(&segment), key)
    }

    /// The segments it reported in, this generation or an earlier one.
    pub fn segments(&self) -> std::collections::BTreeSet<usize> {
        self.reports.keys().chain(self.past.keys()).copied().collect()
    }

    /// Counter `key` of its role's report in `segment`, this generation's only.
    pub fn current(&self, segment: usize, key: &str) -> u64 {
        self.reports.get(&segment).and_then(|r| r.counters.get(key).copied()).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::RESUMED_EVERY_RUN;

    /// A custody's report with `counters`.
    fn output(counters: serde_json::Value) -> Report {
        serde_json::from_value(serde_json::json!({
            "name": "evf-store-a-1", "segment": 0, "role": "output", "worker": null, "generation": 0,
            "pid": 100, "busy": null, "bound": {}, "state": "running", "failed": false,
            "stop": "run", "ended": false, "counters": counters, "modules": [], "exit": null,
        }))
        .expect("a report")
    }

    /// The written count of a sink restarted in each of the ways a held topology allows,
    /// against what its files hold (`docs/topology-design.md`, "Custodies that are
    /// restarted"): the ended generations wrote runs 1 (100 events) and 2 (50 so far).
    #[test]
    fn a_restarted_sink_counts_what_its_files_hold() {
        let past = output(serde_json::json!({"written": 130, "written_closed": 100, "run_closed": 1, "duplicates": 2}));
        let count = |now: serde_json::Value, key| merged(Some(&output(now)), Some(&past), key);
        // Run 2 going, a file per run: its 50 continued, 10 more written; run 1's file counted too.
        let its_run = RESUMED_ITS_RUN;
        let mid_run = serde_json::json!({"written": 60, "resumed": 50, "resumed_run": 2, "resumed_as": its_run});
        assert_eq!(count(mid_run.clone(), "written"), 160);
        assert_eq!(count(mid_run, "run_closed"), 1, "the highest closed");
        // One file for every run: it holds them all.
        let one_file =
            serde_json::json!({"written": 160, "resumed": 150, "resumed_run": 2, "resumed_as": RESUMED_EVERY_RUN});
        assert_eq!(count(one_file, "written"), 160);
        // Run 1's end not acknowledged, its file closed and counted already: kept, not counted twice.
        let closed_again = serde_json::json!({"written": 100, "resumed": 100, "resumed_run": 1, "resumed_as": its_run,
            "written_closed": 100, "run_closed": 1});
        assert_eq!(count(closed_again.clone(), "written"), 100);
        assert_eq!(count(closed_again, "written_closed"), 100);
        // Not resumed yet: what the ended generations said.
        assert_eq!(count(serde_json::json!({"written": 0}), "written"), 130);
        // Carried counts are summed; the rest are this generation's.
        assert_eq!(count(serde_json::json!({"duplicates": 3, "read": 7}), "duplicates"), 5);
        assert_eq!(count(serde_json::json!({"read": 7}), "read"), 7);
    }
}
