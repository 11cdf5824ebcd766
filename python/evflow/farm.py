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
import glob
import json
import logging
import os
import signal
import sys
import tempfile
import threading
import time

from evflow import _native, controller, farm_resume, farm_summary, hosts, launchers, outputs, sums
from evflow._native import lifecycle
from evflow.channels import Channel
from evflow.errors import ChannelTimeoutError, EvflowError
from evflow.path import part_files, step_name
from evflow.processing import TERMINATED, Terminated, module_error, warn_not_completed

log = logging.getLogger("evflow")

HEARTBEAT = _native.SUPERVISOR["heartbeat"]
"""How often the controller publishes its views (crates/evflow-runtime/src/control/supervisor/,
where every limit of the supervisor is explained)."""

MAX_TCP_PART = 1 << 30
"""Largest part a device's tcp channel receives (ZMQ_MAXMSGSIZE): a peer announcing more is
disconnected. Events larger than 1 GiB are not sent over tcp."""

CHANGES_SHOWN = 20
"""The last changes of the farm (``scale``, hosts added and drained, replicas joined and
retired) that the metrics serve: all of them are in the report."""

REPORT_LIMIT = 16 << 20
"""Largest report the controller takes (a few kB each): its port is reachable from the hosts."""


class Farm:
    """Runs a remote ``Plan``: ``run()`` returns the exit code or raises as ``process()``."""

    def __init__(self, plan, hold=False, launcher=None, resume=None):
        self.plan = plan
        self.resume = resume
        """``evflow up --resume``: each segment's (source, sink) device names, whose files
        the sink recovers before anything starts (``farm_resume``)."""
        self.resume_plans = {}
        """The plan each resumed source and sink goes on with, by process index."""
        self.launcher = launcher or launchers.Launcher(plan.topology)
        """Starts and stops the device processes on their hosts (local, ssh, Slurm)."""
        # A held topology takes runs that evflow ctl starts and stops (the supervisor's).
        self.hold = hold
        self.topology = plan.topology
        self.processes = plan.processes()
        """(name, device, the file's device, host, replica) of each device process: the
        supervisor's process i is the i-th."""
        self.popens = [None] * len(self.processes)
        here = {p[3] for p in self.processes if self.launcher.runs_here(p[3])}
        everyone = range(len(self.processes))
        files = [[f for step in self.own_steps(i) for f in part_files(step)] for i in everyone]
        steps = [[step_name(x) for x in plan.steps(s)] for s in range(plan.native.segments)]
        self.sv = _native.Supervisor(plan.native, here, files, steps)
        self.sinks = self.sv.sinks
        self.sinks_steps = [step for i in self.sinks for step in self.own_steps(i)]
        self.lock = threading.Lock()
        self.stop_requested = False
        self.asked = []
        """Actions ``evflow ctl`` asked for (``scale``, ``add-host``), done by the supervising
        thread."""
        self.address = self._controller_address()
        self.sums = sums.Sums()
        """The mergeable objects the devices last sent (docs/web.md, "The histograms")."""
        self.refused_sums = set()
        """The processes whose sums were refused, each warned of once."""
        self.page = None
        """The web page, when it is served: it shows the devices' warnings too."""
        self.malformed_sums = 0
        """Messages of sums refused: counted in the report as malformed reports are."""
        # The one-line live status, on a terminal.
        self.tty = sys.stderr.isatty()
        self.shown = 0.0
        self.started = time.monotonic()

    def own_steps(self, i: int) -> list:
        """The steps of process ``i``'s device's own path (its steering file's)."""
        return self.topology.devices[self.processes[i][2]].steps()

    def process(self, i: int) -> dict:
        """Process ``i`` as the supervisor knows it: its ``generation``, its ``ports`` (by
        segment), and every segment's last ``reports`` (every generation counted)."""
        p = json.loads(self.sv.process(i))
        p["reports"] = {int(s): r for s, r in p["reports"].items()}
        return p

    # --- what the metrics show (docs/operations.md) -------------------------------------

    def live(self) -> dict:
        """The topology as a live snapshot, from the devices' last reports: what the metrics
        server shows for a topology across hosts, with the last changes of the farm (their
        ``at`` in Unix time)."""
        with self.lock:
            live = self.sv.live()
        started = time.time() - (time.monotonic() - self.started)
        # Numbered from 1 in the run: two alike (a replica that joined twice) stay apart.
        last = list(enumerate(self.changes(), 1))[-CHANGES_SHOWN:]
        live["changes"] = [{**c, "n": n, "at": started + c["at"]} for n, c in last]
        return live

    # --- what evflow ctl sees -----------------------------------------------------------

    def devices(self) -> list:
        with self.lock:
            return self.sv.rows()

    def request_stop(self) -> dict:
        """``evflow ctl stop``: a held topology's run ends, and a held topology with no run
        exits; any other drains and exits."""
        with self.lock:
            stopping = self.sv.stop_run()
            if stopping is not None:
                index, number = stopping
                print(f"evflow: stopping run {number}", file=sys.stderr)
                run = {"index": index, "number": number}
                return {"ok": True, "state": self.sv.run_status()["state"], "run": run}
            self.stop_requested = True
            self.sv.request_stop("drain", None if self.hold else "evflow ctl stop")
            return {"ok": True, "state": lifecycle.DRAINING}

    def start_run(self, number, overwrite=False) -> dict:
        """``evflow ctl start --run N``: the held topology's sources read, their events
        carrying run N, until ``evflow ctl stop``; refused if its files would be replaced
        without ``overwrite`` (the supervisor's ``start_run``)."""
        if not self.hold:
            return {"ok": False, "error": controller.NOT_HELD}
        if not isinstance(number, int) or not 0 <= number < 2**32:
            return {"ok": False, "error": f"a run number is 0 to {2**32 - 1}, not {number!r}"}
        files = [f for f in outputs.run_files(self.sinks_steps, number) if os.path.lexists(f)]
        with self.lock:
            try:
                state = self.sv.start_run(number, files, overwrite)
            except EvflowError as e:
                return {"ok": False, "error": str(e)}
        print(f"evflow: run {number} started", file=sys.stderr)
        return {"ok": True, "state": state}

    def scale(self, device, n, host=None) -> dict:
        """``evflow ctl FILE scale DEVICE N [--host H]``: the supervisor's ``scale``; the
        replicas it adds are started by the supervising thread at its next turn."""
        if not isinstance(n, int) or not 0 <= n < 2**32:
            return {"ok": False, "error": f"a number of replicas is 0 or more, not {n!r}"}
        with self.lock:
            try:
                actions, told = self.sv.scale(str(device), n, host, time.monotonic())
            except EvflowError as e:
                return {"ok": False, "error": str(e)}
            self.asked.extend(actions)
        for line in told:
            print(f"evflow: scale: {line}", file=sys.stderr)
        return {"ok": True, "changes": told}

    def add_host(self, host) -> dict:
        """``evflow ctl FILE add-host NAME``: the supervisor's ``add_host``; its processes
        are started by the supervising thread at its next turn."""
        with self.lock:
            try:
                actions = self.sv.add_host(str(host), time.monotonic())
            except EvflowError as e:
                return {"ok": False, "error": str(e)}
            self.asked.extend(actions)
        told = f"host {host} added: {len(actions)} processes start"
        print(f"evflow: {told}", file=sys.stderr)
        return {"ok": True, "changes": [told]}

    def drain_host(self, host) -> dict:
        """``evflow ctl FILE drain-host NAME``: the supervisor's ``drain_host``."""
        with self.lock:
            try:
                retired = self.sv.drain_host(str(host), time.monotonic())
            except EvflowError as e:
                return {"ok": False, "error": str(e)}
        told = f"host {host} draining: {', '.join(retired)} finish their events and exit"
        print(f"evflow: {told}", file=sys.stderr)
        return {"ok": True, "changes": [told]}

    def changes(self) -> list:
        """The changes of the farm during the run (``scale``, ``add-host``, ``drain-host``, a
        replica that joined or retired), each with its time in seconds since ``evflow up``
        started."""
        with self.lock:
            changes = json.loads(self.sv.changes())
        for change in changes:
            change["at"] = round(change["at"] - self.started, 3)
        return changes

    def run_status(self) -> dict:
        with self.lock:
            return self.sv.run_status()

    def endpoints(self) -> dict:
        """Every segment's channels' tcp endpoints (``results`` or ``2/results``: segment 0's
        names alone, as a topology of one segment has them)."""
        with self.lock:
            return {
                (name if i == 0 else f"{i}/{name}"): endpoint
                for i, endpoints in enumerate(self.sv.endpoints())
                for name, endpoint in endpoints.items()
            }

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
        if self.resume is not None:
            plans = farm_resume.recover(self, self.resume)
            if plans is None:
                return 0  # every sink's files are complete
            self.resume_plans = plans
            for i in set(plans) & set(self.sinks):
                self.sv.resuming(i)
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
            server = controller.ControlServer(self.topology.name, self)
            bound.callback(server.close)
            workers = self.plan.native.workers
            served = controller.serve_metrics(
                self.topology, processes=workers, source=self.live, histograms=self.histograms
            )
            if served is not None:
                bound.callback(served.close)
            page = self.page = controller.serve_web(
                self.topology, status=self, live=self.live, histograms=self.histograms
            )
            bound.pop_all()
        signals = []
        previous = {
            s: signal.signal(s, lambda signum, frame: signals.append(signum))
            for s in (signal.SIGINT, signal.SIGTERM)
        }
        started = time.monotonic()
        try:
            for i in range(len(self.processes)):
                if not self.sv.standing_by(i):  # a standby host's wait for add-host
                    self._start(i)
            self._supervise(signals)
        finally:
            if served is not None:
                served.close()
            if page is not None:
                page.close()
            for s, handler in previous.items():
                signal.signal(s, handler)
            self.launcher.stop([p for p in self.popens if p])
            # What the devices killed on this machine left (a silent replica's, say), and the
            # journals of its mergers, junctions and funnels (one killed last leaves its own).
            _native.sweep_tmpdirs()
            name = glob.escape(f"evflow-topo-{self.topology.name}-")
            for journal in glob.glob(os.path.join(tempfile.gettempdir(), f"{name}*.journal")):
                with contextlib.suppress(OSError):
                    os.remove(journal)
            server.close()
            self.reports.close()
            self.views.close()
        final = self.devices()
        wall_s = time.monotonic() - started
        interrupted = bool(signals) or self.stop_requested
        print(farm_summary.table(self, final, wall_s, interrupted), file=sys.stderr)
        not_completed = self.sv.not_completed()
        if not_completed:
            warn_not_completed(not_completed)
        if report is not None:
            farm_summary.write(self, report, final, wall_s)
        errors = self.sv.errors()
        if errors:
            raise module_error(errors[0])
        if signals:
            raise KeyboardInterrupt() if signals[0] == signal.SIGINT else Terminated(TERMINATED)
        if self.stop_requested:
            print("evflow: stopped by evflow ctl stop; files were closed", file=sys.stderr)
        return 0

    def _command(self, i: int) -> list:
        """The device command of process ``i``, the same on every launcher."""
        (_, device, _, host, replica), p = self.processes[i], self.process(i)
        command = [
            sys.executable, "-m", "evflow", "device", os.path.abspath(self.topology.file),
            "--device", device, "--host", host, "--replica", str(replica),
            "--generation", str(p["generation"]), "--bind", self._host_address(host),
            "--reports", self.reports.address, "--views", self.views.address,
            "--plan", self.sv.plan_json(),
        ]  # fmt: skip
        if self.hold:
            command.append("--held")
        if i in self.resume_plans and p["generation"] == 0:
            # A sink restarted later continues its files as any restarted sink does.
            command += ["--resume-plan", self.resume_plans[i]]
        for segment, port in p["ports"].items():
            command += ["--port", f"{segment}:{port}"]
        return command

    def _start(self, i: int) -> None:
        while len(self.processes) <= i:  # a replica added during the run
            self.processes.append(self.sv.identity(len(self.processes)))
            self.popens.append(None)
        name, _, _, host, _ = self.processes[i]
        popen = self.launcher.start(host, self._command(i), name)
        self.popens[i] = popen
        with self.lock:
            self.sv.launched(i, time.monotonic())
        heard = self.page.log.heard if self.page is not None else None
        relay = threading.Thread(
            target=_relay, args=(name, popen.stdout, self.tty, heard), daemon=True
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
            # may not have taken in the reports sent meanwhile: no device's silence. The turn
            # looks for silence as of the time it measured its own stall: a stall after that
            # is the next turn's.
            now = time.monotonic()
            with self.lock:
                self.sv.forgive(now - turn - HEARTBEAT / 2)
            turn = now
            if taken:
                # Reports still waiting in the socket are no device's silence, and may say
                # how a device that exited ended.
                self._tick(now)
            with self.lock:
                asked, self.asked = self.asked, []
            self._do(asked)
            with self.lock:
                begun = self.sv.begin_run()
            # The run's start goes out at once: every process waits for it.
            if begun or now >= next_view:
                self._publish()
                next_view = now + HEARTBEAT
            with self.lock:
                told = self.sv.follow_runs()
            if told:
                print(f"evflow: {told}", file=sys.stderr)
            if self.tty and now - self.shown >= controller.STATUS_EVERY:
                self.shown = now
                print("\r" + self._status_line().ljust(79), end="", file=sys.stderr, flush=True)
        if self.tty:
            print(file=sys.stderr)

    def _tick(self, now: float) -> None:
        """Tells the supervisor how each process stands at ``now``, and does what it answers."""
        exits = []
        for popen in self.popens:
            code = popen.poll() if popen else None
            exits.append((code, self.launcher.describe(code) if code and code > 0 else None))
        with self.lock:
            actions = self.sv.tick(now, exits)
        self._do(actions)

    def _do(self, actions: list) -> None:
        """Does what the supervisor answered: warns, kills, starts."""
        for what, arg in actions:
            if what == "warn":
                log.warning("%s", arg)
            elif what == "kill":
                if self.popens[arg] and self.popens[arg].poll() is None:
                    self.launcher.kill(self.popens[arg])
            else:
                self._start(arg)

    def _status_line(self) -> str:
        with self.lock:
            live, state = self.sv.live(), self.sv.run_status()["state"]
        return controller.status_line(self.topology.name, state, live, self.started)

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
            parts = message.bytes()
            if len(parts) == 2:
                self._take_sums(*parts)
                continue
            with self.lock:
                taken = self.sv.take(parts[0], time.monotonic())
            if not taken and self.sv.malformed == 1:
                # Not a device's report: anything on the network can reach this port.
                log.warning(
                    "the controller got a message that is not a device's "
                    "report; such messages are dropped (counted in the report)"
                )
        return False

    def _take_sums(self, header: bytes, data: bytes) -> None:
        """Keeps a device's mergeable objects (``sums``), if it is a process of this topology
        in one of its generations; warns once per process of what it cannot take."""
        sent = None
        try:
            sent = json.loads(header)
            name, segment, generation = sent["sums"], sent["segment"], sent["generation"]
            names = [p[0] for p in self.processes]
            if name not in names:
                raise sums.Refused(f"{name!r} is no process of {self.topology.name}")
            latest = self.process(names.index(name))["generation"]
            if not isinstance(generation, int) or not 0 <= generation <= latest:
                raise sums.Refused(f"generation {generation} was never started")
            if sent.get("readout"):
                steps = self.own_steps(names.index(name))
            elif isinstance(segment, int) and 0 <= segment < self.plan.native.segments:
                steps = self.plan.steps(segment)
            else:
                raise sums.Refused(f"it has no segment {segment!r}")
            self.sums.take(name, segment, generation, steps, data)
        except (ValueError, KeyError, TypeError, sums.Refused) as e:
            self.malformed_sums += 1
            who = sent.get("sums") if isinstance(sent, dict) else None
            if who not in self.refused_sums:
                self.refused_sums.add(who)
                log.warning(
                    f"the controller cannot take the histograms "
                    f"{'of ' + str(who) if who else 'it got'} ({e}); they are not shown"
                )

    def histograms(self) -> dict:
        """The devices' mergeable objects summed, by ``"Module.attribute"``."""
        objects, left_out = self.sums.objects()
        for what in left_out:
            if what not in self.refused_sums:
                self.refused_sums.add(what)
                log.warning(
                    f"{what} is not shaped as the other processes' and is "
                    "left out of the histograms shown"
                )
        return objects

    def _take_signals(self, signals: list) -> None:
        with self.lock:
            name = "SIGINT" if signals and signals[0] == signal.SIGINT else "SIGTERM"
            if len(signals) == 1 and self.sv.request_stop("drain", name):
                log.warning(
                    "stopping: no more events are read; the events in flight "
                    "are finished (again to stop now)"
                )
            if len(signals) >= 2:
                self.sv.request_stop("abort")

    def _publish(self) -> None:
        with self.lock:
            views = self.sv.views()
        for topic, view in views:
            self.views.send([topic, view], timeout=HEARTBEAT)


def _relay(name: str, stream, tty: bool, heard=None) -> None:
    """Prints a device's output lines, each labelled with its process name (on a terminal,
    over the live status line, which the next update draws again); its warnings and errors
    also go to ``heard(level, line)`` (the web page's log)."""
    clear = "\r\033[K" if tty else ""
    for raw in iter(stream.readline, b""):
        line = raw.decode(errors="replace").rstrip("\n")
        label = line if line.startswith(f"[{name}]") else f"[{name}] {line}"
        sys.stderr.write(f"{clear}{label}\n")  # one write: no other line cuts into it
        sys.stderr.flush()
        if heard is not None:
            for level in ("warning", "error"):
                if f"evflow: {level}: " in line:
                    heard(level, label)
