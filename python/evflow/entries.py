"""Room for a new entry that is written in place (docs/steering.md, "Writing an entry in
place"): ``evflow.empty``."""

import math

import numpy as np

from evflow import _native


def empty(shape, dtype="|u1") -> np.ndarray:
    """A writable array of ``shape`` and ``dtype`` for a new entry, not initialized (as
    ``numpy.empty``): in shared memory in a process that sends events over it. An event made
    with it takes its bytes without a copy and makes it read-only."""
    dtype = np.dtype(dtype)
    if dtype.hasobject:
        raise TypeError("evflow.empty: an entry cannot hold Python objects; use a numeric dtype")
    shape = (shape,) if isinstance(shape, int) else tuple(int(d) for d in shape)
    if any(d < 0 for d in shape):
        raise ValueError(f"evflow.empty: negative dimensions in shape {shape}")
    if math.prod(shape) * dtype.itemsize == 0:
        return np.empty(shape, dtype)
    return _native.fresh(list(shape), dtype)
