"""``evflow bench transport --json``, run as a user runs it: the shape of its output (no
assertion on speed: tests never assert on wall-clock time)."""

import glob
import json

import pytest
from conftest import error_lines, killed_on_exit, run_cli, start_cli

TRANSPORTS = ["shm", "ipc", "tcp", "tcp-curve", "zmq-raw", "zmq-raw-tcp", "iceoryx2"]
NUMBERS = [
    "msgs_per_s",
    "gb_per_s",
    "cpu_us_per_msg_sender",
    "cpu_us_per_msg_receiver",
    "p50_us",
    "p99_us",
    "memcpy_gb_per_s",
    "seconds",
    "repeats",
]
BASELINE = {
    "shm": "zmq-raw",
    "ipc": "zmq-raw",
    "tcp": "zmq-raw-tcp",
    "tcp-curve": "zmq-raw-tcp",
    "iceoryx2": "zmq-raw",
}
ICEORYX2_FILES = "/dev/shm/iox2*"


def segments_of(bench_pid: int) -> list[str]:
    """The shm segments of the benchmark run by process ``bench_pid`` (its sessions are
    ``bench-PID-...``): only what this test made, whatever else runs on the machine."""
    return glob.glob(f"/dev/shm/evflow.*.bench-{bench_pid}-*")


def iceoryx2_files() -> set[str]:
    """iceoryx2's service and node files (its global management segment is shared by every
    iceoryx2 process and stays by design)."""
    return {f for f in glob.glob(ICEORYX2_FILES) if not f.endswith(".global_mgmt")}


def run_bench(*args, cwd):
    """``evflow bench transport ARGS``: its output and the pid it ran as."""
    bench = start_cli("bench", "transport", *args, cwd=cwd)
    with killed_on_exit(bench):
        out, err = bench.communicate(timeout=120)
    assert bench.returncode == 0, err
    return out, bench.pid


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_one_object_per_size_with_positive_numbers(transport, tmp_path):
    peers_before = iceoryx2_files()
    args = ["--transports", transport, "--sizes", "64,4K", "--seconds", "0.2", "--repeats", "1"]
    out, pid = run_bench(*args, "--loads", "0", "--json", cwd=tmp_path)
    objects = [json.loads(line) for line in out.splitlines()]
    assert [(o["transport"], o["size"]) for o in objects] == [(transport, 64), (transport, 4096)]
    for o in objects:
        for key in NUMBERS:
            assert isinstance(o[key], int | float) and o[key] > 0, (key, o)
        assert o["p99_us"] >= o["p50_us"], o
        assert o["gb_per_s"] == pytest.approx(o["msgs_per_s"] * o["size"] / 1e9)
        # A baseline compares with itself; the others' baseline is not in this run.
        assert o["baseline"] == BASELINE.get(transport, transport)
        assert o["vs_baseline"] == (None if transport in BASELINE else 1.0)
    assert not segments_of(pid), "a shm segment was left behind"
    if transport == "iceoryx2":
        assert iceoryx2_files() <= peers_before, "iceoryx2 left a service or node file"


def test_the_table_compares_with_the_baseline_measured_beside_it(tmp_path):
    args = ["--transports", "ipc,zmq-raw", "--sizes", "4K", "--seconds", "0.2", "--repeats", "1"]
    result = run_cli("bench", "transport", *args, cwd=tmp_path, timeout=120)
    assert result.returncode == 0, result.stderr
    rows = [line for line in result.stdout.splitlines() if line.startswith("| ipc ")]
    assert len(rows) == 1 and "x zmq-raw |" in rows[0], result.stdout
    assert "memcpy GB/s in the same run" in result.stdout
    assert "ipc: >= 90% of raw libzmq msgs/s" in result.stdout


def test_curve_is_compared_with_plain_tcp_in_the_same_run(tmp_path):
    args = ["--transports", "tcp,tcp-curve", "--sizes", "64", "--seconds", "0.2", "--repeats", "2"]
    result = run_cli("bench", "transport", *args, cwd=tmp_path, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "The cost of CURVE" in result.stdout
    rows = [line for line in result.stdout.splitlines() if line.startswith("| 64 B ")]
    assert len(rows) == 1, result.stdout
    ratio = float(rows[0].split("|")[4])
    assert ratio > 0, rows[0]


def busy_loops() -> set[int]:
    """Pids of the benchmark's busy loops now running."""
    found = set()
    for stat in glob.glob("/proc/[0-9]*/cmdline"):
        try:
            with open(stat, "rb") as f:
                if f.read().endswith(b"-c\0while True: pass\0"):
                    found.add(int(stat.split("/")[2]))
        except OSError:
            continue
    return found


def test_shm_and_its_peer_are_measured_under_load_against_themselves_quiet(tmp_path):
    before = busy_loops()
    args = ["--transports", "shm,iceoryx2", "--sizes", "4K", "--seconds", "0.2", "--repeats", "1"]
    out, _ = run_bench(*args, "--loads", "1,2", "--json", cwd=tmp_path)
    objects = [json.loads(line) for line in out.splitlines()]
    loaded = {(o["transport"], o["busy"]): o for o in objects if "busy" in o}
    assert set(loaded) == {(t, n) for t in ("shm", "iceoryx2") for n in (1, 2)}, objects
    for o in loaded.values():
        assert o["size"] == 4096 and o["msgs_per_s"] > 0 and o["vs_quiet"] > 0, o
        assert o["cpu_vs_quiet"] > 0 and o["cpu_us_per_msg_receiver"] > 0, o
    assert busy_loops() <= before, "a busy loop outlived the benchmark"
    table = run_cli("bench", "transport", *args, "--loads", "1", cwd=tmp_path, timeout=120)
    assert table.returncode == 0, table.stderr
    assert "Under load" in table.stdout and "shm under load: >= 0.8 of its quiet" in table.stdout


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--transports", "udp", "unknown transport udp"),
        ("--sizes", "4", "bad size '4'"),
        ("--sizes", "4X", "bad size '4X'"),
        ("--seconds", "0", "not a number above 0"),
        ("--loads", "two", "bad loads 'two'"),
    ],
)
def test_bad_options_are_usage_errors(option, value, message, tmp_path):
    result = run_cli("bench", "transport", option, value, cwd=tmp_path)
    assert result.returncode == 2
    lines = error_lines(result.stderr)
    assert len(lines) == 1 and message in lines[0], result.stderr
