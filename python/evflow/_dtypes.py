"""numpy dtypes to and from the wire's dtype strings (see docs/formats.md).

A simple dtype travels as ``dtype.str`` (``"<f8"``), a structured one as its ``descr`` in
JSON. Entries are little-endian and C-contiguous; ``prepare`` makes any value so.
"""

import json

import numpy as np


def to_wire(dtype: np.dtype) -> str:
    """The wire string of a (little-endian) dtype."""
    if dtype.names is None:
        return dtype.str
    return json.dumps(dtype.descr, separators=(",", ":"))


def _tuples(descr):
    fields = []
    for field in descr:
        name, sub, *shape = field
        sub = _tuples(sub) if isinstance(sub, list) else sub
        fields.append((name, sub, tuple(shape[0])) if shape else (name, sub))
    return fields


def from_wire(wire: str) -> np.dtype:
    """The numpy dtype of a wire string."""
    if wire.lstrip().startswith("["):
        return np.lib.format.descr_to_dtype(_tuples(json.loads(wire)))
    return np.dtype(wire)


def _has_descr(dtype: np.dtype) -> bool:
    try:
        dtype.descr  # noqa: B018 - numpy computes it on access, and may refuse
    except ValueError:
        return False
    return True


def prepare(name: str, value) -> tuple[str, np.ndarray]:
    """Makes ``value`` storable: a little-endian, C-contiguous array and its wire string."""
    array = np.asarray(value)
    dtype = array.dtype
    if dtype.hasobject:
        raise TypeError(
            f"entry {name!r}: arrays of Python objects cannot be stored; "
            "use a numeric, bytes/str (S/U) or structured dtype"
        )
    if any(isinstance(f, tuple) for f in (dtype.names or ())) or (
        dtype.fields and any(len(v) > 2 for v in dtype.fields.values())
    ):
        raise TypeError(f"entry {name!r}: structured dtypes with field titles are not supported")
    little = dtype.newbyteorder("<") if dtype.byteorder == ">" or dtype.names else dtype
    if dtype.names is not None and not _has_descr(little):
        # Fields at out-of-order offsets have no descr: store them packed in name order.
        little = np.dtype([(n, little.fields[n][0]) for n in little.names])
    if little != dtype:
        array = array.astype(little)
    if not array.flags.c_contiguous:
        array = array.copy(order="C")  # ascontiguousarray would make 0-d arrays 1-d
    return to_wire(array.dtype), array
