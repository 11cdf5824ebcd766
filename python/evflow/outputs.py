"""The files a path writes (``FileOutput``), by run."""

import os

from evflow import _native

RUN_PLACEHOLDER = "{run}"
"""In a ``FileOutput`` path: one file per run (``RUN_PLACEHOLDER`` in file_output.rs)."""


def run_files(steps, run: int) -> list[str]:
    """The files of run ``run`` that the ``FileOutput`` steps among ``steps`` write one per run
    (``{run}`` in their path), each with the ``.part`` name it has while it is written."""
    out = []
    for step in steps:
        if isinstance(step, _native.FileOutput) and RUN_PLACEHOLDER in os.fspath(step.path):
            for pattern in [step.path, *step.part_files()]:
                out.append(os.fspath(pattern).replace(RUN_PLACEHOLDER, str(run)))
    return out
