"""evflow's own exceptions, all ``EvflowError`` subclasses (docs/steering.md, "Errors", also
lists the Python exceptions evflow raises; docs/transport.md the channel errors).

Every name ends in ``Error``. The channel errors' older names (``ChannelTimeout``,
``PeerGone``, ``SegmentFull``, ``MessageTooLarge``, ``CorruptMessage``) are aliases of the
same classes, kept for now. ``MissingFileError`` is also Python's ``FileNotFoundError``.
"""

from evflow._native import (
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

__all__ = [
    "ChannelError",
    "ChannelTimeout",
    "ChannelTimeoutError",
    "ConfigError",
    "CorruptMessage",
    "CorruptMessageError",
    "EvflowError",
    "ExpiredEventError",
    "FormatError",
    "MessageTooLarge",
    "MessageTooLargeError",
    "MissingFileError",
    "ModuleError",
    "PeerGone",
    "PeerGoneError",
    "ResumeError",
    "SegmentFull",
    "SegmentFullError",
]
