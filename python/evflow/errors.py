"""The exceptions evflow raises. Every one is an ``EvflowError``."""

from evflow._native import (
    ConfigError,
    EvflowError,
    ExpiredEventError,
    FormatError,
    ModuleError,
)

__all__ = ["ConfigError", "EvflowError", "ExpiredEventError", "FormatError", "ModuleError"]
