"""``evflow info`` and ``evflow dump``: look inside an ``.evf`` file."""

import json
import os
import sys

import numpy as np

from evflow import _native
from evflow.errors import ConfigError, FormatError

DAMAGED = 3  # exit code for a file that is cut short or has corrupt records (cli.EXIT)
CUT_KEYS = ("readable_events", "readable_end", "cut_bytes")
"""A file whose records are intact up to a cut (``_native.verify``'s ``cut``): the events
before it, where the last complete record ends, and the bytes after that."""
SKIP_HINT = "; `evflow dump --skip-corrupt` skips damaged records"
WRITER_KEYS = ("creator", "format_version", "created", "compression")
"""Metadata the file writer sets itself; the rest is the job's (``job``) and the user's."""


class DamagedFile(Exception):
    """A record cannot be read; the command stops (exit code ``DAMAGED``)."""


def _open(path: str, skip_corrupt: bool) -> _native.FileReader:
    """Opens an ``.evf`` file; a path that is not one is a ``ConfigError`` (a usage error)."""
    if not os.path.exists(path):
        raise ConfigError(f"{path}: no such file")
    if os.path.isdir(path):
        raise ConfigError(f"{path} is a directory, not an .evf file")
    if os.path.getsize(path) == 0:
        raise ConfigError(f"{path} is an empty file, not an .evf file")
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


def summary(path: str) -> dict:
    """What ``evflow info --json`` prints: the file's contents, metadata and integrity."""
    with _open(path, skip_corrupt=True) as f:
        resumes = f.resumes
    r = _native.verify(path)
    meta = r["metadata"]
    stopped, cut = r["stopped"], r["cut"]
    return {
        "path": r["path"],
        "size": r["file_len"],
        "creator": meta.get("creator"),
        "created": meta.get("created"),
        "compression": r["compression"],
        "compression_ratio": r["raw_bytes"] / r["stored_bytes"] if r["stored_bytes"] else 1.0,
        "events": r["events"],
        "runs": [{"run": run, "events": n} for run, n in r["runs"]],
        "entries": [
            {"name": name, "dtype": dtype, "events": events, "bytes": nbytes}
            for name, (dtype, events, nbytes) in r["entries"].items()
        ],
        "job": meta.get("job"),
        "metadata": {k: v for k, v in meta.items() if k not in (*WRITER_KEYS, "job")},
        "index": r["index"],
        "corrupt": [{"offset": offset, "reason": reason} for offset, reason in r["corrupt"]],
        "stopped": None if stopped is None else {"offset": stopped[0], "reason": stopped[1]},
        "integrity": r["integrity"],
        "cut": None if cut is None else dict(zip(CUT_KEYS, cut, strict=True)),
        "complete": r["complete"],
        "incomplete_reason": r["incomplete_reason"],
        "resumes": resumes,
    }


def _job_lines(job: dict) -> list[str]:
    """The job that wrote the file, as ``FileOutput`` records it (``process()``'s options)."""
    lines = []
    if job.get("steering"):
        lines.append(f"steering file {job['steering']}")
    if job.get("path"):
        lines.append("path " + " -> ".join(job["path"]))
    keys = ("seed", "max_events", "processes")
    options = [f"{key} {job[key]}" for key in keys if job.get(key) is not None]
    if options:
        lines.append(", ".join(options))
    if job.get("evflow"):
        lines.append(f"evflow {job['evflow']}")
    known = {"steering", "steering_sha256", "path", "seed", "max_events", "processes", "evflow"}
    lines += [f"{key} {json.dumps(value)}" for key, value in job.items() if key not in known]
    return lines


def _integrity(s: dict) -> str:
    """The ``integrity:`` line's text: ok, a killed writer's ``.part`` file cut short (with
    what is readable), or DAMAGED (with what is readable when the file is only cut short)."""
    cut = s["cut"]
    if cut is not None:
        after = (
            f"{cut['cut_bytes']} bytes after it are a cut record"
            if cut["cut_bytes"]
            else "nothing follows it (no index, no trailer)"
        )
        cut = (
            f"{cut['readable_events']} events readable, the last complete record ends at byte "
            f"{cut['readable_end']}, {after}"
            if cut["readable_events"]
            else f"no event readable, the file is cut at byte {cut['readable_end']}, {after}"
        )
    if s["integrity"] == "ok":
        return "ok"
    if s["integrity"] == "cut short":
        return f"cut short (the job writing it was killed): {cut}"
    if cut is not None:
        return f"DAMAGED (cut short after its writer closed and named it: {cut})"
    return "DAMAGED"


def info(path: str, as_json: bool = False, out=sys.stdout) -> int:
    """Prints what the file holds and whether it is intact and complete; returns the exit
    code: ``DAMAGED`` for a damaged file, 0 for an intact one (of an interrupted job too) and
    for a ``.part`` file whose records are intact up to a cut (what a killed job leaves)."""
    s = summary(path)
    damaged = s["integrity"] == "damaged"
    if as_json:
        print(json.dumps(s, indent=2), file=out)
        return DAMAGED if damaged else 0
    print(f"file:        {s['path']} ({_size(s['size'])})", file=out)
    print(f"written by:  {s['creator'] or '?'} at {s['created'] or '?'}", file=out)
    if isinstance(s["job"], dict):
        for i, line in enumerate(_job_lines(s["job"])):
            print(f"{'job:' if i == 0 else '':<13}{line}", file=out)
    for key, value in s["metadata"].items():
        print(f"metadata:    {key} = {json.dumps(value)}", file=out)
    print(f"compression: {s['compression']} (ratio {s['compression_ratio']:.2f})", file=out)
    print(f"events:      {s['events']}", file=out)
    runs = ", ".join(f"{r['run']} ({r['events']} events)" for r in s["runs"])
    print(f"runs:        {runs or '-'}", file=out)
    print("entries:", file=out)
    for e in s["entries"]:
        mean = e["bytes"] / e["events"] if e["events"] else 0
        print(
            f"  {e['name']:<20} {e['dtype']:<12} in {e['events']} events, "
            f"{_size(e['bytes'])} ({_size(mean)}/event)",
            file=out,
        )
    print(f"index:       {s['index']}", file=out)
    for c in s["corrupt"]:
        print(f"corrupt:     record at byte {c['offset']}: {c['reason']}", file=out)
    if s["stopped"] is not None:
        print(f"cut short:   at byte {s['stopped']['offset']}: {s['stopped']['reason']}", file=out)
    print(f"integrity:   {_integrity(s)}", file=out)
    complete = "yes" if s["complete"] else f"no ({s['incomplete_reason']})"
    print(f"complete:    {complete}", file=out)
    if s["resumes"]:
        times = "time" if len(s["resumes"]) == 1 else "times"
        when = ", ".join(str(r.get("at", "?")) for r in s["resumes"])
        print(f"resumed:     {len(s['resumes'])} {times} ({when})", file=out)
    return DAMAGED if damaged else 0


def _positions(spec: str, n: int) -> list[int]:
    """The positions ``--events`` names: ``5``, ``0:10``, ``3,7,9`` (negative ones count
    from the end); an empty selection is an error that says why."""
    try:
        if ":" in spec:
            start, _, stop = spec.partition(":")
            picked = list(range(*slice(int(start or 0), int(stop) if stop else n).indices(n)))
            if not picked:
                raise ConfigError(
                    f"--events {spec}: selects no events (START:STOP takes START up to, not "
                    f"including, STOP, and the file holds {n} events)"
                )
            return picked
        return [int(p) for p in spec.split(",")]
    except ValueError:
        raise ConfigError(f"--events {spec!r}: use N, START:STOP or N,M,... (positions)") from None


def _select(reader, events: str | None, run: int | None, number: int | None) -> list[int]:
    """Positions to print: ``--events`` positions, events of ``--run`` (and ``--event``),
    or both (the events both select); by default the first 10."""
    n = len(reader)
    if number is not None and run is None:
        raise ConfigError("--event N needs --run R: an event number is unique only within its run")
    picked = None if events is None else _positions(events, n)
    for i in picked or ():
        if not -n <= i < n:
            raise ConfigError(f"--events: position {i} is out of range; the file holds {n} events")
    if run is None:
        return list(range(min(n, 10))) if picked is None else picked
    if number is not None:
        at = reader.find(run, number)
        if at is None:
            raise ConfigError(f"the file holds no run {run} event {number}")
        in_run = [at]
    else:
        in_run = [i for i, (r, _) in enumerate(reader.ids()) if r == run]
        if not in_run:
            runs = sorted({r for r, _ in reader.ids()})
            raise ConfigError(f"the file holds no event of run {run}; its runs: {runs}")
    if picked is None:
        return in_run
    both = [i % n for i in picked if i % n in set(in_run)]
    if not both:
        raise ConfigError(f"--events {events} selects none of the events of run {run}")
    return both


def dump(
    path: str,
    events: str | None,
    skip_corrupt=False,
    entries: str | None = None,
    run: int | None = None,
    number: int | None = None,
    out=sys.stdout,
) -> int:
    """Prints the selected events (see ``_select``), or only their ``entries`` (names, comma
    separated); returns the exit code. A corrupt record raises ``DamagedFile``, or with
    ``skip_corrupt`` is skipped with a warning."""
    with _open(path, skip_corrupt) as reader:
        damaged = not reader.index_status.startswith("valid")
        if damaged:
            print(f"evflow: warning: {path}: index {reader.index_status}", file=sys.stderr)
        elif not reader.complete:
            print(
                f"evflow: warning: {path}: written by a job that did not finish "
                f"({reader.incomplete_reason})",
                file=sys.stderr,
            )
        for offset, reason in reader.skipped_records:  # found while rebuilding the index
            _warn_skipped(path, offset, reason)
            damaged = True
        # Printed as they are read; with --entries, once every name is known to be there.
        held = []
        for i in _select(reader, events, run, number):
            try:
                event = reader[i]
            except FormatError as e:
                if not skip_corrupt:
                    raise DamagedFile(f"{e}{SKIP_HINT}") from None
                _warn_skipped(path, None, f"position {i}: {e}")
                damaged = True
                continue
            if entries is None:
                _print_event(i, event, None, out)
            else:
                held.append((i, event))
        if entries is not None:
            names = _entry_names(entries, held)
            for i, event in held:
                _print_event(i, event, names, out)
    return DAMAGED if damaged else 0


def _entry_names(spec: str, selected: list) -> list[str]:
    """The entries ``--entries`` names; one that none of the selected events holds is an
    error listing the names they have."""
    names = [name.strip() for name in spec.split(",") if name.strip()]
    if not names:
        raise ConfigError(f"--entries {spec!r}: name at least one entry (NAME[,NAME...])")
    have = {name for _, event in selected for name in event.keys()}
    unknown = [name for name in names if name not in have]
    if unknown:
        listed = ", ".join(sorted(have)) or "no entries"
        raise ConfigError(
            f"--entries: no selected event holds {', '.join(unknown)}; they hold: {listed}"
        )
    return names


def _warn_skipped(path: str, offset: int | None, reason: str) -> None:
    at = f" at byte {offset}" if offset is not None else ""
    print(f"evflow: warning: {path}: skipped corrupt record{at}: {reason}", file=sys.stderr)


def _print_event(i: int, event, names, out) -> None:
    flags = f" flags={sorted(event.flags)}" if event.flags else ""
    print(f"[{i}] run {event.run} event {event.number} seq {event.seq}{flags}", file=out)
    for name in event.keys() if names is None else [n for n in names if n in event]:
        a = event[name]
        text = np.array2string(a, threshold=8, edgeitems=3, max_line_width=100)
        text = text.replace("\n", "\n" + " " * 6)
        dtype = a.dtype.str if a.dtype.names is None else a.dtype
        print(f"    {name} {dtype} {a.shape}: {text}", file=out)
