"""``evflow up``: the controller that runs a topology file, and ``evflow ctl``, which talks to
it through its control socket (docs/topology.md; its design: docs/topology-design.md).

A topology runs on the parallel engine cut into segments (``plan.py``; the engine compiles
the plan). A topology of one segment on this machine is run by the forked engine: its origin
device is the input process, the processor device's replicas the workers, the custody device
the output process. Anything else (several segments, several hosts, network namespaces) runs as
``evflow device`` processes that ``farm.py`` starts and supervises.
"""

import contextlib
import json
import logging
import os
import socket
import sys
import threading
import time

from evflow import launchers, mergeable, metrics, steering, summary
from evflow._native import lifecycle
from evflow.errors import ConfigError, EvflowError, ResumeError
from evflow.leftovers import control_socket, remove_if_empty, sweep_leftovers
from evflow.module import resume_refused
from evflow.path import step_name
from evflow.plan import Plan
from evflow.processing import after_job, execute, finish, writes_after_job
from evflow.topology import Topology, TopologyError, load, read

log = logging.getLogger("evflow")

STATUS_EVERY = 0.5
"""Seconds between two updates of the live status line."""

CTL_TIMEOUT = 5.0
"""Seconds ``evflow ctl`` waits for the controller to answer."""

STOP_WAIT = 120.0
"""Seconds ``evflow ctl stop`` waits for the topology to drain and exit."""


NOT_HELD = (
    "the topology was not started with --hold: it runs one run until its sources end; "
    "`evflow ctl FILE stop` ends it early"
)


FORKED_FIXED = (
    "every device of this topology runs on this machine as one forked job, whose replicas are "
    "fixed at its start: run it with `evflow up --hold` to change them during a run"
)


class Fixed:
    """The answers of a job or topology whose run and processes are fixed at its start to
    the commands that would change them (``evflow ctl``, the web page): ``not_held`` and
    ``fixed`` say why."""

    not_held = NOT_HELD
    fixed = FORKED_FIXED

    def start_run(self, run, overwrite=False) -> dict:
        return {"ok": False, "error": self.not_held}

    def scale(self, device, n, host=None) -> dict:
        return {"ok": False, "error": self.fixed}

    def add_host(self, host) -> dict:
        return {"ok": False, "error": self.fixed}

    def drain_host(self, host) -> dict:
        return {"ok": False, "error": self.fixed}


class Status(Fixed):
    """The topology's devices as ``evflow ctl status`` shows them, updated by the engine's
    watch calls. Its processes, forked by the engine, move through the device life cycle
    together; the topology's one run starts with it."""

    def __init__(self, plan: Plan):
        self.plan = plan
        self.lock = threading.Lock()
        self.state = lifecycle.CONFIGURED
        """The device state of its running processes (the engine initialized them)."""
        self.run_state = lifecycle.next_run(lifecycle.RUN_STATES[0], lifecycle.START)
        self.live = None
        self.stop_requested = False
        self.started = time.monotonic()

    def update(self, live: dict) -> bool:
        """Takes the engine's progress; True asks the engine to stop (``evflow ctl stop``)."""
        with self.lock:
            self.state = lifecycle.follow_device(self.state, lifecycle.START)
            self.live = live
            return self.stop_requested

    def request_stop(self) -> dict:
        with self.lock:
            self.stop_requested = True
            self.state = lifecycle.follow_device(self.state, lifecycle.STOP)
            self.run_state = lifecycle.follow_run(self.run_state, lifecycle.STOP)
            return {"ok": True, "state": self.state}

    def run_status(self) -> dict:
        """The topology's one run: a topology that is not held runs straight through, its
        events carrying their sources' run numbers."""
        with self.lock:
            return {"number": None, "state": self.run_state}

    def endpoints(self) -> dict:
        """Channels' tcp endpoints: none on one host (shm or ipc)."""
        return {}

    def devices(self) -> list:
        """One entry per process of each device."""
        with self.lock:
            live, state = self.live, self.state
        live = live or {"processes": [], "workers": [], "read": 0, "written": 0}
        rows = []
        for name, device, host, replica, part in self.plan.native.forked_parts():
            row = {"name": name, "device": device, "host": host, "replica": replica}
            row.update(pid=None, state=lifecycle.IDLE, events_in=0, events_out=0, restarts=0)
            rows.append(row)
            if not self.plan.native.segments:  # a topology of one device: this process runs it
                row.update(pid=os.getpid(), state=state)
                continue
            worker = part if isinstance(part, int) else None
            found = [p for p in live["processes"] if p["worker"] == worker]
            found = [p for p in found if worker is not None or p["name"] == name]
            if found:
                row.update(pid=found[-1]["pid"])
                row.update(state=state if found[-1]["running"] else lifecycle.EXITED)
            if part == "input":
                row.update(events_out=live["read"])
            elif part == "output":
                # A restartable sink's process is forked again when it dies (one per life).
                restarts = max(len(found) - 1, 0)
                row.update(events_in=live["written"], events_out=live["written"], restarts=restarts)
            elif part < len(live["workers"]):
                events, restarts, rejected = live["workers"][part]
                # A processor's events out are those it passed on, not those it rejected.
                row.update(events_in=events, events_out=events - rejected, restarts=restarts)
        return rows

    def line(self) -> str:
        with self.lock:
            return status_line(self.plan.topology.name, self.state, self.live, self.started)


def status_line(name: str, state: str, live: dict | None, started: float) -> str:
    """The one-line live status of a topology from its live snapshot: its state, events in
    and out, rate, restarts."""
    if not live:
        return f"{name}: starting"
    rate = live["read"] / max(time.monotonic() - started, 1e-9)
    return (
        f"{name}: {state}  in {live['read']}  out {live['written']}  {rate:,.0f} ev/s  "
        f"restarts {live['restarts']}"
    )


class ControlServer:
    """The controller's control socket: answers ``status``, ``start`` and ``stop`` from
    ``evflow ctl`` with ``status``'s (a ``Status``, or a ``farm.Farm``)."""

    def __init__(self, name: str, status):
        self.path = control_socket(name)
        self.status = status
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
        # Bound under another name and renamed once it listens: a sweeper (leftovers.py)
        # takes a socket that refuses connections for a dead controller's.
        ready = f"{self.path}.{os.getpid()}.new"
        for _ in range(3):
            os.makedirs(os.path.dirname(self.path), mode=0o700, exist_ok=True)
            try:
                self.sock.bind(ready)
                break
            except FileNotFoundError:
                continue  # another controller that ended removed the empty directory
        else:
            raise ConfigError(f"cannot bind the control socket {self.path}")
        self.sock.listen(8)
        try:
            os.link(ready, self.path)  # fails if the name is taken: never replaces a socket
        except FileExistsError:
            self.sock.close()
            raise ConfigError(
                f"a topology named {name!r} started on this machine at the same time (control "
                f"socket {self.path}); stop it with `evflow ctl FILE stop` or rename this one"
            ) from None
        finally:
            os.unlink(ready)
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
                "run": self.status.run_status(),
            }
        if command == "stop":
            return self.status.request_stop()
        if command == "start":
            return self.status.start_run(request.get("run"), bool(request.get("overwrite")))
        if command == "scale":
            return self.status.scale(request.get("device"), request.get("n"), request.get("host"))
        if command == "add-host":
            return self.status.add_host(request.get("host"))
        if command == "drain-host":
            return self.status.drain_host(request.get("host"))
        return {"ok": False, "error": f"unknown command {command!r}"}

    def close(self) -> None:
        self.sock.close()
        try:
            os.unlink(self.path)
        except FileNotFoundError:
            pass
        remove_if_empty(os.path.dirname(self.path))


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


def up(
    file,
    *,
    report=None,
    hold=False,
    launcher="local",
    ssh_config=None,
    ssh_env=(),
    resume=False,
    web=None,
) -> int:
    """Runs the topology in ``file`` until its source ends; returns the exit code (errors and
    signals are raised, as by ``process()``). ``launcher``: how its devices reach their hosts
    (``local``, ``ssh``, ``slurm``; python/evflow/launchers.py). ``resume``: go on from the
    files its sinks left when it was killed (docs/steering.md, "Resuming a job"). ``web``:
    ``HOST:PORT`` of the shift crew's page, in place of the file's ``web`` (docs/web.md)."""
    plan = Plan(load(file), hold=hold)
    topology = plan.topology
    if web is not None:
        from evflow import web as web_page

        web_page.check_address(web)
        topology.web = web
    # Processes of evflow device (several hosts or segments, or held), not forked from here.
    devices = hold or not plan.native.forked
    # Each segment's source and sink, where they can go on (the rest refused).
    resumed = plan.native.resume_pairs() if resume and devices else None
    if resume:
        for device in topology.devices.values():
            for step in filter(resume_refused, device.steps()):
                raise ResumeError(
                    f"cannot resume {file}: device {device.name}'s {step_name(step)} keeps what "
                    "a resumed job cannot rebuild (resumable = False); run it without --resume"
                )
    if devices:
        for device in topology.devices.values():
            for step in filter(writes_after_job, device.steps()):
                raise ConfigError(
                    f"{file}: device {device.name}'s {step_name(step)} writes what the whole "
                    "job summed once it ends, and a topology that runs evflow device "
                    "processes (several hosts, or --hold) does not bring the sums to it yet: "
                    "run it on one host without --hold, or save the live sums of its metrics "
                    "server with evflow histograms HOST:PORT OUT.root"
                )
    for path in sweep_leftovers():
        log.info("removed %s, left by a job that was killed", path)
    job = plan.job()
    starter = launchers.make(launcher, topology, ssh_config=ssh_config, ssh_env=ssh_env)
    hosts = sorted({host for *_, host, _ in plan.processes()})
    if plan.native.forked and launcher != "local" and set(hosts) & set(topology.hosts):
        # The plan of one host is the forked engine's, here and in its devices alike.
        raise ConfigError(
            f"{file}: every device runs on host {hosts[0]}, and a topology on one host runs on "
            f"this machine: with --launcher {launcher}, use --hold or a second host"
        )
    if not plan.native.forked:
        from evflow import farm

        starter.check(hosts)
        return farm.Farm(plan, hold=hold, launcher=starter, resume=resumed).run(report)
    steps, parallel = plan.native.forked_job()
    steering.devices = plan.identities()
    status = Status(plan)
    server = ControlServer(topology.name, status)
    shown = [0.0]
    tty = sys.stderr.isatty()
    # What is bound before the job starts is released again if binding the rest fails.
    with contextlib.ExitStack() as bound:
        bound.callback(server.close)
        served = serve_metrics(topology, processes=plan.native.workers, steps=steps)
        if served is not None:
            bound.callback(served.close)
        page = serve_web(
            topology,
            status=status,
            live=lambda: status.live,
            histograms=lambda: mergeable.live_sums(steps, (status.live or {}).get("dir")),
        )
        bound.pop_all()

    # Each process's device and host, for its labels (as a farm's snapshot has them), by
    # name: a dead worker's replacement has its name.
    labels = {name: {"device": d, "host": h} for name, d, h, *_ in plan.native.forked_parts()}

    def watch(live):
        stop = status.update(live)
        if served is not None:
            for p in live["processes"]:
                p.update(labels.get(p["name"], {}))
            served.update(live)
        if tty and time.monotonic() - shown[0] >= STATUS_EVERY:
            shown[0] = time.monotonic()
            print("\r" + status.line().ljust(79), end="", file=sys.stderr, flush=True)
        return stop

    opts = {"max_events": None, "seed": 0}
    # With a segment, each part's on_error is its device's (in parallel); alone, the device's.
    on_error = topology.devices[plan.processes()[0][2]].on_error
    try:
        outcome = execute(
            steps, opts, on_error=on_error, job=job, parallel=parallel, watch=watch, resume=resume
        )
    finally:
        server.close()
        if served is not None:
            served.close()
        if page is not None:
            page.close()
        if tty:
            print(file=sys.stderr)
    after_job(steps[1:], outcome)
    status.state = lifecycle.next_device(status.state, lifecycle.EXIT)
    final = status.devices()
    print(_summary(plan, outcome.report, final), file=sys.stderr)
    if report is not None:
        write_report(report, topology, final, json.loads(outcome.report.to_json()))
    finish(outcome, None)
    if status.stop_requested:
        print("evflow: stopped by evflow ctl stop; files were closed", file=sys.stderr)
    return 0


def serve_metrics(topology: Topology, **kwargs) -> metrics.Metrics | None:
    """The topology's metrics server (``kwargs`` as ``metrics.Metrics`` takes them), if its
    file asks for one. The address was bound and released by the file's check: one that fails
    now (taken since) is still a problem of the file's ``metrics`` line."""
    if topology.metrics is None:
        return None
    try:
        return metrics.Metrics(topology.metrics, **kwargs)
    except ConfigError as e:
        raise TopologyError(topology.file, [(topology.metrics_line, str(e))]) from None


def serve_web(topology: Topology, **kwargs):
    """The shift crew's page (``kwargs`` as ``web.Web`` takes them), if the file or
    ``--web`` asks for one; its address was checked before anything started."""
    if topology.web is None:
        return None
    from evflow import web

    try:
        return web.serve(topology.web, name=topology.name, topology=topology, **kwargs)
    except ConfigError as e:
        raise TopologyError(topology.file, [(topology.web_line, str(e))]) from None


def _summary(plan: Plan, report, processes: list) -> str:
    """The summary (``summary.table``, as across hosts): the processes, each device's
    modules, the engine's totals line."""
    if plan.native.segments:
        ranges = plan.native.ranges(0)
    else:
        ranges = [(plan.processes()[0][1], 0, len(report.modules))]
    modules = [{**m, "device": d} for d, start, stop in ranges for m in report.modules[start:stop]]
    return summary.table(processes, modules, report.totals())


def write_report(file, topology: Topology, devices: list, job: dict) -> None:
    """Writes the report of ``--report FILE`` (JSON): the topology, its device processes as
    ``ctl status`` lists them, the job's counts and modules."""
    data = {"topology": topology.name, "file": os.path.abspath(topology.file)}
    try:
        with open(file, "w") as f:
            json.dump({**data, "devices": devices, "job": job}, f, indent=1)
            f.write("\n")
    except OSError as e:
        raise EvflowError(f"cannot write the topology report to {file}: {e.strerror or e}") from e


def ctl(
    file, command: str, *, as_json=False, run=None, overwrite=False, scale=None, host=None
) -> int:
    """``evflow ctl FILE status|stop|start|scale|add-host|drain-host``: asks the controller of
    the topology in ``file`` (``overwrite``: start a run whose number was taken, replacing its
    files; ``scale``: ``(device, replicas, host or None)``; ``host``: the host to add or
    drain)."""
    name = read(file).name
    path = control_socket(name)
    request = {"command": command}
    if run is not None:
        request["run"] = run
    if overwrite:
        request["overwrite"] = True
    if scale is not None:
        request.update(zip(("device", "n", "host"), scale, strict=True))
    if host is not None:
        request["host"] = host
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
        run = answer.get("run")
        if as_json:
            shown = {"devices": answer["devices"], "endpoints": answer["endpoints"], "run": run}
            print(json.dumps(shown))
        else:
            print(_status_table(answer["devices"]))
            if run and "index" in run:
                number = "none yet" if run["number"] is None else run["number"]
                print(f"run: {number} ({run['state']})")
            elif run:
                held = "not held: the events carry their sources' run numbers"
                print(f"run: {run['state']} ({held})")
        return 0
    if command == "start":
        print(f"topology {name!r}: run {run} started", file=sys.stderr)
    for line in answer.get("changes", []):
        print(f"topology {name!r}: {line}", file=sys.stderr)
    if command == "stop" and answer.get("run"):
        _wait_for_run(path, name, answer["run"])
    elif command == "stop":
        deadline = time.monotonic() + STOP_WAIT
        while os.path.exists(path) and time.monotonic() < deadline:
            time.sleep(0.05)
        if os.path.exists(path):
            raise EvflowError(f"topology {name!r} is still draining after {STOP_WAIT:.0f} s")
        print(f"topology {name!r} drained and stopped", file=sys.stderr)
    return 0


def _wait_for_run(path: str, name: str, run: dict) -> None:
    """Waits until the held topology's run ``run`` has ended everywhere (files closed)."""
    deadline = time.monotonic() + STOP_WAIT
    while time.monotonic() < deadline:
        try:
            now = _request(path, {"command": "status"}).get("run") or {}
        except OSError:
            raise EvflowError(
                f"topology {name!r} exited while run {run['number']} stopped"
            ) from None
        # Stopped everywhere: every sink closed it, and every device process is stopped
        # (unless a later run started meanwhile).
        stopped = now.get("state") == lifecycle.STOPPED or now.get("index", 0) > run["index"]
        if now.get("closed", 0) >= run["index"] and stopped:
            print(
                f"topology {name!r}: run {run['number']} stopped; its events are written and its "
                "files closed",
                file=sys.stderr,
            )
            return
        time.sleep(0.05)
    raise EvflowError(
        f"topology {name!r}: run {run['number']} is still draining after {STOP_WAIT:.0f} s"
    )


def _status_table(devices: list) -> str:
    keys = ("name", "pid", "state", "events_in", "events_out", "restarts")
    rows = [keys] + [tuple(str(d[k]) for k in keys) for d in devices]
    widths = [max(len(r[i]) for r in rows) for i in range(len(keys))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in rows)
