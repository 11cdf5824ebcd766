"""``evflow bench scaling``: what changing the farm during a run costs (docs/benchmarks.md,
docs/topology-design.md "Changing the farm during a run"), on three network namespace hosts
(as root): the standard farm with ``reco`` on b and c, one replica each, every event taking a
replica ``--sleep`` seconds, so the replicas and not the CPUs set the pace.

- **scale → first event**: from ``evflow ctl scale reco 2 --host b`` until the new replica
  has finished its first event (the report's ``scale`` and ``joined`` times, both the
  controller's clock), ``--repeats`` times, the replica retired in between; against the start
  of a Python process on host b that imports evflow and numpy, measured between them: what
  every new replica pays before it can take an event.
- **retire**: from ``scale reco 1 --host b`` until the retired replica has exited.
- **a builder**: the same two for ``scale eb 2 --host b`` of an event-building farm (two
  readouts on a; the builder ``eb`` on b and c, each built event ``--sleep`` seconds of its
  builder): until the new builder has built its first batch, and until a retired one exited.
- **drain-host**: the events/s the sink writes (scraped from the metrics every 0.1 s) with
  four replicas (b 1, c 3), in the 0.5 s windows from ``drain-host b`` until its replica has
  exited, and with the three left; a drain costs nothing when the lowest window is no lower
  than the rate after it.
"""

import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

from evflow_bench.common import positive, print_table
from evflow_bench.standard_farm import Farm

RECO = """
import os, time
import numpy as np
import evflow as ef

class Sum(ef.Module):
    parallel_safe = True
    def event(self, event):
        time.sleep(float(os.environ["SLEEP"]))
        event["sum"] = np.array([event["adc"].sum()], dtype=np.int64)
        return event.number % 7 != 0

path = ef.Path()
path.add(Sum())
"""

READOUT = """
import evflow as ef

path = ef.Path()
ADC = {"dtype": "<u2", "size": 16, "values": ("uniform", 0, 100)}
path.add(ef.modules.EventGenerator(runs=[(1, 100_000_000)], entries={"adc": ADC}))
"""
"""A readout of the event-building farm: fragments of 16 ADC values."""

BUILD = """
import os, time
import evflow as ef

class Pace(ef.Module):
    parallel_safe = True
    def event(self, event):
        time.sleep(float(os.environ["SLEEP"]))
        return True

path = ef.Path()
path.add(Pace())
"""
"""The builder's own modules: SLEEP seconds each built event, so the builders set the pace."""

WINDOW = 0.5
"""Seconds of each rate window through a drain."""


def _evflow(*args, cwd) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "evflow", *args]
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)


def _ctl(topo, cwd, *args) -> None:
    done = _evflow("ctl", topo, *args, cwd=cwd)
    if done.returncode != 0:
        raise RuntimeError(f"evflow ctl {' '.join(args)} failed: {done.stderr.strip()}")


def _rows(topo, cwd) -> dict:
    done = _evflow("ctl", topo, "status", "--json", cwd=cwd)
    if done.returncode != 0:
        return {}
    return {d["name"]: d for d in json.loads(done.stdout)["devices"]}


def _wait(topo, cwd, what, done, timeout=120) -> None:
    deadline = time.monotonic() + timeout
    while not done(_rows(topo, cwd)):
        if time.monotonic() > deadline:
            raise RuntimeError(f"no {what} within {timeout} s")
        time.sleep(0.1)


def _taken(url) -> float:
    """Events the sink has taken (written or rejected), from the metrics."""
    from prometheus_client.parser import text_string_to_metric_families

    with urllib.request.urlopen(url, timeout=5) as response:
        text = response.read().decode()
    return sum(
        s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
        if s.name == "evflow_events_total" and s.labels.get("outcome") in ("written", "rejected")
    )


def _import_s(netns) -> float:
    """Seconds a Python process in ``netns`` takes to import evflow and numpy and exit."""
    command = ["ip", "netns", "exec", netns, sys.executable, "-c", "import evflow, numpy"]
    started = time.monotonic()
    subprocess.run(command, check=True, capture_output=True)
    return time.monotonic() - started


class _Sampler(threading.Thread):
    """Scrapes the events the sink has taken every 0.1 s until stopped: (time, events)."""

    def __init__(self, url):
        super().__init__(daemon=True)
        self.url, self.samples, self.done = url, [], threading.Event()

    def run(self):
        while not self.done.wait(0.1):
            try:
                self.samples.append((time.monotonic(), _taken(self.url)))
            except OSError:
                pass  # the farm is stopping: the measurement has failed already

    def stop(self):
        self.done.set()
        self.join()


def _windows(samples, start, end) -> list[float]:
    """Events/s in consecutive windows of WINDOW seconds that overlap [start, end]."""
    rates, first = [], samples[0]
    for t, n in samples[1:]:
        if t - first[0] >= WINDOW:
            if t >= start and first[0] <= end:
                rates.append((n - first[1]) / (t - first[0]))
            first = (t, n)
    return rates


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def measure(repeats: int, sleep: float, progress) -> dict:
    """Runs the farm, changes it, stops it; the times and rates of the module docstring."""
    from evflow_bench.namespaces import Hosts

    port = _free_port()
    url = f"http://127.0.0.1:{port}/metrics"
    with (
        Hosts(["a", "b", "c"]) as hosts,
        tempfile.TemporaryDirectory(prefix="evflow-scaling-") as d,
    ):
        farm = Farm(
            f"scaling-{os.getpid()}", hosts.tables(), replicas=1, metrics=f"127.0.0.1:{port}"
        )
        topo = str(farm.write(d))
        with open(os.path.join(d, "reco.py"), "w") as f:
            f.write(RECO)
        env = dict(EVENTS="100000000", SLEEP=str(sleep))
        with _farm_up(topo, d, env, "reco"):
            imports = _up_and_down(topo, d, "reco", repeats, hosts.netns["b"], progress)
            progress("drain-host")
            _ctl(topo, d, "scale", "reco", "3", "--host", "c")
            _wait(
                topo,
                d,
                "c's replicas",
                lambda rows: all(
                    rows.get(f"evf-reco-c-{r}", {}).get("events_in", 0) for r in (2, 3)
                ),
            )
            sampler = _Sampler(url)
            sampler.start()
            time.sleep(3.0)
            drained = time.monotonic()
            _ctl(topo, d, "drain-host", "b")
            # A drained host's processes stay listed, without a process: standby once exited.
            standby = lambda rows: rows.get("evf-reco-b-1", {}).get("host_state") == "standby"  # noqa: E731
            _wait(topo, d, "drained host", standby)
            gone = time.monotonic()
            time.sleep(3.0)
            sampler.stop()
            before = [x for x in sampler.samples if x[0] <= drained]
            after = [x for x in sampler.samples if x[0] >= gone]
            during = _windows(sampler.samples, drained, gone)
        with open(os.path.join(d, "report.json")) as f:
            changes = json.load(f)["job"]["changes"]
    return _results(changes, imports, before, during, after)


@contextlib.contextmanager
def _farm_up(topo, d, env, device):
    """``evflow up TOPO`` in ``d`` with ``env`` added, until every replica of ``device`` has
    taken events; stopped with ``evflow ctl stop`` after the block, killed if it failed."""
    env = dict(os.environ, PYTHONUNBUFFERED="1", **env)
    command = [sys.executable, "-m", "evflow", "up", topo, "--report", "report.json"]
    up = subprocess.Popen(
        command, cwd=d, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    try:
        _wait(
            topo,
            d,
            "running farm",
            lambda rows: (
                rows and all(r["events_in"] for r in rows.values() if r["device"] == device)
            ),
        )
        yield
        _ctl(topo, d, "stop")
        up.wait(timeout=120)
    finally:
        if up.poll() is None:
            up.kill()
            up.wait()


def _up_and_down(topo, d, device, repeats, netns, progress) -> list[float]:
    """``repeats`` times ``scale DEVICE 2 --host b``, until the new replica has finished
    an event, and back to 1, until it exited; between them, the seconds a Python process in
    ``netns`` takes to import evflow and numpy."""
    imports = []
    added = f"evf-{device}-b-2"
    for r in range(repeats):
        progress(f"scale {device} up and down: {r + 1} of {repeats}")
        _ctl(topo, d, "scale", device, "2", "--host", "b")
        _wait(topo, d, "new replica", lambda rows: rows.get(added, {}).get("events_in", 0) > 0)
        _ctl(topo, d, "scale", device, "1", "--host", "b")
        _wait(topo, d, "retired replica", lambda rows: added not in rows)
        imports.append(_import_s(netns))
    return imports


def measure_builders(repeats: int, sleep: float, progress) -> dict:
    """An event-building farm, its builder scaled up and down on b: the seconds until each
    new builder built its first batch and each retired one exited (the report's times)."""
    from evflow_bench.namespaces import Hosts

    with (
        Hosts(["a", "b", "c"]) as hosts,
        tempfile.TemporaryDirectory(prefix="evflow-scaling-") as d,
    ):
        farm = Farm(f"scaling-eb-{os.getpid()}", hosts.tables(), replicas=1)
        farm.build({"ecal": "a", "hcal": "a"}, readout="readout.py", steering="build.py")
        topo = str(farm.write(d, readout=READOUT, build=BUILD))
        with _farm_up(topo, d, dict(SLEEP=str(sleep)), "eb"):
            imports = _up_and_down(topo, d, "eb", repeats, hosts.netns["b"], progress)
        with open(os.path.join(d, "report.json")) as f:
            changes = json.load(f)["job"]["changes"]
    return _scale_results(changes, imports)


def _scale_results(changes, imports) -> dict:
    """The medians of the scale-ups and -downs on host b, from the report's changes, and of
    the ``imports`` measured between them."""
    first_event, retire = _times(changes)
    return {
        "first_event_s": statistics.median(first_event),
        "first_event_range_s": (min(first_event), max(first_event)),
        "import_s": statistics.median(imports),
        "retire_s": statistics.median(retire),
        "repeats": len(first_event),
    }


def _times(changes) -> tuple[list[float], list[float]]:
    """From the report's changes on host b: the seconds from each scale-up to the new
    replica's first event, and from each scale-down to the retired replica's exit."""
    scaled = [c for c in changes if c["what"] == "scale" and c["host"] == "b"]
    joined = [c["at"] for c in changes if c["what"] == "joined" and c["host"] == "b"]
    retired = [c["at"] for c in changes if c["what"] == "retired" and c["host"] == "b"]
    ups = [c["at"] for c in scaled if c["after"] > c["before"]]
    downs = [c["at"] for c in scaled if c["after"] < c["before"]]
    first_event = [j - s for s, j in zip(ups, joined, strict=False)]
    retire = [r - s for s, r in zip(downs, retired, strict=False)]
    return first_event, retire


def _rate(samples) -> float:
    """Events/s over the samples."""
    return (samples[-1][1] - samples[0][1]) / (samples[-1][0] - samples[0][0])


def _results(changes, imports, before, during, after) -> dict:
    """The medians and rates from the report's changes and the scraped samples."""
    retired = [c["at"] for c in changes if c["what"] == "retired" and c["host"] == "b"]
    return {
        **_scale_results(changes, imports),
        "drain_rate_before": _rate(before),
        "drain_lowest_window": min(during),
        "drain_rate_after": _rate(after),
        "drain_s": retired[-1] - next(c["at"] for c in changes if c["what"] == "drain-host"),
    }


def add_parser(kind) -> None:
    """``evflow bench scaling``."""
    p = kind.add_parser("scaling", help="what scaling a processor and draining a host cost")
    p.add_argument("--repeats", type=positive(int), default=5, help="scale-ups (default 5)")
    p.add_argument(
        "--sleep", type=float, default=0.005, help="seconds each event takes a replica (0.005)"
    )
    p.add_argument("--json", action="store_true", help="print the results as JSON too")


def run(args) -> int:
    """Measures and prints the tables."""
    if os.geteuid() != 0:
        print("(scaling: skipped: not root, which network namespaces need)")
        return 0

    def progress(text):
        print(f"\r{text}".ljust(60), end="", file=sys.stderr, flush=True)

    r = measure(args.repeats, args.sleep, progress)
    r["builder"] = measure_builders(args.repeats, args.sleep, progress)
    print(file=sys.stderr)
    rows = []
    for device, times in (("reco (processor)", r), ("eb (builder)", r["builder"])):
        low, high = times["first_event_range_s"]
        rows.append(
            [
                device,
                f"{times['first_event_s']:.2f}",
                f"{low:.2f}-{high:.2f}",
                f"{times['import_s']:.2f}",
                f"{times['first_event_s'] / times['import_s']:.2f}",
                f"{times['retire_s']:.2f}",
            ]
        )
    print_table(
        f"scale up: from evflow ctl scale until the new replica finished its first event (a "
        f"builder: batch; median of {r['repeats']}), against a Python process importing evflow "
        "and numpy",
        [
            "device",
            "scale -> first event [s]",
            "range [s]",
            "import evflow [s]",
            "ratio",
            "retire [s]",
        ],
        rows,
    )
    print_table(
        f"drain-host b (1 replica) beside c (3 replicas), each event {args.sleep * 1000:.0f} ms "
        "of a replica: events/s the sink took",
        ["before [ev/s]", f"lowest {WINDOW} s window during [ev/s]", "after [ev/s]", "drain [s]"],
        [
            [
                f"{r['drain_rate_before']:,.0f}",
                f"{r['drain_lowest_window']:,.0f}",
                f"{r['drain_rate_after']:,.0f}",
                f"{r['drain_s']:.2f}",
            ]
        ],
    )
    if args.json:
        print(json.dumps(r))
    return 0
