"""``evflow bench soak`` (``make soak``): the long run of issue 14. A topology across three
network-namespace hosts runs under ``evflow up`` for at least ``--events`` events and
``--min-minutes``, while a random processor replica is SIGKILLed every few seconds:

    gen (A) --tcp--> reco (B, C) --tcp--> accepted-j (A) --shm--> calib (A) --shm--> store (A)

The source on A generates small events; ``reco``'s replicas on B and C send them back to A
over tcp, where the plan's junction starts a second segment over shared memory through
``calib``'s replicas to the ordered sink. Both channels are ordered; ``reco`` and
``calib`` replicas are killed; every ``--custody-kill-every`` seconds the junction or the
sink is (both restarted where they ran, docs/topology-design.md, "Custodies that are
restarted"). Every ``--sample-seconds`` the resident memory of every
evflow process (the controller and each device process) and the topology's shared memory
are recorded (docs/benchmarks.md, section 10).

The sink checks every event against the source's numbers as it arrives (ordered: a
running counter is enough, a gap is lost events, a number again a duplicate) and writes its
counts to a file at each checkpoint (before the events it has seen are acknowledged);
nothing is written per event. A restarted sink goes on from the counts its last checkpoint
wrote: what it had seen since comes again, first and in order, and is counted once
(``again``: an event at or below the last number before a new one comes). At the end the
run is drained with ``evflow ctl FILE stop`` and the controller's ``--report`` is checked
against the counts (its ``written``, only where the sink was never restarted: a restarted
sink that writes no file counts what its last process decided).

Beside the kills the farm itself changes (bench/evflow_bench/soak_changes.py): replicas
scaled up and down with ``evflow ctl scale``, host B drained and added again, host B lost
(its link cut, then up again and added; or every process on it SIGKILLed), each change
undone after a while; memory is sampled only while the farm is at its baseline.

Memory is flat when the median of the last window is within 5% of the median of the first
window after warm-up, for every process group, in all, and for the pages /dev/shm holds
(the shm blocks in use, a few KiB, may grow by 5% of the segment's size). The windows are
30 minutes after 10 minutes of warm-up, scaled down for short runs (a quarter and a tenth
of the run). Exit status: 0 when nothing was lost or duplicated and memory is flat, 1 when
events were lost or duplicated or ``evflow up`` failed, 3 when only memory was not flat.
"""

import argparse
import csv
import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import time

from evflow_bench.common import positive, print_table
from evflow_bench.soak_changes import DEFAULT_CHANGE_EVERY, HOST_LOSSES, Changes
from evflow_bench.standard_farm import Farm

DEFAULT_EVENTS = 100_000_000
DEFAULT_MINUTES = 120.0
DEFAULT_SAMPLE_S = 60.0
DEFAULT_KILL_EVERY = (2.0, 10.0)
DEFAULT_CUSTODY_KILL_EVERY = (20.0, 60.0)
DEFAULT_REPLICAS = 2
DEFAULT_OUT = "out/soak"
WARM_UP_S = 600.0
WINDOW_S = 1800.0
TOLERANCE = 0.05
PROGRESS_EVERY_S = 1.0  # how often the soak reads the sink's counts
STARTUP_S = 60.0
DRAIN_S = 300.0
INTERRUPTED_DRAIN_S = 60.0
# The source's stream: far more events than any run reads; the run ends with `ctl stop`.
SOURCE_EVENTS = 1 << 50

GEN = """
import evflow as ef
path = ef.Path()
path.add(ef.modules.EventGenerator(
    runs=[(1, {count})],
    entries={{"adc": {{"dtype": "<u2", "size": 16, "values": ("uniform", 0, 1000)}}}},
))
"""

RECO = """
import numpy as np
import evflow as ef

class Sum(ef.Module):
    parallel_safe = True
    def event(self, event):
        event["sum"] = np.array([event["adc"].sum()], dtype=np.int64)

path = ef.Path()
path.add(Sum())
"""

CALIB = """
import evflow as ef

class Calibrate(ef.Module):
    parallel_safe = True
    def event(self, event):
        event["energy"] = event["sum"] * 0.25

path = ef.Path()
path.add(Calibrate())
"""

STORE = """
import json, os, time
import evflow as ef

COUNTS = {counts!r}

class Sequence(ef.Module):
    # The ordered channel delivers the source's numbers 1, 2, 3, ... in order: a number
    # above the next one expected means the ones between were lost; one not above the
    # last means it came again (or out of order, which is as wrong).
    sees_failed = True

    def initialize(self):
        self.counts = dict(events=0, last=0, lost=0, duplicated=0, failed=0, retried=0,
                           again=0, resumed=0)
        # A restarted sink goes on from its last checkpoint's counts: the events it saw
        # after it were not acknowledged and come again, first, in order.
        self.replaying = False
        try:
            with open(COUNTS) as f:
                saved = json.load(f)
        except FileNotFoundError:
            saved = None
        if saved is not None and not saved.pop("final"):
            self.counts.update(saved)
            self.counts["resumed"] += 1
            self.replaying = True

    def event(self, event):
        c = self.counts
        number = event.number
        if number > c["last"]:
            self.replaying = False
            c["lost"] += number - c["last"] - 1
            c["last"] = number
        elif self.replaying:
            c["again"] += 1  # seen before the checkpoint that was not acknowledged
            return
        else:
            c["duplicated"] += 1
        c["events"] += 1
        flags = event.flags
        if flags:
            c["failed"] += "failed" in flags
            c["retried"] += "retried" in flags

    def checkpoint(self):
        self.write(final=False)

    def terminate(self):
        self.write(final=True)

    def write(self, final):
        with open(COUNTS + ".new", "w") as f:
            json.dump(dict(self.counts, final=final), f)
        os.replace(COUNTS + ".new", COUNTS)

path = ef.Path()
path.add(Sequence())
"""

# The junction between the two processor devices is added by the plan
# (docs/topology-design.md, "Junctions").
GROUPS = ("controller", "gen", "reco", "accepted-j", "calib", "store")
PROCESSORS = ("evf-reco-", "evf-calib-")
# The custodies killed (process names as the kernel keeps them: 15 bytes).
CUSTODIES = ("evf-accepted-j-", "evf-store-")


class Interrupted(Exception):
    """SIGINT or SIGTERM to the soak: it drains the topology and removes its hosts."""


class SoakError(Exception):
    """The soak could not run: the topology did not start."""


def _write_files(directory: str, name: str, hosts, replicas: int) -> str:
    """The steering files and the topology in ``directory``: the standard farm across hosts a,
    b and c with calib (``replicas`` on host a) after reco, its events ordered after each;
    the topology's path."""
    farm = Farm(name, hosts.tables(), replicas=replicas, max_restarts_per_minute=1000)
    calib = {"host": "a", "replicas": replicas, "max_restarts_per_minute": 1000}
    farm.insert("calib", after="reco", sends="calibrated", **calib)
    farm.channels["calibrated"] = {"ordered": True}
    counts = os.path.join(directory, "sink-counts.json")
    store = STORE.format(counts=counts)
    gen = GEN.format(count=SOURCE_EVENTS)
    return str(farm.write(directory, gen=gen, reco=RECO, calib=CALIB, store=store))


def _evflow(*args, cwd) -> subprocess.CompletedProcess:
    """Runs ``evflow ARGS`` in ``cwd``, its output captured."""
    command = [sys.executable, "-m", "evflow", *args]
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)


def _status(topo: str, cwd: str):
    """The device processes of ``evflow ctl TOPO status --json``, or None when it fails."""
    done = _evflow("ctl", topo, "status", "--json", cwd=cwd)
    if done.returncode != 0:
        return None
    try:
        return json.loads(done.stdout)["devices"]
    except (ValueError, KeyError):
        return None


def _memory_kib(pid: int) -> dict | None:
    """VmRSS and its parts (KiB) from /proc/PID/status; None for a process that is gone."""
    fields = {"VmRSS": "rss", "RssAnon": "anon", "RssFile": "file", "RssShmem": "shmem"}
    out = {}
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                key, _, value = line.partition(":")
                if key in fields:
                    out[fields[key]] = int(value.split()[0])
    except (FileNotFoundError, ProcessLookupError):
        return None
    return out if "rss" in out else None


def _shm(name: str) -> dict:
    """The topology's shm sessions: files in /dev/shm, KiB they hold (st_blocks: the pages
    the machine gives them) and their sizes, and from the sessions' own headers (what
    ``evflow shm ls`` shows) the KiB of blocks in use and the processes recorded dead."""
    from evflow import shm

    out = {"shm_files": 0, "shm_held_kib": 0, "shm_size_kib": 0, "shm_used_kib": 0}
    out["shm_dead"] = 0
    for entry in os.scandir("/dev/shm"):
        if f"topo-{name}-" not in entry.name:
            continue
        try:
            st = entry.stat(follow_symlinks=False)
        except FileNotFoundError:
            continue
        out["shm_files"] += 1
        out["shm_held_kib"] += st.st_blocks * 512 // 1024
        out["shm_size_kib"] += st.st_size // 1024
    for session in shm.sessions():
        if session["session"].startswith(f"topo-{name}-") and session["used"] is not None:
            out["shm_used_kib"] += session["used"] // 1024
            out["shm_dead"] += session["dead"] or 0
    return out


def _alive(hosts, names: tuple) -> list[tuple[int, str]]:
    """(pid, process name) of every device process alive whose name starts with one of
    ``names``."""
    out = []
    for host in ("a", "b", "c"):
        for pid in hosts.pids(host):
            try:
                with open(f"/proc/{pid}/comm") as f:
                    comm = f.read().strip()
            except FileNotFoundError:
                continue
            if comm.startswith(names):
                out.append((pid, comm))
    return out


def _read_counts(path: str) -> dict | None:
    """The sink's counts, or None before it first wrote them."""
    try:
        with open(path) as f:
            return json.load(f)
    except (FileNotFoundError, ValueError):
        return None


class Recorder:
    """The memory series: one row per sample (``series.csv``), and one row per process and
    sample (``processes.csv``: VmRSS and its parts). A group's ``rss`` is the sum over its
    processes of VmRSS without RssShmem: the pages of the shared segment are counted once,
    in ``shm_held_kib``, rather than in every process that happened to touch them (a
    replica restarted a second ago has touched few). ``vmrss_total_kib`` is the plain sum."""

    def __init__(self, out: str, name: str):
        self.name = name
        self.rows = []
        self.series = open(os.path.join(out, "series.csv"), "w", newline="")
        self.processes = open(os.path.join(out, "processes.csv"), "w", newline="")
        columns = ["t_s", "events", "kills", "restarts", "processes"]
        columns += [f"rss_{g}_kib" for g in GROUPS]
        columns += ["rss_total_kib", "anon_total_kib", "vmrss_total_kib"]
        columns += ["shm_files", "shm_held_kib", "shm_size_kib", "shm_used_kib", "shm_dead"]
        self.series_csv = csv.DictWriter(self.series, columns, extrasaction="ignore")
        self.series_csv.writeheader()
        self.processes_csv = csv.writer(self.processes)
        self.processes_csv.writerow(
            ["t_s", "group", "process", "pid", "rss_kib", "anon_kib", "file_kib", "shmem_kib"]
        )

    def sample(self, t: float, controller_pid: int, devices, events: int, kills: int) -> dict:
        """Records one sample; the row of ``series.csv``."""
        procs = [("controller", "controller", controller_pid)]
        procs += [(d["device"], d["name"], d["pid"]) for d in devices or [] if d["pid"]]
        rss = dict.fromkeys(GROUPS, 0)
        anon = vmrss = alive = 0
        for group, process, pid in procs:
            memory = _memory_kib(pid)
            if memory is None:
                continue
            alive += 1
            rss[group] = rss.get(group, 0) + memory["rss"] - memory.get("shmem", 0)
            anon += memory.get("anon", 0)
            vmrss += memory["rss"]
            self.processes_csv.writerow(
                [f"{t:.1f}", group, process, pid]
                + [memory.get(k, "") for k in ("rss", "anon", "file", "shmem")]
            )
        row = {"t_s": round(t, 1), "events": events, "kills": kills}
        row["restarts"] = sum(d["restarts"] for d in devices or [])
        row["processes"] = alive
        row.update({f"rss_{g}_kib": rss[g] for g in GROUPS})
        row["rss_total_kib"] = sum(rss.values())
        row["anon_total_kib"] = anon
        row["vmrss_total_kib"] = vmrss
        row.update(_shm(self.name))
        row["complete"] = devices is not None
        self.series_csv.writerow(row)
        self.series.flush()
        self.processes.flush()
        self.rows.append(row)
        return row

    def close(self) -> None:
        self.series.close()
        self.processes.close()


# Judged by the ratio of the windows' medians: RSS (without the shared segment) per group
# and in all, private memory in all, the pages /dev/shm holds for the sessions.
RATIO_JUDGED = [f"rss_{g}_kib" for g in GROUPS] + ["rss_total_kib", "anon_total_kib"]
RATIO_JUDGED += ["shm_held_kib"]


def windows(duration: float) -> dict:
    """The warm-up and the two windows judged, scaled down for a run shorter than 2 h."""
    warm_up = min(WARM_UP_S, duration / 10)
    length = min(WINDOW_S, duration / 4)
    return {
        "warm_up_s": warm_up,
        "first": (warm_up, warm_up + length),
        "last": (duration - length, duration),
    }


def judge(rows: list, duration: float) -> dict:
    """Per judged column: the first and last windows' medians, their ratio, the verdict. The
    blocks in use in shm (a few KiB to a few MiB, with the events in flight) are judged by
    their growth against 5% of the segments' size instead of a ratio of small numbers."""
    w = windows(duration)
    out = {"windows": w, "columns": {}}
    for column in [*RATIO_JUDGED, "shm_used_kib"]:
        first, last = (
            [r[column] for r in rows if r["complete"] and lo <= r["t_s"] <= hi]
            for lo, hi in (w["first"], w["last"])
        )
        if not first or not last:
            out["columns"][column] = {"first": None, "last": None, "ratio": None, "flat": None}
            continue
        a, b = statistics.median(first), statistics.median(last)
        ratio = b / a if a else (1.0 if b == 0 else float("inf"))
        judged = {"first": a, "last": b, "ratio": ratio, "samples": [len(first), len(last)]}
        if column == "shm_used_kib":
            size = max(r["shm_size_kib"] for r in rows)
            judged["growth_limit_kib"] = TOLERANCE * size
            judged["flat"] = b - a <= TOLERANCE * size
        else:
            judged["flat"] = abs(ratio - 1) <= TOLERANCE
        out["columns"][column] = judged
    verdicts = [c["flat"] for c in out["columns"].values()]
    out["flat"] = False if False in verdicts else (None if None in verdicts else True)
    return out


def plot(rows: list, memory: dict, title: str, path: str) -> None:
    """RSS per process group, private memory, and the shm held and in use, against minutes,
    the judged windows shaded."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    minutes = [r["t_s"] / 60 for r in rows]
    fig, (top, middle, bottom) = plt.subplots(3, 1, figsize=(9, 8.5), sharex=True)
    for group in GROUPS:
        top.plot(minutes, [r[f"rss_{group}_kib"] / 1024 for r in rows], label=group)
    top.set_ylabel("RSS without shm [MiB]\n(sum over the group)")
    top.legend(loc="lower left", ncols=3, fontsize="small")
    for column, label in (
        ("vmrss_total_kib", "VmRSS (shm pages in each process)"),
        ("rss_total_kib", "RSS without shm"),
        ("anon_total_kib", "private (RssAnon)"),
    ):
        middle.plot(minutes, [r[column] / 1024 for r in rows], label=label)
    middle.set_ylabel("every process [MiB]")
    middle.legend(loc="lower left", ncols=3, fontsize="small")
    bottom.plot(minutes, [r["shm_held_kib"] / 1024 for r in rows], label="/dev/shm held [MiB]")
    bottom.set_ylabel("/dev/shm held [MiB]")
    used = bottom.twinx()
    used.plot(minutes, [r["shm_used_kib"] for r in rows], color="tab:red", linewidth=0.8)
    used.set_ylabel("blocks in use [KiB]", color="tab:red")
    used.set_ylim(bottom=0)
    bottom.set_xlabel("minutes since every device was up")
    for axis in (top, middle, bottom):
        axis.set_ylim(bottom=0)
        axis.grid(alpha=0.3)
        for key in ("first", "last"):
            lo, hi = memory["windows"][key]
            axis.axvspan(lo / 60, hi / 60, color="0.88", zorder=0)
    top.set_title(title, fontsize="medium")
    fig.tight_layout()
    directory = os.path.dirname(os.path.abspath(path))
    os.makedirs(directory, exist_ok=True)
    fig.savefig(path, dpi=100)
    plt.close(fig)


def _interrupt(signum, _frame):
    """The soak's SIGINT and SIGTERM handler."""
    # Once: a second signal while the soak cleans up must not cut the cleanup short.
    for s in (signal.SIGINT, signal.SIGTERM):
        signal.signal(s, signal.SIG_IGN)
    raise Interrupted(signal.Signals(signum).name)


def _stop_up(up, topo: str, cwd: str, progress, limit: float) -> None:
    """Drains the topology (``evflow ctl stop``); on failure, SIGINT; after ``limit``
    seconds, kill."""
    done = _evflow("ctl", topo, "stop", cwd=cwd)
    if done.returncode != 0 and up.poll() is None:
        progress(f"evflow ctl stop failed: {done.stderr.strip()}; sending SIGINT")
        up.send_signal(signal.SIGINT)
    try:
        up.wait(timeout=limit)
    except subprocess.TimeoutExpired:
        progress(f"evflow up did not drain within {limit:.0f} s; killing it")
        up.kill()
        up.wait()


def soak(args, progress) -> tuple[dict, list]:
    """Runs the soak; its summary (also written to OUT/summary.json) and its samples."""
    from evflow_bench.namespaces import Hosts

    out = os.path.abspath(args.out)
    os.makedirs(out, exist_ok=True)
    for stale in ("sink-counts.json", "report.json", "summary.json"):
        if os.path.exists(os.path.join(out, stale)):
            os.remove(os.path.join(out, stale))
    name = f"soak-{os.getpid()}-{random.randrange(1000):03d}"
    rng = random.Random(args.seed)
    kill_log = []
    changes = None
    recorder = Recorder(out, name)
    previous = {s: signal.signal(s, _interrupt) for s in (signal.SIGINT, signal.SIGTERM)}
    t0 = interrupted = None
    duration = 0.0
    try:
        with Hosts(["a", "b", "c"]) as hosts:
            topo = _write_files(out, name, hosts, args.replicas)
            log = open(os.path.join(out, "up.log"), "w")
            up = subprocess.Popen(
                [sys.executable, "-m", "evflow", "up", topo, "--report", "report.json"],
                cwd=out,
                stdout=log,
                stderr=subprocess.STDOUT,
                env=dict(os.environ, PYTHONUNBUFFERED="1"),
            )
            try:
                _wait_started(up, topo, out, log.name)
                t0 = time.monotonic()
                progress(f"{name}: every device up; writing to {out}")
                # The changes' own stream: which changes come, in order, does not depend on
                # the kills' timing.
                changes_rng = random.Random(None if args.seed is None else f"{args.seed}-changes")
                changes = Changes(topo, out, hosts, args.replicas, args.change_every, changes_rng)
                _run(args, up, topo, out, hosts, recorder, rng, kill_log, changes, t0, progress)
                duration = time.monotonic() - t0
                if up.poll() is None:
                    progress(f"{duration / 60:.1f} min: draining")
                    _stop_up(up, topo, out, progress, DRAIN_S)
            except Interrupted as stop:
                interrupted = str(stop)
                duration = time.monotonic() - t0 if t0 is not None else 0.0
                progress(f"{interrupted}: draining the topology, then removing the hosts")
                if up.poll() is None:
                    _stop_up(up, topo, out, progress, INTERRUPTED_DRAIN_S)
            finally:
                if up.poll() is None:
                    up.kill()
                    up.wait()
                log.close()
    finally:
        recorder.close()
        for s, handler in previous.items():
            signal.signal(s, handler)
    change_log = changes.log if changes else []
    summary = _summarize(args, out, recorder.rows, kill_log, change_log, duration, up, interrupted)
    return summary, recorder.rows


def _wait_started(up, topo: str, cwd: str, log: str) -> None:
    """Returns once every device process has a pid; raises when the topology ends first."""
    deadline = time.monotonic() + STARTUP_S
    while up.poll() is None and time.monotonic() < deadline:
        devices = _status(topo, cwd)
        if devices and all(d["pid"] for d in devices):
            return
        try:
            up.wait(timeout=0.2)
        except subprocess.TimeoutExpired:
            pass
    if up.poll() is not None:
        raise SoakError(f"evflow up exited with code {up.returncode} before the run: see {log}")
    raise SoakError(f"the topology did not start within {STARTUP_S:.0f} s: see {log}")


def _run(args, up, topo, out, hosts, recorder, rng, kill_log, changes, t0, progress) -> None:
    """Kills replicas (each kill appended to ``kill_log``), changes the farm (``changes``)
    and samples memory at its baseline until the run has its events and minutes, or
    ``evflow up`` ended."""
    counts_file = os.path.join(out, "sink-counts.json")
    next_sample, next_check = t0, t0
    next_kill = t0 + rng.uniform(*args.kill_every)
    next_custody_kill = t0 + rng.uniform(*args.custody_kill_every)
    events = 0
    while up.poll() is None:
        now = time.monotonic()
        elapsed = now - t0
        if now >= next_check:
            counts = _read_counts(counts_file)
            events = counts["events"] if counts else events
            next_check = now + PROGRESS_EVERY_S
            if elapsed >= args.min_minutes * 60 and events >= args.events:
                break
        if now >= next_sample:
            devices = _status(topo, out)
            if changes.at_baseline(devices):
                row = recorder.sample(elapsed, up.pid, devices, events, len(kill_log))
                next_sample += args.sample_seconds
                progress(
                    f"{elapsed / 60:6.1f} min  {events:,} events  {len(kill_log)} kills  "
                    f"{len(changes.log)} changes  {row['restarts']} restarts  "
                    f"RSS {row['rss_total_kib'] / 1024:.0f} MiB  shm held "
                    f"{row['shm_held_kib'] / 1024:.0f} MiB, in use {row['shm_used_kib']} KiB"
                )
            else:
                next_sample = now + 1.0  # away from the baseline: again in a second
        if now >= next_kill:
            _kill_one(_alive(hosts, PROCESSORS), rng, kill_log, elapsed)
            next_kill = now + rng.uniform(*args.kill_every)
        if now >= next_custody_kill:
            _kill_one(_alive(hosts, CUSTODIES), rng, kill_log, elapsed)
            next_custody_kill = now + rng.uniform(*args.custody_kill_every)
        changes.turn(now, elapsed)
        due = (next_sample, next_kill, next_custody_kill, next_check, changes.next_at)
        wait = min(due) - time.monotonic()
        try:
            up.wait(timeout=max(wait, 0.01))
        except subprocess.TimeoutExpired:
            pass


def _kill_one(alive: list, rng, kill_log: list, elapsed: float) -> None:
    """SIGKILLs one of ``alive`` ((pid, name) pairs) at random, logged in ``kill_log``."""
    if not alive:
        return
    pid, process = rng.choice(alive)
    try:
        os.kill(pid, signal.SIGKILL)
        kill_log.append((round(elapsed, 2), process, pid))
    except ProcessLookupError:
        pass


def _summarize(args, out, rows, kill_log, change_log, duration, up, interrupted) -> dict:
    """The run's summary from the sink's counts and the controller's report; writes
    ``summary.json``, ``kills.csv`` and ``changes.csv``."""
    counts = _read_counts(os.path.join(out, "sink-counts.json")) or {}
    try:
        with open(os.path.join(out, "report.json")) as f:
            job = json.load(f)["job"]
    except (FileNotFoundError, ValueError, KeyError):
        job = {}
    read = job.get("read")
    sink_events = counts.get("events", 0)
    # Events the source read that never reached the sink count as lost too.
    tail = max((read or 0) - counts.get("last", 0), 0)
    summary = {
        "events": sink_events,
        "minutes": duration / 60,
        "kills": len(kill_log),
        "custody_kills": sum(1 for _, process, _ in kill_log if process.startswith(CUSTODIES)),
        "changes": sum(1 for _, _, taken in change_log if taken),
        "changes_refused": sum(1 for _, _, taken in change_log if not taken),
        "hosts_lost": sum(1 for _, command, _ in change_log if command.split()[0] in HOST_LOSSES),
        "restarts": job.get("restarts"),
        "lost": counts.get("lost", 0) + tail,
        "duplicated": counts.get("duplicated", 0),
        "failed": counts.get("failed", 0),
        "retried": counts.get("retried", 0),
        "again_after_restart": counts.get("again", 0),
        "sink_resumed": counts.get("resumed", 0),
        "sink_final": counts.get("final", False),
        "report": {
            k: job.get(k) for k in ("read", "written", "failed", "duplicates", "wall_s", "restarts")
        },
        "up_exit": up.returncode if up else None,
        "interrupted": interrupted,
        "settings": {
            "events": args.events,
            "min_minutes": args.min_minutes,
            "sample_seconds": args.sample_seconds,
            "kill_every": list(args.kill_every),
            "custody_kill_every": list(args.custody_kill_every),
            "change_every": list(args.change_every),
            "replicas_per_host": args.replicas,
            "seed": args.seed,
        },
        "samples": len(rows),
        "shm": {
            "sessions": max((r["shm_files"] for r in rows), default=0),
            "most_dead": max((r["shm_dead"] for r in rows), default=0),
            "most_used_kib": max((r["shm_used_kib"] for r in rows), default=0),
        },
        "memory": judge(rows, duration),
    }
    written = job.get("written") if not summary["sink_resumed"] else read
    summary["exactly_once"] = (
        summary["lost"] == 0
        and summary["duplicated"] == 0
        and read is not None
        and read == written == sink_events
        and summary["sink_final"]
    )
    with open(os.path.join(out, "kills.csv"), "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["t_s", "process", "pid"])
        writer.writerows(kill_log)
    with open(os.path.join(out, "changes.csv"), "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["t_s", "command", "taken"])
        writer.writerows(change_log)
    with open(os.path.join(out, "summary.json"), "w") as f:
        json.dump(summary, f, indent=1)
        f.write("\n")
    return summary


def _mib(kib) -> str:
    """KiB as MiB with one decimal, or '-'."""
    return "-" if kib is None else f"{kib / 1024:.1f}"


LABELS = {
    "rss_total_kib": "RSS without shm, every process",
    "anon_total_kib": "private (RssAnon), every process",
    "shm_held_kib": "/dev/shm held",
    "shm_used_kib": "shm blocks in use (growth <= 5% of the segment)",
}


def report(summary: dict) -> None:
    """Prints the summary's tables."""
    s, job = summary, summary["report"]
    rate = s["events"] / (s["minutes"] * 60) if s["minutes"] else 0
    rows = [
        ["events at the sink", f"{s['events']:,}"],
        ["read by the source (report)", f"{job['read']:,}" if job["read"] is not None else "-"],
        ["minutes (every device up to the drain)", f"{s['minutes']:.1f}"],
        ["events/s", f"{rate:,.0f}"],
        ["replicas SIGKILLed", str(s["kills"] - s["custody_kills"])],
        ["junction or sink SIGKILLed", str(s["custody_kills"])],
        ["sink restarts / events seen again", f"{s['sink_resumed']} / {s['again_after_restart']}"],
        ["farm changes (scale, drain-host, add-host, host B lost)", str(s["changes"])],
        ["of those, host B lost (link cut, every process SIGKILLed)", str(s["hosts_lost"])],
        ["restarts (report)", str(s["restarts"])],
        ["lost", str(s["lost"])],
        ["duplicated", str(s["duplicated"])],
        ["flagged failed / retried", f"{s['failed']} / {s['retried']}"],
        ["samples", str(s["samples"])],
        ["shm sessions", str(s["shm"]["sessions"])],
        ["shm: most processes recorded dead at once", str(s["shm"]["most_dead"])],
        ["shm: most KiB of blocks in use", str(s["shm"]["most_used_kib"])],
    ]
    print_table("Soak: events, kills, exactly once", ["", "value"], rows)
    m = s["memory"]
    w = m["windows"]
    title = (
        f"Memory: median of the first window ({w['first'][0] / 60:.1f}-{w['first'][1] / 60:.1f}"
        f" min, after {w['warm_up_s'] / 60:.1f} min of warm-up) against the last "
        f"({w['last'][0] / 60:.1f}-{w['last'][1] / 60:.1f} min)"
    )
    header = ["", "first [MiB]", "last [MiB]", "last / first", "samples", "within 5%"]
    rows = []
    for column, c in m["columns"].items():
        group = column.removeprefix("rss_").removesuffix("_kib")
        label = LABELS.get(column) or f"RSS without shm, {group}"
        verdict = {True: "yes", False: "**no**", None: "too few samples"}[c["flat"]]
        ratio = "-" if c["ratio"] is None else f"{c['ratio']:.3f}"
        samples = "/".join(map(str, c.get("samples", ["-", "-"])))
        rows.append([label, _mib(c["first"]), _mib(c["last"]), ratio, samples, verdict])
    print_table(title, header, rows)
    verdict = {True: "flat", False: "NOT flat", None: "not judged (too few samples)"}
    print(
        f"exactly once: {'yes' if s['exactly_once'] else 'NO'}; memory: {verdict[m['flat']]}"
        + (f"; interrupted by {s['interrupted']}" if s["interrupted"] else "")
    )


def _range(text: str) -> tuple[float, float]:
    """An argparse type: 'LOW,HIGH' seconds."""
    try:
        lo, hi = (float(x) for x in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not LOW,HIGH in seconds") from None
    if not 0 < lo <= hi:
        raise argparse.ArgumentTypeError(f"{text!r}: need 0 < LOW <= HIGH")
    return lo, hi


def arguments(p) -> None:
    """The soak's options, on parser ``p``."""
    p.add_argument(
        "--events", type=positive(int), default=DEFAULT_EVENTS,
        help=f"run until the sink has at least this many events (default {DEFAULT_EVENTS:_})",
    )  # fmt: skip
    p.add_argument(
        "--min-minutes", type=positive(float), default=DEFAULT_MINUTES,
        help=f"and at least this long (default {DEFAULT_MINUTES:g})",
    )  # fmt: skip
    p.add_argument(
        "--sample-seconds", type=positive(float), default=DEFAULT_SAMPLE_S,
        help=f"memory sampled this often (default {DEFAULT_SAMPLE_S:g})",
    )  # fmt: skip
    p.add_argument(
        "--kill-every", type=_range, default=DEFAULT_KILL_EVERY, metavar="LOW,HIGH",
        help="a random replica SIGKILLed after a uniform LOW to HIGH seconds (default "
        f"{DEFAULT_KILL_EVERY[0]:g},{DEFAULT_KILL_EVERY[1]:g})",
    )  # fmt: skip
    p.add_argument(
        "--custody-kill-every", type=_range, default=DEFAULT_CUSTODY_KILL_EVERY,
        metavar="LOW,HIGH",
        help="the junction or the sink SIGKILLed after a uniform LOW to HIGH seconds (default "
        f"{DEFAULT_CUSTODY_KILL_EVERY[0]:g},{DEFAULT_CUSTODY_KILL_EVERY[1]:g})",
    )  # fmt: skip
    p.add_argument(
        "--replicas", type=positive(int), default=DEFAULT_REPLICAS,
        help=f"replicas of reco on each of hosts B and C, and of calib on A "
        f"(default {DEFAULT_REPLICAS})",
    )  # fmt: skip
    p.add_argument(
        "--change-every", type=_range, default=DEFAULT_CHANGE_EVERY, metavar="LOW,HIGH",
        help="the farm changed (scale, drain-host, host B lost) after a uniform LOW to HIGH "
        "seconds, and "
        "back after as long again (default "
        f"{DEFAULT_CHANGE_EVERY[0]:g},{DEFAULT_CHANGE_EVERY[1]:g})",
    )  # fmt: skip
    p.add_argument("--seed", type=int, help="seed of the kills' times and victims")
    p.add_argument(
        "--out", default=DEFAULT_OUT,
        help=f"directory of the series, summary and run files (default {DEFAULT_OUT})",
    )  # fmt: skip
    p.add_argument("--plot", help="the memory plot's file (default OUT/soak-memory.png)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON too")


def add_parser(kind) -> None:
    """``evflow bench soak``."""
    p = kind.add_parser(
        "soak",
        help="a topology across namespace hosts for hours with replicas killed at random, "
        "its memory sampled",
    )
    arguments(p)


def run(args) -> int:
    """Runs the soak, prints its tables, writes its files; the exit status."""
    if os.geteuid() != 0 or shutil.which("ip") is None:
        print("evflow bench soak: network namespaces need root and iproute2's ip", file=sys.stderr)
        return 2

    def progress(text):
        print(text, file=sys.stderr, flush=True)

    try:
        summary, rows = soak(args, progress)
    except SoakError as e:
        print(f"evflow bench soak: {e}", file=sys.stderr)
        return 1
    except Interrupted as e:
        print(f"evflow bench soak: {e} before the run started; hosts removed", file=sys.stderr)
        return 130
    report(summary)
    m = summary["memory"]
    w = m["windows"]
    title = (
        f"{summary['events']:,} events, {summary['minutes']:.1f} min, {summary['kills']} replicas "
        f"killed, lost {summary['lost']}, duplicated {summary['duplicated']}\n"
        f"windows judged (shaded): {w['first'][0] / 60:.1f}-{w['first'][1] / 60:.1f} and "
        f"{w['last'][0] / 60:.1f}-{w['last'][1] / 60:.1f} min"
    )
    plot_file = args.plot or os.path.join(args.out, "soak-memory.png")
    if summary["samples"]:
        plot(rows, m, title, plot_file)
        print(f"plot: {plot_file}")
    if args.json:
        print(json.dumps(summary, indent=1))
    if not summary["exactly_once"] or summary["up_exit"] != 0 or summary["interrupted"]:
        return 1
    return 0 if m["flat"] else 3


def main(argv=None) -> int:
    """``python -m evflow_bench.soak``: the same as ``evflow bench soak``."""
    parser = argparse.ArgumentParser(prog="python -m evflow_bench.soak", description=__doc__)
    arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
