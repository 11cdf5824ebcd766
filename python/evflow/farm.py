"""The controller of a topology whose devices run on several hosts (docs/topology-design.md): it
starts each device process with ``evflow device`` through the launcher, takes their
reports, publishes the job's view, restarts dead processor replicas, drains on signals, and
prints the summary.

The protocol is the parallel engine's, with the board replaced by messages: each device
reports its part of the board every heartbeat, and the controller publishes the whole job
(stop requests, worker generations and deaths, channel endpoints) to all of them. What to do
when is the supervisor's (``_native.Supervisor``, crates/evflow-runtime/src/control/supervisor/,
docs/controller.md): told what happened, it answers what to do, and this controller does it
with its launcher.
"""

import contextlib
import json
import os
import signal
import sys
import threading
import time

from evflow import _native, controller, farm_summary, hosts, launchers, outputs
from evflow._native import lifecycle
from evflow.channels import Channel
from evflow.errors import ChannelTimeoutError, EvflowError, ModuleError
from evflow.path import part_files, step_name
from evflow.plan import process_name

HEARTBEAT = _native.SUPERVISOR["heartbeat"]
"""How often the controller publishes its views (crates/evflow-runtime/src/control/supervisor/,
where every limit of the supervisor is explained)."""

MAX_TCP_PART = 1 << 30
"""Largest part a device's tcp channel receives (ZMQ_MAXMSGSIZE): a peer announcing more is
disconnected. Events larger than 1 GiB are not sent over tcp."""

REPORT_LIMIT = 16 << 20
"""Largest report the controller takes (a few kB each): its port is reachable from the hosts."""

ENDED = lifecycle.ENDED
"""States of a device process that has ended: exited normally, stopped on an error, or died
(the life cycle's table: crates/evflow-runtime/src/control/lifecycle.rs)."""


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
        self.segments = plan.segments
        self.processes = plan.processes()
        """(device, host, replica) of each device process: the supervisor's process i is the
        i-th."""
        self.names = [process_name(d.name, h, r) for d, h, r in self.processes]
        self.popens = [None] * len(self.processes)
        here = {h for _, h, _ in self.processes if self.launcher.runs_here(h)}
        files = [[f for step in d.steps() for f in part_files(step)] for d, _, _ in self.processes]
        steps = [[step_name(x) for x in plan.steps(s)] for s in plan.segments]
        queues = [plan.parallel(s)["worker_queue"] for s in plan.segments]
        self.sv = _native.Supervisor(plan.native, here, files, steps, queues)
        self.sinks = self.sv.sinks
        self.sinks_steps = [step for i in self.sinks for step in self.processes[i][0].steps()]
        self.lock = threading.Lock()
        self.stop_requested = False
        self.address = self._controller_address()
        # The one-line live status, on a terminal.
        self.tty = sys.stderr.isatty()
        self.shown = 0.0
        self.started = time.monotonic()

    def process(self, i: int) -> dict:
        """Process ``i`` as the supervisor knows it: its ``generation``, its ``port``, and
        every segment's last ``reports`` (every generation counted)."""
        p = json.loads(self.sv.process(i))
        p["reports"] = {int(s): r for s, r in p["reports"].items()}
        return p

    # --- what the metrics show (docs/operations.md) -------------------------------------

    def live(self) -> dict:
        """The topology as a live snapshot, from the devices' last reports: what the metrics
        server shows for a topology across hosts."""
        with self.lock:
            return self.sv.live()

    # --- what evflow ctl sees -----------------------------------------------------------

    def devices(self) -> list:
        with self.lock:
            return self.sv.rows()

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
            self.sv.request_stop("drain", None if self.hold else "evflow ctl stop")
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
            if self.sv.stop != "run":
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
        return min((self.sv.counter(i, "output", "run_closed") for i in self.sinks), default=0)

    def _follow_run(self) -> None:
        """Moves the run as the topology goes (the table refuses what is not due): a drain
        stops it (a signal, an error, ``evflow ctl stop``); it has stopped once every sink
        closed it and every device process that runs says it is stopped."""
        if self.sv.stop != "run":
            self.run_state = lifecycle.follow_run(self.run_state, lifecycle.STOP)
        states = [r["state"] for r in self.sv.rows() if r["state"] not in ENDED]
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
            for i in range(len(self.processes)):
                self._start(i)
            self._supervise(signals)
        finally:
            if served is not None:
                served.close()
            for s, handler in previous.items():
                signal.signal(s, handler)
            self.launcher.stop([p for p in self.popens if p])
            # What the devices killed on this machine left (a silent replica's, say).
            _native.sweep_tmpdirs()
            server.close()
            self.reports.close()
            self.views.close()
        final = self.devices()
        wall_s = time.monotonic() - started
        interrupted = bool(signals) or self.stop_requested
        print(farm_summary.table(self, final, wall_s, interrupted), file=sys.stderr)
        not_completed = self.sv.not_completed()
        if not_completed:
            from evflow.processing import warn_not_completed

            warn_not_completed(not_completed)
        if report is not None:
            farm_summary.write(self, report, final, wall_s)
        errors = self.sv.errors()
        if errors:
            raise _device_error(*errors[0])
        if signals:
            raise KeyboardInterrupt() if signals[0] == signal.SIGINT else _terminated()
        if self.stop_requested:
            print("evflow: stopped by evflow ctl stop; files were closed", file=sys.stderr)
        return 0

    def _command(self, i: int) -> list:
        """The device command of process ``i``, the same on every launcher."""
        (device, host, replica), p = self.processes[i], self.process(i)
        command = [
            sys.executable, "-m", "evflow", "device", os.path.abspath(self.topology.file),
            "--device", device.name, "--host", host, "--replica", str(replica),
            "--generation", str(p["generation"]), "--bind", self._host_address(host),
            "--reports", self.reports.address, "--views", self.views.address,
            "--plan", self.plan.compiled,
        ]  # fmt: skip
        if self.hold:
            command.append("--held")
        if p["port"]:
            command += ["--port", str(p["port"])]
        return command

    def _start(self, i: int) -> None:
        popen = self.launcher.start(self.processes[i][1], self._command(i), self.names[i])
        self.popens[i] = popen
        with self.lock:
            self.sv.launched(i, time.monotonic())
        relay = threading.Thread(
            target=_relay, args=(self.names[i], popen.stdout, self.tty), daemon=True
        )
        relay.start()

    def _supervise(self, signals: list) -> None:
        next_view = 0.0
        turn = time.monotonic()
        while self.sv.running():
            taken = self._take_reports()
            self._take_signals(signals)
            # A turn waits about half a heartbeat for reports: more means the controller
            # itself did not run (starved for CPU, stopped), and libzmq's thread, stalled too,
            # may not have taken in the reports sent meanwhile: no device's silence.
            with self.lock:
                self.sv.forgive(time.monotonic() - turn - 3 * HEARTBEAT)
            turn = time.monotonic()
            if taken:
                # Reports still waiting in the socket are no device's silence, and may say
                # how a device that exited ended.
                self._tick()
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

    def _tick(self) -> None:
        """Tells the supervisor how each process stands, and does what it answers."""
        exits = []
        for popen in self.popens:
            code = popen.poll() if popen else None
            exits.append((code, self.launcher.describe(code) if code and code > 0 else None))
        with self.lock:
            actions = self.sv.tick(time.monotonic(), exits)
        for what, arg in actions:
            if what == "warn":
                print(f"evflow: warning: {arg}", file=sys.stderr)
            elif what == "kill":
                if self.popens[arg] and self.popens[arg].poll() is None:
                    self.launcher.kill(self.popens[arg])
            else:
                self._start(arg)

    def _status_line(self) -> str:
        """The one-line live status: state, events in and out, rate, restarts."""
        with self.lock:
            read, written = self.sv.read(), self.sv.written()
            restarts = sum(r["restarts"] for r in self.sv.rows())
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
                written = self.sv.written()
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
            with self.lock:
                taken = self.sv.take(message.bytes()[0], time.monotonic())
            if not taken and self.sv.malformed == 1:
                # Not a device's report: anything on the network can reach this port.
                print(
                    "evflow: warning: the controller got a message that is not a device's "
                    "report; such messages are dropped (counted in the report)",
                    file=sys.stderr,
                )
        return False

    def _take_signals(self, signals: list) -> None:
        with self.lock:
            name = "SIGINT" if signals and signals[0] == signal.SIGINT else "SIGTERM"
            if len(signals) == 1 and self.sv.request_stop("drain", name):
                print(
                    "evflow: warning: stopping: no more events are read; the events in flight "
                    "are finished (again to stop now)",
                    file=sys.stderr,
                )
            if len(signals) >= 2:
                self.sv.request_stop("abort")

    def _publish(self) -> None:
        with self.lock:
            views = self.sv.views(self.run_started, self.run_number or 0, self.run_stopping)
        for topic, view in views:
            self.views.send([topic, view], timeout=HEARTBEAT)


def _device_error(module: str, message: str, location=None, traceback=None) -> EvflowError:
    """What a device's recorded error raises here: a module's as a ``ModuleError`` that says
    where it raised, as one host's job raises it (the CLI prints ``(at FILE:LINE in HOOK)``);
    the engine's own as an ``EvflowError``."""
    if not module:
        return EvflowError(message)
    raised = ModuleError(message)
    raised.module = module
    raised.location = location
    raised.traceback = traceback
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
                for i, endpoints in enumerate(self.farm.sv.endpoints())
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


def _terminated():
    from evflow.processing import Terminated

    return Terminated("terminated by SIGTERM")
