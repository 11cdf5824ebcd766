"""``evflow bench topology``, run as a user runs it, with tiny sizes: the shape of its output
(no assertion on speed: tests never assert on wall-clock time)."""

import json
import os

from conftest import run_cli


def namespaces() -> set:
    return {line.split()[0] for line in os.popen("ip netns list 2>/dev/null") if line.strip()}


def test_bench_topology_prints_both_rates_and_their_ratio(tmp_path):
    before = namespaces()
    result = run_cli(
        "bench", "topology", "--sizes", "1024,65536", "--events", "300", "--repeats", "1",
        "--json", cwd=tmp_path, timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "| 1 KiB      |    300 |" in result.stdout
    assert "| 64 KiB     |    300 |" in result.stdout
    results = json.loads(result.stdout[result.stdout.index("\n{") :])
    assert [r["size"] for r in results["one_host"]] == [1024, 65536]
    for r in results["one_host"]:
        assert r["events"] == 300
        assert r["topology_events_per_s"] > 0 and r["process_events_per_s"] > 0
        assert r["ratio"] == r["topology_events_per_s"] / r["process_events_per_s"]
        assert r["junction_ratio"] == r["junction_events_per_s"] / r["topology_events_per_s"]
    if os.geteuid() != 0:
        assert results["across_hosts"] == []
        return
    assert [r["size"] for r in results["across_hosts"]] == [1024, 65536]
    for r in results["across_hosts"]:
        assert r["bridged_events_per_s"] > 0 and r["raw_zmq_msgs_per_s"] > 0
        assert r["ratio"] == r["bridged_events_per_s"] / r["raw_zmq_msgs_per_s"]
        assert r["ratio_to_relay"] == r["both_ways_events_per_s"] / r["relay_zmq_msgs_per_s"]
        assert r["restartable_ratio"] == r["restartable_events_per_s"] / r["both_ways_events_per_s"]
        # Raw libzmq's processes always measure their CPU; evflow's devices over the steady
        # window, which a job this short may not have.
        assert r["raw_cpu_us_per_msg"] > 0 and r["relay_cpu_us_per_msg"] > 0
        for key in ("bridged_cpu_us_per_event", "both_ways_cpu_us_per_event"):
            assert r[key] is None or r[key] > 0, (key, r[key])
    # Small events also with compiled modules, against the same repetitions' raw libzmq.
    small, large = results["across_hosts"]
    assert large["compiled"] is None
    compiled = small["compiled"]
    assert compiled["ratio"] == compiled["bridged_events_per_s"] / small["raw_zmq_msgs_per_s"]
    both_ways = compiled["both_ways_events_per_s"]
    assert compiled["ratio_to_relay"] == both_ways / small["relay_zmq_msgs_per_s"]
    for key in ("bridged_cpu_us_per_event", "both_ways_cpu_us_per_event"):
        assert compiled[key] is None or compiled[key] > 0, (key, compiled[key])
    assert "CPU per event across hosts" in result.stdout
    assert "with compiled modules" in result.stdout
    assert not {n for n in namespaces() - before if n.startswith("evf")}, "namespaces left"


def test_bench_topology_without_the_hosts(tmp_path):
    result = run_cli(
        "bench", "topology", "--sizes", "1024", "--events", "200", "--repeats", "1", "--no-across",
        cwd=tmp_path, timeout=120,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "across hosts: skipped" in result.stdout
