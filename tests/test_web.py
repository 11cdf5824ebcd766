"""The web page's server and its HTTP API (docs/web.md), with the standard farm held by
``evflow up --hold --web``: the token line, the page and its files, the view, commands with
and without the token, the control lock, bad requests. A real HTTP client (urllib) talks to
it; tests/test_web_page.py drives the page in a real browser."""

import contextlib
import json
import os
import signal
import threading
import time
import urllib.error
import urllib.request
from urllib.parse import urlsplit

import evflow as ef
import pytest
from conftest import killed_on_exit, run_cli, start_cli
from evflow_bench.standard_farm import Farm
from test_runs import SOURCE, STORE, events, status_when
from test_topology import unique

WEB_LINE_WAIT_S = 60


class Up:
    """A running ``evflow up`` with its page: the operator's URL, the token, its stderr."""

    def __init__(self, process):
        self.process = process
        self.lines = []
        self.url = None
        found = threading.Event()

        def read():
            for line in process.stderr:
                self.lines.append(line)
                if self.url is None and line.startswith("web: http"):
                    self.url = line.split(" ", 1)[1].strip()
                    found.set()
            found.set()

        threading.Thread(target=read, daemon=True).start()
        if not found.wait(WEB_LINE_WAIT_S) or self.url is None:
            raise AssertionError(f"no web: line on stderr: {''.join(self.lines)}")
        parts = urlsplit(self.url)
        self.base = f"{parts.scheme}://{parts.netloc}"
        self.token = parts.query.removeprefix("token=")

    def get(self, path):
        with urllib.request.urlopen(self.base + path, timeout=10) as reply:
            return reply.status, dict(reply.headers), reply.read()

    def post(self, path, body, token=None, session=None, raw=None):
        """(HTTP status, the JSON answer) of a command."""
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        if session:
            headers["X-Evflow-Session"] = session
        data = raw if raw is not None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.base + path, data=data, headers=headers, method="POST"
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as reply:
                return reply.status, json.loads(reply.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read())

    def state(self):
        return json.loads(self.get("/api/state")[2])


RECO = """
import logging
import boost_histogram as bh
import numpy as np
import evflow as ef

class Sum(ef.Module):
    parallel_safe = True
    mergeable = ("adc", "hits")
    def initialize(self):
        logging.getLogger("evflow").warning("no calibration constants: the defaults are used")
        self.adc = bh.Histogram(bh.axis.Regular(20, 0, 1000))
        self.hits = np.zeros(8, dtype=np.int64)
    def event(self, event):
        self.adc.fill(event["adc"])
        self.hits += event["adc"] > 500
        event["sum"] = np.array([event["adc"].sum()], dtype=np.int64)
        return True

path = ef.Path()
path.add(Sum())
"""


@contextlib.contextmanager
def holding(tmp_path, reco=RECO):
    """The standard farm, its reco steering file ``reco``, held with its page on a free
    loopback port: (the topology file, its ``Up``); stopped as an operator does."""
    farm = Farm(unique("web"))
    topo = farm.write(tmp_path, gen=SOURCE, reco=reco, store=STORE)
    up = start_cli("up", topo, "--hold", "--web", "127.0.0.1:0", cwd=tmp_path)
    with killed_on_exit(up):
        yield topo, Up(up)
        stop(topo, up)


@pytest.fixture
def held(tmp_path):
    """The standard farm held with its page on a free loopback port."""
    with holding(tmp_path) as both:
        yield both


def stop(topo, up):
    """Stops the held topology as an operator does: its run, if one runs, then itself. A run
    already draining (a test stopped it) is waited for, not stopped again: by the time a
    second ``ctl stop`` arrived it could have ended, and the stop would end the topology."""
    asked = run_cli("ctl", topo, "status", "--json", cwd=topo.parent)
    state = json.loads(asked.stdout)["run"]["state"] if asked.returncode == 0 else None
    if state == "running":
        run_cli("ctl", topo, "stop", cwd=topo.parent)
    if state in RUNNING:
        status_when(topo, lambda s: s["run"]["state"] not in RUNNING)
    run_cli("ctl", topo, "stop", cwd=topo.parent)
    up.wait(timeout=60)


RUNNING = ("running", "draining")
"""The run states in which evflow ctl stop ends the run, not the topology."""


def ready(topo):
    """The status once every device process is configured and waits for a run."""
    return status_when(topo, lambda s: all(d["state"] == "configured" for d in s["devices"]))


def test_the_token_line_and_the_page(held):
    topo, up = held
    assert up.url.startswith("http://127.0.0.1:") and "?token=" in up.url
    assert len(up.token) >= 43  # 256 bits in URL-safe base64
    status, headers, body = up.get("/")
    assert status == 200 and b'<script type="module" src="/static/web.js">' in body
    assert "script-src 'self'" in headers["Content-Security-Policy"]
    assert headers["Referrer-Policy"] == "no-referrer"
    status, headers, body = up.get("/static/vendor/jsroot/modules/core.mjs")
    assert status == 200 and headers["Content-Type"].startswith("text/javascript")
    assert b"createHistogram" in body
    for outside in ("/static/../server.py", "/static/%2e%2e/server.py", "/nothing"):
        with pytest.raises(urllib.error.HTTPError) as e:
            up.get(outside)
        assert e.value.code == 404
    # The token is in no file: not in the report, the topology's directory or its config.
    assert not [
        p for p in topo.parent.rglob("*") if p.is_file() and up.token.encode() in p.read_bytes()
    ]


def test_the_view_lists_every_process_with_its_state(held):
    topo, up = held
    ctl = ready(topo)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        view = up.state()
        if all(p["state"] == "configured" for p in view["processes"]):
            break
        time.sleep(0.2)
    names = {d["name"]: d["state"] for d in ctl["devices"]}
    assert {p["name"]: p["state"] for p in view["processes"]} == names
    # Each reco replica's warning, relayed by the controller, is in the page's log.
    told = [e["message"] for e in view["log"] if "no calibration constants" in e["message"]]
    assert len(told) == 2 and all(m.startswith("[evf-reco-") for m in told), view["log"]
    assert view["run"]["state"] == ctl["run"]["state"]
    assert {c["name"] for c in view["channels"]} == {"raw", "accepted"}
    raw = next(c for c in view["channels"] if c["name"] == "raw")
    assert (raw["from"], raw["to"]) == (["gen"], ["reco"])
    assert sorted(p for h in view["hosts"] for d in h["devices"] for p in d["processes"]) == sorted(
        names
    )


def test_commands_need_the_token_and_take_effect(held):
    topo, up = held
    ready(topo)
    for token in (None, "not-the-token", up.token + "x"):
        status, answer = up.post("/api/start", {"run": 5}, token=token)
        assert status == 403 and not answer["ok"]
    assert ready(topo)["run"]["number"] is None  # nothing started
    status, answer = up.post("/api/start", {"run": 5}, token=up.token)
    assert status == 200 and answer["ok"], answer
    status_when(topo, lambda s: s["run"]["number"] == 5 and s["run"]["state"] == "running")
    status, answer = up.post("/api/start", {"run": 6}, token=up.token)
    assert status == 409 and "run" in answer["error"]  # one runs already: the controller's word
    status, answer = up.post("/api/stop", {}, token=up.token)
    assert status == 200 and answer["ok"], answer
    status_when(topo, lambda s: s["run"]["state"] == "stopped" and s["run"].get("closed", 0) >= 1)
    written = events(topo.parent / "out" / "run-5.evf")
    assert written and {e.run for e in written} == {5}
    log = "".join(up.lines)
    assert "web: " in log and 'start {"run": 5}: ok' in log and "(403)" in log


def test_histograms_summed_over_the_replicas_of_a_held_topology(held):
    """Both reco replicas send their objects; once the run is closed the page's sums are
    every event's: 8 ADC values each (the source writes them all to run-3.evf)."""
    topo, up = held
    ready(topo)
    assert up.post("/api/start", {"run": 3}, token=up.token)[0] == 200
    status_when(topo, lambda s: s["run"]["state"] == "running")
    time.sleep(1)
    assert up.post("/api/stop", {}, token=up.token)[0] == 200
    closed = status_when(
        topo, lambda s: s["run"]["state"] == "stopped" and s["run"].get("closed", 0) >= 1
    )
    written = len(events(topo.parent / "out" / "run-3.evf"))
    replicas = [d["events_in"] for d in closed["devices"] if d["device"] == "reco"]
    assert len(replicas) == 2 and all(replicas), closed  # the sums are both replicas'
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        shown = json.loads(up.get("/api/histograms")[2])
        if shown.get("Sum/adc", {}).get("entries") == 8 * written:
            break
        time.sleep(0.2)
    assert shown["Sum/adc"]["entries"] == 8 * written, (shown, written)
    edges = shown["Sum/adc"]["axes"][0]["edges"]
    assert len(edges) == 21 and edges[0] == 0 and edges[-1] == 1000
    assert "Sum/hits" not in shown  # an array: not drawn


def test_one_operator_holds_the_control_lock(held):
    topo, up = held
    ready(topo)
    first, second = "session-first-0001", "session-second-002"
    assert up.post("/api/lock", {"session": first}, token=up.token)[1]["held"]
    assert not up.post("/api/lock", {"session": second}, token=up.token)[1]["held"]
    status, answer = up.post("/api/start", {"run": 7}, token=up.token, session=second)
    assert status == 423 and "127.0.0.1" in answer["error"]
    status, _ = up.post("/api/start", {"run": 7}, token=up.token)  # a script, with no session
    assert status == 423
    assert up.post("/api/lock", {"session": second, "take": True}, token=up.token)[1]["held"]
    assert up.post("/api/start", {"run": 7}, token=up.token, session=first)[0] == 423
    status, answer = up.post("/api/start", {"run": 7}, token=up.token, session=second)
    assert status == 200, answer
    assert up.state()["lock"]["held"]
    assert up.post("/api/stop", {}, token=up.token, session=second)[0] == 200
    # Taking the lock needs the token too.
    assert up.post("/api/lock", {"session": first, "take": True})[0] == 403


def test_bad_requests_change_nothing(held):
    topo, up = held
    ready(topo)
    cases = [
        ("/api/start", None, b"not json"),
        ("/api/start", None, b"[1, 2]"),
        ("/api/start", {"run": "five"}, None),
        ("/api/start", {"run": True}, None),
        ("/api/start", None, b"{" + b" " * (70 << 10) + b"}"),
        ("/api/scale", {"device": "reco"}, None),
        ("/api/lock", {"session": "short"}, None),
    ]
    for path, body, raw in cases:
        status, answer = up.post(path, body, token=up.token, raw=raw)
        assert status == 400 and not answer["ok"], (path, body, raw, answer)
    assert up.post("/api/nothing", {}, token=up.token)[0] == 404
    assert ready(topo)["run"]["number"] is None


JOB = """
import os, time
import boost_histogram as bh
import evflow as ef

path = ef.Path()
path.add(ef.modules.EventGenerator(
    runs=[(1, 10**6)],
    entries={"adc": {"dtype": "<u2", "size": 8, "values": ("uniform", 0, 1000)}},
))

class Fill(ef.Module):
    parallel_safe = True
    mergeable = ("adc",)
    def initialize(self):
        self.adc = bh.Histogram(bh.axis.Regular(10, 0, 1000))
    def event(self, event):
        time.sleep(0.001)
        self.adc.fill(event["adc"])
        return True

path.add(Fill())
path.add(ef.modules.FileOutput("job.evf"))
if __name__ == "__main__":
    ef.process(path, processes=int(os.environ.get("PROCESSES", "0")))
"""


def filled(up, histogram):
    """(the view, the histograms) once the view lists processes and ``histogram`` has
    entries (the last ones after 30 s)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        view, shown = up.state(), json.loads(up.get("/api/histograms")[2])
        if shown.get(histogram, {}).get("entries") and view["processes"]:
            break
        time.sleep(0.2)
    return view, shown


@pytest.mark.parametrize("processes", [0, 2])
def test_the_page_of_a_steering_files_job(tmp_path, processes):
    """evflow run --web: the job's processes, its histograms summed over its workers, no run
    to start (409), and a stop from the page that drains it with every event written."""
    steer = tmp_path / "job.py"
    steer.write_text(JOB)
    run = start_cli("run", steer, "--web", "0", cwd=tmp_path, env={"PROCESSES": str(processes)})
    with killed_on_exit(run):
        up = Up(run)
        assert up.url.startswith("http://127.0.0.1:")
        view, shown = filled(up, "Fill/adc")
        names = {p["name"]: p["state"] for p in view["processes"]}
        if processes:
            expected = {"evf-input", "evf-worker-1", "evf-worker-2", "evf-output"}
        else:
            expected = {"job"}
        assert set(names) == expected and set(names.values()) == {"running"}, view
        assert shown["Fill/adc"]["entries"] > 0
        if processes:
            # A worker killed: the engine's warning in the page's log, the worker among the
            # processes that died, its replacement running under its name.
            victim = next(p for p in view["processes"] if p["name"] == "evf-worker-1")
            os.kill(victim["pid"], signal.SIGKILL)
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                view = up.state()
                logged = " ".join(e["message"] for e in view["log"])
                if view["ended"] and "evf-worker-1" in logged:
                    break
                time.sleep(0.2)
            assert [(p["name"], p["pid"]) for p in view["ended"]] == [
                ("evf-worker-1", victim["pid"])
            ], view
            assert "killed" in logged or "SIGKILL" in logged, view["log"]
        status, answer = up.post("/api/start", {"run": 2}, token=up.token)
        assert status == 409 and "no run to start" in answer["error"]
        assert up.post("/api/stop", {}, token=None)[0] == 403
        assert run.poll() is None  # the refused stop changed nothing
        status, answer = up.post("/api/stop", {}, token=up.token)
        assert status == 200 and answer["ok"], answer
        run.wait(timeout=60)
    log = "".join(up.lines)
    assert "[interrupted]" in log, log
    # The page's stop is evflow ctl's: the file is closed and says so.
    with ef.open(tmp_path / "job.evf") as f:
        assert f.incomplete_reason == "interrupted by evflow ctl stop"
        numbers = sorted(e.number for e in f)
    assert numbers and numbers == list(range(1, len(numbers) + 1))  # every event read, once


def test_a_forked_topology_shows_its_histograms(tmp_path):
    """evflow up --web on one host, not held (its devices forked by the controller): its
    processes, and the reco replicas' histograms summed from their live files."""
    farm = Farm(unique("web-forked"))
    topo = farm.write(tmp_path, gen=SOURCE, reco=RECO, store=STORE)
    up_process = start_cli("up", topo, "--web", "127.0.0.1:0", cwd=tmp_path)
    with killed_on_exit(up_process):
        up = Up(up_process)
        view, shown = filled(up, "Sum/adc")
        assert shown["Sum/adc"]["entries"] > 0, shown
        assert {p["device"] for p in view["processes"]} == {"gen", "reco", "store"}
        assert up.post("/api/stop", {}, token=up.token)[0] == 200
        up_process.wait(timeout=60)
    assert up_process.returncode == 0, "".join(up.lines)


def test_a_web_address_that_cannot_be_served_is_refused_before_anything_starts(tmp_path):
    farm = Farm(unique("web-bad"))
    farm.top["web"] = "127.0.0.1:99999"
    topo = farm.write(tmp_path)
    result = run_cli("up", topo, cwd=tmp_path)
    assert result.returncode != 0
    assert "web must be HOST:PORT with a port from 0 to 65535" in result.stderr
    assert f"{topo}:" in result.stderr
    topo = Farm(unique("web-bad")).write(tmp_path)
    result = run_cli("up", topo, "--web", "nonsense", cwd=tmp_path)
    assert result.returncode != 0 and "web must be HOST:PORT" in result.stderr
    steer = tmp_path / "job.py"
    steer.write_text(JOB)
    result = run_cli("run", steer, "--web", "127.0.0.1:99999", cwd=tmp_path)
    assert result.returncode != 0 and "web must be HOST:PORT" in result.stderr
    assert not (tmp_path / "job.evf").exists()  # refused before the job started
