"""Built-in modules, written in Rust: sources, file output, progress bar."""

# Imported under private names: dir(evflow.modules) lists the modules, nothing else.
import math as _math
import os as _os

import numpy as _np

from evflow import _native
from evflow._native import EventGenerator, FileInput, Progress
from evflow.errors import ConfigError as _ConfigError

_JSON_KINDS = "str, int, float, bool, None, and lists and dicts of them"


# A function, not a class: the native class cannot be subclassed, and the metadata is
# checked here, where Python can name the offending value.
def FileOutput(path, compression="none", level=None, metadata=None):
    """Writes every event that reaches it (failed ones included) to an ``.evf`` file.

    path: the file (written as ``.NAME.part`` and renamed on close); compression: "none",
    "zstd" or "lz4", done by a pool of threads in the writing process, one per CPU (the
    environment variable EVFLOW_COMPRESS_THREADS sets another number); level: the zstd level
    (default 3); metadata: a JSON-able dict stored in the file header (numpy scalars are
    stored as their Python values).
    """
    if isinstance(path, bytes):
        path = _os.fsdecode(path)
    if metadata is not None:
        if not isinstance(metadata, dict):
            raise _ConfigError(
                f"FileOutput: option metadata = {metadata!r} is not allowed: "
                f"a dict of {_JSON_KINDS}"
            )
        metadata = _json_value(metadata, "metadata")
    return _native.FileOutput(path, compression=compression, level=level, metadata=metadata)


def Plugin(library, name, *, parallel_safe=None, **params):
    """A module compiled against evflow's plugin header (C, C++ or Rust; docs/plugins.md):
    module type ``name`` of the shared library ``library``, made with the keyword
    parameters ``params`` (ints, floats, bools, strings, lists of them, numpy arrays).
    ``parallel_safe`` overrides what the plugin says. The library, its ABI version and the
    parameters are checked now: a ConfigError says what is wrong."""
    if parallel_safe is not None and not isinstance(parallel_safe, bool):
        raise _ConfigError(f"Plugin {name}: parallel_safe must be True, False or None")
    library = _os.fspath(library)
    if _os.path.exists(library):
        library = _os.path.abspath(library)  # else dlopen searches the system's paths
    tagged = [(key, _plugin_value(value, name, key)) for key, value in params.items()]
    return _native.Plugin(library, name, parallel_safe, tagged)


def _plugin_value(value, name: str, where: str):
    """A plugin parameter as the native class takes it: a tagged tuple."""
    if isinstance(value, bool | _np.bool_):
        return ("bool", bool(value))
    if isinstance(value, int | _np.integer):
        if not -(2**63) <= int(value) < 2**63:
            raise _ConfigError(
                f"Plugin {name}: parameter {where} = {value} does not fit in 64 bits"
            )
        return ("int", int(value))
    if isinstance(value, float | _np.floating):
        return ("float", float(value))
    if isinstance(value, str):
        return ("str", value)
    if isinstance(value, _np.ndarray) and value.dtype.kind in "biufc":
        array = _np.ascontiguousarray(value)
        return ("array", array.dtype.str, [int(n) for n in array.shape], array.tobytes())
    if isinstance(value, list | tuple):
        return ("list", [_plugin_value(v, name, f"{where}[{i}]") for i, v in enumerate(value)])
    raise _ConfigError(
        f"Plugin {name}: parameter {where} = {value!r} is a {type(value).__name__}: give an "
        "int, float, bool, str, a list of them, or a numeric numpy array"
    )


def _json_value(value, where: str):
    """``value`` as plain JSON values (numpy scalars unwrapped), or a ConfigError naming it."""
    if isinstance(value, _np.generic):
        value = value.item()
    if value is None or isinstance(value, str | bool | int):
        return value
    if isinstance(value, float) and _math.isfinite(value):
        return value
    if isinstance(value, list | tuple):
        return [_json_value(v, f"{where}[{i}]") for i, v in enumerate(value)]
    if isinstance(value, dict):
        plain = {}
        for key, v in value.items():
            if not isinstance(key, str):
                raise _ConfigError(
                    f"FileOutput: option {where} has the key {key!r}: keys must be strings"
                )
            plain[key] = _json_value(v, f"{where}[{key!r}]")
        return plain
    raise _ConfigError(
        f"FileOutput: option {where} = {value!r} is not allowed: metadata holds only JSON "
        f"values ({_JSON_KINDS}; no NaN or infinity)"
    )


_ROOT_MODULES = ("HistogramOutput", "RootInput", "RootOutput")
__all__ = ["EventGenerator", "FileInput", "FileOutput", "Plugin", "Progress", *_ROOT_MODULES]


def __getattr__(name):
    # The ROOT modules import uproot and awkward (about a second): only when first used.
    if name in _ROOT_MODULES:
        from evflow import root

        return getattr(root, name)
    raise AttributeError(f"module 'evflow.modules' has no attribute {name!r}")


def __dir__():
    return __all__
