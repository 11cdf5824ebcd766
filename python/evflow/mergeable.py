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

import io

import numpy as np

from evflow.errors import ConfigError
from evflow.path import step_name


def _names(step) -> tuple:
    names = getattr(step, "mergeable", ())
    if isinstance(names, str):
        names = (names,)
    return tuple(names)


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
            if here.shape != add.shape or here.dtype != add.dtype:
                raise ConfigError(
                    f"{where}: {add.dtype} {add.shape} in a worker, {here.dtype} {here.shape} "
                    "here; mergeable objects must have the same type and shape in every process"
                )
            start = _baselines.setdefault(key, here.copy())
            if isinstance(target, np.ndarray):
                target += add - start
                continue
            view = target.view(flow=True)
            for field in add.dtype.names or (None,):
                if field is None:
                    view[...] += add - start
                else:
                    view[field] += add[field] - start[field]
