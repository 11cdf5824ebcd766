//! A topology's hosts during a run (docs/topology-design.md, "Hosts"): standby hosts started
//! by `evflow ctl FILE add-host`, hosts drained by `drain-host`, and what `ctl status` says of
//! each.

use super::farm::{Action, Supervisor};
use super::process::Process;
use super::scale::Change;
use super::HOST_LOST_WITHIN;
use crate::control::lifecycle::DeviceState;
use crate::engine::board::Stop;
use crate::engine::Role;

/// What a host is told to be; `lost` and `standby` after a drain are seen, not told.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HostState {
    /// Its processes run.
    Up,
    /// Nothing started on it until `add-host` (the file's `standby = true`, or drained).
    Standby,
    /// Its processors retire (`drain-host`); standby once they all have exited.
    Draining,
    /// Its processes died at once, or all fell silent: lost until one of them runs again
    /// (restarted where the host answers, or by `add-host`).
    Lost,
}

impl HostState {
    /// As `ctl status --json` gives it: `up`, `standby`, `draining` or `lost`.
    pub fn name(self) -> &'static str {
        match self {
            HostState::Up => "up",
            HostState::Standby => "standby",
            HostState::Draining => "draining",
            HostState::Lost => "lost",
        }
    }
}

impl std::fmt::Display for HostState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl Supervisor {
    /// The state of `host` as `ctl status` shows it: what it was told, as its processes
    /// bear it out (a drained host is standby once its processors have exited; a lost one is
    /// up again once one of them runs; one whose processes were all lost with it is lost).
    pub fn host_state(&self, host: &str) -> HostState {
        let there = || self.procs.iter().filter(move |p| p.host == host);
        match self.host_states.get(host).copied().unwrap_or(HostState::Up) {
            HostState::Standby => HostState::Standby,
            HostState::Draining if there().any(|p| p.retiring) => HostState::Draining,
            HostState::Draining => HostState::Standby,
            HostState::Lost if !there().any(|p| p.state == DeviceState::Running) => HostState::Lost,
            HostState::Up | HostState::Lost => {
                let mut placed = there().filter(|p| !p.parked).peekable();
                if placed.peek().is_some() && placed.all(|p| p.stranded) {
                    HostState::Lost
                } else {
                    HostState::Up
                }
            }
        }
    }

    /// Hosts lost at `now` (docs/topology-design.md, "Hosts"): a process that ran there
    /// before this turn (`running`, by process) died in it, and every process placed there
    /// (two or more) died within [`HOST_LOST_WITHIN`] of now, or was lost with its host.
    /// Each is recorded and said once; its replicas are restarted where the host answers,
    /// and wait for `add-host` where it does not.
    pub(super) fn lost_hosts(&mut self, now: f64, running: &[bool], actions: &mut Vec<Action>) {
        let mut hosts: Vec<String> = Vec::new();
        for (i, p) in self.procs.iter().enumerate() {
            if running.get(i) == Some(&true) && p.state == DeviceState::Dead && !hosts.contains(&p.host) {
                hosts.push(p.host.clone());
            }
        }
        let within = HOST_LOST_WITHIN.as_secs_f64();
        for host in hosts {
            let there: Vec<&Process> =
                self.procs.iter().filter(|p| p.host == host && !p.parked && p.launched).collect();
            let together = there.iter().all(|p| p.died_at.is_some_and(|t| now - t <= within));
            let stranded = there.iter().all(|p| p.stranded);
            // Said already if recorded since the first of these deaths.
            let first = there.iter().filter_map(|p| p.died_at).fold(now, f64::min);
            let told = self.changes.iter().any(|c| c.what == "host-lost" && c.host == host && c.at >= first);
            if there.len() < 2 || !(together || stranded) || told {
                continue;
            }
            let dead = there.len();
            let then = if stranded {
                format!("`evflow ctl FILE add-host {host}` brings it back once it answers")
            } else {
                "they are started there again".to_string()
            };
            actions.push(Action::Warn(format!(
                "host {host} is lost: its {dead} processes died at once; their events go to the other hosts, {then}"
            )));
            self.host_states.insert(host.clone(), HostState::Lost);
            self.changes.push(Change::of_host("host-lost", &host, now));
        }
    }

    /// Whether process `i` waits on a standby host: not started with the topology.
    pub fn standing_by(&self, i: usize) -> bool {
        let p = &self.procs[i];
        p.parked && !p.launched
    }

    /// `evflow ctl FILE add-host NAME` at `now`: starts the processors of a standby or lost
    /// host again: those the file plans there or a drain retired, and those lost with it
    /// (not those a `scale` retired); on a host that is up again, those still lost with it
    /// (one of its processes was restarted there while its link was cut, and runs once the
    /// link is back). They join the running topology. What to launch, or why not.
    pub fn add_host(&mut self, host: &str, now: f64) -> Result<Vec<Action>, String> {
        self.known_host(host)?;
        let state = self.host_state(host);
        if state == HostState::Draining {
            return Err(format!("host {host} is draining: add it again once it is standby"));
        }
        let waiting: Vec<usize> = (0..self.procs.len())
            .filter(|&i| {
                let p = &self.procs[i];
                p.host == host
                    && p.worker().is_some()
                    && (p.with_host || p.stranded)
                    && (p.state.ended() || !p.launched)
            })
            .collect();
        if waiting.is_empty() && state == HostState::Up {
            return Err(format!("host {host} is up: its processes run already"));
        }
        if waiting.is_empty() {
            return Err(format!("host {host} runs no processor of this topology: nothing to start there"));
        }
        for &i in &waiting {
            self.procs[i].take_slot();
        }
        self.host_states.insert(host.to_string(), HostState::Up);
        self.changes.push(Change::of_host("add-host", host, now));
        Ok(waiting.into_iter().map(Action::Start).collect())
    }

    /// `evflow ctl FILE drain-host NAME` at `now`: retires every processor replica on `host`;
    /// refused while it runs anything else, or holds a device's last replicas. The processes
    /// retired.
    pub fn drain_host(&mut self, host: &str, now: f64) -> Result<Vec<String>, String> {
        self.known_host(host)?;
        let state = self.host_state(host);
        if state != HostState::Up {
            return Err(format!("host {host} is {state}: only a host that is up is drained"));
        }
        let holders: Vec<String> = (self.procs.iter())
            .filter(|p| p.host == host && !p.roles.iter().all(|(_, r)| matches!(r, Role::Worker(_))))
            .map(|p| format!("{} ({})", p.name, self.plan.devices[p.device].name))
            .collect();
        if !holders.is_empty() {
            return Err(format!(
                "host {host} runs {}: only a host that runs processors and builders alone can be drained",
                holders.join(", ")
            ));
        }
        let retiring: Vec<usize> =
            (0..self.procs.len()).filter(|&i| self.procs[i].host == host && self.procs[i].takes_events()).collect();
        for &i in &retiring {
            let d = self.procs[i].device;
            let elsewhere = self.active(d, None).into_iter().filter(|j| self.procs[*j].host != host).count();
            if elsewhere == 0 {
                let device = &self.plan.devices[d].name;
                return Err(format!(
                    "draining {host} would leave {device} with no replica: scale it up elsewhere first"
                ));
            }
        }
        if self.stop != Stop::Run {
            return Err("the topology is stopping".into());
        }
        let mut names = Vec::new();
        for i in retiring {
            names.push(self.procs[i].name.clone());
            self.retire(i, now);
            self.procs[i].with_host = true;
        }
        self.host_states.insert(host.to_string(), HostState::Draining);
        self.changes.push(Change::of_host("drain-host", host, now));
        Ok(names)
    }

    fn known_host(&self, host: &str) -> Result<(), String> {
        if self.hosts.iter().any(|h| h == host) {
            return Ok(());
        }
        Err(format!("the topology has no host {host:?} (its hosts: {})", self.hosts.join(", ")))
    }
}

#[cfg(test)]
#[path = "hosts_tests.rs"]
mod tests;
