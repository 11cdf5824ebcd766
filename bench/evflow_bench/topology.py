"""``evflow bench topology``: a topology of three devices run by ``evflow up`` (a source, two
processor replicas, a sink, over shm on this machine) against ``process(processes=2)`` on the
same path, side by side in one run, for small and large events (docs/benchmarks.md); and the
same topology with a second processor device before reco (``calib``, one replica), which the
plan joins to reco through a junction: each event crosses one more segment, and the
junction's acks are chained (each waits until the event is at the next custody) and its seqs
journaled, so that it can be restarted (docs/topology-design.md, "Mergers, junctions and
funnels that are restarted"). Its two segments run as device processes, whose rate is the
steady one (between the controller's first and last report of the sink's count).

Both run in fresh processes of their own, from the same steering files; each reports its
job's wall time, and the rate is events over it.

Across hosts (as root), the same devices on two network namespace hosts, in two layouts:
the source on A, a bridge, the replicas and the sink on B (each event crosses once, into B's
shared memory), against raw libzmq (pyzmq push/pull over tcp, parts untouched) from A to B;
and the source and the sink on A, the replicas on B (each event crosses twice, over tcp both
ways), against raw libzmq from A through a forwarder on B back to A, the same route; and that
last layout with ``restart = "never"`` on the sink against the default, ``"always"``,
whose acks wait for its checkpoints (docs/topology-design.md, "Custodies that are
restarted"). All rates steady, without start and end. Beside the rates, the CPU per event
of evflow's device processes (over the window of the steady rate, from their reports) and of
raw libzmq's processes (over their streams), paired within each repetition. For small events,
both layouts again with compiled modules (the built-in generator as the source, a C plugin
that keeps every event in the replicas and the sink): what evflow itself spends per event,
without the Python calls of the steering files above (an event made in Python, a module called
from Python in each device).
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile

from evflow_bench.common import positive, print_table, size_name
from evflow_bench.plugins import REPO, compile_c_plugin
from evflow_bench.standard_farm import Farm, write

DEFAULT_SIZES = (1 << 10, 1 << 20)
DEFAULT_EVENTS = {1 << 10: 50_000, 1 << 20: 2_000}
DEFAULT_REPEATS = 3
COMPILED_UP_TO = 4 << 10
"""Sizes up to this (small events, whose cost is per event) are measured across hosts with
compiled modules too (the generator writes each event's values: a large event would measure
that)."""
PASS_PLUGIN = REPO / "bench" / "plugins" / "pass.c"

GEN = """
import numpy as np
import evflow as ef

class SamePayload(ef.Source):
    # Every event carries the same payload, shared (an entry of another event is not
    # copied), as raw libzmq sends the same bytes each time.
    def __init__(self, events, size):
        self.count, self.expected_events = events, events
        self.payload = ef.Event(payload=np.zeros(size, dtype=np.uint8))["payload"]
    def events(self):
        for number in range(1, self.count + 1):
            yield ef.Event(run=1, number=number, payload=self.payload)

path = ef.Path()
path.add(SamePayload({events}, {size}))
"""

RECO = """
import evflow as ef

class Nothing(ef.Module):
    parallel_safe = True
    def event(self, event):
        pass

path = ef.Path()
path.add(Nothing())
"""

STORE = """
import evflow as ef

class Count(ef.Module):
    def event(self, event):
        pass

path = ef.Path()
path.add(Count())
"""

RAW_RECEIVER = """
import sys, time, zmq
socket = zmq.Context().socket(zmq.PULL)
socket.bind(sys.argv[1])
print("ready", flush=True)
socket.recv()
t0, cpu0 = time.perf_counter(), time.process_time()
for _ in range(int(sys.argv[2]) - 1):
    socket.recv(copy=False)
print(time.perf_counter() - t0, time.process_time() - cpu0, flush=True)
"""

RAW_SENDER = """
import sys, time, zmq
context = zmq.Context()
socket = context.socket(zmq.PUSH)
socket.connect(sys.argv[1])
payload = bytes(int(sys.argv[3]))
cpu0 = time.process_time()
for _ in range(int(sys.argv[2])):
    socket.send(payload, copy=False)
socket.close(linger=-1)
context.term()
print(time.process_time() - cpu0, flush=True)
"""

RAW_RELAY = """
import sys, time, zmq
context = zmq.Context()
pull, push = context.socket(zmq.PULL), context.socket(zmq.PUSH)
pull.bind(sys.argv[1])
push.connect(sys.argv[2])
print("ready", flush=True)
push.send(pull.recv(copy=False), copy=False)
cpu0 = time.process_time()
for _ in range(int(sys.argv[3]) - 1):
    push.send(pull.recv(copy=False), copy=False)
pull.close()
push.close(linger=-1)
context.term()
print(time.process_time() - cpu0, flush=True)
"""

GEN_COMPILED = """
import evflow as ef
path = ef.Path()
path.add(ef.modules.EventGenerator(
    runs=[(1, {events})],
    entries={{"payload": {{"dtype": "<u8", "size": {words}, "values": "sequence"}}}},
))
"""

PASS = """
import evflow as ef
path = ef.Path()
path.add(ef.modules.Plugin({library!r}, "Pass"))
"""

ONE_JOB = """
import json
import evflow as ef
path = ef.Path()
for name in ("gen", "reco", "store"):
    namespace = {"__name__": "bench"}
    exec(compile(open(name + ".py").read(), name + ".py", "exec"), namespace)
    for step in namespace["path"]:
        path.add(step)
report = ef.process(path, processes=2, summary=False)
print(json.dumps({"read": report.read, "wall_s": report.wall_s}))
"""


def _write(directory: str, size: int, events: int) -> None:
    farm = Farm(f"bench-{os.getpid()}")
    del farm.channels["accepted"]  # the sink only counts: no ordering to pay for
    gen = GEN.format(events=events, size=size)
    write(directory, farm.text(), gen=gen, reco=RECO, store=STORE, one_job=ONE_JOB, calib=RECO)
    farm.insert("calib", after="gen", sends="calibrated", replicas=1)
    with open(os.path.join(directory, "junction.toml"), "w") as f:
        f.write(farm.text())


def _write_compiled(directory: str, size: int, events: int) -> None:
    """The steering files of the layouts with compiled modules: NAME_compiled.py for gen
    (``size`` bytes rounded up to 8 an event), reco and store."""
    library = str(compile_c_plugin(PASS_PLUGIN, directory))
    gen = GEN_COMPILED.format(events=events, words=max(1, -(-size // 8)))
    keep = PASS.format(library=library)
    for name, text in {"gen": gen, "reco": keep, "store": keep}.items():
        with open(os.path.join(directory, f"{name}_compiled.py"), "w") as f:
            f.write(text)


def _across(hosts, compiled: bool = False) -> dict:
    """The topologies across hosts a and b, by layout: ``both_ways``, the standard farm (gen
    and store on A, reco on B); ``bridged``, with a bridge on B feeding reco and store
    there. ``compiled``: the two with the steering files of ``_write_compiled``, as
    ``both_ways_compiled`` and ``bridged_compiled``."""
    farm = Farm(f"bench-x-{os.getpid()}", hosts.tables("a", "b"))
    del farm.channels["accepted"]
    if compiled:
        for name in ("gen", "reco", "store"):
            farm.devices[name]["steering"] = f"{name}_compiled.py"
    farm.devices["store"]["restart"] = "never"  # acks at receipt
    both_ways = farm.text()
    del farm.devices["store"]["restart"]  # "always", the default: acks at its checkpoints
    restartable = farm.text()
    farm.insert("into_b", after="gen", sends="raw_b", kind="bridge", host="b")
    farm.devices["store"]["host"] = "b"
    if compiled:
        return {"bridged_compiled": farm.text(), "both_ways_compiled": both_ways}
    return {"bridged": farm.text(), "both_ways": both_ways, "restartable": restartable}


def _evflow(*args, cwd) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "evflow", *args]
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)


def _topology_rate(directory: str, file: str = "topo.toml") -> float:
    done = _evflow("up", file, "--report", "report.json", cwd=directory)
    if done.returncode != 0:
        raise RuntimeError(f"evflow up failed: {done.stderr.strip()}")
    with open(os.path.join(directory, "report.json")) as f:
        job = json.load(f)["job"]
    # Device processes (the junction's two segments): steady, without their start (a Python
    # process each). One segment on one host runs as one forked job: its whole wall time.
    return job.get("steady_events_per_s") or job["read"] / job["wall_s"]


def _process_rate(directory: str) -> float:
    done = subprocess.run(
        [sys.executable, "one_job.py"], cwd=directory, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise RuntimeError(f"process(processes=2) failed: {done.stderr.strip()}")
    job = json.loads(done.stdout.strip().splitlines()[-1])
    return job["read"] / job["wall_s"]


def _in(hosts, host: str, script: str, *args) -> list:
    return ["ip", "netns", "exec", hosts.netns[host], sys.executable, "-c", script, *map(str, args)]


def _raw_rate(hosts, size: int, n: int, relay: bool) -> tuple[float, float]:
    """Messages/s of raw libzmq push/pull over tcp (steady), and the CPU seconds of its
    processes per message (each over its own stream, libzmq's I/O threads included): from
    host A to host B, or with ``relay`` from A through a forwarder on B back to A (the route
    of the topology's events)."""
    back = f"tcp://{hosts.address['a' if relay else 'b']}:5599"
    started = []
    receiver = subprocess.Popen(
        _in(hosts, "a" if relay else "b", RAW_RECEIVER, back, n), stdout=subprocess.PIPE, text=True
    )
    started.append(receiver)
    try:
        assert receiver.stdout.readline().strip() == "ready"
        target = back
        if relay:
            target = f"tcp://{hosts.address['b']}:5598"
            forwarder = subprocess.Popen(
                _in(hosts, "b", RAW_RELAY, target, back, n), stdout=subprocess.PIPE, text=True
            )
            started.append(forwarder)
            assert forwarder.stdout.readline().strip() == "ready"
        sender = subprocess.run(
            _in(hosts, "a", RAW_SENDER, target, n, size), check=True, capture_output=True, text=True
        )
        cpu = float(sender.stdout.strip())
        elapsed, received_cpu = map(float, receiver.communicate(timeout=300)[0].split())
        cpu += received_cpu
        if relay:
            cpu += float(forwarder.communicate(timeout=300)[0].strip())
    finally:
        for p in started:
            p.kill()
            p.wait()
    return (n - 1) / elapsed, cpu / n


def _across_rate(directory: str, layout: str) -> tuple[float, float | None]:
    """Steady events/s of a layout, and its device processes' CPU seconds per event over the
    same window (``None`` when the job was too short for two reports of the sink's count)."""
    done = _evflow("up", f"{layout}.toml", "--report", "report.json", cwd=directory)
    if done.returncode != 0:
        raise RuntimeError(f"evflow up across hosts failed: {done.stderr.strip()[-2000:]}")
    with open(os.path.join(directory, "report.json")) as f:
        job = json.load(f)["job"]
    if not job["steady_events"]:
        return job["read"] / job["wall_s"], None
    return job["steady_events_per_s"], job["steady_cpu_s"] / job["steady_events"]


def _cpu_us(runs: list[tuple[float, float | None]]) -> float | None:
    """The median CPU us per event of the runs that measured it."""
    cpu = [c * 1e6 for _, c in runs if c is not None]
    return statistics.median(cpu) if cpu else None


def _cpu_ratio(top, bottom) -> float | None:
    """The median of top's CPU per event over bottom's, paired within each repetition."""
    pairs = [t / b for (_, t), (_, b) in zip(top, bottom, strict=True) if t and b]
    return statistics.median(pairs) if pairs else None


def measure_across(sizes, events, repeats, progress) -> list[dict]:
    """Median steady events/s across two namespace hosts, and raw libzmq's, per size."""
    from evflow_bench.namespaces import Hosts

    results = []
    with Hosts(["a", "b"]) as hosts:
        for size in sizes:
            n = events or DEFAULT_EVENTS.get(size, 10_000)
            compiled = size <= COMPILED_UP_TO
            with tempfile.TemporaryDirectory(prefix="evflow-bench-topology-") as directory:
                _write(directory, size, n)
                layouts = _across(hosts)
                if compiled:
                    _write_compiled(directory, size, n)
                    layouts.update(_across(hosts, compiled=True))
                for layout, text in layouts.items():
                    with open(os.path.join(directory, f"{layout}.toml"), "w") as f:
                        f.write(text)
                bridged, both, raw, relayed, restartable = [], [], [], [], []
                bridged_c, both_c = [], []
                for r in range(repeats):
                    progress(f"{size_name(size)} across hosts: repeat {r + 1} of {repeats}")
                    bridged.append(_across_rate(directory, "bridged"))
                    raw.append(_raw_rate(hosts, size, n, relay=False))
                    both.append(_across_rate(directory, "both_ways"))
                    relayed.append(_raw_rate(hosts, size, n, relay=True))
                    restartable.append(_across_rate(directory, "restartable"))
                    if compiled:
                        bridged_c.append(_across_rate(directory, "bridged_compiled"))
                        both_c.append(_across_rate(directory, "both_ways_compiled"))
            runs = (bridged, raw, both, relayed, restartable)
            b, w, t, v, k = (statistics.median(rate for rate, _ in x) for x in runs)
            cpu = {name: _cpu_us(x) for name, x in zip(("b", "w", "t", "v"), runs, strict=False)}
            results.append(
                {
                    "size": size,
                    "events": n,
                    "bridged_events_per_s": b,
                    "raw_zmq_msgs_per_s": w,
                    "bridged_gb_per_s": b * size / 1e9,
                    "raw_zmq_gb_per_s": w * size / 1e9,
                    "ratio": b / w,
                    "both_ways_events_per_s": t,
                    "relay_zmq_msgs_per_s": v,
                    "ratio_to_relay": t / v,
                    "restartable_events_per_s": k,
                    "restartable_ratio": k / t,
                    # CPU per event, us: evflow's device processes over the steady window,
                    # raw libzmq's processes over their streams; the ratios paired in each
                    # repetition (goal 1 of issue 32: at most 1.3 at 1 MiB).
                    "bridged_cpu_us_per_event": cpu["b"],
                    "raw_cpu_us_per_msg": cpu["w"],
                    "cpu_ratio": _cpu_ratio(bridged, raw),
                    "both_ways_cpu_us_per_event": cpu["t"],
                    "relay_cpu_us_per_msg": cpu["v"],
                    "cpu_ratio_to_relay": _cpu_ratio(both, relayed),
                    "compiled": _compiled(bridged_c, raw, both_c, relayed) if compiled else None,
                    "repeats": repeats,
                }
            )
    return results


def _compiled(bridged, raw, both, relayed) -> dict:
    """The layouts with compiled modules against the same repetitions' raw libzmq."""
    b, w, t, v = (statistics.median(rate for rate, _ in x) for x in (bridged, raw, both, relayed))
    return {
        "bridged_events_per_s": b,
        "ratio": b / w,
        "bridged_cpu_us_per_event": _cpu_us(bridged),
        "cpu_ratio": _cpu_ratio(bridged, raw),
        "both_ways_events_per_s": t,
        "ratio_to_relay": t / v,
        "both_ways_cpu_us_per_event": _cpu_us(both),
        "cpu_ratio_to_relay": _cpu_ratio(both, relayed),
    }


def measure(sizes, events, repeats, progress) -> list[dict]:
    """Median events/s of the three, alternating, per size."""
    results = []
    for size in sizes:
        n = events or DEFAULT_EVENTS.get(size, 10_000)
        with tempfile.TemporaryDirectory(prefix="evflow-bench-topology-") as directory:
            _write(directory, size, n)
            topology, one_job, junction = [], [], []
            for r in range(repeats):
                progress(f"{size_name(size)}: repeat {r + 1} of {repeats}")
                topology.append(_topology_rate(directory))
                one_job.append(_process_rate(directory))
                junction.append(_topology_rate(directory, "junction.toml"))
        t, p, j = (statistics.median(x) for x in (topology, one_job, junction))
        results.append(
            {
                "size": size,
                "events": n,
                "topology_events_per_s": t,
                "process_events_per_s": p,
                "ratio": t / p,
                "topology_gb_per_s": t * size / 1e9,
                "junction_events_per_s": j,
                "junction_ratio": j / t,
                "repeats": repeats,
            }
        )
    return results


def _us(value: float | None) -> str:
    return "-" if value is None else f"{value:,.1f}"


def _ratio(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def add_parser(kind) -> None:
    """``evflow bench topology``."""
    p = kind.add_parser(
        "topology",
        help="a topology run by evflow up against process(processes=2) on the same path",
    )
    p.add_argument(
        "--sizes",
        type=lambda text: [int(s) for s in text.split(",")],
        default=list(DEFAULT_SIZES),
        help="event payload sizes in bytes (default 1024,1048576)",
    )
    p.add_argument("--events", type=positive(int), help="events per run (default by size)")
    p.add_argument("--repeats", type=positive(int), default=DEFAULT_REPEATS)
    p.add_argument(
        "--no-across",
        action="store_true",
        help="skip the two network-namespace hosts (which need root and ip)",
    )
    p.add_argument("--json", action="store_true", help="print the results as JSON too")


def run(args) -> int:
    """Measures and prints the table."""

    def progress(text):
        print(f"\r{text}".ljust(60), end="", file=sys.stderr, flush=True)

    results = measure(args.sizes, args.events, args.repeats, progress)
    print(file=sys.stderr)
    header = ["event size", "events", "evflow up [ev/s]", "process(2) [ev/s]", "ratio", "GB/s"]
    header += ["through a junction [ev/s]", "of evflow up"]
    rows = [
        [
            size_name(r["size"]),
            str(r["events"]),
            f"{r['topology_events_per_s']:,.0f}",
            f"{r['process_events_per_s']:,.0f}",
            f"{r['ratio']:.2f}",
            f"{r['topology_gb_per_s']:.2f}",
            f"{r['junction_events_per_s']:,.0f}",
            f"{r['junction_ratio']:.2f}",
        ]
        for r in results
    ]
    print_table(
        "One host, shm: source -> 2 processor replicas -> sink (median of "
        f"{args.repeats}), against process(processes=2) on the same path; through a junction = "
        "source -> calib (1 replica) -> junction -> 2 replicas -> sink",
        header,
        rows,
    )
    across = []
    if args.no_across or os.geteuid() != 0:
        print("\n(across hosts: skipped: --no-across, or not root, which network namespaces need)")
    else:
        across = measure_across(args.sizes, args.events, args.repeats, progress)
        print(file=sys.stderr)
        header = ["event size", "events", "bridged [ev/s]", "raw A->B [msg/s]", "ratio"]
        header += ["GB/s", "raw GB/s", "both ways [ev/s]", "raw A->B->A [msg/s]", "ratio"]
        header += ["restartable sink [ev/s]", "of both ways"]
        rows = [
            [
                size_name(r["size"]),
                str(r["events"]),
                f"{r['bridged_events_per_s']:,.0f}",
                f"{r['raw_zmq_msgs_per_s']:,.0f}",
                f"{r['ratio']:.2f}",
                f"{r['bridged_gb_per_s']:.2f}",
                f"{r['raw_zmq_gb_per_s']:.2f}",
                f"{r['both_ways_events_per_s']:,.0f}",
                f"{r['relay_zmq_msgs_per_s']:,.0f}",
                f"{r['ratio_to_relay']:.2f}",
                f"{r['restartable_events_per_s']:,.0f}",
                f"{r['restartable_ratio']:.2f}",
            ]
            for r in across
        ]
        cpu_rows = [
            [
                size_name(r["size"]),
                _us(r["bridged_cpu_us_per_event"]),
                _us(r["raw_cpu_us_per_msg"]),
                _ratio(r["cpu_ratio"]),
                _us(r["both_ways_cpu_us_per_event"]),
                _us(r["relay_cpu_us_per_msg"]),
                _ratio(r["cpu_ratio_to_relay"]),
            ]
            for r in across
        ]
        print_table(
            "Two namespace hosts (steady, median of "
            f"{args.repeats}): bridged = source on A, bridge, 2 replicas and sink on B (one "
            "crossing, shm on B) against raw libzmq push/pull A->B; both ways = source and "
            "sink on A, 2 replicas on B (tcp both ways) against raw A->forwarder on B->A (the "
            'sink with restart = "never"); restartable sink = both ways with the default, '
            'restart = "always"',
            header,
            rows,
        )
        print()
        print_table(
            "CPU per event across hosts (us, user + system): evflow's device processes between "
            "the sink's first and last report, raw libzmq's sender, receiver (and forwarder) "
            "over their streams; ratios paired within each repetition",
            ["event size", "bridged", "raw A->B", "ratio", "both ways", "raw A->B->A", "ratio"],
            cpu_rows,
        )
        compiled_rows = [
            [
                size_name(r["size"]),
                f"{c['bridged_events_per_s']:,.0f}",
                f"{c['ratio']:.2f}",
                _us(c["bridged_cpu_us_per_event"]),
                _ratio(c["cpu_ratio"]),
                f"{c['both_ways_events_per_s']:,.0f}",
                f"{c['ratio_to_relay']:.2f}",
                _us(c["both_ways_cpu_us_per_event"]),
                _ratio(c["cpu_ratio_to_relay"]),
            ]
            for r in across
            if (c := r["compiled"])
        ]
        if compiled_rows:
            print()
            header = ["event size", "bridged [ev/s]", "of raw A->B", "CPU [us/ev]", "CPU ratio"]
            header += ["both ways [ev/s]", "of raw A->B->A", "CPU [us/ev]", "CPU ratio"]
            print_table(
                "The same layouts with compiled modules (the built-in generator, a C plugin "
                "that keeps every event in the replicas and the sink), against the same "
                "repetitions' raw libzmq: what evflow spends per event without the steering "
                "files' Python",
                header,
                compiled_rows,
            )
    if args.json:
        print(json.dumps({"one_host": results, "across_hosts": across}, indent=1))
    return 0
