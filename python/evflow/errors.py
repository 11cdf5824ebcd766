"""evflow's own exceptions, all ``EvflowError`` subclasses (docs/steering.md, "Errors", also
lists the Python exceptions evflow raises; docs/transport.md the channel errors)."""

from evflow._native import (
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

__all__ = [
    "ChannelError",
    "ChannelTimeout",
    "ConfigError",
    "CorruptMessage",
    "EvflowError",
    "ExpiredEventError",
    "FormatError",
    "MessageTooLarge",
    "ModuleError",
    "PeerGone",
    "SegmentFull",
]
