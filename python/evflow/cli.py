"""The ``evflow`` command line. Exit codes are listed in docs/cli.md and in EXIT below."""

import argparse
import logging
import os
import runpy
import sys
import traceback

import evflow
from evflow import steering
from evflow.errors import ConfigError, EvflowError, ModuleError
from evflow.processing import Terminated

EXIT = {
    "ok": 0,
    "job_failed": 1,  # a module raised, or the steering file raised
    "usage": 2,  # bad option, missing or invalid steering file, bad configuration
    "damaged": 3,  # info/dump: the file is cut short or has corrupt records
    "sigint": 130,
    "sigterm": 143,
}

log = logging.getLogger("evflow")


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise _UsageError(f"{message} (see '{self.prog} --help')")


class _UsageError(Exception):
    pass


def _non_negative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a non-negative integer")
    return value


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="evflow", description="Event processing for trigger and DAQ farms.")
    p.add_argument("--version", action="version", version=f"evflow {evflow.__version__}")
    sub = p.add_subparsers(dest="command", parser_class=_Parser, required=True)
    run = sub.add_parser("run", help="run a steering file")
    run.add_argument("steering", help="Python steering file that calls evflow.process()")
    run.add_argument("-n", "--max-events", type=_non_negative, help="stop after N events")
    run.add_argument("--seed", type=_non_negative, help="job seed for per-event random numbers")
    run.add_argument("--report", metavar="FILE", help="write the job report as JSON")
    run.add_argument(
        "-l", "--log-level", default="warning", choices=["debug", "info", "warning", "error"]
    )
    info = sub.add_parser("info", help="summarize an .evf file and check its integrity")
    info.add_argument("file")
    dump = sub.add_parser("dump", help="print events of an .evf file")
    dump.add_argument("file")
    dump.add_argument("--events", metavar="RANGE", help="e.g. 5, 0:10, 3,7,9 (positions)")
    return p


def _user_location(exc: BaseException) -> str:
    """'file:line in function' of the innermost frame of the exception."""
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return ""
    f = frames[-1]
    return f" (at {f.filename}:{f.lineno} in {f.name})"


def _run(args) -> int:
    from evflow import _native

    logging.basicConfig(format="evflow: %(levelname)s: %(message)s")
    log.setLevel(args.log_level.upper())
    _native.set_log_level(args.log_level)
    if not os.path.isfile(args.steering):
        raise _UsageError(f"steering file {args.steering!r} not found")
    for key, value in (("max_events", args.max_events), ("seed", args.seed)):
        if value is not None:
            steering.overrides[key] = value
    if args.report:
        steering.overrides["report"] = args.report
    sys.argv = [args.steering]
    sys.path.insert(0, os.path.dirname(os.path.abspath(args.steering)))
    try:
        runpy.run_path(args.steering, run_name="__main__")
    except SyntaxError as e:
        raise _UsageError(f"steering file {e.filename}:{e.lineno}: {e.msg}") from None
    except (ModuleError, ConfigError):
        raise
    except (EvflowError, KeyboardInterrupt, Terminated, SystemExit):
        raise
    except Exception as e:
        if args.log_level == "debug":
            traceback.print_exc()
        print(
            f"evflow: error: steering file raised {type(e).__name__}: {e}{_user_location(e)}",
            file=sys.stderr,
        )
        return EXIT["job_failed"]
    return EXIT["ok"]


def main(argv=None) -> int:
    """Entry point of the ``evflow`` command; returns the exit code."""
    try:
        args = _parser().parse_args(argv)
        if args.command == "run":
            return _run(args)
        from evflow import inspect

        if args.command == "info":
            return inspect.info(args.file)
        return inspect.dump(args.file, args.events)
    except _UsageError as e:
        print(f"evflow: error: {e}", file=sys.stderr)
        return EXIT["usage"]
    except ConfigError as e:
        print(f"evflow: error: {e}", file=sys.stderr)
        return EXIT["usage"]
    except ModuleError as e:
        cause = e.__cause__
        where = _user_location(cause) if cause is not None else ""
        print(f"evflow: error: {e}{where}", file=sys.stderr)
        if cause is not None and log.isEnabledFor(logging.DEBUG):
            traceback.print_exception(cause)
        return EXIT["job_failed"]
    except EvflowError as e:
        print(f"evflow: error: {e}", file=sys.stderr)
        return EXIT["job_failed"]
    except KeyboardInterrupt:
        print("evflow: interrupted (SIGINT); files were closed", file=sys.stderr)
        return EXIT["sigint"]
    except Terminated:
        print("evflow: terminated (SIGTERM); files were closed", file=sys.stderr)
        return EXIT["sigterm"]
    except BrokenPipeError:
        return EXIT["ok"]
