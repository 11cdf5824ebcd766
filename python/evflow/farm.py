"""The controller of a topology whose devices run on several hosts (docs/topology-design.md): it
starts each device process with ``evflow device`` through the launcher, takes their
reports, publishes the job's view, restarts dead processor replicas, drains on signals, and
prints the summary.

The protocol is the parallel engine's, with the board replaced by messages: each device
reports its part of the board every heartbeat, and the controller publishes the whole job
(stop requests, worker generations and deaths, channel endpoints) to all of them.
"""

import contextlib
import json
import os
import signal
import sys
import threading
import time
from itertools import zip_longest

from evflow import _native, controller, farm_summary, hosts, launchers, outputs
from evflow._native import lifecycle
from evflow.channels import Channel
from evflow.errors import ChannelTimeoutError, EvflowError, ModuleError
from evflow.path import part_files, step_name
from evflow.plan import process_name

_LIMITS = _native.SUPERVISOR
"""The supervisor's limits, in seconds (crates/evflow-runtime/src/control/supervisor.rs, where
each is explained): the forked job's monitor and the devices' links use the same."""
HEARTBEAT = _LIMITS["heartbeat"]
LOST_AFTER = _LIMITS["lost_after"]
VITAL_LOST_AFTER = _LIMITS["vital_lost_after"]
START_GRACE = _LIMITS["start_grace"]
EXIT_GRACE = _LIMITS["exit_grace"]
CONTROLLER_LOST_AFTER = _LIMITS["controller_lost_after"]

MAX_TCP_PART = 1 << 30
"""Largest part a device's tcp channel receives (ZMQ_MAXMSGSIZE): a peer announcing more is
disconnected. Events larger than 1 GiB are not sent over tcp."""

REPORT_LIMIT = 16 << 20
"""Largest report the controller takes (a few kB each): its port is reachable from the hosts."""

ENDED = lifecycle.ENDED
"""States of a device process that has ended: exited normally, stopped on an error, or died
(the life cycle's table: crates/evflow-runtime/src/control/lifecycle.rs)."""

EXIT = _native.EXIT_CODES
"""The engine's exit codes by name (``ExitCode`` in crates/evflow-runtime/src/engine/exit.rs)."""

ERROR_EXITS = (EXIT["job_error"], EXIT["internal"])
"""Exits of a device stopped on an error it recorded (a module's, or the engine's)."""

ENGINE_EXITS = (EXIT["ok"], *ERROR_EXITS)
"""Exit codes of the engine's own: done, or stopped on an error."""


_LIVE_COUNTS = (
    "read",
    "written",
    "rejected",
    "failed",
    "incomplete",
    "retried",
    "duplicates",
    "quarantined",
    "abandoned",
    "restarts",
)
"""The counts of a live snapshot (see ``Farm.live``)."""
_EVENT_BUILDING_COUNTS = ("fragments", "bytes", "late", "built", "incomplete")
"""An event-building unit's counters in its reports (``eb_<name>``; docs/eventbuilding.md,
"Metrics")."""
CARRIED = ("events", "events_rejected", "relayed", *(f"eb_{k}" for k in _EVENT_BUILDING_COUNTS))
"""The counters of a report that count what its process did, summed over the generations of
a process that was replaced (with its module statistics); the others mirror the job (``read``,
``watermark``, the runs) or are gauges (``queued:N``), and the last generation's stand."""


def _event_building_unit(device, role: str) -> str | None:
    """``readout`` or ``builder`` for a process's role in event building, else None."""
    if role == "readout":
        return "readout"
    if role == "worker" and device.kind == "builder":
        return "builder"
    return None


class Proc:
    """One device process: who it is, its roles, its launcher process, its last reports."""

    def __init__(self, device, host, replica, roles):
        self.device, self.host, self.replica = device, host, replica
        self.roles = roles
        """(segment, role) pairs: ``input``, ``worker:N`` or ``output``."""
        self.name = process_name(device.name, host, replica)
        self.generation = 0
        self.popen = None
        self.started = 0.0
        self.reports = {}
        """The last report of each of its roles, by segment index."""
        self.past = {}
        """What its ended generations did, by segment index: the last one's last report, with
        the ``CARRIED`` counters and the module statistics summed over all of them."""
        self.heard = 0.0
        self.state = lifecycle.IDLE
        """Its state in the device life cycle: the controller launches it and takes it for
        ended; in between, the state its roles report."""
        self.restarts = 0
        self.exits = {}
        self.exited_at = None
        self.port = None
        """The port to bind (a restarted bridge binds its relay where the first one did)."""
        self.busy = (None, 0.0)
        """A replica's: the seq its reports say it is busy on, and since when."""

    def worker(self):
        """(segment, slot) of a processor replica, or None."""
        for segment, role in self.roles:
            if role.startswith("worker:"):
                return segment, int(role.split(":")[1])
        return None

    def report(self, index: int) -> dict | None:
        """Its role's last report in segment ``index``, counting every generation (see
        ``past``); None before its first."""
        now, past = self.reports.get(index), self.past.get(index)
        if now is None or past is None:
            return now or past
        counters = dict(now.get("counters", {}))
        for key in CARRIED:
            counters[key] = counters.get(key, 0) + past.get("counters", {}).get(key, 0)
        # Each step's (calls, failed, ns); a step missing from one report counts nothing there.
        steps = zip_longest(now.get("modules", []), past.get("modules", []), fillvalue=(0, 0, 0))
        modules = [[a + b for a, b in zip(mine, before, strict=True)] for mine, before in steps]
        return {**now, "counters": counters, "modules": modules}

    def next_generation(self) -> None:
        """Keeps what the generation that ended did (``past``) before the next one starts."""
        for index in self.reports:
            self.past[index] = self.report(index)
        self.reports = {}

    def counter(self, role: str, key: str) -> int:
        """The sum of counter ``key`` over its roles of kind ``role``, every generation's."""
        return sum(
            (self.report(seg.index) or {}).get("counters", {}).get(key, 0)
            for seg, r in self.roles
            if r.split(":")[0] == role
        )


class Farm:
    """Runs a remote ``Plan``: ``run()`` returns the exit code or raises as ``process()``."""

    def __init__(self, plan, hold=False, launcher=None):
        self.plan = plan
        self.launcher = launcher or launchers.Launcher(plan.topology)
        """Starts and stops the device processes on their hosts (local, ssh, Slurm)."""
        # A held topology takes runs that evflow ctl starts and stops: the last run started
        # (counted from 1), its number, and the last run asked to stop.
        self.hold = hold
        # Without --hold, the topology's one run starts with it.
        self.run_state = lifecycle.RUN_STATES[0]
        if not hold:
            self.run_state = lifecycle.next_run(self.run_state, lifecycle.START)
        self.run_started = 0
        self.run_number = None
        self.run_stopping = 0
        self.run_told = 0
        self.written_before = 0
        self.runs_taken = set()
        self.topology = plan.topology
        self.procs = [Proc(d, h, r, plan.roles(d, h, r)) for d, h, r in plan.processes()]
        self.segments = plan.segments
        # Per segment: the process in each worker slot, the seq each slot's last dead
        # process was busy on, every channel's endpoint as its binder reported it (kept after
        # the binder ends, so a late replica connects and learns that the job is over).
        self.slots = {s.index: [None] * len(s.slots) for s in self.segments}
        self.died_on = {s.index: [None] * len(s.slots) for s in self.segments}
        # Slots whose last process the controller restarted for no event's fault (its bridge
        # died): the origin counts no attempt.
        self.no_fault = {s.index: [False] * len(s.slots) for s in self.segments}
        self.endpoints = {s.index: {} for s in self.segments}
        # The host whose device bound each endpoint: a CURVE client names its key.
        self.bound_by = {s.index: {} for s in self.segments}
        self.origin = {}
        for p in self.procs:
            for segment, role in p.roles:
                if role == "input":
                    self.origin[segment.index] = p
            if p.worker():
                segment, slot = p.worker()
                self.slots[segment.index][slot] = p
        self.sinks = [p for p in self.procs if p.device.kind == "path" and not p.device.outputs]
        self.sinks_steps = [step for p in self.sinks for step in p.device.steps()]
        self.restart_windows = {}
        """Per device, its replacements within the last minute (``RestartWindow``)."""
        self.stop = 0
        self.signal = None
        self.errors = []
        """What stopped the topology, the first one first: ``EvflowError``s (``ModuleError`` for
        a device's module, with where it raised)."""
        self.lock = threading.Lock()
        self.stop_requested = False
        self.address = self._controller_address()
        # (time, events written) when the sinks' count first and last changed: the steady
        # rate, without the devices' start and end.
        self.first_written = None
        self.last_written = None
        self.malformed = 0
        # The one-line live status, on a terminal.
        self.tty = sys.stderr.isatty()
        self.shown = 0.0
        self.started = time.monotonic()

    # --- what the metrics show (docs/operations.md) -------------------------------------

    def live(self) -> dict:
        """The topology as a live snapshot, from the devices' last reports: what the metrics
        server shows for a topology across hosts."""
        with self.lock:
            # Every generation's counts; a role whose process has not reported yet (a
            # replacement) is shown by its predecessor's last report, as not running.
            procs = []
            for p in self.procs:
                reports = {i: p.report(i) for i in p.reports.keys() | p.past}
                procs.append((p, reports, set(p.reports), p.state, p.restarts))
        segments = {s.index: s for s in self.plan.segments}
        names = {i: [step_name(x) for x in self.plan.steps(s)] for i, s in segments.items()}
        live = dict.fromkeys(_LIVE_COUNTS, 0)
        live.update(processes=[], session=None, dir=None)
        queues = {i: self.plan.parallel(s)["worker_queue"] for i, s in segments.items() if s.slots}
        live["worker_queue"] = max(queues.values(), default=0)
        workers, queued = {}, {}  # by (segment, slot)
        slot_of = {}  # a worker process's place in live["processes"] -> (segment, slot)
        for p, reports, current, state, restarts in procs:
            usage_shown = False
            for index, r in sorted(reports.items()):
                counters = r.get("counters", {})
                role = r["role"]
                if role == "readout" or (role == "input" and p.device.kind == "path"):
                    if not p.device.inputs:
                        live["read"] += counters.get("read", 0)
                if role == "input":
                    live["retried"] += counters.get("retried", 0)
                    live["quarantined"] += counters.get("quarantined", 0)
                    for key, value in counters.items():
                        if key.startswith("queued:"):
                            queued[index, int(key.split(":")[1])] = value
                elif role == "output":
                    if p in self.sinks:
                        live["written"] += counters.get("written", 0)
                    for key in ("rejected", "failed", "incomplete", "duplicates", "abandoned"):
                        live[key] += counters.get(key, 0)
                elif role == "worker":
                    slot = (index, r.get("worker") or 0)
                    rejected = counters.get("events_rejected", 0)
                    workers[slot] = (counters.get("events", 0), restarts, rejected)
                    slot_of[len(live["processes"])] = slot
                steps = names.get(index, [])
                modules = [
                    (steps[i] if i < len(steps) else f"step {i}", calls, failed, ns * 1e-9)
                    for i, (calls, failed, ns) in enumerate(r.get("modules", []))
                ]
                live["processes"].append(
                    {
                        "name": r["name"],
                        "pid": r["pid"],
                        "running": index in current and state not in (lifecycle.IDLE, *ENDED),
                        "worker": r.get("worker"),
                        "role": role,
                        "modules": modules,
                        "device": p.device.name,
                        "host": p.host,
                        # Its pid is its host's: this machine's /proc knows nothing of it.
                        "local": False,
                    }
                )
                # Its CPU and memory as it read them on its host, on its first role's entry
                # only (a merger's roles are one process); none from a host without /proc.
                if not usage_shown and r.get("rss_bytes"):
                    usage_shown = True
                    live["processes"][-1]["usage"] = (r.get("cpu_ns", 0) / 1e9, r["rss_bytes"])
                unit = _event_building_unit(p.device, role)
                if unit is not None:
                    live["processes"][-1]["eventbuilding"] = {
                        "unit": unit,
                        # Both units' roles are in the segment whose workers are the builder.
                        "batch": segments[index].workers.batch,
                        **{key: counters.get(f"eb_{key}", 0) for key in _EVENT_BUILDING_COUNTS},
                    }
        slots = sorted(workers)
        for place, slot in slot_of.items():  # numbered as live["workers"] lists them
            live["processes"][place]["worker"] = slots.index(slot)
            unit = live["processes"][place].get("eventbuilding")
            if unit is not None:
                unit["credits"] = max(0, queues[slot[0]] - queued.get(slot, 0))
        live["workers"] = [workers[s] for s in slots]
        live["queued"] = [queued.get(s, 0) for s in slots]
        live["modules"] = []
        return live

    # --- what evflow ctl sees -----------------------------------------------------------

    def devices(self) -> list:
        with self.lock:
            out = []
            for p in self.procs:
                relayed = p.counter("bridge", "relayed")
                processed = p.counter("worker", "events") + relayed
                # A processor's events out are those it passed on, not those it rejected.
                passed = processed - p.counter("worker", "events_rejected")
                written = p.counter("output", "written")
                read = p.counter("input", "read") + p.counter("readout", "read")
                # A sink's events out are those it wrote; a merger's, those it sent on.
                has_input = any(r == "input" for _, r in p.roles)
                pid = next((r["pid"] for r in p.reports.values()), None)
                state = p.state
                out.append(
                    {
                        "name": p.name,
                        "device": p.device.name,
                        "host": p.host,
                        "replica": p.replica,
                        "pid": pid,
                        "state": state,
                        "events_in": written + processed,
                        "events_out": read + passed + (0 if has_input else written),
                        "restarts": p.restarts,
                        "generation": p.generation,
                    }
                )
            return out

    def request_stop(self) -> dict:
        """``evflow ctl stop``: a held topology's run ends, and a held topology with no run
        exits; any other drains and exits."""
        with self.lock:
            if self.hold:
                try:
                    self.run_state = lifecycle.next_run(self.run_state, lifecycle.STOP)
                except EvflowError:
                    pass  # no run to stop: the held topology exits
                else:
                    self.run_stopping = self.run_started
                    print(f"evflow: stopping run {self.run_number}", file=sys.stderr)
                    run = {"index": self.run_started, "number": self.run_number}
                    return {"ok": True, "state": self.run_state, "run": run}
            self.stop_requested = True
            self.stop = max(self.stop, 1)
            if not self.hold:
                self.signal = self.signal or "evflow ctl stop"
            return {"ok": True, "state": lifecycle.DRAINING}

    def start_run(self, number, overwrite=False) -> dict:
        """``evflow ctl start --run N``: the held topology's sources read, their events
        carrying run N, until ``evflow ctl stop``. A run number this topology has taken, or
        whose files exist, is refused unless ``overwrite``: its files would be replaced."""
        with self.lock:
            if not self.hold:
                return {"ok": False, "error": controller.NOT_HELD}
            if not isinstance(number, int) or not 0 <= number < 2**32:
                return {"ok": False, "error": f"a run number is 0 to {2**32 - 1}, not {number!r}"}
            if self.stop:
                return {"ok": False, "error": "the topology is stopping"}
            try:
                run = f"run {self.run_number}"
                state = lifecycle.next_run(self.run_state, lifecycle.START, run)
            except EvflowError as e:
                return {"ok": False, "error": str(e)}
            if not overwrite:
                refused = self._run_taken(number)
                if refused:
                    return {"ok": False, "error": refused}
            self.run_state = state
            self.run_started += 1
            self.run_number = number
            self.runs_taken.add(number)
            print(f"evflow: run {number} started", file=sys.stderr)
            return {"ok": True, "state": self.run_state}

    def _run_taken(self, number: int) -> str | None:
        """Why run ``number`` may not start without ``--overwrite``: this topology took it
        already, or its files are there (a run of an earlier ``evflow up``); else None."""
        files = [f for f in outputs.run_files(self.sinks_steps, number) if os.path.lexists(f)]
        taken = number in self.runs_taken
        if not taken and not files:
            return None
        why = ["was already taken by this topology"] if taken else []
        why += [f"has files already ({', '.join(files)})"] if files else []
        return (
            f"run {number} {' and '.join(why)}: starting it would replace its files; choose "
            "another run number, or add --overwrite (evflow ctl FILE start --run N --overwrite)"
        )

    def run_status(self) -> dict:
        """The run, as ``evflow ctl status`` shows it: its state and number (None without
        --hold: the sources' events carry their own); held, also the runs started
        (``index``) and closed by every sink."""
        with self.lock:
            run = {"state": self.run_state, "number": self.run_number}
            if self.hold:
                run.update(index=self.run_started, closed=self._run_closed())
            return run

    def _run_closed(self) -> int:
        """The last run every sink has ended (its files closed)."""
        return min((p.counter("output", "run_closed") for p in self.sinks), default=0)

    def _follow_run(self) -> None:
        """Moves the run as the topology goes (the table refuses what is not due): a drain
        stops it (a signal, an error, ``evflow ctl stop``); it has stopped once every sink
        closed it and every device process that runs says it is stopped."""
        if self.stop:
            self.run_state = lifecycle.follow_run(self.run_state, lifecycle.STOP)
        states = [p.state for p in self.procs if p.state not in ENDED]
        topology = lifecycle.device_state_of(states)
        if self._run_closed() >= self.run_started and topology == lifecycle.STOPPED:
            self.run_state = lifecycle.follow_run(self.run_state, lifecycle.CLOSE)

    # --- running --------------------------------------------------------------------------

    def _controller_address(self) -> str:
        if self.topology.controller:
            return self.topology.controller
        addresses = (
            h.get("address") or self.launcher.address(name)
            for name, h in self.topology.hosts.items()
        )
        first = next((a for a in addresses if a), "127.0.0.1")
        return hosts.route_source(first) or "127.0.0.1"

    def _host_address(self, host: str) -> str:
        given = self.topology.hosts.get(host, {}).get("address")
        return given or self.launcher.address(host) or self.address

    def run(self, report=None) -> int:
        # With security = "curve", only the hosts' keys reach the controller (docs/security.md).
        curve = {}
        if self.topology.security == "curve":
            curve = {
                "curve_secret": self.topology.controller_key["secret"],
                "curve_allow": [h["key"]["public"] for h in self.topology.hosts.values()],
            }
        self.reports = Channel(
            "pull",
            bind=f"tcp://{self.address}:0",
            queue=100_000,
            linger=0,
            max_part_size=REPORT_LIMIT,
            **curve,
        )
        self.views = Channel("pub", bind=f"tcp://{self.address}:0", linger=0, **curve)
        # What is bound before the devices start is released again if binding the rest fails.
        with contextlib.ExitStack() as bound:
            bound.callback(self.reports.close)
            bound.callback(self.views.close)
            server = controller.ControlServer(self.topology.name, _FarmStatus(self))
            bound.callback(server.close)
            workers = sum(len(s.slots) for s in self.plan.segments)
            served = controller.serve_metrics(self.topology, processes=workers, source=self.live)
            bound.pop_all()
        signals = []
        previous = {
            s: signal.signal(s, lambda signum, frame: signals.append(signum))
            for s in (signal.SIGINT, signal.SIGTERM)
        }
        started = time.monotonic()
        try:
            for p in self.procs:
                self._start(p)
            self._supervise(signals)
        finally:
            if served is not None:
                served.close()
            for s, handler in previous.items():
                signal.signal(s, handler)
            self.launcher.stop([p.popen for p in self.procs if p.popen])
            # What the devices killed on this machine left (a silent replica's, say).
            _native.sweep_tmpdirs()
            server.close()
            self.reports.close()
            self.views.close()
        final = self.devices()
        wall_s = time.monotonic() - started
        interrupted = bool(signals) or self.stop_requested
        print(farm_summary.table(self, final, wall_s, interrupted), file=sys.stderr)
        not_completed = farm_summary.not_completed(self)
        if not_completed:
            from evflow.processing import warn_not_completed

            warn_not_completed(not_completed)
        if report is not None:
            farm_summary.write(self, report, final, wall_s)
        if self.errors:
            raise self.errors[0]
        if signals:
            raise KeyboardInterrupt() if signals[0] == signal.SIGINT else _terminated()
        if self.stop_requested:
            print("evflow: stopped by evflow ctl stop; files were closed", file=sys.stderr)
        return 0

    def _command(self, p: Proc) -> list:
        """The device command of ``p``, the same on every launcher."""
        command = [
            sys.executable, "-m", "evflow", "device", os.path.abspath(self.topology.file),
            "--device", p.device.name, "--host", p.host, "--replica", str(p.replica),
            "--generation", str(p.generation), "--bind", self._host_address(p.host),
            "--reports", self.reports.address, "--views", self.views.address,
            "--plan", self.plan.compiled,
        ]  # fmt: skip
        if self.hold:
            command.append("--held")
        if p.port:
            command += ["--port", str(p.port)]
        return command

    def _start(self, p: Proc) -> None:
        p.popen = self.launcher.start(p.host, self._command(p), p.name)
        p.started = time.monotonic()
        p.next_generation()
        p.busy = (None, 0.0)
        p.state = lifecycle.next_device(p.state, lifecycle.LAUNCH, p.name)
        relay = threading.Thread(
            target=_relay, args=(p.name, p.popen.stdout, self.tty), daemon=True
        )
        relay.start()

    def _supervise(self, signals: list) -> None:
        next_view = 0.0
        turn = time.monotonic()
        while any(p.popen and p.state not in ENDED for p in self.procs):
            taken = self._take_reports()
            self._take_signals(signals)
            self._forgive(time.monotonic() - turn - 3 * HEARTBEAT)
            turn = time.monotonic()
            if taken:
                # Reports still waiting in the socket are no device's silence, and may say
                # how a device that exited ended.
                self._kill_hung()
                self._reap()
            now = time.monotonic()
            if now >= next_view:
                self._publish()
                next_view = now + HEARTBEAT
            self._tell_run_closed()
            if self.tty and now - self.shown >= controller.STATUS_EVERY:
                self.shown = now
                print("\r" + self._status_line().ljust(79), end="", file=sys.stderr, flush=True)
        if self.tty:
            print(file=sys.stderr)

    def _forgive(self, stalled: float) -> None:
        """A turn of the loop waits about half a heartbeat for reports: ``stalled`` seconds
        more mean the controller itself did not run (starved for CPU, stopped), and libzmq's
        thread, stalled too, may not have taken in the reports sent meanwhile. That time is
        no device's silence."""
        if stalled <= 0:
            return
        for p in self.procs:
            p.heard += stalled
            p.started += stalled
            p.busy = (p.busy[0], p.busy[1] + stalled)

    def _status_line(self) -> str:
        """The one-line live status: state, events in and out, rate, restarts."""
        with self.lock:
            read = sum(
                self.origin[s.index].reports.get(s.index, {}).get("counters", {}).get("read", 0)
                for s in self.segments
                if s.origin.kind == "path" and s.reader is None
            )
            written = sum(p.counter("output", "written") for p in self.sinks)
            restarts = sum(p.restarts for p in self.procs)
            state = self.run_state
        rate = read / max(time.monotonic() - self.started, 1e-9)
        return (
            f"{self.topology.name}: {state}  in {read}  out {written}  {rate:,.0f} ev/s  "
            f"restarts {restarts}"
        )

    def _tell_run_closed(self) -> None:
        with self.lock:
            self._follow_run()
            closed = self._run_closed()
            if closed > self.run_told:
                self.run_told = closed
                written = sum(p.counter("output", "written") for p in self.sinks)
                print(
                    f"evflow: run {self.run_number} stopped: {written - self.written_before} "
                    "events written, files closed",
                    file=sys.stderr,
                )
                self.written_before = written

    def _take_reports(self) -> bool:
        """Takes the reports waiting, for about half a heartbeat; whether it took them all. A
        controller starved for CPU can take reports slower than its devices send them: it
        still publishes its views on time (the devices wait for them), and the reports left
        wait in the socket for the next turn."""
        until = time.monotonic() + HEARTBEAT / 2
        timeout = HEARTBEAT / 2
        while time.monotonic() < until:
            try:
                message = self.reports.recv(timeout=timeout)
            except ChannelTimeoutError:
                return True
            timeout = 0
            report = _report(message)
            if report is None:
                # Not a device's report: anything on the network can reach this port.
                if not self.malformed:
                    print(
                        "evflow: warning: the controller got a message that is not a device's "
                        "report; such messages are dropped (counted in the report)",
                        file=sys.stderr,
                    )
                self.malformed += 1
                continue
            self._take(report)
        return False

    def _take(self, report: dict) -> None:
        segment = report["segment"]
        with self.lock:
            for p in self.procs:
                if p.name != report["name"] or p.generation != report["generation"]:
                    continue
                if not any(seg.index == segment for seg, _ in p.roles):
                    continue
                p.reports[segment], p.heard = report, time.monotonic()
                self.endpoints[segment].update(report["bound"])
                self.bound_by[segment].update(dict.fromkeys(report["bound"], p.host))
                if p.state not in ENDED:
                    # Its own, as far as the controller has not taken it for ended: how it
                    # ends is the controller's to say, from its exit.
                    roles = lifecycle.device_state_of(r["state"] for r in p.reports.values())
                    p.state = p.state if roles in ENDED else roles
                if report.get("exit"):
                    p.exits[segment] = report["exit"]
                self.stop = max(self.stop, lifecycle.STOPS.index(report["stop"]))
                if p in self.sinks:
                    self._count(sum(s.counter("output", "written") for s in self.sinks))

    def _count(self, written: int) -> None:
        now = time.monotonic()
        if written and self.first_written is None:
            self.first_written = (now, written)
        if written and (self.last_written is None or written > self.last_written[1]):
            self.last_written = (now, written)

    def _take_signals(self, signals: list) -> None:
        with self.lock:
            if len(signals) == 1 and self.stop < 1:
                self.stop = 1
                self.signal = "SIGINT" if signals[0] == signal.SIGINT else "SIGTERM"
                print(
                    "evflow: warning: stopping: no more events are read; the events in flight "
                    "are finished (again to stop now)",
                    file=sys.stderr,
                )
            if len(signals) >= 2 and self.stop < 2:
                self.stop = 2

    def _reap(self) -> None:
        now = time.monotonic()
        for p in self.procs:
            if p.state in ENDED or p.popen is None:
                continue
            code = p.popen.poll()
            if code is not None:
                p.exited_at = p.exited_at or now
            # Silence up to its exit, if it exited: a device that lost its controller exits
            # after CONTROLLER_LOST_AFTER (supervisor.rs), later than the controller gives up
            # on a replica; a vital process's exit stops the topology as its loss would.
            silent = (p.exited_at or now) - (p.heard if p.reports else p.started)
            told = len(p.exits) == len(p.roles)
            if not p.reports:
                limit = START_GRACE
            else:
                limit = LOST_AFTER if self._replaceable(p) else VITAL_LOST_AFTER
            lost = not told and silent > limit
            if told and code is None:
                # It said how it ended and is leaving (libzmq delivers what it still holds).
                if silent < EXIT_GRACE:
                    continue
                self.launcher.kill(p.popen)
                code = max(x["code"] for x in p.exits.values())
                p.exited_at = now
            elif code is None and not lost:
                continue
            if lost:
                if code is None:
                    self.launcher.kill(p.popen)
                if p.reports and self._replaceable(p) and self._reachable(p):
                    how = f"sent nothing for {silent:.1f} s (stopped or hung: its host answers)"
                    self._ended(p, code, how)
                else:
                    how = f"sent nothing for {silent:.1f} s (its host is unreachable?)"
                    self._ended(p, code, how, restart=False)
                continue
            if code in ERROR_EXITS and not told and now - p.exited_at < LOST_AFTER:
                continue  # stopped on an error: its last reports, naming it, may be on their way
            if code in ENGINE_EXITS:
                how = None
            elif code == EXIT["orphan"]:
                how = (
                    f"stopped: it heard nothing from the controller for {CONTROLLER_LOST_AFTER:g} s"
                )
            elif code > 0:
                how = self.launcher.describe(code) or f"exited with code {code}"
            else:
                how = f"was killed by {_signal(code)}"
            self._ended(p, code, how)

    def _kill_hung(self) -> None:
        """Kills the replicas busy on one event for longer than their device's
        ``event_timeout``, as the forked engine's monitor does: the replica is then dead, its
        events go to the others, and the event's attempts count at its origin."""
        now = time.monotonic()
        for p in self.procs:
            worker = p.worker()
            limit = worker and worker[0].workers.event_timeout_s
            if not limit or p.state in ENDED or p.popen is None:
                continue
            busy = p.reports.get(worker[0].index, {}).get("busy")
            if busy != p.busy[0]:
                p.busy = (busy, now)
            elif busy is not None and now - p.busy[1] > limit:
                print(
                    f"evflow: warning: {p.name} spent more than event_timeout = {limit:g} s on the "
                    f"event of seq {busy}: killing it",
                    file=sys.stderr,
                )
                self.launcher.kill(p.popen)
                p.busy = (busy, float("inf"))  # not killed twice while it dies

    def _reachable(self, p: Proc) -> bool:
        """Whether the launcher can still act on the host of ``p``, which went silent: so that
        ``p`` was stopped or hung there (and is replaced), not cut off with its host. It can
        when the host is this machine outside a network namespace, or when another process
        there was heard from at least ``LOST_AFTER / 2`` after ``p`` last was (a host whose
        link is cut falls silent all at once, within a heartbeat)."""
        netns = self.topology.hosts.get(p.host, {}).get("netns")
        if self.launcher.runs_here(p.host) and not netns:
            return True
        return any(
            q is not p
            and q.host == p.host
            and q.state == "running"
            and q.heard - p.heard > LOST_AFTER / 2
            for q in self.procs
        )

    @staticmethod
    def _replaceable(p: Proc) -> bool:
        """Whether the topology goes on without ``p`` when it is lost: a processor's replica or
        a readout unit, whose events the others take."""
        replica = p.worker() or any(r.startswith("readout:") for _, r in p.roles)
        return bool(replica) and p.device.restart != "never"

    def _ended(self, p: Proc, code, how, restart=True) -> None:
        with self.lock:
            worker = p.worker()
            if how is None:
                failed = code in ERROR_EXITS
                end = lifecycle.FAIL if failed else lifecycle.EXIT
                p.state = lifecycle.next_device(p.state, end, p.name)
                if worker:
                    # As the monitor does for a worker that ended: its events are not there
                    # any more (the input abandons them if the job stops on an error).
                    self.died_on[worker[0].index][worker[1]] = None
                    p.generation += 1
                if failed:
                    self.stop = max(self.stop, 1)
                    errors = [e for x in p.exits.values() for e in x.get("errors", [])]
                    errors = errors or [{"module": "", "message": f"{p.name} stopped on an error"}]
                    self.errors.extend(_device_error(e) for e in errors)
                return
            p.state = lifecycle.next_device(p.state, lifecycle.LOSE, p.name)
            if worker:
                segment, slot = worker
                self.died_on[segment.index][slot] = p.reports.get(segment.index, {}).get("busy")
                self.no_fault[segment.index][slot] = False
                p.generation += 1
            bridge = next((s for s, r in p.roles if r == "bridge"), None)
            # A readout unit is restarted like a replica: its events are incomplete meanwhile.
            readout = next((s for s, r in p.roles if r.startswith("readout:")), None)
            segment = worker[0] if worker else bridge or readout
            if segment is None or p.device.restart == "never":
                never = f" (device {p.device.name} has restart = 'never')" if segment else ""
                files = self._files_left(p)
                self.errors.append(EvflowError(f"{p.name} {how}{never}: the topology stops{files}"))
                self.stop = 2
                return
            origin = self.origin[segment.index].reports.get(segment.index, {})
            if self.stop or origin.get("ended"):
                return
            if not restart:
                # A process that cannot be reached cannot be replaced where it ran.
                if bridge is not None:
                    self.errors.append(EvflowError(f"{p.name} {how}: the topology stops"))
                    self.stop = 2
                else:
                    print(
                        f"evflow: warning: {p.name} {how}; its events go to the others",
                        file=sys.stderr,
                    )
                return
            if not self._may_restart(p):
                return
            if bridge is not None:
                self._restart_bridge(p, bridge, how)
                return
            print(f"evflow: warning: {p.name} {how}; starting a replacement", file=sys.stderr)
            p.restarts += 1
            self._start(p)

    def _files_left(self, p: Proc) -> str:
        """What the error reporting ``p``'s death says of the files its steps were writing:
        those it left here, or on a host of the launcher's, the names they have there."""
        names = [name for step in p.device.steps() for name in part_files(step)]
        if not names and p not in self.sinks:
            return ""
        host = None if self.launcher.runs_here(p.host) else p.host
        return _native.part_files_note(names, host)

    def _fed_ended(self, segment) -> bool:
        """Whether what feeds ``segment``'s origin has ended: the segments into its merger,
        or the broadcast's reading segment."""
        feeding = [segment.reader] if segment.reader else []
        feeding += [s for s in self.segments if s.custody is segment.origin]
        return all(self.origin[s.index].reports.get(s.index, {}).get("ended") for s in feeding)

    def _may_restart(self, p: Proc) -> bool:
        """Counts a restart of ``p``'s device; False (the topology stops) in a crash loop."""
        window = self.restart_windows.get(p.device.name)
        if window is None:
            window = _native.RestartWindow(p.device.max_restarts_per_minute)
            self.restart_windows[p.device.name] = window
        crash_loop = window.record()
        if crash_loop is None:
            return True
        self.errors.append(
            EvflowError(f"{p.device.name} processes {crash_loop}: the topology stops")
        )
        self.stop = 2
        return False

    def _restart_bridge(self, p: Proc, segment, how: str) -> None:
        """A dead bridge lost the dispatches it held: the replicas behind it are restarted
        (for no event's fault), so the origin sends their events again, and a new bridge
        binds the same relay port, where the origin's channels reconnect."""
        print(
            f"evflow: warning: {p.name} {how}; starting a replacement, and the replicas "
            "behind it again",
            file=sys.stderr,
        )
        relay = self.endpoints[segment.index].get("relay")
        p.port = p.port or (int(relay.rsplit(":", 1)[1]) if relay else None)
        p.generation += 1
        p.restarts += 1
        self._start(p)
        for slot, w in enumerate(self.slots[segment.index]):
            if w.popen and w.popen.poll() is None:
                self.launcher.kill(w.popen)
            w.state = lifecycle.follow_device(w.state, lifecycle.LOSE)
            self.died_on[segment.index][slot] = None
            self.no_fault[segment.index][slot] = True
            w.generation += 1
            w.restarts += 1
            self._start(w)

    def _publish(self) -> None:
        with self.lock:
            failed = bool(self.errors) or any(
                r.get("failed") for p in self.procs for r in p.reports.values()
            )
            views = []
            for segment in self.segments:
                i = segment.index
                workers = [
                    {
                        "generation": p.generation,
                        "pid": p.reports[i]["pid"]
                        if i in p.reports and p.state not in ENDED
                        else 0,
                        "died_on": self.died_on[i][slot],
                        "no_fault": self.no_fault[i][slot],
                    }
                    for slot, p in enumerate(self.slots[i])
                ]
                # A drain stops the sources; a merger's origin, or a broadcast's follower,
                # goes on until what feeds it ends (held: it is told to stop once that has,
                # its runs all ended).
                is_source = segment.origin.kind in ("path", "evm") and segment.reader is None
                stop = self.stop if is_source or self.stop >= 2 else 0
                if not is_source and self.hold and self.stop and self._fed_ended(segment):
                    stop = self.stop
                origin = self.origin[i].reports.get(i, {})
                view = {
                    "stop": lifecycle.STOPS[stop],
                    "signal": self.signal,
                    "failed": failed,
                    "ended": bool(origin.get("ended")),
                    "read": origin.get("counters", {}).get("read", 0),
                    "workers": workers,
                    "endpoints": dict(self.endpoints[i]),
                    "hosts": dict(self.bound_by[i]),
                    "runs": {
                        "held": self.hold,
                        "started": self.run_started,
                        "number": self.run_number or 0,
                        # A merger's origin ends a run when its inputs all have.
                        "stopping": self.run_stopping if is_source else 0,
                        "drained": origin.get("counters", {}).get("run_drained", 0),
                    },
                }
                views.append((f"view/{i}/".encode(), json.dumps(view).encode()))
        for topic, view in views:
            self.views.send([topic, view], timeout=HEARTBEAT)

    # --- the end ------------------------------------------------------------------------


REPORT_KEYS = {
    "name": str,
    "segment": int,
    "generation": int,
    "pid": int,
    "bound": dict,
    "state": str,
    "stop": str,
}


def _report(message):
    """A device's report, or None for anything else."""
    try:
        report = json.loads(message.bytes()[0])
    except (ValueError, RecursionError):
        # RecursionError: JSON nested deeper than Python's stack (anyone can send it).
        return None
    return report if _is_report(report) else None


def _is_report(report) -> bool:
    """Whether decoded JSON has the fields of a device's report (``Report`` in
    crates/evflow-runtime/src/engine/device/link.rs) with the types the controller reads them as."""
    if not isinstance(report, dict):
        return False
    if not all(isinstance(report.get(k), kind) for k, kind in REPORT_KEYS.items()):
        return False
    counters, modules = report.get("counters"), report.get("modules", [])
    return (
        isinstance(counters, dict)
        and _ints(list(counters.values()))
        and all(isinstance(v, str) for v in report["bound"].values())
        and report["state"] in lifecycle.DEVICE_STATES
        and report["stop"] in lifecycle.STOPS
        and isinstance(modules, list)
        and all(_ints(m) and len(m) == 3 for m in modules)
        and isinstance(report.get("role", ""), str)
        and _ints([report.get("cpu_ns", 0), report.get("rss_bytes", 0)])
        and isinstance(report.get("busy"), int | None)
        and (report.get("exit") is None or _is_exit(report["exit"]))
    )


def _is_exit(end) -> bool:
    """Whether a report's ``exit`` has the fields of ``Exit`` (link.rs) with their types."""
    if not isinstance(end, dict) or not isinstance(end.get("code"), int):
        return False
    errors = end.get("errors", [])
    return (
        _ints(end.get("not_completed", []))
        and isinstance(errors, list)
        and all(_is_exit_error(e) for e in errors)
    )


def _is_exit_error(error) -> bool:
    """Whether an ``exit``'s error has the fields of ``ExitError`` (link.rs) with their types."""
    if not isinstance(error, dict):
        return False
    origin = error.get("origin", {})
    return (
        isinstance(error.get("module"), str)
        and isinstance(error.get("message"), str)
        and isinstance(origin, dict)
        and all(isinstance(origin.get(k), str | None) for k in ("location", "traceback"))
    )


def _ints(values) -> bool:
    """Whether ``values`` is a JSON array of non-negative integers."""
    return isinstance(values, list) and all(isinstance(v, int) and v >= 0 for v in values)


def _device_error(error: dict) -> EvflowError:
    """What a device's recorded error raises here: a module's as a ``ModuleError`` that says
    where it raised, as one host's job raises it (the CLI prints ``(at FILE:LINE in HOOK)``);
    the engine's own as an ``EvflowError``."""
    if not error["module"]:
        return EvflowError(error["message"])
    origin = error.get("origin", {})
    raised = ModuleError(error["message"])
    raised.module = error["module"]
    raised.location = origin.get("location")
    raised.traceback = origin.get("traceback")
    return raised


class _FarmStatus:
    """What the control socket asks of a farm."""

    def __init__(self, farm: Farm):
        self.farm = farm
        self.plan = farm.plan

    def devices(self) -> list:
        return self.farm.devices()

    def request_stop(self) -> dict:
        return self.farm.request_stop()

    def start_run(self, number, overwrite=False) -> dict:
        return self.farm.start_run(number, overwrite)

    def run(self) -> dict:
        return self.farm.run_status()

    def endpoints(self) -> dict:
        """Every segment's channels' tcp endpoints (``results`` or ``2/results``: segment 0's
        names alone, as a topology of one segment has them)."""
        with self.farm.lock:
            return {
                (name if i == 0 else f"{i}/{name}"): endpoint
                for i, endpoints in self.farm.endpoints.items()
                for name, endpoint in endpoints.items()
            }


def _relay(name: str, stream, tty: bool) -> None:
    """Prints a device's output lines, each labelled with its process name (on a terminal,
    over the live status line, which the next update draws again)."""
    clear = "\r\033[K" if tty else ""
    for raw in iter(stream.readline, b""):
        line = raw.decode(errors="replace").rstrip("\n")
        label = line if line.startswith(f"[{name}]") else f"[{name}] {line}"
        sys.stderr.write(f"{clear}{label}\n")  # one write: no other line cuts into it
        sys.stderr.flush()


def _signal(code: int) -> str:
    try:
        return signal.Signals(-code).name
    except ValueError:
        return f"signal {-code}"


def _terminated():
    from evflow.processing import Terminated

    return Terminated("terminated by SIGTERM")
