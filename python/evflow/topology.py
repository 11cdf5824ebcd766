"""Topology files (docs/topology.md): read and checked before anything starts.

The file's structure is checked by the engine (``_native.load_topology``); what needs Python
is checked here: each device's steering file is imported (with ``__name__`` set to
``"evflow.device"``, so its ``ef.process(path)`` behind ``if __name__ == "__main__":`` does
not run), must define ``path``, and its path must fit the device's channels. Every problem,
from both, is one ``FILE:LINE: ...`` line of one ``TopologyError``.
"""

import importlib
import json
import os
import sys
import types
from dataclasses import dataclass, field, fields

from evflow import _native, diagnostics, steering
from evflow.errors import ConfigError
from evflow.path import Path, is_source, step_name

DEVICE_RUN_NAME = "evflow.device"
"""``__name__`` of a steering file imported by a device."""

NETNS_DIR = _native.NETNS_DIR
"""Where ``ip netns add`` makes the named network namespaces."""


class TopologyError(ConfigError):
    """A topology file has problems; ``problems`` lists them as ``(line, message)``."""

    def __init__(self, file: str, problems: list):
        self.file = file
        self.problems = sorted(problems, key=lambda p: p[0])
        lines = [
            f"{file}:{line}: {message}" if line else f"{file}: {message}"
            for line, message in self.problems
        ]
        super().__init__("\n".join(lines))


@dataclass
class Device:
    """A device of a topology file as Python needs it: to import its steering file and run
    its path (the engine's ``topology::Device`` holds every option), with its imported path."""

    name: str
    kind: str
    steering: str | None
    steering_line: int
    inputs: list
    on_error: str
    """What a module that raises on an event does, as ``process()``'s ``on_error``."""
    outputs: list = field(default_factory=list)
    restart: str | None = None
    """`"always"`, `"never"`, or None: not given, the plan decides (docs/topology.md)."""
    path: Path | None = None
    module: types.ModuleType | None = None

    def steps(self) -> list:
        """The steps of its path (a source first, or modules only)."""
        return list(self.path) if self.path is not None else []


@dataclass
class Topology:
    """A checked topology file."""

    file: str
    name: str
    controller: str | None
    metrics: str | None
    hosts: dict
    devices: dict
    metrics_line: int = 0
    """Line of ``metrics`` in the file (0 without it)."""
    web: str | None = None
    """Where the controller serves the shift crew's page (docs/web.md), or None."""
    web_line: int = 0
    security: str | None = None
    """``"curve"``: every tcp link authenticated and encrypted (docs/security.md)."""
    controller_key: dict | None = None
    """The controller's key files (``secret``, ``public``), with ``security``."""
    native: object = None
    """The engine's reading of the file (``_native.TopologyFile``): its plan is compiled from
    it, the file read once."""


def read(file) -> Topology:
    """Reads and checks ``file`` without importing steering files (for ``evflow ctl``)."""
    file = os.fspath(file)
    topology, problems = _read(file)
    if problems:
        raise TopologyError(file, problems)
    return topology


def load(file, *, check_hosts: bool = True) -> Topology:
    """Reads and checks ``file``, importing every steering file; raises ``TopologyError`` with
    every problem found. ``check_hosts``: also that namespaces exist, key files can be read,
    fixed ports and the metrics address are free (the controller's check before anything
    starts; a device, started after, skips it)."""
    file = os.fspath(file)
    topology, problems = _read(file, machine=check_hosts)
    if topology is None:
        raise TopologyError(file, problems)
    # A file with problems of its own may leave a device's channels unread: its steering
    # file is still imported, but not fitted to them.
    fit = not problems
    for device in topology.devices.values():
        # A builder's steering is optional: modules it runs on each built event.
        if device.steering and device.kind in ("path", "readout", "builder"):
            problems.extend(_import(device, fit=fit))
    problems.extend(_check_servers(topology, bind=check_hosts))
    if problems:
        raise TopologyError(file, problems)
    return topology


def _read(file: str, machine: bool = False) -> tuple:
    """The file as the engine reads it: ``(Topology, problems)``, the topology ``None`` when the
    file is not TOML at all (with problems, it is what could be read). ``machine``: also the
    engine's checks against this machine (``topology/machine.rs``)."""
    native, problems = _native.load_topology(file, machine)
    if native is None:
        return None, problems
    data = json.loads(native.json)
    devices = {name: _of(Device, d, name=name) for name, d in data.pop("devices").items()}
    return _of(Topology, data, devices=devices, native=native), problems


def _of(cls, data: dict, **given):
    """A ``cls`` of the fields it has of ``data`` (the engine's JSON) and ``given``."""
    return cls(**{f.name: data[f.name] for f in fields(cls) if f.name in data}, **given)


def _import(device: Device, *, fit: bool = True) -> list:
    """Imports the device's steering file into ``device.path``; returns its problems. ``fit``:
    also that its path fits the device's channels."""
    where, line = device.steering, device.steering_line
    if not os.path.isfile(where):
        return [(line, f"device {device.name}: steering file {where} not found")]
    steering.importing_device = device.name
    sys.path.insert(0, os.path.dirname(os.path.abspath(where)))
    # A module object that lives as long as the device: the functions of the file keep
    # their globals (runpy.run_path's would be cleared once its temporary module is gone).
    device.module = types.ModuleType(DEVICE_RUN_NAME)
    device.module.__file__ = os.path.abspath(where)
    try:
        with open(where, "rb") as f:
            code = compile(f.read(), where, "exec")
        exec(code, device.module.__dict__)
    except SyntaxError as e:
        # Its place is the file compiled (the steering file or a module it imports), not
        # the evflow frame that compiled it.
        imports = "" if _same_file(e.filename or where, where) else f"{where} imports "
        said = diagnostics.syntax_error(e, where)
        return [(line, f"device {device.name}: steering file {imports}{said}")]
    except Exception as e:
        at = diagnostics.user_location(e)
        at = f" (at {at})" if at else ""
        return [
            (
                line,
                f"device {device.name}: steering file {where} raised {type(e).__name__}: {e}{at}",
            )
        ]
    finally:
        steering.importing_device = None
        sys.path.pop(0)
    path = device.module.__dict__.get("path")
    if not isinstance(path, Path):
        found = "nothing" if path is None else type(path).__name__
        return [
            (
                line,
                f"device {device.name}: steering file {where} must define `path`, an evflow.Path, "
                f"at module level (it defines {found})",
            )
        ]
    device.path = path
    return (_fit(device) if fit else []) + _resumable(device)


def _same_file(a: str, b: str) -> bool:
    return os.path.abspath(a) == os.path.abspath(b)


def _fit(device: Device) -> list:
    """The device's path against its channels: a source exactly when it has no inputs."""
    line = device.steering_line
    steps = list(device.path)
    starts_with_source = bool(steps) and is_source(steps[0])
    if device.inputs and starts_with_source:
        return [
            (
                line,
                f"device {device.name} receives on {', '.join(device.inputs)}, but its path starts "
                f"with the source {step_name(steps[0])}: a device with inputs takes its events "
                "from them; remove the source from its path",
            )
        ]
    if not device.inputs and not starts_with_source:
        return [
            (
                line,
                f"device {device.name} has no inputs and its path has no source: add a source "
                "(e.g. evflow.modules.FileInput) or give it `inputs`",
            )
        ]
    if not steps:
        return [(line, f"device {device.name}: its path is empty")]
    return []


def _resumable(device: Device) -> list:
    """A sink restarted when it dies continues what its process left: each step of its path
    must be able to (``resumable``, docs/topology-design.md, "Custodies that are restarted")."""
    if not (device.inputs and not device.outputs and device.restart == "always"):
        return []
    return [
        (
            device.steering_line,
            f"device {device.name} has restart = 'always', but its step {step_name(step)} "
            "keeps what a restarted process cannot rebuild (resumable = False): remove "
            "`restart` or the step",
        )
        for step in device.steps()
        if keeps_state(step)
    ]


def keeps_state(step) -> bool:
    """Whether ``step`` keeps what a restarted process cannot rebuild (``resumable = False``):
    its sink is not restarted unless the file says so, and then refused."""
    return getattr(step, "resumable", True) is False


def _check_servers(topology: Topology, *, bind: bool) -> list:
    """``metrics`` and ``web``: HOST:PORT (``web``: or PORT), and with ``bind``, an address
    the controller can listen at (bound and released here, before anything starts)."""
    problems = []
    for where, line, server in (
        (topology.metrics, topology.metrics_line, "metrics"),
        (topology.web, topology.web_line, "web"),
    ):
        if where is None:
            continue
        # Imported only when asked for: every device process loads the file.
        module = importlib.import_module(f"evflow.{server}")
        try:
            if bind:
                module.check_address(where)
            else:
                module.parse_address(where)
        except ConfigError as e:
            problems.append((line, str(e)))
    return problems
