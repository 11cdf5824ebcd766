"""evflow's own exceptions, all ``EvflowError`` subclasses (docs/steering.md, "Errors", also
lists the Python exceptions evflow raises)."""

from evflow._native import (
    ConfigError,
    EvflowError,
    ExpiredEventError,
    FormatError,
    ModuleError,
)

__all__ = ["ConfigError", "EvflowError", "ExpiredEventError", "FormatError", "ModuleError"]
