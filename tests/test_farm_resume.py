"""``evflow up --resume`` of a topology of device processes (docs/topology-design.md,
"Resuming a topology of device processes"): the standard farm across three namespace hosts
(source and sink on A, reco's replicas on B and C), its controller killed at random moments
and the topology resumed, until its sink's file equals one process's output; each refusal
leaving every file as it was."""

import os
import random
import shutil
import signal
import subprocess
import sys
import textwrap
import time

import evflow as ef
import pytest
from conftest import assert_completion, error_lines, run_cli, wait_for_events
from evflow_bench.standard_farm import GEN, RECO, Farm
from test_farm import finish
from test_merger import device_when
from test_topology import (
    MONITOR,
    broadcast,
    events_of,
    reference,
    status,
    unique,
    wait_for_replacement,
)

pytestmark = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("ip") is None,
    reason="network namespaces need root and iproute2's ip",
)

EVENTS = 4000
"""Events of run 1 (run 2 has 300): the replicas take 0.3 ms each, a run a few seconds."""

KILL_SEEDS = range(int(os.environ.get("EVFLOW_RESUME_SEEDS", "1")))
"""Seeds of the stop times; ``make soak`` runs more."""

BEAM = """
import numpy as np
import evflow as ef

class Beam(ef.Source):
    # No seek: a resumed topology reads from the start and passes over what the sink has.
    def events(self):
        for i in range(20000):
            yield ef.Event(run=1, number=i + 1, adc=np.arange(i % 11, dtype="<u2"))

path = ef.Path()
path.add(Beam())
"""
"""A source of one's own, without ``seek``."""


def a_farm(hosts, tmp_path, ordered=True, compression=None, gen=None):
    """The standard farm on hosts a, b, c, written in ``tmp_path``: its sink writes out.evf
    (compressed as ``compression``), its channel ``ordered`` or not, its source ``gen``'s text
    (None: the standard one). The topology file."""
    name = f"resume-{os.getpid()}-{time.monotonic_ns() % 100000}"
    farm = Farm(name, hosts.tables(), max_restarts_per_minute=1000)
    farm.channels["accepted"]["ordered"] = ordered
    given = f", compression={compression!r}" if compression else ""
    output = f"ef.modules.FileOutput('out.evf'{given})"
    store = f"import evflow as ef\npath = ef.Path()\npath.add({output})\n"
    steering = {"store": store} if gen is None else {"store": store, "gen": gen}
    return farm.write(tmp_path, **steering)


def up(topo, tmp_path, *args, events=EVENTS, sleep=0.0003, **knobs):
    """``evflow up TOPO ARGS`` started in ``tmp_path``, reco's replicas taking ``sleep``
    seconds an event; ``knobs``: more of the steering files' environment."""
    env = dict(os.environ, PYTHONUNBUFFERED="1", EVENTS=str(events), RECO_SLEEP=str(sleep))
    env.update({k: str(v) for k, v in knobs.items()})
    command = [sys.executable, "-m", "evflow", "up", str(topo), "--report", "report.json", *args]
    return subprocess.Popen(command, cwd=tmp_path, env=env, stderr=subprocess.PIPE, text=True)


def stop(running, hosts, signum, topo=None, gate=None):
    """Sends the controller ``signum`` once the sink's file is there: SIGKILL takes its
    devices with it, SIGINT drains them (opening reco's ``gate`` once ``topo``'s source has
    stopped reading: the events held there are in flight); waits until no device is left on
    any host."""
    if signum == signal.SIGKILL:
        running.kill()
        running.communicate()
    else:
        running.send_signal(signum)
        if gate is not None:
            device_when(topo, lambda d: d["device"] == "gen" and d["state"] == "draining")
            gate.touch()
        err = finish(running)
        assert running.returncode == 130, err
    deadline = time.monotonic() + 30
    while any(hosts.pids(h) for h in ("a", "b", "c")):
        assert time.monotonic() < deadline, f"devices outlived their controller: {left(hosts)}"
        time.sleep(0.05)


def left(hosts) -> list:
    """The command lines of the processes on the namespace hosts."""
    found = []
    for pid in (pid for h in ("a", "b", "c") for pid in hosts.pids(h)):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                found.append(f.read().replace(b"\0", b" ")[:300].decode(errors="replace"))
        except OSError:
            continue
    return found


def stopped_at(running, part, written):
    """Waits until ``part`` holds ``written`` events; evflow up's output if it ended first."""
    try:
        wait_for_events(part, written)
    except AssertionError:
        running.kill()
        raise AssertionError(running.communicate()[1][-4000:]) from None


def files_of(tmp_path) -> dict:
    """The files a topology wrote in ``tmp_path`` (``.evf``, ``.part``), with their bytes."""
    return {p.name: p.read_bytes() for p in tmp_path.iterdir() if ".evf" in p.name}


def expected_events(tmp_path, gen=None):
    """What one process writes: the standard chain's events, or those of source ``gen``
    through reco."""
    if gen is None:
        return reference(tmp_path, {"EVENTS": str(EVENTS)})
    steps = []
    for text in (gen, RECO):
        namespace = {}
        exec(compile(textwrap.dedent(text), "steering", "exec"), namespace)
        steps.extend(namespace["path"])
    path = ef.Path()
    for step in [*steps, ef.modules.FileOutput(str(tmp_path / "reference.evf"))]:
        path.add(step)
    ef.process(path)
    events = events_of(tmp_path / "reference.evf")
    os.remove(tmp_path / "reference.evf")
    return events


@pytest.mark.parametrize("seed", KILL_SEEDS)
@pytest.mark.parametrize(
    "ordered,compression,signum",
    [(True, None, signal.SIGKILL), (False, "zstd", signal.SIGKILL), (True, None, signal.SIGINT)],
    ids=["ordered", "unordered-zstd", "sigint"],
)
def test_a_topology_stopped_three_times_is_resumed_to_one_processs_output(
    tmp_path, hosts, ordered, compression, signum, seed
):
    """The controller SIGKILLed (its devices end with it) or sent SIGINT (they drain) at
    random moments, the topology resumed, stopped again, three times, then resumed to the
    end: the sink's file holds every event once, as one process writes them (in order where
    the channel is ordered), and ``evflow info`` says it was resumed three times."""
    topo = a_farm(hosts, tmp_path, ordered, compression)
    rng = random.Random(seed)
    part = tmp_path / ".out.evf.part"
    held, last, resume = 0, 0, ()
    for k in range(3):
        # The events of run 1 after number `after` wait at reco's gate until the stop: the
        # run cannot end before it, however late the stop comes. It is stopped once it wrote
        # events of its own (a resumed run stopped before its first new record leaves no
        # `resumed` record to count).
        after = last + rng.randint(200, 600)
        gate = tmp_path / f"gate-{k}"
        running = up(topo, tmp_path, *resume, RECO_GATE=gate, RECO_GATE_AFTER=after)
        stopped_at(running, part, held + rng.randint(1, (after - last) // 2))
        stop(running, hosts, signum, topo, gate)
        held, last = held_by(tmp_path, "out.evf")
        resume = ("--resume",)
    running = up(topo, tmp_path, "--resume")
    err = finish(running)
    assert running.returncode == 0, err
    out = events_of(tmp_path / "out.evf")
    expected = expected_events(tmp_path)
    assert out == expected if ordered else sorted(out) == sorted(expected)
    assert_completion(tmp_path / "out.evf")
    shown = run_cli("info", tmp_path / "out.evf", cwd=tmp_path)
    assert "resumed:     3 times" in shown.stdout, shown.stdout
    # The summary counts what this run read, and what its source passed over.
    assert " passed over (the outputs had them)" in err, err


def test_a_source_without_seek_and_a_sink_killed_in_the_resumed_run(tmp_path, hosts):
    """A source of one's own without ``seek``: the resumed topology reads from the start and
    passes over what the sink's file holds. The sink SIGKILLed during the resumed run is
    restarted as any sink is, and continues the file: every event once, in order."""
    topo = a_farm(hosts, tmp_path, gen=BEAM)
    running = up(topo, tmp_path, sleep=0.001)
    stopped_at(running, tmp_path / ".out.evf.part", 500)
    stop(running, hosts, signal.SIGKILL)
    running = up(topo, tmp_path, "--resume", sleep=0.001)
    try:
        stopped_at(running, tmp_path / ".out.evf.part", 1200)
        [store] = [d for d in status(topo, tmp_path) if d["name"] == "evf-store-a-1"]
        os.kill(store["pid"], signal.SIGKILL)
        wait_for_replacement(topo, tmp_path, store)
    finally:
        err = finish(running)
    assert running.returncode == 0, err
    assert events_of(tmp_path / "out.evf") == expected_events(tmp_path, BEAM)
    assert_completion(tmp_path / "out.evf")


def test_a_sink_behind_a_bridge_is_resumed(tmp_path, hosts):
    """gen on A sends over tcp to the bridge on B, which feeds reco's replicas and the sink
    there over B's shared memory: killed and resumed, the sink's file equals one process's
    output (the seqs it holds are its source's input positions through the bridge)."""
    name = f"resume-b-{os.getpid()}-{time.monotonic_ns() % 100000}"
    farm = Farm(name, hosts.tables("a", "b"), max_restarts_per_minute=1000)
    farm.insert("into_b", after="gen", sends="raw_b", kind="bridge", host="b")
    farm.devices["store"]["host"] = "b"
    topo = farm.write(tmp_path)
    running = up(topo, tmp_path)
    stopped_at(running, tmp_path / ".out.evf.part", 800)
    stop(running, hosts, signal.SIGKILL)
    running = up(topo, tmp_path, "--resume")
    err = finish(running)
    assert running.returncode == 0, err
    assert events_of(tmp_path / "out.evf") == expected_events(tmp_path)
    assert_completion(tmp_path / "out.evf")


def devices_of(topo) -> list:
    """The pids of the processes on this host whose command line names ``topo``."""
    pids = []
    for entry in os.listdir("/proc"):
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                if str(topo).encode() in f.read() and int(entry) != os.getpid():
                    pids.append(int(entry))
        except (OSError, ValueError):
            continue
    return pids


def held_by(directory, name) -> tuple:
    """What the file ``name`` a stopped sink left holds (its ``.part`` file, or the file it
    closed as not complete): (events, the highest event number of run 1)."""
    part = directory / f".{name}.part"
    with ef.open(part if part.exists() else directory / name) as f:
        return len(f), max((e.number for e in f if e.run == 1), default=0)


def test_a_broadcast_to_two_sinks_is_resumed(tmp_path):
    """gen broadcasts raw to the trigger (reco -> store) and to a monitor writing every event,
    on this host; its controller SIGKILLed while the two sinks' files hold different numbers
    of events, the topology resumed: gen goes on from the lower of the two, each sink drops
    what its file holds, and each file equals an uninterrupted run's."""
    topo = broadcast(unique("resume-bc")).write(tmp_path, monitor=MONITOR)
    running = up(topo, tmp_path, sleep=0.001)
    stopped_at(running, tmp_path / ".out.evf.part", 600)
    running.kill()
    running.communicate()
    deadline = time.monotonic() + 30
    while devices_of(topo):
        assert time.monotonic() < deadline, f"devices outlived their controller: {devices_of(topo)}"
        time.sleep(0.05)
    held = [held_by(tmp_path, name)[0] for name in ("out.evf", "monitor.evf")]
    assert held[0] < held[1], f"the monitor's file should hold more: {held}"
    running = up(topo, tmp_path, "--resume", sleep=0.001)
    err = finish(running)
    assert running.returncode == 0, err
    assert events_of(tmp_path / "out.evf") == reference(tmp_path, {"EVENTS": str(EVENTS)})
    with ef.open(tmp_path / "monitor.evf") as f:
        monitored = [(e.run, e.number) for e in f]
    assert monitored == [(1, n) for n in range(1, EVENTS + 1)] + [(2, n) for n in range(1, 301)]
    for name in ("out.evf", "monitor.evf"):
        assert_completion(tmp_path / name)
        shown = run_cli("info", tmp_path / name, cwd=tmp_path)
        assert "resumed:     1 time (" in shown.stdout, shown.stdout


HELD_STORE = """
import os, time
import evflow as ef

class Hold(ef.Module):
    # Holds the sink in initialize, before its output opens the file, while hold-store exists.
    def initialize(self):
        while os.path.exists("hold-store"):
            time.sleep(0.05)

    def event(self, event):
        return True

path = ef.Path()
path.add(Hold())
path.add(ef.modules.FileOutput("out.evf"))
"""


def test_a_resumed_sink_dead_before_it_opened_its_file_stops_the_topology(tmp_path, hosts):
    """The sink of a resumed topology SIGKILLed before its output opened the file it
    recovered: a replacement would not continue that file, so the topology stops, exit 1,
    naming it, the file as it was; resumed again, it completes."""
    topo = a_farm(hosts, tmp_path)
    (tmp_path / "store.py").write_text(HELD_STORE)
    running = up(topo, tmp_path)
    stopped_at(running, tmp_path / ".out.evf.part", 500)
    stop(running, hosts, signal.SIGKILL)
    before = files_of(tmp_path)
    (tmp_path / "hold-store").touch()
    running = up(topo, tmp_path, "--resume")
    try:
        deadline = time.monotonic() + 60
        while True:
            [store] = [d for d in status(topo, tmp_path) if d["name"] == "evf-store-a-1"]
            if store["state"] == "starting":
                break
            assert time.monotonic() < deadline, store
            time.sleep(0.05)
        os.kill(store["pid"], signal.SIGKILL)
    finally:
        err = finish(running)
    assert running.returncode == 1, err
    [error] = error_lines(err)
    assert "evf-store-a-1 was killed by SIGKILL before it had opened the files it resumes" in error
    assert files_of(tmp_path) == before
    (tmp_path / "hold-store").unlink()
    running = up(topo, tmp_path, "--resume")
    err = finish(running)
    assert running.returncode == 0, err
    assert events_of(tmp_path / "out.evf") == expected_events(tmp_path)
    assert_completion(tmp_path / "out.evf")


def test_a_complete_topology_has_nothing_to_resume(tmp_path, hosts):
    """Resuming a topology that finished: the sink's file is complete, nothing starts,
    nothing changes, exit 0."""
    topo = a_farm(hosts, tmp_path)
    running = up(topo, tmp_path, events=300)
    err = finish(running)
    assert running.returncode == 0, err
    before = files_of(tmp_path)
    running = up(topo, tmp_path, "--resume", events=300)
    err = finish(running)
    assert running.returncode == 0, err
    assert "out.evf complete: nothing to resume" in err, err
    assert "evf-reco" not in err, err  # no process started
    assert files_of(tmp_path) == before


def test_resuming_another_job_is_refused_and_changes_nothing(tmp_path, hosts):
    """The generator's configuration differs from the one the sink's file records (another
    number of events): refused by the sink's host before anything starts, exit 2, naming
    the sink and what differs; every file as it was."""
    topo = a_farm(hosts, tmp_path)
    running = up(topo, tmp_path)
    stopped_at(running, tmp_path / ".out.evf.part", 300)
    stop(running, hosts, signal.SIGKILL)
    before = files_of(tmp_path)
    running = up(topo, tmp_path, "--resume", events=EVENTS + 1)
    err = finish(running)
    assert running.returncode == 2, err
    [error] = error_lines(err)
    assert error.startswith(f"evflow: error: cannot resume {topo}: sink store (host a): "), error
    assert "cannot resume: the inputs differ from those" in error, error
    assert files_of(tmp_path) == before


@pytest.mark.parametrize("shape", ["merger", "held"])
def test_a_shape_that_cannot_be_resumed_yet_is_refused(tmp_path, hosts, shape):
    """A sink fed through a merger (its seqs are the merger's), or ``--hold``: refused before
    anything starts, exit 2, with the reason; nothing written."""
    name = f"resume-{os.getpid()}-{time.monotonic_ns() % 100000}"
    farm = Farm(name, hosts.tables())
    if shape == "merger":
        farm.merge({"x": "b", "y": "c"}, host="a")
    topo = farm.write(tmp_path, part_x=GEN, part_y=GEN)
    running = up(topo, tmp_path, "--resume", *(["--hold"] if shape == "held" else []))
    err = finish(running)
    assert running.returncode == 2, err
    [error] = error_lines(err)
    why = "takes its events from merge, a merger" if shape == "merger" else "(--hold)"
    assert why in error and "run it without --resume" in error, error
    assert files_of(tmp_path) == {}
