"""Job settings the command line imposes on the steering file's ``process()`` calls.

``evflow run STEERING.py -n 100`` sets ``max_events`` here; ``process()`` prefers these
values to its own arguments, so a steering file runs unchanged under different options.
"""

overrides: dict = {}
"""Keyword arguments of ``process()`` set on the command line (max_events, seed, report)."""

file: str | None = None
"""The steering file ``evflow run`` runs (``None`` otherwise); recorded in output files."""

jobs: int = 0
"""``process()`` calls so far in this process: ``evflow run`` warns about a steering file
that made none."""
