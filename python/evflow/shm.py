"""``evflow shm ls`` and ``evflow shm clean``: this user's shared-memory sessions.

A session is one segment file, ``/dev/shm/evflow.<user>.<session>``, shared by the
processes of a job's ``shm://session/...`` channels (docs/shm.md).
"""

import json
import sys

from evflow import _native
from evflow.errors import ConfigError
from evflow.inspect import _size
from evflow.leftovers import sweep_control_sockets

COLUMNS = (
    "session",
    "size",
    "alive/dead",
    "used",
    "free",
    "largest free",
    "processes",
    "state",
)


def sessions() -> list[dict]:
    """This user's sessions, by name: one dict each, as ``evflow shm ls --json`` prints."""
    return _native.shm_sessions()


def clean_sessions() -> list[str]:
    """Removes this user's sessions whose processes are all dead; returns their files."""
    return _native.shm_clean()


def _row(s: dict) -> tuple[str, ...]:
    if s["state"] == "unreadable":
        return (s["session"], "-", "-", "-", "-", "-", "-", "unreadable")
    largest = s["largest_free_run"]
    return (
        s["session"],
        _size(s["size"]),
        f"{s['alive']}/{s['dead']}",
        _size(s["used"]),
        _size(s["free"]),
        "-" if largest is None else _size(largest),
        _processes(s),
        s["state"],
    )


def _processes(s: dict) -> str:
    """The attached pids, dead ones marked; the creator's pid if none is attached."""
    pids = [f"{pid}" if alive else f"{pid}(dead)" for pid, alive in s.get("processes", [])]
    if not pids and s.get("creator_pid"):
        return f"creator {s['creator_pid']}"
    return ",".join(pids) or "-"


def ls(as_json: bool = False, out=sys.stdout) -> int:
    """Prints the sessions as a table (or JSON); returns the exit code."""
    found = sessions()
    if as_json:
        print(json.dumps(found, indent=2), file=out)
        return 0
    if not found:
        print("no evflow shared-memory sessions", file=out)
        return 0
    rows = [COLUMNS, *(_row(s) for s in found)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(COLUMNS))]
    for row in rows:
        print(
            "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip(), file=out
        )
    for s in found:
        if s["unreadable"]:
            print(f"{s['session']}: {s['unreadable']}", file=out)
    return 0


def _remove_named(names: list[str], out) -> list[str]:
    """Removes the named sessions that are dead; says why the others stay."""
    found = {s["session"]: s for s in sessions()}
    unknown = [name for name in names if name not in found]
    if unknown:
        raise ConfigError(f"no session {', '.join(unknown)} (`evflow shm ls` lists them)")
    removed = []
    for name in dict.fromkeys(names):
        s = found[name]
        if s["state"] != "dead":
            why = (
                "a process of it runs" if s["state"] == "alive" else "it is not a readable segment"
            )
            print(f"kept {s['path']}: {why}", file=out)
            continue
        if _native.shm_remove(s["path"]):
            removed.append(s["path"])
    return removed


def clean(names=(), out=sys.stdout) -> int:
    """Removes the sessions whose processes are all dead (only those named, if any) and prints
    them, the temporary directories of jobs and devices whose processes are all dead, and the
    control sockets of controllers that died; returns the exit code.
    Sessions with a running process, and files that are not readable segments, stay."""
    before = {s["path"]: s for s in sessions()}
    removed = _remove_named(list(names), out) if names else clean_sessions()
    for path in removed:
        s = before.get(path)
        detail = f" ({_size(s['size'])}, {s['dead']} dead processes)" if s else ""
        print(f"removed {path}{detail}", file=out)
    for path in _native.sweep_tmpdirs(list(names) if names else None):
        print(f"removed {path} (a temporary directory whose processes are all dead)", file=out)
    if not names:
        for path in sweep_control_sockets():
            print(f"removed {path} (the control socket of a controller that died)", file=out)
    if not removed:
        print("no dead sessions", file=out)
    return 0


__all__ = ["clean", "clean_sessions", "ls", "sessions"]
