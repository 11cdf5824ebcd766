"""``process()``: runs a path and reports what it did."""

import os
import signal
import sys

from evflow import _native, steering
from evflow.errors import ConfigError, ModuleError
from evflow.modules import FileOutput
from evflow.path import Path

statistics = None
"""The report of the last job this process ran (``None`` before the first)."""


class Terminated(BaseException):
    """SIGTERM arrived: the job stopped reading and closed its files."""


def _raise_terminated(signum, frame):
    raise Terminated("terminated by SIGTERM")


def process(path: Path, max_events=None, seed=0, on_error="stop", report=None, summary=True):
    """Runs ``path`` over its source's events and returns the job's ``Report``.

    max_events: stop after this many events; seed: per-event random numbers come from
    (seed, run, event); on_error: "stop" ends the job when a module raises, "skip" flags
    the event ``failed``, writes it and goes on; report: a file to write the JSON report to;
    summary: print the statistics table at the end.
    Options given on the ``evflow run`` command line take precedence.
    """
    global statistics
    opts = {"max_events": max_events, "seed": seed, "report": report}
    opts.update(steering.overrides)
    _check_options(path, opts)
    previous = signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        result, error, interrupt = _native.run_path(
            path.source,
            path.modules,
            max_events=opts["max_events"],
            seed=opts["seed"],
            on_error=on_error,
        )
    finally:
        signal.signal(signal.SIGTERM, previous)
    statistics = result
    if opts["report"]:
        with open(opts["report"], "w") as f:
            f.write(result.to_json() + "\n")
    if summary:
        print(result.table(), file=sys.stderr)
    if interrupt is not None:
        raise interrupt
    if error is not None:
        raise _module_error(error)
    return result


def _check_options(path: Path, opts: dict) -> None:
    """Refuses what the job cannot run, before anything starts."""
    for key in ("max_events", "seed"):
        value = opts[key]
        if value is not None and (not isinstance(value, int) or not 0 <= value < 2**64):
            raise ConfigError(f"{key} must be a non-negative integer, not {value!r}")
    outputs = set()
    for module in path.modules:
        if isinstance(module, FileOutput):
            target = os.path.realpath(module.path)
            if target in outputs:
                raise ConfigError(f"two FileOutput modules write to the same file {target!r}")
            outputs.add(target)


def _module_error(error: dict) -> ModuleError:
    exc = ModuleError(error["message"])
    for key in ("module", "hook", "run", "event", "cleanup_errors"):
        setattr(exc, key, error[key])
    exc.__cause__ = error["cause"]
    return exc
