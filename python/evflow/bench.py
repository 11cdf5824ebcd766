"""``evflow bench transport``: messages/s, GB/s, CPU per message and latency between two
processes over evflow's shm, ipc and tcp channels, against raw libzmq (a minimal PUSH/PULL
program) and memcpy measured in the same run. docs/benchmarks.md, section 5, says exactly
what each side does; crates/evflow-transport/src/bench.rs does it.

Each trial (transport, size) is two processes: this one runs the receiver, which binds, and
``python -m evflow._bench_peer`` runs the sender, which connects and prints its report as
JSON. Unless told not to, the two are pinned to two different CPUs, so that where the
scheduler puts them does not decide the result. Every repetition runs every trial once, in
turn, so a transport and its baseline see the same machine; the tables show medians over
the repetitions.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import uuid

from evflow.errors import EvflowError

DEFAULT_TRANSPORTS = "shm,ipc,tcp,zmq-raw,zmq-raw-tcp"
DEFAULT_SIZES = "64,4K,64K,1M,16M"
DEFAULT_SECONDS = 2.0
"""Seconds the sender streams, per trial."""
DEFAULT_REPEATS = 3
MEMCPY_SECONDS = 0.05
"""Seconds of memcpy per size and repetition."""
PEER_EXIT_TIMEOUT = 60.0
"""Longest wait for the sending process to end once the receiver is done."""
UNITS = {"": 1, "B": 1, "K": 1 << 10, "KIB": 1 << 10, "M": 1 << 20, "MIB": 1 << 20}
NUMBERS = (
    "msgs_per_s",
    "gb_per_s",
    "cpu_us_per_msg_sender",
    "cpu_us_per_msg_receiver",
    "p50_us",
    "p99_us",
)
"""The measured numbers of a trial; the JSON objects and tables show their medians."""
SHM_SIZE_SPREAD = 1.5
"""Target: shm messages/s independent of size, read as fastest / slowest size <= this."""
SHM_1M_VS_RAW = 10.0
SHM_64_VS_RAW = 1.0
SHM_P50_US = 5.0
LIBZMQ_SHARE = 0.9
"""Target: evflow ipc and tcp at >= this share of raw libzmq's messages/s, from 4 KiB."""


def _transports(text: str) -> list[str]:
    from evflow import _native

    known = [name for name, _ in _native.bench_transports()]
    names = [t.strip() for t in text.split(",") if t.strip()]
    unknown = [t for t in names if t not in known]
    if unknown or not names:
        raise argparse.ArgumentTypeError(
            f"unknown transport {', '.join(unknown) or repr(text)}: use {', '.join(known)}"
        )
    return list(dict.fromkeys(names))


def _size(text: str) -> int:
    """Bytes from '64', '4K', '4KiB', '1M', '16MiB' (binary units)."""
    t = text.strip().upper()
    digits = t.rstrip("KIMB")
    unit = t[len(digits) :]
    if not digits.isdigit() or unit not in UNITS or int(digits) * UNITS[unit] < 8:
        raise argparse.ArgumentTypeError(
            f"bad size {text!r}: use bytes of 8 or more, e.g. 64, 4K, 1M, 16MiB"
        )
    return int(digits) * UNITS[unit]


def _sizes(text: str) -> list[int]:
    sizes = [_size(s) for s in text.split(",") if s.strip()]
    if not sizes:
        raise argparse.ArgumentTypeError("no sizes given")
    return list(dict.fromkeys(sizes))


def _positive(kind):
    def parse(text: str):
        try:
            value = kind(text)
        except ValueError:
            value = 0
        if not value > 0:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number above 0")
        return value

    return parse


def add_parser(sub) -> None:
    """Adds ``bench transport`` and ``bench parallel`` to the command line's subcommands ``sub``."""
    bench = sub.add_parser("bench", help="benchmarks against baselines measured in the same run")
    kind = bench.add_subparsers(dest="benchmark", required=True)
    t = kind.add_parser(
        "transport",
        help="messages/s, GB/s, CPU per message and latency between two processes",
        description="Measures evflow's transports between two processes against raw libzmq "
        "(zmq-raw: ipc, zmq-raw-tcp: tcp) and memcpy, in the same run (docs/benchmarks.md).",
    )
    t.add_argument(
        "--transports",
        type=_transports,
        default=DEFAULT_TRANSPORTS,
        help=f"comma-separated (default {DEFAULT_TRANSPORTS})",
    )
    t.add_argument(
        "--sizes",
        type=_sizes,
        default=DEFAULT_SIZES,
        help=f"message sizes, comma-separated (default {DEFAULT_SIZES})",
    )
    t.add_argument(
        "--seconds",
        type=_positive(float),
        default=DEFAULT_SECONDS,
        help=f"seconds of streaming per trial (default {DEFAULT_SECONDS:g})",
    )
    t.add_argument(
        "--repeats",
        type=_positive(int),
        default=DEFAULT_REPEATS,
        help=f"repetitions; tables show medians (default {DEFAULT_REPEATS})",
    )
    t.add_argument(
        "--no-pin",
        action="store_true",
        help="let the scheduler place the two processes (default: the receiver on the first "
        "CPU this process may use, the sender on the second)",
    )
    t.add_argument("--json", action="store_true", help="print one JSON object per line")
    from evflow import bench_parallel

    bench_parallel.add_parser(kind)


class _Peer:
    """The process that runs the sender of one trial."""

    def __init__(self, transport: str, size: int, seconds: float, cpu: int | None):
        self.args = [transport, str(size), repr(seconds)]
        self.cpu = [] if cpu is None else [str(cpu)]
        self.process = None
        self.stderr = None

    def start(self, data: str, back: str) -> int:
        """Starts the sender on the receiver's bound addresses; its pid."""
        peer = [sys.executable, "-m", "evflow._bench_peer"]
        command = [*peer, "sender", *self.args, data, back, *self.cpu]
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        return self.process.pid

    def report(self) -> dict:
        """The sender's report, once it has ended."""
        try:
            out, self.stderr = self.process.communicate(timeout=PEER_EXIT_TIMEOUT)
        except subprocess.TimeoutExpired:
            raise EvflowError(
                f"the sending process did not end within {PEER_EXIT_TIMEOUT:g} s"
            ) from None
        if self.process.returncode != 0:
            raise EvflowError(f"the sending process failed: {_last_line(self.stderr)}")
        return json.loads(out)

    def stop(self) -> str:
        """Ends the process if it still runs; the last line it wrote on stderr."""
        if self.process is None:
            return "not started"
        if self.stderr is None:
            if self.process.poll() is None:
                self.process.kill()
            _, self.stderr = self.process.communicate()
        return _last_line(self.stderr)


def _last_line(text: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    return lines[-1] if lines else "(nothing on stderr)"


def trial(transport: str, size: int, seconds: float, sender_cpu: int | None = None) -> dict:
    """One trial: this process receives, a child process (on ``sender_cpu`` if given) sends;
    what they measured."""
    from evflow import _native

    with tempfile.TemporaryDirectory(prefix="evflow-bench-") as directory:
        session = f"bench-{os.getpid()}-{uuid.uuid4().hex[:12]}"
        data, back = _native.bench_addresses(transport, directory, session)
        peer = _Peer(transport, size, seconds, sender_cpu)
        try:
            receiver = _native.bench_transport_role(
                "receiver", transport, size, seconds, data, back, on_ready=peer.start
            )
            sender = peer.report()
        except EvflowError as e:
            where = f"{transport}, {_size_name(size)}"
            raise EvflowError(
                f"transport benchmark, {where}: {e} (sender: {peer.stop()})"
            ) from None
        finally:
            peer.stop()
            if transport == "shm":
                _native.bench_remove_session(session)
    if sender["messages"] != receiver["messages"]:
        raise EvflowError(
            f"transport benchmark, {transport}, {_size_name(size)}: {sender['messages']} "
            f"messages sent but {receiver['messages']} received"
        )
    return {
        "msgs_per_s": receiver["msgs_per_s"],
        "gb_per_s": receiver["msgs_per_s"] * size / 1e9,
        "cpu_us_per_msg_sender": sender["cpu_us_per_msg"],
        "cpu_us_per_msg_receiver": receiver["cpu_us_per_msg"],
        "p50_us": sender["p50_us"],
        "p99_us": sender["p99_us"],
    }


def cpu_pair() -> tuple[int, int] | None:
    """The receiver's and the sender's CPU: the first two this process may use, if two."""
    allowed = sorted(os.sched_getaffinity(0))
    return (allowed[0], allowed[1]) if len(allowed) >= 2 else None


def measure(
    transports, sizes, seconds, repeats, cpus=None, progress=None
) -> tuple[list[dict], dict]:
    """Runs every trial ``repeats`` times, interleaved; one summary per (transport, size), in
    the order of ``sizes`` then ``transports``, and the memcpy GB/s of each size (medians).
    With ``cpus`` (receiver, sender), this thread runs on the first and the senders on the
    second (threads started meanwhile, libzmq's, keep the first)."""
    from evflow import _native

    baselines = dict(_native.bench_transports())
    samples = {(t, s): [] for s in sizes for t in transports}
    copies = {s: [] for s in sizes}
    allowed = os.sched_getaffinity(0)
    if cpus:
        os.sched_setaffinity(0, {cpus[0]})
    try:
        for repeat in range(repeats):
            for size in sizes:
                copies[size].append(_native.bench_memcpy(size, MEMCPY_SECONDS))
                for transport in transports:
                    if progress:
                        progress(f"{repeat + 1}/{repeats} {transport} {_size_name(size)}")
                    sender_cpu = cpus[1] if cpus else None
                    samples[transport, size].append(trial(transport, size, seconds, sender_cpu))
    finally:
        os.sched_setaffinity(0, allowed)
    results = []
    for (transport, size), runs in samples.items():
        result = {"transport": transport, "size": size}
        result.update({key: statistics.median(r[key] for r in runs) for key in NUMBERS})
        baseline = baselines[transport]
        base_runs = samples.get((baseline, size))
        result["baseline"] = baseline
        result["vs_baseline"] = (
            statistics.median(
                r["msgs_per_s"] / b["msgs_per_s"] for r, b in zip(runs, base_runs, strict=True)
            )
            if base_runs
            else None
        )
        result["memcpy_gb_per_s"] = statistics.median(copies[size])
        result["repeats"] = repeats
        result["seconds"] = seconds
        result["cpus"] = list(cpus) if cpus else None
        results.append(result)
    return results, {s: statistics.median(c) for s, c in copies.items()}


def _size_name(size: int) -> str:
    for name, unit in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if size >= unit and size % unit == 0:
            return f"{size // unit} {name}"
    return f"{size} B"


def _rate(per_s: float) -> str:
    return f"{per_s / 1e6:.2f} M" if per_s >= 1e5 else f"{per_s / 1e3:.1f} k"


def _print_table(title: str, header: list[str], rows: list[list[str]]) -> None:
    """A Markdown table: first column left-aligned, the others right-aligned."""
    widths = [max(len(r[c]) for r in [header, *rows]) for c in range(len(header))]

    def line(cells):
        cells = [
            c.rjust(w) if i else c.ljust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ]
        return "| " + " | ".join(cells) + " |"

    rule = ["-" * (w - 1) + ":" if i else ":" + "-" * (w - 1) for i, w in enumerate(widths)]
    print(f"### {title}\n")
    print("\n".join(line(r) for r in [header, rule, *rows]))
    print()


def print_tables(results: list[dict], copies: dict, seconds: float, repeats: int, cpus) -> None:
    """The results table, the memcpy line and the targets, as Markdown."""
    rows = []
    for r in results:
        vs = "baseline" if r["baseline"] == r["transport"] else "-"
        if r["vs_baseline"] is not None and r["baseline"] != r["transport"]:
            vs = f"{r['vs_baseline']:.2f}x {r['baseline']}"
        rows.append(
            [
                r["transport"],
                _size_name(r["size"]),
                _rate(r["msgs_per_s"]),
                f"{r['gb_per_s']:.2f}",
                f"{r['cpu_us_per_msg_sender']:.2f}",
                f"{r['cpu_us_per_msg_receiver']:.2f}",
                f"{r['p50_us']:.1f}",
                f"{r['p99_us']:.1f}",
                vs,
            ]
        )
    header = [
        "transport",
        "size",
        "msgs/s",
        "GB/s",
        "CPU us/msg sender",
        "CPU us/msg receiver",
        "p50 us",
        "p99 us",
        "msgs/s vs raw libzmq",
    ]
    placed = f"receiver on CPU {cpus[0]}, sender on CPU {cpus[1]}" if cpus else "not pinned"
    title = (
        f"Transports between two processes ({placed}): median of {repeats} repetitions, "
        f"{seconds:g} s streams; latency one-way (RTT/2)"
    )
    _print_table(title, header, rows)
    line = ", ".join(f"{_size_name(s)} {gb:.1f}" for s, gb in copies.items())
    print(f"memcpy GB/s in the same run (one process, copy_from_slice): {line}\n")
    targets = _targets({(r["transport"], r["size"]): r for r in results})
    if targets:
        _print_table("Targets", ["target", "measured", "verdict"], targets)


def _targets(by: dict) -> list[list[str]]:
    """Rows of the targets table for which the run has the numbers."""
    verdict = {True: "met", False: "MISSED"}
    rows = []
    shm = {size: r for (t, size), r in by.items() if t == "shm"}
    if len(shm) > 1:
        fast = max(shm.values(), key=lambda r: r["msgs_per_s"])
        slow = min(shm.values(), key=lambda r: r["msgs_per_s"])
        spread = fast["msgs_per_s"] / slow["msgs_per_s"]
        rows.append(
            [
                f"shm msgs/s independent of size (fastest / slowest <= {SHM_SIZE_SPREAD:g})",
                f"{spread:.2f} ({_rate(fast['msgs_per_s'])} at {_size_name(fast['size'])}, "
                f"{_rate(slow['msgs_per_s'])} at {_size_name(slow['size'])})",
                verdict[spread <= SHM_SIZE_SPREAD],
            ]
        )
    for size, floor in ((1 << 20, SHM_1M_VS_RAW), (64, SHM_64_VS_RAW)):
        r = shm.get(size)
        if r and r["vs_baseline"] is not None:
            rows.append(
                [
                    f"shm at {_size_name(size)}: >= {floor:g}x raw libzmq ipc msgs/s",
                    f"{r['vs_baseline']:.2f}x",
                    verdict[r["vs_baseline"] >= floor],
                ]
            )
    if shm:
        worst = max(shm.values(), key=lambda r: r["p50_us"])
        rows.append(
            [
                f"shm p50 latency < {SHM_P50_US:g} us, every size",
                f"worst {worst['p50_us']:.1f} us ({_size_name(worst['size'])})",
                verdict[worst["p50_us"] < SHM_P50_US],
            ]
        )
    for transport in ("ipc", "tcp"):
        large = [
            r
            for (t, size), r in by.items()
            if t == transport and size >= 4096 and r["vs_baseline"] is not None
        ]
        if large:
            worst = min(large, key=lambda r: r["vs_baseline"])
            rows.append(
                [
                    f"{transport}: >= {LIBZMQ_SHARE:.0%} of raw libzmq msgs/s, 4 KiB and up",
                    f"worst {worst['vs_baseline']:.1%} ({_size_name(worst['size'])})",
                    verdict[worst["vs_baseline"] >= LIBZMQ_SHARE],
                ]
            )
    return rows


def run(args) -> int:
    """``evflow bench transport`` or ``parallel``: measures and prints; the exit code."""
    if args.benchmark == "parallel":
        from evflow import bench_parallel

        return bench_parallel.run(args)

    def progress(text):
        print(f"evflow bench: {text}", file=sys.stderr, flush=True)

    tty = sys.stderr.isatty()
    cpus = None if args.no_pin else cpu_pair()
    results, copies = measure(
        args.transports, args.sizes, args.seconds, args.repeats, cpus, progress if tty else None
    )
    if args.json:
        for r in results:
            print(json.dumps(r))
    else:
        print_tables(results, copies, args.seconds, args.repeats, cpus)
    return 0
