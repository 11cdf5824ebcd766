"""``evflow info`` and ``evflow dump``: look inside an ``.evf`` file."""

import os
import sys

import numpy as np

from evflow import _native
from evflow.errors import ConfigError, FormatError

DAMAGED = 3  # exit code for a file that is cut short or has corrupt records (cli.EXIT)
SKIP_HINT = "; `evflow dump --skip-corrupt` skips damaged records"


class DamagedFile(Exception):
    """A record cannot be read; the command stops (exit code ``DAMAGED``)."""


def _open(path: str, skip_corrupt: bool) -> _native.FileReader:
    """Opens an ``.evf`` file; a path that is not one is a ``ConfigError`` (a usage error)."""
    if not os.path.exists(path):
        raise ConfigError(f"{path}: no such file")
    if os.path.isdir(path):
        raise ConfigError(f"{path} is a directory, not an .evf file")
    try:
        return _native.FileReader(path, skip_corrupt=skip_corrupt)
    except FormatError as e:
        if skip_corrupt:
            raise ConfigError(str(e)) from None
        error = e
    # An .evf file with a damaged header opens when damage is skipped; anything else is not
    # an .evf file at all.
    _open(path, skip_corrupt=True).close()
    raise DamagedFile(f"{error}{SKIP_HINT}")


def _size(n: float) -> str:
    for unit in ("B", "KiB", "MiB", "GiB"):
        if n < 1024 or unit == "GiB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n} B"


def info(path: str, out=sys.stdout) -> int:
    """Prints what the file holds and whether it is intact; returns the exit code."""
    _open(path, skip_corrupt=True).close()
    r = _native.verify(path)
    meta = r["metadata"]
    ratio = r["raw_bytes"] / r["stored_bytes"] if r["stored_bytes"] else 1.0
    print(f"file:        {r['path']} ({_size(r['file_len'])})", file=out)
    print(f"written by:  {meta.get('creator', '?')} at {meta.get('created', '?')}", file=out)
    print(f"compression: {r['compression']} (ratio {ratio:.2f})", file=out)
    print(f"events:      {r['events']}", file=out)
    runs = ", ".join(f"{run} ({n} events)" for run, n in r["runs"])
    print(f"runs:        {runs or '-'}", file=out)
    print("entries:", file=out)
    for name, (dtype, events, nbytes) in r["entries"].items():
        mean = nbytes / events if events else 0
        print(
            f"  {name:<20} {dtype:<12} in {events} events, {_size(nbytes)} ({_size(mean)}/event)",
            file=out,
        )
    print(f"index:       {r['index']}", file=out)
    damaged = False
    for offset, reason in r["corrupt"]:
        print(f"corrupt:     record at byte {offset}: {reason}", file=out)
        damaged = True
    if r["stopped"] is not None:
        offset, reason = r["stopped"]
        print(f"cut short:   at byte {offset}: {reason}", file=out)
        damaged = True
    print(f"integrity:   {'DAMAGED' if damaged else 'ok'}", file=out)
    return DAMAGED if damaged else 0


def _positions(spec: str | None, n: int) -> range | list[int]:
    if spec is None:
        return range(min(n, 10))
    try:
        if ":" in spec:
            start, _, stop = spec.partition(":")
            return range(*slice(int(start or 0), int(stop) if stop else n).indices(n))
        return [int(p) for p in spec.split(",")]
    except ValueError:
        raise ConfigError(f"--events {spec!r}: use N, START:STOP or N,M,... (positions)") from None


def dump(path: str, events: str | None, skip_corrupt=False, out=sys.stdout) -> int:
    """Prints events at the given positions (default: the first 10); returns the exit code.

    A corrupt record raises ``DamagedFile``, or with ``skip_corrupt`` is skipped with a
    warning.
    """
    with _open(path, skip_corrupt) as reader:
        n = len(reader)
        damaged = not reader.index_status.startswith("valid")
        if damaged:
            print(f"evflow: warning: {path}: index {reader.index_status}", file=sys.stderr)
        for offset, reason in reader.skipped_records:  # found while rebuilding the index
            _warn_skipped(path, offset, reason)
            damaged = True
        for i in _positions(events, n):
            if not -n <= i < n:
                raise ConfigError(
                    f"--events: position {i} is out of range; the file holds {n} events"
                )
            try:
                event = reader[i]
            except FormatError as e:
                if not skip_corrupt:
                    raise DamagedFile(f"{e}{SKIP_HINT}") from None
                _warn_skipped(path, None, f"position {i}: {e}")
                damaged = True
                continue
            _print_event(i, event, out)
    return DAMAGED if damaged else 0


def _warn_skipped(path: str, offset: int | None, reason: str) -> None:
    at = f" at byte {offset}" if offset is not None else ""
    print(f"evflow: warning: {path}: skipped corrupt record{at}: {reason}", file=sys.stderr)


def _print_event(i: int, event, out) -> None:
    flags = f" flags={sorted(event.flags)}" if event.flags else ""
    print(f"[{i}] run {event.run} event {event.number} seq {event.seq}{flags}", file=out)
    for name in event.keys():
        a = event[name]
        text = np.array2string(a, threshold=8, edgeitems=3, max_line_width=100)
        text = text.replace("\n", "\n" + " " * 6)
        dtype = a.dtype.str if a.dtype.names is None else a.dtype
        print(f"    {name} {dtype} {a.shape}: {text}", file=out)
