"""Resuming a job with a HistogramOutput (docs/root.md, "Resuming ``HistogramOutput``"): killed
at random moments and resumed, its histograms and its .evf output equal an uninterrupted
run's, each event counted once."""

import json
import random
import signal

import numpy as np
import pytest
import uproot
from conftest import run_cli
from test_resume import KILL_SEEDS, contents, finish, kill_when, snapshot, start, written

EVENTS = 1000

STEERING = """
import os, sys, time
import boost_histogram as bh
import numpy as np
import evflow as ef
from evflow.root import HistogramOutput

N = {events}
source, out = sys.argv[1:3]


class Energy(ef.Module):
    parallel_safe = True
    mergeable = ("spectrum", "counts")

    def initialize(self):
        self.spectrum = bh.Histogram(bh.axis.Regular(20, 0, 500), storage=bh.storage.Double())
        self.counts = np.ones(3, dtype=np.int64)  # what initialize puts there counts once

    def event(self, event):
        time.sleep(0.004)
        self.spectrum.fill(event["adc"].astype(np.float64))
        self.counts[event.number % 3] += 1
        event["smeared"] = event.rng.normal(size=2)
        return event.number % 7 != 0


class Selected(ef.Module):
    mergeable = ("n_hits",)

    def initialize(self):
        self.n_hits = bh.Histogram(bh.axis.Integer(0, 45), storage=bh.storage.Weight())

    def event(self, event):
        self.n_hits.fill(len(event["adc"]), weight=2.0)


path = ef.Path()
path.add(ef.modules.EventGenerator(
    runs=[(1, N // 2), (2, N - N // 2)],
    entries={{"adc": {{"dtype": "<u2", "size": ("uniform", 1, 40)}}}},
))
path.add(Energy())
path.add(Selected())
path.add(ef.modules.FileOutput(out))
path.add(HistogramOutput(out.replace(".evf", "-hist.root"), checkpoint_every=0.25))
ef.process(path, summary=False, ordered=os.environ.get("RESUME_ORDERED") == "1")
"""


def steering(directory):
    (directory / "steer.py").write_text(STEERING.format(events=EVENTS))


def histograms(path):
    """Every histogram of a HistogramOutput file: its bins' contents (flow included)."""
    with uproot.open(path) as f:
        meta = json.loads(str(f["evflow"]))
        assert meta["completion"] == {"complete": True, "reason": None}, meta
        return {
            key.split(";")[0]: (
                f[key].values(flow=True).tolist(),
                f[key].variances(flow=True).tolist(),
            )
            for key, cls in f.classnames().items()
            if cls.startswith("TH")
        }


def run_job(directory, processes, ordered=False, resume=False, out="out.evf"):
    return start(directory, "steer.py", "gen", out, processes, ordered, resume)


def killed(directory, processes, resume, rng):
    """Runs the job and SIGKILLs its process group once its .evf file holds a random number
    of events more."""
    part = directory / ".out.evf.part"
    target = written(part) + rng.randint(100, 300)
    return kill_when(run_job(directory, processes, resume=resume), lambda: written(part) >= target)


ATTEMPTS = {
    # processes of each killed attempt, then of the last one
    "p0": ([0, 0, 0], 0),
    "p2": ([2, 2, 2], 2),
    "p0-then-p2": ([0, 2, 0], 2),
}


@pytest.mark.parametrize("seed", KILL_SEEDS)
@pytest.mark.parametrize("scenario", ATTEMPTS)
def test_histograms_of_a_job_killed_and_resumed_count_each_event_once(tmp_path, scenario, seed):
    steering(tmp_path)
    rc, err = finish(run_job(tmp_path, 2, ordered=True, out="reference.evf"))
    assert rc == 0, err
    expected = histograms(tmp_path / "reference-hist.root")
    attempts, last = ATTEMPTS[scenario]
    rng = random.Random(f"{scenario}-{seed}")
    snapshots = []
    for i, processes in enumerate(attempts):
        killed(tmp_path, processes, i > 0, rng)
        resume = tmp_path / "out-hist.root.resume"
        if resume.exists():
            with np.load(resume) as npz:
                snapshots.append(json.loads(str(npz["evflow.json"]))["accounted"])
    rc, err = finish(run_job(tmp_path, last, resume=True))
    assert rc == 0, err
    assert histograms(tmp_path / "out-hist.root") == expected
    assert sorted(contents(tmp_path / "out.evf")) == sorted(contents(tmp_path / "reference.evf"))
    assert not (tmp_path / "out-hist.root.resume").exists()
    assert snapshots and snapshots[-1] > 0, "no checkpoint was taken before the kills"
    rc, err = finish(run_job(tmp_path, last, resume=True))
    assert rc == 0 and "complete: nothing to resume" in err, err
    assert histograms(tmp_path / "out-hist.root") == expected, "a complete file is left as it is"


def test_an_interrupted_histogram_output_says_so_and_is_resumed(tmp_path):
    steering(tmp_path)
    rc, err = finish(run_job(tmp_path, 0, out="reference.evf"))
    assert rc == 0, err
    ready = lambda: written(tmp_path / ".out.evf.part") >= 300  # noqa: E731
    rc, err = kill_when(run_job(tmp_path, 0), ready, signal.SIGINT)
    assert rc == 130, err
    with uproot.open(tmp_path / "out-hist.root") as f:
        completion = json.loads(str(f["evflow"]))["completion"]
    assert completion["complete"] is False and "SIGINT" in completion["reason"], completion
    rc, err = finish(run_job(tmp_path, 2, resume=True))
    assert rc == 0, err
    assert histograms(tmp_path / "out-hist.root") == histograms(tmp_path / "reference-hist.root")


def test_a_mergeable_after_the_histogram_output_is_refused(tmp_path):
    steering(tmp_path)
    text = (tmp_path / "steer.py").read_text()
    text = text.replace("path.add(Selected())\n", "")
    text = text.replace(
        'path.add(HistogramOutput(out.replace(".evf", "-hist.root"), checkpoint_every=0.25))',
        'path.add(HistogramOutput(out.replace(".evf", "-hist.root"), checkpoint_every=0.25))\n'
        "path.add(Selected())",
    )
    (tmp_path / "steer.py").write_text(text)
    kill_when(run_job(tmp_path, 0), (tmp_path / "out-hist.root.resume").exists)
    before = snapshot(tmp_path)
    done = run_cli("run", "steer.py", "--resume", "--", "gen", "out.evf", cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert "cannot resume" in done.stderr and "put HistogramOutput last" in done.stderr
    assert snapshot(tmp_path) == before
