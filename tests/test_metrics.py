"""Live metrics (docs/operations.md): a running job scraped over HTTP by curl, the text
parsed by the Prometheus client's parser, for jobs of one process and parallel jobs, a
worker killed mid-run, and addresses that cannot work."""

import json
import signal
import socket
import subprocess
import textwrap
import threading
import time

import evflow as ef
import pytest
import uproot
from conftest import killed_on_exit, run_cli, start_cli
from prometheus_client.parser import text_string_to_metric_families
from test_topology import chain, unique


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def scrape(url, timeout=5):
    """The samples of one scrape by curl: {(name, frozenset(labels)): value}."""
    text = subprocess.run(
        ["curl", "-sS", "--max-time", str(timeout), url],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    samples = {}
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            samples[s.name, frozenset(s.labels.items())] = s.value
    return samples


def values(samples, name, **labels):
    """The values of `name` whose labels include `labels`, by their other labels."""
    wanted = set(labels.items())
    return {
        frozenset(dict(key).items() - wanted): value
        for (n, key), value in samples.items()
        if n == name and wanted <= set(key)
    }


def one(samples, name, **labels):
    found = values(samples, name, **labels)
    assert len(found) == 1, (name, labels, found)
    return next(iter(found.values()))


def wait_for(url, deadline_s=20):
    """Scrapes until the job's first snapshot is in (the server binds before it)."""
    deadline = time.monotonic() + deadline_s
    while time.monotonic() < deadline:
        try:
            samples = scrape(url)
        except subprocess.CalledProcessError:
            time.sleep(0.1)
            continue
        if values(samples, "evflow_events_total", outcome="read"):
            return samples
        time.sleep(0.1)
    raise AssertionError(f"no snapshot at {url}")


STEERING = """
import os, signal, time, evflow as ef

class Slow(ef.Module):
    parallel_safe = True
    def __init__(self, kill_at):
        self.kill_at = kill_at
    def event(self, event):
        time.sleep(0.004)
        if event.number == self.kill_at and "retried" not in event.flags:
            os.kill(os.getpid(), signal.SIGKILL)

path = ef.Path()
path.add(ef.modules.EventGenerator(events={events}))
path.add(Slow(kill_at={kill_at}))
ef.process(path, processes={processes}, summary=False)
"""


def start_serving(tmp_path, text, port=None):
    """Starts ``evflow run`` of steering file ``text`` serving metrics; (the job, its port)."""
    steering = tmp_path / "job.py"
    steering.write_text(textwrap.dedent(text))
    port = port or free_port()
    return start_cli("run", steering, "--metrics", f"127.0.0.1:{port}", cwd=tmp_path), port


def run_steering(tmp_path, port, *, processes, events, kill_at=0):
    text = STEERING.format(processes=processes, events=events, kill_at=kill_at)
    return start_serving(tmp_path, text, port)[0]


def test_a_parallel_job_serves_its_processes_counts_while_it_runs(tmp_path):
    port = free_port()
    url = f"http://127.0.0.1:{port}/metrics"
    with killed_on_exit(run_steering(tmp_path, port, processes=2, events=3000)) as job:
        first = wait_for(url)
        time.sleep(1.0)
        second = scrape(url)
        job.wait(timeout=60)
        assert job.returncode == 0, job.stderr.read()
    read = [one(s, "evflow_events_total", outcome="read", where="input") for s in (first, second)]
    written = one(second, "evflow_events_total", outcome="written", where="output")
    assert 0 < read[0] < read[1] <= 3000 and written <= read[1]
    assert one(second, "evflow_job_running") == 1 and one(second, "evflow_job_processes") == 2
    # Each process, by name and role, running, with its CPU time and memory from /proc.
    up = values(second, "evflow_process_up")
    by_name = {dict(k)["process"]: (dict(k)["role"], v) for k, v in up.items()}
    assert by_name == {
        "evf-input": ("input", 1),
        "evf-output": ("output", 1),
        "evf-worker-1": ("worker", 1),
        "evf-worker-2": ("worker", 1),
    }
    slots = {dict(k)["process"]: dict(k).get("worker") for k in up}
    assert slots == {
        "evf-input": "",
        "evf-output": "",
        "evf-worker-1": "1",
        "evf-worker-2": "2",
    }
    cpu = values(second, "evflow_process_cpu_seconds_total")
    assert len(cpu) == 4 and all(v >= 0 for v in cpu.values())
    memory = values(second, "evflow_process_resident_memory_bytes")
    assert all(v > 1 << 20 for v in memory.values())
    # The module's calls per worker add up to what the workers did.
    calls = values(second, "evflow_module_calls_total", module="Slow")
    assert {dict(k)["process"] for k in calls} == {"evf-worker-1", "evf-worker-2"}
    events = values(second, "evflow_worker_events_total")
    assert sum(calls.values()) == pytest.approx(sum(events.values()), abs=4)
    assert all(0 <= v <= 2 for v in values(second, "evflow_worker_queue_depth").values())
    assert one(second, "evflow_shm_segment_bytes") > 0
    assert 0 < one(second, "evflow_event_rate", outcome="read") < 1e6


def test_a_dead_worker_stays_listed_and_its_restart_is_counted(tmp_path):
    port = free_port()
    url = f"http://127.0.0.1:{port}/metrics"
    job = run_steering(tmp_path, port, processes=1, events=2000, kill_at=300)
    with killed_on_exit(job):
        wait_for(url)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            samples = scrape(url)
            if one(samples, "evflow_worker_restarts_total", worker="1") == 1:
                break
            time.sleep(0.2)
        job.wait(timeout=60)
        assert job.returncode == 0, job.stderr.read()
    assert one(samples, "evflow_events_total", outcome="retried", where="input") == 1
    workers = values(samples, "evflow_process_up", process="evf-worker-1")
    assert sorted(workers.values()) == [0, 1]  # the dead one and its replacement, two pids


def test_a_job_of_one_process_serves_its_counts(tmp_path):
    scraped = threading.Event()

    class Slow(ef.Module):
        def event(self, event):
            time.sleep(0.002)
            # The last 100 events wait until the second scrape: the job cannot end before.
            if event.number > 700:
                scraped.wait()

    path = ef.Path()
    path.add(ef.modules.EventGenerator(events=800))
    path.add(Slow())
    seen = []

    def scrape_twice():
        try:
            while ef.metrics.address is None:
                time.sleep(0.01)
            url = ef.metrics.address
            seen.append(wait_for(url))
            time.sleep(0.6)
            seen.append(scrape(url))
        finally:
            scraped.set()

    scraper = threading.Thread(target=scrape_twice)
    scraper.start()
    report = ef.process(path, metrics="127.0.0.1:0", summary=False)
    scraper.join()
    first, second = seen
    read = [one(s, "evflow_events_total", outcome="read", where="main") for s in seen]
    assert 0 < read[0] < read[1] <= report.read == 800
    assert one(second, "evflow_process_up", process="main") == 1
    assert one(second, "evflow_module_calls_total", module="Slow", process="main") > 0
    assert one(first, "evflow_job_processes") == 0
    assert ef.metrics.address is None  # the server stopped with the job


@pytest.mark.parametrize(
    "address, message",
    [
        ("nonsense", "metrics must be HOST:PORT"),
        ("127.0.0.1:70000", "a port from 0 to 65535"),
        ("192.0.2.1:0", "is not an address of this machine"),  # TEST-NET-1: not on this host
        ("no-such-host.invalid:0", "host 'no-such-host.invalid' does not resolve"),
    ],
)
def test_an_address_that_cannot_work_is_a_config_error_before_the_job(address, message):
    path = ef.Path()
    path.add(ef.modules.EventGenerator(events=10))
    with pytest.raises(ef.ConfigError, match=message):
        ef.process(path, metrics=address, summary=False)


def test_a_port_in_use_is_a_config_error(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        path = ef.Path()
        path.add(ef.modules.EventGenerator(events=10))
        with pytest.raises(ef.ConfigError, match=f"port {port} is already in use on this machine"):
            ef.process(path, metrics=f"127.0.0.1:{port}", summary=False)


def test_a_job_interrupted_while_serving_stops_as_usual_and_frees_its_port(tmp_path):
    port = free_port()
    with killed_on_exit(run_steering(tmp_path, port, processes=0, events=5000)) as job:
        samples = wait_for(f"http://127.0.0.1:{port}/metrics")
        job.send_signal(signal.SIGINT)
        job.wait(timeout=30)
    assert job.returncode == 130
    assert one(samples, "evflow_job_processes") == 0
    with socket.socket() as again:
        again.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        again.bind(("127.0.0.1", port))  # nothing listens there any more


HISTOGRAMS = """
import os, time, boost_histogram as bh, evflow as ef

class Fill(ef.Module):
    parallel_safe = True
    mergeable = ("spectrum",)
    def initialize(self):
        self.spectrum = bh.Histogram(bh.axis.Regular(4, 0, 4))
    def event(self, event):
        time.sleep(0.003)
        # The last 1000 events wait until the test has read the live histograms (it creates
        # the file "gate"): the job cannot end before.
        while event.number > 3000 and not os.path.exists("gate"):
            time.sleep(0.01)
        self.spectrum.fill(event.number % 4)

path = ef.Path()
path.add(ef.modules.EventGenerator(events=4000))
path.add(Fill())
ef.process(path, processes=2, summary=False)
"""


def test_live_histograms_are_summed_over_the_workers_while_the_job_runs(tmp_path):
    job, port = start_serving(tmp_path, HISTOGRAMS)
    base = f"http://127.0.0.1:{port}"
    with killed_on_exit(job):
        wait_for(f"{base}/metrics")
        entries = []
        deadline = time.monotonic() + 20
        while len(entries) < 2 and time.monotonic() < deadline:
            text = subprocess.run(["curl", "-sS", f"{base}/histograms"], capture_output=True)
            shown = json.loads(text.stdout)["Fill.spectrum"]
            if shown["entries"] and (not entries or shown["entries"] > entries[-1]):
                entries.append(shown["entries"])
            time.sleep(0.5)
        saved = run_cli("histograms", f"127.0.0.1:{port}", tmp_path / "live.root", cwd=tmp_path)
        read = one(scrape(f"{base}/metrics"), "evflow_events_total", outcome="read", where="input")
        (tmp_path / "gate").touch()
        job.wait(timeout=60)
        assert job.returncode == 0, job.stderr.read()
    assert len(entries) == 2 and 0 < entries[0] < entries[1] <= 4000, entries
    assert saved.returncode == 0, saved.stderr
    with uproot.open(tmp_path / "live.root") as f:
        values = f["Fill/spectrum"].values()
    # Published every 2 s by each worker: behind the events read, never ahead of them.
    assert 0 < values.sum() <= read
    assert shown["axes"][0]["edges"] == [0.0, 1.0, 2.0, 3.0, 4.0]


def test_a_topology_on_one_host_serves_its_devices_processes(tmp_path):
    # The chain of the topology tests: gen -> reco (2 replicas) -> store, serving metrics.
    port = free_port()
    farm = chain(unique("metrics"))
    farm.top["metrics"] = f"127.0.0.1:{port}"
    topology = farm.write(tmp_path)
    # Events after the first 100 wait at a gate until `evflow top` has shown the topology:
    # the run cannot end before.
    gate = tmp_path / "gate"
    env = {"EVENTS": "2000", "RECO_SLEEP": "0.002", "RECO_GATE": str(gate)}
    with killed_on_exit(start_cli("up", topology, cwd=tmp_path, env=env)) as job:
        samples = wait_for(f"http://127.0.0.1:{port}/metrics")
        shown = run_cli("top", topology, "--once", cwd=tmp_path)  # finds it in the file
        gate.touch()
        job.wait(timeout=60)
        assert job.returncode == 0, job.stderr.read()
    up = values(samples, "evflow_process_up")
    devices = sorted((dict(k)["device"], dict(k)["role"]) for k in up)
    assert devices == [
        ("gen", "input"),
        ("reco", "worker"),
        ("reco", "worker"),
        ("store", "output"),
    ]
    # The host of every process's series is its device's in the file: none given, `local`.
    for name in ("evflow_process_up", "evflow_process_resident_memory_bytes"):
        assert {dict(k)["host"] for k in values(samples, name)} == {"local"}, name
    assert one(samples, "evflow_job_processes") == 2
    assert one(samples, "evflow_events_total", outcome="read", where="input") > 0
    assert shown.returncode == 0, shown.stderr
    assert "evf-reco-" in shown.stdout and f"127.0.0.1:{port}" in shown.stdout
