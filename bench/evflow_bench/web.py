"""``evflow bench web``: what the shift crew's page costs its controller (docs/web.md, "Cost").

The standard farm with 18 reco replicas (20 device processes) runs held under ``evflow up
--hold --web``, a run going at the paced source's rate, its reco filling a 1D and a 2D histogram. In
the same run, windows with no page open alternate with windows in which ten pages read the
event stream (``/api/events``, each its own connection, as a browser's ``EventSource``
does); the controller's CPU (user + system, from its ``/proc/PID/stat``) is measured in each
window. The readers run in this process and are not counted. The table gives the median of
the windows of each kind, and what the ten pages add.
"""

import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from evflow_bench.common import positive, print_table
from evflow_bench.standard_farm import PACED_GEN, Farm

DEFAULT_REPLICAS = 18
DEFAULT_PAGES = 10
DEFAULT_WINDOW_S = 15.0
DEFAULT_REPEATS = 3
START_WAIT_S = 300


RECO = """
import boost_histogram as bh
import numpy as np
import evflow as ef

class Sum(ef.Module):
    parallel_safe = True
    mergeable = ("adc", "map")
    def initialize(self):
        self.adc = bh.Histogram(bh.axis.Regular(100, -0.5, 999.5))
        self.map = bh.Histogram(bh.axis.Regular(50, -0.5, 999.5), bh.axis.Regular(50, -0.5, 7.5))
    def event(self, event):
        adc = event["adc"]
        self.adc.fill(adc)
        self.map.fill(adc, np.arange(len(adc)))
        event["sum"] = np.array([adc.sum()], dtype=np.int64)
        return True

path = ef.Path()
path.add(Sum())
"""

STORE = """
import evflow as ef
path = ef.Path()
path.add(ef.modules.FileOutput("out/run.evf"))
"""


def add_parser(kind) -> None:
    p = kind.add_parser("web", help="the controller's CPU with pages of the web page open")
    p.add_argument("--replicas", type=positive(int), default=DEFAULT_REPLICAS)
    p.add_argument("--pages", type=positive(int), default=DEFAULT_PAGES)
    p.add_argument("--window", type=positive(float), default=DEFAULT_WINDOW_S)
    p.add_argument("--repeats", type=positive(int), default=DEFAULT_REPEATS)


def cpu_s(pid: int) -> float:
    """User + system CPU seconds of process ``pid``, all its threads."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Reader(threading.Thread):
    """One page's event stream, read and dropped until ``stop`` is set."""

    def __init__(self, base: str, n: int, stop: threading.Event):
        super().__init__(daemon=True)
        self.url, self.stop, self.bytes = f"{base}/api/events?session=bench-page-{n:04d}", stop, 0

    def run(self):
        with urllib.request.urlopen(self.url, timeout=30) as stream:
            while not self.stop.is_set():
                chunk = stream.read1(1 << 16)
                if not chunk:
                    return
                self.bytes += len(chunk)


def ctl(topo, *args) -> str:
    result = subprocess.run(
        [sys.executable, "-m", "evflow", "ctl", str(topo), *args],
        cwd=topo.parent,
        capture_output=True,
        text=True,
        timeout=120,
    )
    if result.returncode != 0:
        raise RuntimeError(f"evflow ctl {' '.join(args)}: {result.stderr}")
    return result.stdout


def run(args) -> int:
    with tempfile.TemporaryDirectory(prefix="evflow-bench-web-") as directory:
        directory = Path(directory)
        (directory / "out").mkdir()
        farm = Farm(f"bench-web-{os.getpid()}", replicas=args.replicas)
        topo = farm.write(directory, gen=PACED_GEN, reco=RECO, store=STORE)
        command = [sys.executable, "-m", "evflow", "up", str(topo), "--hold", "--web", "0"]
        up = subprocess.Popen(command, cwd=directory, stderr=subprocess.PIPE, text=True)
        try:
            return measure(args, topo, up)
        finally:
            try:
                stop(topo)
                up.wait(timeout=120)
            except (RuntimeError, subprocess.TimeoutExpired):
                up.kill()
                up.wait()


def measure(args, topo, up) -> int:
    base = None
    for line in up.stderr:
        found = re.match(r"web: (http://[^/]+)/\?token=", line)
        if found:
            base = found.group(1)
            break
    if base is None:
        raise RuntimeError("evflow up printed no web: line")
    threading.Thread(target=lambda: [None for _ in up.stderr], daemon=True).start()
    processes = args.replicas + 2
    deadline = time.monotonic() + START_WAIT_S
    while ctl(topo, "status").count(" configured ") < processes:
        if time.monotonic() > deadline:
            raise RuntimeError(f"the {processes} processes were not configured in time")
        time.sleep(1)
    ctl(topo, "start", "--run", "1")
    time.sleep(args.window)  # the run at its pace before anything is measured
    windows = {"no page": [], f"{args.pages} pages": []}
    rates, sent = [], []
    for _ in range(args.repeats):
        for kind in windows:
            stop = threading.Event()
            readers = []
            if kind != "no page":
                readers = [Reader(base, n, stop) for n in range(args.pages)]
                for r in readers:
                    r.start()
                time.sleep(1)  # connected, and sent their first view
            before, read_before, t0 = cpu_s(up.pid), written(topo), time.monotonic()
            time.sleep(args.window)
            spent, span = cpu_s(up.pid) - before, time.monotonic() - t0
            rates.append((written(topo) - read_before) / span)
            stop.set()
            windows[kind].append(100 * spent / span)
            if readers:
                sent.append(sum(r.bytes for r in readers) / span / args.pages)
            time.sleep(1)
    none, ten = (statistics.median(v) for v in windows.values())
    rows = [
        [kind, f"{statistics.median(v):.1f} %", " ".join(f"{x:.1f}" for x in v)]
        for kind, v in windows.items()
    ]
    rows.append([f"added by {args.pages} pages", f"{ten - none:+.1f} %", ""])
    print_table(
        f"controller CPU (% of a core), {processes} device processes held in a run at "
        f"{statistics.median(rates):,.0f} events/s, windows of {args.window:.0f} s, "
        f"median of {args.repeats}; each page read {statistics.median(sent) / 1024:.1f} KiB/s",
        ["pages open", "CPU", "windows"],
        rows,
    )
    return 0


def stop(topo) -> None:
    """Stops the run, then, once it has stopped, the held topology itself."""
    ctl(topo, "stop")
    deadline = time.monotonic() + START_WAIT_S
    while json.loads(ctl(topo, "status", "--json"))["run"]["state"] in ("running", "draining"):
        if time.monotonic() > deadline:
            raise RuntimeError("the run did not stop in time")
        time.sleep(0.2)
    ctl(topo, "stop")


def written(topo) -> int:
    """Events the sink wrote so far (``evflow ctl status``)."""
    devices = json.loads(ctl(topo, "status", "--json"))["devices"]
    return sum(d["events_in"] for d in devices if d["device"] == "store")
