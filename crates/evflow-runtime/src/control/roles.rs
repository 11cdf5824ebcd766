//! What a role of a device process runs, from the plan (docs/controller.md, "The plan"): its
//! segment's path as the plan lays it out (each device's own steps and the steps of the
//! built-in devices), the engine's options for it, its session and its process names. The
//! device process fills the path in with its steering files' steps and runs it; the forked
//! engine runs the one segment of a topology on one host from the same options.

use super::plan::{Part, Plan, Segment, Tee};
use crate::engine::eventbuilding::EventBuilding;
use crate::engine::{self, ParallelOptions, PartNames, Parts, Role};
use crate::job::OnError;
use crate::topology::{Device, Topology, Transport};
use std::time::Duration;

/// Events a processor replica on another host holds: enough to cover the round trip of its
/// credits over the network (the engine's default is for shared memory on one host).
pub const REMOTE_WORKER_QUEUE: usize = 16;

/// Events a processor replica on another host holds where events go in batches: two full
/// batches, so that one is on its way while the replica works on the other.
pub const REMOTE_BATCHED_QUEUE: usize = 2 * engine::protocol::BATCH_EVENTS;

/// A step of a segment's path, as the plan places it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Step {
    /// The steps of the path of device `.0` (its steering file's).
    Own(usize),
    /// The source of merger (or junction) `.0`: the events its inputs completed.
    MergeSource(usize),
    /// The last step of input `.1` of merger `.0`.
    MergeInput(usize, usize),
    /// The source of funnel `.0`.
    FunnelSource(usize),
    /// The last step of input `.1` of funnel `.0`.
    FunnelInput(usize, usize),
    /// The last step of the input part of the broadcast read by segment `.0`: its tee.
    Tee(usize),
    /// The source of follower `.1` of the broadcast read by segment `.0`.
    TeeSource(usize, usize),
    /// The source of the event manager of builder `.0`: one descriptor per batch.
    Manager(usize),
    /// The step of builder `.0` that builds each event.
    Build(usize),
}

/// A segment's path: the origin's steps, the workers', the custody's.
pub type SegmentPath = [Vec<Step>; 3];

/// A process's name, as `ps` (its first 15 bytes) and the status show it.
pub fn process_name(device: &str, host: &str, replica: u32) -> String {
    format!("evf-{device}-{host}-{replica}")
}

impl Plan {
    /// The path of segment `s`.
    pub fn path(&self, s: usize) -> SegmentPath {
        let segment = &self.segments[s];
        let origin = &self.devices[segment.origin];
        let origin_steps = match (segment.tee, origin.part) {
            (Some(Tee { reader, follower: Some(f), .. }), _) => vec![Step::TeeSource(reader, f)],
            (_, Part::EventManager) => vec![Step::Manager(segment.workers.unwrap_or(segment.origin))],
            (tee, part) => {
                let read = match part {
                    Part::Merger => Step::MergeSource(segment.origin),
                    Part::Funnel => Step::FunnelSource(segment.origin),
                    _ => Step::Own(segment.origin),
                };
                std::iter::once(read).chain(tee.map(|t| Step::Tee(t.reader))).collect()
            }
        };
        let workers = match segment.workers {
            None => Vec::new(),
            Some(w) if self.devices[w].part == Part::Builder => vec![Step::Build(w), Step::Own(w)],
            Some(w) => vec![Step::Own(w)],
        };
        let input = segment.merge_input.unwrap_or(0);
        let custody = match self.devices[segment.custody].part {
            Part::Merger => Step::MergeInput(segment.custody, input),
            Part::Funnel => Step::FunnelInput(segment.custody, input),
            _ => Step::Own(segment.custody),
        };
        [origin_steps, workers, vec![custody]]
    }

    /// The engine's options for segment `s` as the process of `role` runs it, its path
    /// `sizes` steps long in each part (origin, workers, custody). Behind a bridge, the
    /// origin sends over tcp and the rest use their host's transport; a replica on another
    /// host holds enough events to cover its credits' round trip.
    pub fn options(&self, topology: &Topology, s: usize, role: Role, sizes: [usize; 3]) -> ParallelOptions {
        let segment = &self.segments[s];
        let of = |i: usize| &topology.devices[&self.devices[i].of];
        let (origin, custody) = (of(segment.origin), of(segment.custody));
        let workers: Option<&Device> = segment.workers.map(of);
        let engine_transport = match segment.transport {
            Transport::Tcp => engine::Transport::Tcp,
            Transport::Ipc => engine::Transport::Ipc,
            Transport::Shm | Transport::Auto => engine::Transport::Shm,
        };
        let remote = segment.transport == Transport::Tcp || segment.bridge.is_some();
        let relayed = segment.bridge.is_some() && role == Role::Input;
        let defaults = ParallelOptions::default();
        let first = sizes[0].saturating_sub(1);
        // A restartable merger, junction or funnel takes each direct input in its order
        // after a restart too (what came before the input's `Resume` waits for what it sends
        // again): its events then keep each input's order.
        let keeps_order = self.custody_restarts(s) && self.devices[segment.custody].part != Part::Path;
        let event_building = self.event_building(topology, segment);
        ParallelOptions {
            processes: segment.slots.len(),
            ordered: segment.ordered || (keeps_order && segment.workers.is_none()),
            worker_queue: match (remote, &event_building) {
                (true, None) => REMOTE_BATCHED_QUEUE,
                (true, Some(_)) => REMOTE_WORKER_QUEUE,
                (false, _) => defaults.worker_queue,
            },
            // Across the network each message costs a send, a receive and a wake-up in every
            // process on its way: small events go in batches there (a builder takes one
            // descriptor at a time, each a batch already).
            wire_batch: if remote && event_building.is_none() {
                engine::protocol::BATCH_EVENTS
            } else {
                defaults.wire_batch
            },
            event_timeout: workers.and_then(|w| w.event_timeout_s).map(Duration::from_secs_f64),
            max_retries: workers.map_or(defaults.max_retries, |w| w.max_retries),
            max_restarts_per_minute: workers.unwrap_or(origin).max_restarts_per_minute,
            quarantine: workers.and_then(|w| w.quarantine.clone()).map(Into::into),
            transport: if relayed { engine::Transport::Tcp } else { engine_transport },
            segment_size: workers.unwrap_or(origin).segment_size.map(|n| n as usize),
            parts: Some(Parts {
                input: first,
                workers: first + sizes[1],
                names: self.part_names(segment),
                on_error: Some([origin.on_error, workers.map_or(OnError::Stop, |w| w.on_error), custody.on_error]),
            }),
            event_building,
            custody: self.custody_restarts(s).then_some(0),
            origin: self.origin_restarts(s).then_some(0),
        }
    }

    /// Whether segment `s`'s custody is started again when it dies: a sink, merger,
    /// junction or funnel with `restart = "always"` (the plan refuses it where it cannot be).
    pub fn custody_restarts(&self, s: usize) -> bool {
        self.devices[self.segments[s].custody].restarts_as_custody()
    }

    /// Whether segment `s`'s origin is started again when it dies: a merger, junction or
    /// funnel with `restart = "always"`.
    pub fn origin_restarts(&self, s: usize) -> bool {
        let origin = &self.devices[self.segments[s].origin];
        origin.part != Part::Path && origin.restarts_as_custody()
    }

    /// Whether device `d` is a merger, junction or funnel started again when it dies.
    pub fn restarts(&self, d: usize) -> bool {
        let device = &self.devices[d];
        device.part != Part::Path && device.restarts_as_custody()
    }

    /// The names of the processes of `segment`'s parts.
    pub fn part_names(&self, segment: &Segment) -> PartNames {
        let origin = &self.devices[segment.origin];
        let custody = &self.devices[segment.custody];
        let host = &origin.hosts[0];
        let workers = segment.workers.map(|w| &self.devices[w]);
        let worker_names = match (workers, self.forked) {
            (Some(w), false) => segment.slots.iter().map(|(h, r)| process_name(&w.name, h, *r)).collect(),
            _ => Vec::new(),
        };
        PartNames {
            input: process_name(&origin.name, host, origin.replica.unwrap_or(1)),
            worker: workers.map_or("evf-none".into(), |w| format!("evf-{}-{host}", w.name)),
            output: process_name(&custody.name, &custody.hosts[0], 1),
            workers: worker_names,
            bridge: segment
                .bridge
                .map_or("evf-bridge".into(), |b| process_name(&self.devices[b].name, &self.devices[b].hosts[0], 1)),
            label_logs: true,
        }
    }

    /// An event-building segment's options: its readouts, its builder's batch and timeout.
    fn event_building(&self, topology: &Topology, segment: &Segment) -> Option<EventBuilding> {
        let builder = &topology.devices[&self.devices[segment.workers?].of];
        (!segment.readouts.is_empty()).then(|| EventBuilding {
            readouts: segment.readouts.iter().map(|&r| self.devices[r].name.clone()).collect(),
            batch: builder.batch,
            timeout: Duration::from_secs_f64(builder.timeout_s),
        })
    }

    /// The shm session (or ipc directory) of segment `s` on `host`: the same for every process
    /// of the segment there.
    pub fn session(&self, topology: &Topology, s: usize, host: &str) -> String {
        format!("topo-{}-{host}-{s}", topology.name)
    }

    /// `(name, device, host, replica)` of every device process, in the file's order.
    pub fn process_names(&self) -> Vec<(String, usize, String, u32)> {
        (self.processes().into_iter())
            .map(|(d, host, replica)| (process_name(&self.devices[d].name, &host, replica), d, host, replica))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::control::fixtures::{compiled, ACROSS};

    /// ACROSS with options of its own: gen's on_error, reco's event_timeout and max_retries.
    fn across() -> String {
        (ACROSS.replace("outputs = [\"raw\"]", "on_error = \"skip\"\noutputs = [\"raw\"]"))
            .replace("replicas = 2", "replicas = 2\nevent_timeout = 3\nmax_retries = 4")
    }

    #[test]
    fn a_chain_across_hosts_runs_each_device_s_own_steps_with_its_options() {
        let (plan, topology) = compiled(&across(), false);
        assert_eq!(plan.path(0), [vec![Step::Own(0)], vec![Step::Own(1)], vec![Step::Own(2)]]);
        let o = plan.options(&topology, 0, Role::Worker(1), [3, 2, 1]);
        let batching = (o.worker_queue, o.wire_batch);
        assert_eq!(
            (o.processes, o.max_retries, batching),
            (2, 4, (REMOTE_BATCHED_QUEUE, engine::protocol::BATCH_EVENTS))
        );
        assert_eq!(o.event_timeout, Some(Duration::from_secs(3)));
        assert_eq!(o.transport, engine::Transport::Tcp);
        let parts = o.parts.expect("a topology's parts");
        assert_eq!((parts.input, parts.workers), (2, 4));
        assert_eq!(parts.on_error, Some([OnError::Skip, OnError::Stop, OnError::Stop]));
        assert_eq!(parts.names.input, "evf-gen-a-1");
        assert_eq!(parts.names.workers, ["evf-reco-b-1", "evf-reco-b-2"]);
        assert_eq!(parts.names.output, "evf-store-a-1");
        assert_eq!(plan.session(&topology, 0, "b"), "topo-t-b-0");
        let names: Vec<String> = plan.process_names().into_iter().map(|p| p.0).collect();
        assert_eq!(names, ["evf-gen-a-1", "evf-reco-b-1", "evf-reco-b-2", "evf-store-a-1"]);
    }

    #[test]
    fn a_forked_chain_names_no_replica_and_holds_the_engine_s_queue() {
        let (plan, topology) = compiled(&across().replace("host = \"b\"", "host = \"a\""), false);
        assert!(plan.forked);
        let o = plan.options(&topology, 0, Role::Input, [1, 1, 1]);
        assert_eq!(o.worker_queue, ParallelOptions::default().worker_queue);
        assert_eq!(o.transport, engine::Transport::Shm);
        assert!(o.parts.expect("parts").names.workers.is_empty());
    }

    #[test]
    fn replicated_sources_meet_at_a_funnel_and_a_broadcast_at_a_tee() {
        let (plan, _) = compiled(&ACROSS.replace("outputs = [\"raw\"]", "replicas = 2\noutputs = [\"raw\"]"), false);
        let funnel = plan.device("raw-f").expect("the funnel");
        assert_eq!(plan.path(0)[2], [Step::FunnelInput(funnel, 0)]);
        assert_eq!(plan.path(1)[2], [Step::FunnelInput(funnel, 1)]);
        assert_eq!(plan.path(2)[0], [Step::FunnelSource(funnel)]);
        let text = format!("{ACROSS}[devices.monitor]\nsteering = \"m.py\"\nhost = \"a\"\ninputs = [\"raw\"]\n[channels.raw]\npattern = \"broadcast\"\n");
        let (plan, _) = compiled(&text, false);
        assert_eq!(plan.path(0)[0], [Step::Own(0), Step::Tee(0)]);
        assert_eq!(plan.path(1)[0], [Step::TeeSource(0, 0)]);
    }

    #[test]
    fn an_event_builder_s_segment_starts_at_its_manager_and_builds_before_its_modules() {
        let text = r#"
name = "t"
[devices.ru1]
kind = "readout"
steering = "ru.py"
outputs = ["frags"]
[devices.ru2]
kind = "readout"
steering = "ru.py"
outputs = ["frags"]
[devices.eb]
kind = "builder"
replicas = 2
batch = 8
timeout = 0.5
inputs = ["frags"]
outputs = ["built"]
[devices.store]
steering = "store.py"
inputs = ["built"]
"#;
        let (plan, topology) = compiled(text, false);
        let eb = plan.device("eb").expect("the builder");
        let s = plan.segments.iter().position(|s| s.workers == Some(eb)).expect("its segment");
        let path = plan.path(s);
        assert_eq!(path[0], [Step::Manager(eb)]);
        assert_eq!(path[1], [Step::Build(eb), Step::Own(eb)]);
        let building = plan.options(&topology, s, Role::Input, [1, 1, 1]).event_building.expect("event building");
        let mut readouts = building.readouts.clone();
        readouts.sort();
        assert_eq!(readouts, ["ru1", "ru2"]);
        assert_eq!((building.batch, building.timeout), (8, Duration::from_millis(500)));
    }
}
