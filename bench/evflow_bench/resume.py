"""``evflow bench resume``: how long a resumed job (``evflow run --resume``, docs/steering.md,
"Resuming a job") takes to find where to go on, for outputs of 1 GB and 10 GB, against
reading the same file's bytes, measured side by side (docs/benchmarks.md); and what the cuts
of a parallel job cost (docs/root.md, "Cuts in a parallel job"), against the same job taking
none.

For each size and event size, a job writes the output (uncompressed, one entry per event),
and the file is made what a SIGKILLed job leaves: its records, without closing record, index
and trailer, under its ``.part`` name. Each repetition then times, on the same file, in turn:

- ``recover``: what ``--resume`` does before processing (every record read and checked,
  seqs and progress records collected; ``evflow._native.recover``);
- the baseline: reading the file's bytes in 16 MiB ``readinto`` calls (no checking);

both from the page cache ("warm": the file was just read) and with the file's pages dropped
first ("cold": ``posix_fadvise(DONTNEED)`` after ``fsync``; where the kernel keeps them, the
cold rows say so by matching the warm ones). The tables show medians and the ratio of
recover's time to the read's.

The cuts: a ``-p 2`` job of events that each take about 1 ms of Python CPU work, filling a
100 x 100 and a 100-bin histogram, with a ``HistogramOutput`` that takes a cut every
``checkpoint_every`` seconds (5, the default; 0.5; 0.1), against the same job whose
``HistogramOutput`` asks for none (its ``checkpoint_every`` longer than the job), run in turn:
medians of the events per second and their ratio.
"""

import os
import statistics
import tempfile
import time

import evflow as ef
import numpy as np
from evflow import _native

from evflow_bench.common import positive, print_table, size_name

DEFAULT_SIZES_GB = (1, 10)
DEFAULT_EVENT_SIZES = (1 << 20, 64 << 10)
DEFAULT_REPEATS = 3
READ_CHUNK = 16 << 20
DEFAULT_CUT_EVENTS = 10000
CUT_EVERY_S = (5.0, 0.5, 0.1)
NO_CUTS_S = 1e9


def add_parser(kind) -> None:
    p = kind.add_parser("resume", help="time a resumed job takes to find where to go on")
    p.add_argument(
        "--sizes",
        type=lambda t: [positive(float)(x) for x in t.split(",")],
        default=list(DEFAULT_SIZES_GB),
        help="output sizes in GB (default 1,10)",
    )
    p.add_argument(
        "--event-sizes",
        type=lambda t: [positive(int)(x) for x in t.split(",")],
        default=list(DEFAULT_EVENT_SIZES),
        help="bytes per event (default 1048576,65536)",
    )
    p.add_argument("--repeats", type=positive(int), default=DEFAULT_REPEATS)
    p.add_argument("--dir", help="where to write the outputs (default: a temporary directory)")
    p.add_argument(
        "--only",
        choices=("outputs", "cuts"),
        help="measure only finding where to go on, or only the cuts (default: both)",
    )
    p.add_argument(
        "--cut-events",
        type=positive(int),
        default=DEFAULT_CUT_EVENTS,
        help=f"events of each job the cuts are measured on (default {DEFAULT_CUT_EVENTS})",
    )


class _Events(ef.Source):
    """``count`` events of one ``size``-byte entry each."""

    def __init__(self, count, size):
        self.count, self.payload = count, np.arange(size, dtype=np.uint8)

    def events(self):
        for i in range(self.count):
            yield ef.Event(run=1, number=i + 1, adc=self.payload)


def killed_output(directory, gigabytes, event_size) -> str:
    """Writes an output of about ``gigabytes`` GB and leaves it as a SIGKILLed job does;
    its ``.part`` path."""
    final = os.path.join(directory, f"out-{gigabytes:g}GB-{event_size}.evf")
    count = max(1, int(gigabytes * 1e9) // event_size)
    path = ef.Path()
    path.add(_Events(count, event_size))
    path.add(ef.modules.FileOutput(final))
    ef.process(path, summary=False)
    # The records only, what a writer killed before it closed the file leaves: the trailer
    # (docs/formats.md) says where the closing record and the index begin.
    with open(final, "rb") as f:
        f.seek(-32, os.SEEK_END)
        trailer = f.read(32)
    index_offset = int.from_bytes(trailer[8:16], "little")
    closing_len = int.from_bytes(trailer[24:28], "little")
    os.truncate(final, index_offset - closing_len)
    part = os.path.join(directory, f".{os.path.basename(final)}.part")
    os.rename(final, part)
    return part


def _drop_pages(path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
    finally:
        os.close(fd)


def _read_all(path) -> None:
    buffer = bytearray(READ_CHUNK)
    with open(path, "rb", buffering=0) as f:
        while f.readinto(buffer):
            pass


def _timed(fn, path, cold) -> float:
    if cold:
        _drop_pages(path)
    else:
        _read_all(path)  # in the cache, whatever ran before
    start = time.perf_counter()
    fn(path)
    return time.perf_counter() - start


def run(args) -> int:
    directory = args.dir or tempfile.mkdtemp(prefix="evflow-bench-resume-")
    os.makedirs(directory, exist_ok=True)
    if args.only != "cuts":
        _outputs(args, directory)
    if args.only != "outputs":
        _cuts(args, directory)
    if not args.dir:
        os.rmdir(directory)
    return 0


def _outputs(args, directory) -> None:
    rows = []
    for gigabytes in args.sizes:
        for event_size in args.event_sizes:
            part = killed_output(directory, gigabytes, event_size)
            size = os.path.getsize(part)
            events = _native.recover(_final(part))["events"]
            for cold in (False, True):
                times = {"recover": [], "read": []}
                for _ in range(args.repeats):
                    times["recover"].append(_timed(_recover, part, cold))
                    times["read"].append(_timed(_read_all, part, cold))
                recover_s, read_s = (statistics.median(times[k]) for k in ("recover", "read"))
                rows.append(
                    [
                        f"{size / 1e9:.2f} GB",
                        size_name(event_size),
                        f"{events}",
                        "cold" if cold else "warm",
                        f"{recover_s:.2f} s",
                        f"{size / recover_s / 1e9:.2f} GB/s",
                        f"{read_s:.2f} s",
                        f"{recover_s / read_s:.2f}",
                    ]
                )
            os.remove(part)
    header = ["output", "event", "events", "cache", "recover", "recover rate", "read", "ratio"]
    title = f"resume: finding where to go on (median of {args.repeats}; ratio = recover / read)"
    print_table(title, header, rows)


class _Filled(ef.Module):
    """About 1 ms of Python CPU work per event, then two histograms filled."""

    parallel_safe = True
    mergeable = ("map", "energy")

    def initialize(self):
        import boost_histogram as bh

        self.map = bh.Histogram(bh.axis.Regular(100, 0, 1), bh.axis.Regular(100, 0, 1))
        self.energy = bh.Histogram(bh.axis.Regular(100, 0, 1))

    def event(self, event):
        end = time.perf_counter() + 0.001
        while time.perf_counter() < end:
            pass
        x = event["x"]
        self.map.fill(x[:1], x[1:2])
        self.energy.fill(x)


def _cut_job(directory, events, every) -> float:
    """Events per second of a -p 2 job whose HistogramOutput takes a cut every ``every`` s."""
    from evflow.root import HistogramOutput

    out = os.path.join(directory, "cuts.root")
    path = ef.Path()
    path.add(
        ef.modules.EventGenerator(runs=[(1, events)], entries={"x": {"dtype": "<f8", "size": 4}})
    )
    path.add(_Filled())
    path.add(HistogramOutput(out, checkpoint_every=every))
    start = time.perf_counter()
    ef.process(path, processes=2, summary=False)
    elapsed = time.perf_counter() - start
    for leftover in (out, f"{out}.resume"):
        if os.path.exists(leftover):
            os.remove(leftover)
    return events / elapsed


def _cuts(args, directory) -> None:
    rows = []
    for every in CUT_EVERY_S:
        rates = {"cuts": [], "none": []}
        for _ in range(args.repeats):
            rates["cuts"].append(_cut_job(directory, args.cut_events, every))
            rates["none"].append(_cut_job(directory, args.cut_events, NO_CUTS_S))
        cuts, none = (statistics.median(rates[k]) for k in ("cuts", "none"))
        rows.append([f"{every:g} s", f"{cuts:.0f}", f"{none:.0f}", f"{cuts / none:.3f}"])
    header = ["cut every", "events/s with cuts", "events/s without", "ratio"]
    title = (
        f"cuts of a -p 2 job, {args.cut_events} events of about 1 ms "
        f"(median of {args.repeats}; ratio = with / without)"
    )
    print_table(title, header, rows)


def _recover(part) -> None:
    """What ``--resume`` does before it processes, on the output whose ``.part`` is ``part``."""
    _native.recover(_final(part))


def _final(part) -> str:
    """The output's final path, from its ``.part`` path."""
    head, name = os.path.split(part)
    return os.path.join(head, name[1 : -len(".part")])
