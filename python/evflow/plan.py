"""How a topology runs on the engine (docs/topology-design.md, "Roles as data: segments";
docs/controller.md, "The plan"). The plan is compiled once, in the engine
(``control/plan.rs``): the devices the file implies added, the topology cut into segments at
its stateful devices (sources, sinks, mergers), each segment one origin, at most one
processor device whose replicas are its workers, and one custody (the protocol of
``process(processes=N)``), each device process's roles in them, and each role's path and
engine options (``control/roles.rs``). Shapes the engine does not run yet are refused there,
each with the line of the file that asks for it.

``evflow up`` compiles it and hands it to each device it starts (``--plan``); a device looks
its roles up in it. Here a plan gets its devices' paths, imported from their steering files.
"""

import hashlib
import os

from evflow import _native, steering
from evflow.errors import EvflowError
from evflow.path import step_name
from evflow.topology import Topology, TopologyError, keeps_state


class Plan:
    """A topology's compiled plan (``native``, a ``_native.CompiledPlan``: its segments, its
    processes, their paths and options) with the topology it was compiled from."""

    def __init__(self, topology: Topology, hold: bool = False, compiled: str | None = None):
        """The plan of ``topology``: ``compiled`` (the controller's, as JSON), or compiled
        from its file."""
        self.topology = topology
        paths = {name: d.steps() for name, d in topology.devices.items()}
        if compiled is not None:
            self.native = _native.CompiledPlan.sent(topology.native, compiled, paths)
            return
        unresumable = {name for name, steps in paths.items() if any(map(keeps_state, steps))}
        self.native, problems = _native.compile_plan(topology.native, hold, paths, unresumable)
        if problems:
            raise TopologyError(topology.file, problems)

    def processes(self) -> list:
        """(name, device, the file's device, host, replica) of every device process, in the
        file's order."""
        return self.native.processes()

    def steps(self, segment: int) -> list:
        """Segment ``segment``'s path, source first: its origin's, workers' and custody's steps."""
        return self.native.steps(segment)

    def job(self) -> dict:
        """What output files record of the job that wrote them, and what a resumed topology
        must match (docs/steering.md, "Resuming a job"): the topology file (``steering``) and
        the hash of its text and of its devices' steering files."""
        from evflow.processing import source_identity

        texts = hashlib.sha256()
        files = [self.topology.file]
        files += [d.steering for d in self.topology.devices.values() if d.steering]
        for file in files:
            try:
                with open(file, "rb") as f:
                    texts.update(hashlib.sha256(f.read()).digest())
            except OSError:
                texts.update(b"unreadable: " + os.fsencode(file))
        first = self.steps(0)
        try:
            # A device on another host may not reach what the source reads.
            inputs = source_identity(first[0]) if first else None
        except (OSError, EvflowError):
            inputs = None
        return {
            "topology": os.path.abspath(self.topology.file),
            "steering": self.topology.file,
            "steering_sha256": texts.hexdigest(),
            "args": [],
            "path": [step_name(s) for i in range(self.native.segments) for s in self.steps(i)],
            "seed": 0,
            "max_events": None,
            "processes": self.native.workers,
            "evflow": _native.__version__,
            "inputs": inputs,
        }

    def identities(self) -> dict:
        """Each device process's ``DeviceInfo`` by its process name."""
        return {
            name: steering.DeviceInfo(name, device, host, replica)
            for name, device, _, host, replica in self.processes()
        }
