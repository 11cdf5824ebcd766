"""SIGINT and SIGTERM stop `evflow run` cleanly: the output file is complete and valid."""

import json
import os
import signal
import subprocess
import time

import evflow as ef
import numpy as np
import pytest
from conftest import assert_completion, evflow_cmd, run_cli, start_cli
from evflow.processing import Terminated
from evflow_bench.standard_farm import Farm

STARTUP_DEADLINE_S = 30
EXIT_DEADLINE_S = 30

SLOW_STEERING = """\
import os
import pathlib
import time

import evflow as ef


class Slow(ef.Module):
    \"\"\"About 100 events/s. Writes 'EVENTS SECONDS' to 'progress' as each event starts: the
    events before it have gone through the whole path, the output included.\"\"\"

    def event(self, event):
        if event.number == 1:
            self.start = time.monotonic()
        done = f"{event.number - 1} {time.monotonic() - self.start}"
        pathlib.Path("progress.tmp").write_text(done)
        os.replace("progress.tmp", "progress")
        time.sleep(0.01)

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


def written(tmp_path):
    """(events through the whole path, seconds since the first began), as the job says."""
    try:
        events, seconds = (tmp_path / "progress").read_text().split()
    except FileNotFoundError:
        return 0, 0.0
    return int(events), float(seconds)


def interrupt_slow_job(tmp_path, signum, steering=SLOW_STEERING):
    (tmp_path / "steer.py").write_text(steering)
    process = start_cli("run", "steer.py", cwd=tmp_path)
    try:
        wait_for(lambda: written(tmp_path)[0] >= 5, STARTUP_DEADLINE_S, "5 events", process)
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
    # A complete file of the same name first: the interrupted job's file replaces it, and
    # says it is not complete.
    (tmp_path / "steer.py").write_text(SLOW_STEERING)
    finished = run_cli("run", "steer.py", "-n", "3", cwd=tmp_path)
    assert finished.returncode == 0, finished.stderr
    assert_completion(tmp_path / "slow.evf")
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
    assert_completion(out, f"interrupted by {name}")


@pytest.mark.parametrize(
    ("signum", "code", "message"),
    [(signal.SIGINT, 130, "interrupted (SIGINT)"), (signal.SIGTERM, 143, "terminated (SIGTERM)")],
    ids=["SIGINT", "SIGTERM"],
)
def test_errors_while_closing_an_interrupted_job_are_printed_after_the_message(
    tmp_path, signum, code, message
):
    steering = SLOW_STEERING.replace(
        'pathlib.Path("terminate_called").touch()',
        'pathlib.Path("terminate_called").touch()\n        raise OSError("histogram file is gone")',
    )
    returncode, err = interrupt_slow_job(tmp_path, signum, steering)
    assert returncode == code, err
    assert "Traceback" not in err
    lines = err.splitlines()
    stopped = next(i for i, line in enumerate(lines) if message in line)
    [cleanup] = [line for line in lines if line.startswith("evflow: error:")]
    assert lines.index(cleanup) > stopped
    assert cleanup.startswith("evflow: error: during clean-up: ")
    assert "Slow" in cleanup and "terminate" in cleanup and "histogram file is gone" in cleanup
    with ef.open(tmp_path / "slow.evf") as f:
        assert f.stopped is None
        assert len(f) >= 5


def test_killed_job_leaves_a_part_file_readable_up_to_its_last_record(tmp_path):
    (tmp_path / "steer.py").write_text(SLOW_STEERING)
    process = start_cli("run", "steer.py", cwd=tmp_path)
    try:
        # About 100 events/s: past 1.5 s the output has flushed its buffer at least once.
        wait_for(
            lambda: written(tmp_path)[0] >= 150 and written(tmp_path)[1] >= 1.5,
            STARTUP_DEADLINE_S,
            "150 events and 1.5 s",
            process,
        )
    finally:
        process.kill()
        process.communicate(timeout=EXIT_DEADLINE_S)
    assert process.returncode == -signal.SIGKILL
    assert not (tmp_path / "slow.evf").exists()
    [part] = [p for p in tmp_path.iterdir() if p.name.endswith(".part")]
    with ef.open(part) as f:
        events = list(f)
        assert f.stopped is not None
    assert len(events) >= 50  # what was written up to the last flush survives
    assert [e.number for e in events] == list(range(1, len(events) + 1))
    for event in events:
        assert np.array_equal(event["x"], np.arange(16))


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
    # A test run started in the background (`make test &`) inherits SIGINT ignored, and
    # Python then installs no handler for it: this test needs Python's own.
    previous_int = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(exception):
            ef.process(path, on_error="skip", summary=False)
    finally:
        signal.signal(signal.SIGINT, previous_int)
    assert signal.getsignal(signal.SIGTERM) is before
    assert log == [1, 2, "end_run", "terminate"]  # event 3 was interrupted
    assert ef.statistics.interrupted is True
    assert ef.statistics.failed == 0
    with ef.open(out) as f:
        assert f.stopped is None
        assert [e.number for e in f] == [1, 2]
    assert os.listdir(tmp_path) == ["out.evf"]


# --- however the job was started ------------------------------------------------------------

STORE = """
import evflow as ef
path = ef.Path()
path.add(ef.modules.FileOutput("slow.evf"))
"""


def _as_a_background_job():
    # What `evflow ... &` in a script gets (SIGINT ignored), and a parent that left SIGINT
    # and SIGTERM blocked: the signal mask and ignored signals survive exec.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})


@pytest.mark.parametrize("how", ["run", "up", "up --hold"])
@pytest.mark.parametrize(
    ("signum", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)], ids=["SIGINT", "SIGTERM"]
)
def test_a_job_started_with_signals_ignored_or_blocked_still_answers_them(
    tmp_path, how, signum, code
):
    """`evflow run` and `evflow up` (forked on one host, or device processes with --hold) stop
    cleanly on SIGINT and SIGTERM even when started with SIGINT ignored and both blocked."""
    steering = SLOW_STEERING.replace('ef.process(path, report="job.json")\n', "")
    steering = steering.replace(
        'path.add(ef.modules.FileOutput("slow.evf", compression="zstd"))', ""
    )
    if how == "run":
        output = 'path.add(ef.modules.FileOutput("slow.evf"))\n'
        (tmp_path / "steer.py").write_text(steering + output + "ef.process(path)\n")
        args = ["run", "steer.py"]
    else:
        Farm(f"sig{os.getpid()}").remove("reco").write(tmp_path, gen=steering, store=STORE)
        args = ["up", "topo.toml", *how.split()[1:]]
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    process = subprocess.Popen(
        evflow_cmd(*args),
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        preexec_fn=_as_a_background_job,
    )
    try:
        if how == "up --hold":
            started = run_cli("ctl", "topo.toml", "start", "--run", "1", cwd=tmp_path)
            deadline = time.monotonic() + STARTUP_DEADLINE_S
            while started.returncode != 0 and time.monotonic() < deadline:
                time.sleep(0.1)  # the control socket is not there yet
                started = run_cli("ctl", "topo.toml", "start", "--run", "1", cwd=tmp_path)
            assert started.returncode == 0, started.stderr
        wait_for(lambda: written(tmp_path)[0] >= 5, STARTUP_DEADLINE_S, "5 events", process)
        process.send_signal(signum)
        _, err = process.communicate(timeout=EXIT_DEADLINE_S)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == code, err
    assert "Traceback" not in err
    with ef.open(tmp_path / "slow.evf") as f:
        assert f.stopped is None
        assert len(f) >= 1
