"""The standard farm of evflow's tests and benchmarks: the one builder of its topology file
(docs/topology.md) and of the steering files it runs. A source ``gen`` sends the events it
reads on ``raw``, a processor ``reco`` in replicas sends those it keeps on ``accepted``, which
is ordered, and a sink ``store`` writes them::

    gen --raw--> reco x2 --accepted (ordered)--> store

It runs on this machine, or on hosts: gen and store on the first, reco on the others. A test
changes what it needs on a ``Farm``, whose ``top``, ``hosts``, ``devices`` and ``channels``
are the file's tables in order, each {name: {key: value}}, and writes it::

    farm = Farm("t-1", max_restarts_per_minute=100)
    farm.devices["reco"]["on_error"] = "skip"
    topo = farm.write(tmp_path)  # topo.toml, gen.py, reco.py and store.py

The steering files read their knobs from the environment: gen reads run 1 of EVENTS events
(600) and run 2 of 300, each with an ``adc`` entry; reco sums ``adc`` into ``sum``, rejects
every seventh event, sleeps RECO_SLEEP seconds an event (until the file RECO_FAST names
exists, where it is set) and, where RECO_GATE is set, holds the events after number
RECO_GATE_AFTER (100) until that file exists (but for each process's first event: a replica
that started late still runs its module once); store writes OUT (out.evf)."""

import json
import textwrap
from pathlib import Path

GEN = """
import os
import evflow as ef
path = ef.Path()
path.add(ef.modules.EventGenerator(
    runs=[(1, int(os.environ.get("EVENTS", "600"))), (2, 300)],
    entries={"adc": {"dtype": "<u2", "size": ("poisson", 6), "values": ("uniform", 0, 1000)}},
))
if __name__ == "__main__":
    ef.process(path)
"""

RECO = """
import os, time
import numpy as np
import evflow as ef

class Sum(ef.Module):
    parallel_safe = True
    def initialize(self):
        self.seen = 0
    def event(self, event):
        fast = os.environ.get("RECO_FAST")
        if not (fast and os.path.exists(fast)):
            time.sleep(float(os.environ.get("RECO_SLEEP", "0")))
        # A test holds events after the first RECO_GATE_AFTER (100) here until it creates the
        # gate file; a process's first event passes, so a replica that started late has run
        # its module.
        self.seen += 1
        gate = os.environ.get("RECO_GATE")
        if gate and event.number > int(os.environ.get("RECO_GATE_AFTER", "100")):
            while self.seen > 1 and not os.path.exists(gate):
                time.sleep(0.01)
        event["sum"] = np.array([event["adc"].sum()], dtype=np.int64)
        return event.number % 7 != 0

path = ef.Path()
path.add(Sum())
"""

STORE = """
import os
import evflow as ef
path = ef.Path()
path.add(ef.modules.FileOutput(os.environ.get("OUT", "out.evf")))
"""

PACED_GEN = """
import time
import evflow as ef

class Pace(ef.Module):
    def event(self, event):
        time.sleep(0.0005)
        return True

path = ef.Path()
path.add(ef.modules.EventGenerator(
    runs=[(1, 10**9)],
    entries={"adc": {"dtype": "<u2", "size": 8, "values": ("uniform", 0, 1000)}},
))
path.add(Pace())
"""
"""A gen for a held topology: events without end (8 ADC values each), about 2000 a second."""

STEERING = {"gen": GEN, "reco": RECO, "store": STORE}
"""The standard steering files, by device."""

FIRST_LINE = "# the standard farm of evflow's tests and benchmarks (evflow_bench/standard_farm.py)"
"""The file's first line. The lines the tests expect in errors count it: their files began
with an empty line."""


class Farm:
    """The standard farm's topology file, table by table; a key whose value is None is left
    out of the file."""

    def __init__(self, name, hosts=None, *, replicas=2, max_restarts_per_minute=None, **top):
        """The standard farm named ``name``: on this machine, or on ``hosts`` ({host: the keys
        of its table}) with gen and store on the first and reco on the others; reco runs
        ``replicas`` replicas (on each host) and is restarted at most
        ``max_restarts_per_minute`` times a minute (None: the default). ``top``: top-level
        keys, such as metrics or security."""
        self.top = {"name": name, **top}
        self.hosts = {host: dict(keys) for host, keys in (hosts or {}).items()}
        first, *others = list(self.hosts) or [None]
        self.devices = {
            "gen": {"steering": "gen.py", "host": first, "outputs": ["raw"]},
            "reco": {
                "steering": "reco.py",
                "host": (others[0] if len(others) == 1 else others) or first,
                "replicas": replicas,
                "max_restarts_per_minute": max_restarts_per_minute,
                "inputs": ["raw"],
                "outputs": ["accepted"],
            },
            "store": {"steering": "store.py", "host": first, "inputs": ["accepted"]},
        }
        self.channels = {"accepted": {"ordered": True}}

    def insert(self, device, after, sends, **keys):
        """Puts ``device`` into the chain after the device ``after``: it receives what
        ``after`` sends, and sends on ``sends`` to the devices that received that. It runs
        DEVICE.py unless ``keys`` give it a ``kind`` (a built-in device); ``keys`` are its
        table's. The farm."""
        received = self.devices[after]["outputs"]
        self._receive(received, [sends])
        table = {} if "kind" in keys else {"steering": f"{device}.py"}
        table.update(keys, inputs=list(received), outputs=[sends])
        tables = list(self.devices.items())
        at = list(self.devices).index(after) + 1
        self.devices = dict([*tables[:at], (device, table), *tables[at:]])
        return self

    def remove(self, device):
        """Takes ``device`` out of the chain: the devices that received what it sends receive
        what it received, and the tables of the channels it sent on go. The farm."""
        table = self.devices.pop(device)
        self._receive(table["outputs"], list(table["inputs"]))
        for channel in table["outputs"]:
            self.channels.pop(channel, None)
        return self

    def merge(self, parts, **keys):
        """A merger in gen's place: each part ({part: its host, or None}) is a source that
        runs part_PART.py and sends on PART; the built-in merger ``merge`` joins them and
        sends on ``merged`` what gen sent; ``keys`` are the merger's (host, timeout). The
        farm."""
        self._receive(self.devices.pop("gen")["outputs"], ["merged"])
        sources = {
            part: {"steering": f"part_{part}.py", "host": host, "outputs": [part]}
            for part, host in parts.items()
        }
        merger = {"kind": "merger", **keys, "inputs": list(parts), "outputs": ["merged"]}
        self.devices = {**sources, "merge": merger, **self.devices}
        return self

    def build(self, readouts, readout, **keys):
        """Event building in place of gen and reco: each readout ({readout: its host, or
        None}) runs the steering file ``readout`` and sends its fragments on ``fragments``;
        the built-in builder ``eb``, with reco's host, replicas and restarts unless ``keys``
        (its table's) say otherwise, sends what it builds where reco sent. The farm."""
        del self.devices["gen"]
        reco = self.devices.pop("reco")
        sources = {
            name: {"kind": "readout", "steering": readout, "host": host, "outputs": ["fragments"]}
            for name, host in readouts.items()
        }
        same = ("host", "replicas", "max_restarts_per_minute")
        builder = {"kind": "builder", **{k: reco[k] for k in same}, **keys}
        builder.update(inputs=["fragments"], outputs=reco["outputs"])
        self.devices = {**sources, "eb": builder, **self.devices}
        return self

    def text(self) -> str:
        """The topology file."""
        lines = [FIRST_LINE, *_keys(self.top)]
        for section in ("hosts", "devices", "channels"):
            for name, keys in getattr(self, section).items():
                lines += [f"[{section}.{name}]", *_keys(keys)]
        return "\n".join(lines) + "\n"

    def write(self, directory, **steering) -> Path:
        """Writes the farm and its steering files in ``directory`` (see ``write``); the
        topology file's path."""
        return write(directory, self.text(), **steering)

    def _receive(self, channels, instead):
        """The devices that received on ``channels`` receive on ``instead``."""
        for table in self.devices.values():
            if table.get("inputs") == channels:
                table["inputs"] = list(instead)


def write(directory, topology: str, **steering) -> Path:
    """Writes ``topology`` (a topology file's text) to DIRECTORY/topo.toml, with the standard
    gen.py, reco.py and store.py and NAME.py for each NAME=text of ``steering`` (in place of
    a standard one); the topology file's path."""
    directory = Path(directory)
    for name, text in {**STEERING, **steering}.items():
        (directory / f"{name}.py").write_text(textwrap.dedent(text))
    topo = directory / "topo.toml"
    topo.write_text(topology)
    return topo


def _keys(table) -> list:
    """The ``key = value`` lines of ``table``, None left out."""
    return [f"{key} = {_value(value)}" for key, value in table.items() if value is not None]


def _value(value) -> str:
    """``value`` as TOML writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, str):
        return json.dumps(value)  # a TOML basic string: the same escapes
    return repr(value)
