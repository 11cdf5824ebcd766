"""SIGINT and SIGTERM stop `evflow run` cleanly: the output file is complete and valid."""

import json
import os
import signal
import time

import evflow as ef
import numpy as np
import pytest
from conftest import start_cli
from evflow.processing import Terminated

STARTUP_DEADLINE_S = 30
EXIT_DEADLINE_S = 30

SLOW_STEERING = """\
import pathlib
import time

import evflow as ef


class Slow(ef.Module):
    def event(self, event):
        time.sleep(0.01)
        if event.number == 5:
            pathlib.Path("started").touch()

    def end_run(self, run):
        pathlib.Path("end_run_called").touch()

    def terminate(self):
        pathlib.Path("terminate_called").touch()


path = ef.Path()
path.add(
    ef.modules.EventGenerator(
        events=100000, entries={"x": {"dtype": "<f8", "size": 16, "values": "sequence"}}
    )
)
path.add(Slow())
path.add(ef.modules.FileOutput("slow.evf", compression="zstd"))
ef.process(path, report="job.json")
"""


def wait_for(predicate, deadline_s, what, process=None):
    """Polls ``predicate`` until it holds; fails after ``deadline_s`` or if ``process`` ends."""
    deadline = time.monotonic() + deadline_s
    while not predicate():
        if process is not None and process.poll() is not None:
            _, err = process.communicate()
            pytest.fail(f"evflow exited ({process.returncode}) before {what}:\n{err}")
        if time.monotonic() > deadline:
            pytest.fail(f"no {what} within {deadline_s} s")
        time.sleep(0.02)


def interrupt_slow_job(tmp_path, signum):
    (tmp_path / "steer.py").write_text(SLOW_STEERING)
    process = start_cli("run", "steer.py", cwd=tmp_path)
    try:
        wait_for((tmp_path / "started").exists, STARTUP_DEADLINE_S, "marker file", process)
        process.send_signal(signum)
        _, err = process.communicate(timeout=EXIT_DEADLINE_S)
    except BaseException:
        process.kill()
        process.communicate()
        raise
    return process.returncode, err


@pytest.mark.parametrize(
    ("signum", "code", "name"),
    [(signal.SIGINT, 130, "SIGINT"), (signal.SIGTERM, 143, "SIGTERM")],
    ids=["SIGINT", "SIGTERM"],
)
def test_signal_stops_the_job_and_closes_the_output(tmp_path, signum, code, name):
    returncode, err = interrupt_slow_job(tmp_path, signum)
    assert returncode == code, err
    assert "Traceback" not in err
    assert name in err
    # the output is under its final name, complete and valid; no .part is left
    out = tmp_path / "slow.evf"
    assert out.exists()
    assert not list(tmp_path.glob("*.part")) and not list(tmp_path.glob(".*.part"))
    with ef.open(out) as f:
        assert f.stopped is None
        n = len(f)
        events = list(f)
    assert n >= 5
    assert len(events) == n
    assert [e.number for e in events] == list(range(1, n + 1))
    for event in events:
        assert np.array_equal(event["x"], np.arange(16))
    # modules were closed, and the report says the job was interrupted
    assert (tmp_path / "end_run_called").exists()
    assert (tmp_path / "terminate_called").exists()
    report = json.loads((tmp_path / "job.json").read_text())
    assert report["interrupted"] is True
    assert report["accepted"] == n


def test_killed_job_leaves_a_part_file_readable_up_to_its_last_record(tmp_path):
    (tmp_path / "steer.py").write_text(SLOW_STEERING)
    process = start_cli("run", "steer.py", cwd=tmp_path)
    try:
        wait_for((tmp_path / "started").exists, STARTUP_DEADLINE_S, "marker file", process)
    finally:
        process.kill()
        process.communicate(timeout=EXIT_DEADLINE_S)
    assert process.returncode == -signal.SIGKILL
    assert not (tmp_path / "slow.evf").exists()
    [part] = [p for p in tmp_path.iterdir() if p.name.endswith(".part")]
    with ef.open(part) as f:
        events = list(f)
        assert f.stopped is not None
    assert [e.number for e in events] == list(range(1, len(events) + 1))


# --- in-process: process() closes the job, then lets the interruption propagate -------------


class SignalOn(ef.Module):
    """Sends a signal to this process during one event; records what it saw."""

    def __init__(self, number, signum, log):
        self.number = number
        self.signum = signum
        self.log = log

    def event(self, event):
        if event.number == self.number:
            os.kill(os.getpid(), self.signum)
        self.log.append(event.number)

    def end_run(self, run):
        self.log.append("end_run")

    def terminate(self):
        self.log.append("terminate")


@pytest.mark.parametrize(
    ("signum", "exception"),
    [(signal.SIGINT, KeyboardInterrupt), (signal.SIGTERM, Terminated)],
    ids=["SIGINT", "SIGTERM"],
)
def test_signal_during_process_closes_files_then_propagates(tmp_path, signum, exception):
    out = tmp_path / "out.evf"
    log = []
    before = signal.getsignal(signal.SIGTERM)
    path = ef.Path()
    path.add(ef.modules.EventGenerator(events=50))
    path.add(SignalOn(3, signum, log))
    path.add(ef.modules.FileOutput(str(out)))
    with pytest.raises(exception):
        ef.process(path, on_error="skip", summary=False)
    assert signal.getsignal(signal.SIGTERM) is before
    assert log == [1, 2, "end_run", "terminate"]  # event 3 was interrupted
    assert ef.statistics.interrupted is True
    assert ef.statistics.failed == 0
    with ef.open(out) as f:
        assert f.stopped is None
        assert [e.number for e in f] == [1, 2]
    assert os.listdir(tmp_path) == ["out.evf"]
