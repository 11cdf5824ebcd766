"""Topologies across hosts (docs/topology.md; each case: docs/topology-design.md, "Failure
cases and their tests"): three simulated hosts, network namespaces on one bridge that each
test makes and removes. A source on A, two processor replicas on each of B and C, an ordered
sink on A: every event written exactly once, in source order, the same as
``ef.process(path)`` in one process, through killed replicas, a lost host and a killed
controller."""

import json
import os
import random
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time

import evflow as ef
import pytest
from conftest import assert_completion, run_cli, wait_for_events
from evflow_bench.standard_farm import GEN, RECO, Farm
from evflow_bench.topology import RECO as NOTHING
from test_topology import (
    assert_funnelled,
    events_of,
    kill_when,
    reference,
    reference_of,
    status,
    wait_for_replacement,
    write_chain,
)

pytestmark = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("ip") is None,
    reason="network namespaces need root and iproute2's ip",
)


def farm(tmp_path, hosts, store_restart=None, **top):
    """The chain across hosts a, b and c, written in ``tmp_path``: the standard farm, each reco
    replica restarted up to 1000 times a minute, the sink's ``restart`` ``store_restart`` (None:
    the default); ``top``: top-level keys (metrics, security)."""
    name = f"farm-{os.getpid()}-{time.monotonic_ns() % 100000}"
    chain = Farm(name, hosts.tables(), max_restarts_per_minute=1000, **top)
    chain.devices["store"]["restart"] = store_restart
    return chain.write(tmp_path)


def start_up(topo, tmp_path, **env):
    environment = dict(os.environ, PYTHONUNBUFFERED="1", **{k: str(v) for k, v in env.items()})
    return subprocess.Popen(
        [sys.executable, "-m", "evflow", "up", str(topo), "--report", "report.json"],
        cwd=tmp_path,
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def finish(up, timeout=180):
    try:
        _, err = up.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        up.kill()
        _out, err = up.communicate()
        raise AssertionError(f"evflow up did not finish:\n{err[-3000:]}") from None
    return err


def test_a_chain_across_three_hosts_equals_one_process(tmp_path, hosts):
    topo = farm(tmp_path, hosts)
    up = start_up(topo, tmp_path)
    err = finish(up)
    assert up.returncode == 0, err
    assert events_of(tmp_path / "out.evf") == reference(tmp_path)
    assert_completion(tmp_path / "out.evf")
    report = json.loads((tmp_path / "report.json").read_text())
    names = [d["name"] for d in report["devices"]]
    assert names == [
        "evf-gen-a-1",
        "evf-reco-b-1",
        "evf-reco-b-2",
        "evf-reco-c-1",
        "evf-reco-c-2",
        "evf-store-a-1",
    ]
    assert sum(d["events_in"] for d in report["devices"] if d["device"] == "reco") == 900
    assert report["job"]["read"] == 900
    # Over the sink's steady window, the devices' CPU as their reports gave it: a window
    # needs two reports of a new count, which 900 events may not span.
    job = report["job"]
    if job["steady_events_per_s"] is not None:
        assert 0 < job["steady_events"] < 900 and job["steady_cpu_s"] >= 0
    else:
        assert job["steady_events"] is None and job["steady_cpu_s"] is None


def test_replicas_killed_at_random_lose_and_duplicate_nothing(tmp_path, hosts):
    """The chaos test: a random processor replica SIGKILLed every 100-300 ms."""
    events = int(os.environ.get("EVFLOW_FARM_EVENTS", "20000"))
    topo = allow_retries(farm(tmp_path, hosts))
    # Events after the first 100 wait at a gate, opened after the first kill: however
    # loaded the machine, the run cannot end before a replica is killed.
    gate = tmp_path / "gate"
    up = start_up(topo, tmp_path, EVENTS=events, RECO_SLEEP=0.0001, RECO_GATE=gate)
    try:
        status(topo, tmp_path)
        victims = lambda: [pid for h in ("b", "c") for pid in hosts.pids(h)]  # noqa: E731
        kills = kill_until_done(up, gate, victims, lambda: random.uniform(0.1, 0.3))
    finally:
        gate.touch()
        err = finish(up)
    assert up.returncode == 0, err
    assert kills >= 1
    expected = reference(tmp_path, {"EVENTS": str(events)})
    assert events_of(tmp_path / "out.evf") == expected
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["job"]["restarts"] >= 1
    # A restarted replica sweeps the job directories its killed predecessors left: at most
    # the last one killed, with no successor, leaves one.
    for name in ("evf-reco-b-1", "evf-reco-b-2", "evf-reco-c-1", "evf-reco-c-2"):
        left = [d for d in os.listdir(tempfile.gettempdir()) if d.startswith(f"evflow-{name}-")]
        assert len([d for d in left if not _alive(int(d.rsplit("-", 1)[1]))]) <= 1, left


def allow_retries(topo):
    """Gives reco's replicas five retries in ``topo``: a replica across the network killed
    before it took the oldest event it holds still has the death put on that event (the
    input cannot tell), so with a kill every few hundred milliseconds an event may be held
    by two killed replicas and become a poison event, by design. The tests that kill that
    often are about losing and duplicating nothing; poison events across hosts have their
    own test."""
    text, key = topo.read_text(), "max_restarts_per_minute = "
    assert text.count(key) == 1, "reco's table is where its max_retries goes"
    topo.write_text(text.replace(key, "max_retries = 5\n" + key))
    return topo


def kill_until_done(up, gate, victims, pause):
    """SIGKILLs one of ``victims()`` at random, then waits ``pause()`` seconds, until ``up``
    ends; opens ``gate`` once one was killed. The number killed."""
    kills = 0
    while up.poll() is None:
        candidates = victims()
        if candidates:
            try:
                os.kill(random.choice(candidates), signal.SIGKILL)
                kills += 1
            except ProcessLookupError:
                pass
        if kills:
            gate.touch()
        time.sleep(pause())
    return kills


def reco_pids(hosts):
    """The reco replicas running on hosts b and c (by the names the device processes take)."""
    pids = []
    for pid in (pid for h in ("b", "c") for pid in hosts.pids(h)):
        try:
            with open(f"/proc/{pid}/comm") as f:
                if f.read().startswith("evf-reco-"):
                    pids.append(pid)
        except FileNotFoundError:
            pass
    return pids


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_a_host_lost_with_all_its_processes(tmp_path, hosts):
    """Host C's link cut while its replicas hold events (the events after the first 100
    wait at a gate until C's replicas are taken for dead): they go to B, C's replicas are
    not restarted, and the controller leaves nothing of them on this machine."""
    topo = farm(tmp_path, hosts)
    gate = tmp_path / "gate"
    up = start_up(topo, tmp_path, EVENTS=20000, RECO_SLEEP=0.0002, RECO_GATE=gate)
    try:
        lost = [d for d in status(topo, tmp_path) if d["host"] == "c"]
        hosts.link("c", up=False)
        deadline = time.monotonic() + 30
        while {d["state"] for d in status_now(topo, tmp_path) if d["host"] == "c"} != {"dead"}:
            assert time.monotonic() < deadline, "C's replicas were not taken for dead"
            time.sleep(0.05)
    finally:
        gate.touch()
        err = finish(up)
    assert up.returncode == 0, err
    tmp = tempfile.gettempdir()
    left = [n for d in lost for n in os.listdir(tmp) if n.endswith(f"-{d['pid']}")]
    assert not left, left
    report = json.loads((tmp_path / "report.json").read_text())
    states = {d["name"]: d["state"] for d in report["devices"]}
    assert states["evf-reco-c-1"] == states["evf-reco-c-2"] == "dead", states
    assert states["evf-reco-b-1"] == states["evf-reco-b-2"] == "exited", states
    assert events_of(tmp_path / "out.evf") == reference(tmp_path, {"EVENTS": "20000"})


def test_every_replica_lost_with_its_host_stops_the_topology(tmp_path, hosts):
    """The links of hosts B and C, where every reco replica runs, cut while the replicas hold
    events: no replica is left to take them, so the topology stops with that error instead of
    waiting for ever, and the sink closes its file."""
    topo = farm(tmp_path, hosts)
    gate = tmp_path / "gate"
    up = start_up(topo, tmp_path, EVENTS=20000, RECO_SLEEP=0.0002, RECO_GATE=gate)
    try:
        status(topo, tmp_path)
        hosts.link("b", up=False)
        hosts.link("c", up=False)
        err = finish(up, timeout=60)
    finally:
        gate.touch()
    assert up.returncode == 1, err
    assert "and no replica of reco is left: the topology stops" in err, err
    with ef.open(tmp_path / "out.evf") as f:
        assert len(list(f)) < 20000


def status_now(topo, tmp_path):
    """The devices as ``evflow ctl status`` lists them now (a pid may be null)."""
    result = run_cli("ctl", topo, "status", "--json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)["devices"]


def test_every_process_of_a_host_killed(tmp_path, hosts):
    """Host C's processes all SIGKILLed at once: the host is said lost, their events go to
    B, and C's replicas, whose host still answers, are started again; the output is exactly
    the one-process one."""
    topo = farm(tmp_path, hosts)
    # Events after the first 100 wait at a gate until C's replicas are replaced.
    gate = tmp_path / "gate"
    up = start_up(topo, tmp_path, EVENTS=20000, RECO_SLEEP=0.0002, RECO_GATE=gate)
    try:
        devices = status(topo, tmp_path)
        for d in devices:  # named as ps shows them (the kernel keeps 15 bytes)
            with open(f"/proc/{d['pid']}/comm") as f:
                assert f.read().strip() == d["name"][:15]
        hosts.kill_all("c")
        for victim in [d for d in devices if d["host"] == "c"]:
            wait_for_replacement(topo, tmp_path, victim)
    finally:
        gate.touch()
        err = finish(up)
    assert up.returncode == 0, err
    assert "evf-reco-c-1 was killed by SIGKILL; starting a replacement" in err
    assert "host c is lost: its 2 processes died at once" in err
    assert events_of(tmp_path / "out.evf") == reference(tmp_path, {"EVENTS": "20000"})
    report = json.loads((tmp_path / "report.json").read_text())
    assert {d["name"]: d["restarts"] for d in report["devices"]}["evf-reco-c-2"] == 1
    assert [(c["what"], c["host"]) for c in report["job"]["changes"]] == [("host-lost", "c")]


def test_a_killed_controller_takes_every_device_with_it(tmp_path, hosts):
    topo = farm(tmp_path, hosts)
    up = start_up(topo, tmp_path, EVENTS=200_000, RECO_SLEEP=0.001)
    status(topo, tmp_path)
    wait_for_events(tmp_path / ".out.evf.part", 1)
    up.kill()
    up.communicate()
    deadline = time.monotonic() + 10
    while any(hosts.pids(h) for h in ("a", "b", "c")) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(hosts.pids(h) for h in ("a", "b", "c")), "devices outlived their controller"
    with ef.open(tmp_path / "out.evf") as f:
        assert not f.complete
        assert len(f) > 0
    shm = run_cli("shm", "ls", "--json", cwd=tmp_path)
    assert topo.read_text().split('"')[1] not in shm.stdout


def test_a_dead_source_stops_the_topology_and_the_sink_closes_its_file(tmp_path, hosts):
    topo = farm(tmp_path, hosts)
    up = start_up(topo, tmp_path, EVENTS=200_000, RECO_SLEEP=0.001)
    try:
        devices = {d["name"]: d for d in status(topo, tmp_path)}
        wait_for_events(tmp_path / ".out.evf.part", 1)
        os.kill(devices["evf-gen-a-1"]["pid"], signal.SIGKILL)
    finally:
        err = finish(up)
    assert up.returncode == 1, err
    errors = [line for line in err.splitlines() if line.startswith("evflow: error:")]
    assert errors and "evf-gen-a-1 was killed by SIGKILL: the topology stops" in errors[0], err
    with ef.open(tmp_path / "out.evf") as f:
        assert not f.complete
        assert len(f) > 0


def test_a_dead_sink_names_the_part_file_that_holds_what_it_wrote(tmp_path, hosts):
    topo = farm(tmp_path, hosts, store_restart="never")
    up = start_up(topo, tmp_path, EVENTS=200_000, RECO_SLEEP=0.001)
    part = tmp_path / ".out.evf.part"
    try:
        devices = {d["name"]: d for d in status(topo, tmp_path)}
        wait_for_events(part, 100)
        os.kill(devices["evf-store-a-1"]["pid"], signal.SIGKILL)
    finally:
        err = finish(up)
    assert up.returncode == 1, err
    errors = [line for line in err.splitlines() if line.startswith("evflow: error:")]
    assert errors and "evf-store-a-1 was killed by SIGKILL: the topology stops" in errors[0], err
    assert "; what it wrote is in .out.evf.part: FileInput, `evflow dump`" in errors[0], err
    with ef.open(part) as f:
        assert len(f) >= 100


def test_a_device_stuck_in_a_module_ends_itself_once_its_controller_is_gone(tmp_path, hosts):
    """The controller SIGKILLed while the store's module never returns: the store's link takes
    the controller for gone and, ORPHAN_GRACE later (supervisor.rs), ends the process its
    module holds; no device is left on any host."""
    from test_topology import HANGING_STORE

    topo = farm(tmp_path, hosts)
    (tmp_path / "store.py").write_text(HANGING_STORE)
    up = start_up(topo, tmp_path, EVENTS=200_000)
    try:
        status(topo, tmp_path)
        while not (tmp_path / "hung").exists():
            assert up.poll() is None, "the topology ended before its store hung"
            time.sleep(0.05)
    finally:
        up.kill()
        up.communicate()
    deadline = time.monotonic() + 60
    while any(hosts.pids(h) for h in ("a", "b", "c")):
        assert time.monotonic() < deadline, "a device outlived its controller by a minute"
        time.sleep(0.1)


def test_a_stalled_source_is_waited_for(tmp_path, hosts):
    """A source stopped for 2.5 s (a host loaded far past its CPUs, swapping) is not taken
    for dead: its death would stop the topology, so the controller waits 5 s for it
    (farm.VITAL_LOST_AFTER), not the 1 s it waits for a replica. Nor does the source, when
    it runs again, take its own stall for the controller's silence (which once ended its
    data there, and the run looked complete). It catches up, and the output is the
    one-process one."""
    events = 30_000
    topo = farm(tmp_path, hosts)
    # Events after the first 100 wait at a gate until the source is stopped: it cannot have
    # sent them all before, however slowly `ctl status` answers.
    gate = tmp_path / "gate"
    up = start_up(topo, tmp_path, EVENTS=events, RECO_SLEEP=0.0002, RECO_GATE=gate)
    try:
        source = {d["name"]: d for d in status(topo, tmp_path)}["evf-gen-a-1"]
        os.kill(source["pid"], signal.SIGSTOP)
        gate.touch()
        time.sleep(2.5)
        os.kill(source["pid"], signal.SIGCONT)
        assert up.poll() is None, "the run ended before the stall was over"
    finally:
        gate.touch()
        err = finish(up)
    assert up.returncode == 0, err
    assert "sent nothing" not in err and "no word from the controller" not in err, err
    assert events_of(tmp_path / "out.evf") == reference(tmp_path, {"EVENTS": str(events)})


def test_a_stalled_controller_takes_no_device_for_dead(tmp_path, hosts):
    """The controller stopped for 1.2 s, four times: longer than it waits for a replica
    (LOST_AFTER), shorter than a device waits for it (3 s, which leaves it 1.8 s to run again
    and publish). When it runs again, it takes in the reports sent meanwhile before it looks
    for silent devices, and does not count its own stall as their silence (the supervisor's
    forgive, for reports libzmq has not taken in yet), wherever in its turn the stall fell
    (one between its measure of the stall and its look for silence took every replica for
    lost): no replica is taken for lost or restarted, and the output is the one-process
    one."""
    events = 30_000
    topo = farm(tmp_path, hosts)
    # Events after the first 100 wait at a gate until the controller is stopped: the run
    # cannot end before, however slowly `ctl status` answers.
    gate = tmp_path / "gate"
    up = start_up(topo, tmp_path, EVENTS=events, RECO_SLEEP=0.0002, RECO_GATE=gate)
    try:
        status(topo, tmp_path)
        # Each stall after the controller ran for more than a heartbeat (so that it
        # published), at another point of its turn; the gate opens during the last.
        for ran in (0.3, 0.37, 0.44, 0.51):
            time.sleep(ran)
            up.send_signal(signal.SIGSTOP)
            if ran == 0.51:
                gate.touch()
            time.sleep(1.2)
            up.send_signal(signal.SIGCONT)
        assert up.poll() is None, "the run ended before the stalls were over"
    finally:
        gate.touch()
        up.send_signal(signal.SIGCONT)
        err = finish(up)
    assert up.returncode == 0, err
    assert "sent nothing" not in err and "heard nothing from the controller" not in err, err
    assert "no word from the controller" not in err, err
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["job"]["restarts"] == 0, err
    assert events_of(tmp_path / "out.evf") == reference(tmp_path, {"EVENTS": str(events)})


@pytest.mark.parametrize("signum, code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_to_the_controller_drains_every_host(tmp_path, hosts, signum, code):
    topo = farm(tmp_path, hosts)
    up = start_up(topo, tmp_path, EVENTS=200_000, RECO_SLEEP=0.001)
    try:
        status(topo, tmp_path)
        wait_for_events(tmp_path / ".out.evf.part", 1)
        up.send_signal(signum)
    finally:
        err = finish(up)
    assert up.returncode == code, err
    assert_completion(tmp_path / "out.evf", reason=signal.Signals(signum).name)
    written = events_of(tmp_path / "out.evf")
    # Events depend on (seed, run, event) only: the first ones of a shorter run are the same.
    assert written == reference(tmp_path, {"EVENTS": str(written[-1][1])})[: len(written)]
    assert not any(hosts.pids(h) for h in ("a", "b", "c"))


def test_a_second_signal_stops_now_and_lists_what_was_not_completed(tmp_path, hosts):
    topo = farm(tmp_path, hosts)
    up = start_up(topo, tmp_path, EVENTS=200_000, RECO_SLEEP=0.05)
    try:
        status(topo, tmp_path)
        wait_for_events(tmp_path / ".out.evf.part", 1)
        up.send_signal(signal.SIGINT)
        time.sleep(0.05)
        up.send_signal(signal.SIGINT)
    finally:
        err = finish(up)
    assert up.returncode == 130, err
    report = json.loads((tmp_path / "report.json").read_text())
    missing = report["job"]["not_completed"]
    assert missing, err
    assert f"{len(missing)} events read were not completed" in err
    written = {e[1] for e in events_of(tmp_path / "out.evf")}
    # Every event read is written, rejected by Sum (a multiple of 7), or listed.
    read = report["job"]["read"]
    numbers = {seq + 1 for seq in missing}
    assert all(n in written or n in numbers or n % 7 == 0 for n in range(1, read + 1))
    assert not any(hosts.pids(h) for h in ("a", "b", "c"))


def test_an_event_that_kills_replicas_on_other_hosts_is_a_poison_event(tmp_path, hosts):
    """The input knows which event a replica on another host was busy on when it died (the
    oldest it sent it without a credit back), so the attempts count as on one host."""
    killer = RECO_KILLER
    topo = farm(tmp_path, hosts)
    write_chain(tmp_path, topo.read_text(), reco=killer)
    up = start_up(topo, tmp_path)
    err = finish(up)
    assert up.returncode == 0, err
    with ef.open(tmp_path / "out.evf") as f:
        events = [(e.run, e.number, e.flags) for e in f]
    poison = [flags for run, number, flags in events if (run, number) == (1, 13)]
    assert len(poison) == 1 and "failed" in poison[0] and "retried" in poison[0], poison
    assert len(events) == len(set((run, number) for run, number, _ in events))
    report = json.loads((tmp_path / "report.json").read_text())
    # Two, unless a replica died before its last credit left it (then that death is put on
    # the event before, which the output already had, and the next one counts).
    assert report["job"]["restarts"] >= 2


RECO_KILLER = """
import os
import numpy as np
import evflow as ef

class Sum(ef.Module):
    parallel_safe = True
    def event(self, event):
        if (event.run, event.number) == (1, 13):
            os._exit(3)
        event["sum"] = np.array([event["adc"].sum()], dtype=np.int64)

path = ef.Path()
path.add(Sum())
"""


def test_a_message_that_is_not_a_report_is_dropped(tmp_path, hosts):
    """The controller's report port is reachable from every host: what is not a device's
    report is counted and dropped, and the topology runs on."""
    import zmq

    topo = farm(tmp_path, hosts)
    # Events after the first 100 wait at a gate: the source runs until the test is done.
    gate = tmp_path / "gate"
    up = start_up(topo, tmp_path, EVENTS=20000, RECO_SLEEP=0.0005, RECO_GATE=gate)
    try:
        pid = status(topo, tmp_path)[0]["pid"]
        with open(f"/proc/{pid}/cmdline") as f:  # the device's command names the port
            command = f.read().split("\0")
        push = zmq.Context.instance().socket(zmq.PUSH)
        push.connect(command[command.index("--reports") + 1])
        push.send_multipart([b"\xff not json", b"x"])
        push.send(json.dumps({"name": "evf-gen-a-1"}).encode())
        # A report of the source's in every field but one: its usage, or its exit's error.
        source = {"name": "evf-gen-a-1", "segment": 0, "generation": 0, "pid": pid}
        source.update(bound={}, state="running", stop="run", counters={}, modules=[])
        for wrong in (
            {"cpu_ns": "a lot"},
            {"rss_bytes": -1},
            {"exit": {"code": 70, "errors": [["Sum", "no hits"]]}},
            {"exit": {"code": 70, "errors": [{"module": "Sum", "message": "x", "origin": 7}]}},
        ):
            push.send(json.dumps({**source, **wrong}).encode())
        # Histograms from a process of the topology that are not numpy arrays.
        header = {"sums": "evf-gen-a-1", "segment": 0, "generation": 0}
        push.send_multipart([json.dumps(header).encode(), b"PK not an npz"])
        push.close(linger=1000)
    finally:
        gate.touch()
        err = finish(up)
    assert up.returncode == 0, err
    assert "not a device's report" in err
    assert "cannot take the histograms of evf-gen-a-1 (not numpy arrays" in err
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["job"]["malformed_reports"] >= 7
    assert events_of(tmp_path / "out.evf") == reference(tmp_path, {"EVENTS": "20000"})


def test_a_module_error_on_another_host_names_the_module_and_the_event(tmp_path, hosts):
    failing = RECO.replace(
        "        return event.number % 7 != 0",
        "        if (event.run, event.number) == (1, 50):\n"
        "            raise ValueError('no hits')\n"
        "        return event.number % 7 != 0",
    )
    topo = farm(tmp_path, hosts)
    write_chain(tmp_path, topo.read_text(), reco=failing)
    up = start_up(topo, tmp_path)
    err = finish(up)
    assert up.returncode == 1, err
    errors = [line for line in err.splitlines() if line.startswith("evflow: error:")]
    assert "module Sum failed in event on run 1 event 50: ValueError: no hits" in errors[0], err
    # Where it raised, as on one host: the line of the steering file on host b or c.
    line = failing.splitlines().index("            raise ValueError('no hits')") + 1
    assert errors[0].endswith(f"(at {tmp_path / 'reco.py'}:{line} in event)"), errors[0]
    with ef.open(tmp_path / "out.evf") as f:
        assert not f.complete


def test_fixed_ports_are_bound_never_moved(tmp_path, hosts):
    text = farm(tmp_path, hosts).read_text()
    text = text.replace('host = "a"\noutputs', 'host = "a"\nport = 7101\noutputs', 1)
    text = text.replace('host = "a"\ninputs', 'host = "a"\nport = 7102\ninputs', 1)
    topo = write_chain(tmp_path, text)
    # Events after the first 100 wait at a gate until the endpoints were read.
    gate = tmp_path / "gate"
    up = start_up(topo, tmp_path, EVENTS=20000, RECO_SLEEP=0.0005, RECO_GATE=gate)
    try:
        status(topo, tmp_path)
        shown = json.loads(run_cli("ctl", topo, "status", "--json", cwd=tmp_path).stdout)
        assert shown["endpoints"]["acks"] == f"tcp://{hosts.address['a']}:7101"
        assert shown["endpoints"]["results"] == f"tcp://{hosts.address['a']}:7102"
    finally:
        gate.touch()
        err = finish(up)
    assert up.returncode == 0, err
    refused = write_chain(tmp_path, text.replace("replicas = 2", "replicas = 1\nport = 7103"))
    result = run_cli("up", refused, cwd=tmp_path)
    assert result.returncode == 2
    assert "device reco: `port` is for a source (its acks channel), a sink" in result.stderr


def test_a_merger_across_hosts_joins_parts_from_three(tmp_path, hosts):
    """A readout source on each host, the merger on A (ecal's segment over its host's shm,
    the others over tcp), processors on B and C: every event once, complete or named."""
    from test_merger import dropped, steering

    farm = Farm(f"mfarm-{os.getpid()}", hosts.tables(), replicas=None)
    farm.merge({"ecal": "a", "hcal": "b", "muon": "c"}, host="a")
    del farm.channels["accepted"]
    topo = farm.write(tmp_path, **steering())
    up = start_up(topo, tmp_path, EVENTS=2000, DROPPING="muon")
    err = finish(up)
    assert up.returncode == 0, err
    with ef.open(tmp_path / "out.evf") as f:
        events = list(f)
    assert sorted(e.number for e in events) == list(range(1, 2001))
    incomplete = {e.number for e in events if "incomplete" in e.flags}
    assert incomplete == dropped(2000)
    assert all(e["total"].tolist() for e in events)


def test_a_merger_across_hosts_killed_twice_goes_on(tmp_path, hosts):
    """The merger on A (its inputs from A over shm, from B and C over tcp; reco on B and C)
    SIGKILLed twice mid-run: started again on its ports, its inputs send again what the
    sink did not have for sure, and it makes those events again under the seqs it gave them.
    Every event once, in order, its parts the sources' own, a dropped part still missing."""
    from test_merger import PARTS, dropped, steering

    farm = Farm(f"mkill-{os.getpid()}", hosts.tables(), replicas=None, max_restarts_per_minute=1000)
    farm.merge({"ecal": "a", "hcal": "b", "muon": "c"}, host="a")
    topo = farm.write(tmp_path, **steering())
    events = 8000
    slow = {f"SLOW_{p}": 0.0005 for p in PARTS}
    killed_twice(
        topo, tmp_path, "evf-merge-a-1", (1000, 4000), EVENTS=events, DROPPING="muon", **slow
    )
    with ef.open(tmp_path / "out.evf") as f:
        assert f.complete
        out = list(f)
    assert sorted(e.number for e in out) == list(range(1, events + 1))
    assert [e.seq for e in out] == sorted(e.seq for e in out), "accepted is ordered"
    missing = dropped(events)
    for e in out:
        assert ("muon" in e.keys()) == (e.number not in missing), e.number
        assert e["total"].tolist() == [int(e["ecal"].sum()) + int(e["hcal"].sum())]


def test_a_funnel_across_hosts_killed_twice_goes_on(tmp_path, hosts):
    """gen on A and gen2 on C (run 7) both send on raw: they meet at the funnel the plan puts
    on reco's first host, B, which is SIGKILLed twice mid-run. Started again, it sends what
    the sink did not have for sure under the seqs it gave: every event once, each source's
    in its own order."""
    chain = Farm(f"fkill-{os.getpid()}", hosts.tables(), max_restarts_per_minute=1000)
    chain.devices["gen2"] = {"steering": "gen2.py", "host": "c", "outputs": ["raw"]}
    gen2 = GEN.replace(
        'runs=[(1, int(os.environ.get("EVENTS", "600"))), (2, 300)]', "runs=[(7, 500)]"
    )
    topo = chain.write(tmp_path, gen2=gen2)
    # The replicas take 1 ms an event until the kills are over: the run lasts far longer.
    killed_twice(topo, tmp_path, "evf-raw-f-b-1", (2000, 10000), EVENTS=40000, RECO_SLEEP=0.001)
    assert_funnelled(tmp_path, 40000)


def killed_twice(topo, tmp_path, name, sent, **env):
    """Runs ``topo`` with ``env`` and SIGKILLs its device process ``name`` twice, once it has
    sent more events than each of ``sent``; checks that the topology went on, a replacement
    started each time. Reco's RECO_SLEEP, where set, ends after the kills."""
    fast = tmp_path / "fast"
    up = start_up(topo, tmp_path, RECO_FAST=fast, **env)
    try:
        killed = set()
        for at in sent:
            kill_when(topo, tmp_path, name, at, killed)
    finally:
        fast.touch()
        err = finish(up)
        # Shown with a failure above, which would hide it.
        sys.stderr.write(err)
    assert up.returncode == 0, err
    assert err.count(f"{name} was killed by SIGKILL; starting a replacement") == 2, err


def bridged(tmp_path, hosts, name, store_restart="never"):
    """The chain across hosts a and b through a bridge: gen on A sends over tcp to the bridge
    into_b on B, which feeds two reco replicas and the sink there (``store_restart``)."""
    farm = Farm(name, hosts.tables("a", "b"), max_restarts_per_minute=1000)
    farm.insert("into_b", after="gen", sends="raw_b", kind="bridge", host="b")
    farm.devices["store"].update(host="b", restart=store_restart)
    return farm.write(tmp_path)


def test_a_bridge_from_tcp_into_a_hosts_shm_feeds_two_replicas(tmp_path, hosts):
    """gen on A sends over tcp to the bridge on B, which puts every event into B's shared
    memory for two replicas and the sink there: no event goes over tcp but into the bridge.
    A replica killed mid-run is restarted and its events re-sent
    through the bridge: the output equals ef.process(path) in one process."""
    topo = bridged(tmp_path, hosts, f"bridge-{os.getpid()}")
    # Events after the first 100 wait at a gate until the killed replica is replaced.
    gate = tmp_path / "gate"
    up = start_up(topo, tmp_path, EVENTS=20000, RECO_SLEEP=0.0002, RECO_GATE=gate)
    try:
        devices = status(topo, tmp_path)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            shown = json.loads(run_cli("ctl", topo, "status", "--json", cwd=tmp_path).stdout)
            if len(shown["endpoints"]) == 3:
                break
            time.sleep(0.05)
        # The origin's dispatches into the bridge's relay, its own results (rejected
        # events, End) straight to the sink, acks and credits back to it.
        assert sorted(shown["endpoints"]) == ["acks", "relay", "results"], shown["endpoints"]
        assert shown["endpoints"]["relay"].startswith(f"tcp://{hosts.address['b']}:")
        assert shown["endpoints"]["results"].startswith(f"tcp://{hosts.address['b']}:")
        victim = next(d for d in devices if d["name"] == "evf-reco-b-2")
        os.kill(victim["pid"], signal.SIGKILL)
        wait_for_replacement(topo, tmp_path, victim)
    finally:
        gate.touch()
        err = finish(up)
    assert up.returncode == 0, err
    assert events_of(tmp_path / "out.evf") == reference(tmp_path, {"EVENTS": "20000"})
    report = json.loads((tmp_path / "report.json").read_text())
    bridge = next(d for d in report["devices"] if d["device"] == "into_b")
    assert bridge["events_in"] >= 20300  # every event once, the killed replica's again
    assert report["job"]["restarts"] == 1
    assert not [s for s in os.listdir("/dev/shm") if f"bridge-{os.getpid()}" in s]


def test_a_dead_bridge_is_restarted_with_the_replicas_behind_it(tmp_path, hosts):
    """The bridge SIGKILLed mid-run loses the dispatches it held: the controller restarts it
    on the same relay port and restarts the replicas behind it, for no event's fault, so the
    origin sends their events again: every event once, in order, none flagged retried."""
    topo = bridged(tmp_path, hosts, f"bridge-k-{os.getpid()}")
    # Events after the first 100 wait at a gate until the bridge is replaced.
    gate = tmp_path / "gate"
    up = start_up(topo, tmp_path, EVENTS=20000, RECO_SLEEP=0.0002, RECO_GATE=gate)
    try:
        devices = status(topo, tmp_path)
        bridge = next(d for d in devices if d["device"] == "into_b")
        os.kill(bridge["pid"], signal.SIGKILL)
        wait_for_replacement(topo, tmp_path, bridge)
    finally:
        gate.touch()
        err = finish(up)
    assert up.returncode == 0, err
    assert "evf-into_b-b-1 was killed by SIGKILL; starting a replacement" in err
    assert events_of(tmp_path / "out.evf") == reference(tmp_path, {"EVENTS": "20000"})
    with ef.open(tmp_path / "out.evf") as f:
        assert not any("retried" in e.flags for e in f)
    report = json.loads((tmp_path / "report.json").read_text())
    restarts = {d["name"]: d["restarts"] for d in report["devices"]}
    assert restarts["evf-into_b-b-1"] == 1
    assert restarts["evf-reco-b-1"] == restarts["evf-reco-b-2"] == 1


# 1 KiB of ADC samples an event: small events, which go in batches across hosts.
SMALL_GEN = GEN.replace('("poisson", 6)', "512")


def small_reference(tmp_path, events):
    """SMALL_GEN's events through reco's module in one process, as ef.process writes them."""
    return reference_of(tmp_path, {"gen": SMALL_GEN, "reco": RECO}, {"EVENTS": str(events)})


@pytest.mark.parametrize("layout", ["both_ways", "bridged"])
def test_small_events_in_batches_across_hosts_survive_kills(tmp_path, hosts, layout):
    """1 KiB events cross hosts in batches (docs/parallel.md, "Batches of small events on the
    wire"): over tcp to replicas on B and C and back to the sink on A, or through a bridge
    into B's shared memory. A replica SIGKILLed every half second loses the batches it held
    and the results it had not sent: every event once, in order, with the bytes the source
    made and the sum its replica put, as ef.process(path) writes them."""
    events = 6000
    if layout == "bridged":
        topo = bridged(tmp_path, hosts, f"batch-{os.getpid()}")
    else:
        topo = farm(tmp_path, hosts)
    allow_retries(topo)
    (tmp_path / "gen.py").write_text(SMALL_GEN)
    gate = tmp_path / "gate"
    up = start_up(topo, tmp_path, EVENTS=events, RECO_SLEEP=0.0005, RECO_GATE=gate)
    try:
        status(topo, tmp_path)
        kills = kill_until_done(up, gate, lambda: reco_pids(hosts), lambda: 0.5)
    finally:
        gate.touch()
        err = finish(up)
    assert up.returncode == 0, err
    assert kills >= 2
    assert events_of(tmp_path / "out.evf") == small_reference(tmp_path, events)
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["job"]["read"] == events + 300
    # The events of a lost batch are counted against none of them: an event is flagged
    # retried only when a replica died while it held that event alone.
    with ef.open(tmp_path / "out.evf") as f:
        retried = sum("retried" in e.flags for e in f)
    assert retried <= kills, (retried, kills)


def test_held_runs_across_hosts(tmp_path, hosts):
    """--hold across three hosts: two runs in the same processes, each run's file complete,
    the events of both runs in source order, equal to the one-process reference."""
    topo = farm(tmp_path, hosts)
    env = dict(os.environ, PYTHONUNBUFFERED="1", OUT="out-{run}.evf", RECO_SLEEP="0.0005")
    env["EVENTS"] = "100000"
    up = subprocess.Popen(
        [sys.executable, "-m", "evflow", "up", str(topo), "--hold"],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        pids = {d["name"]: d["pid"] for d in status(topo, tmp_path)}
        for run in (11, 12):
            assert run_cli("ctl", topo, "start", "--run", str(run), cwd=tmp_path).returncode == 0
            time.sleep(0.7)
            stopped = run_cli("ctl", topo, "stop", cwd=tmp_path)
            assert stopped.returncode == 0, stopped.stderr
        assert {d["name"]: d["pid"] for d in status(topo, tmp_path)} == pids
        assert run_cli("ctl", topo, "stop", cwd=tmp_path).returncode == 0
    finally:
        err = finish(up)
    assert up.returncode == 0, err
    got = []
    for run in (11, 12):
        with ef.open(tmp_path / f"out-{run}.evf") as f:
            assert f.complete
            part = list(f)
        assert part and {e.run for e in part} == {run}
        got.extend((e.number, e["adc"].tolist(), e["sum"].tolist()) for e in part)
    # The first events of a longer run are those of a shorter one.
    last = str(max(n for n, _, _ in got))
    expected = [(n, adc, s) for _, n, adc, s in reference(tmp_path, {"EVENTS": last})]
    expected = expected[: len(got)]
    assert got == expected


def endpoint(topo, tmp_path, channel):
    """The tcp address of the running topology's channel named ``channel`` (or ending so)."""
    status(topo, tmp_path)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        result = run_cli("ctl", topo, "status", "--json", cwd=tmp_path)
        assert result.returncode == 0, result.stderr
        shown = json.loads(result.stdout)
        found = [v for k, v in shown["endpoints"].items() if k.endswith(channel)]
        if found:
            return found[0]
        time.sleep(0.05)
    raise AssertionError(f"no endpoint of {channel}: {shown['endpoints']}")


def test_a_foreign_message_on_a_bridges_relay_is_dropped(tmp_path, hosts):
    """Anything on the network can reach a bridge's relay port: a message that is not a
    dispatch of its segment is dropped and counted, and the topology runs on."""
    import zmq

    topo = bridged(tmp_path, hosts, f"bridge-f-{os.getpid()}")
    # Events after the first 100 wait at a gate until the messages are sent: the bridge
    # still runs when they come.
    gate = tmp_path / "gate"
    up = start_up(topo, tmp_path, EVENTS=20000, RECO_SLEEP=0.0002, RECO_GATE=gate)
    try:
        socket = zmq.Context.instance().socket(zmq.PUSH)
        socket.connect(endpoint(topo, tmp_path, "relay"))
        socket.send_multipart([b"not a header"])
        # A dispatch's header (kind 1, version 1) without its frame, and one of version 9.
        socket.send_multipart([b"\x01\x00\x01" + bytes(21), b"no frame", b"and a third part"])
        socket.send_multipart([b"\x01\x00\x09" + bytes(21), b"frame"])
        socket.close(linger=1000)
    finally:
        gate.touch()
        err = finish(up)
    assert up.returncode == 0, err
    # Logged once for its sender, named by its address (this test's, on the hosts' bridge).
    sender = f"dropped a message from {hosts.controller} on its relay that is not a dispatch"
    assert err.count(sender) == 1, err
    assert events_of(tmp_path / "out.evf") == reference(tmp_path, {"EVENTS": "20000"})


def test_a_topology_across_hosts_serves_every_devices_metrics(tmp_path, hosts):
    from test_metrics import free_port, scrape, values, wait_for

    port = free_port()
    topo = farm(tmp_path, hosts, metrics=f"127.0.0.1:{port}")
    # Events after the first 100 wait at a gate until the replica's calls are scraped.
    gate = tmp_path / "gate"
    up = start_up(topo, tmp_path, EVENTS=20000, RECO_SLEEP=0.0005, RECO_GATE=gate)
    try:
        url = f"http://127.0.0.1:{port}/metrics"
        deadline = time.monotonic() + 60
        samples = wait_for(url, deadline_s=60)
        # Until a replica's reports carry its module's calls.
        while time.monotonic() < deadline and not values(
            samples, "evflow_module_calls_total", process="evf-reco-b-1"
        ):
            time.sleep(0.2)
            samples = scrape(url)
    finally:
        gate.touch()
        err = finish(up)
    assert up.returncode == 0, err
    running = values(samples, "evflow_process_up")
    by_process = {dict(k)["process"]: (dict(k)["device"], dict(k)["role"]) for k in running}
    assert by_process["evf-gen-a-1"] == ("gen", "input")
    assert by_process["evf-store-a-1"] == ("store", "output")
    assert {by_process[n] for n in ("evf-reco-b-1", "evf-reco-c-2")} == {("reco", "worker")}
    # Each replica's slot, as evflow_worker_* number them: four, none shared.
    slots = {dict(k)["worker"] for k in running if dict(k)["role"] == "worker"}
    assert slots == {"1", "2", "3", "4"}
    depths = values(samples, "evflow_worker_queue_depth")
    # Two replicas on each of hosts b and c: four worker slots, each holding at most the
    # credits of a slot across the network (REMOTE_BATCHED_QUEUE: two batches of 64).
    assert len(depths) == 4 and all(0 <= d <= 128 for d in depths.values()), depths
    calls = values(samples, "evflow_module_calls_total", process="evf-reco-b-1")
    assert sum(calls.values()) > 0, "the remote replica's module statistics reach the controller"


def test_foreign_messages_on_a_sinks_results_and_a_sources_acks_ports_are_dropped(tmp_path, hosts):
    """The sink's results channel and the source's acks channel are tcp ports across hosts:
    messages that are not the engine's are dropped and counted, and every event is still
    written once."""
    import zmq

    topo = farm(tmp_path, hosts)
    # Events after the first 100 wait at a gate until both ports were sent to: the job runs
    # while they are found, however slowly `ctl status` answers on a loaded machine.
    gate = tmp_path / "gate"
    up = start_up(topo, tmp_path, EVENTS=20000, RECO_SLEEP=0.001, RECO_GATE=gate)
    try:
        ports = [endpoint(topo, tmp_path, channel) for channel in ("results", "acks")]
        for port in ports:
            socket = zmq.Context.instance().socket(zmq.PUSH)
            socket.connect(port)
            socket.send_multipart([b"not a header"])
            # A dispatch (not for these channels), then 9 acks of which none follow.
            socket.send_multipart([b"\x01\x00\x01" + bytes(21)])
            socket.send_multipart([b"\x03\x00\x01" + bytes(13) + b"\x09" + bytes(7)])
            # A result of seq 0 (processed) whose event is no frame: not counted as done.
            socket.send_multipart([b"\x02\x01\x01" + bytes(21), b"not a frame"])
            if port == ports[0]:
                # Results that say what the sink must find after them, and do not have it:
                # a processed event without its frame; a builder's batch (status 6) whose
                # index (events, then each one's parts) wants two parts and has one; one
                # whose single event is no frame.
                socket.send_multipart([b"\x02\x01\x01" + bytes(21)])
                built = b"\x02\x06\x01" + bytes(21)
                socket.send_multipart([built, struct.pack("<2I", 1, 2), b"one part"])
                socket.send_multipart([built, struct.pack("<2I", 1, 1), b"not a frame"])
            socket.close(linger=1000)
    finally:
        gate.touch()
        err = finish(up)
    assert up.returncode == 0, err
    # Each channel logs its one sender once (by address), and counts every message.
    peer = hosts.controller
    assert (
        err.count(f"dropped a message from {peer} on its results channel that is not a result") == 1
    )
    assert "dropped 7 messages on its results channel" in err
    assert (
        err.count(
            f"dropped a message from {peer} on its acks channel that is not an ack or a credit"
        )
        == 1
    )
    assert "dropped 4 messages on its acks channel" in err
    assert events_of(tmp_path / "out.evf") == reference(tmp_path, {"EVENTS": "20000"})


CHECKPOINTED_STORE = """
import os
import evflow as ef

class Checkpoints(ef.Module):
    # Leaves how often each of the store's processes checkpointed it in a file of its own.
    sees_failed = True
    def initialize(self):
        self.calls = 0
    def event(self, event):
        return True
    def checkpoint(self):
        self.calls += 1
        # Replaced whole: a process killed while it writes leaves the last count.
        with open(f".checkpoints-{os.getpid()}", "w") as f:
            f.write(str(self.calls))
        os.replace(f".checkpoints-{os.getpid()}", f"checkpoints-{os.getpid()}")

path = ef.Path()
path.add(Checkpoints())
path.add(ef.modules.FileOutput("out.evf"))
"""


def a_farm(hosts):
    """The standard farm across hosts a, b and c (its sink restarted: the default)."""
    name = f"farm-{os.getpid()}-{time.monotonic_ns() % 100000}"
    return Farm(name, hosts.tables(), max_restarts_per_minute=1000)


def kill_the_sink_twice(tmp_path, topo, ordered=True, sink="evf-store-a-1"):
    """Runs ``topo``, SIGKILLs its sink (process ``sink``) twice while it writes, and checks
    that each
    replacement continued ``.out.evf.part``: one complete file with every event once (in
    order when ``ordered``), the same as one process writes, counted as written."""
    events = 30_000
    # The replicas take 1 ms an event until the second replacement runs: the run lasts
    # longer than the kills take, however slowly, and then goes on at full speed.
    fast = tmp_path / "fast"
    up = start_up(topo, tmp_path, EVENTS=events, RECO_SLEEP=0.001, RECO_FAST=fast)
    part = tmp_path / ".out.evf.part"
    try:
        for written in (100, 5_000):
            wait_for_events(part, written)
            [store] = [d for d in status(topo, tmp_path) if d["name"] == sink]
            os.kill(store["pid"], signal.SIGKILL)
            wait_for_replacement(topo, tmp_path, store)
        assert up.poll() is None, "the run ended before the kills were over"
    finally:
        fast.touch()
        err = finish(up)
        # Shown with a failure above, which would hide it.
        sys.stderr.write(err)
    assert up.returncode == 0, err
    assert f"{sink} was killed by SIGKILL; starting a replacement, which continues" in err
    written = events_of(tmp_path / "out.evf")
    expected = reference(tmp_path, {"EVENTS": str(events)})
    assert written == expected if ordered else sorted(written) == sorted(expected)
    assert_completion(tmp_path / "out.evf")
    report = json.loads((tmp_path / "report.json").read_text())
    [store] = [d for d in report["devices"] if d["name"] == sink]
    assert store["restarts"] == 2
    # What the file holds counts as written, whichever of the store's processes wrote it.
    assert report["job"]["written"] == len(written)


@pytest.mark.parametrize("ordered", [True, False], ids=["ordered", "unordered"])
def test_a_sink_killed_during_a_run_is_restarted_and_continues_its_file(tmp_path, hosts, ordered):
    """The sink across hosts (tcp; ``restart = "always"``, its default), SIGKILLed twice while it
    writes: each replacement binds the same results port, continues its ``.part`` file (an
    unfinished record cut) and takes what its predecessor had not acknowledged."""
    chain = a_farm(hosts)
    chain.channels["accepted"]["ordered"] = ordered
    kill_the_sink_twice(tmp_path, chain.write(tmp_path), ordered)


@pytest.mark.parametrize("transport", ["shm", "ipc"])
def test_a_sink_on_the_host_of_its_senders_is_restarted_and_continues_its_file(
    tmp_path, hosts, transport
):
    """The sink's segment on one host (shared memory, or ipc sockets): the junction on A
    feeds calib's replicas and the sink there. The replacement joins the segment's channels
    where the dead process was, continues its file, and the junction sends it what it had
    not acknowledged. Each of the store's processes called its Python module's
    checkpoint()."""
    chain = a_farm(hosts)
    calib = {"host": "a", "replicas": 2, "max_restarts_per_minute": 1000}
    chain.insert("calib", after="reco", sends="calibrated", **calib)
    chain.channels["calibrated"] = {"ordered": True, "transport": transport}
    kill_the_sink_twice(tmp_path, chain.write(tmp_path, calib=NOTHING, store=CHECKPOINTED_STORE))
    calls = [int(f.read_text()) for f in tmp_path.glob("checkpoints-*")]
    assert len(calls) == 3 and all(n > 0 for n in calls), calls


def test_a_sink_behind_a_bridge_is_restarted_and_continues_its_file(tmp_path, hosts):
    """The sink on B behind the bridge: the replicas' results reach it over B's shared
    memory, the origin's own over tcp. The replacement binds both where the dead process
    did, continues its file, and takes what it had not acknowledged (its ``Resumed``
    reaches the origin through the bridge, the origin's ``Resume`` comes over tcp)."""
    topo = bridged(tmp_path, hosts, f"bridge-s-{os.getpid()}", store_restart="always")
    kill_the_sink_twice(tmp_path, topo, sink="evf-store-b-1")
