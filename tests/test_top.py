"""``evflow top`` under a real terminal: tmux runs it against a job serving its metrics; the
screen is read with capture-pane, the numbers must move, and ``q`` must quit."""

import os
import re
import shutil
import subprocess
import time

import pytest
from conftest import evflow_cmd, killed_on_exit, run_cli
from test_metrics import free_port, start_serving, wait_for

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")

JOB = """
import time, evflow as ef

class Slow(ef.Module):
    parallel_safe = True
    def event(self, event):
        time.sleep(0.003)

path = ef.Path()
path.add(ef.modules.EventGenerator(events=20000))
path.add(Slow())
ef.process(path, processes=2, summary=False)
"""


def tmux(*args):
    return subprocess.run(["tmux", *args], capture_output=True, text=True, check=False)


def screen(session):
    return tmux("capture-pane", "-p", "-t", session).stdout


def read_count(text):
    found = re.search(r"read ([\d,]+) \(", text)
    return int(found.group(1).replace(",", "")) if found else None


def test_top_shows_the_job_live_and_quits_on_q(tmp_path):
    job, port = start_serving(tmp_path, JOB)
    session = f"evflow-top-{os.getpid()}"
    with killed_on_exit(job):
        wait_for(f"http://127.0.0.1:{port}/metrics")
        # The size comes from the terminal, not from COLUMNS and LINES that a tmux server
        # started here may pass on from this process's environment.
        top = evflow_cmd("top", f"127.0.0.1:{port}", "--interval", "0.3")
        command = " ".join(["env", "-u", "COLUMNS", "-u", "LINES", *top])
        started = tmux("new-session", "-d", "-s", session, "-x", "150", "-y", "45", command)
        assert started.returncode == 0, started.stderr
        try:
            deadline = time.monotonic() + 20
            counts = []
            while time.monotonic() < deadline and len(set(counts)) < 2:
                text = screen(session)
                if read_count(text) is not None:
                    counts.append(read_count(text))
                time.sleep(0.4)
            assert len(set(counts)) >= 2, f"the numbers did not move: {counts}\n{text}"
            assert counts == sorted(counts)
            for shown in ("evf-input", "evf-worker-1", "evf-worker-2", "evf-output", "Slow"):
                assert shown in text, text
            assert "running" in text
            tmux("send-keys", "-t", session, "q")
            deadline = time.monotonic() + 10
            while (
                time.monotonic() < deadline and tmux("has-session", "-t", session).returncode == 0
            ):
                time.sleep(0.1)
            assert tmux("has-session", "-t", session).returncode != 0, "q did not quit"
        finally:
            tmux("kill-session", "-t", session)
        job.terminate()
        job.wait(timeout=30)


def test_top_once_prints_one_view(tmp_path):
    job, port = start_serving(tmp_path, JOB)
    with killed_on_exit(job):
        wait_for(f"http://127.0.0.1:{port}/metrics")
        shown = run_cli("top", f"http://127.0.0.1:{port}/metrics", "--once", cwd=tmp_path)
        job.terminate()
        job.wait(timeout=30)
    assert shown.returncode == 0, shown.stderr
    assert "evf-worker-2" in shown.stdout and "processes" in shown.stdout
    assert read_count(shown.stdout) > 0


def test_top_says_when_no_job_answers(tmp_path):
    shown = run_cli("top", f"127.0.0.1:{free_port()}", "--once", cwd=tmp_path)
    assert shown.returncode == 1
    assert "evflow: error: no metrics at http://127.0.0.1:" in shown.stderr


def test_top_refuses_an_endpoint_without_a_port(tmp_path):
    shown = run_cli("top", "localhost", cwd=tmp_path)
    assert shown.returncode == 2
    assert "evflow top needs HOST:PORT" in shown.stderr
