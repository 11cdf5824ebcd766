"""Mergeable objects: numpy arrays and histograms that every process of a job fills, summed
at the end as if one process had filled them.

A module declares them by attribute name::

    class Energy(evflow.Module):
        parallel_safe = True
        mergeable = ("spectrum", "counts")

        def initialize(self):
            self.spectrum = hist.Hist(hist.axis.Regular(100, 0, 10))
            self.counts = np.zeros(4, dtype=np.int64)

After ``evflow.process(path, processes=N)`` the module's own objects (in the steering
file's process) hold the sums, and ``report.mergeables["Energy.spectrum"]`` is the same
object. Arrays are summed element by element; histograms (boost-histogram or hist) by their
bin contents, flow bins included, for storages whose contents add up (Double, Int64, Weight,
Unlimited, AtomicInt64; not Mean, which is refused). The objects cross processes as numpy
arrays (``.npz``, never pickled). Objects must exist after ``initialize``, with the same
shape in every process; what ``initialize`` put in them counts once. What a worker that was
killed had filled is lost with it (the report's ``restarts`` says how many were).
"""

import copy
import glob
import io
import os
import time

import numpy as np

from evflow.errors import ConfigError
from evflow.path import step_name


def _names(step) -> tuple:
    names = getattr(step, "mergeable", ())
    if isinstance(names, str):
        names = (names,)
    return tuple(names)


def declares(step) -> bool:
    """Whether ``step`` declares mergeable objects."""
    return bool(_names(step))


ADDITIVE_FIELDS = (None, ("value", "variance"))
"""Histogram views whose contents add up: plain counts, and Weight storage's (value,
variance). Mean and WeightedMean storages do not (a mean of means needs the counts)."""


def _contents(value, where: str) -> np.ndarray:
    if isinstance(value, np.ndarray):
        return value
    view = getattr(value, "view", None)
    if callable(view):
        try:
            contents = np.asarray(view(flow=True))
        except TypeError:
            contents = None
        if contents is not None:
            if contents.dtype.names not in ADDITIVE_FIELDS:
                raise ConfigError(
                    f"{where} is declared mergeable but its storage ({contents.dtype.names}) "
                    "does not add up: use Double, Int64, Weight or Unlimited storage"
                )
            return contents
    raise ConfigError(
        f"{where} is declared mergeable but is a {type(value).__name__}: "
        "use a numpy array or a boost-histogram/hist histogram"
    )


def _key(steps, index: int, name: str) -> str:
    return f"{step_name(steps[index])}.{name}"


_baselines: dict = {}
"""While a parallel job merges: each object's contents before the first merge. Every child
started from those contents (whatever initialize put there), so each adds only what it
filled on top of them."""


def gather(steps) -> dict:
    """Every declared mergeable object of the path's steps, by ``"module.attribute"``; also
    ends the merging of a job (forgets the contents the children started from)."""
    _baselines.clear()
    out = {}
    for index, step in enumerate(steps):
        for name in _names(step):
            out[_key(steps, index, name)] = getattr(step, name, None)
    return out


def contents(steps) -> dict:
    """A copy of the contents of every declared mergeable object of the path (flow bins
    included), by ``"module.attribute"``: what a resumed job restores (``restore``)."""
    out = {}
    for index, step in enumerate(steps):
        for name in _names(step):
            value = getattr(step, name, None)
            if value is not None:
                where = _key(steps, index, name)
                out[where] = np.array(_contents(value, where), copy=True)
    return out


def restore(steps, saved: dict) -> None:
    """Sets the mergeable objects of ``steps`` to the contents ``saved`` (from ``contents``):
    a resumed job goes on from the sums of the events it passes over."""
    for index, step in enumerate(steps):
        for name in _names(step):
            where = _key(steps, index, name)
            if where not in saved:
                continue
            here, add = _contents(getattr(step, name, None), where), saved[where]
            if here.shape != add.shape or here.dtype != add.dtype:
                raise ConfigError(
                    f"cannot resume: {where} is {here.dtype} {here.shape} now and was "
                    f"{add.dtype} {add.shape} when the job was killed: run the job without "
                    "--resume"
                )
            here[...] = add  # the array, or the histogram's bins: a view of them


def collect(steps, start: int, end: int) -> bytes | None:
    """In a child process: the contents of steps[start:end]'s mergeable objects, as .npz
    bytes keyed ``"<step index>/<attribute>"``; None when there are none."""
    arrays = {}
    for index in range(start, end):
        step = steps[index]
        for name in _names(step):
            where = _key(steps, index, name)
            arrays[f"{index}/{name}"] = _contents(getattr(step, name), where)
    if not arrays:
        return None
    buf = io.BytesIO()
    np.savez(buf, **arrays)
    return buf.getvalue()


def merge(steps, data: bytes) -> None:
    """In the monitor: adds one child's contents (from ``collect``) to the objects here."""
    with np.load(io.BytesIO(data), allow_pickle=False) as npz:
        for key in npz.files:
            index, name = key.split("/", 1)
            step = steps[int(index)]
            where = _key(steps, int(index), name)
            target = getattr(step, name)
            here = _contents(target, where)
            add = npz[key]
            _same_kind(where, here, add, "a worker")
            _add_contents(target, add, _baselines.setdefault(key, here.copy()))


def _same_kind(where: str, here: np.ndarray, add: np.ndarray, there: str) -> None:
    """Refuses contents ``add`` (from ``there``) of another type or shape than ``here``."""
    if here.shape != add.shape or here.dtype != add.dtype:
        raise ConfigError(
            f"{where}: {add.dtype} {add.shape} in {there}, {here.dtype} {here.shape} here; "
            "mergeable objects must have the same type and shape in every process"
        )


def fields(contents: np.ndarray) -> list:
    """The plain arrays that make up ``contents``: itself, or each field of a structured one
    (Weight storage's value and variance), as views that arithmetic can change in place."""
    if contents.dtype.names is None:
        return [contents]
    return [contents[name] for name in contents.dtype.names]


def _add_contents(target, add: np.ndarray, start: np.ndarray) -> None:
    """Adds to ``target`` (an array, structured or not, or a histogram) what a process
    filled: the contents it has, ``add``, less those it started from, ``start``."""
    view = target if isinstance(target, np.ndarray) else target.view(flow=True)
    for here, there, first in zip(fields(view), fields(add), fields(start), strict=True):
        here += there - first


# --- cuts: the sums of a parallel job's processes at a moment (docs/root.md, "Cuts in a
# parallel job") -----------------------------------------------------------------------------

_cut_files = None
"""In the output of a parallel job while its modules checkpoint at a cut: the files the
other processes wrote their objects to for it (``at_cut``)."""


def write_cut(steps, start: int, end: int, file) -> None:
    """In an input or a worker at a cut: writes steps[start:end]'s objects to ``file`` (as
    ``collect`` gives them; nothing when they have none), under a temporary name, then
    renamed."""
    data = collect(steps, start, end)
    if data is not None:
        _write_whole(os.fspath(file), data)


def _write_whole(path: str, data: bytes) -> None:
    """Writes ``data`` to ``path`` under a temporary name, then renames it: a reader never
    sees half a file."""
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def at_cut(files) -> None:
    """In the output at a cut, before its modules checkpoint: the other processes' files
    (an empty list once the checkpoint is over)."""
    global _cut_files
    _cut_files = [os.fspath(f) for f in files] or None


def at_checkpoint(steps) -> dict:
    """What a checkpoint snapshots (``contents``): in a job of one process, the objects'
    contents; in the output of a parallel job at a cut, the sums over its processes: the
    objects here, plus what each other process wrote for the cut less what it started from
    (its objects as they are here, which this process does not fill)."""
    out = contents(steps)
    for path in _cut_files or ():
        with np.load(path, allow_pickle=False) as npz:
            for key in npz.files:
                index, name = key.split("/", 1)
                where = _key(steps, int(index), name)
                start, add = _contents(getattr(steps[int(index)], name), where), npz[key]
                _same_kind(where, start, add, os.path.basename(path))
                _add_contents(out[where], add, start)
    return out


# --- live: the sums while a parallel job runs (docs/operations.md, "Live histograms") -------

LIVE_EVERY_S = 2.0
"""How often a process of a parallel job publishes its mergeable objects while it runs."""

_live = None
"""In a child process: where and what it publishes (set by ``start_live``)."""


def start_live(steps, start: int, end: int, directory, process: str) -> None:
    """In a child just forked: it will publish steps[start:end]'s objects to ``directory``."""
    global _live
    path = os.path.join(os.fspath(directory), f"live-{process}.npz")
    _live = {"steps": steps, "start": start, "end": end, "path": path, "last": time.monotonic()}


def tick() -> None:
    """Called by modules with mergeable objects as they run: publishes this process's objects
    every ``LIVE_EVERY_S`` (written under a temporary name, then renamed, so a reader never
    sees half a file)."""
    if _live is None or time.monotonic() - _live["last"] < LIVE_EVERY_S:
        return
    _live["last"] = time.monotonic()
    data = collect(_live["steps"], _live["start"], _live["end"])
    if data is not None:
        _write_whole(_live["path"], data)


def live_sums(steps, directory=None) -> dict:
    """In the steering process while a job runs: copies of every mergeable object, with what
    each process of a parallel job last published (in ``directory``) added; in a job of one
    process, copies of the objects themselves. The objects themselves are left alone."""
    out = {}
    for index, step in enumerate(steps):
        for name in _names(step):
            value = getattr(step, name, None)
            out[_key(steps, index, name)] = None if value is None else copy.deepcopy(value)
    if directory is None:
        return out
    for path in sorted(glob.glob(os.path.join(os.fspath(directory), "live-*.npz"))):
        try:
            with open(path, "rb") as f:
                data = f.read()
            _add(steps, out, data)
        except (OSError, ValueError, KeyError, ConfigError):
            continue  # a process that just ended or published something else: next time
    return out


def _add(steps, out: dict, data: bytes) -> None:
    with np.load(io.BytesIO(data), allow_pickle=False) as npz:
        for key in npz.files:
            index, name = key.split("/", 1)
            step = steps[int(index)]
            where = _key(steps, int(index), name)
            target = out.get(where)
            start = _contents(getattr(step, name), where)  # what every process started from
            add = npz[key]
            if target is not None and start.shape == add.shape and start.dtype == add.dtype:
                _add_contents(target, add, start)
