"""Where an error was raised, said the same way in every process of a job: the innermost
line of the user's own code, and the whole traceback for ``-l debug``."""

import functools
import os
import sysconfig
import traceback


@functools.cache
def _library_roots() -> tuple[str, ...]:
    """Directories whose code is not the user's: evflow itself and the standard library."""
    paths = sysconfig.get_paths()
    here = os.path.dirname(os.path.abspath(__file__))
    roots = [here, paths["stdlib"], paths["platstdlib"]]
    return tuple(os.path.normcase(os.path.realpath(root)) for root in roots)


def _is_library(filename: str) -> bool:
    if filename.startswith("<frozen "):
        return True
    path = os.path.normcase(os.path.realpath(filename))
    if {"site-packages", "dist-packages"} & set(path.split(os.sep)):
        return True
    return any(path == root or path.startswith(root + os.sep) for root in _library_roots())


def user_location(exc: BaseException) -> str | None:
    """'file:line in function': the innermost frame of the exception in the user's own code
    (not evflow, installed packages or the standard library), else the innermost; None
    without a traceback."""
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return None
    f = next((f for f in reversed(frames) if not _is_library(f.filename)), frames[-1])
    return f"{f.filename}:{f.lineno} in {f.name}"


def syntax_error(exc: SyntaxError, file: str) -> str:
    """``FILE:LINE: what: the line``: a SyntaxError said at its place in the user's file (the
    one it names, else ``file``, the one compiled)."""
    where = exc.filename or file
    if exc.lineno:
        where = f"{where}:{exc.lineno}"
    text = (exc.text or "").strip()
    return f"{where}: {exc.msg}" + (f": {text}" if text else "")


def origin(exc: BaseException) -> tuple[str | None, str]:
    """``(user_location(exc), the formatted traceback)``: what a worker process hands to the
    monitor about an exception that stopped the job."""
    return user_location(exc), "".join(traceback.format_exception(exc))
