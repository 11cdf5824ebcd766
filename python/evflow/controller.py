"""``evflow up``: the controller that runs a topology file, and ``evflow ctl``, which talks to
it through its control socket (docs/topology.md).

A topology is a chain the parallel engine runs with the devices as its parts: the source
device is its input process, the processor device's replicas its workers, the sink device
its output process. On one machine the engine forks them; across hosts (or in network
namespaces) each is an ``evflow device`` process that ``farm.py`` starts and supervises.
What is not built yet (built-in devices, longer chains, ``--hold``) is refused, each with
the line of the file that asks for it.
"""

import json
import os
import socket
import sys
import tempfile
import threading
import time

from evflow import _native, steering
from evflow.errors import ConfigError, EvflowError
from evflow.path import step_name
from evflow.processing import execute, finish
from evflow.topology import Topology, TopologyError, load, read

LOCAL_HOST = "local"
"""The host of devices of a file without [hosts] (the machine ``evflow up`` runs on)."""

STATUS_EVERY = 0.5
"""Seconds between two updates of the live status line."""

CTL_TIMEOUT = 5.0
"""Seconds ``evflow ctl`` waits for the controller to answer."""

REMOTE_WORKER_QUEUE = 16
"""Events a processor replica on another host holds: enough to cover the round trip of its
credits over the network (the engine's default, 2, is for shared memory on one host)."""

_DEFAULT_QUEUE = _native.parallel_defaults()["worker_queue"]

STOP_WAIT = 120.0
"""Seconds ``evflow ctl stop`` waits for the topology to drain and exit."""


def control_socket(name: str) -> str:
    """The control socket of the topology ``name`` on this machine."""
    return os.path.join(tempfile.gettempdir(), f"evflow-{os.getuid()}", f"{name}.ctl")


def process_name(device: str, host: str, replica: int) -> str:
    """A device process's name, as ``ps`` (its first 15 bytes) and the status show it."""
    return f"evf-{device}-{host}-{replica}"


class Plan:
    """Which device is which part of the engine: a source device, then optionally a
    processor device with its replicas, then a sink device; or one device alone. On one
    host without a network namespace the engine forks them; otherwise each is an
    ``evflow device`` process the controller starts (``farm.py``)."""

    def __init__(self, topology: Topology):
        self.topology = topology
        devices = [topology.devices[name] for name in topology.order]
        problems = []
        for d in devices:
            if d.kind != "path":
                problems.append((d.line, f"device {d.name}: kind = {d.kind!r} {_NOT_YET}"))
        shape = [(len(d.inputs), len(d.outputs)) for d in devices]
        if shape not in ([(0, 0)], [(0, 1), (1, 1), (1, 0)]):
            problems.append(
                (
                    devices[0].line,
                    "this controller runs one device alone, or a chain of a source device, one "
                    f"processor device and a sink device; this file's devices are "
                    f"{' -> '.join(d.name for d in devices)}; other shapes {_NOT_YET}",
                )
            )
        for d in devices[:1] + devices[2:]:
            if d.replicas != 1 or len(d.hosts) != 1:
                problems.append(
                    (
                        d.line,
                        f"device {d.name}: a source or sink device on several hosts or in "
                        f"several replicas {_NOT_YET}",
                    )
                )
        hosts = {h for d in devices for h in d.hosts}
        self.remote = len(hosts) > 1 or any(topology.hosts.get(h, {}).get("netns") for h in hosts)
        channels = [topology.channels[c] for d in devices for c in d.outputs]
        transports = {c["transport"] for c in channels} - {"auto"}
        if (self.remote and transports - {"tcp"}) or (not self.remote and "tcp" in transports):
            line = max(c["line"] for c in channels)
            problems.append(
                (line, f"channels over {' and '.join(sorted(transports))} here {_NOT_YET}")
            )
        if len(transports) > 1:
            line = max(c["line"] for c in channels)
            problems.append((line, "the channels of one topology use one transport (for now)"))
        if self.remote and len(devices) == 3 and devices[1].port is not None:
            problems.append(
                (devices[1].line, f"device {devices[1].name} binds no channel (its replicas "
                 "connect): `port` is for the source (its acks) and the sink (its results)")
            )  # fmt: skip
        if self.remote and len(devices) == 1:
            problems.append((devices[0].line, f"one device alone on a host of [hosts] {_NOT_YET}"))
        if problems:
            raise TopologyError(topology.file, problems)
        self.devices = devices
        self.host = devices[0].hosts[0]
        self.transport = "tcp" if self.remote else (transports or {"shm"}).pop()
        self.ordered = any(c["ordered"] for c in channels)
        # Worker slots: the processor's replicas, host by host.
        self.slots = []
        if len(devices) == 3:
            self.slots = [
                (h, r) for h in devices[1].hosts for r in range(1, devices[1].replicas + 1)
            ]

    def steps(self) -> list:
        """Every device's steps, source first: the path the engine runs."""
        return [step for d in self.devices for step in d.steps()]

    def parts(self) -> tuple:
        """The engine's parts: modules in the input process, in the input and the workers,
        and the processes' names."""
        source, processor, sink = self.devices
        first = len(source.steps()) - 1
        workers = [process_name(processor.name, h, r) for h, r in self.slots]
        names = (
            process_name(source.name, source.hosts[0], 1),
            f"evf-{processor.name}-{self.host}",
            process_name(sink.name, sink.hosts[0], 1),
            workers if self.remote else [],
        )
        return first, first + len(processor.steps()), names

    def job(self) -> dict:
        """What output files record of the job that wrote them."""
        return {
            "topology": os.path.abspath(self.topology.file),
            "path": [step_name(s) for s in self.steps()],
            "seed": 0,
            "max_events": None,
            "processes": len(self.slots),
            "evflow": _native.__version__,
        }

    def parallel(self) -> dict:
        """The engine's options for the chain (``process()``'s names)."""
        processor = self.devices[1]
        return {
            "processes": len(self.slots),
            "ordered": self.ordered,
            "max_restarts_per_minute": processor.max_restarts_per_minute,
            "transport": self.transport,
            "worker_queue": REMOTE_WORKER_QUEUE if self.remote else _DEFAULT_QUEUE,
            "parts": self.parts(),
        }

    def identities(self) -> dict:
        """Each device process's ``DeviceInfo`` by its process name."""
        out = {}
        for d in self.devices:
            for host in d.hosts:
                for replica in range(1, d.replicas + 1):
                    name = process_name(d.name, host, replica)
                    out[name] = steering.DeviceInfo(name, d.name, host, replica)
        return out

    def ranges(self) -> list:
        """Each device's path steps (source = 0) in the engine's path."""
        out, start = [], 0
        for d in self.devices:
            out.append(range(start, start + len(d.steps())))
            start += len(d.steps())
        return out


_NOT_YET = 'is not supported yet (docs/topology.md, "What runs today")'


class Status:
    """The topology's devices as ``evflow ctl status`` shows them, updated by the engine's
    watch calls."""

    def __init__(self, plan: Plan):
        self.plan = plan
        self.lock = threading.Lock()
        self.state = "configured"
        self.live = None
        self.stop_requested = False
        self.started = time.monotonic()

    def update(self, live: dict) -> bool:
        """Takes the engine's progress; True asks the engine to stop (``evflow ctl stop``)."""
        with self.lock:
            if self.state == "configured":
                self.state = "running"
            self.live = live
            return self.stop_requested

    def request_stop(self) -> None:
        with self.lock:
            self.stop_requested = True
            self.state = "draining"

    def endpoints(self) -> dict:
        """Channels' tcp endpoints: none on one host (shm or ipc)."""
        return {}

    def devices(self) -> list:
        """One entry per process of each device."""
        with self.lock:
            live, state = self.live, self.state
        plan = self.plan
        if len(plan.devices) == 1:
            d = plan.devices[0]
            return [self._entry(d, 1, os.getpid(), state, 0, 0, 0)]
        source, processor, sink = plan.devices
        processes = live["processes"] if live else []
        workers = live["workers"] if live else []

        def proc(worker=None, name=None):
            found = [
                p
                for p in processes
                if p["worker"] == worker and (name is None or p["name"] == name)
            ]
            return found[-1] if found else None

        def entry(device, replica, p, events_in, events_out, restarts):
            pid = p["pid"] if p else None
            st = state if p and p["running"] else ("exited" if p else "idle")
            return self._entry(device, replica, pid, st, events_in, events_out, restarts)

        read = live["read"] if live else 0
        written = live["written"] if live else 0
        *_, names = plan.parts()
        out = [entry(source, 1, proc(name=names[0]), 0, read, 0)]
        for w in range(processor.replicas):
            events, restarts = workers[w] if w < len(workers) else (0, 0)
            out.append(entry(processor, w + 1, proc(worker=w), events, events, restarts))
        out.append(entry(sink, 1, proc(name=names[2]), written, written, 0))
        return out

    def _entry(self, device, replica, pid, state, events_in, events_out, restarts) -> dict:
        return {
            "name": process_name(device.name, self.plan.host, replica),
            "device": device.name,
            "host": self.plan.host,
            "replica": replica,
            "pid": pid,
            "state": state,
            "events_in": events_in,
            "events_out": events_out,
            "restarts": restarts,
        }

    def line(self) -> str:
        """The one-line live status."""
        with self.lock:
            live = self.live
        if not live:
            return f"{self.plan.topology.name}: starting"
        elapsed = max(time.monotonic() - self.started, 1e-9)
        return (
            f"{self.plan.topology.name}: {self.state}  in {live['read']}  out {live['written']}  "
            f"{live['read'] / elapsed:,.0f} ev/s  restarts {live['restarts']}"
        )


class ControlServer:
    """The controller's control socket: answers ``status`` and ``stop`` from ``evflow ctl``."""

    def __init__(self, name: str, status: Status):
        self.path = control_socket(name)
        self.status = status
        os.makedirs(os.path.dirname(self.path), mode=0o700, exist_ok=True)
        if os.path.exists(self.path):
            try:
                _request(self.path, {"command": "ping"})
            except OSError:
                os.unlink(self.path)  # left by a controller that died
            else:
                raise ConfigError(
                    f"a topology named {name!r} already runs on this machine (control socket "
                    f"{self.path}); stop it with `evflow ctl FILE stop` or rename this one"
                )
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.bind(self.path)
        self.sock.listen(8)
        self.thread = threading.Thread(target=self._serve, name="evflow-ctl", daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return  # closed
            with conn:
                try:
                    conn.sendall(json.dumps(self._answer(_receive(conn))).encode() + b"\n")
                except (OSError, ValueError):
                    pass  # a client that went away or sent nonsense gets nothing

    def _answer(self, request: dict) -> dict:
        command = request.get("command")
        if command == "ping":
            return {"ok": True}
        if command == "status":
            return {
                "ok": True,
                "topology": self.status.plan.topology.name,
                "pid": os.getpid(),
                "devices": self.status.devices(),
                "endpoints": self.status.endpoints(),
            }
        if command == "stop":
            self.status.request_stop()
            return {"ok": True, "state": "draining"}
        if command == "start":
            return {
                "ok": False,
                "error": "the topology was not started with --hold: it runs one run until its "
                "sources end; `evflow ctl FILE stop` ends it early",
            }
        return {"ok": False, "error": f"unknown command {command!r}"}

    def close(self) -> None:
        self.sock.close()
        try:
            os.unlink(self.path)
        except FileNotFoundError:
            pass


def _receive(conn) -> dict:
    data = b""
    while not data.endswith(b"\n"):
        chunk = conn.recv(65536)
        if not chunk:
            break
        data += chunk
    return json.loads(data or b"{}")


def _request(path: str, request: dict) -> dict:
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.settimeout(CTL_TIMEOUT)
        s.connect(path)
        s.sendall(json.dumps(request).encode() + b"\n")
        return _receive(s)


def up(file, *, report=None, hold=False) -> int:
    """Runs the topology in ``file`` until its source ends; returns the exit code (errors and
    signals are raised, as by ``process()``)."""
    if hold:
        raise ConfigError(f"--hold (runs started and stopped by evflow ctl) {_NOT_YET}")
    plan = Plan(load(file))
    topology = plan.topology
    steps = plan.steps()
    job = plan.job()
    if plan.remote:
        from evflow import farm

        return farm.Farm(plan).run(report)
    parallel = plan.parallel() if len(plan.devices) == 3 else None
    steering.devices = plan.identities()
    status = Status(plan)
    server = ControlServer(topology.name, status)
    shown = [0.0]
    tty = sys.stderr.isatty()

    def watch(live):
        stop = status.update(live)
        if tty and time.monotonic() - shown[0] >= STATUS_EVERY:
            shown[0] = time.monotonic()
            print("\r" + status.line().ljust(79), end="", file=sys.stderr, flush=True)
        return stop

    opts = {"max_events": None, "seed": 0}
    try:
        outcome = execute(steps, opts, on_error="stop", job=job, parallel=parallel, watch=watch)
    finally:
        server.close()
        if tty:
            print(file=sys.stderr)
    status.state = "exited"
    final = status.devices()
    print(_summary(plan, outcome.report, final), file=sys.stderr)
    print(outcome.report.table(), file=sys.stderr)
    if report is not None:
        _write_report(report, plan, outcome.report, final)
    finish(outcome, None)
    if status.stop_requested:
        print("evflow: stopped by evflow ctl stop; files were closed", file=sys.stderr)
    return 0


def _summary(plan: Plan, report, processes: list) -> str:
    """Per device: processes, events in and out, restarts, time in its modules."""
    modules = report.modules if hasattr(report, "modules") else []
    rows = [("device", "host", "processes", "events in", "events out", "restarts", "time [s]")]
    for device, steps in zip(plan.devices, plan.ranges(), strict=True):
        mine = [p for p in processes if p["device"] == device.name]
        seconds = sum(m["total_s"] for m in modules[steps.start : steps.stop])
        rows.append(
            (
                device.name,
                plan.host,
                str(len(mine)),
                str(sum(p["events_in"] for p in mine)),
                str(sum(p["events_out"] for p in mine)),
                str(sum(p["restarts"] for p in mine)),
                f"{seconds:.3f}",
            )
        )
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in rows)


def _write_report(file, plan: Plan, report, processes: list) -> None:
    data = {
        "topology": plan.topology.name,
        "file": os.path.abspath(plan.topology.file),
        "devices": processes,
        "job": json.loads(report.to_json()),
    }
    try:
        with open(file, "w") as f:
            json.dump(data, f, indent=1)
            f.write("\n")
    except OSError as e:
        raise EvflowError(f"cannot write the topology report to {file}: {e.strerror or e}") from e


def ctl(file, command: str, *, as_json=False, run=None) -> int:
    """``evflow ctl FILE status|stop|start``: asks the controller of the topology in ``file``."""
    name = read(file).name
    path = control_socket(name)
    request = {"command": command}
    if run is not None:
        request["run"] = run
    try:
        answer = _request(path, request)
    except (FileNotFoundError, ConnectionRefusedError):
        raise EvflowError(
            f"topology {name!r} is not running on this machine (no controller at {path}); "
            f"start it with `evflow up {os.fspath(file)}`"
        ) from None
    except (OSError, ValueError) as e:
        raise EvflowError(f"the controller of topology {name!r} did not answer: {e}") from None
    if not answer.get("ok"):
        raise EvflowError(answer.get("error", "the controller refused"))
    if command == "status":
        if as_json:
            print(json.dumps({"devices": answer["devices"], "endpoints": answer["endpoints"]}))
        else:
            print(_status_table(answer["devices"]))
        return 0
    if command == "stop":
        deadline = time.monotonic() + STOP_WAIT
        while os.path.exists(path) and time.monotonic() < deadline:
            time.sleep(0.05)
        if os.path.exists(path):
            raise EvflowError(f"topology {name!r} is still draining after {STOP_WAIT:.0f} s")
        print(f"topology {name!r} drained and stopped", file=sys.stderr)
    return 0


def _status_table(devices: list) -> str:
    keys = ("name", "pid", "state", "events_in", "events_out", "restarts")
    rows = [keys] + [tuple(str(d[k]) for k in keys) for d in devices]
    widths = [max(len(r[i]) for r in rows) for i in range(len(keys))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in rows)
