"""``evflow bench builder``: the event builder (docs/eventbuilding.md) with N readout units
and M builder units, N and M in 1, 2, 4, for each fragment size, built bytes/s against this
machine's ceiling for the same bytes, measured in the same run (docs/benchmarks.md):

- over shm on one host, against memcpy: N processes at once (at most one per CPU), each
  copying fragments of the size into 256 MiB of destinations in turn (the bytes stream
  through memory, as fresh fragments do; a readout unit writes each fragment once, and
  evflow moves it by handle);
- over tcp from the readout units on namespace host A to the builder units and the sink on
  host B, against raw libzmq: N pyzmq PUSH senders on A, each sending the same number of
  fragments round robin to M PULL receivers on B.

Built bytes/s are the sink's steady events/s (without start and end) times N fragments of
the size. Every repetition runs every case and its baseline in turn, so both see the same
machine; the tables show medians. The plot (``--plot``) shows built GB/s against fragment
size and against N x M, with the ceilings.

A slow builder: one fast builder alone against a fast one and one 20 times slower, both
running a module of work on each built event; the target is 90% of the fast one's rate.
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time

from evflow.errors import EvflowError

from evflow_bench import native
from evflow_bench.common import positive, print_table, size_name
from evflow_bench.standard_farm import Farm
from evflow_bench.topology import STORE, _in

DEFAULT_UNITS = (1, 2, 4)
DEFAULT_SIZES = (64 << 10, 1 << 20)
DEFAULT_REPEATS = 3
DEFAULT_PLOT = "docs/eventbuilding-throughput.png"
BATCH_BYTES = 4 << 20
"""A readout unit's bytes per batch: ``batch`` = this / fragment size (at least 1), so a
batch of every unit fits the default segment (docs/eventbuilding.md, "Memory")."""
RUN_BYTES = {"shm": 24 << 30, "tcp": 8 << 30}
"""Bytes of fragments per run, all readout units together (a few seconds of each)."""
MEMCPY_SET = 256 << 20
"""Bytes of destinations each memcpy process copies into in turn: more than the caches."""
MEMCPY_SECONDS = 0.5
TARGET_SHARE = 0.9
"""Target: built bytes/s >= this share of the ceiling, for fragments of 64 KiB and more."""
RAW_PORT = 5700
SLOW = {"readouts": 2, "size": 64 << 10, "events": 40_000, "work_ms": 0.1, "slow_times": 20}
"""The slow-builder case: two readouts, builders that work 0.1 ms per event, one of them
20 times as long: against one fast builder alone."""
SLOW_SHARE = 0.9
"""Target: a fast and a slow builder build at least this share of one fast builder's rate."""

READOUT = """
import numpy as np
import evflow as ef

class Fragments(ef.Source):
    # A readout unit's fragments: each one written once, from the same bytes.
    def __init__(self, events, size):
        self.count, self.expected_events = events, events
        self.template = np.full(size, 7, dtype=np.uint8)

    def events(self):
        template = self.template
        for number in range(self.count):
            yield ef.Event(run=1, number=number, adc=template)

path = ef.Path()
path.add(Fragments({events}, {size}))
"""

WORK = """
import time
import evflow as ef

class Work(ef.Module):
    # A builder's work on each built event: {work_ms} ms, on replica 2 {slow_times} times as
    # much (in sleeps of eight events at once: finer ones are not exact).
    parallel_safe = True
    def initialize(self):
        times = {slow_times} if ef.device().replica == 2 else 1
        self.per_event, self.seen = {work_ms} / 1000 * times, 0
    def event(self, event):
        self.seen += 1
        if self.seen % 8 == 0:
            time.sleep(8 * self.per_event)

path = ef.Path()
path.add(Work())
"""

RAW_RECEIVER = """
import json, sys, time, zmq
socket = zmq.Context().socket(zmq.PULL)
socket.bind(sys.argv[1])
print("ready", flush=True)
expected = int(sys.argv[2])
first = socket.recv(copy=False)
t0, cpu0, size = time.time(), time.process_time(), len(first)
for _ in range(expected - 1):
    socket.recv(copy=False)
last, cpu = time.time(), time.process_time() - cpu0
print(json.dumps({"first": t0, "last": last, "bytes": (expected - 1) * size, "cpu_s": cpu}))
"""

RAW_SENDER = """
import sys, time, zmq
context = zmq.Context()
sockets = []
for address in sys.argv[1].split(","):
    sockets.append(context.socket(zmq.PUSH))
    sockets[-1].connect(address)
payload = bytes(int(sys.argv[3]))
cpu0 = time.process_time()
for i in range(int(sys.argv[2])):
    sockets[i % len(sockets)].send(payload, copy=False)
for s in sockets:
    s.close(linger=-1)
context.term()
print(time.process_time() - cpu0, flush=True)
"""


def batch_for(size: int) -> int:
    """Events per batch for fragments of ``size`` bytes."""
    return max(1, BATCH_BYTES // size)


def events_for(transport: str, n: int, size: int, m: int) -> int:
    """Events per run: about ``RUN_BYTES`` in all, a multiple of M (for the raw senders)."""
    events = max(RUN_BYTES[transport] // (n * size), 64 * batch_for(size))
    return events - events % m


def topology(name: str, n: int, m: int, batch: int, hosts=None, work=False) -> str:
    """N readouts, a builder of M replicas and a counting sink; with ``hosts``, the readouts
    on host a, the builders and the sink on host b; with ``work``, the builder runs
    work.py."""
    farm = Farm(name, hosts.tables("a", "b") if hosts is not None else None, replicas=m)
    readouts = {f"ru{i}": "a" if hosts is not None else None for i in range(n)}
    farm.build(readouts, readout="readout.py", batch=batch, steering="work.py" if work else None)
    del farm.channels["accepted"]  # the sink only counts: no ordering to pay for
    if hosts is not None:
        farm.devices["store"]["host"] = "b"
    return farm.text()


def _evflow_rate(directory: str, topo: str) -> tuple[float, int, float | None]:
    """Steady built events/s of one ``evflow up`` run, the events written, and the device
    processes' CPU seconds per built event over the steady window (``None`` without one)."""
    command = [sys.executable, "-m", "evflow", "up", topo, "--report", "report.json"]
    done = subprocess.run(command, cwd=directory, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise EvflowError(f"evflow up {topo} failed: {done.stderr.strip()[-2000:]}")
    with open(os.path.join(directory, "report.json")) as f:
        job = json.load(f)["job"]
    if job["incomplete"] or job["duplicates"]:
        raise EvflowError(
            f"evflow up {topo}: {job['incomplete']} incomplete, {job['duplicates']} duplicated"
        )
    rate = job["steady_events_per_s"] or job["written"] / job["wall_s"]
    cpu = job["steady_cpu_s"] / job["steady_events"] if job["steady_events"] else None
    return rate, job["written"], cpu


def _memcpy_ceiling(n: int, size: int) -> float:
    """Bytes/s of N memcpy processes at once, each streaming ``size``-byte copies; at most
    one per CPU (more take turns on them, and each would report its rate while it runs)."""
    command = [native.binary(), "memcpy", str(size), str(MEMCPY_SECONDS), str(MEMCPY_SET)]
    copiers = min(n, len(os.sched_getaffinity(0)))
    procs = [subprocess.Popen(command, stdout=subprocess.PIPE, text=True) for _ in range(copiers)]
    rates = [json.loads(p.communicate()[0])["gb_per_s"] for p in procs]
    if any(p.returncode for p in procs):
        raise EvflowError("the memcpy baseline failed")
    return sum(rates) * 1e9


def _raw_tcp(hosts, n: int, m: int, size: int, messages: int) -> tuple[float, float]:
    """Bytes/s of raw libzmq: N senders on host a, each sending ``messages`` round robin to
    M receivers on host b, from the first message any receiver got to the last; and the CPU
    seconds of all of them per byte (each over its own stream, I/O threads included)."""
    addresses = [f"tcp://{hosts.address['b']}:{RAW_PORT + j}" for j in range(m)]
    receivers, senders = [], []
    try:
        for address in addresses:
            receivers.append(
                subprocess.Popen(
                    _in(hosts, "b", RAW_RECEIVER, address, n * messages // m),
                    stdout=subprocess.PIPE,
                    text=True,
                )
            )
            if receivers[-1].stdout.readline().strip() != "ready":
                raise EvflowError("a raw libzmq receiver did not start")
        for _ in range(n):
            args = (",".join(addresses), messages, size)
            senders.append(
                subprocess.Popen(_in(hosts, "a", RAW_SENDER, *args), stdout=subprocess.PIPE)
            )
        ends = [json.loads(r.communicate(timeout=600)[0]) for r in receivers]
        cpu = sum(float(s.communicate(timeout=60)[0]) for s in senders)
    finally:
        for p in receivers + senders:
            p.kill()
            p.wait()
    elapsed = max(e["last"] for e in ends) - min(e["first"] for e in ends)
    received = sum(e["bytes"] for e in ends)
    return received / elapsed, (cpu + sum(e["cpu_s"] for e in ends)) / received


def _write(directory: str, events: int, size: int) -> None:
    with open(os.path.join(directory, "readout.py"), "w") as f:
        f.write(textwrap.dedent(READOUT.format(events=events, size=size)))
    with open(os.path.join(directory, "store.py"), "w") as f:
        f.write(textwrap.dedent(STORE))


def cases(units, sizes) -> list[tuple[int, int, int]]:
    """(N, M, size) of every case, sizes outermost."""
    return [(n, m, size) for size in sizes for n in units for m in units]


def measure(transport, units, sizes, repeats, progress, hosts=None) -> list[dict]:
    """Median built bytes/s and the ceiling's of every case over ``transport``."""
    runs = {c: ([], [], []) for c in cases(units, sizes)}
    copies = {}
    for r in range(repeats):
        copies.clear()
        for n, m, size in runs:
            progress(f"{transport} {n}x{m} {size_name(size)}: repeat {r + 1} of {repeats}")
            events = events_for(transport, n, size, m)
            with tempfile.TemporaryDirectory(prefix="evflow-bench-builder-") as directory:
                _write(directory, events, size)
                name = f"ebb-{os.getpid()}-{transport}-{n}x{m}"
                text = topology(name, n, m, batch_for(size), hosts)
                with open(os.path.join(directory, "topo.toml"), "w") as f:
                    f.write(text)
                rate, written, cpu = _evflow_rate(directory, "topo.toml")
            if written != events:
                raise EvflowError(f"{n}x{m} {size_name(size)}: {written} events built of {events}")
            runs[(n, m, size)][0].append(rate * n * size)
            if transport == "shm":
                if (n, size) not in copies:  # the same for every M: once per repetition
                    copies[(n, size)] = _memcpy_ceiling(n, size)
                ceiling = copies[(n, size)]
            else:
                ceiling, raw_cpu = _raw_tcp(hosts, n, m, size, events)
                if cpu is not None:  # CPU per built byte against raw libzmq's per byte
                    runs[(n, m, size)][2].append(cpu / (n * size) / raw_cpu)
            runs[(n, m, size)][1].append(ceiling)
            time.sleep(0.2)
    results = []
    for (n, m, size), (built, ceiling, cpu_ratios) in runs.items():
        b, c = statistics.median(built), statistics.median(ceiling)
        results.append(
            {
                "transport": transport,
                "readouts": n,
                "builders": m,
                "size": size,
                "batch": batch_for(size),
                "events": events_for(transport, n, size, m),
                "built_gb_per_s": b / 1e9,
                "ceiling_gb_per_s": c / 1e9,
                "ratio": b / c,
                "spread": (max(built) - min(built)) / b if b else 0.0,
                # tcp: the CPU per built byte over raw libzmq's, paired (issue 32 goal 3).
                "cpu_ratio": statistics.median(cpu_ratios) if cpu_ratios else None,
                "repeats": repeats,
            }
        )
    return results


def measure_slow(repeats, progress) -> dict:
    """Median steady events/s of one fast builder alone, and of a fast and a slow one."""
    n, size, events = SLOW["readouts"], SLOW["size"], SLOW["events"]
    rates = {1: [], 2: []}
    shares = []
    with tempfile.TemporaryDirectory(prefix="evflow-bench-builder-") as directory:
        _write(directory, events, size)
        with open(os.path.join(directory, "work.py"), "w") as f:
            f.write(textwrap.dedent(WORK.format(**SLOW)))
        for r in range(repeats):
            for m in (1, 2):
                progress(f"slow builder: {m} builders, repeat {r + 1} of {repeats}")
                name = f"ebb-{os.getpid()}-slow-{m}"
                with open(os.path.join(directory, "topo.toml"), "w") as f:
                    f.write(topology(name, n, m, batch_for(size), work=True))
                rate, written, _ = _evflow_rate(directory, "topo.toml")
                if written != events:
                    raise EvflowError(f"slow builder: {written} events built of {events}")
                rates[m].append(rate)
                if m == 2:
                    with open(os.path.join(directory, "report.json")) as f:
                        devices = json.load(f)["devices"]
                    taken = {d["replica"]: d["events_in"] for d in devices if d["device"] == "eb"}
                    shares.append(taken[2] / sum(taken.values()))
    one, both = statistics.median(rates[1]), statistics.median(rates[2])
    return {
        **SLOW,
        "one_fast_events_per_s": one,
        "fast_and_slow_events_per_s": both,
        "ratio": both / one,
        "slow_share": statistics.median(shares),
        "repeats": repeats,
    }


def print_slow(r: dict) -> None:
    header = ["builders", "events/s", "ratio", "batches to the slow one", f">= {SLOW_SHARE:.0%}"]
    rows = [
        ["one fast", f"{r['one_fast_events_per_s']:,.0f}", "1.00", "-", "-"],
        [
            f"fast + slow ({r['slow_times']}x)",
            f"{r['fast_and_slow_events_per_s']:,.0f}",
            f"{r['ratio']:.2f}",
            f"{r['slow_share']:.1%}",
            "met" if r["ratio"] >= SLOW_SHARE else "missed",
        ],
    ]
    print_table(
        f"A slow builder (shm, {r['readouts']} readouts, {size_name(r['size'])} fragments, "
        f"{r['work_ms']} ms of work per event in a builder; steady, median of {r['repeats']})",
        header,
        rows,
    )


def _or_dash(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def print_results(results: list[dict], ceiling: str) -> None:
    header = ["N x M", "fragment", "batch", "events", "built GB/s", f"{ceiling} GB/s", "ratio"]
    header += ["spread", f">= {TARGET_SHARE:.0%}"]
    transport = results[0]["transport"]
    if transport == "tcp":
        header.append("CPU/byte of raw")
    rows = [
        [
            f"{r['readouts']} x {r['builders']}",
            size_name(r["size"]),
            str(r["batch"]),
            str(r["events"]),
            f"{r['built_gb_per_s']:.2f}",
            f"{r['ceiling_gb_per_s']:.2f}",
            f"{r['ratio']:.2f}",
            f"{r['spread']:.0%}",
            "met" if r["ratio"] >= TARGET_SHARE else "missed",
        ]
        + ([_or_dash(r["cpu_ratio"])] if transport == "tcp" else [])
        for r in results
    ]
    where = "one host" if transport == "shm" else "namespace host A -> host B"
    print_table(
        f"Event building over {transport} ({where}), median of {results[0]['repeats']}: "
        f"N readouts x M builders, built bytes/s against {ceiling} of the same bytes",
        header,
        rows,
    )


def plot(results: list[dict], path: str) -> None:
    """Built GB/s against fragment size (at the largest N x M) and against N x M (per size),
    with the ceilings dashed, as PNG."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    figure, (by_size, by_units) = pyplot.subplots(1, 2, figsize=(11, 4.5), dpi=100)
    transports = list(dict.fromkeys(r["transport"] for r in results))
    top = max((r["readouts"], r["builders"]) for r in results)
    for t, color in zip(transports, ("tab:blue", "tab:orange"), strict=False):
        mine = [r for r in results if r["transport"] == t]
        at_top = sorted(
            (r for r in mine if (r["readouts"], r["builders"]) == top), key=lambda r: r["size"]
        )
        sizes = [r["size"] >> 10 for r in at_top]
        by_size.plot(
            sizes, [r["built_gb_per_s"] for r in at_top], "o-", color=color, label=f"evflow {t}"
        )
        by_size.plot(
            sizes, [r["ceiling_gb_per_s"] for r in at_top], "--", color=color, label=f"ceiling {t}"
        )
        for size, marker in zip(sorted({r["size"] for r in mine}), "os^v", strict=False):
            row = sorted(
                (r for r in mine if r["size"] == size), key=lambda r: r["readouts"] * r["builders"]
            )
            units = [r["readouts"] * r["builders"] for r in row]
            label = f"{t} {size_name(size)}"
            by_units.plot(
                units, [r["built_gb_per_s"] for r in row], marker, color=color, label=label
            )
            by_units.plot(
                units, [r["ceiling_gb_per_s"] for r in row], "_", color=color, markersize=12
            )
    by_size.set(
        xscale="log",
        xlabel="fragment size [KiB]",
        ylabel="built GB/s",
        title=f"{top[0]} x {top[1]} units",
    )
    by_units.set(
        xscale="log", xlabel="N readouts x M builders", ylabel="built GB/s", title="ceiling: dashes"
    )
    for axes in (by_size, by_units):
        axes.grid(alpha=0.3)
        axes.legend(fontsize=8)
    figure.suptitle(f"evflow bench builder, {os.cpu_count()} CPUs")
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    figure.savefig(path, format="png")
    pyplot.close(figure)


def add_parser(kind) -> None:
    """``evflow bench builder``."""
    p = kind.add_parser(
        "builder",
        help="the event builder: N readouts x M builders against memcpy and raw libzmq",
        description=__doc__.split("\n\n")[0],
    )
    p.add_argument(
        "--units",
        type=lambda text: [int(s) for s in text.split(",")],
        default=list(DEFAULT_UNITS),
        help="the counts of readouts and of builders to cross (default 1,2,4)",
    )
    p.add_argument(
        "--sizes",
        type=lambda text: [int(s) for s in text.split(",")],
        default=list(DEFAULT_SIZES),
        help="fragment sizes in bytes (default 65536,1048576)",
    )
    p.add_argument("--repeats", type=positive(int), default=DEFAULT_REPEATS)
    p.add_argument(
        "--no-across", action="store_true", help="skip tcp between namespace hosts (needs root)"
    )
    p.add_argument("--plot", default=DEFAULT_PLOT, help=f"the plot, PNG (default {DEFAULT_PLOT})")
    p.add_argument("--json", action="store_true", help="print the results as JSON too")


def run(args) -> int:
    """Measures, prints the tables, draws the plot."""

    def progress(text):
        print(f"\r{text}".ljust(60), end="", file=sys.stderr, flush=True)

    slow = measure_slow(args.repeats, progress)
    print(file=sys.stderr)
    print_slow(slow)
    results = measure("shm", args.units, args.sizes, args.repeats, progress)
    print(file=sys.stderr)
    print_results(results, "memcpy")
    sys.stdout.flush()
    if args.no_across or os.geteuid() != 0:
        print(
            "(tcp across hosts: skipped: --no-across, or not root, which network namespaces need)\n"
        )
    else:
        from evflow_bench.namespaces import Hosts

        with Hosts(["a", "b"]) as hosts:
            across = measure("tcp", args.units, args.sizes, args.repeats, progress, hosts)
        print(file=sys.stderr)
        print_results(across, "raw libzmq")
        results += across
    if args.json:
        print(json.dumps({"cases": results, "slow_builder": slow}, indent=1))
    sys.stdout.flush()
    plot(results, args.plot)
    print(f"plot: {args.plot}")
    return 0
