"""evflow: event processing for trigger and data-acquisition farms.

import evflow as ef

path = ef.Path()
path.add(ef.modules.FileInput("raw.evf"))
path.add(MyModule())
path.add(ef.modules.FileOutput("out.evf"))
ef.process(path)
"""

import os as _os

# Parallelism in evflow comes from processes: one BLAS thread per process. The pools of
# threads numpy's BLAS would start (unless told otherwise before numpy is first imported)
# spin in every process, and a parent with threads is not safe to fork (docs/parallel.md).
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    _os.environ.setdefault(_var, "1")

from evflow import modules
from evflow._native import Event, Report, __version__
from evflow.channels import Channel, Message, Part
from evflow.errors import (
    ChannelError,
    ChannelTimeout,
    ConfigError,
    CorruptMessage,
    EvflowError,
    ExpiredEventError,
    FormatError,
    MessageTooLarge,
    ModuleError,
    PeerGone,
    SegmentFull,
)
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
    "Channel",
    "ChannelError",
    "ChannelTimeout",
    "ConfigError",
    "CorruptMessage",
    "Event",
    "EvflowError",
    "ExpiredEventError",
    "FormatError",
    "Message",
    "MessageTooLarge",
    "Module",
    "ModuleError",
    "Part",
    "Path",
    "PeerGone",
    "Report",
    "SegmentFull",
    "Source",
    "__version__",
    "modules",
    "open",
    "process",
    "read",
]
