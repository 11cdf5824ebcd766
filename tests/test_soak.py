"""The long run of ``make soak`` (``evflow bench soak``, bench/evflow_bench/soak.py), short:
half a minute of the same topology across three namespace hosts with replicas SIGKILLed
every 0.5-2 s, the junction or the sink every 3-6 s, and the farm changed (scaled, a host
drained and added again) every 2-4 s. Every event reaches the sink once, and the run leaves
its memory series, summary and plot. The memory verdict is the long run's; here only its
windows are checked."""

import csv
import json
import os
import shutil
import subprocess
import sys

import pytest
from evflow_bench.soak import GROUPS, judge, windows

needs_namespaces = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("ip") is None,
    reason="network namespaces need root and iproute2's ip",
)


RESTART_S = 10
"""A killed process is back within this many seconds (a Python process importing its steps
on a loaded machine)."""


@needs_namespaces
def test_a_short_soak_with_replicas_killed_loses_and_duplicates_nothing(tmp_path):
    out = tmp_path / "soak"
    command = [sys.executable, "-m", "evflow", "bench", "soak", "--min-minutes", "0.5"]
    command += ["--events", "20000", "--sample-seconds", "3", "--kill-every", "0.5,2"]
    command += ["--change-every", "2,4", "--custody-kill-every", "3,6"]
    # Seed 116: the farm's first changes are host B's processes all SIGKILLed, then its
    # link cut (and, once it is lost, up again and added back).
    command += ["--seed", "116", "--out", str(out)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    # 3: everything held but the memory verdict, which half a minute cannot give.
    assert done.returncode in (0, 3), done.stdout + done.stderr[-3000:]
    summary = json.loads((out / "summary.json").read_text())
    assert summary["lost"] == 0
    assert summary["duplicated"] == 0
    assert summary["exactly_once"], summary
    assert summary["events"] >= 20000
    assert summary["events"] == summary["report"]["read"]
    if not summary["sink_resumed"]:
        assert summary["report"]["written"] == summary["events"]
    assert summary["kills"] > summary["custody_kills"] > 0
    assert summary["restarts"] >= 1
    # The farm changed beside the kills, every change taken, and undone.
    assert summary["changes"] >= 2
    assert summary["changes_refused"] == 0, (out / "changes.csv").read_text()
    assert summary["hosts_lost"] >= 2, (out / "changes.csv").read_text()
    with open(out / "series.csv") as f:
        series = list(csv.DictReader(f))
    assert len(series) == summary["samples"] >= 2
    assert all(int(row["rss_controller_kib"]) > 0 for row in series)
    with open(out / "kills.csv") as f:
        kills = list(csv.DictReader(f))
    assert len(kills) == summary["kills"]
    # Every group's memory is sampled. The sink and the junction run alone: a sample that
    # falls while one is restarted after a kill finds none of it.
    for row in series[1:]:
        t = float(row["t_s"])
        for group in GROUPS:
            restarted = any(
                k["process"].startswith(f"evf-{group}-") and t - RESTART_S <= float(k["t_s"]) <= t
                for k in kills
            )
            assert int(row[f"rss_{group}_kib"]) > 0 or restarted, (group, row, kills)
    for name in ("processes.csv", "report.json", "up.log", "soak-memory.png"):
        assert (out / name).stat().st_size > 0, name
    assert "exactly once: yes" in done.stdout


def test_the_windows_scale_down_for_a_short_run():
    assert windows(7200) == {"warm_up_s": 600, "first": (600, 2400), "last": (5400, 7200)}
    assert windows(600) == {"warm_up_s": 60, "first": (60, 210), "last": (450, 600)}


def _rows(rss_of_t):
    columns = ["rss_total_kib", "anon_total_kib", "shm_held_kib", "shm_used_kib", "shm_size_kib"]
    columns += [f"rss_{g}_kib" for g in GROUPS]
    return [{"t_s": t, "complete": True, **dict.fromkeys(columns, rss_of_t(t))} for t in range(601)]


def test_memory_is_flat_within_5_percent_and_growth_is_not():
    assert judge(_rows(lambda t: 1000 + (t % 7)), 600)["flat"] is True
    grown = judge(_rows(lambda t: 1000 + t), 600)  # 1.6x by the end
    assert grown["flat"] is False
    assert grown["columns"]["rss_store_kib"]["ratio"] > 1.05
    assert judge(_rows(lambda t: 1000)[:5], 600)["flat"] is None  # no sample in the windows
