"""Topology files and ``evflow up`` / ``evflow ctl`` (docs/topology.md): every bad file is one
line per problem with its place, exit 2, nothing started; a good one runs its devices as
processes, exactly once and in order, through kills, ``ctl stop`` and signals."""

import json
import os
import pathlib
import re
import signal
import socket
import subprocess
import sys
import tempfile
import textwrap
import threading
import time

import evflow as ef
import pytest
import uproot
from conftest import (
    REPO,
    assert_completion,
    error_lines,
    killed_on_exit,
    run_cli,
    start_cli,
    wait_for_events,
)
from evflow import topology
from evflow.controller import control_socket
from evflow.plan import Plan
from evflow_bench import standard_farm
from evflow_bench.standard_farm import GEN, RECO, Farm


def unique(prefix):
    return f"{prefix}-{os.getpid()}-{time.monotonic_ns() % 1_000_000}"


def chain(name):
    """The chain of these tests: the standard farm on this machine, each reco replica
    restarted up to 100 times a minute."""
    return Farm(name, max_restarts_per_minute=100)


def write_chain(tmp_path, topology=None, **files):
    """The standard steering files (overridable by name) and a topology file, ``topology``
    (its text) or the chain; its path."""
    text = topology if topology is not None else chain(unique("t")).text()
    return standard_farm.write(tmp_path, text, **files)


def reference(tmp_path, env=None):
    """The chain's path run by ef.process() in one process: the events it writes."""
    return reference_of(tmp_path, {"gen": GEN, "reco": RECO}, env)


def reference_of(tmp_path, steering, env=None):
    """The paths of ``steering`` ({name: text}, in order) run as one by ef.process() in one
    process, their steering read in the environment ``env`` adds: the events it writes."""
    steps = []
    saved = dict(os.environ)
    os.environ.update(env or {})
    try:
        for name, text in steering.items():
            namespace = {}
            exec(compile(textwrap.dedent(text), name, "exec"), namespace)
            steps.extend(namespace["path"])
    finally:
        os.environ.clear()
        os.environ.update(saved)
    path = ef.Path()
    for step in steps:
        path.add(step)
    out = tmp_path / "reference.evf"
    path.add(ef.modules.FileOutput(str(out)))
    ef.process(path, summary=False)
    return events_of(out)


def events_of(file):
    with ef.open(file) as f:
        return [(e.run, e.number, e["adc"].tolist(), e["sum"].tolist()) for e in f]


def shm_sessions(name):
    return [s for s in os.listdir("/dev/shm") if name in s]


def up_env(**env):
    return {key: str(value) for key, value in env.items()}


def run_up(topo, tmp_path, *args, env=None, timeout=120):
    saved = dict(os.environ)
    os.environ.update(env or {})
    try:
        return run_cli("up", topo, *args, cwd=tmp_path, timeout=timeout)
    finally:
        os.environ.clear()
        os.environ.update(saved)


def start_up(topo, tmp_path, *args, env=None):
    saved = dict(os.environ)
    os.environ.update(env or {})
    try:
        return start_cli("up", topo, *args, cwd=tmp_path)
    finally:
        os.environ.clear()
        os.environ.update(saved)


def status(topo, tmp_path, timeout=30):
    """``evflow ctl TOPO status --json``, once every device process has a pid."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        result = run_cli("ctl", topo, "status", "--json", cwd=tmp_path)
        if result.returncode == 0:
            devices = json.loads(result.stdout)["devices"]
            if all(d["pid"] for d in devices):
                return devices
        time.sleep(0.05)
    raise AssertionError(f"no status within {timeout} s: {result.stderr}")


# --- a good file runs ---------------------------------------------------------------------


def test_a_chain_runs_exactly_once_in_order_like_one_process(tmp_path):
    topo = write_chain(tmp_path)
    result = run_up(topo, tmp_path, "--report", "report.json")
    assert result.returncode == 0, result.stderr
    assert events_of(tmp_path / "out.evf") == reference(tmp_path)
    assert_completion(tmp_path / "out.evf")
    report = json.loads((tmp_path / "report.json").read_text())
    names = [d["name"] for d in report["devices"]]
    assert names == ["evf-gen-local-1", "evf-reco-local-1", "evf-reco-local-2", "evf-store-local-1"]
    assert report["job"]["read"] == 900
    assert sum(d["events_in"] for d in report["devices"] if d["device"] == "reco") == 900
    assert (
        report["devices"][-1]["events_in"]
        == report["job"]["written"]
        == len(events_of(tmp_path / "out.evf"))
    )
    summary = result.stderr
    assert "device" in summary and "reco" in summary and "Sum" in summary
    assert not shm_sessions(topo.read_text().split('"')[1])


def test_each_replica_knows_who_it_is_and_labels_its_log_lines(tmp_path):
    who = RECO + textwrap.dedent("""
        import logging

        class Who(ef.Module):
            parallel_safe = True
            def begin_run(self, run):
                me = ef.device()
                logging.getLogger("evflow").warning(
                    "replica %d of %s on %s begins run %d", me.replica, me.device, me.host, run
                )

        path.add(Who())
    """)
    topo = write_chain(tmp_path, reco=who)
    result = run_up(topo, tmp_path)
    assert result.returncode == 0, result.stderr
    lines = [line for line in result.stderr.splitlines() if "begins run" in line]
    for replica in (1, 2):
        assert (
            f"[evf-reco-local-{replica}] evflow: warning: replica {replica} of reco on local "
            "begins run 1"
        ) in lines, lines
    assert ef.device() is None


def test_the_example_hlt_runs(tmp_path):
    result = run_cli("up", REPO / "examples" / "hlt.toml", cwd=tmp_path, timeout=300)
    assert result.returncode == 0, result.stderr
    assert_completion(tmp_path / "out" / "hlt.evf")
    with ef.open(tmp_path / "out" / "hlt.evf") as f:
        assert 0 < len(f) < 20_000
        assert all(len(e["tracks"]) >= 2 for e in f)


def wait_for_replacement(topo, tmp_path, victim, timeout=30):
    """Waits until the process ``victim`` (a status entry) runs again under a new pid."""
    deadline = time.monotonic() + timeout
    while True:
        [now] = [d for d in status(topo, tmp_path) if d["name"] == victim["name"]]
        if now["pid"] != victim["pid"] and now["state"] == "running":
            return
        assert time.monotonic() < deadline, f"{victim['name']} was not replaced"
        time.sleep(0.05)


def test_a_killed_processor_replica_is_restarted_and_nothing_is_lost(tmp_path):
    """Replicas killed while they hold events (the events after the first 100 wait at a gate
    the test opens after the kills): each is replaced, its events go to the others. Events
    held at the gate may be in the killed replica each time: max_retries is raised so that
    none of them becomes a poison event."""
    farm = chain(unique("t"))
    farm.devices["reco"]["max_retries"] = 5
    topo = farm.write(tmp_path)
    gate = tmp_path / "gate"
    env = up_env(EVENTS=4000, RECO_SLEEP=0.0005)
    up = start_up(topo, tmp_path, "--report", "report.json", env={**env, "RECO_GATE": str(gate)})
    try:
        for kill in range(3):
            replicas = [d for d in status(topo, tmp_path) if d["device"] == "reco"]
            victim = replicas[kill % len(replicas)]
            os.kill(victim["pid"], signal.SIGKILL)
            wait_for_replacement(topo, tmp_path, victim)
        gate.touch()
        _out, err = up.communicate(timeout=120)
    finally:
        up.kill()
    assert up.returncode == 0, err
    assert events_of(tmp_path / "out.evf") == reference(tmp_path, env)
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["job"]["restarts"] == 3
    assert sum(d["restarts"] for d in report["devices"]) == 3


def test_a_sink_killed_in_a_topology_run_as_one_job_continues_its_file(tmp_path):
    """One host, one segment: the forked engine's monitor starts a sink with ``restart =
    "always"`` again when it is SIGKILLed while it writes; the replacement initializes its
    modules again, continues ``.out.evf.part`` and takes what the dead one had not
    acknowledged: one complete file, in order, equal to one process's."""
    farm = chain(unique("t"))
    farm.devices["store"]["restart"] = "always"
    topo = farm.write(tmp_path)
    env = up_env(EVENTS=20_000, RECO_SLEEP=0.0005)
    up = start_up(topo, tmp_path, "--report", "report.json", env=env)
    try:
        for written in (100, 4_000):
            wait_for_events(tmp_path / ".out.evf.part", written)
            [store] = [d for d in status(topo, tmp_path) if d["device"] == "store"]
            os.kill(store["pid"], signal.SIGKILL)
            wait_for_replacement(topo, tmp_path, store)
        _out, err = up.communicate(timeout=120)
    finally:
        up.kill()
    assert up.returncode == 0, err
    assert err.count("starting a replacement, which continues its files") == 2, err
    written = events_of(tmp_path / "out.evf")
    assert written == reference(tmp_path, env)
    assert_completion(tmp_path / "out.evf")
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["job"]["written"] == len(written)


def test_ctl_status_lists_every_process_and_stop_drains(tmp_path):
    topo = write_chain(tmp_path)
    up = start_up(topo, tmp_path, env=up_env(EVENTS=200_000, RECO_SLEEP=0.001))
    try:
        devices = status(topo, tmp_path)
        assert [d["name"] for d in devices] == [
            "evf-gen-local-1",
            "evf-reco-local-1",
            "evf-reco-local-2",
            "evf-store-local-1",
        ]
        for d in devices:
            assert set(d) >= {
                "name",
                "device",
                "host",
                "replica",
                "pid",
                "state",
                "events_in",
                "events_out",
                "restarts",
            }
            assert d["host"] == "local"
        assert [d["replica"] for d in devices] == [1, 1, 2, 1]
        table = run_cli("ctl", topo, "status", cwd=tmp_path)
        assert table.returncode == 0 and "evf-reco-local-2" in table.stdout
        start = run_cli("ctl", topo, "start", "--run", "5", cwd=tmp_path)
        assert start.returncode == 1 and "not started with --hold" in start.stderr
        stop = run_cli("ctl", topo, "stop", cwd=tmp_path)
        assert stop.returncode == 0, stop.stderr
        _out, err = up.communicate(timeout=60)
    finally:
        up.kill()
    assert up.returncode == 0, err
    assert "stopped by evflow ctl stop" in err
    assert_completion(tmp_path / "out.evf", reason="evflow ctl stop")
    gone = run_cli("ctl", topo, "status", cwd=tmp_path)
    assert gone.returncode == 1 and "is not running" in gone.stderr


@pytest.mark.parametrize("signum, code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_drains_and_closes_the_files(tmp_path, signum, code):
    topo = write_chain(tmp_path)
    up = start_up(topo, tmp_path, env=up_env(EVENTS=200_000, RECO_SLEEP=0.001))
    try:
        status(topo, tmp_path)
        up.send_signal(signum)
        _out, err = up.communicate(timeout=60)
    finally:
        up.kill()
    assert up.returncode == code, err
    assert_completion(tmp_path / "out.evf", reason=signal.Signals(signum).name)


HANGING_STORE = """
import time
import evflow as ef

class Hang(ef.Module):
    def event(self, event):
        if event.number > 10:  # a module that never returns, once it says so in "hung"
            open("hung", "w").close()
            while True:
                time.sleep(0.05)

path = ef.Path()
path.add(Hang())
path.add(ef.modules.FileOutput("out.evf"))
"""


def test_a_device_stuck_in_a_module_ends_itself_once_its_controller_is_gone(tmp_path):
    """The controller SIGKILLed while the sink's module never returns: the sink cannot close
    its files, but it does not outlive its controller for long (supervisor.rs ORPHAN_GRACE
    after it took the controller for gone); no process of the topology is left."""
    topo = write_chain(tmp_path, store=HANGING_STORE)
    with killed_on_exit(start_up(topo, tmp_path, env=up_env(EVENTS=200_000))) as up:
        pids = [d["pid"] for d in status(topo, tmp_path)]
        while not (tmp_path / "hung").exists():
            assert up.poll() is None, "the topology ended before its store hung"
            time.sleep(0.05)
        up.kill()
        up.communicate()
    deadline = time.monotonic() + 60
    while any(os.path.exists(f"/proc/{pid}") for pid in pids):
        assert time.monotonic() < deadline, "a device outlived its controller by a minute"
        time.sleep(0.1)
    # What the killed controller left (its control socket, the job directory) goes.
    from evflow.leftovers import sweep_leftovers

    assert sweep_leftovers()


def test_a_second_controller_of_the_same_name_is_refused(tmp_path):
    topo = write_chain(tmp_path)
    up = start_up(topo, tmp_path, env=up_env(EVENTS=200_000, RECO_SLEEP=0.001))
    try:
        status(topo, tmp_path)
        second = run_cli("up", topo, cwd=tmp_path)
        assert second.returncode == 2
        assert "already runs on this machine" in second.stderr
    finally:
        up.send_signal(signal.SIGINT)
        up.communicate(timeout=60)


@pytest.mark.parametrize("plan", ["{not json", '{"devices": []}', '{"devices": [{"of": "gone"}]}'])
def test_a_device_given_a_plan_that_does_not_fit_says_so(tmp_path, plan):
    """``evflow device`` with a --plan that is not JSON, lacks a part, or names a device the
    file does not have (the file changed after evflow up compiled it): one error line naming
    the file and what to do, no traceback, nothing started."""
    topo = write_chain(tmp_path)
    result = run_cli(
        "device", topo, "--device", "gen", "--host", "local", "--replica", "1",
        "--bind", "127.0.0.1", "--reports", "tcp://127.0.0.1:9", "--views", "tcp://127.0.0.1:9",
        "--plan", plan, cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode != 0
    assert "Traceback" not in result.stderr, result.stderr
    lines = error_lines(result.stderr)
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"evflow: error: {topo}: the plan given with --plan does not fit")
    assert "Start the topology again" in lines[0]
    assert not (tmp_path / "out.evf").exists()


# --- every bad file: one line per problem, exit 2, nothing started ------------------------


def assert_refused(tmp_path, topo, *expected):
    """``evflow up`` exits 2 with one error line per expected ``(line, text)``, in order of
    lines, and starts nothing (no output file, no shared memory, no control socket); its
    stderr."""
    # A file without a name can name no shared memory or control socket.
    name = topo.read_text().split('"')[1] if '"' in topo.read_text() else None
    result = run_cli("up", topo, cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    lines = error_lines(result.stderr)
    assert len(lines) == len(expected), lines
    for got, (line, text) in zip(lines, expected, strict=True):
        place = f"{topo}:{line}: " if line else f"{topo}: "
        assert got.startswith(f"evflow: error: {place}"), got
        assert text in got, got
    assert not (tmp_path / "out.evf").exists()
    if name is not None:
        assert not shm_sessions(name)
        assert not os.path.exists(control_socket(name))
    return result.stderr


KEEPS_HISTOGRAMS = """
import numpy as np
import evflow as ef

class Filled(ef.Module):
    # Counts the first ADC value of each event in 16 bins: a new process starts from zero.
    resumable = False
    def initialize(self):
        self.bins = np.zeros(16, dtype=np.int64)
    def event(self, event):
        self.bins[int(event["adc"][0]) % 16] += 1

path = ef.Path()
path.add(Filled())
path.add(ef.modules.FileOutput("out.evf"))
"""


WRITES_HISTOGRAMS = """
import boost_histogram as bh
import evflow as ef

class Filled(ef.Module):
    mergeable = ("adc",)
    def initialize(self):
        self.adc = bh.Histogram(bh.axis.Regular(16, 0, 4096))
    def event(self, event):
        self.adc.fill(float(event["adc"][0]))

path = ef.Path()
path.add(Filled())
path.add(ef.modules.FileOutput("out.evf"))
path.add(ef.modules.HistogramOutput("hist.root"))
"""


def test_a_topologys_histogram_output_writes_the_sums_at_its_end(tmp_path):
    done = run_up(write_chain(tmp_path, store=WRITES_HISTOGRAMS), tmp_path)
    assert done.returncode == 0, done.stderr
    with ef.open(tmp_path / "out.evf") as f:
        stored = len(f)
    with uproot.open(tmp_path / "hist.root") as h:
        assert stored > 0 and h["Filled/adc"].values(flow=True).sum() == stored


def test_a_histogram_output_in_evflow_device_processes_is_refused(tmp_path):
    """The sums of a job's processes reach HistogramOutput where the topology is forked from
    evflow up, not yet in evflow device processes (--hold, several hosts): refused, nothing
    started, rather than a job that writes no histograms."""
    done = run_up(write_chain(tmp_path, store=WRITES_HISTOGRAMS), tmp_path, "--hold")
    assert done.returncode == 2, done.stderr
    said = "device store's HistogramOutput writes what the whole job summed once it ends"
    assert said in done.stderr
    assert not (tmp_path / "out.evf").exists() and not (tmp_path / ".out.evf.part").exists()


def chain_with(tmp_path, old, new, **files):
    return write_chain(tmp_path, chain(unique("bad")).text().replace(old, new, 1), **files)


def test_unknown_keys_and_several_problems_at_once(tmp_path):
    topo = chain_with(tmp_path, "replicas = 2", 'replica = 2\nhost = "b"')
    assert_refused(
        tmp_path,
        topo,
        (6, "device reco runs on host b, which [hosts] does not declare"),
        (8, "unknown key `replica` in [devices.reco]; did you mean `replicas`?"),
    )


def test_a_channel_without_a_receiver(tmp_path):
    topo = chain_with(tmp_path, 'inputs = ["accepted"]', 'inputs = ["kept"]')
    assert_refused(
        tmp_path,
        topo,
        (6, "channel accepted has no receiver: reco sends on it"),
        (12, "channel kept has no sender: store receives on it"),
    )


def test_a_missing_steering_file(tmp_path):
    topo = chain_with(tmp_path, '"reco.py"', '"nowhere.py"')
    assert_refused(tmp_path, topo, (7, "device reco: steering file"))
    assert "nowhere.py not found" in run_cli("up", topo, cwd=tmp_path).stderr


def test_a_steering_file_without_path(tmp_path):
    topo = write_chain(tmp_path, reco="import evflow as ef\nchain = ef.Path()\n")
    assert_refused(
        tmp_path,
        topo,
        (7, "must define `path`, an evflow.Path, at module level (it defines nothing)"),
    )


def test_a_steering_file_that_raises_or_runs_a_job_when_imported(tmp_path):
    topo = write_chain(tmp_path, reco="x = 1 / 0\n")
    assert_refused(tmp_path, topo, (7, "raised ZeroDivisionError: division by zero (at "))
    unguarded = GEN.replace('if __name__ == "__main__":\n    ef.process(path)', "ef.process(path)")
    topo = write_chain(tmp_path, gen=unguarded)
    assert_refused(tmp_path, topo, (4, 'keep the call behind if __name__ == "__main__":'))


def test_a_source_on_a_device_with_inputs(tmp_path):
    topo = write_chain(tmp_path, reco=GEN)
    assert_refused(tmp_path, topo, (7, "starts with the source EventGenerator"))


def test_a_cycle(tmp_path):
    topo = chain_with(tmp_path, 'inputs = ["raw"]', 'inputs = ["raw", "back"]')
    topo.write_text(
        topo.read_text().replace(
            'inputs = ["accepted"]', 'inputs = ["accepted"]\noutputs = ["back"]'
        )
    )
    assert_refused(tmp_path, topo, (12, "the channels form a cycle: store -> reco -> store"))


def test_a_port_in_use(tmp_path):
    with socket.socket() as held:
        held.bind(("", 0))
        held.listen()
        port = held.getsockname()[1]
        topo = chain_with(tmp_path, "[devices.store]", f"[devices.store]\nport = {port}")
        assert_refused(
            tmp_path, topo, (12, f"device store: port {port} is already in use on host local")
        )


def test_a_host_whose_namespace_does_not_exist(tmp_path):
    text = (
        chain(unique("ns"))
        .text()
        .replace(
            "[devices.gen]",
            '[hosts.a]\naddress = "10.77.9.1"\nnetns = "evf-none-here"\n[devices.gen]\nhost = "a"',
        )
    )
    topo = write_chain(tmp_path, text)
    assert_refused(
        tmp_path,
        topo,
        (
            3,
            "network namespace 'evf-none-here' does not exist (as root, "
            f"`evflow hosts up {topo}` makes the namespace hosts of the file)",
        ),
    )


def test_not_toml_and_no_name(tmp_path):
    topo = write_chain(tmp_path, "name = \n")
    assert_refused(tmp_path, topo, (1, "`name` in the top level: no value after `=`"))
    text = f'name = "{unique("toml")}"\n[devices.gen]\nsteering = "gen.py" outputs = []\n'
    topo = write_chain(tmp_path, text)
    assert_refused(tmp_path, topo, (3, "not a valid TOML file: unexpected key or value"))
    topo = write_chain(tmp_path, '[devices.gen]\nsteering = "gen.py"\n')
    assert_refused(tmp_path, topo, (1, "the topology has no `name`"))


@pytest.mark.parametrize(
    "address, text",
    [
        ("nonsense", "metrics must be HOST:PORT (e.g. 127.0.0.1:9100), not 'nonsense'"),
        ("127.0.0.1:99999", "metrics must be HOST:PORT with a port from 0 to 65535"),
        ("no-such-host.invalid:9100", "host 'no-such-host.invalid' does not resolve"),
        ("192.0.2.1:0", "192.0.2.1 is not an address of this machine"),
    ],
    ids=["not-host-port", "port-out-of-range", "host-unknown", "host-not-here"],
)
def test_a_bad_metrics_address_is_a_line_of_the_file(tmp_path, address, text):
    topo = chain_with(tmp_path, "[devices.gen]", f'metrics = "{address}"\n[devices.gen]')
    assert_refused(tmp_path, topo, (3, text))


def test_a_metrics_port_in_use(tmp_path):
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = held.getsockname()[1]
        metrics = f'metrics = "127.0.0.1:{port}"\n[devices.gen]'
        topo = chain_with(tmp_path, "[devices.gen]", metrics)
        assert_refused(
            tmp_path, topo, (3, f"port {port} is already in use on this machine; choose another")
        )
    free = chain_with(tmp_path, "[devices.gen]", 'metrics = "127.0.0.1:0"\n[devices.gen]')
    result = run_cli("up", free, cwd=tmp_path)
    assert result.returncode == 0, result.stderr


# The steering file takes the metrics port the moment the server binds it, after the file's
# check bound and released it: another program that got there in between.
TAKES_THE_PORT = """
import socket, sys
import evflow as ef
path = ef.Path()
adc = {{"dtype": "<u2", "size": 2}}
path.add(ef.modules.EventGenerator(runs=[(1, 10)], entries={{"adc": adc}}))
binds, held = [], []

def take_the_port(event, args):
    if event != "socket.bind" or args[1] != ("127.0.0.1", {port}) or held:
        return
    binds.append(args[1])
    if len(binds) == 2:
        held.append(socket.socket())
        held[0].bind(("127.0.0.1", {port}))
        held[0].listen()

sys.addaudithook(take_the_port)
"""


def test_a_metrics_port_taken_after_the_check_leaves_no_control_socket(tmp_path):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    metrics = f'metrics = "127.0.0.1:{port}"\n[devices.gen]'
    topo = chain_with(tmp_path, "[devices.gen]", metrics, gen=TAKES_THE_PORT.format(port=port))
    assert_refused(tmp_path, topo, (3, f"port {port} is already in use on this machine"))


def test_a_sink_that_cannot_resume_is_not_restarted(tmp_path):
    """A step that keeps what a restarted process cannot rebuild (``resumable = False``:
    RootOutput, HistogramOutput, a module that says so) in a sink with ``restart = "always"``
    is refused with the step named; without ``restart``, the sink is not restarted."""
    store = 'steering = "store.py"'
    topo = chain_with(tmp_path, store, store + '\nrestart = "always"', store=KEEPS_HISTOGRAMS)
    said = "its step Filled keeps what a restarted process cannot rebuild (resumable = False)"
    assert_refused(tmp_path, topo, (13, f"device store has restart = 'always', but {said}"))
    # Not asked for: such a sink is not restarted, and that is no problem; one whose steps
    # can resume is, and a source is not.
    for steering, restarted in ((KEEPS_HISTOGRAMS, "never"), (standard_farm.STORE, "always")):
        topo = write_chain(tmp_path, store=steering)
        plan = json.loads(Plan(topology.load(topo)).native.json)
        restart = {d["name"]: d["restart"] for d in plan["devices"]}
        assert restart == {"gen": "never", "reco": "always", "store": restarted}


def test_a_steering_files_problems_are_shown_with_the_files_own(tmp_path):
    topo = chain_with(tmp_path, "replicas = 2", 'replica = 2\nrestart = "sometimes"')
    topo.write_text(topo.read_text().replace('"reco.py"', '"nowhere.py"'))
    assert_refused(
        tmp_path,
        topo,
        (7, f"device reco: steering file {tmp_path}/nowhere.py not found"),
        (8, "unknown key `replica` in [devices.reco]; did you mean `replicas`?"),
        (9, '`restart` in [devices.reco] must be one of "always", "never", not "sometimes"'),
    )


def test_a_steering_file_with_a_syntax_error_points_at_its_line(tmp_path):
    broken = "import evflow as ef\npath = ef.Path()\n\nx = = 1\n"
    topo = chain_with(tmp_path, "[devices.gen]", "unknown = 1\n[devices.gen]", reco=broken)
    stderr = assert_refused(
        tmp_path,
        topo,
        (3, "unknown key `unknown` in the top level"),
        (8, f"device reco: steering file {tmp_path}/reco.py:4: invalid syntax: x = = 1"),
    )
    assert "topology.py" not in stderr
    (tmp_path / "helper.py").write_text("def f(:\n    pass\n")
    topo = write_chain(tmp_path, reco="import helper\n" + broken.replace("x = = 1", ""))
    assert_refused(
        tmp_path,
        topo,
        (7, f"device reco: steering file {tmp_path}/reco.py imports {tmp_path}/helper.py:1: "),
    )


def test_a_table_or_key_given_twice_and_a_value_that_is_no_toml_value(tmp_path):
    topo = write_chain(tmp_path, chain(unique("dup")).text() + "[devices.reco]\nport = 5\n")
    assert_refused(
        tmp_path,
        topo,
        (17, "[devices.reco] is declared twice (lines 6 and 17): merge them or rename one"),
    )
    topo = chain_with(tmp_path, "replicas = 2", "replicas = 3 3")
    stderr = assert_refused(
        tmp_path,
        topo,
        (8, "`replicas` in [devices.reco]: 3 3 is not a valid value; a number is written 3"),
    )
    assert "must be quoted" not in stderr
    topo = chain_with(tmp_path, '"reco.py"', '"reco.py')
    assert_refused(tmp_path, topo, (7, 'the string "reco.py is not closed: end it with "'))


def test_what_is_not_built_yet_is_refused_with_its_line(tmp_path):
    topo = chain_with(tmp_path, "[devices.store]", "[devices.store]\nreplicas = 2")
    assert_refused(
        tmp_path,
        topo,
        (12, "device store: a sink, merger or bridge on several hosts or in several replicas "
         "is not supported yet"),
    )  # fmt: skip
    topo = chain_with(tmp_path, "[channels.accepted]", '[channels.accepted]\npattern = "broadcast"')
    assert_refused(
        tmp_path, topo, (15, "channel accepted: a broadcast is sent by a source or a merger")
    )
    fan_out = (
        chain(unique("out"))
        .text()
        .replace(
            "[devices.store]",
            '[devices.store2]\nsteering = "store.py"\ninputs = ["accepted"]\n[devices.store]',
        )
    )
    topo = write_chain(tmp_path, fan_out)
    assert_refused(
        tmp_path,
        topo,
        (18, "channel accepted has several receiving devices (store, store2): a balance channel"),
    )


def test_the_steering_file_still_runs_alone(tmp_path):
    write_chain(tmp_path)
    result = run_cli("run", tmp_path / "gen.py", "-n", "10", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "10 read" in result.stderr


def test_a_bridge_feeds_only_its_own_host(tmp_path):
    text = (
        chain(unique("br"))
        .text()
        .replace(
            '[devices.gen]\nsteering = "gen.py"\noutputs = ["raw"]',
            '[hosts.a]\naddress = "127.0.0.1"\n[hosts.b]\naddress = "127.0.0.2"\n'
            '[devices.gen]\nsteering = "gen.py"\nhost = "a"\noutputs = ["raw"]\n'
            '[devices.into_b]\nkind = "bridge"\nhost = "b"\ninputs = ["raw"]\noutputs = ["raw_b"]',
        )
    )
    text = text.replace('inputs = ["raw"]\noutputs = ["accepted"]', 'inputs = ["raw_b"]\n'
                        'outputs = ["accepted"]\nhost = "a"')  # fmt: skip
    topo = write_chain(tmp_path, text)
    assert_refused(
        tmp_path,
        topo,
        (11, "bridge into_b feeds the channels of its host b: reco, store must run there too"),
    )


CALIB = """
import numpy as np
import evflow as ef

class Calibrate(ef.Module):
    parallel_safe = True
    def event(self, event):
        event["adc"] = (event["adc"] * 2).astype(np.uint16)
        return True

path = ef.Path()
path.add(Calibrate())
"""


def four(name):
    """The chain with a second processor device, calib x2, before reco: gen -> calib -> reco
    -> store, calibrated and accepted ordered."""
    farm = chain(name).insert(
        "calib", after="gen", sends="calibrated", replicas=2, max_restarts_per_minute=100
    )
    farm.channels["calibrated"] = {"ordered": True}
    return farm


def test_two_processor_devices_in_a_row_meet_at_a_junction(tmp_path):
    """gen -> calib x2 -> reco x2 -> store: the two processor devices meet at a junction the
    plan adds (calibrated-j); a replica of each killed mid-run (reco's events after the first
    100 wait at a gate the test opens after the kills: the run cannot end before them); every
    event once, in order, as one process with both modules writes them."""
    topo = four(unique("four")).write(tmp_path, calib=CALIB)
    gate = tmp_path / "gate"
    env = up_env(EVENTS=20000, RECO_SLEEP=0.0003, RECO_GATE=gate)
    with killed_on_exit(start_up(topo, tmp_path, env=env)) as up:
        devices = status(topo, tmp_path)
        assert [d["name"] for d in devices] == [
            "evf-gen-local-1",
            "evf-calib-local-1",
            "evf-calib-local-2",
            "evf-calibrated-j-local-1",
            "evf-reco-local-1",
            "evf-reco-local-2",
            "evf-store-local-1",
        ]
        time.sleep(0.5)
        for victim in ("evf-calib-local-1", "evf-reco-local-2"):
            os.kill(next(d["pid"] for d in devices if d["name"] == victim), signal.SIGKILL)
        gate.touch()
        _, err = up.communicate(timeout=120)
    assert up.returncode == 0, err
    assert calibrated(tmp_path / "out.evf") == calibrated_reference(tmp_path, 20000)


def calibrated(file):
    """(run, number, adc) of each event of ``file``."""
    return [(run, number, adc) for run, number, adc, _ in events_of(file)]


def calibrated_reference(tmp_path, events):
    """What one process with calib's module and the chain's writes, as ``calibrated``."""
    return [
        (run, number, [(2 * a) % 65536 for a in adc])
        for run, number, adc, _ in reference(tmp_path, {"EVENTS": str(events)})
    ]


def kill_when(topo, tmp_path, name, events_out, killed):
    """SIGKILLs the device process ``name`` once it has sent more than ``events_out`` events
    under a pid not in ``killed`` (which gets its pid), and waits for its replacement."""
    deadline = time.monotonic() + 60
    while True:
        [victim] = [d for d in status(topo, tmp_path) if d["name"] == name]
        fresh = victim["pid"] not in killed and victim["state"] == "running"
        if fresh and victim["events_out"] > events_out:
            break
        assert time.monotonic() < deadline, f"{name} never sent {events_out} events: {victim}"
        time.sleep(0.05)
    os.kill(victim["pid"], signal.SIGKILL)
    killed.add(victim["pid"])
    wait_for_replacement(topo, tmp_path, victim)


PYTHON_SOURCE = """
import numpy as np
import evflow as ef

class Numbers(ef.Source):
    expected_events = 500
    def events(self):
        for number in range(1, 501):
            yield ef.Event(run=1, number=number, adc=np.arange(4, dtype=np.uint16))

path = ef.Path()
path.add(Numbers())
"""


def test_a_python_source_before_a_junction(tmp_path):
    """The junction's custody asks its segment's source how many events to expect, from a
    thread of its own: a Python source takes the interpreter's lock for it, which the
    device's first role, waiting on its channels, must not hold (it did: the junction
    hung at its start)."""
    topo = four(unique("pyj")).write(tmp_path, gen=PYTHON_SOURCE, calib=CALIB)
    result = run_up(topo, tmp_path, "--report", "report.json", timeout=60)
    assert result.returncode == 0, result.stderr
    report = json.loads((tmp_path / "report.json").read_text())
    assert (report["job"]["read"], report["job"]["written"]) == (500, 500 - 500 // 7)


def test_a_killed_junction_is_restarted_and_nothing_is_lost(tmp_path):
    """gen -> calib x2 -> reco x2 -> store: the junction the plan adds (calibrated-j) is
    SIGKILLed twice, while reco holds its events at a gate and after the test opened it.
    Each time it is started again, the parts its custody did not have for sure come again,
    and it sends them under the seqs it gave them: every event once, in order, as one
    process writes them."""
    topo = four(unique("jk")).write(tmp_path, calib=CALIB)
    gate = tmp_path / "gate"
    env = up_env(EVENTS=20000, RECO_SLEEP=0.0003, RECO_GATE=gate)
    with killed_on_exit(start_up(topo, tmp_path, "--report", "report.json", env=env)) as up:
        killed = set()
        kill_when(topo, tmp_path, "evf-calibrated-j-local-1", 50, killed)
        gate.touch()
        kill_when(topo, tmp_path, "evf-calibrated-j-local-1", 5000, killed)
        _, err = up.communicate(timeout=120)
    assert up.returncode == 0, err
    assert err.count("evf-calibrated-j-local-1 was killed by SIGKILL; starting a replacement") == 2
    assert calibrated(tmp_path / "out.evf") == calibrated_reference(tmp_path, 20000)
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["job"]["written"] == report["job"]["read"] - report["job"]["rejected"]


def test_a_junctions_journal_keeps_only_what_may_come_again(tmp_path):
    """The junction journals the seq of each event it sends, and drops the record once its
    input has had the event's ack (its acknowledged floor, through the controller's view; at
    a restart, its `Resume`): over 100000 events, killed once, its file stays under half of
    what a record per event makes (2 MB), and the run is whole."""
    name = unique("jb")
    topo = four(name).write(tmp_path, calib=CALIB)
    journals = pathlib.Path(tempfile.gettempdir())
    sizes = []
    done = threading.Event()

    def sample():
        while not done.is_set():
            sizes.extend(f.stat().st_size for f in journals.glob(f"evflow-topo-{name}-*.journal"))
            time.sleep(0.01)

    sampler = threading.Thread(target=sample)
    sampler.start()
    try:
        up = start_up(topo, tmp_path, "--report", "report.json", env=up_env(EVENTS=100000))
        with killed_on_exit(up):
            kill_when(topo, tmp_path, "evf-calibrated-j-local-1", 40000, set())
            _, err = up.communicate(timeout=120)
    finally:
        done.set()
        sampler.join()
    assert up.returncode == 0, err
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["job"]["read"] == 100300
    assert report["job"]["written"] == report["job"]["read"] - report["job"]["rejected"]
    unbounded = 20 * 100300
    assert 0 < max(sizes) < unbounded / 2, (max(sizes), unbounded)


MONITOR = """
import os
import evflow as ef
path = ef.Path()
path.add(ef.modules.FileOutput("monitor.evf"))
"""


def broadcast(name):
    """The chain with a monitor beside the trigger: gen broadcasts raw to reco and to monitor,
    which writes monitor.evf."""
    farm = chain(name)
    farm.devices["monitor"] = {"steering": "monitor.py", "inputs": ["raw"]}
    farm.channels["raw"] = {"pattern": "broadcast"}
    return farm


def test_a_broadcast_channel_gives_every_receiver_every_event(tmp_path):
    """gen broadcasts raw to the trigger (reco x2 -> store) and to a monitor: the store
    writes what one process writes, the monitor every event read, in source order; a reco
    replica killed mid-run changes neither (reco's events after the first 100 wait at a gate
    the test opens once the replica is replaced: the run cannot end before the kill)."""
    topo = broadcast(unique("bc")).write(tmp_path, monitor=MONITOR)
    gate = tmp_path / "gate"
    env = up_env(EVENTS=20000, RECO_SLEEP=0.0002, RECO_GATE=gate)
    with killed_on_exit(start_up(topo, tmp_path, "--report", "report.json", env=env)) as up:
        [victim] = [d for d in status(topo, tmp_path) if d["name"] == "evf-reco-local-1"]
        os.kill(victim["pid"], signal.SIGKILL)
        wait_for_replacement(topo, tmp_path, victim)
        gate.touch()
        _, err = up.communicate(timeout=120)
    assert up.returncode == 0, err
    assert events_of(tmp_path / "out.evf") == reference(tmp_path, {"EVENTS": "20000"})
    with ef.open(tmp_path / "monitor.evf") as f:
        monitored = [(e.run, e.number) for e in f]
    assert monitored == [(1, n) for n in range(1, 20001)] + [(2, n) for n in range(1, 301)]
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["job"]["read"] == 20300


def test_a_source_sending_on_two_channels_gives_each_every_event(tmp_path):
    """Fan-out: gen sends on raw (to the trigger) and on copy (to a monitor), each channel
    getting every event, as a broadcast to two devices does."""
    farm = broadcast(unique("fan"))
    farm.devices["gen"]["outputs"] = ["raw", "copy"]
    farm.devices["monitor"]["inputs"] = ["copy"]
    del farm.channels["raw"]
    topo = farm.write(tmp_path, monitor=MONITOR)
    result = run_up(topo, tmp_path, env=up_env(EVENTS=3000))
    assert result.returncode == 0, result.stderr
    assert events_of(tmp_path / "out.evf") == reference(tmp_path, {"EVENTS": "3000"})
    with ef.open(tmp_path / "monitor.evf") as f:
        assert len(f) == 3300


def funnelled(tmp_path):
    """The chain with a second source, gen2 (run 7, 500 events), sending on raw as gen does:
    they meet at a funnel (raw-f). Its file."""
    farm = chain(unique("funnel"))
    farm.devices["gen2"] = {"steering": "gen2.py", "outputs": ["raw"]}
    gen2 = GEN.replace(
        'runs=[(1, int(os.environ.get("EVENTS", "600"))), (2, 300)]', "runs=[(7, 500)]"
    )
    return farm.write(tmp_path, gen2=gen2)


def assert_funnelled(tmp_path, events):
    """out.evf holds every event both sources of ``funnelled`` kept, once, each source's in
    its own order (accepted is ordered)."""
    got = [(e[0], e[1]) for e in events_of(tmp_path / "out.evf")]
    kept = [(1, n) for n in range(1, events + 1)] + [(2, n) for n in range(1, 301)]
    kept = [k for k in kept if k[1] % 7] + [(7, n) for n in range(1, 501) if n % 7]
    assert sorted(got) == sorted(kept)
    assert [k for k in got if k[0] == 7] == [k for k in kept if k[0] == 7]
    assert [k for k in got if k[0] != 7] == [k for k in kept if k[0] != 7]


def test_two_sources_on_one_channel_meet_at_a_funnel(tmp_path):
    """gen and gen2 both send on raw: they meet at a funnel (raw-f) on the trigger's host,
    which passes every event on in the order it came; each event once, each source's in
    its own order (accepted is ordered)."""
    topo = funnelled(tmp_path)
    result = run_up(topo, tmp_path, "--report", "report.json", env=up_env(EVENTS=3000))
    assert result.returncode == 0, result.stderr
    report = json.loads((tmp_path / "report.json").read_text())
    assert "evf-raw-f-local-1" in [d["name"] for d in report["devices"]]
    assert_funnelled(tmp_path, 3000)
    assert report["job"]["read"] == 3800


def test_a_killed_funnel_is_restarted_and_nothing_is_lost(tmp_path):
    """The funnel of gen and gen2 SIGKILLed twice mid-run: started again, it sends what
    its custody did not have again under the seqs it gave; every event once, each source's
    in its own order."""
    topo = funnelled(tmp_path)
    env = up_env(EVENTS=20000, RECO_SLEEP=0.0003)
    with killed_on_exit(start_up(topo, tmp_path, env=env)) as up:
        killed = set()
        for at in (2000, 8000):
            kill_when(topo, tmp_path, "evf-raw-f-local-1", at, killed)
        _, err = up.communicate(timeout=120)
    assert up.returncode == 0, err
    assert err.count("evf-raw-f-local-1 was killed by SIGKILL; starting a replacement") == 2
    assert_funnelled(tmp_path, 20000)


GEN_PER_REPLICA = """
import os
import evflow as ef
me = ef.device()
run = me.replica if me else 1  # each replica reads its own run
path = ef.Path()
path.add(ef.modules.EventGenerator(
    runs=[(run, int(os.environ.get("EVENTS", "600")))],
    entries={"adc": {"dtype": "<u2", "size": ("poisson", 6), "values": ("uniform", 0, 1000)}},
))
"""


def test_a_replicated_source_is_one_origin_per_replica(tmp_path):
    """gen with two replicas, each reading its own run (ef.device().replica): both streams
    meet at a funnel before the trigger; every event of both once, each in its own order."""
    farm = chain(unique("rep"))
    farm.devices["gen"]["replicas"] = 2
    topo = farm.write(tmp_path, gen=GEN_PER_REPLICA)
    result = run_up(topo, tmp_path, "--report", "report.json", env=up_env(EVENTS=2000))
    assert result.returncode == 0, result.stderr
    got = [(e[0], e[1]) for e in events_of(tmp_path / "out.evf")]
    for run in (1, 2):
        assert [k for k in got if k[0] == run] == [(run, n) for n in range(1, 2001) if n % 7]
    report = json.loads((tmp_path / "report.json").read_text())
    names = [d["name"] for d in report["devices"]]
    assert names[:3] == ["evf-gen-local-1", "evf-gen-local-2", "evf-raw-f-local-1"]
    assert report["job"]["read"] == 4000


def test_a_topology_of_device_processes_shows_a_live_status_line_on_a_terminal(tmp_path):
    """evflow up with stderr on a pseudo-terminal: the status line (state, events in and
    out, rate, restarts) is drawn over itself while the devices run."""
    import pty

    topo = four(unique("tty")).write(tmp_path, calib=CALIB)
    primary, secondary = pty.openpty()
    env = dict(os.environ, EVENTS="20000", RECO_SLEEP="0.0002", PYTHONUNBUFFERED="1")
    up = subprocess.Popen(
        [sys.executable, "-m", "evflow", "up", str(topo)],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=secondary,
    )
    os.close(secondary)
    screen = b""
    try:
        while True:
            try:
                chunk = os.read(primary, 65536)
            except OSError:
                break  # the terminal closed with the last process holding it
            if not chunk:
                break
            screen += chunk
    finally:
        up.wait(timeout=120)
        os.close(primary)
    assert up.returncode == 0, screen[-2000:]
    lines = re.findall(
        rb"\r(tty-[\w-]+: running  in (\d+)  out (\d+) .*? ev/s  restarts 0)", screen
    )
    assert len(lines) >= 2, screen[-2000:]
    assert int(lines[-1][1]) > int(lines[0][1])  # the counts move
