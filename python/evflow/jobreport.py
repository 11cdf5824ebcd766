"""``evflow report JOB.json [--plot OUT.png]``: a job report (``--report``) as a table, and
its rate over time and time per module as a plot."""

import itertools
import json
import os
import sys

from evflow.errors import ConfigError


def load(path) -> dict:
    try:
        with open(path) as f:
            report = json.load(f)
    except FileNotFoundError:
        raise ConfigError(f"{path}: no such file") from None
    except (OSError, ValueError) as e:
        raise ConfigError(f"{path} is not a job report (evflow run --report): {e}") from None
    if not isinstance(report, dict) or "modules" not in report or "read" not in report:
        raise ConfigError(f"{path} is not a job report (evflow run --report)")
    return report


def rates(series: list) -> tuple[list, list, list]:
    """(times, read/s, written/s) between consecutive points of a rate series."""
    times, read, written = [], [], []
    for a, b in itertools.pairwise(series):
        dt = b["t_s"] - a["t_s"]
        if dt <= 0:
            continue
        times.append((a["t_s"] + b["t_s"]) / 2)
        read.append((b["read"] - a["read"]) / dt)
        written.append((b["written"] - a["written"]) / dt)
    return times, read, written


def table(report: dict) -> str:
    width = max([6, *(len(m["name"]) for m in report["modules"])])
    head = f"{'module':<{width}} {'calls':>12} {'failed':>8} {'total [s]':>10} {'mean [us]':>10}"
    lines = [head + f" {'memory [MiB]':>12}"]
    for m in report["modules"]:
        mean = m.get("mean_us", 0.0)
        grown = m.get("rss_growth_bytes", 0) / 2**20
        lines.append(
            f"{m['name']:<{width}} {m['calls']:>12} {m['failed']:>8} {m['total_s']:>10.3f} "
            f"{mean:>10.2f} {grown:>12.1f}"
        )
    lines.append(
        f"events: {report['read']} read, {report['written']} written, {report['rejected']} "
        f"rejected, {report['failed']} failed in {report['wall_s']:.2f} s"
    )
    return "\n".join(lines)


def plot(report: dict, target) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ConfigError("evflow report --plot needs matplotlib: pip install matplotlib") from None
    times, read, written = rates(report.get("rate_series", []))
    figure, (over_time, per_module) = plt.subplots(1, 2, figsize=(12, 4.5))
    over_time.plot(times, read, label="read")
    over_time.plot(times, written, label="written")
    over_time.set_xlabel("time since the job started [s]")
    over_time.set_ylabel("events/s")
    over_time.set_title("rate over time")
    over_time.legend()
    modules = report["modules"]
    per_module.barh([m["name"] for m in modules], [m["total_s"] for m in modules])
    per_module.invert_yaxis()
    per_module.set_xlabel("time in the module [s], all processes")
    per_module.set_title("time per module")
    figure.tight_layout()
    figure.savefig(target, dpi=100)
    plt.close(figure)


def run(path, plot_to=None) -> int:
    report = load(path)
    print(table(report))
    if plot_to is not None:
        plot(report, plot_to)
        print(f"plot: {os.fspath(plot_to)}", file=sys.stderr)
    return 0
