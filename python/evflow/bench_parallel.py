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
import resource
import statistics
import sys
import time

import numpy as np

import evflow as ef
from evflow.bench import _positive
from evflow.bench_parallel_output import SECTIONS, amdahl, plot, print_tables
from evflow.errors import EvflowError

DEFAULT_PROCESSES = "0,1,2"
DEFAULT_WORKER_QUEUES = "2,64"
DEFAULT_TRANSPORTS = "shm,ipc"
DEFAULT_PLOT = "docs/parallel-scaling.png"
DEFAULTS = {"events": 5000, "work_ms": 2.0, "small_events": 100_000, "large_events": 2000}
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


def timed_job(source, module, processes=0, **options) -> dict:
    """Runs source -> module; wall seconds, CPU seconds (this process and its children)."""
    path = ef.Path()
    path.add(source)
    path.add(module)
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
    return {"wall_s": wall, "cpu_s": cpu}


def run_cases(cases: dict, repeats: int, progress) -> dict:
    """Every case (name: function returning one sample) once per repetition, in turn."""
    samples = {name: [] for name in cases}
    for repeat in range(repeats):
        for name, case in cases.items():
            if progress:
                progress(f"{repeat + 1}/{repeats} {name}")
            samples[name].append(case())
    return samples


def median_of(runs: list[dict], key: str) -> float:
    return statistics.median(r[key] for r in runs)


def ratio(runs: list[dict], base: list[dict], key: str) -> float:
    """Median over repetitions of base[key] / runs[key] within each repetition."""
    return statistics.median(b[key] / r[key] for r, b in zip(runs, base, strict=True))


def amdahl_fit(speedups: dict[int, float]) -> float | None:
    """Serial fraction s from least squares on 1/S - 1/p = s (1 - 1/p), clamped to [0, 1];
    None without a point above one process."""
    a = {p: 1 - 1 / p for p in speedups if p >= 1}
    denominator = sum(x * x for x in a.values())
    if denominator == 0:
        return None
    s = sum(a[p] * (1 / speedups[p] - 1 / p) for p in a) / denominator
    return min(1.0, max(0.0, s))


def scaling(args, progress) -> list[dict]:
    loops, ms = calibrate(args.work_ms)
    n = args.events

    def case(p, events):
        return lambda: timed_job(ef.modules.EventGenerator(events=events), Busy(loops), p)

    cases = {}
    for p in args.processes:
        cases[p] = case(p, n)
        cases[p, "1 event"] = case(p, 1)
    samples = run_cases(cases, args.repeats, progress)
    speedups = {p: ratio(samples[p], samples[0], "wall_s") for p in args.processes}
    s = amdahl_fit(speedups)
    results = []
    for p in args.processes:
        runs = samples[p]
        wall = median_of(runs, "wall_s")
        results.append(
            {
                "section": "scaling",
                "processes": p,
                "events": n,
                "work_ms": ms,
                "wall_s": wall,
                "events_per_s": n / wall,
                "cpu_s": median_of(runs, "cpu_s"),
                "one_event_job_s": median_of(samples[p, "1 event"], "wall_s"),
                "speedup": speedups[p],
                "serial_fraction": s,
                "amdahl_speedup": amdahl(s, p) if s is not None and p >= 1 else None,
                "repeats": args.repeats,
            }
        )
    return results


def overhead(args, progress) -> list[dict]:
    n = args.small_events

    def case(p=0, **options):
        return lambda: timed_job(ef.modules.EventGenerator(events=n), Nothing(), p, **options)

    cases = {(0, None, None): case()}
    for transport in args.transports:
        for queue in args.worker_queues:
            cases[1, transport, queue] = case(1, worker_queue=queue, transport=transport)
    samples = run_cases(cases, args.repeats, progress)
    base_cpu = median_of(samples[0, None, None], "cpu_s") / n * 1e6
    results = []
    for (p, transport, queue), runs in samples.items():
        cpu = median_of(runs, "cpu_s") / n * 1e6
        results.append(
            {
                "section": "overhead",
                "processes": p,
                "transport": transport,
                "worker_queue": queue,
                "events": n,
                "events_per_s": n / median_of(runs, "wall_s"),
                "cpu_us_per_event": cpu,
                "cpu_us_per_hop": (cpu - base_cpu) / HOPS if p else None,
                "vs_one_process": ratio(runs, samples[0, None, None], "wall_s"),
                "repeats": args.repeats,
            }
        )
    return results


def large(args, progress) -> list[dict]:
    from evflow import _native

    n = args.large_events

    def case(p=0, **options):
        return lambda: timed_job(SamePayload(n, LARGE_SIZE), Nothing(), p, **options)

    copies = []
    cases = {(0, None): case()}
    for transport in args.transports:
        for p in LARGE_PROCESSES:
            cases[p, transport] = case(p, transport=transport)
    cases["memcpy"] = lambda: copies.append(_native.bench_memcpy(LARGE_SIZE, MEMCPY_SECONDS))
    samples = run_cases(cases, args.repeats, progress)
    del samples["memcpy"]
    memcpy = statistics.median(copies)
    results = []
    for (p, transport), runs in samples.items():
        gb = n * LARGE_SIZE / median_of(runs, "wall_s") / 1e9
        results.append(
            {
                "section": "large",
                "processes": p,
                "transport": transport,
                "size": LARGE_SIZE,
                "events": n,
                "gb_per_s": gb,
                "events_per_s": gb * 1e9 / LARGE_SIZE,
                "cpu_us_per_event": median_of(runs, "cpu_s") / n * 1e6,
                "memcpy_gb_per_s": memcpy,
                "vs_memcpy": gb / memcpy,
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


def _choices(known):
    def parse(text: str) -> list[str]:
        names = [t.strip() for t in text.split(",") if t.strip()]
        unknown = [t for t in names if t not in known]
        if unknown or not names:
            raise argparse.ArgumentTypeError(
                f"unknown {', '.join(unknown) or repr(text)}: use {', '.join(known)}"
            )
        return list(dict.fromkeys(names))

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
    add("--sections", type=_choices(SECTIONS), default=list(SECTIONS), help="default all")
    add(
        "--processes",
        type=_int_list(0),
        default=DEFAULT_PROCESSES,
        help=f"scaling: worker processes, 0 (one process) always included (default "
        f"{DEFAULT_PROCESSES})",
    )
    add("--events", type=_positive(int), default=DEFAULTS["events"], help="scaling: events")
    add("--work-ms", type=_positive(float), default=DEFAULTS["work_ms"], help="ms per event")
    add("--small-events", type=_positive(int), default=DEFAULTS["small_events"])
    add(
        "--worker-queues",
        type=_int_list(1),
        default=DEFAULT_WORKER_QUEUES,
        help=f"overhead: worker_queue values (default {DEFAULT_WORKER_QUEUES})",
    )
    add("--large-events", type=_positive(int), default=DEFAULTS["large_events"])
    add(
        "--transports",
        type=_choices(("shm", "ipc")),
        default=DEFAULT_TRANSPORTS,
        help=f"overhead and large (default {DEFAULT_TRANSPORTS})",
    )
    add("--repeats", type=_positive(int), default=DEFAULT_REPEATS, help="tables show medians")
    add("--plot", default=DEFAULT_PLOT, help=f"scaling plot, PNG (default {DEFAULT_PLOT})")
    add("--json", action="store_true", help="print one JSON object per line")


def run(args) -> int:
    """``evflow bench parallel``: measures and prints; the exit code."""

    def progress(text):
        print(f"evflow bench: {text}", file=sys.stderr, flush=True)

    args.processes = sorted({0, *args.processes})
    tell = progress if sys.stderr.isatty() else None
    results = []
    for section in args.sections:
        part = {"scaling": scaling, "overhead": overhead, "large": large}[section](args, tell)
        if section == "scaling":
            plot(part, args.plot)
            for r in part:
                r["plot"] = args.plot
        results += part
    if args.json:
        for r in results:
            print(json.dumps(r))
    else:
        print_tables(results)
    return 0
