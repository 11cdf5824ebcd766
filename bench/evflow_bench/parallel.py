"""``evflow bench parallel``: the parallel engine (docs/parallel.md) against one process,
measured in the same run. docs/benchmarks.md, section "Parallel engine", says what each
section does.

- scaling: a CPU-bound parallel-safe module (a pure-Python loop calibrated once, here, to
  about ``--work-ms`` per event) with 0 (one process), 1, 2, ... workers; speedup T(0)/T(p)
  and the Amdahl fit 1/S = s + (1-s)/p (least squares), plotted to ``--plot``;
- overhead: small events through a parallel-safe module that does nothing, one worker,
  per worker_queue: events/s and CPU per event and per hop (input -> worker -> output);
- large: 1 MiB events through the same module, 1 and 2 workers, per transport: GB/s of
  payload against this machine's memcpy of 1 MiB.

Every repetition runs every case of a section once, in turn, so a case and its baseline see
the same machine; the tables show medians over the repetitions. Times are taken around the
whole ``process()`` call (starting and ending the processes included); CPU time is this
process's and its children's (``getrusage``).
"""

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time

import evflow as ef
import numpy as np
from evflow.errors import ConfigError, EvflowError

from evflow_bench import native
from evflow_bench.common import choices, positive
from evflow_bench.parallel_output import SECTIONS, amdahl, plot, print_tables

DEFAULT_PROCESSES = "0,1,2"
DEFAULT_WORKER_QUEUES = "2,64"
DEFAULT_TRANSPORTS = "shm,ipc"
DEFAULT_PLOT = "docs/parallel-scaling.png"
DEFAULTS = {
    "events": 5000,
    "work_ms": 2.0,
    "small_events": 100_000,
    # Jobs long enough for a cost of a few percent to show through this machine's noise.
    "metrics_events": 500_000,
    "large_events": 2000,
    "compressed_events": 2000,
}
DEFAULT_REPEATS = 3
LARGE_SIZE = 1 << 20
LARGE_PROCESSES = (1, 2)
HOPS = 2
"""Channels an event crosses with workers: input -> worker -> output."""
MEMCPY_SECONDS = 0.2


class Busy(ef.Module):
    """About ``work_ms`` of pure-Python CPU work per event."""

    parallel_safe = True

    def __init__(self, loops: int):
        self.loops = loops

    def event(self, event):
        spin(self.loops)


class Nothing(ef.Module):
    """Does nothing: what is measured is the engine."""

    parallel_safe = True

    def event(self, event):
        pass


class SamePayload(ef.Source):
    """``events`` events of one ``|u1`` entry, each a copy of one preallocated array."""

    def __init__(self, events: int, size: int):
        self.count = events
        self.expected_events = events
        self.payload = np.zeros(size, dtype=np.uint8)

    def events(self):
        for number in range(1, self.count + 1):
            yield ef.Event(run=1, number=number, payload=self.payload)


def spin(loops: int) -> int:
    x = 0
    for i in range(loops):
        x ^= i
    return x


def calibrate(work_ms: float) -> tuple[int, float]:
    """Loops of ``spin`` that take about ``work_ms`` of CPU time here, and the ms they took
    (CPU time, so that other jobs on the machine change the calibration less)."""
    loops = 1000
    while (t := _cpu_time_of(loops)) < 0.02:
        loops *= 4
    loops = max(1, round(loops * work_ms / 1e3 / t))
    return loops, _cpu_time_of(loops) * 1e3


def _cpu_time_of(loops: int) -> float:
    """The least CPU time of 5 calls of ``spin(loops)``, seconds."""
    samples = []
    for _ in range(5):
        start = time.process_time()
        spin(loops)
        samples.append(time.process_time() - start)
    return min(samples)


def _cpu_s(who) -> float:
    r = resource.getrusage(who)
    return r.ru_utime + r.ru_stime


def timed_job(source, module, processes=0, **options) -> tuple[float, float]:
    """Runs source -> module (or a list of modules); wall seconds, CPU seconds (this process
    and its children)."""
    path = ef.Path()
    path.add(source)
    for m in module if isinstance(module, list) else [module]:
        path.add(m)
    cpu = _cpu_s(resource.RUSAGE_SELF) + _cpu_s(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    report = ef.process(path, processes=processes, summary=False, **options)
    wall = time.perf_counter() - start
    cpu = _cpu_s(resource.RUSAGE_SELF) + _cpu_s(resource.RUSAGE_CHILDREN) - cpu
    if report.written != source.expected_events:
        raise EvflowError(
            f"parallel benchmark: {source.expected_events} events in, {report.written} out "
            f"(processes={processes}, {options})"
        )
    return wall, cpu


def case(make_source, events: int, module, processes=0, **options):
    """One sample of a case: a job of 1 event (what starting and ending a job costs), then
    the job of ``events``; their wall and CPU seconds, and the steady rate in between."""

    def sample() -> dict:
        start_s, start_cpu_s = timed_job(make_source(1), module, processes, **options)
        wall_s, cpu_s = timed_job(make_source(events), module, processes, **options)
        return {"wall_s": wall_s, "cpu_s": cpu_s, "start_s": start_s, "start_cpu_s": start_cpu_s}

    return sample


def run_cases(cases: dict, repeats: int, progress) -> dict:
    """Every case (name: function returning one sample) once per repetition, in turn."""
    samples = {name: [] for name in cases}
    for repeat in range(repeats):
        for name, sample in cases.items():
            if progress:
                progress(f"{repeat + 1}/{repeats} {_label(name)}")
            samples[name].append(sample())
    return samples


def _label(name) -> str:
    """'1 shm 64' for the case (1, "shm", 64)."""
    parts = name if isinstance(name, tuple) else (name,)
    return " ".join(str(k) for k in parts if k is not None)


def medians(runs: list[dict], events: int) -> dict:
    """The medians of a case's samples; events/s of the whole job; and, between the job of
    1 event and the whole job, the steady events/s and CPU us per event (None when the
    difference is too small to measure)."""
    m = {key: statistics.median(r[key] for r in runs) for key in runs[0]}
    m["events_per_s"] = events / m["wall_s"]
    steady_s = m["wall_s"] - m["start_s"]
    m["steady_events_per_s"] = (events - 1) / steady_s if events > 1 and steady_s > 0 else None
    steady_cpu = m["cpu_s"] - m["start_cpu_s"]
    m["cpu_us_per_event"] = steady_cpu / (events - 1) * 1e6 if events > 1 else None
    return m


def ratio(top: list[dict], bottom: list[dict], key: str) -> float:
    """Median over repetitions of top[key] / bottom[key] within each repetition."""
    return statistics.median(t[key] / b[key] for t, b in zip(top, bottom, strict=True))


def steady_ratio(top: list[dict], bottom: list[dict]) -> float:
    """Median over repetitions of top's steady time / bottom's (the whole job's time less the
    1-event job's) within each repetition: bottom's steady rate over top's."""
    return statistics.median(
        (t["wall_s"] - t["start_s"]) / (b["wall_s"] - b["start_s"])
        for t, b in zip(top, bottom, strict=True)
    )


def _per(a: float | None, b: float | None) -> float | None:
    return a / b if a is not None and b else None


def _generator(events: int):
    return ef.modules.EventGenerator(events=events)


def amdahl_fit(speedups: dict[int, float]) -> float | None:
    """Serial fraction s from least squares on 1/S - 1/p = s (1 - 1/p), clamped to [0, 1];
    None without a point above one process."""
    a = {p: 1 - 1 / p for p in speedups if p >= 1}
    denominator = sum(x * x for x in a.values())
    if denominator == 0:
        return None
    s = sum(a[p] * (1 / speedups[p] - 1 / p) for p in a) / denominator
    return min(1.0, max(0.0, s))


def ceiling_case(loops: int, units: int):
    """One sample of the machine's ceiling for two processes: ``units`` of the same CPU work
    in one process, then half of it in each of two independent processes side by side (no
    evflow); the ratio of the two wall times is what two CPUs give at best here."""

    def work(count: int) -> None:
        for _ in range(count):
            spin(loops)

    def sample() -> dict:
        start = time.perf_counter()
        work(units)
        alone = time.perf_counter() - start
        start = time.perf_counter()
        children = []
        for _ in range(2):
            pid = os.fork()
            if pid == 0:
                work(units // 2)
                os._exit(0)
            children.append(pid)
        for pid in children:
            os.waitpid(pid, 0)
        return {"alone_s": alone, "pair_s": time.perf_counter() - start}

    return sample


def scaling(args, progress) -> list[dict]:
    loops, ms = calibrate(args.work_ms)
    n = args.events
    cases = {p: case(_generator, n, Busy(loops), p) for p in args.processes}
    cases["ceiling"] = ceiling_case(loops, max(2, n // 2))
    samples = run_cases(cases, args.repeats, progress)
    ceiling = statistics.median(r["alone_s"] / r["pair_s"] for r in samples.pop("ceiling"))
    speedups = {p: ratio(samples[0], samples[p], "wall_s") for p in args.processes}
    s = amdahl_fit(speedups)
    base = medians(samples[0], n)
    results = []
    for p, runs in samples.items():
        m = medians(runs, n)
        results.append(
            {
                "section": "scaling",
                "processes": p,
                "events": n,
                "work_ms": ms,
                "wall_s": m["wall_s"],
                "events_per_s": m["events_per_s"],
                "cpu_s": m["cpu_s"],
                "start_s": m["start_s"],
                "speedup": speedups[p],
                "steady_speedup": _per(m["steady_events_per_s"], base["steady_events_per_s"]),
                "serial_fraction": s,
                "amdahl_speedup": amdahl(s, p) if s is not None and p >= 1 else None,
                "ceiling_at_2": ceiling,
                "repeats": args.repeats,
            }
        )
    return results


METRICS = "127.0.0.1:0"
"""Where the cases with live metrics serve them (any free port; nobody scrapes)."""


def overhead(args, progress) -> list[dict]:
    n = args.small_events
    cases = {(0, None, None, False): case(_generator, n, Nothing())}
    for transport in args.transports:
        for queue in args.worker_queues:
            options = {"worker_queue": queue, "transport": transport}
            cases[1, transport, queue, False] = case(_generator, n, Nothing(), 1, **options)
    # What serving live metrics costs (docs/operations.md): the first transport and queue,
    # with metrics and without, compared within each repetition, over jobs long enough
    # (--metrics-events) for a difference of a few percent to show through the noise.
    transport, queue = args.transports[0], args.worker_queues[0]
    options = {"worker_queue": queue, "transport": transport}
    long_n = args.metrics_events
    cases[1, transport, queue, "without"] = case(_generator, long_n, Nothing(), 1, **options)
    served = {"metrics": METRICS, **options}
    cases[1, transport, queue, True] = case(_generator, long_n, Nothing(), 1, **served)
    samples = run_cases(cases, args.repeats, progress)
    base = medians(samples[0, None, None, False], n)
    results = []
    for (p, transport, queue, served), runs in samples.items():
        if served == "without":
            continue  # shown only as the reference of the case with metrics
        events = long_n if served else n
        m = medians(runs, events)
        hop = None
        if p and m["cpu_us_per_event"] is not None and base["cpu_us_per_event"] is not None:
            hop = (m["cpu_us_per_event"] - base["cpu_us_per_event"]) / HOPS
        results.append(
            {
                "section": "overhead",
                "processes": p,
                "transport": transport,
                "worker_queue": queue,
                "events": events,
                "events_per_s": m["events_per_s"],
                "steady_events_per_s": m["steady_events_per_s"],
                "start_s": m["start_s"],
                "cpu_us_per_event": m["cpu_us_per_event"],
                "cpu_us_per_hop": hop,
                # The case with metrics runs longer jobs: its own reference is the job without.
                "vs_one_process": (
                    None if served else ratio(samples[0, None, None, False], runs, "wall_s")
                ),
                "metrics": served,
                "vs_without_metrics": (
                    steady_ratio(samples[p, transport, queue, "without"], runs) if served else None
                ),
                "repeats": args.repeats,
            }
        )
    return results


def large(args, progress) -> list[dict]:
    n = args.large_events

    def make(events):
        return SamePayload(events, LARGE_SIZE)

    cases = {(0, None): case(make, n, Nothing())}
    for transport in args.transports:
        for p in LARGE_PROCESSES:
            cases[p, transport] = case(make, n, Nothing(), p, transport=transport)
    copies = []
    cases["memcpy"] = lambda: copies.append(native.memcpy(LARGE_SIZE, MEMCPY_SECONDS))
    samples = run_cases(cases, args.repeats, progress)
    del samples["memcpy"]
    memcpy = statistics.median(copies)
    results = []
    for (p, transport), runs in samples.items():
        m = medians(runs, n)
        gb = m["events_per_s"] * LARGE_SIZE / 1e9
        steady = m["steady_events_per_s"]
        steady_gb = steady * LARGE_SIZE / 1e9 if steady is not None else None
        results.append(
            {
                "section": "large",
                "processes": p,
                "transport": transport,
                "size": LARGE_SIZE,
                "events": n,
                "gb_per_s": gb,
                "steady_gb_per_s": steady_gb,
                "events_per_s": m["events_per_s"],
                "start_s": m["start_s"],
                "cpu_us_per_event": m["cpu_us_per_event"],
                "memcpy_gb_per_s": memcpy,
                "vs_memcpy": gb / memcpy,
                "steady_vs_memcpy": _per(steady_gb, memcpy),
                "repeats": args.repeats,
            }
        )
    return results


def _int_list(minimum: int):
    def parse(text: str) -> list[int]:
        try:
            values = [int(v) for v in text.split(",") if v.strip()]
        except ValueError:
            values = []
        if not values or min(values) < minimum:
            raise argparse.ArgumentTypeError(
                f"bad list {text!r}: comma-separated integers of {minimum} or more"
            )
        return sorted(set(values))

    return parse


def add_parser(kind) -> None:
    """Adds ``parallel`` to the subcommands ``kind`` of ``evflow bench``."""
    p = kind.add_parser(
        "parallel",
        help="the parallel engine: scaling, per-event overhead, large events",
        description="Measures the parallel engine against one process and memcpy, in the "
        "same run (docs/benchmarks.md, Parallel engine).",
    )
    add = p.add_argument
    add("--sections", type=choices(SECTIONS), default=list(SECTIONS), help="default all")
    add(
        "--processes",
        type=_int_list(0),
        default=DEFAULT_PROCESSES,
        help=f"scaling and compressed: worker processes, 0 (one process) always included (default "
        f"{DEFAULT_PROCESSES})",
    )
    add("--events", type=positive(int), default=DEFAULTS["events"], help="scaling: events")
    add("--work-ms", type=positive(float), default=DEFAULTS["work_ms"], help="ms per event")
    add("--small-events", type=positive(int), default=DEFAULTS["small_events"])
    add(
        "--metrics-events",
        type=positive(int),
        default=DEFAULTS["metrics_events"],
        help="overhead: events of the jobs with and without live metrics",
    )
    add(
        "--worker-queues",
        type=_int_list(1),
        default=DEFAULT_WORKER_QUEUES,
        help=f"overhead: worker_queue values (default {DEFAULT_WORKER_QUEUES})",
    )
    add("--large-events", type=positive(int), default=DEFAULTS["large_events"])
    add(
        "--compressed-events",
        type=positive(int),
        default=DEFAULTS["compressed_events"],
        help="compressed: events of 100 KiB written zstd level 3",
    )
    add(
        "--transports",
        type=choices(("shm", "ipc")),
        default=DEFAULT_TRANSPORTS,
        help=f"overhead and large (default {DEFAULT_TRANSPORTS})",
    )
    add("--repeats", type=positive(int), default=DEFAULT_REPEATS, help="tables show medians")
    add("--plot", default=DEFAULT_PLOT, help=f"scaling plot, PNG (default {DEFAULT_PLOT})")
    add("--json", action="store_true", help="print one JSON object per line")


def run(args) -> int:
    """``evflow bench parallel``: measures and prints; the exit code."""

    def progress(text):
        print(f"evflow bench: {text}", file=sys.stderr, flush=True)

    args.processes = sorted({0, *args.processes})
    if "scaling" in args.sections:
        check_plot(args.plot)  # before a minute of measuring, not after
    tell = progress if sys.stderr.isatty() else None
    from evflow_bench.parallel_compressed import compressed  # it builds on this module

    measure = {"scaling": scaling, "overhead": overhead, "large": large, "compressed": compressed}
    results = [r for section in args.sections for r in measure[section](args, tell)]
    scaled = [r for r in results if r["section"] == "scaling"]
    for r in scaled:
        r["plot"] = args.plot
    # The numbers first: a plot that fails loses none of them.
    if args.json:
        for r in results:
            print(json.dumps(r), flush=True)
    else:
        print_tables(results)
        sys.stdout.flush()
    if scaled:  # after the jobs: the monitor forks with nothing of matplotlib loaded
        plot(scaled, args.plot)
    return 0


def check_plot(path: str) -> None:
    """Refuses, before anything is measured, a scaling plot that could not be drawn: no
    matplotlib, or a directory that cannot be written. matplotlib is tried in a child
    process, so this one forks its jobs with nothing of it loaded."""
    tried = subprocess.run(
        [
            sys.executable,
            "-c",
            "import matplotlib; matplotlib.use('Agg'); import matplotlib.pyplot",
        ],
        capture_output=True,
        text=True,
    )
    if tried.returncode != 0:
        why = native.last_line(tried.stderr)
        raise ConfigError(
            f"the scaling plot needs matplotlib ({why}): install it (requirements-dev.txt), "
            "or leave the scaling section out (--sections overhead,large)"
        )
    directory = os.path.dirname(os.path.abspath(path))
    try:
        os.makedirs(directory, exist_ok=True)
    except OSError as e:
        raise ConfigError(f"--plot {path}: cannot make its directory: {e.strerror or e}") from None
    if not os.access(directory, os.W_OK):
        raise ConfigError(f"--plot {path}: cannot write in {directory}")
