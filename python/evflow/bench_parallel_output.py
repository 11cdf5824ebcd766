"""The output of ``evflow bench parallel`` (bench_parallel.py): Markdown tables, the
targets, and the scaling plot."""

import os

import numpy as np

from evflow.bench import _print_table, _rate
from evflow.errors import EvflowError

SECTIONS = ("scaling", "overhead", "large")
SPEEDUP_AT_2 = 1.9
ONE_WORKER_EVENTS_PER_S = 100_000
SHM_GB_PER_S = 5.0


def amdahl(s: float, p: float) -> float:
    """Amdahl's speedup with serial fraction ``s`` on ``p`` processes."""
    return 1 / (s + (1 - s) / p)


def _or_dash(value, fmt: str) -> str:
    return "-" if value is None else format(value, fmt)


def _workers(p: int) -> str:
    return "one process (baseline)" if p == 0 else f"{p} worker" + "s" * (p > 1)


def print_tables(results: list[dict]) -> None:
    """One Markdown table per section run, then the targets."""
    by = {s: [r for r in results if r["section"] == s] for s in SECTIONS}
    if by["scaling"]:
        first = by["scaling"][0]
        rows = [
            [
                str(r["processes"]) if r["processes"] else "0 (one process)",
                f"{r['wall_s']:.2f}",
                _rate(r["events_per_s"]),
                f"{r['cpu_s']:.2f}",
                f"{r['one_event_job_s']:.3f}",
                f"{r['speedup']:.2f}x",
                _or_dash(r["amdahl_speedup"], ".2f"),
                str(max(r["processes"], 1)),
            ]
            for r in by["scaling"]
        ]
        header = ["processes", "wall s", "events/s", "CPU s", "1-event job s", "T(0)/T(p)"]
        header += ["Amdahl fit", "ideal"]
        _print_table(
            f"Scaling: {first['events']} events of {first['work_ms']:.2f} ms of Python CPU "
            f"work, median of {first['repeats']} repetitions, {os.cpu_count()} CPUs",
            header,
            rows,
        )
        print(
            f"Amdahl fit: serial fraction s = {_or_dash(first['serial_fraction'], '.3f')}; "
            f"plot: {first['plot']}\n"
        )
    if by["overhead"]:
        first = by["overhead"][0]
        rows = [
            [
                _workers(r["processes"]),
                r["transport"] or "-",
                _or_dash(r["worker_queue"], "d"),
                _rate(r["events_per_s"]),
                f"{r['cpu_us_per_event']:.2f}",
                _or_dash(r["cpu_us_per_hop"], ".2f"),
                f"{r['vs_one_process']:.3f}x",
            ]
            for r in by["overhead"]
        ]
        header = ["path", "transport", "worker_queue", "events/s", "CPU us/event"]
        header += ["CPU us/hop over baseline", "vs one process"]
        _print_table(
            f"Overhead: {first['events']} events without entries through a module that does "
            f"nothing, median of {first['repeats']} repetitions",
            header,
            rows,
        )
    if by["large"]:
        first = by["large"][0]
        rows = [
            [
                _workers(r["processes"]),
                r["transport"] or "-",
                f"{r['gb_per_s']:.2f}",
                _rate(r["events_per_s"]),
                f"{r['cpu_us_per_event']:.1f}",
                f"{r['vs_memcpy']:.1%}",
            ]
            for r in by["large"]
        ]
        header = ["path", "transport", "GB/s", "events/s", "CPU us/event", "of memcpy"]
        _print_table(
            f"Large events: {first['events']} events of 1 MiB through a module that does "
            f"nothing, median of {first['repeats']} repetitions",
            header,
            rows,
        )
        print(f"memcpy of 1 MiB in the same run: {first['memcpy_gb_per_s']:.1f} GB/s\n")
    rows = _targets(by)
    if rows:
        _print_table("Targets", ["target", "measured", "verdict"], rows)


def _targets(by: dict) -> list[list[str]]:
    verdict = {True: "met", False: "MISSED"}
    rows = []
    for r in by["scaling"]:
        if r["processes"] == 2:
            met = r["speedup"] >= SPEEDUP_AT_2
            rows.append([f"T(0)/T(2) >= {SPEEDUP_AT_2}", f"{r['speedup']:.2f}", verdict[met]])
    for r in by["overhead"]:
        if r["processes"] == 1:
            rows.append(
                [
                    f"one worker, {r['transport']}, worker_queue {r['worker_queue']}: "
                    f">= {_rate(ONE_WORKER_EVENTS_PER_S)} events/s",
                    _rate(r["events_per_s"]),
                    verdict[r["events_per_s"] >= ONE_WORKER_EVENTS_PER_S],
                ]
            )
    for r in by["large"]:
        if r["transport"] == "shm":
            rows.append(
                [
                    f"1 MiB events, shm, {_workers(r['processes'])}: >= {SHM_GB_PER_S:g} GB/s",
                    f"{r['gb_per_s']:.2f}",
                    verdict[r["gb_per_s"] >= SHM_GB_PER_S],
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
    axes.plot(*zip(*measured, strict=True), "o", label="measured T(0)/T(p)")
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
    figure.savefig(path, format="png")
    pyplot.close(figure)
