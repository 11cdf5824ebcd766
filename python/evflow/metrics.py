"""Live metrics of a running job, served over HTTP in the Prometheus text format by the
official client library (docs/operations.md). The engine hands the steering process a
snapshot of the job every 250 ms; a scrape reads the latest one."""

import collections
import errno
import json
import logging
import os
import socket
import socketserver
import tempfile
import threading
import time
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

import numpy as np
from prometheus_client import CollectorRegistry, make_wsgi_app
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily

from evflow import _native, mergeable
from evflow.errors import ConfigError

log = logging.getLogger("evflow")

address = None
"""``http://HOST:PORT/metrics`` of the running job's metrics, while it runs (else ``None``)."""

SHUTDOWN_POLL_S = 0.1
"""How often the server looks for ``close()``: the longest a job's end waits for it."""

RATE_WINDOW_S = 5.0
"""``evflow_event_rate`` is taken over this many seconds of snapshots."""

_CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
_PAGE = os.sysconf("SC_PAGE_SIZE")

# Where each outcome of evflow_events_total is counted, in a parallel job.
_COUNTED_AT = {
    "read": "input",
    "retried": "input",
    "quarantined": "input",
    "written": "output",
    "rejected": "output",
    "failed": "output",
    "incomplete": "output",
    "duplicate": "output",
    "abandoned": "output",
}
_LIVE_KEY = {"duplicate": "duplicates"}


def parse_address(text, what="metrics") -> tuple[str, int]:
    """``HOST:PORT`` (port 0: any free port) as a (host, port) pair, or a ConfigError about
    ``what`` (the setting: ``metrics``, ``web``)."""
    if not isinstance(text, str) or text.count(":") < 1:
        raise ConfigError(f"{what} must be HOST:PORT (e.g. 127.0.0.1:9100), not {text!r}")
    host, _, port = text.rpartition(":")
    host = host.strip("[]")
    if not host or not port.isdigit() or not 0 <= int(port) <= 65535:
        raise ConfigError(
            f"{what} must be HOST:PORT with a port from 0 to 65535 (e.g. 127.0.0.1:9100), "
            f"not {text!r}"
        )
    return host, int(port)


def check_address(where: str, what="metrics") -> None:
    """Raises the ConfigError a metrics server would meet at ``where`` on this machine (not
    HOST:PORT, a host that does not resolve or is not here, a port in use): binds the port as
    the server does (``SO_REUSEADDR``, so a TIME_WAIT connection is no obstacle) and releases
    it."""
    host, port = parse_address(where, what)
    try:
        with socket.socket(_address_family(host)) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except (OSError, UnicodeError) as e:
        raise _listen_error(where, host, port, e, what) from None


def _address_family(host: str) -> socket.AddressFamily:
    return socket.AF_INET6 if ":" in host else socket.AF_INET


def _listen_error(where: str, host: str, port: int, e: Exception, what="metrics") -> ConfigError:
    """Why the ``what`` server cannot listen at ``where``, and what to do."""
    if isinstance(e, (socket.gaierror, UnicodeError)):
        why = e.strerror if isinstance(e, socket.gaierror) else e
        return ConfigError(
            f"{what} = {where!r}: host {host!r} does not resolve ({why}); give a name or "
            f"address of this machine, e.g. 127.0.0.1:{port}"
        )
    if getattr(e, "errno", None) == errno.EADDRINUSE:
        return ConfigError(
            f"{what} = {where!r}: port {port} is already in use on this machine; choose "
            "another (port 0 takes any free one) or stop what holds it"
        )
    if getattr(e, "errno", None) == errno.EADDRNOTAVAIL:
        return ConfigError(
            f"{what} = {where!r}: {host} is not an address of this machine; give one of its "
            f"own, e.g. 127.0.0.1:{port} (or 0.0.0.0:{port}: all of them)"
        )
    return ConfigError(f"{what} = {where!r}: cannot listen there: {e}")


class _Server(socketserver.ThreadingMixIn, WSGIServer):
    daemon_threads = True


class _Quiet(WSGIRequestHandler):
    def log_message(self, format, *args):
        pass


def serve(where: str, host: str, port: int, app, what: str):
    """Serves the WSGI ``app`` at ``host:port`` (``where`` as given, for errors about the
    setting ``what``) from a daemon thread, a thread per request; (the server, to
    ``shutdown()``, and its ``http://HOST:PORT`` as bound). The metrics and the web page
    (evflow/web) are served so."""
    server_class = type("Server", (_Server,), {"address_family": _address_family(host)})
    try:
        server = make_server(host, port, app, server_class, _Quiet)
    except (OSError, UnicodeError) as e:
        raise _listen_error(where, host, port, e, what) from None
    bound_host, bound_port = server.server_address[:2]
    shown = f"[{bound_host}]" if ":" in bound_host else bound_host
    threading.Thread(
        target=server.serve_forever,
        kwargs={"poll_interval": SHUTDOWN_POLL_S},
        name=f"evflow-{what}",
        daemon=True,
    ).start()
    return server, f"http://{shown}:{bound_port}"


def histogram_shown(value) -> dict:
    """A mergeable histogram as JSON shows it: its axes' edges, values and entries."""
    values = np.asarray(value.values())
    return {
        "axes": [{"edges": a.edges.tolist()} for a in value.axes],
        "values": values.tolist(),
        "entries": float(values.sum()),
    }


class Metrics:
    """The metrics server of one job: binds at once (a bad address fails before the job
    starts), serves from a daemon thread, and stops with ``close()``."""

    def __init__(self, where: str, *, processes: int, steps=(), source=None, histograms=None):
        host, port = parse_address(where)
        self.processes = processes
        self.steps = list(steps)
        # A topology across hosts: its snapshot, made from the devices' reports when scraped,
        # and the mergeable objects its devices sent.
        self.source = source
        self.histograms = histograms
        self.started = time.time()
        self.host = socket.gethostname()
        self.job = str(os.getpid())
        self.live = None
        self.running = True
        self.history = collections.deque()
        self.lock = threading.Lock()
        registry = CollectorRegistry(auto_describe=False)
        registry.register(self)
        app = make_wsgi_app(registry)

        def route(environ, start_response):
            where = environ.get("PATH_INFO", "/")
            if where in ("/", "/metrics"):
                return app(environ, start_response)
            if where in ("/histograms", "/histograms.root"):
                as_root = where.endswith(".root")
                body = self.histograms_root() if as_root else self.histograms_json()
                kind = "application/octet-stream" if as_root else "application/json"
                start_response("200 OK", [("Content-Type", kind)])
                return [body]
            start_response("404 Not Found", [("Content-Type", "text/plain")])
            return [b"evflow serves /metrics, /histograms and /histograms.root\n"]

        self.server, base = serve(where, host, port, route, "metrics")
        self.address = f"{base}/metrics"
        log.info("metrics at %s", self.address)

    def update(self, live: dict) -> None:
        """Takes the engine's latest snapshot of the job."""
        now = time.monotonic()
        with self.lock:
            self.live = live
            self.history.append((now, live["read"], live["written"]))
            while len(self.history) > 2 and now - self.history[1][0] >= RATE_WINDOW_S:
                self.history.popleft()

    def sums(self) -> dict:
        """The mergeable objects summed over the job's processes so far (docs/operations.md)."""
        if self.histograms is not None:
            return self.histograms()
        with self.lock:
            live = self.live
        directory = live.get("dir") if live else None
        return mergeable.live_sums(self.steps, directory)

    def histograms_json(self) -> bytes:
        shown = {}
        for key, value in self.sums().items():
            if value is None:
                continue
            if isinstance(value, np.ndarray):
                shown[key] = {"type": "array", "dtype": value.dtype.str, "values": value.tolist()}
                continue
            shown[key] = {"type": "histogram", **histogram_shown(value)}
        return json.dumps(shown).encode()

    def histograms_root(self) -> bytes:
        from evflow import root  # uproot: only when asked

        with tempfile.TemporaryDirectory(prefix="evflow-histograms-") as directory:
            path = os.path.join(directory, "histograms.root")
            root.HistogramOutput(path).write(self.sums())
            with open(path, "rb") as f:
                return f.read()

    def close(self) -> None:
        with self.lock:
            self.running = False
        self.server.shutdown()
        self.server.server_close()

    # --- the collector -----------------------------------------------------------------------

    def collect(self):
        if self.source is not None and self.running:
            self.update(self.source())
        with self.lock:
            live, running, history = self.live, self.running, list(self.history)
        base = {"host": self.host, "job": self.job}
        yield _gauge("evflow_job_running", "1 while the job runs", base, [({}, int(running))])
        yield _gauge(
            "evflow_job_start_time_seconds",
            "Unix time the job started",
            base,
            [({}, self.started)],
        )
        yield _gauge(
            "evflow_job_processes",
            "worker processes (0: one process)",
            base,
            [({}, self.processes)],
        )
        if live is None:
            return
        # A job of one process lists no processes: this one is it (a topology's list may
        # still be empty, before its devices' first reports).
        one_process = not live["processes"] and self.source is None
        samples = []
        for outcome, at in _COUNTED_AT.items():
            value = live.get(_LIVE_KEY.get(outcome, outcome), 0)
            samples.append(({"outcome": outcome, "where": "main" if one_process else at}, value))
        yield _counter("evflow_events", "events by what happened to them", base, samples)
        yield _gauge("evflow_event_rate", "events per second, last 5 s", base, _rates(history))
        processes = [this_process(live, running)] if one_process else live["processes"]
        yield from _module_families(base, processes)
        yield from _worker_families(base, live)
        yield from _event_building_families(base, processes)
        yield from _process_families(base, processes)
        yield from _shm_families(base, live.get("session"))
        yield from _change_families(base, live.get("changes", []))


def this_process(live: dict, running: bool) -> dict:
    """A job of one process as a snapshot would list it, which lists no processes: this one,
    named ``main``, with the job's module statistics (no failures counted apart)."""
    return {
        "name": "main",
        "pid": os.getpid(),
        "running": running,
        "worker": None,
        "role": "main",
        "modules": [(m[0], m[1], 0, m[2]) for m in live["modules"]],
    }


def _family(kind, name, documentation, base, samples):
    """A metric family of ``samples`` ([(labels, value)]): its label names are the base's,
    then every sample's, in the order they first appear; a sample without one has it empty
    (what Prometheus reads as absent). A sample's own value of a base label replaces the
    base's: a topology's process is on its own host, not the controller's."""
    names = list(dict.fromkeys(n for labels, _ in samples for n in labels if n not in base))
    family = kind(name, documentation, labels=[*base, *names])
    for labels, value in samples:
        given = [labels.get(n, v) for n, v in base.items()]
        family.add_metric([*given, *(labels.get(n, "") for n in names)], value)
    return family


def _counter(name, documentation, base, samples):
    return _family(CounterMetricFamily, name, documentation, base, samples)


def _gauge(name, documentation, base, samples):
    return _family(GaugeMetricFamily, name, documentation, base, samples)


def _rates(history):
    if len(history) < 2 or history[-1][0] <= history[0][0]:
        return [({"outcome": "read"}, 0.0), ({"outcome": "written"}, 0.0)]
    (t0, read0, written0), (t1, read1, written1) = history[0], history[-1]
    span = t1 - t0
    return [
        ({"outcome": "read"}, (read1 - read0) / span),
        ({"outcome": "written"}, (written1 - written0) / span),
    ]


def _event_building_families(base, processes):
    """Per readout and builder unit (docs/eventbuilding.md, "Metrics"); bytes/s is
    ``rate(evflow_eventbuilding_bytes_total[...])``."""
    units = [(p, p["eventbuilding"]) for p in processes if p.get("eventbuilding")]
    if not units:
        return

    def samples(key, only=None):
        return [
            ({**_where(p), "process": p["name"], "unit": u["unit"]}, u[key])
            for p, u in units
            if only in (None, u["unit"])
        ]

    yield _counter(
        "evflow_eventbuilding_fragments",
        "fragments a readout unit read, or a builder unit received",
        base,
        samples("fragments"),
    )
    yield _counter(
        "evflow_eventbuilding_bytes",
        "bytes of the fragments a readout unit read, or of the events a builder unit built",
        base,
        samples("bytes"),
    )
    yield _counter(
        "evflow_eventbuilding_late",
        "fragments that came after their batch was released or built, dropped",
        base,
        samples("late"),
    )
    yield _counter(
        "evflow_eventbuilding_copied",
        "fragments a readout unit copied into shared memory when a builder asked for them "
        "(made outside it)",
        base,
        samples("copied", "readout"),
    )
    yield _counter(
        "evflow_eventbuilding_events_built",
        "events a builder unit built",
        base,
        samples("built", "builder"),
    )
    yield _counter(
        "evflow_eventbuilding_events_incomplete",
        "events a builder unit built with a fragment missing",
        base,
        samples("incomplete", "builder"),
    )
    yield _gauge(
        "evflow_eventbuilding_credits",
        "batches a builder unit may still be given (its credits not in use)",
        base,
        samples("credits", "builder"),
    )
    yield _gauge("evflow_eventbuilding_batch_size", "events per batch", base, samples("batch"))


def _change_families(base, changes):
    """A topology's last changes during the run (``evflow ctl scale``, ``add-host``,
    ``drain-host``; replicas that joined or retired): each a sample whose value is its Unix
    time, labelled with its number in the run (``n``), so that two alike are two series."""
    if not changes:
        return
    keys = ("n", "what", "device", "host", "process", "before", "after")
    samples = [({k: str(c[k]) for k in keys if c.get(k) is not None}, c["at"]) for c in changes]
    yield _gauge(
        "evflow_farm_change_time_seconds",
        "Unix time of each of the farm's last changes during the run",
        base,
        samples,
    )


def _module_families(base, processes):
    # One series per module and process name, whatever its generations: each generation a
    # snapshot lists carries the statistics of them all (the forked engine's worker slot, a
    # topology controller's sum), so the newest, listed last, stands.
    counts = {}
    for p in processes:
        for name, n_calls, n_failed, total_s in p["modules"]:
            if not n_calls and not total_s:
                continue  # a step this process does not run
            labels = {"module": name, "process": p["name"], **_where(p)}
            counts[frozenset(labels.items())] = (labels, n_calls, n_failed, total_s)
    calls = [(labels, n) for labels, n, _, _ in counts.values()]
    failures = [(labels, n) for labels, _, n, _ in counts.values()]
    seconds = [(labels, s) for labels, _, _, s in counts.values()]
    yield _counter("evflow_module_calls", "calls of a module's event hook", base, calls)
    yield _counter(
        "evflow_module_failures", "failures let through by on_error=skip", base, failures
    )
    yield _counter("evflow_module_seconds", "time in a module's hooks", base, seconds)


def _worker_families(base, live):
    workers = live.get("workers", [])
    queued = live.get("queued", [])
    slot = [{"worker": str(w + 1)} for w in range(len(workers))]
    yield _counter(
        "evflow_worker_events",
        "events processed in a worker slot",
        base,
        [(s, events) for s, (events, *_) in zip(slot, workers, strict=True)],
    )
    yield _counter(
        "evflow_worker_restarts",
        "replacement workers started in a slot",
        base,
        [(s, restarts) for s, (_, restarts, *_) in zip(slot, workers, strict=True)],
    )
    depth = [(s, q) for s, q in zip(slot, queued, strict=False)]
    yield _gauge("evflow_worker_queue_depth", "events sent to a worker, not finished", base, depth)
    limit = live.get("worker_queue", 0)
    yield _gauge(
        "evflow_worker_credits",
        "credits left (worker_queue - queue depth)",
        base,
        [(s, max(limit - q, 0)) for s, q in depth],
    )


def _where(p) -> dict:
    """A topology's process's ``host`` (its host in the topology file) and ``device`` labels;
    none for a process of ``process()``, which is on the job's host."""
    return {key: p[key] for key in ("host", "device") if key in p}


def _process_families(base, processes):
    cpu, memory, up = [], [], []
    for p in processes:
        labels = {"process": p["name"], "role": p["role"], "pid": str(p["pid"]), **_where(p)}
        if p.get("worker") is not None:  # its slot, as evflow_worker_* name it
            labels["worker"] = str(p["worker"] + 1)
        up.append((labels, int(bool(p["running"]))))
        usage = _usage(p) if p["running"] else None
        if usage is not None:
            cpu.append((labels, usage[0]))
            memory.append((labels, usage[1]))
    yield _counter("evflow_process_cpu_seconds", "user + system CPU of a process", base, cpu)
    yield _gauge(
        "evflow_process_resident_memory_bytes", "resident set size of a process", base, memory
    )
    yield _gauge("evflow_process_up", "1 while the process runs", base, up)


def _usage(p):
    """(CPU seconds, resident bytes) of a running process: as a device on another host read
    them from its own /proc and reported them, else from this machine's /proc."""
    if "usage" in p:
        return p["usage"]
    return _proc_usage(p["pid"]) if p.get("local", True) else None


def _proc_usage(pid: int):
    """(CPU seconds, resident bytes) of a process from /proc, or None if it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            stat = f.read()
        with open(f"/proc/{pid}/statm") as f:
            statm = f.read().split()
    except OSError:
        return None
    # The command name (field 2) may hold spaces: the fields after it follow the last ')'.
    fields = stat[stat.rfind(")") + 2 :].split()
    utime, stime = int(fields[11]), int(fields[12])
    return (utime + stime) / _CLOCK_TICKS, int(statm[1]) * _PAGE


def _shm_families(base, session):
    if not session:
        return
    found = [s for s in _native.shm_sessions() if s.get("session") == session]
    if not found:
        return
    labels = {"session": session}
    yield _gauge(
        "evflow_shm_segment_bytes",
        "size of the job's shm segment",
        base,
        [(labels, found[0].get("size") or 0)],
    )
    yield _gauge(
        "evflow_shm_used_bytes",
        "bytes of the segment's heap in blocks",
        base,
        [(labels, found[0].get("used") or 0)],
    )
