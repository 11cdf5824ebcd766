//! Changing a topology's processor replicas during a run (docs/topology-design.md, "Changing
//! the farm during a run"): `evflow ctl FILE scale DEVICE N [--host H]` adds replicas in new
//! or parked worker slots and retires others, and every change is recorded for the report.

use serde::Serialize;

use super::farm::{Action, Supervisor};
use super::hosts::HostState;
use super::process::Process;
use crate::control::lifecycle::DeviceState;
use crate::control::plan::Part;
use crate::control::roles::process_name;
use crate::engine::board::Stop;
use crate::engine::Role;
use crate::topology::Transport;

/// Processes a segment on shared memory has room for in its host's session, besides its
/// origin and its custody.
const SHM_SLOTS: usize = evflow_shm::layout::MAX_PROCESSES - 2;

/// A change of the farm during the run, as the report lists it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Change {
    /// When (the controller's clock, seconds).
    pub at: f64,
    /// `scale`, `add-host`, `drain-host`; `joined` (a replica a change started finished its
    /// first event) or `retired` (a retired replica exited).
    pub what: &'static str,
    /// The device, but for a host's change.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub device: Option<String>,
    /// The host.
    pub host: String,
    /// Its replicas on the host before, for a `scale`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub before: Option<u32>,
    /// Its replicas on the host after, for a `scale`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after: Option<u32>,
    /// The process, for a `joined` or a `retired`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub process: Option<String>,
}

impl Change {
    /// A change `what` of `host` at `now`.
    pub fn of_host(what: &'static str, host: &str, now: f64) -> Change {
        Change { at: now, what, device: None, host: host.to_string(), before: None, after: None, process: None }
    }
}

impl Supervisor {
    /// `evflow ctl FILE scale DEVICE N [--host H]` at `now`: sets the replicas of processor
    /// `device` on `host` (or on each of its hosts) to `n`. What to launch, and what it did
    /// (one line per host); or why it is refused, with nothing changed.
    pub fn scale(
        &mut self,
        device: &str,
        n: u32,
        host: Option<&str>,
        now: f64,
    ) -> Result<(Vec<Action>, Vec<String>), String> {
        let (d, segment, hosts) = self.scalable(device, host)?;
        let mut after: u32 = self.active(d, None).len() as u32;
        for h in &hosts {
            after = after - self.active(d, Some(h)).len() as u32 + n;
        }
        if after == 0 {
            return Err(format!(
                "scaling {device} to {n} replicas on {} would leave it with none: a device keeps one \
                 replica or more",
                hosts.join(", ")
            ));
        }
        // The slots added: the replicas added on each host beyond its parked slots.
        let added: usize = (hosts.iter())
            .map(|h| (n as usize).saturating_sub(self.active(d, Some(h)).len() + self.parked(d, h).len()))
            .sum();
        let slots = self.slots[segment].len() + added;
        let limit = if self.plan.segments[segment].transport == Transport::Shm {
            SHM_SLOTS.min(crate::engine::MAX_WORKERS)
        } else {
            crate::engine::MAX_WORKERS
        };
        if slots > limit {
            return Err(format!(
                "{device} would have {slots} worker slots, more than its segment allows ({limit}; retired \
                 replicas keep theirs)"
            ));
        }
        let mut actions = Vec::new();
        let mut told = Vec::new();
        for h in hosts {
            let active = self.active(d, Some(&h));
            let before = active.len() as u32;
            // The highest replica numbers go first.
            for &i in active.iter().rev().take(before.saturating_sub(n) as usize) {
                self.retire(i, now);
            }
            for _ in before..n {
                let i = match self.parked(d, &h).first() {
                    Some(&i) => i,
                    None => self.add_slot(d, segment, &h),
                };
                self.procs[i].take_slot();
                actions.push(Action::Start(i));
            }
            told.push(format!("{device} on {h}: {before} -> {n} replicas"));
            let change = Change {
                before: Some(before),
                after: Some(n),
                device: Some(device.to_string()),
                ..Change::of_host("scale", &h, now)
            };
            self.changes.push(change);
        }
        Ok((actions, told))
    }

    /// The device, its segment and the hosts `scale` changes; or why it may not.
    fn scalable(&self, device: &str, host: Option<&str>) -> Result<(usize, usize, Vec<String>), String> {
        let Some(d) = self.plan.device(device).filter(|&d| self.plan.devices[d].of == device) else {
            let names: Vec<&str> =
                (self.plan.devices.iter()).filter(|d| d.of == d.name).map(|d| d.name.as_str()).collect();
            return Err(format!("the topology has no device {device:?} (its devices: {})", names.join(", ")));
        };
        let planned = &self.plan.devices[d];
        if !planned.scales() {
            let what = match planned.part {
                Part::Path if planned.inputs.is_empty() => "a source",
                Part::Path => "a sink",
                Part::Merger => "a merger",
                Part::Bridge => "a bridge",
                Part::Readout => "a readout unit",
                _ => "not a processor",
            };
            return Err(format!(
                "{device} is {what}: only the replicas of a processor (a device with inputs and outputs) \
                 or of a builder are scaled"
            ));
        }
        let Some(segment) = self.plan.segments.iter().position(|s| s.workers == Some(d)) else {
            return Err(format!("{device} runs in no segment as its workers"));
        };
        if self.stop != Stop::Run {
            return Err("the topology is stopping".into());
        }
        if self.procs[self.origin[segment]].reports.get(&segment).is_some_and(|r| r.ended) {
            return Err(format!("the events of {device}'s input have all been processed: nothing to scale"));
        }
        let hosts = match host {
            // Each of its hosts that is up: a standby host's replicas are started by add-host.
            None => planned.hosts.iter().filter(|h| self.host_state(h) == HostState::Up).cloned().collect(),
            Some(h) if planned.hosts.iter().any(|x| x == h) && self.host_state(h) != HostState::Up => {
                let state = self.host_state(h);
                return Err(format!("host {h} is {state}: start its replicas with add-host first"));
            }
            Some(h) if planned.hosts.iter().any(|x| x == h) => vec![h.to_string()],
            Some(h) if self.hosts.iter().any(|x| x == h) => {
                return Err(format!("{device} runs on host {}, not on {h}", planned.hosts.join(", ")));
            }
            Some(h) => {
                return Err(format!("the topology has no host {h:?} (its hosts: {})", self.hosts.join(", ")));
            }
        };
        Ok((d, segment, hosts))
    }

    /// Retires replica `i` at `now`: it takes no more events, and is parked once it exits;
    /// one that has ended (lost with its host, or exited) has nothing to finish and is parked
    /// now. One that died during the run is being replaced (the controller launches its
    /// replacement after this turn, whatever `scale` says meanwhile): it retires once it
    /// runs, rather than run parked, its slot taken for a process that is not there.
    pub(super) fn retire(&mut self, i: usize, now: f64) {
        let p = &self.procs[i];
        if p.state.ended() && (p.stranded || p.state != DeviceState::Dead) {
            self.park(i, now);
        } else {
            self.procs[i].retiring = true;
        }
    }

    /// The processes of device `d` (on `host`, or on every host) that run or are started:
    /// neither retiring nor parked, in replica order.
    pub(super) fn active(&self, d: usize, host: Option<&str>) -> Vec<usize> {
        let mut found: Vec<usize> = (0..self.procs.len())
            .filter(|&i| {
                let p = &self.procs[i];
                p.device == d && host.is_none_or(|h| p.host == h) && p.takes_events()
            })
            .collect();
        found.sort_by_key(|&i| self.procs[i].replica);
        found
    }

    /// The slots of device `d` on `host` without a process, in replica order: parked (a
    /// retiring one is once it has exited) or stranded (lost with its host).
    fn parked(&self, d: usize, host: &str) -> Vec<usize> {
        let mut found: Vec<usize> = (0..self.procs.len())
            .filter(|&i| {
                let p = &self.procs[i];
                p.device == d && p.host == host && (p.parked || p.stranded) && p.state.ended()
            })
            .collect();
        found.sort_by_key(|&i| self.procs[i].replica);
        found
    }

    /// A new worker slot of device `d` in `segment` on `host`, with the next replica number
    /// there: its process, not launched yet.
    fn add_slot(&mut self, d: usize, segment: usize, host: &str) -> usize {
        let replica =
            (self.procs.iter()).filter(|p| p.device == d && p.host == host).map(|p| p.replica).max().unwrap_or(0) + 1;
        self.plan.segments[segment].slots.push((host.to_string(), replica));
        let slot = self.plan.segments[segment].slots.len() - 1;
        let name = process_name(&self.plan.devices[d].name, host, replica);
        let i = self.procs.len();
        self.procs.push(Process::new(name, d, host.to_string(), replica, vec![(segment, Role::Worker(slot))]));
        self.slots[segment].push(i);
        self.died_on[segment].push(None);
        self.no_fault[segment].push(false);
        i
    }

    /// Replica `i`, started by a change, finished its first event at `now`.
    pub(super) fn joined(&mut self, i: usize, now: f64) {
        self.procs[i].joining = false;
        self.replica_changed("joined", i, now);
    }

    /// A retiring replica `i` ended (exited when told, or died first): its slot is parked,
    /// and the change recorded at `now`.
    pub(super) fn park(&mut self, i: usize, now: f64) {
        let p = &mut self.procs[i];
        (p.retiring, p.parked) = (false, true);
        self.replica_changed("retired", i, now);
    }

    /// Records change `what` of replica `i` at `now`.
    fn replica_changed(&mut self, what: &'static str, i: usize, now: f64) {
        let p = &self.procs[i];
        let device = Some(self.plan.devices[p.device].name.clone());
        self.changes.push(Change { device, process: Some(p.name.clone()), ..Change::of_host(what, &p.host, now) });
    }
}

#[cfg(test)]
#[path = "scale_tests.rs"]
mod tests;
