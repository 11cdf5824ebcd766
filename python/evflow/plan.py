"""How a topology runs on the engine (docs/topology-design.md, "Roles as data: segments"): it is cut
into segments at its stateful devices (sources, sinks, mergers); each segment is one origin,
at most one processor device whose replicas are its workers, and one custody, the protocol
of ``process(processes=N)``. Each device process has a role in one segment or more: its
segment's input (origin), a worker, or the output (custody).

Shapes the engine does not run yet are refused here, each with the line of the file that
asks for it. Every process of a topology (the controller and each device) builds the same
plan from the same file, so segments and worker slots are numbered alike everywhere.
"""

import dataclasses
import os
from dataclasses import dataclass, field

from evflow import _native, steering
from evflow.path import step_name
from evflow.topology import Device, Topology, TopologyError

NOT_YET = 'is not supported yet (docs/topology-design.md, "What runs today")'

REMOTE_WORKER_QUEUE = 16
"""Events a processor replica on another host holds: enough to cover the round trip of its
credits over the network (the engine's default, 2, is for shared memory on one host)."""

_DEFAULTS = _native.parallel_defaults()


JUNCTION = "-j"
"""What a junction's name adds to the name of the channel it ends (`mid` -> `mid-j`)."""

FUNNEL = "-f"
"""What a funnel's name adds to the name of the channel it ends (`raw` -> `raw-f`)."""

EVENT_MANAGER = "-evm"
"""What the event manager's name adds to its builder's (`eb` -> `eb-evm`)."""


def is_processor(device) -> bool:
    """Whether ``device`` runs a path between inputs and outputs (replicas, no state)."""
    return device is not None and device.kind == "path" and bool(device.inputs and device.outputs)


def process_name(device: str, host: str, replica: int) -> str:
    """A device process's name, as ``ps`` (its first 15 bytes) and the status show it."""
    return f"evf-{device}-{host}-{replica}"


@dataclass
class Segment:
    """One origin, at most one processor device (its replicas are the workers), one custody."""

    index: int
    origin: Device
    workers: Device | None
    custody: Device
    channels: list
    merge_input: int | None = None
    """The custody is a merger or a funnel: which of its inputs this segment is."""
    slots: list = field(default_factory=list)
    """Worker slots: (host, replica) of each processor replica, host by host."""
    transport: str = "shm"
    ordered: bool = False
    bridge: Device | None = None
    """A bridge in front of the workers (or the custody): the origin sends to it over tcp, the
    rest use their host's transport."""
    tee: tuple | None = None
    """A broadcast: (its tee's table, None) for the segment whose origin reads the source,
    (table, follower) for each other receiver's, whose source is the tee."""
    reader: "Segment | None" = None
    """A broadcast follower's reading segment."""
    readouts: list = field(default_factory=list)
    """An event-building segment's readout devices (docs/eventbuilding.md): its origin is
    the event manager, its workers the builder's replicas."""

    def devices(self) -> list:
        """Its devices, from the origin to the custody."""
        return [d for d in (self.origin, self.bridge, self.workers, self.custody) if d is not None]

    def behind(self) -> list:
        """The devices after the origin (a bridge's host has them all)."""
        return [d for d in (self.bridge, self.workers, self.custody) if d is not None]


class Plan:
    """The segments of a topology and the role of every device process in them."""

    def __init__(self, topology: Topology, hold: bool = False):
        self.topology = topology
        self.devices = [topology.devices[name] for name in topology.order]
        self.channels = dict(topology.channels)
        self.hold = hold
        problems = self._check()
        if problems:
            raise TopologyError(topology.file, problems)
        self._split_sources()
        self._add_implied_devices()
        self.tees = {}
        self.funnels = {
            d.name: _native.FunnelTable(
                d.name, sum(d.inputs[0] in s.outputs for s in self.devices), held=hold
            )
            for d in self.devices
            if d.kind == "funnel"
        }
        self.tables = {
            d.name: _native.MergeTable(d.name, list(d.inputs), d.timeout_s, held=hold)
            for d in self.devices
            if d.kind == "merger"
        }
        self.builders = {
            d.name: _native.EventBuilder(
                d.name, [r.name for r in self.readouts_of(d)], d.batch, d.timeout_s
            )
            for d in self.devices
            if d.kind == "builder"
        }
        hosts = {h for d in self.devices for h in d.hosts}
        self.netns = any(topology.hosts.get(h, {}).get("netns") for h in hosts)
        self.segments = self._segments()
        # The forked engine runs one segment on this machine; anything else, and a held
        # topology (its devices outlive a run), runs as device processes that the
        # controller starts (farm.py).
        local = len(hosts) == 1 and not self.netns and not hold
        self.forked = (
            local
            and not self.builders
            and len(self.segments) <= 1
            and all(s.transport != "tcp" and s.bridge is None for s in self.segments)
        )

    # --- checks -----------------------------------------------------------------------------

    def _check(self) -> list:
        problems = []
        senders, receivers = {}, {}
        for d in self.devices:
            for c in d.outputs:
                senders.setdefault(c, []).append(d)
            for c in d.inputs:
                receivers.setdefault(c, []).append(d)
        for d in self.devices:
            if len(d.outputs) > 1 and (d.kind == "bridge" or is_processor(d)):
                problems.append(
                    (
                        d.line,
                        f"device {d.name} sends on {len(d.outputs)} channels: fan-out from a "
                        f"processor or a bridge {NOT_YET}",
                    )
                )
            # A replicated source is one origin per process (they meet at a funnel).
            stateful = d.kind in ("merger", "bridge") or (d.inputs and not d.outputs)
            if stateful and (d.replicas != 1 or len(d.hosts) != 1):
                problems.append(
                    (
                        d.line,
                        f"device {d.name}: a sink, merger or bridge on several hosts or in "
                        f"several replicas {NOT_YET}",
                    )
                )
            if d.kind == "readout" and (d.replicas != 1 or len(d.hosts) != 1):
                problems.append(
                    (
                        d.line,
                        f"readout {d.name} runs once, on one host: its name names its detector "
                        "slice (one readout device per slice)",
                    )
                )
            if d.kind == "builder" and self.hold:
                problems.append((d.line, f"builder {d.name} in a held topology {NOT_YET}"))
            if d.kind == "merger" and d.restart == "always":
                problems.append((d.line, f"merger {d.name}: restart = 'always' {NOT_YET}"))
            processor = d.kind == "path" and d.inputs and d.outputs
            if d.port is not None and (d.kind == "merger" or processor):
                problems.append(
                    (
                        d.line,
                        f"device {d.name}: `port` is for a source (its acks channel), a sink "
                        "(its results channel) or a bridge (its relay channel); a processor's "
                        "replicas bind nothing, a merger binds one channel per segment",
                    )
                )
            if d.kind == "path" and d.inputs and d.outputs and len(d.inputs) > 1:
                problems.append(
                    (
                        d.line,
                        f"device {d.name} receives on several channels: join them with a merger",
                    )
                )
        for channel, spec in self.topology.channels.items():
            line = spec["line"] or min(d.line for d in senders.get(channel, receivers[channel]))
            building = [d for d in receivers.get(channel, []) if d.kind == "builder"]
            readouts = [d for d in senders.get(channel, []) if d.kind == "readout"]
            if building or readouts:
                others = [d.name for d in senders.get(channel, []) if d.kind != "readout"]
                if not building or others:
                    problems.append(
                        (
                            line,
                            f"channel {channel} is an event-building channel: readout devices "
                            "send on it and one builder receives it"
                            + (f" ({', '.join(others)} is not a readout device)" if others else ""),
                        )
                    )
                if spec["pattern"] != "balance":
                    problems.append((line, f"channel {channel}: event building is not a broadcast"))
                continue
            broadcast = spec["pattern"] == "broadcast"
            origin = [d for d in senders.get(channel, []) if d.kind == "merger" or not d.inputs]
            if broadcast and len(origin) != len(senders.get(channel, [])):
                problems.append(
                    (
                        line,
                        f"channel {channel}: a broadcast is sent by a source or a merger; "
                        f"from a processor {NOT_YET}",
                    )
                )
            # Several senders on a balance channel meet at a funnel.
            sides = ((senders, "sending"),) if broadcast else ((receivers, "receiving"),)
            for ends, what in sides:
                names = sorted(d.name for d in ends.get(channel, []))
                if len(names) > 1:
                    problems.append(
                        (
                            line,
                            f"channel {channel} has several {what} devices ({', '.join(names)}): "
                            + (
                                "a broadcast from several devices is not supported yet"
                                if broadcast
                                else 'a balance channel feeds one device; pattern = "broadcast" '
                                "gives each every event"
                            ),
                        )
                    )
        return problems

    # --- segments ---------------------------------------------------------------------------

    def _split_sources(self) -> None:
        """A source on several hosts or in several replicas: one origin per process, each
        with its host and replica index (its sends meet at a funnel)."""
        split = []
        for d in self.devices:
            if d.kind != "path" or d.inputs or (d.replicas == 1 and len(d.hosts) == 1):
                split.append(d)
                continue
            for host in d.hosts:
                for r in range(1, d.replicas + 1):
                    split.append(dataclasses.replace(d, hosts=[host], replicas=1, replica=r))
        self.devices = split

    def _add_implied_devices(self) -> None:
        """Adds the built-in devices the file implies (docs/topology-design.md, "Funnels"
        and "Junctions"): a funnel where several devices send on one channel, a junction
        where two processor devices meet."""
        for channel in list(self.channels):
            senders = [d for d in self.devices if channel in d.outputs]
            building = any(d.kind == "readout" for d in senders)
            if len(senders) > 1 and self.channels[channel]["pattern"] == "balance" and not building:
                self._insert("funnel", channel, FUNNEL)
        for channel in list(self.channels):
            sender = next((d for d in self.devices if channel in d.outputs), None)
            receiver = next((d for d in self.devices if channel in d.inputs), None)
            builder = sender is not None and sender.kind == "builder"
            if (is_processor(sender) or builder) and is_processor(receiver):
                self._insert("merger", channel, JUNCTION)
        for builder in [d for d in self.devices if d.kind == "builder"]:
            self._add_event_manager(builder)

    def _add_event_manager(self, builder: Device) -> None:
        """The event manager of ``builder`` (docs/eventbuilding.md): the origin of its
        segment, on the builder's first host, sending on the builder's input channel."""
        name = f"{builder.name}{EVENT_MANAGER}"
        self._check_free(name, builder.line, f"the event manager of builder {builder.name}")
        manager = dataclasses.replace(
            builder,
            name=name,
            kind="evm",
            hosts=builder.hosts[:1],
            replicas=1,
            inputs=[],
            outputs=list(builder.inputs),
            restart="never",
            port=None,
        )
        self.devices.insert(self.devices.index(builder), manager)

    def _check_free(self, name: str, line: int, what: str) -> None:
        """Refuses an implied device's ``name`` that a device or channel of the file has."""
        if self.device(name) or name in self.channels:
            raise TopologyError(
                self.topology.file,
                [(line, f"{name} names {what}: rename the device or channel that has this name")],
            )

    def readouts_of(self, builder: Device) -> list:
        """The readout devices sending to ``builder``, in the file's order."""
        return [d for d in self.devices if d.kind == "readout" and builder.inputs[0] in d.outputs]

    def _insert(self, kind: str, channel: str, suffix: str) -> None:
        """Puts a device of ``kind`` at the end of ``channel``, on its receiver's first host:
        it receives on ``channel`` and sends on ``channel`` + ``suffix`` (also its name)."""
        receiver = next(d for d in self.devices if channel in d.inputs)
        onward = f"{channel}{suffix}"
        self._check_free(onward, receiver.line, f"the {kind} of channel {channel}")
        added = dataclasses.replace(
            receiver,
            name=onward,
            kind=kind,
            steering=None,
            hosts=receiver.hosts[:1],
            replicas=1,
            inputs=[channel],
            outputs=[onward],
            restart="never",
            port=None,
            path=None,
            module=None,
        )
        at = self.devices.index(receiver)
        self.devices[at] = dataclasses.replace(
            receiver, inputs=[onward if c == channel else c for c in receiver.inputs]
        )
        self.devices.insert(at, added)
        self.channels[onward] = self.channels[channel]

    def device(self, name: str) -> Device | None:
        """The device called ``name``, a junction or a funnel included."""
        return next((d for d in self.devices if d.name == name), None)

    def _receiver(self, channel: str) -> Device:
        return next(d for d in self.devices if channel in d.inputs)

    def _segments(self) -> list:
        segments = []
        for origin in self.devices:
            is_source = origin.kind == "path" and not origin.inputs
            if not (is_source or origin.kind in ("merger", "funnel", "evm")) or not origin.outputs:
                continue
            # One segment per receiving device of each of its channels (several: a
            # broadcast, or fan-out); the first reads the source, a tee feeds the others.
            ends = [(c, d) for c in origin.outputs for d in self.devices if c in d.inputs]
            reader = None
            for follower, (channel, first) in enumerate(ends):
                segment = self._segment(len(segments), origin, channel, first)
                if len(ends) > 1:
                    name = "+".join(origin.outputs)
                    table = self.tees.setdefault(
                        id(origin), _native.TeeTable(name, len(ends) - 1, held=self.hold)
                    )
                    segment.tee = (table, None if reader is None else follower - 1)
                    segment.reader = reader
                    reader = reader or segment
                segments.append(segment)
        return segments

    def _segment(self, index: int, origin: Device, channel: str, first: Device) -> Segment:
        """The segment from ``origin`` over ``channel`` whose first device is ``first``."""
        channels = [channel]
        nxt = first
        bridge = None
        if nxt.kind == "bridge":
            bridge = nxt
            channels.append(bridge.outputs[0])
            nxt = self._receiver(channels[-1])
        workers = None
        if nxt.kind in ("path", "builder") and nxt.outputs:
            workers = nxt
            channels.append(nxt.outputs[0])
            nxt = self._receiver(channels[-1])
        if nxt.kind == "bridge":
            raise TopologyError(
                self.topology.file,
                [(nxt.line, f"bridge {nxt.name} must receive from a source or a merger")],
            )
        merge_input = None
        if nxt.kind == "merger":
            merge_input = nxt.inputs.index(channels[-1])
        if nxt.kind == "funnel":
            sender = workers or origin
            merge_input = [d for d in self.devices if channels[-1] in d.outputs].index(sender)
        segment = Segment(index, origin, workers, nxt, channels, merge_input)
        segment.bridge = bridge
        if origin.kind == "evm":
            segment.readouts = self.readouts_of(workers)
        if bridge is not None:
            self._check_bridge(segment)
        if workers is not None:
            segment.slots = [(h, r) for h in workers.hosts for r in range(1, workers.replicas + 1)]
        specs = [self.channels[c] for c in channels]
        segment.ordered = any(s["ordered"] for s in specs)
        segment.transport = self._transport(segment, specs)
        return segment

    def _check_bridge(self, segment: Segment) -> None:
        bridge = segment.bridge
        host = bridge.hosts[0]
        away = [d.name for d in segment.behind() if d.hosts != [host]]
        if away:
            raise TopologyError(
                self.topology.file,
                [
                    (
                        bridge.line,
                        f"bridge {bridge.name} feeds the channels of its host {host}: "
                        f"{', '.join(away)} must run there too",
                    )
                ],
            )

    def _transport(self, segment: Segment, specs: list) -> str:
        forced = {s["transport"] for s in specs} - {"auto"}
        if len(forced) > 1:
            line = max(s["line"] for s in specs)
            raise TopologyError(
                self.topology.file,
                [(line, f"the channels of one segment use one transport, not {sorted(forced)}")],
            )
        if forced:
            return forced.pop()
        # Behind a bridge, every device is on the bridge's host.
        devices = segment.behind() if segment.bridge else segment.devices()
        hosts = {h for d in devices + segment.readouts for h in d.hosts}
        return "shm" if len(hosts) == 1 else "tcp"

    # --- a segment's path and options --------------------------------------------------------

    def origin_steps(self, segment: Segment) -> list:
        if segment.tee and segment.tee[1] is not None:
            return [segment.tee[0].source(segment.tee[1])]
        if segment.origin.kind == "evm":
            return [self.builders[segment.workers.name].manager()]
        if segment.origin.kind == "merger":
            steps = [self.tables[segment.origin.name].source()]
        elif segment.origin.kind == "funnel":
            steps = [self.funnels[segment.origin.name].source()]
        else:
            steps = segment.origin.steps()
        return [*steps, segment.tee[0].step()] if segment.tee else steps

    def custody_steps(self, segment: Segment) -> list:
        if segment.custody.kind == "merger":
            return [self.tables[segment.custody.name].input(segment.merge_input)]
        if segment.custody.kind == "funnel":
            return [self.funnels[segment.custody.name].input(segment.merge_input)]
        return segment.custody.steps()

    def worker_steps(self, segment: Segment) -> list:
        if segment.workers is None:
            return []
        if segment.workers.kind == "builder":
            return [self.builders[segment.workers.name].build(), *segment.workers.steps()]
        return segment.workers.steps()

    def steps(self, segment: Segment) -> list:
        """The segment's path, source first: the origin's, the workers', the custody's steps."""
        return self.origin_steps(segment) + self.worker_steps(segment) + self.custody_steps(segment)

    def ranges(self, segment: Segment) -> list:
        """(device, range of path steps) of each device of the segment."""
        sizes = [
            (segment.origin, len(self.origin_steps(segment))),
            (segment.workers, len(self.worker_steps(segment))),
            (segment.custody, len(self.custody_steps(segment))),
        ]
        out, start = [], 0
        for device, size in sizes:
            if device is not None:
                out.append((device, range(start, start + size)))
            start += size
        return out

    def parts(self, segment: Segment) -> tuple:
        """The engine's parts: modules in the input process, in the input and the workers,
        and the processes' names."""
        first = len(self.origin_steps(segment)) - 1
        workers = len(self.worker_steps(segment))
        origin, custody = segment.origin, segment.custody
        worker_names = [process_name(segment.workers.name, h, r) for h, r in segment.slots]
        bridge = segment.bridge
        names = (
            process_name(origin.name, origin.hosts[0], origin.replica or 1),
            f"evf-{segment.workers.name}-{origin.hosts[0]}" if segment.workers else "evf-none",
            process_name(custody.name, custody.hosts[0], 1),
            worker_names if not self.forked else [],
            process_name(bridge.name, bridge.hosts[0], 1) if bridge else "evf-bridge",
        )
        return first, first + workers, names

    def parallel(self, segment: Segment, role: str = "") -> dict:
        """The engine's options for the segment (``process()``'s names), as the process of
        ``role`` runs it: behind a bridge, the origin sends over tcp and the rest use their
        host's transport."""
        # Credits cross the network: a replica holds enough to cover their round trip.
        remote = segment.transport == "tcp" or segment.bridge is not None
        relayed = segment.bridge is not None and role == "input"
        building = None
        if segment.readouts:
            builder = segment.workers
            names = [r.name for r in segment.readouts]
            building = {"readouts": names, "batch": builder.batch, "timeout": builder.timeout_s}
        workers = segment.workers
        return {
            "event_building": building,
            "processes": len(segment.slots),
            "ordered": segment.ordered,
            # process()'s error options: each device's on_error for its own modules; the
            # processor's event_timeout, max_retries and quarantine for its replicas.
            "on_error": (
                segment.origin.on_error,
                workers.on_error if workers else "stop",
                segment.custody.on_error,
            ),
            "event_timeout": workers.event_timeout_s if workers else None,
            "max_retries": workers.max_retries if workers else _DEFAULTS["max_retries"],
            "quarantine": workers.quarantine if workers else None,
            "max_restarts_per_minute": (segment.workers or segment.origin).max_restarts_per_minute,
            "segment_size": (segment.workers or segment.origin).segment_size,
            "transport": "tcp" if relayed else segment.transport,
            "worker_queue": REMOTE_WORKER_QUEUE if remote else _DEFAULTS["worker_queue"],
            "parts": self.parts(segment),
        }

    def session(self, segment: Segment, host: str) -> str:
        """The segment's shm session (or ipc directory) on ``host``."""
        return f"topo-{self.topology.name}-{host}-{segment.index}"

    # --- processes ------------------------------------------------------------------------

    def processes(self) -> list:
        """(device, host, replica) of every device process, in the file's order."""
        return [
            (d, host, d.replica or replica)
            for d in self.devices
            for host in d.hosts
            for replica in range(1, d.replicas + 1)
        ]

    def process_device(self, name: str, host: str, replica: int) -> Device | None:
        """The device whose process ``name`` runs on ``host`` as replica ``replica``."""
        found = (d for d, h, r in self.processes() if (d.name, h, r) == (name, host, replica))
        return next(found, None)

    def roles(self, device: Device, host: str, replica: int) -> list:
        """(segment, role) of a device process: ``input``, ``worker:N`` or ``output``; an
        origin's role first (it runs in the process's main thread)."""
        roles = []
        for s in self.segments:
            if s.origin is device:
                # The reader of a broadcast first, its followers after it.
                roles.insert(sum(r == "input" for _, r in roles), (s, "input"))
            if s.workers is device and (host, replica) in s.slots:
                roles.append((s, f"worker:{s.slots.index((host, replica))}"))
            if s.custody is device:
                roles.append((s, "output"))
            if s.bridge is device:
                roles.append((s, "bridge"))
            if device in s.readouts:
                roles.append((s, f"readout:{s.readouts.index(device)}"))
        return roles

    def job(self) -> dict:
        """What output files record of the job that wrote them."""
        return {
            "topology": os.path.abspath(self.topology.file),
            "path": [step_name(s) for seg in self.segments for s in self.steps(seg)],
            "seed": 0,
            "max_events": None,
            "processes": sum(len(s.slots) for s in self.segments),
            "evflow": _native.__version__,
        }

    def identities(self) -> dict:
        """Each device process's ``DeviceInfo`` by its process name."""
        out = {}
        for d, host, replica in self.processes():
            name = process_name(d.name, host, replica)
            out[name] = steering.DeviceInfo(name, d.name, host, replica)
        return out
