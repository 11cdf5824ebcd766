"""The controller's report port is reachable from every host (docs/security.md): whatever
arrives there, bytes or JSON of any shape, is a device's report or is dropped and counted as
malformed by the supervisor (``Supervisor.take``), never an exception in the controller. A
report it takes is one the supervisor, the status, the views and the summary can read."""

import json
import tempfile

import pytest
from evflow import _native
from evflow.processing import module_error
from evflow_bench.standard_farm import Farm
from hypothesis import given, settings
from hypothesis import strategies as st

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)

# A report as a device writes it (``Report`` in crates/evflow-runtime/src/engine/device/link.rs).
REPORT = {
    "name": "evf-reco-b-1",
    "segment": 0,
    "role": "worker",
    "worker": 1,
    "generation": 0,
    "pid": 4211,
    "busy": 733,
    "bound": {"results": "tcp://10.0.3.2:40117"},
    "state": "running",
    "failed": False,
    "stop": "run",
    "ended": False,
    "counters": {"read": 0, "events": 120, "events_rejected": 17, "eb_built": 0},
    "modules": [[120, 0, 5_400_000], [120, 1, 800]],
    "cpu_ns": 2_310_000_000,
    "rss_bytes": 48_041_984,
    "exit": {
        "code": 70,
        "errors": [
            {
                "module": "Sum",
                "message": "module Sum failed in event: ValueError: no hits",
                "origin": {"location": "reco.py:10 in event", "traceback": "Traceback ..."},
            },
            {"module": "", "message": "the output cannot write", "origin": {"location": None}},
        ],
        "not_completed": [5, 9],
    },
}


ERROR = REPORT["exit"]["errors"][0]


@pytest.fixture(scope="module")
def plan():
    """The compiled plan of the standard farm across hosts a and b (gen and store on a, two
    reco replicas on b)."""
    with tempfile.TemporaryDirectory() as d:
        topo = Farm("reports", {"a": {}, "b": {}}).write(d)
        compiled, problems = _native.compile_plan(_native.load_topology(str(topo))[0], False)
        assert not problems, problems
        yield compiled


PROCESSES = 4  # gen, two reco replicas, store


def launched(plan):
    """A supervisor of ``plan`` with every process launched at time 0."""
    supervisor = _native.Supervisor(plan, set(), [[] for _ in range(PROCESSES)], [[]])
    for i in range(PROCESSES):
        supervisor.launched(i, 0.0)
    return supervisor


def read_as_the_controller_does(supervisor) -> None:
    """Every read the controller and its summary make of what the supervisor took (farm.py,
    farm_summary.py), then a turn in which every process exited with the code its report
    gave: none may raise."""
    rows = supervisor.rows()
    assert len(rows) == PROCESSES
    for i in range(PROCESSES):
        json.loads(supervisor.process(i))
        supervisor.counter(i, "worker", "events")
    for topic, view in supervisor.views():
        assert topic.startswith(b"view/") and json.loads(view)["runs"]["held"] is False
    # The one run starts once no process is starting (a report may say any state).
    supervisor.begin_run()
    assert supervisor.run_status()["state"] in ("configured", "running", "draining", "stopped")
    supervisor.follow_runs()
    supervisor.read(), supervisor.written(), supervisor.not_completed(), supervisor.written_at
    # A report it took counts for its process unless it names no process of the plan (or
    # an earlier generation's): then the snapshot shows nothing of it.
    applied = [row for row in rows if row["pid"] is not None]
    assert len(supervisor.live()["processes"]) == len(applied)
    actions = supervisor.tick(100.0, [(70, None)] * PROCESSES)
    assert all(what in ("start", "kill", "warn") for what, _ in actions)
    supervisor.not_completed()
    [str(module_error(e)) for e in supervisor.errors()]


def check(plan, data: bytes) -> bool:
    """Whether ``data`` was taken as a report; what the supervisor took, it can read."""
    supervisor = launched(plan)
    taken = supervisor.take(data, 1.0)
    assert supervisor.malformed == (0 if taken else 1)
    if taken:
        read_as_the_controller_does(supervisor)
    return taken


def test_a_device_report_is_taken(plan):
    supervisor = launched(plan)
    assert supervisor.take(json.dumps(REPORT).encode(), 1.0)
    assert not supervisor.take(b"x", 1.0) and supervisor.malformed == 1
    row = next(r for r in supervisor.rows() if r["name"] == "evf-reco-b-1")
    assert (row["pid"], row["state"], row["events_in"], row["events_out"]) == (
        4211,
        "running",
        120,
        103,
    )
    taken = json.loads(supervisor.process(1))
    assert taken["reports"]["0"]["exit"]["errors"][0]["module"] == "Sum"
    read_as_the_controller_does(supervisor)


def test_a_report_of_an_earlier_generation_changes_nothing(plan):
    """A replacement's predecessor may still send: its reports are taken (they are reports)
    but counted for no one."""
    supervisor = launched(plan)
    assert supervisor.take(json.dumps({**REPORT, "generation": 3}).encode(), 1.0)
    assert next(r for r in supervisor.rows() if r["name"] == "evf-reco-b-1")["pid"] is None
    assert supervisor.live()["processes"] == []
    check(plan, json.dumps({**REPORT, "generation": 3}).encode())


def test_what_is_not_a_report_is_counted(plan):
    for data in [
        b"\xff not json",
        json.dumps({"name": "evf-gen-a-1"}).encode(),
        b"[" * 100_000,  # deeper than any parser's stack
        b'{"a":' * 100_000,
        b"1" * 5_000,
        json.dumps({**REPORT, "counters": {"written": "many"}}).encode(),
        json.dumps({**REPORT, "bound": {"results": 7}}).encode(),
        json.dumps({**REPORT, "modules": [[1, 2]]}).encode(),
        json.dumps({**REPORT, "exit": {"code": 1, "errors": [["Sum"]]}}).encode(),
        json.dumps({**REPORT, "exit": {"code": 1, "errors": [["Sum", "no hits"]]}}).encode(),
        json.dumps({**REPORT, "exit": {"code": 1, "errors": [{"module": "Sum"}]}}).encode(),
        json.dumps({**REPORT, "exit": {"code": 1, "errors": [{**ERROR, "origin": 7}]}}).encode(),
        json.dumps(
            {**REPORT, "exit": {"code": 1, "errors": [{**ERROR, "origin": {"location": 10}}]}}
        ).encode(),
        json.dumps({**REPORT, "exit": 3}).encode(),
        json.dumps({**REPORT, "cpu_ns": 1.5}).encode(),
        json.dumps({**REPORT, "rss_bytes": -4096}).encode(),
        json.dumps({**REPORT, "counters": {"events": -1}}).encode(),
        json.dumps({**REPORT, "stop": 0}).encode(),
        json.dumps({**REPORT, "stop": "halt"}).encode(),
        json.dumps({**REPORT, "state": "Running"}).encode(),
        json.dumps({k: v for k, v in REPORT.items() if k != "state"}).encode(),
    ]:
        assert not check(plan, data), data[:80]


@settings(max_examples=500, deadline=None)
@given(st.binary(max_size=512))
def test_any_bytes_are_a_report_or_malformed(plan, data):
    check(plan, data)


@settings(max_examples=500, deadline=None)
@given(JSON)
def test_any_json_is_a_report_or_malformed(plan, value):
    check(plan, json.dumps(value).encode())


@settings(max_examples=1000, deadline=None)
@given(
    st.dictionaries(st.sampled_from(sorted(REPORT)), JSON, max_size=4),
    st.sets(st.sampled_from(sorted(REPORT))),
)
def test_a_report_with_any_field_changed_or_left_out(plan, changed, left_out):
    report = {k: v for k, v in {**REPORT, **changed}.items() if k not in left_out}
    check(plan, json.dumps(report).encode())


@settings(max_examples=300, deadline=None)
@given(st.lists(st.binary(max_size=64) | JSON.map(lambda v: json.dumps(v).encode()), max_size=8))
def test_every_message_dropped_is_counted(plan, datas):
    supervisor = launched(plan)
    taken = [supervisor.take(d, 1.0) for d in datas]
    assert supervisor.take(json.dumps(REPORT).encode(), 1.0)
    assert supervisor.malformed == taken.count(False)
