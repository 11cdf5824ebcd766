"""``evflow bench topology``, run as a user runs it, with tiny sizes: the shape of its output
(no assertion on speed: tests never assert on wall-clock time)."""

import json

from conftest import run_cli


def test_bench_topology_prints_both_rates_and_their_ratio(tmp_path):
    result = run_cli(
        "bench", "topology", "--sizes", "1024,65536", "--events", "300", "--repeats", "1",
        "--json", cwd=tmp_path, timeout=120,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "| 1 KiB      |    300 |" in result.stdout
    assert "| 64 KiB     |    300 |" in result.stdout
    results = json.loads(result.stdout[result.stdout.index("\n[") :])
    assert [r["size"] for r in results] == [1024, 65536]
    for r in results:
        assert r["events"] == 300
        assert r["topology_events_per_s"] > 0 and r["process_events_per_s"] > 0
        assert r["ratio"] == r["topology_events_per_s"] / r["process_events_per_s"]
