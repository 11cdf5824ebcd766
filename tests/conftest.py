"""Shared fixtures: sources and modules that record what they see, file writers, the CLI."""

import atexit
import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import evflow as ef
import numpy as np
import pytest
from evflow_bench.namespaces import Hosts
from hypothesis import settings
from hypothesis.configuration import set_hypothesis_home_dir

# hypothesis keeps its caches outside the working tree and no example database
HYPOTHESIS_HOME = tempfile.mkdtemp(prefix="evflow-tests-hypothesis-")
atexit.register(shutil.rmtree, HYPOTHESIS_HOME, ignore_errors=True)
set_hypothesis_home_dir(HYPOTHESIS_HOME)
settings.register_profile("evflow", database=None)
settings.load_profile("evflow")

REPO = Path(__file__).resolve().parent.parent
EVFLOW_SCRIPT = Path(sys.executable).parent / "evflow"
# How long a test waits for a file being written to hold the events it waits for.
PART_FILE_WAIT_S = 60
COMPRESSIONS = ["none", "zstd", "lz4"]


class ListSource(ef.Source):
    """Yields events built from (run, number, entries) tuples."""

    def __init__(self, specs):
        self.specs = list(specs)
        self.expected_events = len(self.specs)

    def events(self):
        for run, number, entries in self.specs:
            yield ef.Event(run=run, number=number, **entries)


class Recorder(ef.Module):
    """Records every hook call as a tuple in ``calls`` (shared list, in call order)."""

    def __init__(self, calls, label="rec", reject=None):
        self.calls = calls
        self.label = label
        self.reject = reject or (lambda event: False)

    def initialize(self):
        self.calls.append((self.label, "initialize"))

    def begin_run(self, run):
        self.calls.append((self.label, "begin_run", run))

    def event(self, event):
        self.calls.append((self.label, "event", event.run, event.number))
        return not self.reject(event)

    def end_run(self, run):
        self.calls.append((self.label, "end_run", run))

    def terminate(self):
        self.calls.append((self.label, "terminate"))


def sample_specs(n=6, runs=(1, 2)):
    """Events with a mix of entry kinds, spread over ``runs``."""
    hit = np.dtype([("layer", "u1"), ("phi", "<f4"), ("cells", "<u2", (2,))])
    specs = []
    for i in range(n):
        run = runs[i * len(runs) // n]
        hits = np.zeros(i + 1, hit)
        hits["layer"] = np.arange(i + 1)
        hits["phi"] = np.linspace(-1, 1, i + 1)
        hits["cells"] = [[i, 2 * i]] * (i + 1)
        specs.append(
            (
                run,
                i + 1,
                {
                    "adc": np.arange(8 * (i + 1), dtype="<u2").reshape(-1, 8),
                    "energy": np.float64(1.5 * i),
                    "hits": hits,
                    "label": f"event-{i}",
                },
            )
        )
    return specs


def write_file(path, specs, compression="none", **kwargs):
    """Writes events (see ``ListSource``) with FileOutput; returns the job's report."""
    p = ef.Path()
    p.add(ListSource(specs))
    p.add(ef.modules.FileOutput(str(path), compression=compression, **kwargs))
    return ef.process(p, summary=False)


def assert_same_entries(event, entries):
    """``event`` holds exactly ``entries`` (same names, dtypes, shapes, values)."""
    assert sorted(event.keys()) == sorted(entries)
    for name, value in entries.items():
        expected = np.asarray(value)
        got = event[name]
        assert got.dtype == expected.dtype.newbyteorder("<")
        assert got.shape == expected.shape
        assert np.array_equal(got, expected), name


def _default_sigint():
    # A plain Python child started from a shell job without job control inherits SIGINT
    # ignored, and Python then never installs its KeyboardInterrupt handler (the evflow
    # command sets its own: its tests start it as they find it).
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def evflow_cmd(*args, script=False):
    """The command line for ``evflow ARGS``: ``python -m evflow`` or the console script."""
    if script:
        return [str(EVFLOW_SCRIPT), *map(str, args)]
    return [sys.executable, "-m", "evflow", *map(str, args)]


def run_cli(*args, cwd, script=False, timeout=60):
    """Runs ``evflow ARGS`` to completion; returns the CompletedProcess (text output)."""
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    return subprocess.run(
        evflow_cmd(*args, script=script),
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
    )


def start_cli(*args, cwd, script=False, env=None):
    """Starts ``evflow ARGS`` in the background, with ``env`` added to the environment;
    returns the Popen."""
    env = dict(os.environ, PYTHONUNBUFFERED="1", **(env or {}))
    return subprocess.Popen(
        evflow_cmd(*args, script=script),
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def assert_completion(path, reason=None):
    """The file at ``path`` is intact and complete (``reason`` None), or intact and says it is
    not complete, with a reason holding ``reason``: through the API, ``evflow info`` (exit 0)
    and ``evflow info --json``."""
    with ef.open(path) as f:
        assert f.complete is (reason is None), f.incomplete_reason
        if reason is not None:
            assert reason in f.incomplete_reason, f.incomplete_reason
    shown = run_cli("info", path, cwd=os.path.dirname(os.path.abspath(path)))
    assert shown.returncode == 0, shown.stderr
    assert "integrity:   ok" in shown.stdout, shown.stdout
    line = next(li for li in shown.stdout.splitlines() if li.startswith("complete:"))
    if reason is None:
        assert line == "complete:    yes", line
    else:
        assert line.startswith("complete:    no (") and reason in line, line
    as_json = run_cli("info", path, "--json", cwd=os.path.dirname(os.path.abspath(path)))
    summary = json.loads(as_json.stdout)
    assert summary["complete"] is (reason is None)
    assert (summary["incomplete_reason"] is None) is (reason is None)


def wait_for_events(part, n):
    """Waits until the file ``part`` holds ``n`` complete records."""
    deadline = time.monotonic() + PART_FILE_WAIT_S
    while time.monotonic() < deadline:
        if part.exists():
            with ef.open(part) as f:
                if len(f) >= n:
                    return
        time.sleep(0.05)
    raise AssertionError(f"{part} did not reach {n} events within {PART_FILE_WAIT_S} s")


def error_lines(stderr):
    """The lines of stderr that start with 'evflow: error:'."""
    return [line for line in stderr.splitlines() if line.startswith("evflow: error:")]


@pytest.fixture
def calls():
    """A fresh list that Recorder modules append their hook calls to."""
    return []


@pytest.fixture
def hosts():
    """Three namespace hosts a, b and c on a bridge (evflow_bench.namespaces), removed after
    the test; they need root and iproute2's ip."""
    with Hosts(["a", "b", "c"]) as made:
        yield made


@pytest.fixture
def sample_file(tmp_path):
    """A small uncompressed file of ``sample_specs()`` events, and those specs."""
    specs = sample_specs()
    path = tmp_path / "sample.evf"
    write_file(path, specs)
    return path, specs


class JobHung(Exception):
    """A test's job was still running after its time limit."""


@contextlib.contextmanager
def killed_on_exit(process):
    """Yields ``process`` and, if it still runs when the block ends (a test that failed or
    timed out), kills and reaps it: no job outlives its test. What it had printed to stderr
    goes to the test's stderr, which pytest shows with the failure."""
    try:
        yield process
    finally:
        if process.poll() is None:
            process.kill()
            _, err = process.communicate()
            if isinstance(err, bytes):
                err = err.decode(errors="replace")
            if err:
                print(f"--- the killed process's stderr, its end:\n{err[-6000:]}", file=sys.stderr)


@contextlib.contextmanager
def job_watchdog(limit_s):
    """Turns a job that never ends into a failure instead of a suite that never ends.

    SIGALRM's handler raises; inside process() the monitor sees that as a signal: the first
    drains the job, the second (2 s later) aborts it, which SIGKILLs the workers, and
    process() re-raises the exception."""

    def expired(signum, frame):
        signal.alarm(2)
        raise JobHung(f"the test was still running after {limit_s} s: a job hung")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(limit_s)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


# --- the suite leaves nothing behind -----------------------------------------------------------

LEFT_BEHIND_WAIT_S = 10
"""Seconds the end of the suite waits for processes of its last tests to end and tidy up."""


def _evflow_temporaries() -> set[str]:
    """evflow's directories and control sockets in the temporary directory."""
    tmp = tempfile.gettempdir()
    found = {os.path.join(tmp, n) for n in os.listdir(tmp) if n.startswith("evflow-")}
    control = os.path.join(tmp, f"evflow-{os.getuid()}")
    if os.path.isdir(control):
        found.discard(control)
        found |= {os.path.join(control, n) for n in os.listdir(control)}
    return found


def _in_use(path: str) -> bool:
    """Whether a living process holds ``path``: a directory's ``.owner`` lock (tmpdir.rs),
    a control socket's listener; anything else of evflow's counts as left behind."""
    import fcntl
    import socket as sockets

    if path.endswith(".ctl"):
        with sockets.socket(sockets.AF_UNIX) as s:
            return s.connect_ex(path) == 0
    try:
        with open(os.path.join(path, ".owner")) as owner:
            fcntl.flock(owner, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    return False


_BEFORE_SUITE = _evflow_temporaries()


def pytest_sessionfinish(session, exitstatus):
    """Fails the run if its tests left evflow's directories or control sockets in the
    temporary directory (docs/operations.md, "What a killed job leaves"): what a living
    process holds (another job beside the suite) is not this run's."""
    deadline = time.monotonic() + LEFT_BEHIND_WAIT_S
    while True:
        left = sorted(p for p in _evflow_temporaries() - _BEFORE_SUITE if not _in_use(p))
        if not left or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    if left:
        print(f"\nthe tests left {len(left)} evflow temporaries behind: {', '.join(left)}")
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
