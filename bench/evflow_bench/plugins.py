"""``evflow bench plugins``: what a call of a compiled module costs (docs/plugins.md).

SumPut reads one small entry and puts one. Its Rust code runs as a built-in module and,
through ``evflow-plugin``, as a plugin; ``bench/plugins/sum_put.c`` is its C twin. The Rust
benchmark's ``plugins`` section (``evflow-bench plugins``, run first) times each alone and in
a path against the built-in module; then this process times the same path with SumPut as a
Python module and as each plugin, side by side in each repetition: (T - T0) / events is the
cost of one call, T0 the path without it. Target: a plugin call at most 1.5x a built-in one's.
"""

import os
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import evflow as ef
import numpy as np
from evflow.cli import PLUGIN_INCLUDE
from evflow.errors import ConfigError

from evflow_bench.common import positive, print_table

REPO = Path(__file__).resolve().parents[2]
TARGET = Path(os.environ.get("CARGO_TARGET_DIR", REPO / "target")) / "release"
RUST_BINARY = TARGET / "evflow-bench"
RUST_PLUGIN = TARGET / "examples" / "libsum_put_plugin.so"
C_SOURCE = REPO / "bench" / "plugins" / "sum_put.c"
ENTRIES = {"adc": {"dtype": "<u2", "size": 16}}
"""One small entry per event, as in the Rust benchmark."""
DEFAULT_EVENTS = 100_000
DEFAULT_REPEATS = 7


class SumPut(ef.Module):
    """SumPut in Python."""

    def event(self, e):
        e["total"] = np.array([e["adc"].sum()], dtype="<f8")


def add_parser(kind) -> None:
    p = kind.add_parser("plugins", help="what a call of a plugin module costs")
    p.add_argument("--events", type=positive(int), default=DEFAULT_EVENTS)
    p.add_argument("--repeats", type=positive(int), default=DEFAULT_REPEATS)


def run(args) -> int:
    for needed in (RUST_BINARY, RUST_PLUGIN):
        if not needed.is_file():
            raise ConfigError(
                f"{needed} is missing: build it with "
                "`cargo build --release -p evflow-bench --bins --examples` in the repository"
            )
    print(
        subprocess.run(
            [str(RUST_BINARY), "plugins"], check=True, capture_output=True, text=True
        ).stdout
    )
    with tempfile.TemporaryDirectory() as tmp:
        c_plugin = compile_c_plugin(C_SOURCE, tmp)
        kinds = {
            "Python module": SumPut,
            "C plugin (sum_put.c)": lambda: ef.modules.Plugin(c_plugin, "SumPut"),
            "Rust plugin (evflow-plugin)": lambda: ef.modules.Plugin(RUST_PLUGIN, "SumPut"),
        }
        samples = measure(kinds, args.events, args.repeats)
    print_python_table(samples, args.events)
    return 0


def compile_c_plugin(source: Path, directory) -> Path:
    """``source`` (a C plugin of ``bench/plugins``) compiled with ``cc`` into
    DIRECTORY/libNAME.so; its path."""
    library = Path(directory) / f"lib{source.stem}.so"
    flags = ["-O2", "-std=c99", "-fPIC", "-shared", f"-I{PLUGIN_INCLUDE}"]
    subprocess.run(["cc", *flags, str(source), "-o", str(library)], check=True)
    return library


def time_path(make, events) -> float:
    """Seconds of a job of ``events`` generated events through ``make()`` (or nothing)."""
    path = ef.Path()
    path.add(ef.modules.EventGenerator(events=events, entries=ENTRIES))
    if make is not None:
        path.add(make())
    start = time.perf_counter()
    report = ef.process(path, summary=False)
    took = time.perf_counter() - start
    assert report.accepted == events, f"{report.accepted} of {events} events went through"
    return took


def measure(kinds, events, repeats) -> dict[str, list[float]]:
    """Per kind (and for no module, ``None``): seconds per repetition, interleaved."""
    samples = {None: [], **{name: [] for name in kinds}}
    for make in kinds.values():
        time_path(make, events // 10)  # warm-up: imports, the library, caches
    for _ in range(repeats):
        samples[None].append(time_path(None, events))
        for name, make in kinds.items():
            samples[name].append(time_path(make, events))
    return samples


def print_python_table(samples, events) -> None:
    bare = samples[None]
    per_call = {
        name: statistics.median((t - t0) / events for t, t0 in zip(times, bare, strict=True))
        for name, times in samples.items()
        if name is not None
    }
    python = per_call["Python module"]
    rows = [
        [
            name,
            f"{statistics.median(times) / events * 1e9:.0f}",
            f"{cost * 1e9:.0f}",
            f"{cost / python:.2f}x",
        ]
        for name, times, cost in ((n, samples[n], per_call[n]) for n in per_call)
    ]
    title = f"SumPut in a steering file's path, {events} generated events (median of {len(bare)})"
    print_table(title, ["module", "ns/event", "ns/call (vs no module)", "vs Python"], rows)
