"""A farm that changes during a run (docs/topology-design.md, "Changing the farm during a
run"): ``evflow ctl FILE scale`` adds and retires processor replicas across three namespace
hosts while events flow, and the sink writes every event once, in order, as one process
does."""

import json
import os
import shutil
import time

import pytest
from conftest import assert_completion, run_cli
from evflow_bench.standard_farm import Farm
from test_farm import farm, finish, start_up
from test_liveness import scrape as scrape_once_each
from test_liveness import select
from test_metrics import free_port
from test_topology import events_of, reference, status

pytestmark = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("ip") is None,
    reason="network namespaces need root and iproute2's ip",
)

RECO = """
import os, time
import numpy as np
import evflow as ef

class Sum(ef.Module):
    '''The standard farm's reco (its sums and rejects), slow until the file FAST exists: the
    replicas, not the CPUs, set the pace, so the run lasts while the test changes them.'''
    parallel_safe = True
    def event(self, event):
        if not os.path.exists(os.environ["FAST"]):
            time.sleep(0.01)
        event["sum"] = np.array([event["adc"].sum()], dtype=np.int64)
        return event.number % 7 != 0

path = ef.Path()
path.add(Sum())
"""


def scale(topo, tmp_path, *args):
    return run_cli("ctl", topo, "scale", *args, cwd=tmp_path)


def rows(topo, tmp_path, timeout=30):
    """``ctl status --json``'s devices by name, once the controller answers."""
    deadline = time.monotonic() + timeout
    while (result := run_cli("ctl", topo, "status", "--json", cwd=tmp_path)).returncode != 0:
        assert time.monotonic() < deadline, result.stderr
        time.sleep(0.1)
    return {d["name"]: d for d in json.loads(result.stdout)["devices"]}


def refused(topo, tmp_path, *args, says):
    """``evflow ctl TOPO ARGS`` exits 1 and says why."""
    result = run_cli("ctl", topo, *args, cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert says in result.stderr, result.stderr


def the_report(up, err, tmp_path, events) -> dict:
    """The run ended well and its file holds every event once, in order, as one process
    writes them: its report."""
    assert up.returncode == 0, err
    assert events_of(tmp_path / "out.evf") == reference(tmp_path, {"EVENTS": str(events)})
    assert_completion(tmp_path / "out.evf")
    return json.loads((tmp_path / "report.json").read_text())


def add_host(topo, tmp_path, host, done):
    """``evflow ctl TOPO add-host HOST``, and waits until its replicas run, the host up,
    each having taken more events than ``done`` says it had."""
    added = run_cli("ctl", topo, "add-host", host, cwd=tmp_path)
    assert added.returncode == 0, added.stderr
    wait_for(
        topo,
        tmp_path,
        f"{host}'s replicas taking events",
        lambda listed: all(
            (listed[n]["state"], listed[n]["host_state"]) == ("running", "up")
            and listed[n]["events_in"] > done.get(n, 0)
            for n in reco_on(listed, host)
        ),
    )


def wait_for(topo, tmp_path, what, done, timeout=60):
    deadline = time.monotonic() + timeout
    while not done(rows(topo, tmp_path)):
        assert time.monotonic() < deadline, f"{what} within {timeout} s"
        time.sleep(0.1)


def settle(topo, tmp_path, device, expected, before, timeout=60):
    """Waits until ``device``'s processes on each host are ``expected`` ({host: names}) and
    each one added since the listing ``before`` runs and has finished an event of its own:
    its count grew past what it showed when first listed (a slot taken again counts the
    events of its earlier processes too, final once they exited)."""
    first = {}

    def settled(listed):
        on = {
            h: sorted(n for n, d in listed.items() if d["device"] == device and d["host"] == h)
            for h in expected
        }
        added = [n for names in expected.values() for n in names if n not in before]
        for n in added:
            if n in listed:
                first.setdefault(n, listed[n]["events_in"])
        return on == expected and all(
            n in listed and listed[n]["state"] == "running" and listed[n]["events_in"] > first[n]
            for n in added
        )

    wait_for(topo, tmp_path, f"{device} on {expected}", settled, timeout)


def reco_on(listed, host):
    return sorted(n for n, d in listed.items() if d["device"] == "reco" and d["host"] == host)


def test_scaling_up_and_down_five_times_during_a_run_loses_and_duplicates_nothing(tmp_path, hosts):
    events = 30000
    metrics = f"127.0.0.1:{free_port()}"
    topo = farm(tmp_path, hosts, metrics=metrics)
    (tmp_path / "reco.py").write_text(RECO)
    fast = tmp_path / "fast"
    up = start_up(topo, tmp_path, EVENTS=events, FAST=fast)
    try:
        status(topo, tmp_path)
        # (arguments, the reco processes on b and on c once it is done)
        steps = [
            (["3", "--host", "b"], ["b-1", "b-2", "b-3"], ["c-1", "c-2"]),
            (["1", "--host", "c"], ["b-1", "b-2", "b-3"], ["c-1"]),
            (["3", "--host", "c"], ["b-1", "b-2", "b-3"], ["c-1", "c-2", "c-3"]),
            (["0", "--host", "b"], [], ["c-1", "c-2", "c-3"]),
            (["2", "--host", "b"], ["b-1", "b-2"], ["c-1", "c-2", "c-3"]),
            (["1"], ["b-1"], ["c-1"]),
            (["2"], ["b-1", "b-2"], ["c-1", "c-2"]),
            (["1", "--host", "b"], ["b-1"], ["c-1", "c-2"]),
            (["4", "--host", "c"], ["b-1"], ["c-1", "c-2", "c-3", "c-4"]),
            (["2", "--host", "c"], ["b-1"], ["c-1", "c-2"]),
        ]
        for args, on_b, on_c in steps:
            before = rows(topo, tmp_path)
            result = scale(topo, tmp_path, "reco", *args)
            assert result.returncode == 0, result.stderr
            assert "replicas" in result.stderr
            expected = {"b": [f"evf-reco-{n}" for n in on_b], "c": [f"evf-reco-{n}" for n in on_c]}
            settle(topo, tmp_path, "reco", expected, before)
        # Refused, and nothing changes: the last replica, a source.
        refused(topo, tmp_path, "scale", "reco", "0", says="would leave it with none")
        refused(topo, tmp_path, "scale", "gen", "2", says="gen is a source")
        listed = rows(topo, tmp_path)
        assert {d["host_state"] for d in listed.values()} == {"up"}
        # The metrics serve the last changes, and evflow top shows the last five.
        # Every change its own series, though steps 6 and 8 both scaled reco on b 2 -> 1.
        samples = scrape_once_each(f"http://{metrics}/metrics")
        served = select(samples, "evflow_farm_change_time_seconds", what="scale", host="c")
        assert {"before": "4", "after": "2"}.items() <= dict(max(served, key=served.get)).items()
        shown = run_cli("top", topo, "--once", cwd=tmp_path)
        assert shown.returncode == 0, shown.stderr
        lines = shown.stdout[shown.stdout.index("changes") :].splitlines()
        assert "scale reco on c: 4 -> 2 replicas" in "\n".join(lines[1:6]), shown.stdout
    finally:
        fast.touch()
        err = finish(up, timeout=300)
    report = the_report(up, err, tmp_path, events)
    changes = report["job"]["changes"]
    scaled = [(c["host"], c["before"], c["after"]) for c in changes if c["what"] == "scale"]
    assert scaled[:5] == [("b", 2, 3), ("c", 2, 1), ("c", 1, 3), ("b", 3, 0), ("b", 0, 2)]
    assert len(scaled) == 12  # "scale reco 1" and "scale reco 2" change both hosts
    retired = [c["process"] for c in changes if c["what"] == "retired"]
    # Steps 2, 4, 6, 8 and 10, in order.
    steps = ["c-2", "b-1 b-2 b-3", "b-2 c-2 c-3", "b-2", "c-3 c-4"]
    assert sorted(retired) == sorted(f"evf-reco-{n}" for step in steps for n in step.split())
    assert all(c["at"] > 0 for c in changes)
    # Each replica a scale started (in a new slot or a parked one) finished events.
    joined = [c["process"] for c in changes if c["what"] == "joined"]
    steps = ["b-3", "c-2 c-3", "b-1 b-2", "b-2 c-2", "c-3 c-4"]  # steps 1, 3, 5, 7 and 9
    assert sorted(joined) == sorted(f"evf-reco-{n}" for step in steps for n in step.split())
    # No replica was replaced: each left when told.
    assert report["job"]["restarts"] == 0


def test_a_standby_host_added_and_another_drained_during_one_run(tmp_path, hosts):
    """reco on b and on c, c standby: only b's replicas start; add-host c starts c's, which
    take events; drain-host b retires b's, which finish theirs and exit; c's finish the run."""
    events = 20000
    name = f"standby-{os.getpid()}-{time.monotonic_ns() % 100000}"
    built = Farm(name, hosts.tables(), max_restarts_per_minute=1000)
    built.hosts["c"]["standby"] = True
    topo = built.write(tmp_path)
    (tmp_path / "reco.py").write_text(RECO)
    fast = tmp_path / "fast"
    up = start_up(topo, tmp_path, EVENTS=events, FAST=fast)
    try:
        listed = rows(topo, tmp_path)
        # Listed, not started: no pid, idle, its host standby.
        for n in ("evf-reco-c-1", "evf-reco-c-2"):
            assert (listed[n]["pid"], listed[n]["state"], listed[n]["host_state"]) == (
                None,
                "idle",
                "standby",
            )
        wait_for(
            topo,
            tmp_path,
            "b's replicas running",
            lambda listed: all(listed[f"evf-reco-b-{r}"]["events_in"] > 0 for r in (1, 2)),
        )
        refused(topo, tmp_path, "drain-host", "c", says="host c is standby")
        add_host(topo, tmp_path, "c", done={})
        says = "only a host that runs processors and builders alone can be drained"
        refused(topo, tmp_path, "drain-host", "a", says=says)
        drained = run_cli("ctl", topo, "drain-host", "b", cwd=tmp_path)
        assert drained.returncode == 0, drained.stderr
        # Drained, its processes are listed without one, its host standby.
        wait_for(
            topo,
            tmp_path,
            "b drained",
            lambda listed: all(
                (listed[n]["pid"], listed[n]["host_state"]) == (None, "standby")
                for n in reco_on(listed, "b")
            ),
        )
        listed = rows(topo, tmp_path)
        assert reco_on(listed, "c") == ["evf-reco-c-1", "evf-reco-c-2"]
        # The last replicas are not drained.
        refused(topo, tmp_path, "drain-host", "c", says="would leave reco with no replica")
    finally:
        fast.touch()
        err = finish(up, timeout=300)
    report = the_report(up, err, tmp_path, events)
    changes = [(c["what"], c["host"]) for c in report["job"]["changes"]]
    of_hosts = [c for c in changes if c[0].endswith("-host")]
    assert of_hosts == [("add-host", "c"), ("drain-host", "b")]
    assert sorted(c for c in changes if c not in of_hosts) == [
        ("joined", "c"),
        ("joined", "c"),
        ("retired", "b"),
        ("retired", "b"),
    ]
    assert report["job"]["restarts"] == 0


def test_a_host_cut_off_is_lost_and_add_host_brings_it_back(tmp_path, hosts):
    """Host C's link cut: its replicas fall silent together, ``ctl status`` says the host is
    lost, B's replicas take C's events; the link back up, ``add-host c`` starts C's replicas
    again, which take events; every event once, in order."""
    events = 20000
    topo = farm(tmp_path, hosts)
    (tmp_path / "reco.py").write_text(RECO)
    fast = tmp_path / "fast"
    up = start_up(topo, tmp_path, EVENTS=events, FAST=fast)
    try:
        wait_for(
            topo,
            tmp_path,
            "every replica running",
            lambda listed: all(listed[n]["events_in"] > 0 for n in reco_on(listed, "c")),
        )
        hosts.link("c", up=False)
        wait_for(
            topo,
            tmp_path,
            "host c lost",
            lambda listed: all(
                (listed[n]["state"], listed[n]["host_state"]) == ("dead", "lost")
                for n in reco_on(listed, "c")
            ),
        )
        hosts.link("c", up=True)
        done = {n: d["events_in"] for n, d in rows(topo, tmp_path).items()}
        add_host(topo, tmp_path, "c", done)
    finally:
        hosts.link("c", up=True)
        fast.touch()
        err = finish(up, timeout=300)
    assert "host c is lost: its 2 processes died at once" in err
    report = the_report(up, err, tmp_path, events)
    changes = [(c["what"], c["host"]) for c in report["job"]["changes"]]
    assert changes[:2] == [("host-lost", "c"), ("add-host", "c")]
    assert sorted(changes[2:]) == [("joined", "c"), ("joined", "c")]
