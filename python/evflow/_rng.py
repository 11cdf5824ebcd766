"""Per-event random numbers: the same for an event whichever process handles it."""

import numpy as np


def event_rng(seed: int, run: int, event: int) -> np.random.Generator:
    """A numpy Generator seeded from (job seed, run, event number)."""
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence([seed, run, event])))
