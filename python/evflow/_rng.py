"""Per-event random numbers: the same for an event whichever process handles it."""

import numpy as np


def event_rng(seed: int, run: int, event: int, stream: int) -> np.random.Generator:
    """A numpy Generator seeded from (job seed, run, event number, stream); the stream comes
    from the module's unique name in the path, so modules draw independent numbers and
    adding a module does not change what the others draw."""
    entropy = [seed, run, event, stream]
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(entropy)))
