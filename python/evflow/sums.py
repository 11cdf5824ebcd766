"""The mergeable objects of a topology's device processes, as each sends them to its
controller while it runs and as the controller sums them (docs/web.md, "The histograms").

A device encodes, per object of its role's steps, what it filled since ``initialize``
(``"<step index>/<attribute>"``), what ``initialize`` put there when not zero (``@start``)
and, for a histogram, its axes and storage in the UHI schema, structure only (``@uhi``, JSON
bytes): one ``.npz``, never pickled. Anything on the network can reach the controller's
report port, so the controller checks every message against its own plan before it keeps it.
"""

import copy
import io
import json
import threading

import numpy as np
from boost_histogram import serialization

from evflow import mergeable
from evflow.path import step_name

START = "@start"
UHI = "@uhi"
STORAGES = {
    "int": np.dtype(np.int64),
    "double": np.dtype(np.float64),
    "weighted": np.dtype([("value", np.float64), ("variance", np.float64)]),
}
"""The contents of each histogram storage that adds up, as UHI names it (Int64 and
AtomicInt64 are "int", Double and Unlimited "double")."""


def sender(steps, start: int, end: int):
    """In a device, right after its role's modules are initialized: the ``Sender`` of
    steps[start:end]'s mergeable objects, or None when they have none."""
    if not any(mergeable.declares(steps[i]) for i in range(start, end)):
        return None
    return Sender(steps, start, end)


class Sender:
    """Encodes a role's objects for its controller (``message``), each less what it held
    when the sender was made."""

    def __init__(self, steps, start: int, end: int):
        self.objects = []
        """(key, where, object, what it held at first) of each object."""
        for index in range(start, end):
            step = steps[index]
            for name in mergeable._names(step):
                where = mergeable._key(steps, index, name)
                value = getattr(step, name)
                first = np.array(mergeable._contents(value, where), copy=True)
                self.objects.append((f"{index}/{name}", where, value, first))

    def message(self) -> bytes:
        arrays = {}
        for key, where, value, first in self.objects:
            contents = mergeable._contents(value, where)
            filled = np.array(contents, copy=True)
            for here, there in zip(mergeable.fields(filled), mergeable.fields(first), strict=True):
                here -= there
            arrays[key] = filled
            if any(np.any(f) for f in mergeable.fields(first)):
                arrays[key + START] = first
            if not isinstance(value, np.ndarray):
                structure = serialization.to_uhi(value, keep_storage=False)
                text = json.dumps(structure, default=_plain).encode()
                arrays[key + UHI] = np.frombuffer(text, dtype=np.uint8)
        buf = io.BytesIO()
        np.savez(buf, **arrays)
        return buf.getvalue()


def _plain(value):
    """What JSON cannot write in a histogram's structure (numpy numbers and arrays)."""
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, np.generic):
        return value.item()
    raise TypeError(f"{type(value).__name__} in a histogram's metadata")


class Refused(Exception):
    """A message of sums that is not what a device of this topology sends: why."""


class Sums:
    """In the controller: the last objects each device process sent, per process, segment
    and generation, and their sums."""

    def __init__(self):
        self.lock = threading.Lock()
        self.kept = {}
        """(process, segment, generation) to {"Module.attribute": (filled, start, the
        histogram's structure as an empty one, or None for an array)}."""

    def take(self, process: str, segment: int, generation: int, steps, data: bytes) -> None:
        """Keeps one device's message, of the objects of ``steps`` (the path its indices
        count in); ``Refused`` when it does not decode as one."""
        try:
            with np.load(io.BytesIO(data), allow_pickle=False) as npz:
                arrays = {key: npz[key] for key in npz.files}
        except Exception as e:  # any bytes from the network: zip, npy and CRC errors alike
            raise Refused(f"not numpy arrays ({e})") from None
        objects = {}
        for key, filled in arrays.items():
            if key.endswith((START, UHI)):
                continue
            where = _declared(steps, key)
            if filled.dtype.names is None and filled.dtype.kind not in "iuf":
                raise Refused(f"{where}: {filled.dtype} contents")
            start = arrays.get(key + START)
            if start is not None and (start.shape != filled.shape or start.dtype != filled.dtype):
                raise Refused(f"{where}: its start is not shaped as its contents")
            empty = None
            if key + UHI in arrays:
                empty = _structure(where, arrays[key + UHI], filled)
            objects[where] = (filled, start, empty)
        with self.lock:
            self.kept[(process, segment, generation)] = objects

    def objects(self) -> tuple[dict, list]:
        """The sums over every process, by ``"Module.attribute"`` (arrays and boost
        histograms), and what was left out (an object shaped unlike the first process's)."""
        sums, left_out = {}, []
        with self.lock:
            kept = sorted(self.kept.items())
        for (process, _, generation), objects in kept:
            for where, (filled, start, empty) in objects.items():
                if where not in sums:
                    sums[where] = [filled.copy(), start, empty]
                    continue
                total = sums[where]
                if total[0].shape != filled.shape or total[0].dtype != filled.dtype:
                    left_out.append(f"{where} of {process} (generation {generation})")
                    continue
                _add(total[0], filled)
                if total[1] is None:
                    total[1] = start
        return {where: _built(*total) for where, total in sums.items()}, left_out


def _declared(steps, key: str) -> str:
    """The ``"Module.attribute"`` of ``key`` (``"index/attribute"``), which the step at that
    index must declare."""
    index, _, name = key.partition("/")
    if not index.isdigit() or int(index) >= len(steps):
        raise Refused(f"{key!r} names no step of the segment")
    step = steps[int(index)]
    if name not in mergeable._names(step):
        raise Refused(f"{step_name(step)} declares no mergeable {name!r}")
    return mergeable._key(steps, int(index), name)


def _structure(where: str, text: np.ndarray, filled: np.ndarray):
    """An empty histogram of the structure (UHI) ``text`` gives, whose bins were counted
    from it to be ``filled``'s before it was made (a message cannot make one of any size)."""
    try:
        structure = json.loads(text.tobytes())
        shape = tuple(_extent(axis) for axis in structure["axes"])
        kind = structure["storage"]["type"]
    except (ValueError, KeyError, TypeError, AttributeError) as e:
        raise Refused(f"{where}: not a histogram's structure ({e})") from None
    if kind not in STORAGES or filled.dtype != STORAGES[kind]:
        raise Refused(f"{where}: a {kind} storage cannot hold {filled.dtype}")
    if shape != filled.shape:
        raise Refused(f"{where}: axes of {shape} bins hold contents of {filled.shape}")
    try:
        empty = serialization.from_uhi(structure)
    except (ValueError, KeyError, TypeError, AttributeError, RuntimeError) as e:
        raise Refused(f"{where}: not a histogram's structure ({e})") from None
    if np.asarray(empty.view(flow=True)).shape != filled.shape:
        raise Refused(f"{where}: its axes do not hold contents of {filled.shape}")
    return empty


def _extent(axis: dict) -> int:
    """An axis's bins, flow bins included, from its UHI description (a transformed regular
    axis is made from the bins its writer noted: they must be the same)."""
    kind = axis["type"]
    if kind in ("regular", "variable"):
        bins = axis["bins"] if kind == "regular" else len(axis["edges"]) - 1
        flow = int(bool(axis["underflow"])) + int(bool(axis["overflow"]))
        noted = axis.get("writer_info", {}).get("boost-histogram", {}).get("bins", bins)
        if not isinstance(bins, int) or bins < 1 or noted != bins:
            raise ValueError(f"{bins!r} bins")
        return bins + flow
    if kind in ("category_int", "category_str"):
        return len(axis["categories"]) + int(bool(axis["flow"]))
    if kind == "boolean":
        return 2
    raise ValueError(f"an axis of type {kind!r}")


def _add(total: np.ndarray, filled: np.ndarray) -> None:
    for here, there in zip(mergeable.fields(total), mergeable.fields(filled), strict=True):
        here += there


def _built(filled: np.ndarray, start, empty):
    """The object the sums make: an array, or a histogram (``empty``'s structure)."""
    if start is not None:
        _add(filled, start)
    if empty is None:
        return filled
    histogram = copy.deepcopy(empty)
    view = histogram.view(flow=True)
    for here, there in zip(mergeable.fields(view), mergeable.fields(filled), strict=True):
        here[...] = there
    return histogram
