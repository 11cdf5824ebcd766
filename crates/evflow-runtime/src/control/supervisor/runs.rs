//! A topology's runs (docs/topology.md, "Runs"): a held topology's (`evflow up --hold`) are
//! started and stopped by `evflow ctl`; any other runs one run, started once every process it
//! launched is configured. Each moves through the run table of `control::lifecycle` as the
//! topology drains and its sinks close it.

use super::farm::Supervisor;
use crate::control::lifecycle::{self, DeviceState, RunState, RunTransition as RT};
use crate::engine::board::Stop;
use std::collections::BTreeSet;

/// The runs of a topology.
#[derive(Debug, Clone)]
pub struct Runs {
    /// Whether `evflow ctl` starts and stops them (`--hold`).
    pub held: bool,
    /// The last run's state.
    pub state: RunState,
    /// Runs started, counted from 1: the last run's index.
    pub started: u32,
    /// The last run's number (`None` until a held topology starts one: the events carry
    /// their sources' numbers).
    pub number: Option<u32>,
    /// The index of the last run asked to stop.
    pub stopping: u32,
    /// The last run whose end was told.
    told: u32,
    /// Events written when the last run told had started.
    written_before: u64,
    /// The run numbers this topology has taken.
    taken: BTreeSet<u32>,
}

impl Runs {
    /// The runs of a topology, none started yet.
    pub fn new(held: bool) -> Runs {
        let state = RunState::Configured;
        Runs { held, state, started: 0, number: None, stopping: 0, told: 0, written_before: 0, taken: BTreeSet::new() }
    }

    /// The last run started, as the devices' views say it: a topology that is not held has
    /// one, started once every process was configured ([`Supervisor::begin_run`]).
    pub fn started_in_view(&self) -> u32 {
        match self.held {
            true => self.started,
            false => u32::from(self.state != RunState::Configured),
        }
    }
}

impl Supervisor {
    /// A topology that is not held starts its one run once no process it launched is still
    /// starting (each has initialized its modules, bound and connected): no device misses the
    /// first events, and none waits on another that is still starting (an event builder's
    /// timeout for a readout's fragments, say), however long a host takes to start a process.
    /// A replacement, or a replica added, joins the run going. Whether it started now.
    pub fn begin_run(&mut self) -> bool {
        let starting = self.procs.iter().any(|p| p.launched && p.state == DeviceState::Starting);
        if self.runs.held || self.runs.state != RunState::Configured || self.stop != Stop::Run || starting {
            return false;
        }
        self.runs.state = lifecycle::follow(self.runs.state, RT::Start);
        true
    }

    /// `evflow ctl start --run number`: the held topology's sources read, their events
    /// carrying `number`, until `evflow ctl stop`; the run's state, or why it may not start.
    /// `files`: the run's files that exist already (a run of an earlier `evflow up`). A number
    /// this topology has taken, or with files, is refused unless `overwrite`: its files would
    /// be replaced.
    pub fn start_run(&mut self, number: u32, files: &[String], overwrite: bool) -> Result<RunState, String> {
        if self.stop != Stop::Run {
            return Err("the topology is stopping".into());
        }
        let last = self.runs.number.map_or("None".into(), |n| n.to_string());
        let state =
            lifecycle::next(self.runs.state, RT::Start).map_err(|e| e.about(format!("run {last}")).to_string())?;
        let taken = self.runs.taken.contains(&number);
        if !overwrite && (taken || !files.is_empty()) {
            let mut why = Vec::new();
            if taken {
                why.push("was already taken by this topology".to_string());
            }
            if !files.is_empty() {
                why.push(format!("has files already ({})", files.join(", ")));
            }
            return Err(format!(
                "run {number} {}: starting it would replace its files; choose another run number, or add \
                 --overwrite (evflow ctl FILE start --run N --overwrite)",
                why.join(" and ")
            ));
        }
        self.runs.state = state;
        self.runs.started += 1;
        self.runs.number = Some(number);
        self.runs.taken.insert(number);
        Ok(state)
    }

    /// `evflow ctl stop` in a held topology with a run going: the run stops (its sources stop
    /// reading, the events in flight are written, its files closed); `(its index, its
    /// number)`. `None`: there is no run to stop.
    pub fn stop_run(&mut self) -> Option<(u32, Option<u32>)> {
        self.runs.state = lifecycle::next(self.runs.state, RT::Stop).ok().filter(|_| self.runs.held)?;
        self.runs.stopping = self.runs.started;
        Some((self.runs.started, self.runs.number))
    }

    /// The last run every sink has closed (its files closed).
    pub fn run_closed(&self) -> u32 {
        let closed = self.sinks.iter().map(|&i| self.procs[i].counter("output", "run_closed"));
        closed.min().unwrap_or(0).try_into().unwrap_or(u32::MAX)
    }

    /// Moves the run as the topology goes (the table refuses what is not due), once a turn: a
    /// drain stops it (a signal, an error, `evflow ctl stop`); it has stopped once every sink
    /// closed it and every device process that runs says it is stopped. What to tell when a
    /// run has ended everywhere.
    pub fn follow_runs(&mut self) -> Option<String> {
        if self.stop != Stop::Run {
            self.runs.state = lifecycle::follow(self.runs.state, RT::Stop);
        }
        // A process on a standby host (idle) takes no part in runs.
        let running = self.rows().into_iter().map(|r| r.state).filter(|s| !s.ended() && *s != DeviceState::Idle);
        let closed = self.run_closed();
        if closed >= self.runs.started && DeviceState::of_roles(running) == Some(DeviceState::Stopped) {
            self.runs.state = lifecycle::follow(self.runs.state, RT::Close);
        }
        if closed <= self.runs.told {
            return None;
        }
        self.runs.told = closed;
        let written = self.written();
        let run = self.runs.number.map_or("run".into(), |n| format!("run {n}"));
        let told = format!("{run} stopped: {} events written, files closed", written - self.runs.written_before);
        self.runs.written_before = written;
        Some(told)
    }
}
