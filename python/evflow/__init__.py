"""evflow: event processing for trigger and data-acquisition farms.

import evflow as ef

path = ef.Path()
path.add(ef.modules.FileInput("raw.evf"))
path.add(MyModule())
path.add(ef.modules.FileOutput("out.evf"))
ef.process(path)
"""

from evflow import modules
from evflow._native import Event, Report, __version__
from evflow.errors import ConfigError, EvflowError, ExpiredEventError, FormatError, ModuleError
from evflow.files import open, read
from evflow.module import Module, Source
from evflow.path import Path
from evflow.processing import process


def __getattr__(name):
    if name == "statistics":
        from evflow import processing

        return processing.statistics
    raise AttributeError(f"module 'evflow' has no attribute {name!r}")


__all__ = [
    "ConfigError",
    "Event",
    "EvflowError",
    "ExpiredEventError",
    "FormatError",
    "Module",
    "ModuleError",
    "Path",
    "Report",
    "Source",
    "__version__",
    "modules",
    "open",
    "process",
    "read",
]
