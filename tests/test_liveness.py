"""Liveness and the counts of every generation (docs/topology-design.md, "Failure cases and
their tests"): processor replicas SIGKILLed or stopped with SIGSTOP (silent) while they hold
events, in a topology on one host and in one across three network-namespace hosts. A dead or
silent replica's pid is exported with ``evflow_process_up 0`` or no longer listed, never 1;
``evflow ctl status`` and ``evflow top`` do not show it running; a new process with its own
pid replaces it; and the summary, the report and the metrics count what every generation
did."""

import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass

import pytest
from conftest import run_cli
from evflow_bench.namespaces import Hosts
from prometheus_client.parser import text_string_to_metric_families
from test_farm import farm, finish, start_up
from test_metrics import free_port
from test_topology import (
    chain,
    events_of,
    reference,
    status,
    unique,
    wait_for_replacement,
)

NAMESPACES = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("ip") is None,
    reason="network namespaces need root and iproute2's ip",
)

ENV = {"EVENTS": 3000, "RECO_SLEEP": 0.0002}
"""The chain's events; those after the first 100 of each run wait at a gate (RECO_GATE) that
the test opens once its replicas are killed, so that they die while they hold events."""

PASSED = 100
"""Events of run 1 that pass the gate (numbers 1 to 100)."""

RETRIES = "max_retries = 5\nmax_restarts_per_minute = "
"""An event held by a killed replica and then by a stopped one gets two attempts: raised so
that none becomes a poison event."""


@dataclass
class Topology:
    """A chain gen -> reco (replicas) -> store serving metrics, and which replicas to end."""

    file: object
    url: str
    first: str
    """A replica's process name (on host b across hosts)."""
    second: str
    """Another replica's (on host c across hosts, where a replica of its device still runs)."""


@pytest.fixture(params=["one-host", pytest.param("namespaces", marks=NAMESPACES)])
def topology(request, tmp_path):
    port = free_port()
    url = f"http://127.0.0.1:{port}/metrics"
    if request.param == "one-host":
        chained = chain(unique("liveness"))
        chained.top["metrics"] = f"127.0.0.1:{port}"
        chained.devices["reco"]["max_retries"] = 5
        file = chained.write(tmp_path)
        yield Topology(file, url, "evf-reco-local-1", "evf-reco-local-2")
        return
    with Hosts(["a", "b", "c"]) as hosts:
        farm_file = farm(tmp_path, hosts, metrics=f"127.0.0.1:{port}")
        text = farm_file.read_text().replace('name = "farm-', 'name = "liveness-farm-', 1)
        farm_file.write_text(text.replace("max_restarts_per_minute = ", RETRIES))
        yield Topology(farm_file, url, "evf-reco-b-1", "evf-reco-c-1")


def scrape(url) -> dict:
    """One scrape by a real HTTP client: {(name, frozenset(labels)): value}. A series given
    twice (what Prometheus refuses) fails the test."""
    with urllib.request.urlopen(url, timeout=5) as response:
        text = response.read().decode()
    samples = {}
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            key = s.name, frozenset(s.labels.items())
            assert key not in samples, f"series given twice: {key}"
            samples[key] = s.value
    return samples


def select(samples, name, **labels) -> dict:
    """``name``'s samples whose labels include ``labels``: {labels: value}."""
    wanted = set(labels.items())
    return {k: v for (n, k), v in samples.items() if n == name and wanted <= k}


def up_by_pid(samples) -> dict:
    """``evflow_process_up`` by pid."""
    return {dict(k)["pid"]: v for k, v in select(samples, "evflow_process_up").items()}


def scrape_until(url, ready, what, deadline_s=30) -> dict:
    """Scrapes until ``ready(samples)``."""
    deadline = time.monotonic() + deadline_s
    while True:
        try:
            samples = scrape(url)
            if ready(samples):
                return samples
        except OSError:
            pass  # not serving yet
        assert time.monotonic() < deadline, f"the metrics never showed {what}"
        time.sleep(0.05)


def calls(samples, process) -> float:
    """``Sum``'s calls in ``process`` (every pid of that name)."""
    found = select(samples, "evflow_module_calls_total", module="Sum", process=process)
    return sum(found.values())


def taken(samples) -> float:
    """Events the sink has taken (written or rejected)."""
    return sum(
        v
        for (n, k), v in samples.items()
        if n == "evflow_events_total" and dict(k)["outcome"] in ("written", "rejected")
    )


def through_the_gate(samples) -> bool:
    """Whether the sink has taken the events that pass the gate (written or rejected)."""
    return taken(samples) >= PASSED


def all_counted(samples) -> bool:
    """Whether the replicas' reports count a ``Sum`` call for every event the sink took: a
    process killed counts what its last report said (control/supervisor/process.rs), so a kill
    before its report of the calls it finished last would leave them out."""
    found = select(samples, "evflow_module_calls_total", module="Sum")
    return sum(found.values()) >= taken(samples)


def stopped(pid: int, name: str) -> bool:
    """Whether process ``pid`` is still ``name`` and stopped (state T)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            stat = f.read()
    except OSError:
        return False
    return stat[stat.find("(") + 1 : stat.rfind(")")] == name[:15] and stat.split()[2] in "Tt"


def top_states(url) -> dict:
    """``evflow top URL --once``: the state its processes table shows for each pid."""
    shown = subprocess.run(
        [sys.executable, "-m", "evflow", "top", url, "--once"],
        capture_output=True,
        text=True,
        timeout=30,
        env=dict(os.environ, COLUMNS="250"),
    )
    assert shown.returncode == 0, shown.stderr
    rows = [
        [cell.strip() for cell in line.strip("┃│").split(line[0])]
        for line in shown.stdout.splitlines()
        if line[:1] in ("┃", "│")
    ]
    header = next(row for row in rows if "pid" in row and "state" in row)
    pid, state = header.index("pid"), header.index("state")
    return {
        row[pid]: row[state] for row in rows[rows.index(header) + 1 :] if len(row) == len(header)
    }


def test_killed_and_silent_replicas_are_down_and_replaced(tmp_path, topology):
    """One replica SIGKILLed and one stopped (SIGSTOP: silent, its host still answers), both
    while they hold events: each is killed if need be and replaced by a new process; their
    pids are exported down or not at all, never up, and shown so by `ctl status` and `top`;
    the output is the one-process one."""
    gate = tmp_path / "gate"
    up = start_up(topology.file, tmp_path, RECO_GATE=gate, **ENV)
    victims = {}
    try:
        devices = {d["name"]: d for d in status(topology.file, tmp_path)}
        scrape_until(topology.url, through_the_gate, "the events before the gate taken")
        victims = {
            topology.first: devices[topology.first],
            topology.second: devices[topology.second],
        }
        os.kill(victims[topology.first]["pid"], signal.SIGKILL)
        os.kill(victims[topology.second]["pid"], signal.SIGSTOP)
        for victim in victims.values():
            wait_for_replacement(topology.file, tmp_path, victim)
        now = {d["name"]: d for d in status(topology.file, tmp_path)}
        new = {str(now[name]["pid"]) for name in victims}
        old = {str(v["pid"]) for v in victims.values()}
        samples = scrape_until(
            topology.url,
            lambda s: new <= set(up_by_pid(s)),
            "the replacements",
        )
        exported = up_by_pid(samples)
        assert all(exported.get(pid, 0) == 0 for pid in old), exported
        assert all(exported[pid] == 1 for pid in new), exported
        listed = run_cli("ctl", topology.file, "status", "--json", cwd=tmp_path)
        running = {
            str(d["pid"]) for d in json.loads(listed.stdout)["devices"] if d["state"] == "running"
        }
        assert not running & old, listed.stdout
        shown = top_states(topology.url)
        assert all(shown.get(pid, "dead") == "dead" for pid in old), shown
        assert all(shown[pid] == "up" for pid in new), shown
    finally:
        gate.touch()
        second = victims.get(topology.second)
        if second and stopped(second["pid"], second["name"]):
            os.kill(second["pid"], signal.SIGKILL)  # never taken for silent: do not hang here
        err = finish(up)
    assert up.returncode == 0, err
    replaced = [line for line in err.splitlines() if "starting a replacement" in line]
    assert all(any(name in line for line in replaced) for name in victims), err
    assert events_of(tmp_path / "out.evf") == reference(
        tmp_path, {k: str(v) for k, v in ENV.items()}
    )
    report = json.loads((tmp_path / "report.json").read_text())
    restarts = {d["name"]: d["restarts"] for d in report["devices"]}
    assert restarts[topology.first] == restarts[topology.second] == 1, restarts


def test_every_generation_counts_in_the_report_summary_and_metrics(tmp_path, topology):
    """Two replicas SIGKILLed while they hold events: the module calls each process name
    shows in the metrics never go down, and the report's and the summary's calls of the
    replicas' module are the events read, as in a run without kills, plus one for each
    event a killed replica had finished whose result was not acknowledged yet: it is sent
    again, processed again, and its second result dropped as a duplicate (counted)."""
    gate = tmp_path / "gate"
    up = start_up(topology.file, tmp_path, RECO_GATE=gate, **ENV)
    names = (topology.first, topology.second)
    try:
        devices = {d["name"]: d for d in status(topology.file, tmp_path)}
        before = scrape_until(
            topology.url,
            lambda s: through_the_gate(s) and all(calls(s, n) for n in names) and all_counted(s),
            "calls in both replicas",
        )
        for name in names:
            os.kill(devices[name]["pid"], signal.SIGKILL)
        for name in names:
            wait_for_replacement(topology.file, tmp_path, devices[name])
        now = {d["name"]: str(d["pid"]) for d in status(topology.file, tmp_path)}
        after = scrape_until(
            topology.url,
            lambda s: {now[n] for n in names} <= set(up_by_pid(s)),
            "the replacements",
        )
        for name in names:
            assert calls(after, name) >= calls(before, name), name
    finally:
        gate.touch()
        err = finish(up)
    assert up.returncode == 0, err
    report = json.loads((tmp_path / "report.json").read_text())
    read = report["job"]["read"]
    assert read == ENV["EVENTS"] + 300
    processed = read + report["job"]["duplicates"]
    [sum_calls] = [m["calls"] for m in report["job"]["modules"] if m["name"] == "Sum"]
    assert sum_calls == processed, (report["job"]["modules"], report["job"]["duplicates"])
    reco = [d for d in report["devices"] if d["device"] == "reco"]
    assert sum(d["events_in"] for d in reco) == processed, reco
    assert sum(d["restarts"] for d in reco) == 2, reco
    [line] = [line.split() for line in err.splitlines() if line.startswith("Sum ")]
    assert line[:3] == ["Sum", "reco", str(processed)], line
