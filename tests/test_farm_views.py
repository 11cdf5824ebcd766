"""What a topology across hosts shows its crew, the same as on one host: every device
process's CPU and memory, read on its own host, labelled with its host and device in the
metrics and in ``evflow top``; and the summary at its end, the one-host table with the same
totals line. Three simulated hosts, network namespaces made by each test (see test_farm.py).
"""

import json
import time
import urllib.request

import uproot
from conftest import run_cli
from evflow_bench import standard_farm
from prometheus_client.parser import text_string_to_metric_families
from test_farm import farm, finish, pytestmark, start_up  # noqa: F401 (a mark)
from test_metrics import free_port
from test_topology import chain, run_up, unique

PROCESSES = {
    "evf-gen-a-1": ("a", "gen"),
    "evf-reco-b-1": ("b", "reco"),
    "evf-reco-b-2": ("b", "reco"),
    "evf-reco-c-1": ("c", "reco"),
    "evf-reco-c-2": ("c", "reco"),
    "evf-store-a-1": ("a", "store"),
}
"""The device processes of test_farm.py's chain: their (host, device)."""


def scrape(url):
    """{(name, frozenset(labels)): value} of one scrape by urllib; {} while nobody answers."""
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            text = response.read().decode()
    except OSError:
        return {}
    return {
        (s.name, frozenset(s.labels.items())): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


def per_process(samples, name):
    """{process: (its labels, value)} of metric ``name``."""
    return {
        dict(labels)["process"]: (dict(labels), value)
        for (n, labels), value in samples.items()
        if n == name
    }


def usage_of_every_process(url, deadline_s=60):
    """(CPU, memory) of the scrape where every device process has both above 0."""
    deadline = time.monotonic() + deadline_s
    while True:
        samples = scrape(url)
        cpu = per_process(samples, "evflow_process_cpu_seconds_total")
        memory = per_process(samples, "evflow_process_resident_memory_bytes")
        shown = {p for p in PROCESSES if cpu.get(p, ({}, 0))[1] > 0 and memory.get(p, ({}, 0))[1]}
        if shown == set(PROCESSES):
            return cpu, memory
        if time.monotonic() > deadline:
            missing = set(PROCESSES) - shown
            raise AssertionError(f"no CPU and memory for {missing}: {cpu}, {memory}")
        time.sleep(0.1)


HISTOGRAMMED = standard_farm.RECO.replace(
    "    def initialize(self):\n        self.seen = 0\n",
    "    mergeable = ('sizes',)\n"
    "    def initialize(self):\n"
    "        import boost_histogram as bh\n"
    "        self.seen = 0\n"
    "        self.sizes = bh.Histogram(bh.axis.Integer(0, 100))\n",
).replace(
    '        event["sum"] =', '        self.sizes.fill(len(event["adc"]))\n        event["sum"] ='
)
"""The standard reco, filling a histogram of its events' sizes (ADC values, Poisson 6)."""


def test_histograms_across_hosts_are_summed_over_every_replica(tmp_path, hosts):
    """The four reco replicas on hosts b and c each send their histogram to the controller;
    while the events after the 100th wait at the gate, its sums (the metrics' /histograms,
    which the web page shows too) hold every event the replicas finished."""
    assert "self.sizes.fill" in HISTOGRAMMED
    port = free_port()
    name = unique("hfarm")
    topo = standard_farm.Farm(name, hosts.tables(), metrics=f"127.0.0.1:{port}").write(
        tmp_path, reco=HISTOGRAMMED
    )
    gate = tmp_path / "gate"
    up = start_up(topo, tmp_path, EVENTS=20000, RECO_GATE=gate)
    seen = None
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            asked = run_cli("ctl", topo, "status", "--json", cwd=tmp_path)
            devices = json.loads(asked.stdout)["devices"] if asked.returncode == 0 else []
            done = [d["events_in"] for d in devices if d["device"] == "reco"]
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/histograms") as reply:
                    shown = json.loads(reply.read())
            except OSError:
                shown = {}
            entries = shown.get("Sum.sizes", {}).get("entries")
            seen = (done, entries)
            if len(done) == 4 and all(done) and entries == sum(done):
                break
            time.sleep(0.2)
        saved = run_cli("histograms", f"127.0.0.1:{port}", tmp_path / "live.root", cwd=tmp_path)
    finally:
        gate.touch()
        err = finish(up)
    assert up.returncode == 0, err
    done, entries = seen
    assert len(done) == 4 and all(done) and entries == sum(done), (seen, err[-3000:])
    edges = shown["Sum.sizes"]["axes"][0]["edges"]
    assert len(edges) == 101 and (edges[0], edges[-1]) == (0, 100)
    assert saved.returncode == 0, saved.stderr
    with uproot.open(tmp_path / "live.root") as f:  # a reader evflow did not write
        assert f["Sum/sizes"].values().sum() == sum(done)


def top_rows(text):
    """The rows of ``evflow top --once``'s processes table: {process: {column: cell}}."""
    lines = [line.replace("┃", "│") for line in text.splitlines()]  # rich's header: ┃
    lines = [line for line in lines if line.count("│") >= 3]
    header = next((i for i, line in enumerate(lines) if "CPU %" in line), None)
    assert header is not None, text
    columns = [c.strip() for c in lines[header].strip("│ ").split("│")]
    rows = {}
    for line in lines[header + 1 :]:
        cells = [c.strip() for c in line.strip("│ ").split("│")]
        if len(cells) == len(columns) and cells[0] in PROCESSES:
            rows[cells[0]] = dict(zip(columns, cells, strict=True))
    return rows


def test_every_device_process_across_hosts_shows_its_cpu_and_memory(tmp_path, hosts):
    port = free_port()
    topo = farm(tmp_path, hosts, metrics=f"127.0.0.1:{port}")
    up = start_up(topo, tmp_path, EVENTS=200_000, RECO_SLEEP=0.001)
    try:
        cpu, memory = usage_of_every_process(f"http://127.0.0.1:{port}/metrics")
        shown = run_cli("top", topo, "--once", cwd=tmp_path)
        stopped = run_cli("ctl", topo, "stop", cwd=tmp_path, timeout=180)
    finally:
        err = finish(up)
    assert up.returncode == 0, err
    assert stopped.returncode == 0, stopped.stderr
    for process, (host, device) in PROCESSES.items():
        for labels, _ in (cpu[process], memory[process]):
            assert (labels["host"], labels["device"]) == (host, device), labels
        # A Python interpreter with evflow loaded: more than 10 MiB resident.
        assert memory[process][1] > 10 * 2**20, memory[process]
    assert shown.returncode == 0, shown.stderr
    rows = top_rows(shown.stdout)
    assert set(rows) == set(PROCESSES), shown.stdout
    for process, (host, _) in PROCESSES.items():
        row = rows[process]
        assert row["host"] == host and row["state"] == "up", row
        assert float(row["RSS MiB"].replace(",", "")) > 10, row
        assert int(row["CPU %"]) > 0, row  # each device's CPU, from its host's /proc


def summary(stderr):
    """The summary ``evflow up`` prints at its end: its lines, the header to the totals."""
    lines = stderr.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("process "))
    last = next(i for i in range(first, len(lines)) if lines[i].startswith("events: "))
    return lines[first : last + 1]


def per_device(lines):
    """{device: [events in, events out]} summed over its processes, and the module rows."""
    modules = lines.index(next(line for line in lines if line.startswith("module ")))
    devices = {}
    for line in lines[1:modules]:
        name, _host, _state, events_in, events_out, _restarts = line.split()
        device = name.split("-")[1]
        sums = devices.setdefault(device, [0, 0])
        sums[0] += int(events_in)
        sums[1] += int(events_out)
    rows = [line.split()[:4] for line in lines[modules:-1]]  # module, device, calls, failed
    return devices, rows


def test_one_host_and_across_hosts_print_the_same_summary(tmp_path, hosts):
    """The chain on one host and across three: the same columns, the same module rows, the
    same totals line; a processor's events out are those it passed on (not those it
    rejected), the sink's events in."""
    one = tmp_path / "one"
    one.mkdir()
    local = run_up(chain(unique("views")).write(one), one)
    assert local.returncode == 0, local.stderr
    (tmp_path / "many").mkdir()
    up = start_up(farm(tmp_path / "many", hosts), tmp_path / "many")
    err = finish(up)
    assert up.returncode == 0, err
    here, there = summary(local.stderr), summary(err)
    assert here[0].split() == there[0].split()  # the columns
    # The totals, all but the time: 900 read, 1 in 7 rejected by reco, the rest written.
    totals = here[-1].split(" in ")[0]
    assert totals == there[-1].split(" in ")[0]
    assert totals == (
        "events: 900 read, 773 written, 127 rejected, 0 failed, 0 retried, "
        "0 duplicates suppressed, 0 processes restarted"
    )
    devices, modules = per_device(here)
    assert (devices, modules) == per_device(there)
    assert devices == {"gen": [0, 900], "reco": [900, 773], "store": [773, 773]}
    assert modules[0] == ["module", "device", "calls", "failed"]
