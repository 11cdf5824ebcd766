"""The files a path writes (``FileOutput``), by run, and where they are while written."""

import os

from evflow import _native

RUN_PLACEHOLDER = "{run}"
"""In a ``FileOutput`` path: one file per run (``RUN_PLACEHOLDER`` in file_output.rs)."""


def part_path(path) -> str:
    """The temporary name of ``path`` while it is written: ``DIR/.NAME.part``."""
    directory, name = os.path.split(os.fspath(path))
    return os.path.join(directory, f".{name}.part")


def run_files(steps, run: int) -> list[str]:
    """The files of run ``run`` that the ``FileOutput`` steps among ``steps`` write one per run
    (``{run}`` in their path), each with its ``.part`` name beside it."""
    out = []
    for step in steps:
        if isinstance(step, _native.FileOutput) and RUN_PLACEHOLDER in os.fspath(step.path):
            path = os.fspath(step.path).replace(RUN_PLACEHOLDER, str(run))
            out += [path, part_path(path)]
    return out
