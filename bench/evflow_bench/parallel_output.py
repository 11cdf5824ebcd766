"""The output of ``evflow bench parallel`` (parallel.py): Markdown tables, the targets, and
the scaling plot."""

import os

import numpy as np
from evflow.errors import EvflowError

from evflow_bench.common import print_table, rate

SECTIONS = ("scaling", "overhead", "large", "compressed")
SPEEDUP_AT_2 = 1.9
SHARE_OF_CEILING = 0.95
"""Target: T(0)/T(2) at >= this share of the same-run ceiling (two independent processes)."""
ONE_WORKER_EVENTS_PER_S = 100_000
SHM_GB_PER_S = 5.0
COMPRESSED_OF_CORES = 0.9
"""Target: a compressed output with p workers writes >= this share of p cores' zstd rate."""
METRICS_COST = 0.02
"""Serving live metrics may cost at most this share of the events/s (issue 12)."""


def amdahl(s: float, p: float) -> float:
    """Amdahl's speedup with serial fraction ``s`` on ``p`` processes."""
    return 1 / (s + (1 - s) / p)


def _or_dash(value, fmt: str) -> str:
    return "-" if value is None else format(value, fmt)


def _workers(p: int) -> str:
    return "one process (baseline)" if p == 0 else f"{p} worker" + "s" * (p > 1)


def _scaling_table(rows: list[dict]) -> None:
    first = rows[0]
    cells = [
        [
            str(r["processes"]) if r["processes"] else "0 (one process)",
            f"{r['wall_s']:.2f}",
            rate(r["events_per_s"]),
            f"{r['cpu_s']:.2f}",
            f"{r['start_s']:.3f}",
            f"{r['speedup']:.2f}x",
            _or_dash(r["steady_speedup"], ".2f"),
            _or_dash(r["amdahl_speedup"], ".2f"),
            str(max(r["processes"], 1)),
        ]
        for r in rows
    ]
    header = ["processes", "wall s", "events/s", "CPU s", "start+stop s", "T(0)/T(p)"]
    header += ["without start+stop", "Amdahl fit", "ideal"]
    print_table(
        f"Scaling: {first['events']} events of {first['work_ms']:.2f} ms of Python CPU work, "
        f"median of {first['repeats']} repetitions, {os.cpu_count()} CPUs",
        header,
        cells,
    )
    s = _or_dash(first["serial_fraction"], ".3f")
    print(f"Amdahl fit on T(0)/T(p): serial fraction s = {s}; plot: {first['plot']}")
    ceiling = _or_dash(first.get("ceiling_at_2"), ".2f")
    print(
        f"Ceiling of this machine in the same run: {ceiling} (the same work in one process "
        "against half of it in each of two independent processes)\n"
    )


def _overhead_table(rows: list[dict]) -> None:
    first = rows[0]
    cells = [
        [
            _workers(r["processes"]),
            r["transport"] or "-",
            _or_dash(r["worker_queue"], "d"),
            "served" if r["metrics"] else "-",
            rate(r["events_per_s"]),
            _rate_or_dash(r["steady_events_per_s"]),
            f"{r['start_s']:.3f}",
            _or_dash(r["cpu_us_per_event"], ".2f"),
            _or_dash(r["cpu_us_per_hop"], ".2f"),
            _or_dash(r["vs_one_process"], ".3f") + ("x" if r["vs_one_process"] else ""),
        ]
        for r in rows
    ]
    header = ["path", "transport", "worker_queue", "metrics", "events/s", "steady events/s"]
    header += ["start+stop s", "CPU us/event", "CPU us/hop over baseline", "vs one process"]
    print_table(
        f"Overhead: {first['events']} events without entries through a module that does "
        f"nothing, median of {first['repeats']} repetitions",
        header,
        cells,
    )


def _large_table(rows: list[dict]) -> None:
    first = rows[0]
    cells = [
        [
            _workers(r["processes"]),
            r["transport"] or "-",
            f"{r['gb_per_s']:.2f}",
            _or_dash(r["steady_gb_per_s"], ".2f"),
            f"{r['start_s']:.3f}",
            _or_dash(r["cpu_us_per_event"], ".1f"),
            _or_dash(r["steady_vs_memcpy"], ".1%"),
        ]
        for r in rows
    ]
    header = ["path", "transport", "GB/s", "steady GB/s", "start+stop s", "CPU us/event"]
    header += ["steady of memcpy"]
    print_table(
        f"Large events: {first['events']} events of 1 MiB through a module that does "
        f"nothing, median of {first['repeats']} repetitions",
        header,
        cells,
    )
    print(f"memcpy of 1 MiB in the same run: {first['memcpy_gb_per_s']:.1f} GB/s\n")


def _compressed_table(rows: list[dict]) -> None:
    first = rows[0]
    cells = [
        [
            _workers(r["processes"]),
            r["transport"] or "- (the writer's threads)",
            f"{r['gb_per_s']:.3f}",
            _or_dash(r["steady_gb_per_s"], ".3f"),
            _or_dash(r["cpu_us_per_event"], ".0f"),
            _or_dash(r["vs_cores"], ".2f"),
        ]
        for r in rows
    ]
    header = ["path", "transport", "GB/s", "steady GB/s", "CPU us/event", "steady of p cores"]
    print_table(
        f"Compressed output: {first['events']} events of {first['raw_len'] / 1024:.0f} KiB "
        f"written {first['compression']} (records of {first['stored_len'] / 1024:.0f} KiB), "
        f"median of {first['repeats']} repetitions",
        header,
        cells,
    )
    print(
        f"One core compressing the same record in the same run: {first['core_gb_per_s']:.3f} GB/s\n"
    )


def _rate_or_dash(per_s: float | None) -> str:
    return "-" if per_s is None else rate(per_s)


def print_tables(results: list[dict]) -> None:
    """One Markdown table per section run, then the targets."""
    by = {s: [r for r in results if r["section"] == s] for s in SECTIONS}
    tables = {
        "scaling": _scaling_table,
        "overhead": _overhead_table,
        "large": _large_table,
        "compressed": _compressed_table,
    }
    for section, table in tables.items():
        if by[section]:
            table(by[section])
    rows = _targets(by)
    if rows:
        print_table("Targets", ["target", "measured", "verdict"], rows)


def _targets(by: dict) -> list[list[str]]:
    """Rates are judged on the steady rate (the whole job's when it could not be measured)."""
    verdict = {True: "met", False: "MISSED"}
    rows = []
    for r in by["scaling"]:
        if r["processes"] == 2:
            met = r["speedup"] >= SPEEDUP_AT_2
            rows.append([f"T(0)/T(2) >= {SPEEDUP_AT_2}", f"{r['speedup']:.2f}", verdict[met]])
            ceiling = r.get("ceiling_at_2")
            if ceiling:
                share = r["speedup"] / ceiling
                rows.append(
                    [
                        f"T(0)/T(2) >= {SHARE_OF_CEILING:.0%} of the same-run ceiling",
                        f"{share:.1%} ({r['speedup']:.2f} of {ceiling:.2f})",
                        verdict[share >= SHARE_OF_CEILING],
                    ]
                )
    for r in by["overhead"]:
        if r["metrics"]:
            rows.append(
                [
                    f"live metrics served, {_workers(r['processes'])}, {r['transport']}: steady "
                    f"events/s >= {1 - METRICS_COST:.0%} of the same job without",
                    f"{r['vs_without_metrics']:.1%}",
                    verdict[r["vs_without_metrics"] >= 1 - METRICS_COST],
                ]
            )
            continue
        if r["processes"] == 1:
            steady = r["steady_events_per_s"] or r["events_per_s"]
            rows.append(
                [
                    f"one worker, {r['transport']}, worker_queue {r['worker_queue']}: "
                    f">= {rate(ONE_WORKER_EVENTS_PER_S)} events/s",
                    f"steady {rate(steady)} (whole job {rate(r['events_per_s'])})",
                    verdict[steady >= ONE_WORKER_EVENTS_PER_S],
                ]
            )
    for r in by["large"]:
        if r["transport"] == "shm":
            steady = r["steady_gb_per_s"] or r["gb_per_s"]
            rows.append(
                [
                    f"1 MiB events, shm, {_workers(r['processes'])}: >= {SHM_GB_PER_S:g} GB/s",
                    f"steady {steady:.2f} (whole job {r['gb_per_s']:.2f})",
                    verdict[steady >= SHM_GB_PER_S],
                ]
            )
    for r in by["compressed"]:
        if r["processes"] and r["vs_cores"] is not None:
            rows.append(
                [
                    f"{r['compression']} output, {_workers(r['processes'])}: steady GB/s >= "
                    f"{COMPRESSED_OF_CORES} of {r['processes']} cores' compression",
                    f"{r['vs_cores']:.2f}",
                    verdict[r["vs_cores"] >= COMPRESSED_OF_CORES],
                ]
            )
    return rows


def plot(results: list[dict], path: str) -> None:
    """Measured speedup against processes, with the Amdahl fit and the ideal line, as PNG."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        from matplotlib import pyplot
    except ImportError:
        raise EvflowError("the scaling plot needs matplotlib (requirements-dev.txt)") from None
    measured = [(r["processes"], r["speedup"]) for r in results if r["processes"] >= 1]
    s = results[0]["serial_fraction"]
    top = max([2, *(p for p, _ in measured)])
    figure, axes = pyplot.subplots(figsize=(6, 4.5), dpi=100)
    axes.plot([1, top], [1, top], ":", color="gray", label="ideal: S = p")
    if s is not None:
        ps = np.linspace(1, top, 200)
        axes.plot(ps, [amdahl(s, p) for p in ps], "-", label=f"Amdahl fit, s = {s:.3f}")
    if measured:
        axes.plot(*zip(*measured, strict=True), "o", label="measured T(0)/T(p)")
    steady = [(r["processes"], r["steady_speedup"]) for r in results if r["processes"] >= 1]
    if steady and all(v is not None for _, v in steady):
        axes.plot(*zip(*steady, strict=True), "x", label="measured, without start+stop")
    axes.axhline(1, color="gray", linewidth=0.5)
    first = results[0]
    axes.set(
        xlabel="worker processes p",
        ylabel="speedup over one process",
        title=f"evflow parallel: {first['work_ms']:.1f} ms/event, {os.cpu_count()} CPUs",
    )
    axes.legend()
    axes.grid(alpha=0.3)
    directory = os.path.dirname(os.path.abspath(path))
    os.makedirs(directory, exist_ok=True)
    try:
        figure.savefig(path, format="png")
    except OSError as e:
        raise EvflowError(f"cannot write the scaling plot {path}: {e.strerror or e}") from None
    finally:
        pyplot.close(figure)
