"""Requirement 4: the cost of calling a Python module, per module and event.

A path of 10 trivial Python modules is timed against the same path with none (the
generator alone), side by side in each repetition; (T10 - T0) / (10 N) is the cost of one
call. A plain Python loop making the same number of method calls is the yardstick.

Run with ``make bench`` or ``.venv/bin/python bench/python_modules.py``; tables go to
stdout as Markdown.
"""

import statistics
import time

import evflow as ef

EVENTS = 200_000
"""Events per job."""
MODULES = 10
"""Trivial Python modules in the measured path."""
REPETITIONS = 9
"""Samples per case; the tables show medians."""
TARGET_US = 2.0
"""Most microseconds one Python module call may add per event."""
ENTRIES = {"adc": {"dtype": "<u2", "size": 16}}
"""One small entry per event, as in the Rust path benchmark."""


class Nop(ef.Module):
    """Does nothing with the event."""

    def event(self, e):
        pass


def time_path(modules: int) -> tuple[float, list]:
    """Seconds to run the generator and ``modules`` Nop modules, and the job's per-module stats."""
    path = ef.Path()
    path.add(ef.modules.EventGenerator(events=EVENTS, entries=ENTRIES))
    for _ in range(modules):
        path.add(Nop())
    start = time.perf_counter()
    report = ef.process(path, summary=False)
    took = time.perf_counter() - start
    assert report.accepted == EVENTS, f"{report.accepted} of {EVENTS} events went through"
    return took, report.modules[1:]


def time_python_loop(calls: int) -> float:
    """Seconds for a Python loop over the events calling a trivial method ``calls`` times each."""
    nops = [Nop() for _ in range(calls)]
    event = object()
    start = time.perf_counter()
    for _ in range(EVENTS):
        for nop in nops:
            nop.event(event)
    return time.perf_counter() - start


def per_call_us(with_calls: list[float], without: list[float]) -> list[float]:
    """Per repetition: microseconds one of the MODULES calls adds per event."""
    return [(t - t0) / (MODULES * EVENTS) * 1e6 for t, t0 in zip(with_calls, without, strict=True)]


def print_table(title: str, header: list[str], rows: list[list[str]]) -> None:
    """Prints a Markdown table: first column left-aligned, the others right-aligned."""
    widths = [max(len(r[c]) for r in [header, *rows]) for c in range(len(header))]

    def line(cells):
        padded = [cell.rjust(w) if i else cell.ljust(w) for i, (cell, w) in enumerate(pairs(cells))]
        return "| " + " | ".join(padded) + " |"

    def pairs(cells):
        return zip(cells, widths, strict=True)

    rule = ["-" * (w - 1) + ":" if i else ":" + "-" * (w - 1) for i, w in enumerate(widths)]
    print(f"### {title}\n")
    print("\n".join(line(r) for r in [header, rule, *rows]))
    print()


def spread(samples: list[float]) -> str:
    """(slowest - fastest) / median, as a percentage."""
    return f"{(max(samples) - min(samples)) / statistics.median(samples):.0%}"


CASES = {
    "path0": "generator, 0 Python modules (T0)",
    "path10": f"generator -> {MODULES} Nop modules (T10)",
    "loop0": "Python loop over events, 0 calls",
    "loop10": f"Python loop over events, {MODULES} method calls",
}
"""The cases measured, by key, with their names in the tables."""


def measure() -> tuple[dict[str, list[float]], list[float]]:
    """Seconds of each case per repetition, interleaved, and the executor's mean_us per Nop."""
    samples = {key: [] for key in CASES}
    executor_us = []
    time_path(MODULES)  # warm-up: imports, allocator, caches
    for _ in range(REPETITIONS):
        samples["path0"].append(time_path(0)[0])
        took, modules = time_path(MODULES)
        samples["path10"].append(took)
        executor_us.append(statistics.mean(m["mean_us"] for m in modules))
        samples["loop0"].append(time_python_loop(0))
        samples["loop10"].append(time_python_loop(MODULES))
    return samples, executor_us


def print_job_times(samples: dict[str, list[float]]) -> None:
    """The median time of each case."""
    rows = []
    for key, name in CASES.items():
        t = statistics.median(samples[key])
        rows.append([name, f"{t * 1e3:.0f}", f"{t / EVENTS * 1e6:.3f}", spread(samples[key])])
    print_table("Job times", ["case", "ms", "us/event", "spread"], rows)


def print_call_costs(samples: dict[str, list[float]], executor_us: list[float]) -> None:
    """The cost of one module call against a plain Python method call, and the target."""
    module_call = per_call_us(samples["path10"], samples["path0"])
    python_call = per_call_us(samples["loop10"], samples["loop0"])
    module_us = statistics.median(module_call)
    vs_python = statistics.median(m / p for m, p in zip(module_call, python_call, strict=True))
    verdict = "met" if module_us <= TARGET_US else "MISSED"
    rows = [
        ["Python module, (T10 - T0) / (10 N)", f"{module_us:.3f}", f"{vs_python:.1f}x", verdict],
        [
            "Python module, executor's own mean_us",
            f"{statistics.median(executor_us):.3f}",
            "-",
            "-",
        ],
        [
            "plain Python method call in a loop",
            f"{statistics.median(python_call):.3f}",
            "1.0x",
            "-",
        ],
    ]
    title = f"Cost of one call per event (target: Python module <= {TARGET_US} us)"
    print_table(title, ["call", "us/call", "vs Python call", "target"], rows)


def main() -> None:
    """Measures and prints the tables."""
    samples, executor_us = measure()
    print("## evflow Python module benchmarks\n")
    print(f"Median of {REPETITIONS} interleaved samples per case, {EVENTS} events per job.\n")
    print_job_times(samples)
    print_call_costs(samples, executor_us)


if __name__ == "__main__":
    main()
