"""The parallel engine (docs/parallel.md) under real signals, end to end through `evflow run`:
workers SIGKILLed at random while a job runs (chaos), SIGINT, SIGTERM, a second SIGINT, the
monitor SIGKILLed, the output process SIGKILLed. Over both transports.

Each job runs in a session of its own (setsid), so every process it forks, replacements
included, can be found by its session id in /proc, and killed with it if a test fails.

`make soak` runs the chaos test with EVFLOW_SOAK=1: far more events (EVFLOW_CHAOS_SEED picks
the killer's seed).
"""

import collections
import glob
import json
import os
import random
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from typing import NamedTuple

import evflow as ef
import numpy as np
import pytest
from conftest import assert_completion, error_lines, evflow_cmd, run_cli

TRANSPORTS = ["shm", "ipc"]
SOAK = bool(os.environ.get("EVFLOW_SOAK"))
CHAOS_EVENTS = 1_000_000 if SOAK else 100_000
CHAOS_SEED = int(os.environ.get("EVFLOW_CHAOS_SEED", "20240404"))
# Deadlines only keep a broken engine from hanging the suite; nothing asserts on speed.
CHAOS_DEADLINE_S = 1800 if SOAK else 300
STARTUP_DEADLINE_S = 60
EXIT_DEADLINE_S = 30
GONE_DEADLINE_S = 15
PDEATH_DEADLINE_S = 3
WORKERS = 2
JOB_NAMES = {"evf-input", "evf-output", *(f"evf-worker-{w + 1}" for w in range(WORKERS))}

CHAOS_STEERING = """\
import numpy as np

import evflow as ef


class Tag(ef.Module):
    \"\"\"Rejects every tenth event; adds 'tag' = 3 * number + 1 to the others.\"\"\"

    parallel_safe = True

    def event(self, event):
        if event.number % 10 == 0:
            return False
        event["tag"] = np.array([3 * event.number + 1], dtype="<u8")
        return True


path = ef.Path()
path.add(
    ef.modules.EventGenerator(
        events={events}, entries={{"x": {{"dtype": "<u4", "size": 4, "values": "sequence"}}}}
    )
)
path.add(Tag())
path.add(ef.modules.FileOutput("out.evf"))
# processes=1 here: `evflow run -p 2` overrides it.
ef.process(
    path,
    processes=1,
    max_restarts_per_minute=100000,
    max_retries=5,
    transport={transport!r},
    report="job.json",
)
"""

SLOW_STEERING = """\
import os
import pathlib
import time

import evflow as ef


class Slow(ef.Module):
    \"\"\"About 5 ms an event; rejects every seventh. While a file 'hold' exists it holds each
    event it gets (for two minutes), after touching 'holding-SEQ'.\"\"\"

    parallel_safe = True

    def event(self, event):
        if os.path.exists("hold"):
            pathlib.Path(f"holding-{{event.seq}}").touch()
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                time.sleep(0.05)
        else:
            time.sleep(0.005)
        return event.number % 7 != 0


class Count(ef.Module):
    \"\"\"Not parallel-safe: runs in evf-output. Writes how many events reached it to
    'progress'.\"\"\"

    seen = 0

    def event(self, event):
        self.seen += 1
        pathlib.Path("progress.tmp").write_text(str(self.seen))
        os.replace("progress.tmp", "progress")
        return True


path = ef.Path()
path.add(
    ef.modules.EventGenerator(
        events=1000000, entries={{"x": {{"dtype": "<f8", "size": 16, "values": "sequence"}}}}
    )
)
path.add(Slow())
path.add(Count())
path.add(ef.modules.FileOutput("slow.evf", compression="zstd"))
ef.process(path, processes={workers}, transport={transport!r}, report="job.json")
"""


# --- processes of a job --------------------------------------------------------------------------


class Stat(NamedTuple):
    comm: str
    state: str
    ppid: int
    session: int


def proc_stat(pid):
    """The process's name, state, parent and session from /proc, or None if it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            text = f.read()
    except OSError:
        return None
    # The name may hold spaces and parentheses: the fields after it start at the last ')'.
    comm = text[text.index("(") + 1 : text.rindex(")")]
    fields = text[text.rindex(")") + 2 :].split()
    return Stat(comm, fields[0], int(fields[1]), int(fields[3]))


def job_processes(monitor, include_zombies=True):
    """pid -> Stat of every process of the job's session except the monitor itself."""
    found = {}
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == monitor:
            continue
        stat = proc_stat(int(name))
        if stat is None or stat.session != monitor:
            continue
        if include_zombies or stat.state not in ("Z", "X", "x"):
            found[int(name)] = stat
    return found


def start_job(*args, cwd):
    """Starts ``evflow ARGS`` (as conftest's start_cli) in a session of its own: the job's
    processes all have the monitor's pid as session id."""
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    return subprocess.Popen(
        evflow_cmd(*args),
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        start_new_session=True,
    )


def kill_job(process):
    """Kills every process of the job that is left (after a failure), and reaps the monitor."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    for pid in job_processes(process.pid, include_zombies=False):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    try:
        process.communicate(timeout=EXIT_DEADLINE_S)
    except subprocess.TimeoutExpired:
        pass


def wait_for(predicate, deadline_s, what, process=None):
    """Polls ``predicate`` until it holds; fails after ``deadline_s`` or if ``process`` (the
    job) ends."""
    deadline = time.monotonic() + deadline_s
    while not predicate():
        if process is not None and process.poll() is not None:
            _, err = wait_exit(process)
            pytest.fail(f"evflow exited ({process.returncode}) before {what}:\n{err}")
        if time.monotonic() > deadline:
            pytest.fail(f"no {what} within {deadline_s} s")
        time.sleep(0.02)


def wait_exit(process, deadline_s=EXIT_DEADLINE_S):
    """Waits for the job to end; its (stdout, stderr). Fails (rather than hangs) past the
    deadline."""
    try:
        return process.communicate(timeout=deadline_s)
    except subprocess.TimeoutExpired:
        stack = {pid: s.comm for pid, s in job_processes(process.pid).items()}
        pytest.fail(f"the job did not end within {deadline_s} s; its processes: {stack}")


def shm_segments(monitor):
    """The shared-memory segment files of the job whose monitor is ``monitor``."""
    return glob.glob(f"/dev/shm/evflow.*.job-{monitor}-*")


def job_dirs(monitor):
    """The job directories (errors, not-completed lists, ipc sockets) of the job."""
    return glob.glob(os.path.join(tempfile.gettempdir(), f"evflow-job-{monitor}-*"))


def assert_job_gone(monitor):
    """After `evflow run` ended: no process of the job, no shared memory, no job directory."""
    left = {pid: (s.comm, s.state) for pid, s in job_processes(monitor).items()}
    assert not left, f"processes of the job outlived it: {left}"
    assert not shm_segments(monitor), "the job's shared-memory segment was left"
    assert not job_dirs(monitor), "the job's directory was left"


def assert_job_processes(monitor):
    """While the job runs: the monitor and its children carry their names."""
    assert proc_stat(monitor).comm == "evf-monitor"
    children = job_processes(monitor, include_zombies=False)
    assert {s.comm for s in children.values()} == JOB_NAMES, children
    assert all(s.ppid == monitor for s in children.values()), children
    return children


def progress(tmp_path):
    """Events that reached the output part so far (SLOW_STEERING)."""
    try:
        return int((tmp_path / "progress").read_text())
    except (FileNotFoundError, ValueError):
        return 0


def held_seqs(tmp_path):
    """Seqs that workers hold (SLOW_STEERING with a 'hold' file)."""
    return {int(p.name.split("-")[1]) for p in tmp_path.glob("holding-*")}


def start_slow_job(tmp_path, transport, events_first=20):
    """Starts SLOW_STEERING and waits until ``events_first`` events reached the output."""
    steering = SLOW_STEERING.format(workers=WORKERS, transport=transport)
    (tmp_path / "steer.py").write_text(steering)
    process = start_job("run", "steer.py", cwd=tmp_path)
    wait_for(
        lambda: progress(tmp_path) >= events_first,
        STARTUP_DEADLINE_S,
        f"{events_first} events at the output",
        process,
    )
    return process


def read_output(path):
    """The events of a closed output file, checked to be complete and valid."""
    with ef.open(path) as f:
        assert f.stopped is None, f.stopped
        assert not f.skipped_records
        events = list(f)
        assert len(events) == len(f)
    return events


def check_slow_output(tmp_path, report):
    """The output of an interrupted SLOW_STEERING job holds what the report says, once each:
    written + rejected + not completed = read, each seq in exactly one of them."""
    events = read_output(tmp_path / "slow.evf")
    assert not list(tmp_path.glob("*.part")) and not list(tmp_path.glob(".*.part"))
    assert report["interrupted"] is True
    assert report["written"] == len(events)
    seqs = collections.Counter(e.seq for e in events)
    assert max(seqs.values(), default=1) == 1, "an event was written twice"
    for event in events:
        assert event.run == 1
        assert event.number == event.seq + 1
        assert event.number % 7 != 0, "a rejected event was written"
        assert np.array_equal(event["x"], np.arange(16, dtype="<f8"))
    read = report["read"]
    not_completed = report["not_completed"]
    assert len(set(not_completed)) == len(not_completed)
    assert set(not_completed) <= set(range(read))
    assert not set(not_completed) & set(seqs), "an event was both written and not completed"
    rest = set(range(read)) - set(seqs) - set(not_completed)
    # what is neither written nor listed was rejected: every seventh event
    assert all((seq + 1) % 7 == 0 for seq in rest), sorted(rest)[:20]
    assert report["rejected"] == len(rest)
    assert report["written"] + report["rejected"] + len(not_completed) == read
    assert report["failed"] == 0
    assert report["duplicates"] == 0
    return events


# --- chaos: workers SIGKILLed at random ----------------------------------------------------------


class WorkerKiller(threading.Thread):
    """SIGKILLs a random evf-worker-* child of ``monitor`` every 100-300 ms until stopped;
    ``hits`` counts the kills that reached a running worker."""

    def __init__(self, monitor, seed):
        super().__init__(daemon=True)
        self.monitor = monitor
        self.rng = random.Random(seed)
        self.stopped = threading.Event()
        self.hits = 0

    def run(self):
        while not self.stopped.wait(self.rng.uniform(0.1, 0.3)):
            workers = sorted(
                pid
                for pid, s in job_processes(self.monitor, include_zombies=False).items()
                if s.comm.startswith("evf-worker-") and s.ppid == self.monitor
            )
            if not workers:
                continue
            pid = self.rng.choice(workers)
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                continue
            self.hits += 1


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_chaos_random_worker_kills_lose_and_duplicate_nothing(tmp_path, transport):
    events_in = CHAOS_EVENTS
    steering = CHAOS_STEERING.format(events=events_in, transport=transport)
    (tmp_path / "steer.py").write_text(steering)
    seed = CHAOS_SEED + TRANSPORTS.index(transport)
    process = start_job("run", "steer.py", "-p", WORKERS, cwd=tmp_path)
    killer = WorkerKiller(process.pid, seed)
    killer.start()
    try:
        _, err = wait_exit(process, CHAOS_DEADLINE_S)
    finally:
        killer.stopped.set()
        killer.join()
        kill_job(process)
    context = f"seed {seed}, {killer.hits} workers killed\n{err}"
    assert process.returncode == 0, context
    assert "Traceback" not in err, context
    assert killer.hits > 0, context
    assert_job_gone(process.pid)

    report = json.loads((tmp_path / "job.json").read_text())
    rejected = events_in // 10
    assert report["read"] == events_in, context
    assert report["rejected"] == rejected, context
    assert report["written"] == events_in - rejected, context
    assert report["written"] + report["rejected"] == report["read"]
    assert report["failed"] == 0 and report["quarantined"] == 0, context
    assert report["not_completed"] == []
    assert report["interrupted"] is False
    assert len(report["workers"]) == WORKERS
    assert report["restarts"] == sum(w["restarts"] for w in report["workers"])
    # Every kill of a running worker made a replacement, but for those that came after the
    # end of data (each of the last workers may be killed once while it finishes).
    assert killer.hits - WORKERS <= report["restarts"] <= killer.hits, context
    assert report["restarts"] > 0, context
    assert report["retried"] <= report["restarts"], context

    numbers = collections.Counter()
    retried = 0
    for event in ef.read(tmp_path / "out.evf"):
        assert event.run == 1
        assert event["tag"][0] == 3 * event.number + 1
        assert event.seq == event.number - 1
        numbers[event.number] += 1
        retried += "retried" in event.flags
    twice = [n for n, count in numbers.items() if count > 1]
    assert not twice, f"written more than once: {twice[:20]} ({context})"
    expected = {n for n in range(1, events_in + 1) if n % 10 != 0}
    assert set(numbers) == expected, (
        f"missing {sorted(expected - set(numbers))[:20]}, "
        f"unexpected {sorted(set(numbers) - expected)[:20]} ({context})"
    )
    assert retried <= report["retried"]


# --- SIGINT and SIGTERM, to the monitor or its group ---------------------------------------------


@pytest.mark.parametrize("transport", TRANSPORTS)
@pytest.mark.parametrize("target", ["monitor", "group"])
@pytest.mark.parametrize(
    ("signum", "code", "message"),
    [(signal.SIGINT, 130, "interrupted (SIGINT)"), (signal.SIGTERM, 143, "terminated (SIGTERM)")],
    ids=["SIGINT", "SIGTERM"],
)
def test_signal_drains_the_job_and_closes_the_output(
    tmp_path, transport, target, signum, code, message
):
    """The signal goes to the monitor (`kill PID`), or to the job's process group as a
    terminal's Ctrl-C does: the children leave it to the monitor."""
    process = start_slow_job(tmp_path, transport)
    try:
        assert_job_processes(process.pid)
        if target == "group":
            os.killpg(process.pid, signum)
        else:
            process.send_signal(signum)
        _, err = wait_exit(process)
    finally:
        kill_job(process)
    assert process.returncode == code, err
    assert "Traceback" not in err, err
    assert message in err, err
    assert_job_gone(process.pid)
    report = json.loads((tmp_path / "job.json").read_text())
    # A drain: every event read went through (no event is left not completed).
    assert report["not_completed"] == [], report["not_completed"]
    events = check_slow_output(tmp_path, report)
    assert len(events) >= 15
    assert report["restarts"] == 0
    # A drain leaves events unread: the file says it is not complete.
    assert_completion(tmp_path / "slow.evf", f"interrupted by {signal.Signals(signum).name}")


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_second_sigint_aborts_and_lists_the_events_not_completed(tmp_path, transport):
    process = start_slow_job(tmp_path, transport)
    try:
        (tmp_path / "hold").touch()
        wait_for(
            lambda: len(held_seqs(tmp_path)) >= WORKERS,
            STARTUP_DEADLINE_S,
            "every worker holding an event",
            process,
        )
        process.send_signal(signal.SIGINT)
        time.sleep(0.3)
        # The drain waits for the held events (two minutes each)...
        assert process.poll() is None, process.communicate()[1]
        # ...the second SIGINT does not.
        process.send_signal(signal.SIGINT)
        _, err = wait_exit(process)
    finally:
        kill_job(process)
    assert process.returncode == 130, err
    assert "Traceback" not in err, err
    assert "interrupted (SIGINT)" in err, err
    assert_job_gone(process.pid)
    report = json.loads((tmp_path / "job.json").read_text())
    held = held_seqs(tmp_path)
    assert held <= set(report["not_completed"]), (held, report["not_completed"])
    listed = f"{len(report['not_completed'])} events read were not completed"
    assert listed in err and str(min(held)) in err, err
    check_slow_output(tmp_path, report)
    assert_completion(tmp_path / "slow.evf", "interrupted by SIGINT")


# --- SIGKILL of the monitor ----------------------------------------------------------------------


def shm_sessions_of(monitor, cwd):
    result = run_cli("shm", "ls", "--json", cwd=cwd)
    assert result.returncode == 0, result.stderr
    return [s for s in json.loads(result.stdout) if s["session"].startswith(f"job-{monitor}-")]


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_killed_monitor_takes_its_children_and_its_session(tmp_path, transport):
    process = start_slow_job(tmp_path, transport)
    monitor = process.pid
    try:
        children = assert_job_processes(monitor)
        killed_at = time.monotonic()
        process.kill()
        process.wait(timeout=EXIT_DEADLINE_S)
        # The parent-death signal ends every child (zombies stay where nobody reaps orphans).
        lingering = set()
        deadline = killed_at + GONE_DEADLINE_S
        while left := job_processes(monitor, include_zombies=False):
            if time.monotonic() - killed_at > PDEATH_DEADLINE_S:
                lingering |= {s.comm for s in left.values()}
            if time.monotonic() > deadline:
                pytest.fail(f"children outlived the monitor by {GONE_DEADLINE_S} s: {left}")
            time.sleep(0.01)
        gone_after = time.monotonic() - killed_at
        process.communicate(timeout=EXIT_DEADLINE_S)
    finally:
        kill_job(process)
    assert process.returncode == -signal.SIGKILL
    assert not set(job_processes(monitor, include_zombies=False)) & set(children)

    # The output closed its file on the parent-death SIGTERM: intact, under its final name,
    # and marked incomplete.
    events = read_output(tmp_path / "slow.evf")
    assert_completion(tmp_path / "slow.evf", "its monitor died")
    assert len(events) >= 15
    assert collections.Counter(e.seq for e in events).most_common(1)[0][1] == 1
    assert all(e.number % 7 != 0 for e in events)

    sessions = shm_sessions_of(monitor, tmp_path)
    try:
        if transport == "shm" and sessions:
            # The output, the last child to end, removes the session when the others died
            # before it detached (docs/shm.md, "Lifetime of a session"); if one was still
            # dying then, the session is left dead, and `evflow shm clean` removes it.
            [session] = sessions
            assert session["state"] == "dead", session
            assert session["alive"] == 0, session
            assert not [pid for pid, alive in session["processes"] if alive], session
            [segment] = shm_segments(monitor)
            assert session["path"] == segment
            result = run_cli("shm", "clean", session["session"], cwd=tmp_path)
            assert result.returncode == 0, result.stderr
            assert f"removed {segment}" in result.stdout, result.stdout
            assert not os.path.exists(segment)
        assert shm_sessions_of(monitor, tmp_path) == []
        assert shm_segments(monitor) == []
    finally:
        # What only the dead monitor would have removed.
        for path in shm_segments(monitor):
            os.unlink(path)
        for path in job_dirs(monitor):
            shutil.rmtree(path, ignore_errors=True)

    # docs/parallel.md: the children end "within a second" (slack for a loaded machine).
    if lingering:
        message = f"{sorted(lingering)} outlived the monitor by {gone_after:.1f} s"
        pytest.fail(message)


# --- SIGKILL of the output process ---------------------------------------------------------------


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_killed_output_ends_the_job_with_an_error(tmp_path, transport):
    process = start_slow_job(tmp_path, transport)
    try:
        children = assert_job_processes(process.pid)
        [output] = [pid for pid, s in children.items() if s.comm == "evf-output"]
        os.kill(output, signal.SIGKILL)
        _, err = wait_exit(process)
    finally:
        kill_job(process)
    assert process.returncode == 1, err  # the job failed (cli.EXIT["job_failed"])
    assert "Traceback" not in err, err
    errors = error_lines(err)
    assert errors, err
    assert "evf-output" in errors[0], err
    assert "SIGKILL" in errors[0], err
    assert_job_gone(process.pid)


def test_killed_output_error_is_printed_once(tmp_path):
    process = start_slow_job(tmp_path, "shm")
    try:
        [output] = [
            pid for pid, s in assert_job_processes(process.pid).items() if s.comm == "evf-output"
        ]
        os.kill(output, signal.SIGKILL)
        _, err = wait_exit(process)
    finally:
        kill_job(process)
    assert len(error_lines(err)) == 1, err
