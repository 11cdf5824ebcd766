"""Cuts in a parallel job (docs/root.md, "Cuts in a parallel job"): the snapshots a -p 2 job's
HistogramOutput takes hold, at their position B, every event below B once and none above,
also while a worker is slow on one event; a worker SIGKILLed during a cut gives that cut up,
and the job goes on taking cuts."""

import json
import os
import signal
import time

import numpy as np
from conftest import run_cli
from test_resume import finish, start

EVENTS = 1500
SLOW = 600  # the event a worker is slow on (its first attempt)

STEERING = """
import os, sys, time
import numpy as np
import evflow as ef
from evflow.root import HistogramOutput

N = {events}
source, out = sys.argv[1:3]


class Seen(ef.Module):
    parallel_safe = True
    mergeable = ("seen",)

    def initialize(self):
        self.seen = np.zeros(N, dtype=np.int64)

    def event(self, event):
        time.sleep(0.002)
        if event.seq == {slow} and not os.path.exists("slow.pid"):
            with open("slow.pid.tmp", "w") as f:
                f.write(str(os.getpid()))
            os.replace("slow.pid.tmp", "slow.pid")
            time.sleep(3.0)
        self.seen[event.seq] += 1


path = ef.Path()
path.add(ef.modules.EventGenerator(runs=[(1, N)], entries={{"x": {{"dtype": "<f4", "size": 2}}}}))
path.add(Seen())
path.add(ef.modules.FileOutput(out))
path.add(HistogramOutput(out.replace(".evf", "-hist.root"), checkpoint_every=0.05))
ef.process(path, summary=False)
"""


def run_watching(directory, when_slow=None):
    """Runs the job with -p 2, reading each snapshot its HistogramOutput writes meanwhile;
    ``when_slow(pid)`` is called once a worker is slow on event SLOW. Returns the exit code,
    stderr and the snapshots seen: (B, the ``seen`` array's sums)."""
    (directory / "steer.py").write_text(STEERING.format(events=EVENTS, slow=SLOW))
    job = start(directory, "steer.py", "gen", "out.evf", 2)
    snapshot, marker = directory / "out-hist.root.resume", directory / "slow.pid"
    seen, told = {}, False
    while job.poll() is None:
        if when_slow is not None and not told and marker.exists():
            told = True
            when_slow(int(marker.read_text()))
        try:
            with np.load(snapshot) as npz:
                accounted = json.loads(str(npz["evflow.json"]))["accounted"]
                seen.setdefault(accounted, npz["sums/Seen.seen"].copy())
        except (FileNotFoundError, ValueError, KeyError, OSError):
            pass  # none yet, or the job just removed it at its end
        time.sleep(0.01)
    rc, err = finish(job)
    return rc, err, sorted(seen.items())


def test_each_snapshot_of_a_parallel_job_counts_every_event_below_its_cut_once(tmp_path):
    rc, err, snapshots = run_watching(tmp_path)
    assert rc == 0, err
    assert len(snapshots) >= 3, f"too few snapshots: {[b for b, _ in snapshots]}"
    for below, seen in snapshots:
        assert (seen[:below] == 1).all(), f"cut at {below}: {np.flatnonzero(seen[:below] != 1)}"
        assert not seen[below:].any(), f"cut at {below}: {np.flatnonzero(seen[below:])} above it"
    # A cut while a worker was slow on SLOW waited for it: none was taken across it unfinished.
    assert any(below > SLOW for below, _ in snapshots), [b for b, _ in snapshots]


def test_a_worker_killed_during_a_cut_gives_it_up_and_the_job_takes_the_next(tmp_path):
    killed = []

    def kill(pid):
        time.sleep(0.5)  # the input paused for a cut meanwhile; the other worker wrote its part
        os.kill(pid, signal.SIGKILL)
        killed.append(pid)

    rc, err, snapshots = run_watching(tmp_path, kill)
    assert rc == 0, err
    assert killed, "no worker was slow on the event"
    for below, seen in snapshots:
        # What the dead worker had filled is lost, as from the final sums; nothing twice.
        assert set(np.unique(seen[:below])) <= {0, 1}, f"cut at {below}"
        assert not seen[below:].any(), f"cut at {below}: {np.flatnonzero(seen[below:])} above it"
    after = [below for below, seen in snapshots if below > SLOW]
    assert after, f"no cut after the worker died: {[b for b, _ in snapshots]}"
    assert all(snapshots_seen[SLOW] == 1 for below, snapshots_seen in snapshots if below > SLOW)


def test_bench_resume_runs_with_tiny_sizes(tmp_path):
    """``evflow bench resume`` as a user runs it, tiny: both tables, every row (no assertion
    on speed)."""
    done = run_cli(
        "bench", "resume", "--sizes", "0.001", "--event-sizes", "65536", "--repeats", "1",
        "--cut-events", "200", "--dir", str(tmp_path), cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "finding where to go on" in done.stdout and "cuts of a -p 2 job" in done.stdout
    rows = [line for line in done.stdout.splitlines() if line.startswith("| ") and " s " in line]
    assert len(rows) == 2 + 3, done.stdout
    assert not os.listdir(tmp_path), "the bench left files behind"
