"""How a topology runs on the engine (docs/topology-design.md, "Roles as data: segments";
docs/controller.md, "The plan"). The plan is compiled once, in the engine
(``control/plan.rs``): the devices the file implies added, the topology cut into segments at
its stateful devices (sources, sinks, mergers), each segment one origin, at most one
processor device whose replicas are its workers, and one custody (the protocol of
``process(processes=N)``), and each device process's roles in them. Shapes the engine does
not run yet are refused there, each with the line of the file that asks for it.

``evflow up`` compiles it and hands it to each device it starts (``--plan``); a device looks
its roles up in it. Here a plan's devices get their imported paths, and its segments the
steps and engine options they run.
"""

import dataclasses
import json
import os
from dataclasses import dataclass, field

from evflow import _native, steering
from evflow.errors import ConfigError
from evflow.path import step_name
from evflow.topology import Device, Topology, TopologyError

REMOTE_WORKER_QUEUE = 16
"""Events a processor replica on another host holds: enough to cover the round trip of its
credits over the network (the engine's default, 2, is for shared memory on one host)."""

_DEFAULTS = _native.parallel_defaults()


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


class Plan:
    """The segments of a topology and the role of every device process in them."""

    def __init__(self, topology: Topology, hold: bool = False, compiled: str | None = None):
        """The plan of ``topology``: ``compiled`` (the controller's, as JSON), or compiled
        from its file."""
        self.topology = topology
        self.hold = hold
        self.native = None
        """The compiled plan the controller's supervisor is built from (None in a device)."""
        if compiled is None:
            self.native, problems = _native.compile_plan(topology.file, hold)
            if problems:
                raise TopologyError(topology.file, problems)
            compiled = self.native.json
        self.compiled = compiled
        try:
            plan = json.loads(compiled)
            self.devices = [self._device(d) for d in plan["devices"]]
            self.forked = plan["forked"]
            self._roles = {
                (p["device"], p["host"], p["replica"]): p["roles"] for p in plan["processes"]
            }
            self.segments = [self._segment(s) for s in plan["segments"]]
            # A broadcast: a tee per origin, named for its channels, feeds the followers.
            tees = {}  # by the reading segment
            for segment, planned in zip(self.segments, plan["segments"], strict=True):
                tee = planned["tee"]
                if tee is None:
                    continue
                if tee["reader"] not in tees:
                    name = "+".join(segment.origin.outputs)
                    tees[tee["reader"]] = _native.TeeTable(name, tee["followers"], held=hold)
                segment.tee = (tees[tee["reader"]], tee["follower"])
                if tee["follower"] is not None:
                    segment.reader = self.segments[tee["reader"]]
        except (ValueError, KeyError, IndexError, TypeError) as e:
            raise ConfigError(
                f"{topology.file}: the plan given with --plan does not fit this file "
                f"({type(e).__name__}: {e}); was the file changed after evflow up started? "
                "Start the topology again"
            ) from None
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
            s.workers.name: _native.EventBuilder(
                s.workers.name, [r.name for r in s.readouts], s.workers.batch, s.workers.timeout_s
            )
            for s in self.segments
            if s.readouts
        }

    def _device(self, planned: dict) -> Device:
        """A device of the plan: the file's, or one it implies (a funnel or junction takes
        its receiver's options and runs no path; an event manager its builder's)."""
        of = self.topology.devices[planned["of"]]
        implied = planned["name"] != of.name and planned["kind"] in ("funnel", "merger")
        return dataclasses.replace(
            of,
            name=planned["name"],
            kind=planned["kind"],
            hosts=planned["hosts"],
            replicas=planned["replicas"],
            replica=planned["replica"],
            inputs=planned["inputs"],
            outputs=planned["outputs"],
            restart=planned["restart"],
            port=planned["port"],
            line=planned["line"],
            **(dict(steering=None, path=None, module=None) if implied else {}),
        )

    def _segment(self, planned: dict) -> Segment:
        def device(i):
            return None if i is None else self.devices[i]

        return Segment(
            index=planned["index"],
            origin=device(planned["origin"]),
            workers=device(planned["workers"]),
            custody=device(planned["custody"]),
            channels=planned["channels"],
            merge_input=planned["merge_input"],
            slots=[tuple(slot) for slot in planned["slots"]],
            transport=planned["transport"],
            ordered=planned["ordered"],
            bridge=device(planned["bridge"]),
            readouts=[self.devices[i] for i in planned["readouts"]],
        )

    def device(self, name: str) -> Device | None:
        """The device called ``name``, a junction or a funnel included."""
        return next((d for d in self.devices if d.name == name), None)

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
        return [(self.devices[d], host, replica) for d, host, replica in self._roles]

    def process_device(self, name: str, host: str, replica: int) -> Device | None:
        """The device whose process ``name`` runs on ``host`` as replica ``replica``."""
        found = (d for d, h, r in self.processes() if (d.name, h, r) == (name, host, replica))
        return next(found, None)

    def roles(self, device: Device, host: str, replica: int) -> list:
        """(segment, role) of a device process: ``input``, ``worker:N``, ``output``,
        ``bridge`` or ``readout:N``; an origin's role first (it runs in the process's main
        thread)."""
        at = next(i for i, d in enumerate(self.devices) if d is device)
        return [(self.segments[s], role) for s, role in self._roles[(at, host, replica)]]

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
