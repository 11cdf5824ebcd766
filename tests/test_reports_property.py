"""The controller's report port is reachable from every host (docs/security.md): whatever
arrives there, bytes or JSON of any shape, is a device's report or is dropped and counted as
malformed, never an exception in the controller. A report it takes has the types the
controller reads it with."""

import json
from types import SimpleNamespace

from evflow._native import lifecycle
from evflow.errors import ChannelTimeoutError
from evflow.farm import Farm, _device_error, _report
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
    "generation": 2,
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


class Message:
    """A received message of one part, as ``Channel.recv`` gives it."""

    def __init__(self, data: bytes):
        self.data = data

    def bytes(self) -> list:
        return [self.data]


def take_reports(messages: list) -> SimpleNamespace:
    """Runs the controller's report loop over ``messages``: what it took, what it dropped."""
    queue = list(messages)

    def recv(timeout):
        if not queue:
            raise ChannelTimeoutError("nothing more")
        return queue.pop(0)

    farm = SimpleNamespace(reports=SimpleNamespace(recv=recv), malformed=0, taken=[])
    farm._take = farm.taken.append
    Farm._take_reports(farm)
    return farm


def read_as_the_controller_does(report: dict) -> None:
    """Every read the controller and its summary make of a report it took (farm.py,
    farm_summary.py), so a type they cannot read raises here."""
    sum(report["counters"].values())
    for calls, failed, ns in report.get("modules", []):
        calls + failed + ns / 1e9
    lifecycle.STOPS.index(report["stop"]), report["segment"] == 0, report["generation"] + 1
    lifecycle.device_state_of([report["state"]])
    {"results": "x"}.update(report["bound"])
    json.dumps({k: v + "" for k, v in report["bound"].items()})  # into the view
    report.get("busy") is None or report["busy"] + 1
    report.get("role", "").startswith("readout")
    report.get("cpu_ns", 0) / 1e9 + report.get("rss_bytes", 0)
    if report.get("exit"):
        max(report["exit"]["code"], 0)
        [str(_device_error(e)) + "" for e in report["exit"].get("errors", [])]
        sorted(report["exit"].get("not_completed", []))


def check(data: bytes) -> None:
    report = _report(Message(data))
    if report is not None:
        read_as_the_controller_does(report)
    farm = take_reports([Message(data)])
    assert (farm.malformed, len(farm.taken)) == ((1, 0) if report is None else (0, 1))


def test_a_device_report_is_taken():
    farm = take_reports([Message(json.dumps(REPORT).encode()), Message(b"x")])
    assert farm.taken == [REPORT] and farm.malformed == 1
    read_as_the_controller_does(REPORT)


def test_what_is_not_a_report_is_counted():
    for data in [
        b"\xff not json",
        json.dumps({"name": "evf-gen-a-1"}).encode(),
        b"[" * 100_000,  # deeper than Python's stack
        b'{"a":' * 100_000,
        b"1" * 5_000,  # more digits than Python converts
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
        report = _report(Message(data))
        assert report is None, data[:80]
        check(data)


@settings(max_examples=500, deadline=None)
@given(st.binary(max_size=512))
def test_any_bytes_are_a_report_or_malformed(data):
    check(data)


@settings(max_examples=500, deadline=None)
@given(JSON)
def test_any_json_is_a_report_or_malformed(value):
    check(json.dumps(value).encode())


@settings(max_examples=1000, deadline=None)
@given(
    st.dictionaries(st.sampled_from(sorted(REPORT)), JSON, max_size=4),
    st.sets(st.sampled_from(sorted(REPORT))),
)
def test_a_report_with_any_field_changed_or_left_out(changed, left_out):
    report = {k: v for k, v in {**REPORT, **changed}.items() if k not in left_out}
    check(json.dumps(report).encode())


@settings(max_examples=300, deadline=None)
@given(st.lists(st.binary(max_size=64) | JSON.map(lambda v: json.dumps(v).encode()), max_size=8))
def test_the_loop_counts_every_message_it_drops(datas):
    reports = [_report(Message(d)) for d in datas]
    farm = take_reports([Message(d) for d in datas] + [Message(json.dumps(REPORT).encode())])
    assert farm.malformed == sum(r is None for r in reports)
    assert farm.taken == [r for r in reports if r is not None] + [REPORT]
