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

from evflow import mergeable, modules
from evflow._native import Event, Report, __version__
from evflow.channels import Channel, Message, Part
from evflow.entries import empty
from evflow.errors import (
    ChannelError,
    ChannelTimeout,
    ChannelTimeoutError,
    ConfigError,
    CorruptMessage,
    CorruptMessageError,
    EvflowError,
    ExpiredEventError,
    FormatError,
    MessageTooLarge,
    MessageTooLargeError,
    MissingFileError,
    ModuleError,
    PeerGone,
    PeerGoneError,
    ResumeError,
    SegmentFull,
    SegmentFullError,
)
from evflow.files import open as open  # ef.open; not in __all__: `import *` keeps open()
from evflow.files import read
from evflow.module import Module, Source
from evflow.path import Path
from evflow.processing import process
from evflow.steering import DeviceInfo, device


def __getattr__(name):
    if name == "statistics":
        from evflow import processing

        return processing.statistics
    raise AttributeError(f"module 'evflow' has no attribute {name!r}")


# The channel errors' older names (ChannelTimeout, ...) stay in, as aliases, for now.
__all__ = [
    "Channel",
    "ChannelError",
    "ChannelTimeout",
    "ChannelTimeoutError",
    "ConfigError",
    "CorruptMessage",
    "CorruptMessageError",
    "DeviceInfo",
    "Event",
    "EvflowError",
    "ExpiredEventError",
    "FormatError",
    "Message",
    "MessageTooLarge",
    "MessageTooLargeError",
    "MissingFileError",
    "Module",
    "ModuleError",
    "Part",
    "Path",
    "PeerGone",
    "PeerGoneError",
    "Report",
    "ResumeError",
    "SegmentFull",
    "SegmentFullError",
    "Source",
    "__version__",
    "device",
    "empty",
    "mergeable",
    "modules",
    "process",
    "read",
]
