//! A checked topology compiled into its plan (docs/controller.md, "The plan"): the devices
//! the file implies added (funnels, junctions, event managers), the topology cut into
//! segments at its stateful devices, and each process's roles in them. The one place a
//! topology is cut; the controller sends each device process its roles.
//!
//! `evflow up` compiles it once and sends it, as JSON ([`Plan::to_json`]), to every device
//! process it starts: a device looks its roles up in it and plans nothing.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::engine::Role;
use crate::topology::{Channel, Device, Kind, Pattern, Problem, Problems, Restart, Topology, Transport};

/// What the refusal of a shape the engine does not run yet says.
pub const NOT_YET: &str = "is not supported yet (docs/topology-design.md, \"What runs today\")";
/// What a junction's name adds to the name of the channel it ends (`mid` -> `mid-j`).
pub const JUNCTION: &str = "-j";
/// What a funnel's name adds to the name of the channel it ends (`raw` -> `raw-f`).
pub const FUNNEL: &str = "-f";
/// What the event manager's name adds to its builder's (`eb` -> `eb-evm`).
pub const EVENT_MANAGER: &str = "-evm";

/// What a device of the plan is: one of the file's, or one the file implies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Part {
    /// A path: a source (no inputs), a processor (inputs and outputs) or a sink (no outputs).
    Path,
    /// Joins the parts of one event from several inputs (a junction is one the file implies).
    Merger,
    /// Forwards one channel to another host's.
    Bridge,
    /// A readout unit of event building.
    Readout,
    /// A builder unit of event building.
    Builder,
    /// Joins several senders on one balance channel (implied).
    Funnel,
    /// The origin of a builder's segment (implied).
    #[serde(rename = "evm")]
    EventManager,
}

/// A device of the plan.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Planned {
    /// Its name (an implied device's says what it ends: `raw-f`, `mid-j`, `eb-evm`).
    pub name: String,
    /// What it is.
    #[serde(rename = "kind")]
    pub part: Part,
    /// The file's device it is, or whose options it takes: an implied funnel's or junction's
    /// receiver, an event manager's builder.
    pub of: String,
    /// Hosts it runs on.
    pub hosts: Vec<String>,
    /// Processes per host.
    pub replicas: u32,
    /// A split source's replica number (each of a replicated source's processes is an
    /// origin of its own).
    pub replica: Option<u32>,
    /// Channels it receives from.
    pub inputs: Vec<String>,
    /// Channels it sends on.
    pub outputs: Vec<String>,
    /// Whether a dead process of it is started again.
    pub restart: Restart,
    /// Its fixed port.
    pub port: Option<u16>,
    /// The line of the file it comes from.
    pub line: usize,
}

impl Planned {
    fn of_file(name: &str, d: &Device) -> Planned {
        let part = match d.kind {
            Kind::Path => Part::Path,
            Kind::Merger => Part::Merger,
            Kind::Bridge => Part::Bridge,
            Kind::Readout => Part::Readout,
            Kind::Builder => Part::Builder,
        };
        Planned {
            name: name.to_string(),
            part,
            of: name.to_string(),
            hosts: d.hosts.clone(),
            replicas: d.replicas,
            replica: None,
            inputs: d.inputs.clone(),
            outputs: d.outputs.clone(),
            // Not given: `Plan::default_restart` decides once every device is planned.
            restart: d.restart.unwrap_or(Restart::Always),
            port: d.port,
            line: d.line,
        }
    }

    /// Whether it runs a path between inputs and outputs (replicas, no state).
    pub fn is_processor(&self) -> bool {
        self.part == Part::Path && !self.inputs.is_empty() && !self.outputs.is_empty()
    }

    /// Whether its replicas are worker slots that `evflow ctl scale` changes during a run: a
    /// processor's or a builder's.
    pub fn scales(&self) -> bool {
        self.is_processor() || self.part == Part::Builder
    }

    /// Whether it is a source: a path with no inputs.
    pub fn is_source(&self) -> bool {
        self.part == Part::Path && self.inputs.is_empty()
    }

    /// Whether it is a sink: a path device with inputs and no outputs.
    pub fn is_sink(&self) -> bool {
        self.part == Part::Path && !self.inputs.is_empty() && self.outputs.is_empty()
    }

    /// Whether it is a custody that is started again when it dies, continuing what the dead
    /// process left: a sink, merger, junction or funnel with `restart = "always"`.
    pub fn restarts_as_custody(&self) -> bool {
        let joins = matches!(self.part, Part::Merger | Part::Funnel);
        (self.is_sink() || joins) && self.restart == Restart::Always
    }
}

/// A broadcast's place in it: each receiving device has a segment; the first reads the
/// source and a tee feeds the others.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tee {
    /// The segment that reads the source.
    pub reader: usize,
    /// This segment's place among the tee's followers; `None` for the reader.
    pub follower: Option<usize>,
    /// The tee's followers.
    pub followers: usize,
}

/// One origin, at most one processor device (its replicas are the workers), one custody:
/// the protocol of `process(processes=N)`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Segment {
    /// Its index.
    pub index: usize,
    /// Its origin (a device of [`Plan::devices`]).
    pub origin: usize,
    /// Its processor device.
    pub workers: Option<usize>,
    /// Its custody.
    pub custody: usize,
    /// A bridge in front of the workers (or the custody).
    pub bridge: Option<usize>,
    /// An event-building segment's readout devices, in the file's order.
    pub readouts: Vec<usize>,
    /// Its channels, from the origin on.
    pub channels: Vec<String>,
    /// The custody is a merger or a funnel: which of its inputs this segment is.
    pub merge_input: Option<usize>,
    /// Worker slots: `(host, replica)` of each processor replica, host by host.
    pub slots: Vec<(String, u32)>,
    /// Its transport (`Auto` resolved).
    pub transport: Transport,
    /// Whether its custody writes in origin order.
    pub ordered: bool,
    /// Its place in a broadcast.
    pub tee: Option<Tee>,
}

/// A topology's devices (the implied ones added), its segments, and whether it runs as one
/// forked job.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Plan {
    /// The devices, in the file's order, each implied one before the device it feeds.
    pub devices: Vec<Planned>,
    /// The channels, the implied ones added.
    #[serde(skip)]
    pub channels: Vec<(String, Channel)>,
    /// The segments.
    pub segments: Vec<Segment>,
    /// Whether it runs as the forked engine on this machine (one segment, one host).
    pub forked: bool,
    /// Whether it takes runs from `evflow ctl` (`evflow up --hold`).
    pub hold: bool,
}

fn refuse(topology: &Topology, line: usize, message: String) -> Problems {
    Problems { file: topology.file.clone(), problems: vec![Problem { line, message }] }
}

impl Plan {
    /// Compiles `topology`; every shape it cannot run yet refused with the file's line.
    /// `unresumable`: the devices with a step that keeps what a new process cannot rebuild
    /// (`resumable = False`), which are not restarted unless the file says so (and then
    /// refused, by `evflow.topology`).
    pub fn compile(topology: &Topology, hold: bool, unresumable: &BTreeSet<String>) -> Result<Plan, Problems> {
        let devices: Vec<Planned> =
            topology.order.iter().map(|name| Planned::of_file(name, &topology.devices[name])).collect();
        let channels = topology.channels.iter().map(|(n, c)| (n.clone(), c.clone())).collect();
        let mut plan = Plan { devices, channels, segments: Vec::new(), forked: false, hold };
        for i in 0..plan.devices.len() {
            if topology.devices[&plan.devices[i].of].restart.is_none() {
                plan.devices[i].restart = plan.default_restart(&plan.devices[i], unresumable);
            }
        }
        let problems = plan.check(topology);
        if !problems.is_empty() {
            return Err(Problems { file: topology.file.clone(), problems });
        }
        plan.split_sources();
        plan.add_implied_devices(topology)?;
        plan.segments = plan.cut(topology)?;
        let hosts: BTreeSet<&String> = plan.devices.iter().flat_map(|d| &d.hosts).collect();
        let netns = hosts.iter().any(|h| topology.hosts.get(*h).is_some_and(|h| h.netns.is_some()));
        let local = hosts.len() == 1 && !netns && !hold;
        plan.forked = local
            && !plan.devices.iter().any(|d| d.part == Part::Builder)
            && plan.segments.len() <= 1
            && plan.segments.iter().all(|s| s.transport != Transport::Tcp && s.bridge.is_none());
        Ok(plan)
    }

    /// A device's `restart` when its table does not say (docs/topology.md, "restart"):
    /// `"always"` where a process of it can be started again, which is everywhere but a
    /// source (its events are read once), a sink with an `unresumable` step, and a merger
    /// where a restarted one cannot run yet.
    fn default_restart(&self, d: &Planned, unresumable: &BTreeSet<String>) -> Restart {
        let keeps_state = d.is_sink() && unresumable.contains(&d.of);
        let merger_cannot = d.part == Part::Merger && !self.merger_unrestartable(d).is_empty();
        if d.is_source() || keeps_state || merger_cannot {
            Restart::Never
        } else {
            Restart::Always
        }
    }

    /// Where merger `d` is that a restarted one cannot run yet (docs/topology-design.md,
    /// "Mergers, junctions and funnels that are restarted"): each as the refusal says it.
    fn merger_unrestartable(&self, d: &Planned) -> Vec<&'static str> {
        let mut places = Vec::new();
        if d.inputs.iter().any(|c| self.fed_by_builder(c)) {
            places.push("behind a builder");
        }
        if d.outputs.len() > 1 || d.outputs.iter().any(|c| self.channel(c).pattern == Pattern::Broadcast) {
            places.push("on a merger that broadcasts or fans out");
        }
        places
    }

    /// Whether a builder sends on `channel`.
    fn fed_by_builder(&self, channel: &str) -> bool {
        self.senders(channel).iter().any(|&s| self.devices[s].part == Part::Builder)
    }

    fn channel(&self, name: &str) -> &Channel {
        &self.channels.iter().find(|(n, _)| n == name).expect("a channel of the plan").1
    }

    fn senders(&self, channel: &str) -> Vec<usize> {
        (0..self.devices.len()).filter(|&i| self.devices[i].outputs.iter().any(|c| c == channel)).collect()
    }

    fn receivers(&self, channel: &str) -> Vec<usize> {
        (0..self.devices.len()).filter(|&i| self.devices[i].inputs.iter().any(|c| c == channel)).collect()
    }

    /// The device called `name`, an implied one included.
    pub fn device(&self, name: &str) -> Option<usize> {
        self.devices.iter().position(|d| d.name == name)
    }

    /// The shapes the engine does not run yet, each with its line.
    fn check(&self, topology: &Topology) -> Vec<Problem> {
        let mut problems = Vec::new();
        let mut problem = |line, message: String| problems.push(Problem { line, message });
        for d in &self.devices {
            if d.outputs.len() > 1 && (d.part == Part::Bridge || d.is_processor()) {
                problem(
                    d.line,
                    format!(
                        "device {} sends on {} channels: fan-out from a processor or a bridge {NOT_YET}",
                        d.name,
                        d.outputs.len()
                    ),
                );
            }
            // A replicated source is one origin per process (they meet at a funnel).
            let stateful =
                matches!(d.part, Part::Merger | Part::Bridge) || (!d.inputs.is_empty() && d.outputs.is_empty());
            if stateful && (d.replicas != 1 || d.hosts.len() != 1) {
                problem(
                    d.line,
                    format!(
                        "device {}: a sink, merger or bridge on several hosts or in several replicas {NOT_YET}",
                        d.name
                    ),
                );
            }
            if d.part == Part::Readout && (d.replicas != 1 || d.hosts.len() != 1) {
                problem(
                    d.line,
                    format!(
                        "readout {} runs once, on one host: its name names its detector slice (one readout device per slice)",
                        d.name
                    ),
                );
            }
            if d.part == Part::Builder && self.hold {
                problem(d.line, format!("builder {} in a held topology {NOT_YET}", d.name));
            }
            if d.part == Part::Merger && d.restart == Restart::Always {
                for place in self.merger_unrestartable(d) {
                    problem(d.line, format!("merger {}: restart = 'always' {place} {NOT_YET}", d.name));
                }
            }
            if d.port.is_some() && (d.part == Part::Merger || d.is_processor()) {
                problem(
                    d.line,
                    format!(
                        "device {}: `port` is for a source (its acks channel), a sink (its results channel) or a bridge \
                         (its relay channel); a processor's replicas bind nothing, a merger binds one channel per segment",
                        d.name
                    ),
                );
            }
            if d.is_processor() && d.inputs.len() > 1 {
                problem(d.line, format!("device {} receives on several channels: join them with a merger", d.name));
            }
        }
        for (channel, spec) in &topology.channels {
            let senders = self.senders(channel);
            let receivers = self.receivers(channel);
            let line = if spec.line != 0 {
                spec.line
            } else {
                let ends = if senders.is_empty() { &receivers } else { &senders };
                ends.iter().map(|&i| self.devices[i].line).min().unwrap_or(0)
            };
            let building: Vec<usize> =
                receivers.iter().copied().filter(|&i| self.devices[i].part == Part::Builder).collect();
            let readouts = senders.iter().any(|&i| self.devices[i].part == Part::Readout);
            if !building.is_empty() || readouts {
                let others: Vec<&str> = (senders.iter())
                    .filter(|&&i| self.devices[i].part != Part::Readout)
                    .map(|&i| self.devices[i].name.as_str())
                    .collect();
                if building.is_empty() || !others.is_empty() {
                    let not = if others.is_empty() {
                        String::new()
                    } else {
                        format!(" ({} is not a readout device)", others.join(", "))
                    };
                    problem(
                        line,
                        format!(
                            "channel {channel} is an event-building channel: readout devices send on it and one builder receives it{not}"
                        ),
                    );
                }
                if spec.pattern != Pattern::Balance {
                    problem(line, format!("channel {channel}: event building is not a broadcast"));
                }
                continue;
            }
            let broadcast = spec.pattern == Pattern::Broadcast;
            let origins = senders
                .iter()
                .filter(|&&i| self.devices[i].part == Part::Merger || self.devices[i].inputs.is_empty())
                .count();
            if broadcast && origins != senders.len() {
                problem(
                    line,
                    format!(
                        "channel {channel}: a broadcast is sent by a source or a merger; from a processor {NOT_YET}"
                    ),
                );
            }
            // Several senders on a balance channel meet at a funnel.
            let (ends, what) = if broadcast { (&senders, "sending") } else { (&receivers, "receiving") };
            let mut names: Vec<&str> = ends.iter().map(|&i| self.devices[i].name.as_str()).collect();
            names.sort_unstable();
            if names.len() > 1 {
                let why = if broadcast {
                    "a broadcast from several devices is not supported yet"
                } else {
                    "a balance channel feeds one device; pattern = \"broadcast\" gives each every event"
                };
                problem(line, format!("channel {channel} has several {what} devices ({}): {why}", names.join(", ")));
            }
        }
        problems
    }

    /// A source on several hosts or in several replicas: one origin per process, each with
    /// its host and replica number (its sends meet at a funnel).
    fn split_sources(&mut self) {
        let mut split = Vec::new();
        for d in std::mem::take(&mut self.devices) {
            if !d.is_source() || (d.replicas == 1 && d.hosts.len() == 1) {
                split.push(d);
                continue;
            }
            for host in &d.hosts {
                for r in 1..=d.replicas {
                    split.push(Planned { hosts: vec![host.clone()], replicas: 1, replica: Some(r), ..d.clone() });
                }
            }
        }
        self.devices = split;
    }

    /// Adds the built-in devices the file implies: a funnel where several devices send on
    /// one balance channel, a junction where two processor devices meet, and each builder's
    /// event manager.
    fn add_implied_devices(&mut self, topology: &Topology) -> Result<(), Problems> {
        let names: Vec<String> = self.channels.iter().map(|(n, _)| n.clone()).collect();
        for channel in &names {
            let senders = self.senders(channel);
            let building = senders.iter().any(|&i| self.devices[i].part == Part::Readout);
            if senders.len() > 1 && self.channel(channel).pattern == Pattern::Balance && !building {
                self.insert(topology, Part::Funnel, channel, FUNNEL)?;
            }
        }
        // The channels again: a funnel's onward channel may meet a processor.
        let names: Vec<String> = self.channels.iter().map(|(n, _)| n.clone()).collect();
        for channel in &names {
            let sender = self.senders(channel).first().map(|&i| &self.devices[i]);
            let receiver = self.receivers(channel).first().map(|&i| &self.devices[i]);
            let from_processor = sender.is_some_and(|s| s.is_processor() || s.part == Part::Builder);
            if from_processor && receiver.is_some_and(Planned::is_processor) {
                self.insert(topology, Part::Merger, channel, JUNCTION)?;
            }
        }
        let builders: Vec<String> =
            self.devices.iter().filter(|d| d.part == Part::Builder).map(|d| d.name.clone()).collect();
        for builder in builders {
            let at = self.device(&builder).expect("the builder");
            let b = self.devices[at].clone();
            let name = format!("{}{EVENT_MANAGER}", b.name);
            self.check_free(topology, &name, b.line, &format!("the event manager of builder {}", b.name))?;
            let manager = Planned {
                name,
                part: Part::EventManager,
                hosts: b.hosts[..1].to_vec(),
                replicas: 1,
                inputs: Vec::new(),
                outputs: b.inputs.clone(),
                restart: Restart::Never,
                port: None,
                ..b
            };
            self.devices.insert(at, manager);
        }
        Ok(())
    }

    /// Refuses an implied device's `name` that a device or channel of the file has.
    fn check_free(&self, topology: &Topology, name: &str, line: usize, what: &str) -> Result<(), Problems> {
        if self.device(name).is_some() || self.channels.iter().any(|(n, _)| n == name) {
            return Err(refuse(
                topology,
                line,
                format!("{name} names {what}: rename the device or channel that has this name"),
            ));
        }
        Ok(())
    }

    /// Puts a device of `part` at the end of `channel`, on its receiver's first host: it
    /// receives on `channel` and sends on `channel` + `suffix` (also its name).
    fn insert(&mut self, topology: &Topology, part: Part, channel: &str, suffix: &str) -> Result<(), Problems> {
        let at = self.receivers(channel)[0];
        let receiver = self.devices[at].clone();
        let onward = format!("{channel}{suffix}");
        let kind = if part == Part::Funnel { "funnel" } else { "merger" };
        self.check_free(topology, &onward, receiver.line, &format!("the {kind} of channel {channel}"))?;
        // Started again when it dies, but where a restarted one cannot run yet: behind a
        // builder (docs/topology-design.md, "Mergers, junctions and funnels that are
        // restarted").
        let restart = if self.fed_by_builder(channel) { Restart::Never } else { Restart::Always };
        let added = Planned {
            name: onward.clone(),
            part,
            of: receiver.of.clone(),
            hosts: receiver.hosts[..1].to_vec(),
            replicas: 1,
            replica: receiver.replica,
            inputs: vec![channel.to_string()],
            outputs: vec![onward.clone()],
            restart,
            port: None,
            line: receiver.line,
        };
        for c in &mut self.devices[at].inputs {
            if c == channel {
                c.clone_from(&onward);
            }
        }
        self.devices.insert(at, added);
        let spec = self.channel(channel).clone();
        self.channels.push((onward, spec));
        Ok(())
    }

    /// The topology cut at its stateful devices: one segment per receiving device of each
    /// channel of each origin (a source, a merger, a funnel, an event manager).
    fn cut(&self, topology: &Topology) -> Result<Vec<Segment>, Problems> {
        let mut segments: Vec<Segment> = Vec::new();
        for (o, origin) in self.devices.iter().enumerate() {
            let origin_part =
                origin.is_source() || matches!(origin.part, Part::Merger | Part::Funnel | Part::EventManager);
            if !origin_part || origin.outputs.is_empty() {
                continue;
            }
            let ends: Vec<(String, usize)> = (origin.outputs.iter())
                .flat_map(|c| self.receivers(c).into_iter().map(move |d| (c.clone(), d)))
                .collect();
            let mut reader = None;
            for (follower, (channel, first)) in ends.iter().enumerate() {
                let mut segment = self.segment(topology, segments.len(), o, channel, *first)?;
                if ends.len() > 1 {
                    segment.tee = Some(Tee {
                        reader: reader.unwrap_or(segment.index),
                        follower: reader.map(|_| follower - 1),
                        followers: ends.len() - 1,
                    });
                    reader = reader.or(Some(segment.index));
                }
                segments.push(segment);
            }
        }
        Ok(segments)
    }

    fn receiver(&self, channel: &str) -> usize {
        self.receivers(channel)[0]
    }

    /// The segment from `origin` over `channel` whose first device is `first`.
    fn segment(
        &self,
        topology: &Topology,
        index: usize,
        origin: usize,
        channel: &str,
        first: usize,
    ) -> Result<Segment, Problems> {
        let mut channels = vec![channel.to_string()];
        let mut next = first;
        let mut bridge = None;
        if self.devices[next].part == Part::Bridge {
            bridge = Some(next);
            channels.push(self.devices[next].outputs[0].clone());
            next = self.receiver(channels.last().expect("a channel"));
        }
        let mut workers = None;
        let d = &self.devices[next];
        if matches!(d.part, Part::Path | Part::Builder) && !d.outputs.is_empty() {
            workers = Some(next);
            channels.push(d.outputs[0].clone());
            next = self.receiver(channels.last().expect("a channel"));
        }
        let custody = &self.devices[next];
        if custody.part == Part::Bridge {
            return Err(refuse(
                topology,
                custody.line,
                format!("bridge {} must receive from a source or a merger", custody.name),
            ));
        }
        let last = channels.last().expect("a channel");
        let merge_input = match custody.part {
            Part::Merger => custody.inputs.iter().position(|c| c == last),
            Part::Funnel => {
                let sender = workers.unwrap_or(origin);
                self.senders(last).iter().position(|&i| i == sender)
            }
            _ => None,
        };
        let readouts = if self.devices[origin].part == Part::EventManager {
            let builder = &self.devices[workers.expect("an event manager's builder")];
            (0..self.devices.len())
                .filter(|&i| {
                    self.devices[i].part == Part::Readout && self.devices[i].outputs.contains(&builder.inputs[0])
                })
                .collect()
        } else {
            Vec::new()
        };
        let slots = match workers {
            Some(w) => {
                let w = &self.devices[w];
                w.hosts.iter().flat_map(|h| (1..=w.replicas).map(move |r| (h.clone(), r))).collect()
            }
            None => Vec::new(),
        };
        let mut segment = Segment {
            index,
            origin,
            workers,
            custody: next,
            bridge,
            readouts,
            channels,
            merge_input,
            slots,
            transport: Transport::Auto,
            ordered: false,
            tee: None,
        };
        if let Some(b) = bridge {
            self.check_bridge(topology, &segment, b)?;
        }
        let specs: Vec<&Channel> = segment.channels.iter().map(|c| self.channel(c)).collect();
        segment.ordered = specs.iter().any(|s| s.ordered);
        segment.transport = self.transport(topology, &segment, &specs)?;
        Ok(segment)
    }

    /// The devices of `segment` after its origin (a bridge's host has them all).
    fn behind(segment: &Segment) -> Vec<usize> {
        [segment.bridge, segment.workers, Some(segment.custody)].into_iter().flatten().collect()
    }

    fn check_bridge(&self, topology: &Topology, segment: &Segment, bridge: usize) -> Result<(), Problems> {
        let b = &self.devices[bridge];
        let host = &b.hosts[0];
        let away: Vec<&str> = (Plan::behind(segment).into_iter())
            .map(|i| &self.devices[i])
            .filter(|d| d.hosts != [host.clone()])
            .map(|d| d.name.as_str())
            .collect();
        if !away.is_empty() {
            return Err(refuse(
                topology,
                b.line,
                format!(
                    "bridge {} feeds the channels of its host {host}: {} must run there too",
                    b.name,
                    away.join(", ")
                ),
            ));
        }
        Ok(())
    }

    fn transport(&self, topology: &Topology, segment: &Segment, specs: &[&Channel]) -> Result<Transport, Problems> {
        let mut forced: Vec<Transport> = specs.iter().map(|s| s.transport).filter(|t| *t != Transport::Auto).collect();
        forced.sort_by_key(|t| t.name());
        forced.dedup();
        if forced.len() > 1 {
            let line = specs.iter().map(|s| s.line).max().unwrap_or(0);
            let names: Vec<String> = forced.iter().map(|t| format!("'{}'", t.name())).collect();
            return Err(refuse(
                topology,
                line,
                format!("the channels of one segment use one transport, not [{}]", names.join(", ")),
            ));
        }
        if let Some(t) = forced.first() {
            return Ok(*t);
        }
        // Behind a bridge, every device is on the bridge's host.
        let devices = if segment.bridge.is_some() {
            Plan::behind(segment)
        } else {
            [Some(segment.origin), segment.workers, Some(segment.custody)].into_iter().flatten().collect()
        };
        let hosts: BTreeSet<&String> =
            devices.iter().chain(&segment.readouts).flat_map(|&i| &self.devices[i].hosts).collect();
        Ok(if hosts.len() == 1 { Transport::Shm } else { Transport::Tcp })
    }

    /// `(device, host, replica)` of every device process, in the file's order: a processor's
    /// as its segment's slots are now (a replica added during the run is in the plan the
    /// controller starts it with).
    pub fn processes(&self) -> Vec<(usize, String, u32)> {
        let mut out = Vec::new();
        for (i, d) in self.devices.iter().enumerate() {
            if let Some(s) = self.segments.iter().find(|s| s.workers == Some(i)) {
                out.extend(s.slots.iter().map(|(host, r)| (i, host.clone(), *r)));
                continue;
            }
            for host in &d.hosts {
                for r in 1..=d.replicas {
                    out.push((i, host.clone(), d.replica.unwrap_or(r)));
                }
            }
        }
        out
    }

    /// The plan as `evflow up` sends it to its devices (`evflow device --plan`).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a plan serializes")
    }

    /// The plan `evflow up` sent (`to_json`), for `topology`: what does not read as one, or
    /// names a device or segment that is not there, says so.
    pub fn from_json(text: &str, topology: &Topology) -> Result<Plan, String> {
        let plan: Plan = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let (devices, segments) = (plan.devices.len(), plan.segments.len());
        if let Some(d) = plan.devices.iter().find(|d| !topology.devices.contains_key(&d.of) || d.hosts.is_empty()) {
            return Err(format!("device {:?} is not one of the file's", d.of));
        }
        for (i, s) in plan.segments.iter().enumerate() {
            let named = [Some(s.origin), s.workers, Some(s.custody), s.bridge].into_iter().flatten();
            let tee = s.tee.map_or(0, |t| t.reader);
            if s.index != i || named.chain(s.readouts.iter().copied()).any(|d| d >= devices) || tee >= segments {
                return Err(format!("segment {i} names a device or segment the plan does not have"));
            }
        }
        Ok(plan)
    }

    /// `(segment, role)` of a device process; an origin's roles first (the reader of a
    /// broadcast first, its followers after it): it runs in the process's main thread.
    pub fn roles(&self, device: usize, host: &str, replica: u32) -> Vec<(usize, Role)> {
        let mut roles: Vec<(usize, Role)> = Vec::new();
        for s in &self.segments {
            if s.origin == device {
                let at = roles.iter().filter(|(_, r)| *r == Role::Input).count();
                roles.insert(at, (s.index, Role::Input));
            }
            if s.workers == Some(device) {
                if let Some(slot) = s.slots.iter().position(|(h, r)| h == host && *r == replica) {
                    roles.push((s.index, Role::Worker(slot)));
                }
            }
            if s.custody == device {
                roles.push((s.index, Role::Output));
            }
            if s.bridge == Some(device) {
                roles.push((s.index, Role::Bridge));
            }
            if let Some(r) = s.readouts.iter().position(|&r| r == device) {
                roles.push((s.index, Role::Readout(r)));
            }
        }
        roles
    }

    /// `evflow up --resume` of a topology of device processes (docs/topology-design.md,
    /// "Resuming a topology of device processes"): each segment's `(origin, custody)`, a
    /// source and the sink it feeds (through processors or a bridge), whose files hold the
    /// source's input positions; a source that sends every event to several sinks (a
    /// broadcast, or several channels) is in a pair with each. The refusal of any other
    /// shape.
    pub fn resume_pairs(&self) -> Result<Vec<(usize, usize)>, String> {
        if self.hold {
            return Err("a held topology (--hold) cannot be resumed yet: run it without --resume".into());
        }
        let name = |d: usize| &self.devices[d].name;
        // What feeds each sink first: a sink fed by a merger says so, not the merger's inputs.
        let mut segments: Vec<&Segment> = self.segments.iter().collect();
        segments.sort_by_key(|s| !self.devices[s.custody].is_sink());
        let mut pairs = Vec::new();
        for s in segments {
            let (origin, custody) = (&self.devices[s.origin], &self.devices[s.custody]);
            let refused =
                |what: &str| Err(format!("{what}: resuming it is not supported yet; run it without --resume"));
            let through = match origin.part {
                Part::Merger => "a merger or junction",
                Part::Funnel => "a funnel (several senders on one channel, or a source with several processes)",
                Part::EventManager => "an event builder",
                _ => "",
            };
            if !through.is_empty() {
                return refused(&format!(
                    "device {} takes its events from {}, {through}, which numbers them itself, not as the source \
                     read them",
                    name(s.custody),
                    name(s.origin),
                ));
            }
            if !custody.is_sink() || !origin.is_source() || origin.replica.is_some() || !s.readouts.is_empty() {
                return refused(&format!(
                    "device {} ({:?}) is between a source and a sink",
                    name(s.custody),
                    custody.part
                ));
            }
            pairs.push((s.origin, s.custody));
        }
        Ok(pairs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;
    use std::path::Path;

    fn plan(text: &str) -> Result<Plan, Problems> {
        let topology = crate::topology::parse(text, Path::new("/tmp/t.toml")).expect("a valid file");
        Plan::compile(&topology, false, &Default::default())
    }

    const CHAIN: &str = r#"
name = "t"
[devices.gen]
steering = "gen.py"
outputs = ["raw"]
[devices.reco]
steering = "reco.py"
replicas = 2
inputs = ["raw"]
outputs = ["accepted"]
[devices.store]
steering = "store.py"
inputs = ["accepted"]
[channels.accepted]
ordered = true
"#;

    #[test]
    fn a_chain_on_one_host_is_one_forked_segment() {
        let p = plan(CHAIN).unwrap();
        assert_eq!(p.segments.len(), 1);
        let s = &p.segments[0];
        assert_eq!(p.devices[s.origin].name, "gen");
        assert_eq!(s.workers.map(|w| p.devices[w].name.as_str()), Some("reco"));
        assert_eq!(p.devices[s.custody].name, "store");
        assert_eq!(s.slots, [("local".to_string(), 1), ("local".to_string(), 2)]);
        assert!(s.ordered);
        assert_eq!(s.transport, Transport::Shm);
        assert!(p.forked);
        let reco = p.device("reco").unwrap();
        assert_eq!(p.roles(reco, "local", 2), [(0, Role::Worker(1))]);
    }

    #[test]
    fn the_plan_sent_to_devices_reads_back_as_itself_and_only_for_its_file() {
        let p = plan(CHAIN).unwrap();
        let topology = crate::topology::parse(CHAIN, Path::new("/tmp/t.toml")).unwrap();
        let sent = p.to_json();
        let back = Plan::from_json(&sent, &topology).unwrap();
        assert_eq!((back.devices, back.segments, back.forked), (p.devices.clone(), p.segments.clone(), p.forked));
        let other = crate::topology::parse(&CHAIN.replace("reco", "calib"), Path::new("/tmp/t.toml")).unwrap();
        assert_eq!(Plan::from_json(&sent, &other).unwrap_err(), "device \"reco\" is not one of the file's");
        let cut = sent.replace("\"custody\":2", "\"custody\":9");
        assert!(Plan::from_json(&cut, &topology).unwrap_err().contains("segment 0 names a device"));
        assert!(Plan::from_json("{\"devices\": []}", &topology).is_err());
    }

    #[test]
    fn two_processors_in_a_row_meet_at_a_junction() {
        let text = CHAIN.replace(
            "outputs = [\"accepted\"]\n[devices.store]",
            "outputs = [\"mid\"]\n[devices.calib]\nsteering = \"calib.py\"\ninputs = [\"mid\"]\noutputs = [\"accepted\"]\n[devices.store]",
        );
        let p = plan(&text).unwrap();
        let names: Vec<&str> = p.devices.iter().map(|d| d.name.as_str()).collect();
        assert!(names.contains(&"mid-j"), "{names:?}");
        // A junction takes its receiver's options.
        assert_eq!(p.devices[p.device("mid-j").unwrap()].of, "calib");
        assert_eq!(p.segments.len(), 2);
        assert!(!p.forked);
    }

    #[test]
    fn a_sink_in_replicas_is_refused_with_its_line() {
        let text = CHAIN.replace("steering = \"store.py\"", "steering = \"store.py\"\nreplicas = 2");
        let e = plan(&text).unwrap_err();
        assert_eq!(e.problems.len(), 1);
        assert!(e.problems[0].message.contains("a sink, merger or bridge on several hosts or in several replicas"));
        assert_eq!(e.problems[0].line, 11);
    }

    #[test]
    fn the_channels_of_a_segment_on_two_transports_are_refused() {
        let text = format!("{CHAIN}transport = \"tcp\"\n[channels.raw]\ntransport = \"ipc\"\n");
        let e = plan(&text).unwrap_err();
        assert_eq!(e.problems[0].message, "the channels of one segment use one transport, not ['ipc', 'tcp']");
    }

    #[test]
    fn a_broadcast_gives_each_receiver_a_segment_fed_by_a_tee() {
        let text = format!(
            "{CHAIN}[devices.monitor]\nsteering = \"monitor.py\"\ninputs = [\"raw\"]\n[channels.raw]\npattern = \"broadcast\"\n"
        );
        let p = plan(&text).unwrap();
        assert_eq!(p.segments.len(), 2);
        assert_eq!(p.segments[0].tee, Some(Tee { reader: 0, follower: None, followers: 1 }));
        assert_eq!(p.segments[1].tee, Some(Tee { reader: 0, follower: Some(0), followers: 1 }));
        let gen = p.device("gen").unwrap();
        assert_eq!(p.roles(gen, "local", 1), [(0, Role::Input), (1, Role::Input)]);
    }

    #[test]
    fn a_source_in_replicas_is_an_origin_each_meeting_at_a_funnel() {
        let text = CHAIN.replace("steering = \"gen.py\"", "steering = \"gen.py\"\nreplicas = 2");
        let p = plan(&text).unwrap();
        let funnel = p.device("raw-f").expect("the funnel");
        assert_eq!(p.devices[funnel].part, Part::Funnel);
        let origins: Vec<_> = p.segments.iter().map(|s| (p.devices[s.origin].name.as_str(), s.merge_input)).collect();
        assert_eq!(origins, [("gen", Some(0)), ("gen", Some(1)), ("raw-f", None)]);
        let replicas: Vec<_> =
            p.processes().into_iter().filter(|(d, _, _)| p.devices[*d].name == "gen").map(|(_, _, r)| r).collect();
        assert_eq!(replicas, [1, 2]);
    }

    #[test]
    fn a_name_an_implied_device_takes_is_refused() {
        let text = CHAIN
            .replace("steering = \"gen.py\"", "steering = \"gen.py\"\nreplicas = 2")
            .replace("[devices.store]", "[devices.raw-f]\nsteering = \"x.py\"\n[devices.store]");
        let e = plan(&text).unwrap_err();
        assert!(e.problems[0].message.starts_with("raw-f names the funnel of channel raw"), "{e}");
    }

    const MERGED: &str = r#"
name = "t"
[devices.a]
steering = "a.py"
outputs = ["x"]
[devices.b]
steering = "b.py"
outputs = ["y"]
[devices.m]
kind = "merger"
inputs = ["x", "y"]
outputs = ["raw"]
restart = "always"
[devices.store]
steering = "store.py"
inputs = ["raw"]
"#;

    #[test]
    fn a_merger_restarted_where_it_cannot_be_yet_is_refused() {
        assert!(plan(MERGED).unwrap().restarts(2));
        let topology = crate::topology::parse(MERGED, Path::new("/tmp/t.toml")).unwrap();
        assert!(Plan::compile(&topology, true, &Default::default()).unwrap().restarts(2), "held too");
        let text = format!("{MERGED}[channels.raw]\npattern = \"broadcast\"\n");
        let e = plan(&text).unwrap_err();
        assert!(e.problems[0].message.contains("on a merger that broadcasts or fans out"), "{e}");
    }

    /// Not said in the file: every device but a source is restarted where it can be; a sink
    /// with a step that cannot resume and a merger where a restarted one cannot run yet are
    /// not, and that is no problem.
    #[test]
    fn what_is_restarted_unless_the_file_says() {
        let text = MERGED.replace("restart = \"always\"\n", "");
        let topology = crate::topology::parse(&text, Path::new("/tmp/t.toml")).unwrap();
        let restarted = |held: bool, unresumable: &[&str]| {
            let unresumable = unresumable.iter().map(|s| s.to_string()).collect();
            let p = Plan::compile(&topology, held, &unresumable).unwrap();
            p.devices.iter().map(|d| (d.name.clone(), d.restart == Restart::Always)).collect::<BTreeMap<_, _>>()
        };
        let named = |m: bool, store: bool| {
            [("a", false), ("b", false), ("m", m), ("store", store)].map(|(n, r)| (n.to_string(), r)).into()
        };
        assert_eq!(restarted(false, &[]), named(true, true));
        assert_eq!(restarted(true, &[]), named(true, true), "in a held topology too");
        assert_eq!(restarted(false, &["store"]), named(true, false), "a step of store keeps state");
        let broadcast = format!("{text}[channels.raw]\npattern = \"broadcast\"\n");
        let p = plan(&broadcast).unwrap();
        assert!(!p.restarts(p.device("m").unwrap()));
        let never = MERGED.replace("\"always\"", "\"never\"");
        assert!(!plan(&never).unwrap().restarts(2), "as the file says");
    }

    #[test]
    fn junctions_and_funnels_restart_held_or_not() {
        let text = CHAIN
            .replace("[devices.store]", "[devices.gen2]\nsteering = \"gen.py\"\noutputs = [\"raw\"]\n[devices.store]");
        for held in [false, true] {
            let topology = crate::topology::parse(&text, Path::new("/tmp/t.toml")).unwrap();
            let p = Plan::compile(&topology, held, &Default::default()).unwrap();
            let funnel = p.device("raw-f").unwrap();
            assert!(p.restarts(funnel), "held: {held}");
        }
    }

    #[test]
    fn a_resumed_topology_pairs_each_source_with_its_sinks_and_refuses_the_rest() {
        let p = plan(CHAIN).unwrap();
        let (gen, store) = (p.device("gen").unwrap(), p.device("store").unwrap());
        assert_eq!(p.resume_pairs(), Ok(vec![(gen, store)]));
        let refused = |text: &str| plan(text).unwrap().resume_pairs().unwrap_err();
        let merged = refused(MERGED);
        assert!(merged.starts_with("device store takes its events from m, a merger"), "{merged}");
        let two_sources = CHAIN
            .replace("[devices.store]", "[devices.gen2]\nsteering = \"gen.py\"\noutputs = [\"raw\"]\n[devices.store]");
        assert!(refused(&two_sources).contains("from raw-f, a funnel"));
        let replicated = CHAIN.replace("steering = \"gen.py\"", "steering = \"gen.py\"\nreplicas = 2");
        assert!(refused(&replicated).contains("from raw-f, a funnel"));
        let broadcast = format!(
            "{CHAIN}[devices.monitor]\nsteering = \"monitor.py\"\ninputs = [\"raw\"]\n[channels.raw]\npattern = \"broadcast\"\n"
        );
        let b = plan(&broadcast).unwrap();
        let device = |name: &str| b.device(name).unwrap();
        let mut pairs = b.resume_pairs().unwrap();
        pairs.sort_unstable();
        let mut each = vec![(device("gen"), device("store")), (device("gen"), device("monitor"))];
        each.sort_unstable();
        assert_eq!(pairs, each, "a source broadcasting is in a pair with each sink");
        let topology = crate::topology::parse(CHAIN, Path::new("/tmp/t.toml")).unwrap();
        let held = Plan::compile(&topology, true, &Default::default()).unwrap();
        assert!(held.resume_pairs().unwrap_err().contains("--hold"));
    }
}
