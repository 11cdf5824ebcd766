"""A data-taking topology outlives one run (docs/topology.md, "Runs (`--hold`)"):
``evflow up --hold`` configures every device and waits; ``evflow ctl start --run N`` and
``evflow ctl stop`` move it between ready and running without restarting a process. Each
run's events carry its number, every module sees its begin_run/end_run, and each run's file
is complete and closed at its stop."""

import json
import os
import random
import signal
import threading
import time

import evflow as ef
import pytest
from conftest import killed_on_exit, run_cli, start_cli
from evflow_bench.standard_farm import PACED_GEN, Farm
from test_topology import broadcast, shm_sessions, unique

SOURCE = PACED_GEN

RECO = """
import numpy as np
import evflow as ef

class Runs(ef.Module):
    parallel_safe = True
    def begin_run(self, run):
        print(f"begin_run {run}", flush=True)
    def end_run(self, run):
        print(f"end_run {run}", flush=True)
    def event(self, event):
        event["sum"] = np.array([event["adc"].sum()], dtype=np.int64)
        return True

path = ef.Path()
path.add(Runs())
"""

STORE = """
import evflow as ef
path = ef.Path()
path.add(ef.modules.FileOutput("out/run-{run}.evf"))
"""


def write(tmp_path, farm, **steering):
    """``farm`` with this file's steering files (and ``steering``): one stream of events
    across runs, each run written to out/run-N.evf."""
    return farm.write(tmp_path, **{"gen": SOURCE, "reco": RECO, "store": STORE, **steering})


@pytest.fixture
def held(tmp_path):
    topo = write(tmp_path, Farm(unique("held")))
    up = start_cli("up", topo, "--hold", "--report", "report.json", cwd=tmp_path)
    with killed_on_exit(up):
        yield topo, up


def ctl(topo, *args):
    result = run_cli("ctl", topo, *args, cwd=topo.parent)
    assert result.returncode == 0, result.stderr
    return result


def status(topo):
    """The devices once each has a pid and its modules initialized, and the run."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        result = run_cli("ctl", topo, "status", "--json", cwd=topo.parent)
        if result.returncode == 0:
            answer = json.loads(result.stdout)
            if all(d["pid"] and d["state"] != "starting" for d in answer["devices"]):
                return answer
        time.sleep(0.05)
    raise AssertionError(f"no status: {result.stderr}")


def status_when(topo, wanted):
    """The first status (as ``status``) for which ``wanted`` is true."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        now = status(topo)
        if wanted(now):
            return now
        time.sleep(0.05)
    raise AssertionError(f"the status never was as wanted; last: {now}")


def wait_for_events(topo, least):
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        store = next(d for d in status(topo)["devices"] if d["device"] == "store")
        if store["events_in"] >= least:
            return
        time.sleep(0.05)
    raise AssertionError("the run takes no events")


def events(file):
    with ef.open(file) as f:
        assert f.complete, f.incomplete_reason
        return list(f)


def test_runs_started_and_stopped_without_restarting_a_process(held):
    topo, up = held
    before = status(topo)
    assert {d["state"] for d in before["devices"]} == {"configured"}
    assert before["run"] == {"state": "configured", "number": None, "index": 0, "closed": 0}
    pids = {d["name"]: d["pid"] for d in before["devices"]}
    time.sleep(0.5)
    assert not (topo.parent / "out").exists(), "a held topology read before its run started"
    for number in (7, 8):
        ctl(topo, "start", "--run", str(number))
        assert status(topo)["run"]["state"] == "running"
        wait_for_events(topo, 200 * (number - 6))
        refused = run_cli("ctl", topo, "start", "--run", "9", cwd=topo.parent)
        assert refused.returncode == 1
        assert f"run {number} is running: stop it first" in refused.stderr
        stopped = ctl(topo, "stop")
        assert f"run {number} stopped; its events are written and its files closed" in (
            stopped.stderr
        )
        after = status(topo)
        assert after["run"]["state"] == "stopped"
        assert {d["state"] for d in after["devices"]} == {"stopped"}
        assert {d["name"]: d["pid"] for d in after["devices"]} == pids
    ctl(topo, "stop")
    _, err = up.communicate(timeout=60)
    assert up.returncode == 0, err
    run7, run8 = (
        events(topo.parent / "out" / "run-7.evf"),
        events(topo.parent / "out" / "run-8.evf"),
    )
    assert {e.run for e in run7} == {7} and {e.run for e in run8} == {8}
    # One stream of events cut into runs: each once, in order.
    numbers = [e.number for e in run7 + run8]
    assert numbers == list(range(1, len(numbers) + 1))
    for e in run7 + run8:
        assert e["sum"].tolist() == [int(e["adc"].sum())]
    for replica in ("evf-reco-local-1", "evf-reco-local-2"):
        lines = [
            line.split("] ")[1] for line in err.splitlines() if line.startswith(f"[{replica}]")
        ]
        assert lines == ["begin_run 7", "end_run 7", "begin_run 8", "end_run 8"], err
    assert "evflow: run 7 started" in err and f"run 8 stopped: {len(run8)} events written" in err
    report = json.loads((topo.parent / "report.json").read_text())
    assert report["job"]["written"] == len(run7) + len(run8)
    assert not shm_sessions(topo.read_text().split('"')[1])


def test_a_run_without_events_leaves_its_empty_file(held):
    topo, up = held
    status(topo)
    ctl(topo, "start", "--run", "3")
    ctl(topo, "stop")
    ctl(topo, "stop")
    _, err = up.communicate(timeout=60)
    assert up.returncode == 0, err
    assert {e.run for e in events(topo.parent / "out" / "run-3.evf")} <= {3}


def test_a_signal_during_a_run_ends_it_and_the_topology(held):
    topo, up = held
    status(topo)
    ctl(topo, "start", "--run", "5")
    wait_for_events(topo, 100)
    up.send_signal(signal.SIGTERM)
    _, err = up.communicate(timeout=60)
    assert up.returncode == 143, err
    run5 = events(topo.parent / "out" / "run-5.evf")
    assert len(run5) >= 100 and {e.run for e in run5} == {5}


def kill_the_store(topo):
    """SIGKILLs the sink and waits until its replacement has its modules initialized."""
    [store] = [d for d in status(topo)["devices"] if d["device"] == "store"]
    os.kill(store["pid"], signal.SIGKILL)
    status_when(topo, lambda s: all(d["pid"] != store["pid"] for d in s["devices"]))


def stop_and_kill_the_store(topo, after):
    """``evflow ctl stop`` with the sink SIGKILLed ``after`` seconds into it (its run's end
    may reach the dead process, or the next); the stop's result."""
    stopped = []
    stopping = threading.Thread(target=lambda: stopped.append(ctl(topo, "stop")))
    stopping.start()
    time.sleep(after)
    kill_the_store(topo)
    stopping.join()
    assert stopped, "ctl stop failed"
    return stopped[0]


def test_a_sink_killed_during_runs_and_between_them_continues_each_runs_file(tmp_path):
    """A held topology whose sink has ``restart = "always"`` and a file per run, the sink
    SIGKILLed during run 1, between runs 1 and 2 (the run's file closed, its end perhaps not
    acknowledged), during run 2 and while run 2 stops: each replacement enters the run the
    origin serves and continues its ``.part`` file, or keeps the file of a run closed
    already. Each run's file is complete with each of its events once and in order, and
    each count of written events is what the files hold."""
    farm = Farm(unique("held-k"))
    farm.devices["store"]["restart"] = "always"
    topo = write(tmp_path, farm)
    up = start_cli("up", topo, "--hold", "--report", "report.json", cwd=tmp_path)
    with killed_on_exit(up):
        status(topo)
        ctl(topo, "start", "--run", "1")
        wait_for_events(topo, 300)
        kill_the_store(topo)
        wait_for_events(topo, 1500)
        stopped1 = ctl(topo, "stop").stderr
        kill_the_store(topo)
        ctl(topo, "start", "--run", "2")
        wait_for_events(topo, 500)
        kill_the_store(topo)
        time.sleep(0.5)
        stopped2 = stop_and_kill_the_store(topo, after=0.05).stderr
        ctl(topo, "stop")
        _, err = up.communicate(timeout=60)
    assert up.returncode == 0, err
    assert err.count("starting a replacement, which continues its files") == 4, err
    run1, run2 = events(tmp_path / "out" / "run-1.evf"), events(tmp_path / "out" / "run-2.evf")
    assert {e.run for e in run1} == {1} and {e.run for e in run2} == {2}
    numbers = [e.number for e in run1 + run2]
    assert numbers == list(range(1, len(numbers) + 1))
    for e in run1 + run2:
        assert e["sum"].tolist() == [int(e["adc"].sum())]
    assert "run 1 stopped; its events are written and its files closed" in stopped1
    assert "run 2 stopped; its events are written and its files closed" in stopped2
    assert f"run 1 stopped: {len(run1)} events written" in err, err
    assert f"run 2 stopped: {len(run2)} events written" in err, err
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["job"]["written"] == len(run1) + len(run2)
    [store] = [d for d in report["devices"] if d["device"] == "store"]
    assert store["restarts"] == 4


# `make soak` runs the random kills below with this many seeds; `make test` with one.
SINK_KILL_SEEDS = 24 if os.environ.get("EVFLOW_SOAK") else 1


@pytest.mark.parametrize("seed", range(SINK_KILL_SEEDS))
def test_a_sink_killed_at_random_times_across_three_runs(tmp_path, seed):
    """The sink of a held topology with a file per run SIGKILLed at random times (seeded):
    twice during each run, while it stops, and mostly just after: every run's file complete,
    the events once and in order across them, each run's written count its file's."""
    rng = random.Random(seed)
    farm = Farm(unique("held-r"))
    farm.devices["store"].update(restart="always", max_restarts_per_minute=100)
    topo = write(tmp_path, farm)
    up = start_cli("up", topo, "--hold", "--report", "report.json", cwd=tmp_path)
    with killed_on_exit(up):
        status(topo)
        for run in (1, 2, 3):
            ctl(topo, "start", "--run", str(run))
            for _ in range(2):
                time.sleep(rng.uniform(0.0, 0.6))
                kill_the_store(topo)
            time.sleep(rng.uniform(0.0, 0.5))
            stop_and_kill_the_store(topo, after=rng.uniform(0.0, 0.1))
            if rng.random() < 0.7:
                time.sleep(rng.uniform(0.0, 0.05))
                kill_the_store(topo)
        ctl(topo, "stop")
        _, err = up.communicate(timeout=60)
    assert up.returncode == 0, err
    runs = [events(tmp_path / "out" / f"run-{run}.evf") for run in (1, 2, 3)]
    numbers = [e.number for events_of_run in runs for e in events_of_run]
    assert numbers == list(range(1, len(numbers) + 1))
    for run, events_of_run in enumerate(runs, 1):
        assert {e.run for e in events_of_run} <= {run}
        assert f"run {run} stopped: {len(events_of_run)} events written" in err, err
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["job"]["written"] == len(numbers)


def test_start_is_refused_without_hold(tmp_path):
    topo = write(tmp_path, Farm(unique("straight")))
    with killed_on_exit(start_cli("up", topo, cwd=tmp_path)) as up:
        status(topo)
        result = run_cli("ctl", topo, "start", "--run", "1", cwd=tmp_path)
        assert result.returncode == 1
        assert "the topology was not started with --hold" in result.stderr
        ctl(topo, "stop")
        up.communicate(timeout=60)
    assert os.listdir(tmp_path / "out")


def test_held_runs_through_a_broadcast(tmp_path):
    """A held source broadcasting to the trigger and to a monitor: each run ends at both
    receivers (the reader's run end reaches the follower through the tee); each run's files
    hold that run's events, the monitor's all of them."""
    monitor = STORE.replace("out/run-", "mon/run-")
    topo = write(tmp_path, broadcast(unique("heldbc")), monitor=monitor)
    with killed_on_exit(start_cli("up", topo, "--hold", cwd=tmp_path)) as up:
        status(topo)
        for number in (3, 4):
            ctl(topo, "start", "--run", str(number))
            wait_for_events(topo, 100 * (number - 2))
            ctl(topo, "stop")
        ctl(topo, "stop")
        _, err = up.communicate(timeout=60)
    assert up.returncode == 0, err
    for number in (3, 4):
        stored = events(tmp_path / "out" / f"run-{number}.evf")
        seen = events(tmp_path / "mon" / f"run-{number}.evf")
        assert {e.run for e in stored} == {e.run for e in seen} == {number}
        assert [e.number for e in stored] == [e.number for e in seen]


def test_a_run_number_taken_again_is_refused_unless_overwritten(held):
    """Run 2 twice would replace run 2's file: refused (exit 1, naming the run and its file),
    also for a run number whose file an earlier `evflow up` left; --overwrite replaces it."""
    topo, up = held
    status(topo)
    ctl(topo, "start", "--run", "2")
    wait_for_events(topo, 50)
    ctl(topo, "stop")
    first = events(topo.parent / "out" / "run-2.evf")
    refused = run_cli("ctl", topo, "start", "--run", "2", cwd=topo.parent)
    assert refused.returncode == 1, refused.stderr
    assert "run 2 was already taken by this topology" in refused.stderr
    assert "out/run-2.evf" in refused.stderr and "--overwrite" in refused.stderr
    assert status(topo)["run"]["state"] == "stopped"
    assert [e.number for e in events(topo.parent / "out" / "run-2.evf")] == [
        e.number for e in first
    ]
    # A file of the same name left by another job: refused too, by its file alone.
    (topo.parent / "out" / "run-4.evf").write_bytes(b"an earlier run's data")
    refused = run_cli("ctl", topo, "start", "--run", "4", cwd=topo.parent)
    assert refused.returncode == 1, refused.stderr
    assert "run 4 has files already (out/run-4.evf)" in refused.stderr
    assert "already taken" not in refused.stderr
    assert (topo.parent / "out" / "run-4.evf").read_bytes() == b"an earlier run's data"
    ctl(topo, "start", "--run", "2", "--overwrite")
    wait_for_events(topo, len(first) + 50)
    ctl(topo, "stop")
    ctl(topo, "stop")
    _, err = up.communicate(timeout=60)
    assert up.returncode == 0, err
    again = events(topo.parent / "out" / "run-2.evf")
    assert {e.run for e in again} == {2}
    assert again[0].number > first[-1].number, "the second run 2 replaced the first's file"


GATED_STORE = """
import os
import time
import evflow as ef

class Gate(ef.Module):
    def end_run(self, run):
        deadline = time.monotonic() + 60
        while not os.path.exists("gate") and time.monotonic() < deadline:
            time.sleep(0.01)

path = ef.Path()
path.add(Gate())
path.add(ef.modules.FileOutput("out/run-{run}.evf"))
"""


def test_a_start_while_a_run_drains_is_refused_naming_its_state(tmp_path):
    """While run 1 drains (its sink's end_run waits at a gate), each device process shows its
    own state (the source and the replicas, their part of the run done, are stopped; the sink
    is draining), and `ctl start --run 2` exits 1 naming the run's state and what to do."""
    topo = write(tmp_path, Farm(unique("helddrain")), store=GATED_STORE)
    with killed_on_exit(start_cli("up", topo, "--hold", cwd=tmp_path)) as up:
        status(topo)
        ctl(topo, "start", "--run", "1")
        wait_for_events(topo, 50)
        with killed_on_exit(start_cli("ctl", topo, "stop", cwd=tmp_path)) as stopping:
            states = lambda s: {d["device"]: d["state"] for d in s["devices"]}  # noqa: E731
            now = status_when(topo, lambda s: states(s)["gen"] == "stopped")
            refused = run_cli("ctl", topo, "start", "--run", "2", cwd=tmp_path)
            assert refused.returncode == 1, refused.stderr
            assert "run 1 is draining: wait until it has stopped" in refused.stderr
            now = status_when(topo, lambda s: states(s)["reco"] == "stopped")
            assert now["run"]["state"] == "draining"
            assert states(now) == {"gen": "stopped", "reco": "stopped", "store": "draining"}
            (tmp_path / "gate").touch()
            _, err = stopping.communicate(timeout=60)
        assert stopping.returncode == 0, err
        assert "run 1 stopped; its events are written and its files closed" in err
        after = status(topo)
        assert after["run"]["state"] == "stopped"
        assert {d["state"] for d in after["devices"]} == {"stopped"}
        ctl(topo, "start", "--run", "2")
        ctl(topo, "stop")
        ctl(topo, "stop")
        _, err = up.communicate(timeout=60)
    assert up.returncode == 0, err
    assert {e.run for e in events(tmp_path / "out" / "run-1.evf")} == {1}


@pytest.mark.parametrize("shape", ["one segment", "broadcast"])
def test_without_hold_the_run_is_the_topologys_one(tmp_path, shape):
    """Without --hold, `ctl status --json` shows the topology's one run (no number: its events
    carry their sources' own), running until `ctl stop`; on one host's forked engine and as
    device processes (a broadcast's segments) alike. Device processes start it once every one
    of them is configured (docs/topology-design.md, "Controller and life cycle")."""
    monitor = STORE.replace("out/run-", "mon/run-")
    if shape == "broadcast":
        topo = write(tmp_path, broadcast(unique("onerun")), monitor=monitor)
    else:
        topo = write(tmp_path, Farm(unique("onerun")))
    with killed_on_exit(start_cli("up", topo, cwd=tmp_path)) as up:
        now = status_when(topo, lambda s: {d["state"] for d in s["devices"]} == {"running"})
        assert now["run"] == {"number": None, "state": "running"}
        shown = ctl(topo, "status")
        assert "run: running (not held" in shown.stdout
        ctl(topo, "stop")
        _, err = up.communicate(timeout=60)
    assert up.returncode == 0, err
