"""Resuming a job whose output is a ROOT file (docs/root.md, "Resuming ``RootOutput``"): killed
at random moments, resumed, the file equals an uninterrupted run's row for row; and what a
resume of a ROOT file refuses, changing nothing."""

import json
import os
import random
import signal

import evflow as ef
import numpy as np
import pytest
import uproot
from conftest import run_cli
from evflow.root import read_root
from test_resume import KILL_SEEDS, finish, kill_when, snapshot, start

EVENTS = 1000
BASKET = 40
"""Events per basket: about 25 baskets a job, so that kills land between them."""

STEERING = """
import os, sys, time
import numpy as np
import evflow as ef
from evflow.root import RootOutput

N = {events}
source, out = sys.argv[1:3]
evf = sys.argv[3] if len(sys.argv) > 3 else None


class Reco(ef.Module):
    parallel_safe = True

    def event(self, event):
        time.sleep(0.004)
        event["smeared"] = event.rng.normal(size=3)
        if event.number % 11 == 0:
            event.flags = event.flags | {{"incomplete"}}
        return event.number % 7 != 0


path = ef.Path()
path.add(ef.modules.EventGenerator(
    runs=[(1, N // 2), (2, N - N // 2)],
    entries={{"adc": {{"dtype": "<u2", "size": ("uniform", 1, 40)}}}},
))
path.add(Reco())
path.add(RootOutput(out, basket_events={basket}, rntuple=os.environ.get("RNTUPLE") == "1"))
if evf:
    path.add(ef.modules.FileOutput(evf))
ef.process(path, summary=False, ordered=os.environ.get("RESUME_ORDERED") == "1")
"""


def steering(directory):
    (directory / "steer.py").write_text(STEERING.format(events=EVENTS, basket=BASKET))


def rows(path):
    """Every row of a ROOT file RootOutput wrote: (seq, run, number, flags, each entry)."""
    with uproot.open(path) as f:
        meta = json.loads(str(f["evflow"]))
        assert meta["completion"] == {"complete": True, "reason": None}
        seqs = np.asarray(f["Events"].arrays(["seq"])["seq"]).tolist()
    events = list(read_root(path))
    assert len(events) == len(seqs)
    return [
        (
            seq,
            e.run,
            e.number,
            sorted(e.flags),
            {k: (e[k].dtype.str, e[k].shape, e[k].tobytes()) for k in e.keys()},
        )
        for seq, e in zip(seqs, events, strict=True)
    ]


def root_rows(path):
    """Rows in the ROOT file ``path`` now (0 when it cannot be read yet)."""
    try:
        with uproot.open(path) as f:
            return f["Events"].num_entries
    except Exception:
        return 0


def run_job(directory, processes, ordered=False, resume=False, out="out.root", more=()):
    return start(directory, "steer.py", "gen", out, processes, ordered, resume, more=more)


def killed(directory, processes, ordered, resume, rng):
    """Runs the job (resumed or not) and SIGKILLs its process group once its file holds a
    random number of rows more."""
    part = directory / "out.root.part"
    target = root_rows(part) + rng.randint(2, 6) * BASKET
    job = run_job(directory, processes, ordered, resume)
    return kill_when(job, lambda: root_rows(part) >= target)[0]


ATTEMPTS = {
    # (processes, ordered) of each killed attempt, then of the last one
    "p0": ([(0, False)] * 3, (0, False)),
    "p2-unordered-then-ordered": ([(2, False)] * 3, (2, True)),
    "p2-then-p0": ([(2, True), (0, False), (2, False)], (0, False)),
    "rntuple-p2-unordered-then-ordered": ([(2, False)] * 3, (2, True)),
}


@pytest.mark.parametrize("seed", KILL_SEEDS)
@pytest.mark.parametrize("scenario", ATTEMPTS)
def test_a_root_output_killed_three_times_is_resumed_to_an_uninterrupted_runs_rows(
    tmp_path, scenario, seed, monkeypatch
):
    monkeypatch.setenv("RNTUPLE", "1" if scenario.startswith("rntuple") else "0")
    steering(tmp_path)
    rc, err = finish(run_job(tmp_path, 2, ordered=True, out="reference.root"))
    assert rc == 0, err
    expected = rows(tmp_path / "reference.root")
    attempts, last = ATTEMPTS[scenario]
    rng = random.Random(f"{scenario}-{seed}")
    finished_by, resumes = None, 0
    for i, (p, o) in enumerate(attempts):
        resumes += i > 0 and finished_by is None
        if killed(tmp_path, p, o, i > 0, rng) == 0 and finished_by is None:
            finished_by = (p, o)
    resumes += finished_by is None
    rc, err = finish(run_job(tmp_path, *last, resume=True))
    assert rc == 0, err
    finished_by = finished_by or last
    with uproot.open(tmp_path / "out.root") as f:
        assert len(json.loads(str(f["evflow"]))["resumes"]) == resumes
    got = rows(tmp_path / "out.root")
    assert len({r[0] for r in got}) == len(got), "an event is written twice"
    if finished_by[0] == 0 or finished_by[1]:
        assert got == expected
    else:
        assert sorted(got, key=lambda r: r[0]) == expected
    assert not (tmp_path / "out.root.part").exists()


def test_a_root_and_an_evf_output_are_resumed_together(tmp_path):
    steering(tmp_path)
    rc, err = finish(run_job(tmp_path, 0, out="reference.root", more=["reference.evf"]))
    assert rc == 0, err
    killed_job = run_job(tmp_path, 0, more=["out.evf"])
    kill_when(killed_job, lambda: root_rows(tmp_path / "out.root.part") >= 3 * BASKET)
    rc, err = finish(run_job(tmp_path, 2, ordered=True, resume=True, more=["out.evf"]))
    assert rc == 0, err
    assert rows(tmp_path / "out.root") == rows(tmp_path / "reference.root")
    with ef.open(tmp_path / "out.evf") as a, ef.open(tmp_path / "reference.evf") as b:
        assert [e.seq for e in a] == [e.seq for e in b]
    with uproot.open(tmp_path / "out.root") as f:
        assert len(json.loads(str(f["evflow"]))["resumes"]) == 1


def test_an_interrupted_rntuple_is_resumed(tmp_path, monkeypatch):
    monkeypatch.setenv("RNTUPLE", "1")
    steering(tmp_path)
    rc, err = finish(run_job(tmp_path, 0, out="reference.root"))
    assert rc == 0, err
    ready = lambda: root_rows(tmp_path / "out.root.part") >= 2 * BASKET  # noqa: E731
    rc, _ = kill_when(run_job(tmp_path, 0), ready, signal.SIGINT)
    if rc == 130:
        with uproot.open(tmp_path / "out.root") as f:
            completion = json.loads(str(f["evflow"]))["completion"]
        assert completion["complete"] is False and "SIGINT" in completion["reason"]
    rc, err = finish(run_job(tmp_path, 0, resume=True))
    assert rc == 0, err
    assert rows(tmp_path / "out.root") == rows(tmp_path / "reference.root")


def test_a_complete_root_output_is_left_as_it_is(tmp_path):
    steering(tmp_path)
    rc, err = finish(run_job(tmp_path, 0))
    assert rc == 0, err
    before = snapshot(tmp_path)
    rc, err = finish(run_job(tmp_path, 0, resume=True))
    assert rc == 0 and "complete: nothing to resume" in err, err
    assert snapshot(tmp_path) == before


def _killed_mid_run(directory):
    kill_when(run_job(directory, 0), lambda: root_rows(directory / "out.root.part") >= 2 * BASKET)


def _truncate(directory):
    part = directory / "out.root.part"
    part.write_bytes(part.read_bytes()[:300])


ROOT_REFUSALS = {
    "seed": (lambda d: None, ["--seed", "3"], "the seed differ"),
    "rntuple": (lambda d: os.environ.update(RNTUPLE="1"), [], "holds a TTree"),
    "damaged": (_truncate, [], "uproot cannot read"),
    "not ours": (
        lambda d: uproot.recreate(d / "out.root.part").mktree("Events", {"x": np.int32}),
        [],
        "was not written by a RootOutput of an evflow job",
    ),
}


@pytest.mark.parametrize("case", ROOT_REFUSALS)
def test_a_wrong_resume_of_a_root_output_is_refused_and_changes_nothing(
    tmp_path, case, monkeypatch
):
    change, options, message = ROOT_REFUSALS[case]
    monkeypatch.setenv("RNTUPLE", "0")
    steering(tmp_path)
    _killed_mid_run(tmp_path)
    change(tmp_path)
    before = snapshot(tmp_path)
    done = run_cli("run", "steer.py", "--resume", *options, "--", "gen", "out.root", cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert "cannot resume" in done.stderr and message in done.stderr, done.stderr
    assert snapshot(tmp_path) == before


DIES_IN_AN_UPDATE = """
import os
import uproot.writing._cascadetree as cascade

_write_updates, _extends = cascade.Tree.write_updates, [0]


def write_updates(self, sink):
    # The DIE_AT-th extend of a tree dies after DIE_AFTER writes of the tree's metadata
    # (in place: the tree's entries, then each branch's counts and basket arrays), those
    # at the OS: a SIGKILL in the middle of uproot's update.
    _extends[0] += 1
    if _extends[0] == int(os.environ["DIE_AT"]):
        write, left = sink.write, [int(os.environ["DIE_AFTER"])]

        def dying(location, data):
            if not left[0]:
                sink.flush()
                os._exit(9)
            left[0] -= 1
            write(location, data)

        sink.write = dying
    return _write_updates(self, sink)


cascade.Tree.write_updates = write_updates
"""


@pytest.mark.parametrize("writes", [1, 3, 5, 9])
def test_a_tree_killed_in_the_middle_of_its_update_is_resumed(tmp_path, writes, monkeypatch):
    """Killed while uproot rewrites a tree's metadata in place after a basket (the tree's
    entries written, a branch's counts but not its basket arrays, ...): the resumed job goes
    on from the baskets every branch lists, and the file equals an uninterrupted run's."""
    monkeypatch.setenv("RNTUPLE", "0")
    steering(tmp_path)
    rc, err = finish(run_job(tmp_path, 0, out="reference.root"))
    assert rc == 0, err
    expected = rows(tmp_path / "reference.root")
    (tmp_path / "steer.py").write_text(
        DIES_IN_AN_UPDATE + STEERING.format(events=EVENTS, basket=BASKET)
    )
    monkeypatch.setenv("DIE_AT", "9")
    monkeypatch.setenv("DIE_AFTER", str(writes))
    rc, err = finish(run_job(tmp_path, 0))
    assert rc == 9, err
    steering(tmp_path)
    rc, err = finish(run_job(tmp_path, 0, resume=True))
    assert rc == 0, err
    assert rows(tmp_path / "out.root") == expected
