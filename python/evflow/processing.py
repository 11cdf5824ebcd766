"""``process()``: runs a path and reports what it did."""

import contextlib
import hashlib
import json
import logging
import os
import signal
import sys

import numpy as np

from evflow import _native, mergeable, steering
from evflow import metrics as live_metrics
from evflow.errors import ConfigError, EvflowError, ModuleError, ResumeError
from evflow.module import resume_refused
from evflow.path import Path, step_name

log = logging.getLogger("evflow")

statistics = None
"""The report of the last job this process ran (``None`` before the first)."""

CLEANUP_PREFIX = "during clean-up: "
"""How an error from ``end_run``/``terminate`` after the job had already stopped is shown."""


class Terminated(BaseException):
    """SIGTERM arrived: the job stopped reading and closed its files."""


TERMINATED = "terminated by SIGTERM"
"""What a job that SIGTERM stopped ends in (``Terminated``)."""


def raise_terminated(signum, frame):
    """The SIGTERM handler of a job: stop as on SIGINT, ending in ``Terminated``."""
    raise Terminated(TERMINATED)


_DEFAULTS = _native.parallel_defaults()


def process(
    path: Path,
    *,
    max_events: int | None = None,
    seed: int = 0,
    on_error: str = "stop",
    report=None,
    summary: bool = True,
    processes: int = 0,
    ordered: bool = False,
    worker_queue: int = _DEFAULTS["worker_queue"],
    event_timeout: float | None = None,
    max_retries: int = _DEFAULTS["max_retries"],
    max_restarts_per_minute: int = _DEFAULTS["max_restarts_per_minute"],
    quarantine=None,
    transport: str = _DEFAULTS["transport"],
    segment_size: int | None = None,
    metrics: str | None = None,
    web: str | None = None,
    resume: bool = False,
):
    """Runs ``path`` over its source's events and returns the job's ``Report``.

    The job:
      max_events   stop after this many events
      seed         per-event random numbers come from (seed, run, event)
      on_error     "stop": a module that raises ends the job; "skip": the event is flagged
                   ``failed``, written, and the job goes on
      report       a file to write the JSON report to (its directory is made if missing)
      summary      print the statistics table at the end
      metrics      "HOST:PORT": serve live metrics at http://HOST:PORT/metrics (Prometheus
                   text format) while the job runs; port 0 picks a free one, and
                   ``evflow.metrics.address`` says which (docs/operations.md)
      web          "HOST:PORT" (or a port, on loopback): serve the shift crew's page there
                   while the job runs; its URL, with the token its commands need, is
                   printed on stderr (docs/web.md)
      resume       go on from the outputs a killed run of this job left: only the events
                   they do not hold are processed (docs/steering.md, "Resuming a job")

    In parallel (docs/parallel.md): the path splits into an input part (the source and the
    modules before the first parallel-safe one), a worker part (the parallel-safe modules
    that follow) and an output part (the rest).
      processes    worker processes (0: everything in this process)
      ordered      write events in input order
      worker_queue events a worker holds at most
      event_timeout  seconds a worker may spend on one event before it is killed
      max_retries  times an event that killed a worker is sent again; then it is written
                   flagged ``failed`` (or to the ``quarantine`` file)
      max_restarts_per_minute  more worker restarts end the job
      transport    "shm" (shared memory) or "ipc" (ZeroMQ)
      segment_size bytes of the job's shared-memory segment (default 128 MiB; a full segment
                   makes senders wait, an event larger than it is an error)

    Every option is checked on every call, also those a one-process job does not use.
    Options given on the ``evflow run`` command line take precedence.
    """
    global statistics
    if steering.importing_device is not None:
        raise ConfigError(
            f"the steering file of device {steering.importing_device} calls process() when it is "
            "imported: a device runs its `path` itself; keep the call behind "
            'if __name__ == "__main__":, so the file still runs alone'
        )
    steering.jobs += 1
    if not isinstance(path, Path):
        raise ConfigError(
            f"process() runs an evflow.Path, not {type(path).__name__}: "
            "make one with path = evflow.Path() and path.add(...)"
        )
    opts = {
        "max_events": max_events,
        "seed": seed,
        "report": report,
        "processes": processes,
        "summary": summary,
        "metrics": metrics,
        "web": web,
        "resume": resume,
    }
    opts.update(steering.overrides)
    _check_options(path, opts)
    if opts["report"] is not None:
        _make_report_directory(opts["report"])
    job = job_record(path, opts)
    for left in _native.sweep_tmpdirs():
        log.info("removed %s, left by a job that was killed", left)
    parallel = {
        "processes": opts["processes"],
        "ordered": ordered,
        "worker_queue": worker_queue,
        "event_timeout": event_timeout,
        "max_retries": max_retries,
        "max_restarts_per_minute": max_restarts_per_minute,
        "quarantine": quarantine,
        "transport": transport,
        "segment_size": segment_size,
    }
    steps = [path.source, *path.modules]
    with contextlib.ExitStack() as served:
        watchers = []
        if opts["metrics"] is not None:
            server = live_metrics.Metrics(opts["metrics"], processes=opts["processes"], steps=steps)
            live_metrics.address = server.address
            served.callback(setattr, live_metrics, "address", None)
            served.callback(server.close)
            watchers.append(server.update)
        if opts["web"] is not None:
            watchers.append(_serve_web(opts["web"], steps, served))

        def watch(live):
            return any([w(live) for w in watchers])  # every one sees it

        outcome = execute(
            steps,
            opts,
            on_error=on_error,
            job=job,
            parallel=parallel,
            watch=watch if watchers else None,
            resume=opts["resume"],
        )
    statistics = outcome.report
    after_job(path.modules, outcome)
    if summary:
        print(outcome.report.table(), file=sys.stderr)
    return finish(outcome, opts["report"])


def _serve_web(where: str, steps: list, served: contextlib.ExitStack):
    """Serves the page of this job (closed with ``served``); the watch that feeds it."""
    from evflow import web

    name = os.path.splitext(os.path.basename(steering.file or sys.argv[0] or "job"))[0]
    status = web.JobStatus(name or "job")
    page = web.serve(
        where,
        name=status.name,
        status=status,
        live=lambda: status.live,
        histograms=lambda: mergeable.live_sums(steps, (status.live or {}).get("dir")),
    )
    served.callback(page.close)
    return status.update


def job_record(path: Path, opts: dict) -> dict:
    """What a job's file outputs record of it under ``job``, and what a resumed job must
    match (docs/steering.md, "Resuming a job")."""
    file = steering.file or (sys.argv[0] if sys.argv else None)
    return {
        "steering": file,
        "steering_sha256": _sha256(file),
        "args": list(sys.argv[1:]),
        "path": [step_name(step) for step in path],
        "seed": opts["seed"],
        "max_events": opts["max_events"],
        "processes": opts["processes"],
        "evflow": _native.__version__,
        "inputs": source_identity(path.source),
    }


def _sha256(file: str | None) -> str | None:
    """The SHA-256 of a steering file's text, ``None`` when it cannot be read."""
    try:
        with open(file, "rb") as f:
            return hashlib.sha256(f.read()).hexdigest()
    except (OSError, TypeError):
        return None


def source_identity(source):
    """What ``source`` reads, as outputs record it: a built-in source says it itself; a Python
    source through its ``identity()``, if it has one (JSON-able)."""
    native = _native.source_identity(source)
    if native is not None:
        return json.loads(native)
    identity = getattr(source, "identity", None)
    if identity is None:
        return None
    value = identity()
    try:
        return json.loads(json.dumps(value))
    except (TypeError, ValueError) as e:
        raise ConfigError(
            f"{step_name(source)}.identity() must return JSON-able values (lists, dicts, "
            f"strings, numbers), not {value!r}: {e}"
        ) from None


def after_job(modules, outcome: "Result") -> None:
    """Lets the modules that write what the job summed (``after_job``: HistogramOutput) do so,
    in this process, now that the mergeable objects hold the sums of every process; they are
    told whether the job completed (``None``) or why not."""
    report = outcome.report
    ending = None
    if report.interrupted:
        ending = "interrupted"
    elif outcome.error is not None:
        ending = f"stopped by an error: {outcome.error.get('message')}"
    for module in filter(writes_after_job, modules):
        try:
            module.write(report.mergeables, ending)
        except Exception as e:
            log.error("%s could not write after the job: %s", step_name(module), e)


def writes_after_job(module) -> bool:
    """Whether ``module`` writes what the whole job summed once it ends (``after_job``:
    HistogramOutput), with ``write(mergeables, ending)``."""
    return bool(getattr(module, "after_job", False))


def execute(
    steps: list, opts: dict, *, on_error: str, job: dict, parallel: dict, watch=None, resume=False
):
    """Runs ``steps`` (a source, then modules) with checked options; ``finish`` takes what it
    returns. ``watch`` sees the job's progress about every 250 ms (``evflow up``, metrics);
    a true return asks the job to stop."""
    for step in steps[1:]:
        if callable(getattr(step, "recover", None)):
            # What it records of the job, for a resumed job to check, and the path.
            step.job, step.steps = job, steps
    previous = signal.signal(signal.SIGTERM, raise_terminated)
    try:
        outcome = _native.run_path(
            steps[0],
            steps[1:],
            max_events=opts["max_events"],
            seed=opts["seed"],
            on_error=on_error,
            job=job,
            parallel=parallel,
            watch=watch,
            resume=resume,
        )
    finally:
        signal.signal(signal.SIGTERM, previous)
    return Result(*outcome)


class Result:
    """What the engine returned: the report, and the error or interrupt that stopped the job."""

    def __init__(self, report, error, interrupt, cleanup):
        self.report, self.error, self.interrupt, self.cleanup = report, error, interrupt, cleanup


def finish(outcome: "Result", report_file):
    """Warns about what the job left undone, writes its report, and returns it, or raises what
    stopped it (a module's error, the engine's, or the signal)."""
    result, error, interrupt, cleanup = (
        outcome.report,
        outcome.error,
        outcome.interrupt,
        outcome.cleanup,
    )
    if result.not_completed:
        warn_not_completed(result.not_completed)
    if result.restarts and any(v is not None for v in result.mergeables.values()):
        log.warning(
            "the mergeable objects miss what the %d workers that died had filled",
            result.restarts,
        )
    report_error = None
    if report_file is not None:
        try:
            _write_report(result, report_file)
        except EvflowError as e:
            report_error = e
    if interrupt is not None and error is not None:
        cleanup = [error["message"], *cleanup]  # it failed while closing the interrupted job
    for message in cleanup:
        # The CLI prints these after the job's own error; see cli.py.
        log.error("%s%s", CLEANUP_PREFIX, message, extra={"evflow_cleanup": True})
    if interrupt is None and error is None:
        if report_error is not None:
            raise report_error
        return result
    stopped = interrupt if interrupt is not None else module_error(error)
    if report_error is not None:
        log.error("%s", report_error)  # not raised: the job's own error comes first
    stopped.cleanup_errors = list(cleanup)
    raise stopped


NOT_COMPLETED_SHOWN = 20
"""How many seqs of events not completed the warning lists (the report has all)."""


def warn_not_completed(seqs) -> None:
    """Warns that the events of ``seqs`` were read and not completed (listing the first)."""
    shown = ", ".join(str(s) for s in seqs[:NOT_COMPLETED_SHOWN])
    more = f" and {len(seqs) - NOT_COMPLETED_SHOWN} more" if len(seqs) > NOT_COMPLETED_SHOWN else ""
    log.warning(
        "%d events read were not completed (not written, nor counted as rejected): seq %s%s; "
        "the report's not_completed lists them all",
        len(seqs),
        shown,
        more,
    )


def _check_options(path: Path, opts: dict) -> None:
    """Refuses what the job cannot run, before anything starts (the parallel options are
    checked by the engine, also for a job of one process)."""
    for key in ("max_events", "seed", "processes"):
        value = opts[key]
        if value is not None and (not isinstance(value, int) or not 0 <= value < 2**64):
            raise ConfigError(f"{key} must be a non-negative integer, not {value!r}")
    if not isinstance(opts["summary"], bool | np.bool_):
        raise ConfigError(f"summary must be True or False, not {opts['summary']!r}")
    cpus = len(os.sched_getaffinity(0))
    if opts["processes"] > cpus:
        log.warning(
            "processes=%d is more than the %d CPUs this machine gives the job: the workers take "
            "turns on them, and the job runs no faster (usually slower) than with processes=%d",
            opts["processes"],
            cpus,
            cpus,
        )
    if opts["web"] is not None:
        from evflow import web

        web.check_address(opts["web"])
    report = opts["report"]
    if report is not None:
        if not isinstance(report, str | os.PathLike) or not os.fspath(report):
            raise ConfigError(f"report must be a file name, not {report!r}")
        if os.path.isdir(report):
            raise ConfigError(f"report = {os.fspath(report)!r} is a directory; name a file")
    if not isinstance(opts["resume"], bool | np.bool_):
        raise ConfigError(f"resume must be True or False, not {opts['resume']!r}")
    if opts["resume"]:
        for module in path.modules:
            if resume_refused(module):
                raise ResumeError(
                    f"cannot resume: {step_name(module)} keeps what a resumed job cannot rebuild "
                    "(resumable = False), so its output would miss the events processed before; "
                    "run the job without --resume"
                )
    outputs = set()
    for module in path.modules:
        if isinstance(module, _native.FileOutput):
            target = os.path.realpath(module.path)
            if target in outputs:
                raise ConfigError(f"two FileOutput modules write to the same file {target!r}")
            outputs.add(target)


def _make_report_directory(report) -> None:
    """Makes the report's directory now, so a bad one stops the job before it starts."""
    directory = os.path.dirname(os.path.abspath(report))
    try:
        os.makedirs(directory, exist_ok=True)
    except OSError as e:
        raise ConfigError(
            f"report = {os.fspath(report)!r}: cannot make its directory {directory}: "
            f"{e.strerror or e}"
        ) from None


def _write_report(result, report) -> None:
    try:
        with open(report, "w") as f:
            f.write(result.to_json() + "\n")
    except OSError as e:
        raise EvflowError(
            f"cannot write the job report to {os.fspath(report)}: {e.strerror or e}"
        ) from e


def module_error(error: dict) -> EvflowError:
    """What an error the engine recorded raises: a module's as a ``ModuleError`` that says
    where it raised (the CLI prints ``(at FILE:LINE in HOOK)``), the engine's own (a process
    of a parallel job died, a crash loop; ``module`` empty) as an ``EvflowError``. A device's
    (``farm.py``) has no hook, run, event or cause."""
    if not error["module"]:
        return EvflowError(error["message"])
    exc = ModuleError(error["message"])
    for key in ("module", "hook", "run", "event", "location", "traceback"):
        setattr(exc, key, error.get(key))
    exc.__cause__ = error.get("cause")
    return exc
