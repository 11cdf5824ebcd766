"""``evflow bench resume``: how long a resumed job (``evflow run --resume``, docs/steering.md,
"Resuming a job") takes to find where to go on, for outputs of 1 GB and 10 GB, against
reading the same file's bytes, measured side by side (docs/benchmarks.md).

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
    if not args.dir:
        os.rmdir(directory)
    return 0


def _recover(part) -> None:
    """What ``--resume`` does before it processes, on the output whose ``.part`` is ``part``."""
    _native.recover(_final(part))


def _final(part) -> str:
    """The output's final path, from its ``.part`` path."""
    head, name = os.path.split(part)
    return os.path.join(head, name[1 : -len(".part")])
