"""``evflow bench parallel --json``, run as a user runs it, with tiny sizes: the shape of its
output and the plot (no assertion on speed: tests never assert on wall-clock time)."""

import glob
import json
import os
import subprocess
import sys

import pytest
from conftest import error_lines, evflow_cmd, run_cli, start_cli

TINY = [
    "--events", "10", "--work-ms", "0.2", "--small-events", "300", "--metrics-events", "300",
    "--large-events", "5", "--compressed-events", "5",
    "--transports", "shm", "--worker-queues", "2,64", "--repeats", "1",
]  # fmt: skip


def run_bench(tmp_path, *args) -> str:
    """Runs the command to its end; its stdout. Fails if it hangs (then ends it and removes
    its jobs' shm segments) or leaves a segment behind."""
    cli = start_cli("bench", "parallel", *TINY, *args, cwd=tmp_path)
    segments = f"/dev/shm/evflow.*.job-{cli.pid}-*"
    try:
        out, err = cli.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        cli.kill()  # its children follow (parent-death signal)
        out, err = cli.communicate()
        sessions = [name.split(".", 2)[2] for name in glob.glob(segments)]
        run_cli("shm", "clean", *sessions, cwd=tmp_path)
        pytest.fail(f"evflow bench parallel did not end within 60 s: {err}")
    assert cli.returncode == 0, err
    assert not glob.glob(segments), "a shm segment was left behind"
    return out


def run_json(tmp_path, *args) -> dict:
    """The JSON objects of one run, by section."""
    objects = [json.loads(line) for line in run_bench(tmp_path, *args, "--json").splitlines()]
    sections = ("scaling", "overhead", "large", "compressed")
    return {s: [o for o in objects if o["section"] == s] for s in sections}


def test_every_section_with_its_baseline_and_the_plot(tmp_path):
    plot = tmp_path / "plots" / "scaling.png"
    by = run_json(tmp_path, "--processes", "1,2", "--plot", str(plot))
    scaling = by["scaling"]
    assert [o["processes"] for o in scaling] == [0, 1, 2]  # 0, the baseline, always runs
    assert scaling[0]["speedup"] == 1.0 and scaling[0]["amdahl_speedup"] is None
    assert scaling[0]["steady_speedup"] in (1.0, None)
    for o in scaling:
        assert o["wall_s"] > 0 and o["cpu_s"] > 0 and o["start_s"] > 0
        assert o["events"] == 10 and o["work_ms"] > 0 and o["plot"] == str(plot)
        assert 0 <= o["serial_fraction"] <= 1
    assert scaling[2]["amdahl_speedup"] == pytest.approx(
        1 / (scaling[2]["serial_fraction"] + (1 - scaling[2]["serial_fraction"]) / 2)
    )
    assert plot.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")

    overhead = by["overhead"]
    cases = [(o["processes"], o["transport"], o["worker_queue"], o["metrics"]) for o in overhead]
    # The last: the first case again with live metrics served, against it without.
    assert cases == [
        (0, None, None, False),
        (1, "shm", 2, False),
        (1, "shm", 64, False),
        (1, "shm", 2, True),
    ]
    assert isinstance(overhead[-1]["vs_without_metrics"], float)
    assert overhead[0]["vs_one_process"] == 1.0 and overhead[0]["cpu_us_per_hop"] is None
    for o in overhead:
        assert o["events_per_s"] > 0 and o["start_s"] > 0
        assert isinstance(o["cpu_us_per_event"], float)
    for o in overhead[1:]:
        assert isinstance(o["cpu_us_per_hop"], float)

    large = by["large"]
    assert [(o["processes"], o["transport"]) for o in large] == [(0, None), (1, "shm"), (2, "shm")]
    for o in large:
        assert o["size"] == 1 << 20 and o["memcpy_gb_per_s"] > 0
        assert o["gb_per_s"] == pytest.approx(o["events_per_s"] * o["size"] / 1e9)
        assert o["vs_memcpy"] == pytest.approx(o["gb_per_s"] / o["memcpy_gb_per_s"])
        if o["steady_gb_per_s"] is not None:  # None when too few events to tell
            assert o["steady_vs_memcpy"] == pytest.approx(
                o["steady_gb_per_s"] / o["memcpy_gb_per_s"]
            )

    compressed = by["compressed"]
    assert [(o["processes"], o["transport"]) for o in compressed] == [
        (0, None),
        (1, "shm"),
        (2, "shm"),
    ]
    for o in compressed:
        assert o["compression"] == "zstd:3" and o["core_gb_per_s"] > 0
        assert 100 << 10 < o["raw_len"] < (100 << 10) + 1024  # the frame of 100 KiB of samples
        assert 0 < o["stored_len"] < o["raw_len"] / 2  # detector-like samples compress
        assert o["gb_per_s"] > 0 and isinstance(o["cpu_us_per_event"], float)


def test_the_tables_show_the_baseline_and_the_targets(tmp_path):
    args = ["--sections", "overhead", "--worker-queues", "2"]
    out = run_bench(tmp_path, *args)
    assert "| one process (baseline) " in out
    assert "one worker, shm, worker_queue 2: >= 0.10 M events/s" in out
    assert not (tmp_path / "docs").exists(), "no scaling section, no plot"


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--sections", "scaling,speed", "unknown speed"),
        ("--transports", "tcp", "unknown tcp"),
        ("--processes", "1,x", "bad list '1,x'"),
        ("--worker-queues", "0", "bad list '0'"),
        ("--work-ms", "0", "not a number above 0"),
    ],
)
def test_bad_options_are_usage_errors(option, value, message, tmp_path):
    result = run_cli("bench", "parallel", option, value, cwd=tmp_path)
    assert result.returncode == 2
    lines = error_lines(result.stderr)
    assert len(lines) == 1 and message in lines[0], result.stderr


def test_without_matplotlib_the_plot_is_refused_before_anything_is_measured(tmp_path):
    shim = tmp_path / "shim" / "matplotlib"
    shim.mkdir(parents=True)
    (shim / "__init__.py").write_text("raise ImportError('No module named matplotlib (shim)')\n")
    env = dict(os.environ, PYTHONPATH=str(tmp_path / "shim"), PYTHONUNBUFFERED="1")
    # Hundreds of events of 2 ms: measuring first would take a while; refusing takes none.
    args = ["--sections", "scaling", "--events", "500", "--repeats", "3"]
    result = subprocess.run(
        evflow_cmd("bench", "parallel", *args),
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 2, result.stderr
    lines = error_lines(result.stderr)
    assert len(lines) == 1 and "the scaling plot needs matplotlib" in lines[0], result.stderr
    assert "shim" in lines[0], "the reason matplotlib could not be imported is shown"
    assert result.stdout == "", "nothing was measured"


def test_the_tables_come_before_the_plot_and_survive_its_failure(tmp_path):
    plot = tmp_path / "a-directory.png"
    plot.mkdir()  # the plot cannot be written over a directory, but only drawing finds out
    result = run_cli(
        "bench",
        "parallel",
        *TINY,
        "--sections",
        "scaling",
        "--processes",
        "1",
        "--plot",
        plot,
        cwd=tmp_path,
    )
    assert result.returncode == 1, result.stderr
    assert "| 0 (one process) " in result.stdout, "the measured table is printed"
    lines = error_lines(result.stderr)
    assert len(lines) == 1 and f"cannot write the scaling plot {plot}" in lines[0], result.stderr


def test_bench_outside_a_checkout_says_where_the_benchmarks_are(tmp_path):
    # As an installed wheel without the checkout's bench package: evflow_bench not importable.
    code = (
        "import sys; sys.modules['evflow_bench'] = None; "
        "from evflow.cli import main; raise SystemExit(main(['bench', 'transport']))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 2
    assert "the benchmarks run from a source checkout of evflow" in error_lines(result.stderr)[0]
