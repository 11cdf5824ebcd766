//! What a topology's supervisor shows: each segment's view for its devices, `evflow ctl
//! status`'s rows, the live snapshot the metrics serve, and the job's counts for the summary.

use std::collections::BTreeMap;

use super::farm::Supervisor;
use super::hosts::HostState;
use crate::control::lifecycle::DeviceState;
use crate::control::plan::{Part, Segment};
use crate::engine::board::Stop;
use crate::engine::device::link::{Report, RunsView, View, WorkerView};
use crate::engine::Role;
use crate::live::{Live, LiveProcess, Placed, UnitLive};
use crate::report::{ModuleStats, WorkerStats};

/// An event-building unit's counters in its reports (`eb_<name>`; docs/eventbuilding.md,
/// "Metrics").
const UNIT_COUNTS: [&str; 6] = ["fragments", "bytes", "late", "copied", "built", "incomplete"];

/// `evflow ctl status`'s row of a device process.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The process name.
    pub name: String,
    /// Its device.
    pub device: String,
    /// Its host.
    pub host: String,
    /// Its replica number.
    pub replica: u32,
    /// Its host's state.
    pub host_state: HostState,
    /// Its pid on its host, once it reported.
    pub pid: Option<i32>,
    /// Its state.
    pub state: DeviceState,
    /// Events it took in.
    pub events_in: u64,
    /// Events it passed on (a sink: wrote).
    pub events_out: u64,
    /// Its replacements.
    pub restarts: u32,
    /// Its generation.
    pub generation: u32,
}

impl Supervisor {
    /// The segment a broadcast follower's origin reads from (the tee's reading segment).
    fn reader(&self, segment: &Segment) -> Option<usize> {
        segment.tee.filter(|t| t.follower.is_some()).map(|t| t.reader)
    }

    /// The origin's report in `segment`, this generation's.
    fn origin_report(&self, segment: usize) -> Option<&Report> {
        self.procs[self.origin[segment]].reports.get(&segment)
    }

    /// Counter `key` of `segment`'s custody, over its processes' generations.
    fn custody_count(&self, segment: usize, key: &str) -> u64 {
        let custody = self.procs.iter().find(|p| p.roles.contains(&(segment, Role::Output)));
        custody.map_or(0, |p| p.count(segment, key))
    }

    /// The last run `segment`'s custody closed, over its processes' generations.
    fn custody_closed(&self, segment: usize) -> u32 {
        self.custody_count(segment, "run_closed").try_into().unwrap_or(u32::MAX)
    }

    /// Whether what feeds `segment`'s origin has ended: the segments into its merger, or the
    /// broadcast's reading segment.
    fn fed_ended(&self, segment: &Segment) -> bool {
        let mut feeding: Vec<usize> = self.reader(segment).into_iter().collect();
        feeding.extend(self.plan.segments.iter().filter(|s| s.custody == segment.origin).map(|s| s.index));
        feeding.iter().all(|&s| self.origin_report(s).is_some_and(|r| r.ended))
    }

    /// Each segment's view as the devices read it (`view/N/`, and the view), with the held
    /// topology's runs: the last run started, its number, and the last run stopping.
    pub fn views(&self) -> Vec<(String, View)> {
        let (started, stopping) = (self.runs.started_in_view(), self.runs.stopping);
        let number = self.runs.number.unwrap_or(0);
        let failed = !self.errors.is_empty() || self.procs.iter().any(|p| p.reports.values().any(|r| r.failed));
        let hold = self.plan.hold;
        let mut views = Vec::new();
        for segment in &self.plan.segments {
            let i = segment.index;
            let workers = (self.slots[i].iter().enumerate())
                .map(|(slot, &w)| {
                    let p = &self.procs[w];
                    let pid = p.reports.get(&i).filter(|_| !p.state.ended()).map_or(0, |r| r.pid);
                    WorkerView {
                        generation: p.generation,
                        pid,
                        died_on: self.died_on[i][slot],
                        no_fault: self.no_fault[i][slot],
                        retire: p.retiring || p.parked,
                    }
                })
                .collect();
            // A drain stops the sources; a merger's origin, or a broadcast's follower, goes
            // on until what feeds it ends (held: it is told to stop once that has, its runs
            // all ended).
            let part = self.plan.devices[segment.origin].part;
            let is_source = matches!(part, Part::Path | Part::EventManager) && self.reader(segment).is_none();
            let mut stop = if is_source || self.stop >= Stop::Abort { self.stop } else { Stop::Run };
            if !is_source && hold && self.stop != Stop::Run && self.fed_ended(segment) {
                stop = self.stop;
            }
            let origin = self.origin_report(i);
            let counter = |key: &str| origin.and_then(|r| r.counters.get(key).copied()).unwrap_or(0);
            let closed = self.custody_closed(i);
            let view = View {
                stop,
                signal: self.signal.clone(),
                failed,
                ended: origin.is_some_and(|r| r.ended),
                read: counter("read"),
                watermark: self.custody_count(i, "watermark"),
                acknowledged: counter("acknowledged"),
                workers,
                endpoints: self.endpoints[i].clone().into_iter().collect(),
                hosts: self.bound_by[i].clone().into_iter().collect(),
                runs: RunsView {
                    held: hold,
                    started,
                    number,
                    // A merger's origin ends a run when its inputs all have.
                    stopping: if is_source { stopping } else { 0 },
                    // A restarted origin serves the first run its custody has not closed.
                    drained: (counter("run_drained") as u32).max(closed),
                    closed,
                },
            };
            views.push((format!("view/{i}/"), view));
        }
        views
    }

    /// Every process's row, as `evflow ctl status` shows it.
    pub fn rows(&self) -> Vec<Row> {
        (self.procs.iter())
            // A replica a scale retired leaves the list once it has exited; one parked with its
            // host (standby, drained) stays, without a process, for add-host to start again.
            .filter(|p| !(p.parked && !p.with_host && p.state.ended()))
            .map(|p| {
                let relayed = p.counter("bridge", "relayed");
                let processed = p.counter("worker", "events") + relayed;
                // A processor's events out are those it passed on, not those it rejected.
                let passed = processed.saturating_sub(p.counter("worker", "events_rejected"));
                let written = p.counter("output", "written");
                let read = p.counter("input", "read") + p.counter("readout", "read");
                // A sink's events out are those it wrote; a merger's, those it sent on.
                let has_input = p.roles.iter().any(|(_, r)| *r == Role::Input);
                Row {
                    name: p.name.clone(),
                    device: self.plan.devices[p.device].name.clone(),
                    host: p.host.clone(),
                    replica: p.replica,
                    host_state: self.host_state(&p.host),
                    pid: p.reports.values().next().filter(|_| !p.parked).map(|r| r.pid),
                    state: p.state,
                    events_in: written + processed,
                    events_out: read + passed + if has_input { 0 } else { written },
                    restarts: p.restarts,
                    generation: p.generation,
                }
            })
            .collect()
    }

    /// Events the sources read, each once (a broadcast's followers read them again from its
    /// tee; a merger's and an event manager's origins read none of their own).
    pub fn read(&self) -> u64 {
        (self.plan.segments.iter())
            .filter(|s| self.plan.devices[s.origin].part == Part::Path && self.reader(s).is_none())
            .map(|s| self.procs[self.origin[s.index]].current(s.index, "read"))
            .sum()
    }

    /// Events the sinks wrote, every generation's.
    pub fn written(&self) -> u64 {
        self.sinks.iter().map(|&i| self.procs[i].counter("output", "written")).sum()
    }

    /// Seqs read and not completed (a second signal stops at once): those each sink listed,
    /// and those its source read after the sink last heard how many it had read.
    pub fn not_completed(&self) -> Vec<u64> {
        let mut seqs = Vec::new();
        for s in self.plan.segments.iter().filter(|s| self.plan.devices[s.custody].part == Part::Path) {
            let Some(&sink) = self.sinks.iter().find(|&&i| self.procs[i].roles.contains(&(s.index, Role::Output)))
            else {
                continue;
            };
            let sink = &self.procs[sink];
            let listed = sink.exits.get(&s.index).map(|x| x.not_completed.clone()).unwrap_or_default();
            let seen = sink.current(s.index, "read");
            let read = self.procs[self.origin[s.index]].current(s.index, "read");
            let any = !listed.is_empty();
            seqs.extend(listed);
            if any || self.stop >= Stop::Abort {
                seqs.extend(seen..read);
            }
        }
        seqs.sort_unstable();
        seqs.dedup();
        seqs
    }

    /// The topology as a live snapshot (docs/operations.md, "One source"), from its
    /// processes' last reports, every generation counted: what the metrics server shows. A
    /// role whose process has not reported yet (a replacement) is shown by its
    /// predecessor's last report, as not running.
    pub fn live(&self) -> Live {
        let mut live = Live::default();
        let mut workers: BTreeMap<(usize, usize), WorkerStats> = BTreeMap::new();
        let mut queued: BTreeMap<(usize, usize), u64> = BTreeMap::new();
        let mut slot_of = Vec::new(); // (place in live.processes, (segment, slot)) of a worker
        for (k, p) in self.procs.iter().enumerate() {
            let device = &self.plan.devices[p.device];
            let running = !p.state.ended() && p.state != DeviceState::Idle;
            let mut usage_shown = false;
            for index in p.segments() {
                let (Some(report), Some(&(_, role))) = (p.report(index), p.roles.iter().find(|(s, _)| *s == index))
                else {
                    continue;
                };
                let count = |key: &str| report.counters.get(key).copied().unwrap_or(0);
                let r = &mut live.report;
                match role {
                    Role::Readout(_) if device.inputs.is_empty() => r.read += count("read"),
                    Role::Input => {
                        if device.part == Part::Path && device.inputs.is_empty() {
                            r.read += count("read");
                        }
                        r.retried += count("retried");
                        r.quarantined += count("quarantined");
                        for (key, value) in &report.counters {
                            if let Some(Ok(slot)) = key.strip_prefix("queued:").map(str::parse) {
                                queued.insert((index, slot), *value);
                            }
                        }
                    }
                    Role::Output => {
                        if self.sinks.contains(&k) {
                            r.written += count("written");
                        }
                        r.rejected += count("rejected");
                        r.failed += count("failed");
                        r.duplicates += count("duplicates");
                        live.incomplete += count("incomplete");
                        live.abandoned += count("abandoned");
                    }
                    Role::Worker(_) => {
                        let stats = WorkerStats {
                            events: count("events"),
                            restarts: p.restarts.into(),
                            rejected: count("events_rejected"),
                        };
                        workers.insert((index, report.worker.unwrap_or(0)), stats);
                        slot_of.push((live.processes.len(), (index, report.worker.unwrap_or(0))));
                    }
                    Role::Readout(_) | Role::Bridge => {}
                }
                let names = &self.placement.steps.get(index);
                let modules = (report.modules.iter().enumerate())
                    .map(|(i, &(calls, failed, ns))| ModuleStats {
                        name: names.and_then(|n| n.get(i)).cloned().unwrap_or_else(|| format!("step {i}")),
                        calls,
                        failed,
                        total_s: ns as f64 * 1e-9,
                        rss_growth_bytes: 0,
                    })
                    .collect();
                // Its CPU and memory as its host read them, on its first role's entry only (a
                // merger's roles are one process); none from a host without /proc.
                let usage =
                    (!usage_shown && report.rss_bytes > 0).then(|| (report.cpu_ns as f64 / 1e9, report.rss_bytes));
                usage_shown |= usage.is_some();
                let unit = match role {
                    Role::Readout(_) => Some("readout"),
                    Role::Worker(_) if device.part == Part::Builder => Some("builder"),
                    _ => None,
                };
                // Both units' roles are in the segment whose workers are the builder.
                let batch = self.plan.segments[index].workers.map_or(0, |b| self.limits[b].batch);
                live.processes.push(LiveProcess {
                    name: report.name.clone(),
                    pid: report.pid,
                    running: running && p.reports.contains_key(&index),
                    worker: report.worker,
                    role: role.label(),
                    modules,
                    placed: Some(Placed { device: device.name.clone(), host: p.host.clone() }),
                    usage,
                    unit: unit.map(|unit| UnitLive {
                        unit,
                        batch,
                        counts: UNIT_COUNTS.iter().map(|&key| (key, count(&format!("eb_{key}")))).collect(),
                    }),
                });
            }
        }
        let slots: Vec<(usize, usize)> = workers.keys().copied().collect();
        for (place, slot) in slot_of {
            // Numbered as the snapshot's workers list them.
            let process = &mut live.processes[place];
            process.worker = slots.iter().position(|s| *s == slot);
            if let Some(unit) = &mut process.unit {
                let limit = self.placement.worker_queue.get(slot.0).copied().unwrap_or(0) as u64;
                unit.counts.push(("credits", limit.saturating_sub(queued.get(&slot).copied().unwrap_or(0))));
            }
        }
        live.report.workers = workers.into_values().collect();
        live.report.restarts = self.procs.iter().map(|p| u64::from(p.restarts)).sum();
        live.report.processes = self.slots.iter().flatten().filter(|&&i| !self.procs[i].parked).count() as u64;
        live.queued = slots.iter().map(|s| queued.get(s).copied().unwrap_or(0)).collect();
        live.worker_queue = (self.plan.segments.iter())
            .filter(|s| !s.slots.is_empty())
            .filter_map(|s| self.placement.worker_queue.get(s.index).copied())
            .max()
            .unwrap_or(0);
        live
    }
}
