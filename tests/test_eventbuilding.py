"""The event builder (docs/eventbuilding.md): readout devices read the fragments of their
detector slice, builder replicas join each event's fragments. Every (run, number) comes out
once with every fragment's bytes, or flagged incomplete naming the readouts that missed it;
builders and readouts killed mid-run lose and duplicate nothing."""

import json
import os
import random
import shutil
import signal
import struct
import sys
import textwrap
import threading
import time

import evflow as ef
import pytest
from conftest import killed_on_exit, run_cli, start_cli
from evflow_bench.standard_farm import STORE, Farm
from test_merger import pid_when
from test_topology import shm_sessions, unique

READOUTS = ("ecal", "hcal", "muon", "trk")

FRAGMENT = """
import os, random, time
import evflow as ef

NAME = ef.device().device if ef.device() else "ecal"

class Drop(ef.Module):
    '''Loses about a tenth of its fragments when DROPPING names it (the same ones every run);
    sleeps SLOW seconds an event until the file FAST exists.
    The replacement of the readout BACK_LATE names starts BACK_AFTER seconds late (its first
    process leaves the file BACK_MARK).'''
    def initialize(self):
        if NAME == os.environ.get("BACK_LATE"):
            mark = os.environ["BACK_MARK"]
            if os.path.exists(mark):
                time.sleep(float(os.environ["BACK_AFTER"]))
            open(mark, "w").close()
    def event(self, event):
        if os.environ.get("SLOW") and not os.path.exists(os.environ.get("FAST", "")):
            time.sleep(float(os.environ["SLOW"]))
        if NAME in os.environ.get("DROPPING", "").split(","):
            return random.Random(event.number).random() >= 0.1
        return True

path = ef.Path()
path.add(ef.modules.EventGenerator(
    runs=[(1, int(os.environ.get("EVENTS", "2000")))],
    # Each slice's values in a range of its own: a fragment under another's name shows.
    entries={"adc": {"dtype": "<u2", "size": int(os.environ.get("SIZE", "16")),
                     "values": ("uniform", sum(map(ord, NAME)), sum(map(ord, NAME)) + 100)}},
))
path.add(Drop())
"""

WORK = """
import os, time
import evflow as ef

class Work(ef.Module):
    '''The builder's work on each built event: WORK_MS per event, and on replica 2
    SLOW_TIMES as much (in sleeps of eight events at once: finer ones are not exact).'''
    parallel_safe = True
    def initialize(self):
        slow = ef.device().replica == 2
        times = int(os.environ["SLOW_TIMES"]) if slow else 1
        self.per_event = float(os.environ["WORK_MS"]) / 1000 * times
        self.seen = 0
    def event(self, event):
        self.seen += 1
        if self.seen % 8 == 0:
            time.sleep(8 * self.per_event)
        return all(f"{r}.adc" in event for r in ("ecal", "hcal", "muon", "trk"))

path = ef.Path()
path.add(Work())
"""


GATED_STORE = """
import os, time
import evflow as ef

class Gate(ef.Module):
    '''Holds the built events after the first GATE_AFTER (100) until the file GATE names
    exists.'''
    def event(self, event):
        after = int(os.environ.get("GATE_AFTER", "100"))
        while event.number > after and not os.path.exists(os.environ["GATE"]):
            time.sleep(0.01)
        return True

path = ef.Path()
path.add(Gate())
path.add(ef.modules.FileOutput("out.evf"))
"""


def write(
    tmp_path, readouts=READOUTS, timeout=1.0, batch=16, hosts=None, work=False, metrics=None, **eb
):
    """The standard farm building events: ``readouts`` in gen's place, the builder eb x2 in
    reco's; with ``hosts`` (namespace hosts a, b, c): readouts on a and b, the builders on b
    and c, the store on c. ``eb``: more keys of the builder's table."""
    tables = hosts.tables() if hosts is not None else None
    farm = Farm(unique("eb"), tables, max_restarts_per_minute=1000, metrics=metrics)
    places = {r: "ab"[i % 2] if tables else None for i, r in enumerate(readouts)}
    steering = "work.py" if work else None
    farm.build(places, readout="fragment.py", steering=steering, timeout=timeout, batch=batch, **eb)
    if tables:
        farm.devices["store"]["host"] = "c"
    return farm.write(tmp_path, fragment=FRAGMENT, work=WORK)


def up(topo, env, timeout=180):
    saved = dict(os.environ)
    os.environ.update({k: str(v) for k, v in env.items()})
    try:
        return run_cli("up", topo, "--report", "report.json", cwd=topo.parent, timeout=timeout)
    finally:
        os.environ.clear()
        os.environ.update(saved)


def fragments_alone(tmp_path, name, events, size=16):
    """What readout ``name``'s path gives alone: number -> its adc values."""
    namespace = {}
    saved = dict(os.environ)
    os.environ.update(EVENTS=str(events), SIZE=str(size))
    try:
        exec(textwrap.dedent(FRAGMENT).replace('else "ecal"', f'else "{name}"'), namespace)
    finally:
        os.environ.clear()
        os.environ.update(saved)
    path = namespace["path"]
    path.add(ef.modules.FileOutput(str(tmp_path / f"{name}.evf")))
    ef.process(path, summary=False)
    with ef.open(tmp_path / f"{name}.evf") as f:
        return {e.number: e["adc"].tobytes() for e in f}


def built(topo):
    with ef.open(topo.parent / "out.evf") as f:
        return list(f), f.complete


def dropped(events):
    return {n for n in range(1, events + 1) if random.Random(n).random() < 0.1}


def check_every_event_once(tmp_path, events, size=16):
    out, complete = built(tmp_path / "topo.toml")
    assert complete
    numbers = [e.number for e in out]
    assert sorted(numbers) == list(range(1, events + 1)), "every event exactly once"
    alone = {r: fragments_alone(tmp_path, r, events, size) for r in READOUTS}
    for e in out:
        assert "incomplete" not in e.flags, e.number
        for r in READOUTS:
            assert e[f"{r}.adc"].tobytes() == alone[r][e.number], (r, e.number)
    return out


def test_four_readouts_two_builders_every_event_once_with_its_bytes(tmp_path):
    topo = write(tmp_path)
    result = up(topo, {"EVENTS": 100_000})
    assert result.returncode == 0, result.stderr
    out = check_every_event_once(tmp_path, 100_000)
    assert [e.number for e in out] == sorted(e.number for e in out), "ordered channel"
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["job"]["written"] == 100_000
    builders = [d for d in report["devices"] if d["device"] == "eb"]
    assert len(builders) == 2 and all(d["events_in"] > 0 for d in builders), builders
    # The summary counts the readouts' own modules under their names.
    assert "Drop" in result.stderr and "EventGenerator" in result.stderr
    assert not shm_sessions(topo.read_text().split('"')[1])


def test_fragments_lost_at_one_readout_are_named_exactly(tmp_path):
    topo = write(tmp_path, timeout=0.5)
    result = up(topo, {"EVENTS": 3000, "DROPPING": "muon"})
    assert result.returncode == 0, result.stderr
    out, complete = built(topo)
    assert complete and sorted(e.number for e in out) == list(range(1, 3001))
    lost = dropped(3000)
    for e in out:
        if e.number in lost:
            assert "incomplete" in e.flags
            assert e["missing_sources"].tolist() == ["muon"]
            assert "muon.adc" not in e
        else:
            assert "incomplete" not in e.flags and "missing_sources" not in e
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["job"]["incomplete"] == len(lost)


def test_a_readout_slow_to_start_holds_the_run_back_and_no_event_is_incomplete(tmp_path):
    """hcal's modules take 3 s to initialize (a detector's configuration), six times the
    builder's timeout: the run starts once every process is configured (docs/topology-design.md,
    "Controller and life cycle"), so the other readouts do not read meanwhile, and no batch
    is built without hcal's fragments."""
    topo = write(tmp_path, timeout=0.5)
    mark = tmp_path / "hcal-started"
    mark.touch()  # FRAGMENT: a process that finds the mark starts BACK_AFTER seconds late
    env = {"EVENTS": 2000, "BACK_LATE": "hcal", "BACK_AFTER": 3, "BACK_MARK": mark}
    result = up(topo, env)
    assert result.returncode == 0, result.stderr
    check_every_event_once(tmp_path, 2000)
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["job"]["incomplete"] == 0


def test_an_event_no_readout_delivered_does_not_exist(tmp_path):
    """Every readout loses the same fragments: those numbers are not events at all."""
    topo = write(tmp_path, readouts=("ecal", "hcal"), timeout=0.3)
    result = up(topo, {"EVENTS": 1000, "DROPPING": "ecal,hcal"})
    assert result.returncode == 0, result.stderr
    out, _ = built(topo)
    assert sorted(e.number for e in out) == sorted(set(range(1, 1001)) - dropped(1000))
    assert not any("incomplete" in e.flags for e in out)


def kill_repeatedly(topo, wanted, every, stop, gate):
    """Kills a device process for which ``wanted`` holds, every ``every`` seconds, until
    ``stop`` is set, creating the file ``gate`` after the second kill; how many it killed."""
    killed = 0
    while not stop.wait(every):
        try:
            pid = pid_when(topo, wanted, timeout=5)
            os.kill(pid, signal.SIGKILL)
            killed += 1
        except (AssertionError, ProcessLookupError, TypeError):
            pass
        if killed >= 2:
            gate.touch()
    return killed


def test_builders_killed_every_second_lose_and_duplicate_nothing(tmp_path):
    # A batch held behind the gate below may be in the killed builder both times:
    # max_retries is raised so that it does not become a poison batch.
    topo = write(tmp_path, batch=8, max_retries=5)
    # Built events after the first 100 wait at the store's gate until two builders were
    # killed: the run cannot end before them, however slowly `ctl status` answers.
    (tmp_path / "store.py").write_text(textwrap.dedent(GATED_STORE))
    gate = tmp_path / "gate"
    # The readouts read slowly until then too.
    env = {"EVENTS": "30000", "SLOW": "0.0001", "GATE": str(gate), "FAST": str(gate)}
    job = start_cli("up", topo, "--report", "report.json", cwd=tmp_path, env=env)
    with killed_on_exit(job) as p:
        stop = threading.Event()
        killed = []
        builders = lambda d: d["device"] == "eb" and d["state"] == "running" and d["pid"]  # noqa: E731
        killer = threading.Thread(
            target=lambda: killed.append(kill_repeatedly(topo, builders, 1.0, stop, gate))
        )
        killer.start()
        try:
            _, err = p.communicate(timeout=240)
        finally:
            stop.set()
            killer.join()
    assert p.returncode == 0, err
    assert killed[0] >= 2, "the run outlasted two builder deaths"
    check_every_event_once(tmp_path, 30000)
    report = json.loads((tmp_path / "report.json").read_text())
    assert sum(d["restarts"] for d in report["devices"] if d["device"] == "eb") >= 2


def test_a_readout_killed_gives_incomplete_events_only_while_it_is_down(tmp_path):
    """hcal is SIGKILLed once: its events are incomplete until the restarted hcal catches
    up (its fragments of events already built are late and dropped); none is lost or
    duplicated, and the events after its return are complete.

    A batch is built once one readout has read past it: the others' fragments must come
    within the builder's timeout. With 0.5 s, a readout the CPU kept behind by that much (a
    loaded machine) made events incomplete that hcal's death did not; with 2 s, only hcal's
    downtime does, which its replacement, 3 s late, makes longer than the timeout."""
    topo = write(tmp_path, timeout=2.0)
    # Built events after the first 10000 wait at the store's gate until hcal is killed: the
    # run cannot end before the kill. The gate opens at once, so that events are built
    # while hcal is down.
    (tmp_path / "store.py").write_text(textwrap.dedent(GATED_STORE))
    gate = tmp_path / "gate"
    env = {"EVENTS": "40000", "SLOW": "0.0001", "GATE": str(gate), "GATE_AFTER": "10000"}
    env.update(BACK_LATE="hcal", BACK_AFTER="3", BACK_MARK=str(tmp_path / "hcal-started"))
    job = start_cli("up", topo, "--report", "report.json", cwd=tmp_path, env=env)
    with killed_on_exit(job) as p:
        # Killed once the store has the events before the gate: its replacement reads their
        # fragments again, late (it reads 10000 before it can be past them unasked).
        pid_when(topo, lambda d: d["device"] == "store" and d["events_in"] >= 10000)
        pid = pid_when(topo, lambda d: d["device"] == "hcal" and d["pid"])
        os.kill(pid, signal.SIGKILL)
        gate.touch()
        _, err = p.communicate(timeout=240)
    assert p.returncode == 0, err
    assert "late" in err, err[-2000:]
    out, complete = built(topo)
    assert complete and sorted(e.number for e in out) == list(range(1, 40001))
    incomplete = sorted(e.number for e in out if "incomplete" in e.flags)
    assert incomplete, "hcal's downtime shows"
    missing = {e.number: e["missing_sources"].tolist() for e in out if "incomplete" in e.flags}
    others = {n: m for n, m in missing.items() if m != ["hcal"]}
    assert not others, f"events incomplete without hcal's death: {list(others.items())[:20]}"
    # One stretch of downtime: once hcal is back, every later event is complete.
    assert incomplete[-1] - incomplete[0] < 40000 - 1
    assert all("incomplete" not in e.flags for e in out if e.number > incomplete[-1])
    assert out[-1].number == 40000 and "incomplete" not in out[-1].flags


def test_a_slow_builder_takes_fewer_batches_and_nobody_waits_for_it(tmp_path):
    """Replica 2 of the builder runs its modules 20 times slower than replica 1: it gets
    fewer batches (credits), and the events still come out once, complete, none timed out
    waiting for it. (Its cost in throughput, against one fast builder alone, is measured
    by `evflow bench builder`, docs/benchmarks.md: tests do not time.)"""
    topo = write(tmp_path, work=True)
    result = up(topo, {"EVENTS": 20000, "WORK_MS": 0.05, "SLOW_TIMES": 20})
    assert result.returncode == 0, result.stderr
    check_every_event_once(tmp_path, 20000)
    report = json.loads((tmp_path / "report.json").read_text())
    batches = {d["replica"]: d["events_in"] for d in report["devices"] if d["device"] == "eb"}
    assert sum(batches.values()) == 20000 // 16 + 1, batches
    assert batches[2] < batches[1] / 3, f"the slow builder took {batches}"
    assert report["job"]["rejected"] == 0 and report["job"]["incomplete"] == 0


HELD_BUILDER = """
import os, time
import evflow as ef

class Hold(ef.Module):
    '''Replica 2 holds its first batch until the file STORED exists (at most 60 s, then it
    stops the job): the release point stays at that batch meanwhile. It leaves the event's
    number in HELD, and FAST lets the readouts read at full speed.'''
    parallel_safe = True
    def initialize(self):
        self.held = ef.device().replica != 2
    def event(self, event):
        if not self.held:
            self.held = True
            with open(os.environ["HELD"], "w") as f:
                f.write(str(event.number))
            open(os.environ["FAST"], "w").close()
            deadline = time.monotonic() + 60
            while not os.path.exists(os.environ["STORED"]):
                if time.monotonic() > deadline:
                    raise RuntimeError("the other builder stopped while this one held its batch")
                time.sleep(0.01)
        return True

path = ef.Path()
path.add(Hold())
"""

COUNTED_STORE = """
import os
import evflow as ef

class Count(ef.Module):
    '''Leaves the file STORED once STORED_AT events have come.'''
    def initialize(self):
        self.seen = 0
    def event(self, event):
        self.seen += 1
        if self.seen == int(os.environ["STORED_AT"]):
            open(os.environ["STORED"], "w").close()
        return True

path = ef.Path()
path.add(Count())
path.add(ef.modules.FileOutput("out.evf"))
"""


def test_a_builder_holding_the_release_point_back_does_not_stop_the_others(tmp_path):
    """Replica 2 holds one batch until all events but two batches' worth are at the store
    (unordered): the release point stays at that batch, and the readouts' homes (22 MiB
    each, 352 fragments of 64 KiB) hold far fewer than the events built meanwhile. The
    readouts drop the batches the custody has (the done batches the requests name), so
    every fragment stays written once; until 2026-12-07 they kept them all, and each copied
    1,629 of its 2,000 fragments again (one batch at a time, as the requests came) and said
    so. Every event comes out once with its bytes."""
    topo = write(tmp_path, work=True)
    topo.write_text(topo.read_text().replace("[channels.accepted]\nordered = true\n", ""))
    (tmp_path / "work.py").write_text(textwrap.dedent(HELD_BUILDER))
    (tmp_path / "store.py").write_text(textwrap.dedent(COUNTED_STORE))
    events, size = 2000, 1 << 15  # <u2 values: 64 KiB a fragment
    files = {k: str(tmp_path / k.lower()) for k in ("HELD", "FAST", "STORED")}
    env = {"EVENTS": events, "SIZE": size, "SLOW": 0.01, "STORED_AT": events - 64, **files}
    result = up(topo, env)
    assert result.returncode == 0, result.stderr[-3000:]
    held = int((tmp_path / "held").read_text())
    assert held < events - 64 - 2 * 352, f"replica 2 held event {held}: too late to need them"
    assert "did not fit in its share of the segment" not in result.stderr, result.stderr[-3000:]
    check_every_event_once(tmp_path, events, size)


def test_a_builders_modules_run_on_each_built_event_and_may_reject(tmp_path):
    """The builder's steering sees every built event with all fragments; one it rejects is
    counted as rejected at the custody, and not written."""
    topo = write(tmp_path, work=True, timeout=0.5)
    result = up(topo, {"EVENTS": 3000, "DROPPING": "muon", "WORK_MS": 0, "SLOW_TIMES": 1})
    assert result.returncode == 0, result.stderr
    out, complete = built(topo)
    lost = dropped(3000)
    assert complete and sorted(e.number for e in out) == sorted(set(range(1, 3001)) - lost)
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["job"]["rejected"] == len(lost)
    assert report["job"]["written"] == 3000 - len(lost)
    assert "Work" in result.stderr, "the builder's module is in the summary"


def test_every_unit_shows_its_event_building_metrics(tmp_path):
    """The topology's metrics (a real scrape by curl) count each readout's fragments and
    bytes, each builder's fragments, events built and free credits, and the batch size."""
    from test_metrics import free_port, scrape, values, wait_for

    port = free_port()
    topo = write(tmp_path, metrics=f"127.0.0.1:{port}")
    # Built events after the first 100 wait at the store's gate until the metrics are
    # scraped: the run cannot end before.
    (tmp_path / "store.py").write_text(textwrap.dedent(GATED_STORE))
    gate = tmp_path / "gate"
    env = {"EVENTS": "30000", "SLOW": "0.0001", "GATE": str(gate)}
    job = start_cli("up", topo, "--report", "report.json", cwd=tmp_path, env=env)
    with killed_on_exit(job) as p:
        url = f"http://127.0.0.1:{port}/metrics"
        samples = wait_for(url, deadline_s=60)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            # Each process's counts come with its own report: a builder's may be ahead of a
            # readout's in one scrape, so both are waited for.
            built = values(samples, "evflow_eventbuilding_events_built_total", unit="builder")
            sent = values(samples, "evflow_eventbuilding_fragments_total", unit="readout")
            sending = {dict(k)["device"] for k, v in sent.items() if v > 0}
            if len(built) == 2 and all(v > 0 for v in built.values()) and sending == set(READOUTS):
                break
            time.sleep(0.2)
            samples = scrape(url)
        gate.touch()
        _, err = p.communicate(timeout=240)
    assert p.returncode == 0, err
    fragments = values(samples, "evflow_eventbuilding_fragments_total", unit="readout")
    assert {dict(k)["device"] for k, v in fragments.items() if v > 0} == set(READOUTS)
    received = values(samples, "evflow_eventbuilding_fragments_total", unit="builder")
    assert len(received) == 2 and all(v > 0 for v in received.values()), received
    (ecal_bytes,) = values(samples, "evflow_eventbuilding_bytes_total", device="ecal").values()
    (ecal_fragments,) = values(
        samples, "evflow_eventbuilding_fragments_total", device="ecal"
    ).values()
    # 16 uint16 values per fragment (a report may fall between the two counts' updates).
    assert 32 * (ecal_fragments - 1) <= ecal_bytes <= 32 * ecal_fragments
    # 32-byte fragments travel inside their frames: nothing to copy into the segment.
    copied = values(samples, "evflow_eventbuilding_copied_total", unit="readout")
    assert len(copied) == len(READOUTS) and set(copied.values()) == {0.0}, copied
    credits = values(samples, "evflow_eventbuilding_credits", unit="builder")
    assert len(credits) == 2 and all(0 <= c <= 2 for c in credits.values()), credits
    batch = values(samples, "evflow_eventbuilding_batch_size")
    assert set(batch.values()) == {16.0}


@pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("ip") is None,
    reason="network namespaces need root and iproute2's ip",
)
def test_across_three_namespace_hosts_over_tcp(tmp_path):
    from evflow_bench.namespaces import Hosts

    with Hosts(["a", "b", "c"]) as hosts:
        topo = write(tmp_path, hosts=hosts)
        result = up(topo, {"EVENTS": 30_000})
    assert result.returncode == 0, result.stderr
    check_every_event_once(tmp_path, 30_000)


@pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("ip") is None,
    reason="network namespaces need root and iproute2's ip",
)
def test_builders_scaled_up_and_down_during_a_run_lose_and_duplicate_nothing(tmp_path):
    """``evflow ctl scale eb`` across three namespace hosts while the readouts read: each new
    builder is asked for fragments by every readout and builds batches, each retired one
    finishes its batches and exits; every event is built once, complete."""
    from evflow_bench.namespaces import Hosts
    from test_scale import refused, rows, scale, settle

    events = 40_000
    with Hosts(["a", "b", "c"]) as hosts:
        topo = write(tmp_path, hosts=hosts)
        fast = tmp_path / "fast"
        # The readouts read slowly until FAST exists: the run lasts while the builders change.
        env = {"EVENTS": str(events), "SLOW": "0.001", "FAST": str(fast)}
        job = start_cli("up", topo, "--report", "report.json", cwd=tmp_path, env=env)
        with killed_on_exit(job) as p:
            try:
                # (arguments, the builders on b and on c once it is done)
                steps = [
                    (["3", "--host", "b"], ["b-1", "b-2", "b-3"], ["c-1", "c-2"]),
                    (["0", "--host", "c"], ["b-1", "b-2", "b-3"], []),
                    (["2", "--host", "c"], ["b-1", "b-2", "b-3"], ["c-1", "c-2"]),
                    (["1"], ["b-1"], ["c-1"]),
                ]
                for args, on_b, on_c in steps:
                    before = rows(topo, tmp_path)
                    result = scale(topo, tmp_path, "eb", *args)
                    assert result.returncode == 0, result.stderr
                    expected = {
                        h: [f"evf-eb-{n}" for n in on] for h, on in (("b", on_b), ("c", on_c))
                    }
                    settle(topo, tmp_path, "eb", expected, before)
                refused(topo, tmp_path, "scale", "ecal", "2", says="ecal is a readout unit")
            finally:
                fast.touch()
                _, err = p.communicate(timeout=240)
                # Shown with a failure in the steps above, which would hide it.
                sys.stderr.write(err)
    assert p.returncode == 0, err
    check_every_event_once(tmp_path, events)
    report = json.loads((tmp_path / "report.json").read_text())
    assert sum(d["restarts"] for d in report["devices"] if d["device"] == "eb") == 0
    changes = report["job"]["changes"]
    retired = sorted(c["process"] for c in changes if c["what"] == "retired")
    assert retired == sorted(f"evf-eb-{n}" for n in ("c-1", "c-2", "b-2", "b-3", "c-2"))
    joined = sorted(c["process"] for c in changes if c["what"] == "joined")
    assert joined == sorted(f"evf-eb-{n}" for n in ("b-3", "c-1", "c-2"))


@pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("ip") is None,
    reason="network namespaces need root and iproute2's ip",
)
def test_foreign_messages_on_event_building_ports_are_dropped(tmp_path):
    """Anything on the network reaches the event manager's progress port and a builder's
    fragments port: messages that are not event building's (garbage, another kind, a head
    whose parts do not match, a readout that does not exist, a fragment that is no frame)
    are dropped, each sender logged once, and every event is still built once."""
    import zmq
    from evflow_bench.namespaces import Hosts
    from test_farm import endpoint

    events = 20_000
    with Hosts(["a", "b", "c"]) as hosts:
        topo = write(tmp_path, hosts=hosts)
        (tmp_path / "store.py").write_text(textwrap.dedent(GATED_STORE))
        # Built events after the first 100 wait at the store's gate until both ports were sent
        # to: the job runs while they are found, however slowly `ctl status` answers. The
        # readouts read slowly until then too.
        gate = tmp_path / "gate"
        env = {"EVENTS": str(events), "SLOW": "0.0002", "GATE": str(gate), "FAST": str(gate)}
        p = start_cli("up", topo, cwd=tmp_path, env=env)
        try:
            progress = endpoint(topo, tmp_path, "progress")
            fragments = endpoint(topo, tmp_path, "fragments-0-0")

            def head(readout, counts):
                """A fragments head of readout ``readout``, batch (1, 0), ``counts`` parts."""
                n = struct.pack("<I", len(counts)) + struct.pack(f"<{len(counts)}I", *counts)
                return bytes([3, 0, 0, 0]) + struct.pack("<IIQ", readout, 1, 0) + n

            sent = {
                progress: [[b"not progress"], [bytes([1]) + bytes(5)], [head(0, [1]), b"x"]],
                fragments: [
                    [b"garbage"],
                    [head(0, [2]), b"one part of two"],
                    [head(99, [1]), b"x"],
                    [head(0, [1]), b"not a frame"],
                ],
            }
            for address, messages in sent.items():
                socket = zmq.Context.instance().socket(zmq.PUSH)
                socket.connect(address)
                for message in messages:
                    socket.send_multipart(message)
                socket.close(linger=2000)
        finally:
            gate.touch()
            _out, err = p.communicate(timeout=180)
    assert p.returncode == 0, err
    peer = hosts.controller
    what = {"progress": "a readout's progress", "fragments": "a readout's fragments"}
    for channel, expected in what.items():
        line = f"dropped a message from {peer} on its {channel} channel that is not {expected}"
        assert err.count(line) == 1, err
    assert "dropped 3 messages on its progress channel" in err, err
    assert "4 malformed messages were dropped" in err, err
    check_every_event_once(tmp_path, events)


@pytest.mark.parametrize(
    "text, expected",
    [
        ('[devices.eb]\nkind = "builder"\nbatch = 0', "batch"),
        ('[devices.gen]\nsteering = "fragment.py"\nbatch = 8', 'only for kind = "builder"'),
        ('[devices.eb]\nkind = "builder"\nsegment_size = 4096', "`segment_size` in [devices.eb]"),
        ('[devices.m]\nkind = "merger"\nsteering = "x.py"', "takes no `steering`"),
        ('[devices.ecal]\nkind = "readout"\ninputs = ["x"]', "readout ecal needs no input"),
    ],
)
def test_bad_event_building_files_are_refused_with_their_line(tmp_path, text, expected):
    (tmp_path / "fragment.py").write_text(textwrap.dedent(FRAGMENT))
    topo = tmp_path / "topo.toml"
    topo.write_text(f'name = "bad"\n{text}\n')
    result = run_cli("up", topo, cwd=tmp_path)
    assert result.returncode == 2
    assert expected in result.stderr and "topo.toml:" in result.stderr, result.stderr


def test_a_builder_fed_by_a_non_readout_device_is_refused(tmp_path):
    (tmp_path / "fragment.py").write_text(textwrap.dedent(FRAGMENT))
    (tmp_path / "store.py").write_text(STORE)
    topo = tmp_path / "topo.toml"
    topo.write_text(
        'name = "bad"\n[devices.gen]\nsteering = "fragment.py"\noutputs = ["f"]\n'
        '[devices.eb]\nkind = "builder"\ninputs = ["f"]\noutputs = ["b"]\n'
        '[devices.store]\nsteering = "store.py"\ninputs = ["b"]\n'
    )
    result = run_cli("up", topo, cwd=tmp_path)
    assert result.returncode == 2
    assert "event-building channel" in result.stderr and "gen is not a readout" in result.stderr


def test_a_batch_too_large_for_the_segment_is_a_clear_error_and_segment_size_fixes_it(
    tmp_path,
):
    """Two readouts of 1 MiB fragments in batches of 64 need more than the default 128 MiB
    segment: the run stops with what to change, leaving no shared memory behind; with the
    builder's `segment_size` raised the same run builds every event. The builder waits 30 s
    for a batch's answers (not 1 s): a readout makes and copies 64 MiB a batch, which on a
    loaded machine took longer than a second and built event 192 incomplete."""
    topo = write(tmp_path, readouts=("ecal", "hcal"), batch=64, timeout=30.0)
    # 512 Ki values of <u2: 1 MiB per fragment; two full batches and a part of one.
    env = {"EVENTS": 130, "SIZE": 1 << 19}
    result = up(topo, env)
    assert result.returncode != 0
    assert "lower the builder's `batch`, or raise its `segment_size`" in result.stderr
    assert not shm_sessions(topo.read_text().split('"')[1])
    text = topo.read_text().replace("batch = 64", f"batch = 64\nsegment_size = {1 << 30}")
    topo.write_text(text)
    result = up(topo, env)
    assert result.returncode == 0, result.stderr
    # One event at a time: 260 MiB held at once would raise this process's peak memory,
    # which later tests measure.
    with ef.open(topo.parent / "out.evf") as f:
        numbers = [(e.number, "incomplete" in e.flags) for e in f]
        assert f.complete
    assert numbers == [(n, False) for n in range(1, 131)]


def scrape_while_gated(tmp_path, env, until, **eb):
    """Runs the farm building events (``write(tmp_path, **eb)``) with the store gated
    (GATED_STORE), scrapes its metrics (a real scrape by curl) until ``until(samples)``, then
    opens the gate: (samples, stderr)."""
    from test_metrics import free_port, scrape, wait_for

    port = free_port()
    topo = write(tmp_path, metrics=f"127.0.0.1:{port}", **eb)
    (tmp_path / "store.py").write_text(textwrap.dedent(GATED_STORE))
    gate = tmp_path / "gate"
    env = {**env, "GATE": str(gate)}
    job = start_cli("up", topo, "--report", "report.json", cwd=tmp_path, env=env)
    with killed_on_exit(job) as p:
        url = f"http://127.0.0.1:{port}/metrics"
        samples = wait_for(url, deadline_s=60)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not until(samples):
            time.sleep(0.2)
            samples = scrape(url)
        gate.touch()
        _, err = p.communicate(timeout=240)
    assert p.returncode == 0, err
    return samples, err


def test_fragments_are_written_once_into_the_segment(tmp_path):
    """64 fragments of 256 KiB per readout fit in each readout's home (22 MiB), so the
    generator writes each one in the segment and it goes by handle: the metrics, scraped
    once every fragment is read, count none copied, and no readout warns that its share
    was too small (until 2026-12-02 the read-ahead outran the homes and 44% were copied
    again: docs/eventbuilding.md, "Memory"). Every event comes out once with its bytes."""
    from test_metrics import values

    size = 1 << 17  # <u2 values: 256 KiB

    def read_all(samples):
        read = values(samples, "evflow_eventbuilding_fragments_total", unit="readout")
        return len(read) == len(READOUTS) and all(v == 64 for v in read.values())

    env = {"EVENTS": "64", "SIZE": str(size), "GATE_AFTER": "60"}
    samples, err = scrape_while_gated(tmp_path, env, read_all, batch=4)
    assert read_all(samples), values(samples, "evflow_eventbuilding_fragments_total")
    copied = values(samples, "evflow_eventbuilding_copied_total", unit="readout")
    assert len(copied) == len(READOUTS) and set(copied.values()) == {0.0}, copied
    assert "did not fit in its share of the segment" not in err, err[-2000:]
    check_every_event_once(tmp_path, 64, size)


def test_a_readout_whose_share_is_full_copies_the_batch_it_must_read_and_says_so(tmp_path):
    """The store holds the built events after the 100th: the release point stops, and
    each readout's home (22 MiB, 88 fragments of 256 KiB) fills with batches the custody
    does not have yet. A readout still reads the batch beyond the requests (without it no
    request would come, nor the release with it): its fragments wait in the readout's own
    memory, are copied into the segment when a builder asks, counted, and the readout says
    so at its end. Every event comes out once with its bytes."""
    from test_metrics import values

    size = 1 << 17

    def some_copied(samples):
        copied = values(samples, "evflow_eventbuilding_copied_total", unit="readout")
        return any(v > 0 for v in copied.values())

    env = {"EVENTS": "600", "SIZE": str(size), "GATE_AFTER": "100"}
    samples, err = scrape_while_gated(tmp_path, env, some_copied, batch=4)
    assert some_copied(samples), values(samples, "evflow_eventbuilding_fragments_total")
    assert "did not fit in its share of the segment (22 MiB)" in err, err[-2000:]
    check_every_event_once(tmp_path, 600, size)
