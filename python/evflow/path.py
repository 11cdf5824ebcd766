"""``Path``: a source followed by modules."""

import logging

from evflow import modules
from evflow.errors import ConfigError
from evflow.module import Module, Source

log = logging.getLogger("evflow")

MODULE_HOOKS = ("initialize", "begin_run", "event", "end_run", "terminate", "checkpoint")
SOURCE_HOOKS = ("initialize", "events", "terminate")


def _spelling(name: str) -> str:
    """A hook name as a typo of it might read: case, underscores and British -ise ignored."""
    return name.lower().replace("_", "").replace("initialise", "initialize")


def _misspelled_hooks(step) -> list[tuple[str, str]]:
    """(defined, hook) for each method of the step's own classes that looks like a hook but
    is not one (``Event``, ``beginRun``, ``initialise``): evflow would never call it."""
    base, hooks = (Source, SOURCE_HOOKS) if isinstance(step, Source) else (Module, MODULE_HOOKS)
    wanted = {_spelling(h): h for h in hooks}
    found = []
    for cls in type(step).__mro__:
        if cls in (base, object):
            break
        for name, value in vars(cls).items():
            hook = wanted.get(_spelling(name))
            if callable(value) and hook is not None and name != hook:
                found.append((name, hook))
    return found


def is_source(step) -> bool:
    """Whether a step is a source (Python ``Source`` or a built-in source)."""
    return bool(getattr(step, "is_source", False))


def part_files(step) -> list:
    """The files a step writes under a temporary name (its ``part_files()``; none for a source
    or a step without the method)."""
    method = None if is_source(step) else getattr(step, "part_files", None)
    return list(method()) if method is not None else []


def _is_module(step) -> bool:
    return isinstance(step, Module) or getattr(step, "is_native_module", False)


def _is_class(step) -> bool:
    """A class given where an instance belongs (``FileOutput`` is a function that makes one)."""
    return isinstance(step, type) or step is modules.FileOutput


def step_name(step) -> str:
    """The name a step shows in statistics and errors."""
    return getattr(step, "name", None) or type(step).__name__


class Path:
    """A source followed by modules, run in order on every event."""

    def __init__(self):
        self._steps = []

    def add(self, step):
        """Appends a source (first) or a module; returns it, for chaining configuration."""
        if _is_class(step):
            name = step.__name__
            raise ConfigError(
                f"cannot add {name} itself to a path: add an instance, e.g. {name}(...)"
            )
        if is_source(step):
            if self._steps:
                raise ConfigError(
                    f"{step_name(step)} is a source and must be the first step of the path; "
                    f"the path already starts with {step_name(self._steps[0])}"
                )
        elif not _is_module(step):
            raise ConfigError(
                f"cannot add {step!r} to a path: it is neither an evflow.Module, an "
                "evflow.Source nor a module from evflow.modules"
            )
        if isinstance(step, Module | Source):
            for defined, hook in _misspelled_hooks(step):
                log.warning(
                    "%s defines %s(), which evflow never calls: did you mean %s()?",
                    step_name(step),
                    defined,
                    hook,
                )
        self._steps.append(step)
        return step

    @property
    def source(self):
        """The first step, which must be a source."""
        if not self._steps or not is_source(self._steps[0]):
            first = step_name(self._steps[0]) if self._steps else "nothing"
            raise ConfigError(
                f"a path must start with a source (evflow.modules.EventGenerator, "
                f"evflow.modules.FileInput or an evflow.Source subclass); it starts with {first}"
            )
        return self._steps[0]

    @property
    def modules(self):
        """The steps after the source."""
        return list(self._steps[1:])

    def __iter__(self):
        return iter(self._steps)

    def __len__(self):
        return len(self._steps)

    def __repr__(self):
        return "Path(" + " -> ".join(step_name(s) for s in self._steps) + ")"


__all__ = ["Path", "Source"]
