"""The view the web page shows (docs/web.md, "The event stream"), made once a second from
what ``evflow ctl status`` and the metrics read: the status's process rows and run, the
engine's live snapshot, the job's histograms. Rates are the changes between two views."""

import collections
import json
import time

import numpy as np

from evflow import metrics

RATES_KEPT_S = 600
"""The rate plot's span: the last ten minutes, a point a view."""

ENDED_KEPT = 50
"""Processes that died and were replaced, shown beside the living: the last ones."""


class View:
    """Makes the views of one job or topology. ``status``: what ``evflow ctl`` asks
    (``devices()``, ``run_status()``); ``live()``: the engine's latest snapshot (or None);
    ``histograms()``: the job's mergeable objects summed, by ``"Module.attribute"``;
    ``topology``: the checked file (``None`` for the job of a steering file)."""

    def __init__(self, name, status, live, histograms, topology=None, served=None):
        self.name = name
        self.status = status
        self.live = live
        self.histograms = histograms
        self.topology = topology
        self.served = served or {}
        self.channels = json.loads(topology.native.json).get("channels", {}) if topology else {}
        """The topology's channels, as the engine read the file."""
        self.before = None
        """(monotonic time, {process: (events in, events out)}, {pid: CPU seconds}, read,
        written) of the view before."""
        self.rates = collections.deque()
        self.last = None
        """The processes and run of the last regular view (their rates)."""
        self.lives = {}
        """{process: (pid, restarts)} as the last view saw them."""
        self.ended = collections.deque(maxlen=ENDED_KEPT)
        """The processes that died since the page's server started, as they were seen last."""

    def make(self, sample=True) -> dict:
        """The view now (``log`` and ``lock`` are the server's to add). ``sample``: a view of
        the regular ones, which rates are taken between; another (after a command, for the
        pages to see it at once) shows the rates of the last."""
        if not sample and self.before is not None:
            return self._again()
        now = time.monotonic()
        rows = self.status.devices()
        run = dict(self.status.run_status() or {})
        live = self.live() or {}
        usage = _usage(live)
        read, written = live.get("read", 0), live.get("written", 0)
        counts = {r["name"]: (r["events_in"], r["events_out"]) for r in rows}
        cpu = {pid: u[0] for pid, u in usage.items()}
        span = now - self.before[0] if self.before else 0.0
        processes = [self._process(r, usage, span) for r in rows]
        read_rate = written_rate = 0.0
        if span > 0:
            read_rate = max(read - self.before[3], 0) / span
            written_rate = max(written - self.before[4], 0) / span
        self.before = (now, counts, cpu, read, written)
        self.rates.append((time.time(), read_rate, written_rate))
        while self.rates and self.rates[-1][0] - self.rates[0][0] > RATES_KEPT_S:
            self.rates.popleft()
        run.update(read=read, written=written, read_rate=read_rate, written_rate=written_rate)
        self.last = {"processes": processes, "run": run}
        return self._shown(rows, live, processes, run)

    def _again(self) -> dict:
        """A view between two regular ones: the states and counts now, the rates of the last."""
        rows = self.status.devices()
        live = self.live() or {}
        rates = {p["name"]: p for p in self.last["processes"]}
        processes = []
        for r in rows:
            shown = self._process(r, {}, 0.0)
            for key in ("in_rate", "out_rate", "cpu", "memory"):
                shown[key] = rates.get(r["name"], {}).get(key, shown[key])
            processes.append(shown)
        run = dict(self.status.run_status() or {})
        last = self.last["run"]
        run.update(read=live.get("read", 0), written=live.get("written", 0))
        run.update(read_rate=last["read_rate"], written_rate=last["written_rate"])
        return self._shown(rows, live, processes, run)

    def _note_ended(self, rows) -> None:
        """Keeps the process a row had before, when it died and was replaced (its restarts
        grew, its pid changed): a death between two views is seen all the same."""
        for r in rows:
            pid, restarts = r.get("pid"), r.get("restarts", 0)
            before = self.lives.get(r["name"])
            died = before is not None and before[0] and before[0] != pid and restarts > before[1]
            if died:
                shown = {k: r.get(k) for k in ("name", "device", "host", "replica")}
                self.ended.append({**shown, "pid": before[0], "state": "dead", "at": time.time()})
            if pid or died:  # a replacement without its pid yet is not a second death
                self.lives[r["name"]] = (pid, restarts)

    def _shown(self, rows, live, processes, run) -> dict:
        self._note_ended(rows)
        return {
            "topology": self.name,
            "served": self.served,
            "time": time.time(),
            "hosts": _hosts(rows),
            "channels": self._channels(processes, live),
            "processes": processes,
            "ended": list(self.ended),
            "run": run,
            "rates": [list(r) for r in self.rates],
            "modules": _modules(live, rows),
        }

    def _process(self, row, usage, span) -> dict:
        """A row as the page shows it, its rates and CPU over the ``span`` seconds since the
        view before (0: none)."""
        shown = {k: row.get(k) for k in ("name", "device", "host", "replica", "pid", "state")}
        shown.update(events_in=row["events_in"], events_out=row["events_out"])
        shown.update(restarts=row.get("restarts", 0), in_rate=0.0, out_rate=0.0)
        shown.update(cpu=None, memory=None)
        before = self.before[1].get(row["name"]) if self.before else None
        if before is not None and span > 0:
            shown["in_rate"] = max(row["events_in"] - before[0], 0) / span
            shown["out_rate"] = max(row["events_out"] - before[1], 0) / span
        pid = row.get("pid")
        if pid in usage:
            seconds, memory = usage[pid]
            shown["memory"] = memory
            earlier = self.before[2].get(pid) if self.before else None
            if earlier is not None and span > 0:
                shown["cpu"] = max(seconds - earlier, 0.0) / span * 100
        return shown

    def _channels(self, processes, live) -> list:
        """Each channel of the topology: its devices, events/s (what its senders sent), and
        the events queued at its receivers where the engine counts them (a processor's
        workers)."""
        if self.topology is None:
            return []
        devices = self.topology.devices
        shown = []
        queued = live.get("queued") or []
        replicas = collections.Counter(p["device"] for p in processes)
        for name, channel in self.channels.items():
            senders = [d for d, dev in devices.items() if name in dev.outputs]
            receivers = [d for d, dev in devices.items() if name in dev.inputs]
            rate = sum(p["out_rate"] for p in processes if p["device"] in senders)
            # The engine counts the events queued at a segment's workers: the replicas of
            # the processor the channel feeds.
            into_workers = any(replicas.get(d) == len(live.get("workers", [])) for d in receivers)
            shown.append(
                {
                    "name": name,
                    "pattern": channel.get("pattern"),
                    "from": senders,
                    "to": receivers,
                    "rate": rate,
                    "queued": sum(queued) if queued and into_workers else None,
                }
            )
        return shown

    def histograms_shown(self) -> dict:
        """The histograms as the page draws them: axes' edges, values, entries."""
        shown = {}
        for key, value in self.histograms().items():
            if value is None or isinstance(value, np.ndarray):
                continue  # arrays are not drawn
            if len(value.axes) not in (1, 2):
                continue
            shown[key.replace(".", "/", 1)] = metrics.histogram_shown(value)
        return shown


def _hosts(rows) -> list:
    """The hosts, each with its devices and their processes, in the rows' order."""
    hosts = {}
    for r in rows:
        devices = hosts.setdefault(r.get("host") or "this machine", {})
        devices.setdefault(r.get("device") or r["name"], []).append(r["name"])
    return [
        {"name": h, "devices": [{"name": d, "processes": p} for d, p in devs.items()]}
        for h, devs in hosts.items()
    ]


def _usage(live) -> dict:
    """(CPU seconds, resident bytes) of each running process of the snapshot, by pid."""
    usage = {}
    for p in live.get("processes", []):
        if p.get("running"):
            u = metrics._usage(p)
            if u is not None:
                usage[p["pid"]] = u
    return usage


def _modules(live, rows) -> list:
    """Per device and module: calls, failures, seconds, time per call (the newest
    generation of each process stands, as in the metrics)."""
    device_of = {r["name"]: r.get("device") or r["name"] for r in rows}
    newest = {}
    for p in live.get("processes", []):
        newest[p["name"]] = p
    if not newest and live.get("modules"):  # a job of one process
        newest = {"main": metrics.this_process(live, running=True)}
    sums = {}
    for p in newest.values():
        device = p.get("device") or device_of.get(p["name"], p["name"])
        for name, calls, failed, seconds in p.get("modules", []):
            if not calls and not seconds:
                continue  # a step this process does not run
            s = sums.setdefault((device, name), [0, 0, 0.0])
            s[0] += calls
            s[1] += failed
            s[2] += seconds
    return [
        {
            "device": d,
            "name": n,
            "calls": c,
            "failed": f,
            "seconds": s,
            "per_call": s / c if c else None,
        }
        for (d, n), (c, f, s) in sums.items()
    ]
