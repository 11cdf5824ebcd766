"""``evflow report``: a job report (``--report``) as a table, and as a plot of the rate over
time and the time per module; the report's rate series."""

import itertools
import json
import subprocess
import sys
import textwrap

from conftest import evflow_cmd, run_cli

STEERING = """
import time, evflow as ef

class Slow(ef.Module):
    parallel_safe = True
    def event(self, event):
        time.sleep(0.001)

path = ef.Path()
path.add(ef.modules.EventGenerator(events=1500))
path.add(Slow())
ef.process(path, processes={processes}, summary=False)
"""


def run_reported(tmp_path, text: str, processes: int):
    """Runs steering file ``text`` with ``processes`` workers and ``--report``; the report's
    path."""
    steering = tmp_path / "job.py"
    steering.write_text(textwrap.dedent(text.format(processes=processes)))
    report = tmp_path / f"job{processes}.json"
    ran = run_cli("run", steering, "--report", report, cwd=tmp_path)
    assert ran.returncode == 0, ran.stderr
    return report


def test_the_report_holds_the_rate_over_time_and_plots(tmp_path):
    for processes in (0, 2):
        report = run_reported(tmp_path, STEERING, processes)
        series = json.loads(report.read_text())["rate_series"]
        assert len(series) >= 3, series  # a look every 250 ms, and the end
        assert series[-1]["read"] == series[-1]["written"] == 1500
        pairs = itertools.pairwise(series)
        assert all(a["t_s"] < b["t_s"] and a["read"] <= b["read"] for a, b in pairs)
        shown = run_cli("report", report, "--plot", tmp_path / f"job{processes}.png", cwd=tmp_path)
        assert shown.returncode == 0, shown.stderr
        assert "Slow" in shown.stdout and "1500 read" in shown.stdout
        assert (tmp_path / f"job{processes}.png").read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


def test_a_file_that_is_not_a_report_is_a_usage_error(tmp_path):
    (tmp_path / "x.json").write_text('{"something": 1}')
    shown = run_cli("report", tmp_path / "x.json", cwd=tmp_path)
    assert shown.returncode == 2 and "is not a job report" in shown.stderr
    shown = run_cli("report", tmp_path / "missing.json", cwd=tmp_path)
    assert shown.returncode == 2 and "no such file" in shown.stderr


MEMORY = """
import numpy as np, evflow as ef

class Hoard(ef.Module):
    parallel_safe = True
    def initialize(self):
        self.kept = []
    def event(self, event):
        self.kept.append(np.ones(1 << 20, dtype=np.uint8))  # 1 MiB more every event

class Light(ef.Module):
    parallel_safe = True
    def event(self, event):
        pass

path = ef.Path()
path.add(ef.modules.EventGenerator(events=400))
path.add(Light())
path.add(Hoard())
ef.process(path, processes={processes}, summary=False)
"""


BIG_PARENT = """
import os, sys
import numpy as np
kept = np.ones(int(sys.argv[1]), dtype=np.uint8)  # resident: its pages are written
os.execv(sys.argv[2], sys.argv[2:])
"""


def test_memory_growth_is_the_jobs_own_when_a_bigger_process_started_it(tmp_path):
    """Linux carries a process's peak memory across exec: `evflow run` exec'd by a process
    of 600 MiB (a test runner grown over a long suite, a batch script) still puts the 400 MiB
    its module keeps down to that module."""
    (tmp_path / "job.py").write_text(textwrap.dedent(MEMORY.format(processes=0)))
    (tmp_path / "parent.py").write_text(BIG_PARENT)
    command = evflow_cmd("run", "job.py", "--report", "job.json")
    ran = subprocess.run(
        [sys.executable, "parent.py", str(600 << 20), *command],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert ran.returncode == 0, ran.stderr
    modules = json.loads((tmp_path / "job.json").read_text())["modules"]
    grown = {m["name"]: m["rss_growth_bytes"] for m in modules}
    assert grown["Hoard"] > 100 << 20, grown


def test_the_report_puts_memory_growth_down_to_the_module_that_makes_it(tmp_path):
    for processes in (0, 2):
        report = run_reported(tmp_path, MEMORY, processes)
        grown = {
            m["name"]: m["rss_growth_bytes"] for m in json.loads(report.read_text())["modules"]
        }
        # 400 MiB kept in all; after each look finds growth, 64 events are measured.
        assert grown["Hoard"] > 100 << 20, grown
        assert grown["Light"] < 8 << 20, grown
        shown = run_cli("report", report, cwd=tmp_path)
        assert "memory [MiB]" in shown.stdout
