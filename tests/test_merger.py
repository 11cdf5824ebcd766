"""The merger (docs/topology-design.md, "The merger"): three readout sources send the parts of each
event on three channels; the merger joins them by (run, event number). Every event comes out
exactly once: complete, or flagged incomplete with the inputs that did not deliver named in
``missing_sources``; late parts are counted, never sent again; a dead merger is started
again (``restart = "always"``, its default) and makes the same events again: nothing lost,
nothing written twice; with ``restart = "never"`` it stops the topology, its files valid."""

import json
import os
import pathlib
import random
import signal
import tempfile
import textwrap
import threading
import time
from collections import Counter

import evflow as ef
import pytest
from conftest import killed_on_exit, run_cli, start_cli
from evflow_bench.standard_farm import Farm
from test_topology import shm_sessions, unique, wait_for_replacement

PART = """
import os, random, time
import evflow as ef

class Drop(ef.Module):
    '''Input {name} loses about a tenth of its parts (the same ones on every run).'''
    def event(self, event):
        time.sleep(float(os.environ.get("SLOW_{name}", "0")))
        return "{name}" not in os.environ.get("DROPPING", "") or keeps(event.number)

def keeps(number):
    return random.Random(number).random() >= 0.1

path = ef.Path()
path.add(ef.modules.EventGenerator(
    runs=[(1, int(os.environ.get("EVENTS", "2000")))],
    entries={{"{name}": {{"dtype": "<u2", "size": 4, "values": ("uniform", 0, 1000)}}}},
))
path.add(Drop())
"""

RECO = """
import os, time
import numpy as np
import evflow as ef

class Total(ef.Module):
    parallel_safe = True
    def event(self, event):
        time.sleep(float(os.environ.get("RECO_SLEEP", "0")))
        # A test holds events after the first 1000 (or only RECO_HOLD) here until it
        # creates the gate file.
        held = os.environ.get("RECO_HOLD")
        gated = event.number == int(held) if held else event.number > 1000
        while os.environ.get("RECO_GATE") and gated:
            if os.path.exists(os.environ["RECO_GATE"]):
                break
            time.sleep(0.01)
        event["total"] = np.array([sum(int(event[k].sum()) for k in ("ecal", "hcal")
                                       if k in event)], dtype=np.int64)
        return True

path = ef.Path()
path.add(Total())
"""

PARTS = ("ecal", "hcal", "muon")


def steering():
    """This file's steering files: a source of each part, and reco."""
    return {"reco": RECO, **{f"part_{part}": PART.format(name=part) for part in PARTS}}


def write(tmp_path, timeout=2.0, reco=False, **merger):
    """The standard farm with the parts of each event merged in gen's place (the merger's
    ``timeout`` and other keys); with ``reco``, its reco x2 between the merger and store."""
    farm = Farm(unique("m"), max_restarts_per_minute=1000)
    farm.merge(dict.fromkeys(PARTS), timeout=timeout, **merger)
    if not reco:
        farm.remove("reco")
    return farm.write(tmp_path, **steering())


def run_up(topo, tmp_path, env, timeout=120):
    saved = dict(os.environ)
    os.environ.update({k: str(v) for k, v in env.items()})
    try:
        return run_cli("up", topo, "--report", "report.json", cwd=tmp_path, timeout=timeout)
    finally:
        os.environ.clear()
        os.environ.update(saved)


def device_when(topo, wanted, timeout=30):
    """The first device process of the running topology for which ``wanted`` (its entry of
    ``evflow ctl status --json``) is true: that entry."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        status = run_cli("ctl", topo, "status", "--json", cwd=topo.parent)
        if status.returncode == 0:
            found = [d for d in json.loads(status.stdout)["devices"] if wanted(d)]
            if found:
                return found[0]
        time.sleep(0.05)
    raise AssertionError(f"no device process as wanted within {timeout} s")


def pid_when(topo, wanted, timeout=30):
    """The pid of ``device_when``'s device process."""
    return device_when(topo, wanted, timeout)["pid"]


def dropped(events):
    return {n for n in range(1, events + 1) if random.Random(n).random() < 0.1}


def read_out(tmp_path):
    with ef.open(tmp_path / "out.evf") as f:
        return list(f), f.complete


def test_three_inputs_one_dropping_parts_every_event_once(tmp_path):
    topo = write(tmp_path, timeout=1.0)
    result = run_up(topo, tmp_path, {"EVENTS": 3000, "DROPPING": "muon"})
    assert result.returncode == 0, result.stderr
    events, complete = read_out(tmp_path)
    assert complete
    numbers = [e.number for e in events]
    assert sorted(numbers) == list(range(1, 3001))
    missing = dropped(3000)
    for e in events:
        if e.number in missing:
            assert "incomplete" in e.flags, e.number
            assert e["missing_sources"].tolist() == ["muon"]
            assert set(e.keys()) == {"ecal", "hcal", "missing_sources"}
        else:
            assert "incomplete" not in e.flags, e.number
            assert set(e.keys()) == {"ecal", "hcal", "muon"}
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["job"]["written"] == 3000
    assert report["job"]["incomplete"] == len(missing)
    merge = next(d for d in report["devices"] if d["device"] == "merge")
    assert merge["events_in"] == 3 * 3000 - len(missing)
    assert merge["events_out"] == 3000
    assert not shm_sessions(topo.read_text().split('"')[1])


def test_the_parts_of_one_event_are_the_sources_own(tmp_path):
    """Each input's entries reach the merged event unchanged: the same values as its source
    alone generates."""
    topo = write(tmp_path)
    result = run_up(topo, tmp_path, {"EVENTS": 200})
    assert result.returncode == 0, result.stderr
    events, _ = read_out(tmp_path)
    alone = {}
    for name in PARTS:
        namespace = {}
        exec(textwrap.dedent(PART.format(name=name)), namespace)
        path = namespace["path"]
        path.add(ef.modules.FileOutput(str(tmp_path / f"{name}.evf")))
        ef.process(path, summary=False)
        with ef.open(tmp_path / f"{name}.evf") as f:
            alone[name] = {e.number: e[name].tolist() for e in f}
    for e in events:
        for name in ("ecal", "hcal", "muon"):
            assert e[name].tolist() == alone[name][e.number]


def test_late_parts_are_counted_and_never_sent_twice(tmp_path):
    """The muon input is slower than the timeout allows: its parts come after their events
    went out incomplete; they are late, and no event comes out twice."""
    topo = write(tmp_path, timeout=0.05)
    result = run_up(topo, tmp_path, {"EVENTS": 300, "SLOW_muon": 0.002})
    assert result.returncode == 0, result.stderr
    events, _ = read_out(tmp_path)
    assert sorted(e.number for e in events) == list(range(1, 301))
    late = [e for e in events if "incomplete" in e.flags]
    assert late, "the slow input was never late"
    # Mostly the slow input; on a loaded machine a fast one may miss the 50 ms too.
    missing = [set(e["missing_sources"].tolist()) for e in late]
    assert all(m and m <= {"ecal", "hcal", "muon"} for m in missing), missing
    assert sum("muon" in m for m in missing) > len(missing) / 2, missing
    assert "arrived after the event went out" in result.stderr


def test_a_merger_feeding_processors_with_a_replica_killed(tmp_path):
    """merge -> reco x2 -> store (ordered): a replica SIGKILLed mid-run is restarted, its
    events re-sent by the merger's origin; every event once, in the merger's order. (Reco's
    events after the first 1000 wait at a gate the test opens once the replica is replaced:
    the run cannot end before the kill.)"""
    topo = write(tmp_path, reco=True)
    gate = tmp_path / "gate"
    env = {"EVENTS": "4000", "DROPPING": "hcal", "RECO_SLEEP": "0.0005", "RECO_GATE": str(gate)}
    with killed_on_exit(
        start_cli("up", topo, "--report", "report.json", cwd=tmp_path, env=env)
    ) as up:
        victim = device_when(topo, lambda d: d["device"] == "reco" and d["events_in"] > 100)
        os.kill(victim["pid"], signal.SIGKILL)
        wait_for_replacement(topo, tmp_path, victim)
        gate.touch()
        _, err = up.communicate(timeout=120)
    assert up.returncode == 0, err
    events, complete = read_out(tmp_path)
    assert complete
    assert sorted(e.number for e in events) == list(range(1, 4001))
    assert [e.seq for e in events] == sorted(e.seq for e in events)
    for e in events:
        expected = sum(int(e[k].sum()) for k in ("ecal", "hcal") if k in e.keys())
        assert e["total"].tolist() == [expected]
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["job"]["restarts"] == 1
    assert report["job"]["incomplete"] == len(dropped(4000))


def test_a_dead_merger_with_restart_never_stops_the_topology_and_the_file_stays_valid(tmp_path):
    topo = write(tmp_path, restart="never")
    env = {"EVENTS": "100000", "SLOW_ecal": "0.0005"}
    with killed_on_exit(start_cli("up", topo, cwd=tmp_path, env=env)) as up:
        merger = pid_when(topo, lambda d: d["device"] == "merge" and d["events_out"] > 0)
        os.kill(merger, signal.SIGKILL)
        _, err = up.communicate(timeout=60)
    assert up.returncode == 1, err
    assert "evf-merge-local-1 was killed by SIGKILL: the topology stops" in err
    events, complete = read_out(tmp_path)
    assert not complete
    assert len({e.number for e in events}) == len(events)
    assert not shm_sessions(topo.read_text().split('"')[1])


@pytest.mark.parametrize("reco", [False, True], ids=["direct", "reco"])
def test_a_merger_killed_twice_goes_on(tmp_path, reco):
    """A merger (``restart = "always"``, its default) SIGKILLed twice mid-run, sending
    straight to store or to reco x2: it is started again, its inputs send again what store
    did not have, and it makes those events again under the seqs it gave them (its journal).
    Every event once, in order (store is ordered), its parts the sources' own; a dropped part
    still makes its event incomplete."""
    topo = write(tmp_path, reco=reco)
    events = 12000
    # The inputs at one pace: a part waits for the others well within the timeout.
    env = {"EVENTS": str(events), "DROPPING": "hcal", **{f"SLOW_{p}": "0.0005" for p in PARTS}}
    with killed_on_exit(
        start_cli("up", topo, "--report", "report.json", cwd=tmp_path, env=env)
    ) as up:
        gone = set()
        for at in (2000, 6000):
            victim = device_when(
                topo,
                lambda d, at=at: (
                    d["device"] == "merge"
                    and d["pid"] not in gone
                    and d["state"] == "running"
                    and d["events_out"] > at
                ),
            )
            os.kill(victim["pid"], signal.SIGKILL)
            gone.add(victim["pid"])
            wait_for_replacement(topo, tmp_path, victim)
        _, err = up.communicate(timeout=180)
    assert up.returncode == 0, err
    assert err.count("evf-merge-local-1 was killed by SIGKILL; starting a replacement") == 2, err
    out, complete = read_out(tmp_path)
    assert complete
    assert sorted(e.number for e in out) == list(range(1, events + 1))
    assert [e.seq for e in out] == sorted(e.seq for e in out)
    missing = dropped(events)
    for e in out:
        assert ("hcal" in e.keys()) == (e.number not in missing), e.number
        assert {"ecal", "muon"} <= set(e.keys())
        if reco:
            expected = sum(int(e[k].sum()) for k in ("ecal", "hcal") if k in e.keys())
            assert e["total"].tolist() == [expected]
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["job"]["written"] == events
    name = topo.read_text().split('"')[1]
    assert not list(pathlib.Path(tempfile.gettempdir()).glob(f"evflow-topo-{name}-*.journal"))


def test_held_runs_through_a_merger(tmp_path):
    """--hold with a merger: each run ends at the merger once every input has ended it
    (what waits of the run goes out first), so each run's file holds that run's events, each
    key once, complete or with the inputs that did not deliver named; the processes stay
    through both runs. (Each source's stream goes on across runs: an event read just
    before a source stopped may miss its parts from the others.)"""
    topo = write(tmp_path)
    env = {"EVENTS": "1000000", "DROPPING": "muon", "OUT": "out-{run}.evf"}
    with killed_on_exit(
        start_cli("up", topo, "--hold", "--report", "report.json", cwd=tmp_path, env=env)
    ) as up:
        pid_when(topo, lambda d: d["device"] == "merge" and d["state"] == "configured")
        for run in (21, 22):
            assert run_cli("ctl", topo, "start", "--run", str(run), cwd=tmp_path).returncode == 0
            time.sleep(0.6)
            stopped = run_cli("ctl", topo, "stop", cwd=tmp_path)
            assert stopped.returncode == 0, stopped.stderr
        assert run_cli("ctl", topo, "stop", cwd=tmp_path).returncode == 0
        _, err = up.communicate(timeout=60)
    assert up.returncode == 0, err
    inputs = {"ecal", "hcal", "muon"}
    complete = 0
    for run in (21, 22):
        with ef.open(tmp_path / f"out-{run}.evf") as f:
            assert f.complete
            events = list(f)
        assert events and {e.run for e in events} == {run}
        assert len({e.number for e in events}) == len(events)
        for e in events:
            present = set(e.keys()) - {"missing_sources"}
            if "incomplete" in e.flags:
                assert present | set(e["missing_sources"].tolist()) == inputs
            else:
                assert present == inputs
                complete += 1
    assert complete > 100


def alone(tmp_path, name, events):
    """The values of part ``name`` of events 1..``events`` as its source alone generates them."""
    namespace = {}
    saved = os.environ.get("EVENTS")
    os.environ["EVENTS"] = str(events)
    try:
        exec(textwrap.dedent(PART.format(name=name)), namespace)
    finally:
        os.environ.pop("EVENTS")
        if saved is not None:
            os.environ["EVENTS"] = saved
    path = namespace["path"]
    path.add(ef.modules.FileOutput(str(tmp_path / f"alone-{name}.evf")))
    ef.process(path, summary=False)
    with ef.open(tmp_path / f"alone-{name}.evf") as f:
        return {e.number: e[name].tolist() for e in f}


class HeldMerger:
    """A held topology whose merger is SIGKILLed between ``ctl`` commands: the sources paced,
    muon dropping parts, a file per run. The merger's timeout is long: a part is never late,
    however slow a loaded machine is to start a replacement (a late part is not written, and
    one that first reaches a replacement after its key went out makes the key's event twice:
    docs/topology-design.md, "Not handled yet"); a run's end sends what waits."""

    def __init__(self, tmp_path):
        self.tmp_path = tmp_path
        self.topo = write(tmp_path, timeout=30.0)
        self.gone = set()
        self.kills = 0
        env = {"EVENTS": "1000000", "DROPPING": "muon", "OUT": "out-{run}.evf"}
        env.update({f"SLOW_{p}": "0.0005" for p in PARTS})
        self.up = start_cli(
            "up", self.topo, "--hold", "--report", "report.json", cwd=tmp_path, env=env
        )

    def configured(self):
        device_when(self.topo, lambda d: d["device"] == "merge" and d["state"] == "configured")

    def kill_the_merger(self):
        """SIGKILLs the merger and waits until its replacement has reported."""
        topo, gone = self.topo, self.gone
        victim = device_when(topo, lambda d: d["device"] == "merge" and d["pid"] not in gone)
        os.kill(victim["pid"], signal.SIGKILL)
        gone.add(victim["pid"])
        self.kills += 1
        device_when(topo, lambda d: d["device"] == "merge" and d["pid"] not in gone | {None})

    def written_at_least(self, least):
        device_when(self.topo, lambda d: d["device"] == "store" and d["events_in"] >= least)

    def ctl(self, *args):
        result = run_cli("ctl", self.topo, *args, cwd=self.tmp_path)
        assert result.returncode == 0, result.stderr
        return result

    def stop_and_kill(self, after):
        """``ctl stop`` with the merger SIGKILLed ``after`` seconds into it."""
        stopping = threading.Thread(target=self.ctl, args=("stop",))
        stopping.start()
        time.sleep(after)
        self.kill_the_merger()
        stopping.join(timeout=120)
        assert not stopping.is_alive(), "ctl stop did not return"

    def check(self, runs):
        """Ends the topology and checks each run's file and every part across them."""
        self.ctl("stop")
        _, err = self.up.communicate(timeout=120)
        assert self.up.returncode == 0, err
        kills = err.count("evf-merge-local-1 was killed by SIGKILL; starting a replacement")
        assert kills == self.kills, err
        written = []
        for run in runs:
            with ef.open(self.tmp_path / f"out-{run}.evf") as f:
                assert f.complete, f.incomplete_reason
                events = list(f)
            assert {e.run for e in events} <= {run}
            twice = [n for n, k in Counter(e.number for e in events).items() if k > 1]
            assert not twice, f"run {run}: keys written twice: {sorted(twice)[:20]}"
            assert f"run {run} stopped: {len(events)} events written" in err, err
            written += events
        missing = dropped(max(e.number for e in written))
        for name in PARTS:
            numbers = [e.number for e in written if name in e.keys()]
            assert len(numbers) == len(set(numbers)), f"a part of {name} written twice"
            expected = set(range(1, max(numbers) + 1)) - (missing if name == "muon" else set())
            lost = sorted(expected - set(numbers))
            assert not lost, f"{len(lost)} parts of {name} lost: {lost[:20]}"
            values = alone(self.tmp_path, name, max(numbers))
            assert all(e[name].tolist() == values[e.number] for e in written if name in e.keys())
        report = json.loads((self.tmp_path / "report.json").read_text())
        assert report["job"]["written"] == len(written)


def test_a_held_merger_killed_during_runs_and_between_them_goes_on(tmp_path):
    """--hold with a merger (``restart = "always"``, its default held too), SIGKILLed during
    run 1, between runs 1 and 2, during run 2 and while run 2 stops: each replacement goes
    on in the run its inputs' custodies were in (docs/topology-design.md, "In a held
    topology"). Each run's file is complete, closed, and holds that run's events, each key
    once; across the runs every part a source read is written once (a run's edge may split
    an event's parts between two runs), with the values its source gave it; each run's
    written count is its file's."""
    held = HeldMerger(tmp_path)
    with killed_on_exit(held.up):
        held.configured()
        held.ctl("start", "--run", "1")
        held.written_at_least(500)
        held.kill_the_merger()
        held.written_at_least(1500)
        held.ctl("stop")
        held.kill_the_merger()
        held.ctl("start", "--run", "2")
        held.written_at_least(2500)
        held.kill_the_merger()
        held.written_at_least(3500)
        held.stop_and_kill(after=0.01)
        held.check((1, 2))


# `make soak` runs the random kills below with this many seeds; `make test` with one.
MERGER_KILL_SEEDS = 24 if os.environ.get("EVFLOW_SOAK") else 1


@pytest.mark.parametrize("seed", range(MERGER_KILL_SEEDS))
def test_a_held_merger_killed_at_random_times_across_three_runs(tmp_path, seed):
    """The merger of a held topology SIGKILLed at random times (seeded): twice during each
    run, while it stops, and mostly just after (the run's end at the store, its acks perhaps
    not at the inputs): as above, every run's file complete and every part once."""
    rng = random.Random(seed)
    held = HeldMerger(tmp_path)
    with killed_on_exit(held.up):
        held.configured()
        for run in (1, 2, 3):
            held.ctl("start", "--run", str(run))
            for _ in range(2):
                time.sleep(rng.uniform(0.0, 0.6))
                held.kill_the_merger()
            time.sleep(rng.uniform(0.0, 0.5))
            held.stop_and_kill(after=rng.uniform(0.0, 0.1))
            if rng.random() < 0.7:
                time.sleep(rng.uniform(0.0, 0.05))
                held.kill_the_merger()
        held.check((1, 2, 3))


def test_an_event_made_again_after_new_ones_fill_the_window_goes_out(tmp_path):
    """An incomplete event (its muon part dropped: it went out at the timeout) is held at
    reco, so the store's watermark waits for it while the merger sends a reorder window of
    events past it, and then waits too. The merger is SIGKILLed: its replacement makes new
    events at once, which fill the window again, while that event waits for the timeout once
    more; the merger's origin reads it all the same (the store waits for it), and the run
    ends with every event once, in order."""
    topo = write(tmp_path, reco=True)
    events = 12000
    held = min(n for n in dropped(events) if n > 300)
    gate = tmp_path / "gate"
    env = {"EVENTS": events, "DROPPING": "muon", "RECO_HOLD": held, "RECO_GATE": gate}
    env.update({f"SLOW_{p}": 0.0002 for p in PARTS})
    with killed_on_exit(
        start_cli("up", topo, cwd=tmp_path, env={k: str(v) for k, v in env.items()})
    ) as up:
        # Its window full: it gave the seqs of a window past what the store wrote (all but
        # the held event, and what waits for it), and sends nothing more.
        merger = window_full(topo)
        os.kill(merger["pid"], signal.SIGKILL)
        wait_for_replacement(topo, tmp_path, merger)
        gate.touch()
        _, err = up.communicate(timeout=120)
    assert up.returncode == 0, err
    out, complete = read_out(tmp_path)
    assert complete
    assert sorted(e.number for e in out) == list(range(1, events + 1))
    assert [e.seq for e in out] == sorted(e.seq for e in out)
    assert {e.number for e in out if "muon" not in e.keys()} == dropped(events)


def window_full(topo, timeout=30):
    """The merger's entry of ``evflow ctl status --json`` once it has sent a reorder window
    (512 events) past what the store wrote."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        status = run_cli("ctl", topo, "status", "--json", cwd=topo.parent)
        if status.returncode == 0:
            devices = {d["device"]: d for d in json.loads(status.stdout)["devices"]}
            if devices["merge"]["events_out"] >= devices["store"]["events_in"] + 512:
                return devices["merge"]
        time.sleep(0.05)
    raise AssertionError(f"the merger's window was not full within {timeout} s")
