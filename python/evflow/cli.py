"""The ``evflow`` command line. Exit codes are listed in docs/cli.md and in EXIT below."""

import argparse
import io
import logging
import os
import runpy
import signal
import sys
import traceback

import evflow
from evflow import _native, diagnostics, steering
from evflow.errors import ConfigError, EvflowError, ModuleError
from evflow.launchers import LAUNCHERS
from evflow.processing import CLEANUP_PREFIX, Terminated, raise_terminated
from evflow.topology import TopologyError

EXIT = {
    "ok": 0,
    "job_failed": 1,  # a module raised, or the steering file raised
    "usage": 2,  # bad option, missing or invalid steering or .evf file, bad configuration
    "damaged": 3,  # info/dump: the file is cut short or has corrupt records
    "sigint": 130,
    "sigterm": 143,
}

PLUGIN_INCLUDE = os.path.join(os.path.dirname(os.path.abspath(evflow.__file__)), "include")
"""Where evflow/plugin.h is, in the package (docs/plugins.md): ``evflow config --include``."""

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


def _segment_port(text: str) -> tuple:
    segment, _, port = text.partition(":")
    try:
        return _non_negative(segment), _non_negative(port)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(f"{text!r} is not SEGMENT:PORT") from None


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="evflow", description="Event processing for trigger and DAQ farms.")
    p.add_argument("--version", action="version", version=f"evflow {evflow.__version__}")
    sub = p.add_subparsers(dest="command", parser_class=_Parser, required=True)
    run = sub.add_parser(
        "run",
        help="run a steering file",
        usage="%(prog)s [options] STEERING.py [-- ARG ...]",
        epilog="Arguments after -- go to the steering file as sys.argv[1:], "
        "e.g. evflow run reco.py -n 100 -- raw.evf reco.evf",
    )
    run.add_argument("steering", help="Python steering file that calls evflow.process()")
    run.add_argument("-n", "--max-events", type=_non_negative, help="stop after N events")
    run.add_argument("--seed", type=_non_negative, help="job seed for per-event random numbers")
    run.add_argument(
        "-p",
        "--processes",
        type=_non_negative,
        help="worker processes (0: run in one process); overrides the steering file",
    )
    run.add_argument("--report", metavar="FILE", help="write the job report as JSON")
    run.add_argument(
        "--resume",
        action="store_true",
        help="go on from the outputs a killed run of this job left (only the events they do "
        "not hold are processed)",
    )
    run.add_argument(
        "--metrics",
        metavar="HOST:PORT",
        help="serve live metrics (Prometheus) at http://HOST:PORT/metrics while the job runs",
    )
    run.add_argument(
        "--web",
        metavar="HOST:PORT",
        help="serve the shift crew's page at http://HOST:PORT/ while the job runs (PORT alone: "
        "on loopback); the operator's URL, with its token, is printed on stderr (docs/web.md)",
    )
    run.add_argument(
        "-l", "--log-level", default="warning", choices=["debug", "info", "warning", "error"]
    )
    up = sub.add_parser("up", help="run a topology file (devices joined by channels)")
    up.add_argument("topology", help="topology file (TOML, see docs/topology.md)")
    up.add_argument("--report", metavar="FILE", help="write the per-device report as JSON")
    up.add_argument(
        "--hold", action="store_true", help="configure and wait for `evflow ctl FILE start`"
    )
    up.add_argument(
        "--web",
        metavar="HOST:PORT",
        help="serve the shift crew's page at http://HOST:PORT/ (PORT alone: on loopback); "
        "the operator's URL, with its token, is printed on stderr (docs/web.md)",
    )
    up.add_argument(
        "--resume",
        action="store_true",
        help="go on from the files its sinks left when it was killed (one host, one segment)",
    )
    up.add_argument(
        "--launcher",
        default=LAUNCHERS[0],
        choices=LAUNCHERS,
        help="how devices reach their hosts: this machine (netns), ssh to each host's `ssh` "
        "target, or srun in a Slurm allocation (default local)",
    )
    up.add_argument(
        "--ssh-config",
        metavar="FILE",
        help="ssh configuration for --launcher ssh (ssh -F FILE; default: the user's own)",
    )
    up.add_argument(
        "--ssh-env",
        metavar="NAME",
        action="append",
        default=[],
        help="also send variable NAME to the devices (--launcher ssh; repeatable)",
    )
    up.add_argument(
        "-l", "--log-level", default="warning", choices=["debug", "info", "warning", "error"]
    )
    device = sub.add_parser(
        "device", help="one process of a topology (started by evflow up's launcher)"
    )
    device.add_argument("topology", help="the topology file")
    device.add_argument("--device", required=True, help="the device's name")
    device.add_argument("--host", required=True, help="the host it runs on")
    device.add_argument("--replica", type=_non_negative, required=True, help="from 1")
    device.add_argument("--generation", type=_non_negative, default=0, help="restarts so far")
    device.add_argument("--bind", help="this host's address for tcp channels")
    device.add_argument("--reports", help="the controller's report channel")
    device.add_argument("--views", help="the controller's view channel")
    device.add_argument("--plan", required=True, help="the plan the controller compiled (JSON)")
    device.add_argument(
        "--recover",
        action="store_true",
        help="a sink: print what its outputs find of a killed run (evflow up --resume), and exit",
    )
    device.add_argument(
        "--resume-plan", metavar="JSON", help="where a resumed topology's source and sink go on"
    )
    device.add_argument(
        "--held", action="store_true", help="read only during the runs evflow ctl starts"
    )
    device.add_argument(
        "--port",
        type=_segment_port,
        action="append",
        default=[],
        metavar="SEGMENT:PORT",
        help="bind on this port in this segment (a restarted sink or bridge: its first's)",
    )
    device.add_argument(
        "-l", "--log-level", default="warning", choices=["debug", "info", "warning", "error"]
    )
    ctl = sub.add_parser(
        "ctl", help="talk to a running topology: status, stop, start, scale, add-host, drain-host"
    )
    ctl.add_argument("topology", help="the topology file `evflow up` runs")
    ctl_action = ctl.add_subparsers(dest="action", parser_class=_Parser, required=True)
    status = ctl_action.add_parser("status", help="list the devices' processes")
    status.add_argument("--json", action="store_true", help="print JSON")
    ctl_action.add_parser(
        "stop", help="drain and stop the topology (held: stop the run; with no run: exit)"
    )
    start = ctl_action.add_parser("start", help="start run N (a topology held by --hold)")
    start.add_argument("--run", type=_non_negative, required=True, help="run number")
    start.add_argument(
        "--overwrite",
        action="store_true",
        help="start a run number this topology took already, or whose files exist, "
        "replacing its files",
    )
    scale = ctl_action.add_parser(
        "scale", help="set a processor's replicas during the run (on H, or on each of its hosts)"
    )
    scale.add_argument("device", help="the processor device")
    scale.add_argument("replicas", type=_non_negative, help="its replicas on each host changed")
    scale.add_argument("--host", help="change only its replicas on this host")
    add_host = ctl_action.add_parser(
        "add-host", help="start the processors of a standby (or lost) host during the run"
    )
    add_host.add_argument("name", help="the host, as [hosts] names it")
    drain_host = ctl_action.add_parser(
        "drain-host", help="retire every processor on a host: it finishes its events, exits"
    )
    drain_host.add_argument("name", help="the host, as [hosts] names it")
    top = sub.add_parser("top", help="a live view of a running job's metrics (q quits)")
    top.add_argument(
        "endpoint", help="the job's --metrics HOST:PORT, its /metrics URL, or a topology file"
    )
    top.add_argument(
        "--interval", type=float, default=1.0, help="seconds between two scrapes (default 1)"
    )
    top.add_argument("--once", action="store_true", help="print one view and exit")
    report = sub.add_parser("report", help="show a job report (--report), and plot it")
    report.add_argument("file", help="the JSON report of evflow run --report")
    report.add_argument("--plot", metavar="OUT.png", help="draw rate over time and time per module")
    hists = sub.add_parser("histograms", help="save a running job's summed histograms to ROOT")
    hists.add_argument("endpoint", help="the job's --metrics HOST:PORT, or its /metrics URL")
    hists.add_argument("target", help="the .root file to write")
    convert = sub.add_parser("convert", help="convert .evf to .root (uproot) or back")
    convert.add_argument("source", help="an .evf or .root file")
    convert.add_argument("target", help="the file to write: .root or .evf")
    convert.add_argument("--tree", default="Events", help="the tree's name (default Events)")
    convert.add_argument("--rntuple", action="store_true", help="write an RNTuple, not a TTree")
    info = sub.add_parser("info", help="summarize an .evf file and check its integrity")
    info.add_argument("file")
    info.add_argument("--json", action="store_true", help="print JSON instead of text")
    dump = sub.add_parser("dump", help="print events of an .evf file")
    dump.add_argument("file")
    dump.add_argument("--events", metavar="RANGE", help="e.g. 5, 0:10, 3,7,9 (positions)")
    dump.add_argument(
        "--skip-corrupt", action="store_true", help="skip corrupt records with a warning"
    )
    dump.add_argument("--entries", metavar="NAME[,NAME...]", help="print only these entries")
    dump.add_argument("--run", type=_non_negative, help="only events of this run")
    dump.add_argument(
        "--event", type=_non_negative, help="with --run: only the event with this number"
    )
    config = sub.add_parser("config", help="how to build a compiled plugin (docs/plugins.md)")
    asked = config.add_mutually_exclusive_group(required=True)
    asked.add_argument(
        "--include", action="store_true", help="print the directory of evflow/plugin.h"
    )
    asked.add_argument(
        "--libs", action="store_true", help="print what a plugin links with (nothing)"
    )
    keys = sub.add_parser("keys", help="CURVE key pairs for authenticated tcp links")
    keys_action = keys.add_subparsers(dest="action", parser_class=_Parser, required=True)
    new = keys_action.add_parser(
        "new", help="write NAME.key and NAME.key_secret (ZeroMQ certificates, docs/security.md)"
    )
    new.add_argument("name", metavar="NAME")
    new.add_argument("--dir", default=".", help="where to write them (default: here)")
    hosts = sub.add_parser(
        "hosts", help="make or remove a topology's namespace hosts on this machine (as root)"
    )
    hosts_action = hosts.add_subparsers(dest="action", parser_class=_Parser, required=True)
    hosts_up = hosts_action.add_parser(
        "up", help="make the network namespaces, veths and bridge of its hosts with netns"
    )
    hosts_up.add_argument("topology", help="topology file (TOML, see docs/topology.md)")
    hosts_down = hosts_action.add_parser("down", help="remove what `evflow hosts up FILE` made")
    hosts_down.add_argument("topology", help="the topology file `evflow hosts up` read")
    shm = sub.add_parser("shm", help="list or clean this user's shared-memory sessions")
    action = shm.add_subparsers(dest="action", parser_class=_Parser, required=True)
    ls = action.add_parser("ls", help="list sessions: size, processes, memory use, state")
    ls.add_argument("--json", action="store_true", help="print JSON instead of a table")
    clean = action.add_parser("clean", help="remove sessions whose processes are all dead")
    clean.add_argument("sessions", nargs="*", metavar="SESSION", help="only these sessions")
    _add_bench(sub)
    return p


def _add_bench(sub) -> None:
    """``evflow bench``: the benchmarks of a source checkout (bench/evflow_bench, installed
    by ``make develop``); without them, a command that says where they are."""
    try:
        import evflow_bench
    except ImportError:
        bench = sub.add_parser("bench", help="benchmarks (from a source checkout of evflow)")
        bench.add_argument("rest", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
        return
    evflow_bench.add_parser(sub)


def _at(location: str | None) -> str:
    """' (at file:line in function)', or nothing when the place is unknown."""
    return f" (at {location})" if location else ""


def _one_line(message: str) -> str:
    return " | ".join(line.strip() for line in message.splitlines() if line.strip())


def _error(message: str) -> None:
    """Prints one 'evflow: error:' line; at -l debug also a message that had several."""
    line = _one_line(message)
    print(f"evflow: error: {line}", file=sys.stderr)
    if line != message and log.isEnabledFor(logging.DEBUG):
        print(f"evflow: debug: the whole message:\n{message}", file=sys.stderr)


def _cleanup_errors(exc: BaseException) -> None:
    """Prints what went wrong while the job closed after ``exc`` stopped it."""
    for message in getattr(exc, "cleanup_errors", ()):
        _error(CLEANUP_PREFIX + message)


class _LogFormatter(logging.Formatter):
    """'evflow: warning: ...', as evflow's Rust side prints its messages."""

    def format(self, record):
        device = steering.device()
        label = f"[{device.name}] " if device else ""
        return f"{label}evflow: {record.levelname.lower()}: {super().format(record)}"


def _not_cleanup(record: logging.LogRecord) -> bool:
    # process() logs clean-up errors and attaches them to the exception it raises; main()
    # prints them after that exception's own line, so the log would repeat them.
    return not getattr(record, "evflow_cleanup", False)


def _check_steering(path: str) -> None:
    """Compiles the steering file, so that one that is not Python is a usage error."""
    if not os.path.isfile(path):
        raise _UsageError(f"steering file {path!r} not found")
    try:
        with open(path, "rb") as f:
            compile(f.read(), path, "exec")
    except OSError as e:
        raise _UsageError(f"steering file {path}: cannot read it: {e.strerror or e}") from None
    except SyntaxError as e:
        raise _UsageError(f"steering file {diagnostics.syntax_error(e, path)}") from None
    except ValueError as e:  # Some Pythons raise ValueError for NUL bytes.
        raise _UsageError(f"steering file {path}: {e}") from None


def _answer_signals() -> None:
    """Lets SIGINT and SIGTERM stop a job however it was started: a background job of a
    script (``evflow up FILE &``) inherits SIGINT ignored, and Python then installs no
    KeyboardInterrupt handler; a parent may also leave the signals blocked."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, raise_terminated)


def _set_up_logging(level: str) -> None:
    from evflow import _native

    handler = logging.StreamHandler()
    handler.setFormatter(_LogFormatter())
    logging.basicConfig(handlers=[handler])
    log.setLevel(level.upper())
    log.addFilter(_not_cleanup)
    _native.set_log_level(level)


def _run(args) -> int:
    _set_up_logging(args.log_level)
    _check_steering(args.steering)
    options = (("max_events", args.max_events), ("seed", args.seed), ("processes", args.processes))
    for key, value in options:
        if value is not None:
            steering.overrides[key] = value
    if args.report:
        steering.overrides["report"] = args.report
    if args.metrics:
        steering.overrides["metrics"] = args.metrics
    if args.web:
        steering.overrides["web"] = args.web
    if args.resume:
        steering.overrides["resume"] = True
    steering.file = args.steering
    sys.argv = [args.steering, *args.steering_args]
    sys.path.insert(0, os.path.dirname(os.path.abspath(args.steering)))
    try:
        runpy.run_path(args.steering, run_name="__main__")
    except (EvflowError, KeyboardInterrupt, Terminated, SystemExit):
        raise
    except Exception as e:
        if args.log_level == "debug":
            traceback.print_exc()
        _error(f"steering file raised {type(e).__name__}: {e}{_at(diagnostics.user_location(e))}")
        return EXIT["job_failed"]
    if not steering.jobs:
        log.warning(
            "%s never called evflow.process(): no events were processed "
            "(build a path and end the file with evflow.process(path))",
            args.steering,
        )
    return EXIT["ok"]


def _parse(argv: list[str]) -> argparse.Namespace:
    """The command line; for ``run``, what follows ``--`` is the steering file's own."""
    ours, steering_args = argv, []
    if argv[:1] == ["run"] and "--" in argv:
        cut = argv.index("--")
        ours, steering_args = argv[:cut], argv[cut + 1 :]
    try:
        args = _parser().parse_args(ours)
    except _UsageError as e:
        if ours[:1] == ["run"] and str(e).startswith("unrecognized arguments"):
            raise _UsageError(f"{e}; arguments for the steering file go after --") from None
        raise
    args.steering_args = steering_args
    return args


def _whole_lines() -> None:
    """Makes each line written to stderr one write: Python writes stderr through, so
    ``print`` would write a line and its newline apart, and a line that evflow's Rust side (a
    CURVE handshake's warning, say) writes meanwhile would land between them."""
    if isinstance(sys.stderr, io.TextIOWrapper):
        sys.stderr.reconfigure(line_buffering=True, write_through=False)


def main(argv=None) -> int:
    """Entry point of the ``evflow`` command; returns the exit code."""
    from evflow import inspect

    _whole_lines()
    try:
        args = _parse(sys.argv[1:] if argv is None else list(argv))
        if args.command in ("run", "up"):
            _answer_signals()
        if args.command == "run":
            return _run(args)
        if args.command == "up":
            from evflow import controller

            _set_up_logging(args.log_level)
            return controller.up(
                args.topology,
                report=args.report,
                hold=args.hold,
                launcher=args.launcher,
                ssh_config=args.ssh_config,
                ssh_env=args.ssh_env,
                resume=args.resume,
                web=args.web,
            )
        if args.command == "device":
            from evflow import remote_device

            _set_up_logging(args.log_level)
            return remote_device.run(args)
        if args.command == "ctl":
            from evflow import controller

            return controller.ctl(
                args.topology,
                args.action,
                as_json=getattr(args, "json", False),
                run=getattr(args, "run", None),
                overwrite=getattr(args, "overwrite", False),
                scale=(args.device, args.replicas, args.host) if args.action == "scale" else None,
                host=getattr(args, "name", None),
            )
        if args.command == "info":
            return inspect.info(args.file, as_json=args.json)
        if args.command == "convert":
            from evflow import root

            count = root.convert(args.source, args.target, tree=args.tree, rntuple=args.rntuple)
            print(f"{count} events: {args.source} -> {args.target}", file=sys.stderr)
            return 0
        if args.command == "report":
            from evflow import jobreport

            return jobreport.run(args.file, args.plot)
        if args.command == "histograms":
            from evflow import top

            return top.save_histograms(args.endpoint, args.target)
        if args.command == "top":
            from evflow import top

            return top.run(args.endpoint, interval=args.interval, once=args.once)
        if args.command == "config":
            # A plugin links nothing of evflow: it is handed a table of functions.
            print(PLUGIN_INCLUDE if args.include else "")
            return EXIT["ok"]
        if args.command == "keys":
            public, secret = _native.curve_keys_new(args.name, args.dir)
            print(f"{public}\n{secret} (secret: mode 0600, keep it on this host)")
            return EXIT["ok"]
        if args.command == "hosts":
            from evflow import hosts

            return hosts.run(args.topology, args.action)
        if args.command == "shm":
            from evflow import shm

            return shm.ls(as_json=args.json) if args.action == "ls" else shm.clean(args.sessions)
        if args.command == "bench":
            if not hasattr(args, "benchmark"):
                raise _UsageError(
                    "the benchmarks run from a source checkout of evflow: run `make develop` "
                    "there, then `.venv/bin/evflow bench ...` (they are not part of the package)"
                )
            import evflow_bench

            return evflow_bench.run(args)
        return inspect.dump(
            args.file,
            args.events,
            skip_corrupt=args.skip_corrupt,
            entries=args.entries,
            run=args.run,
            number=args.event,
        )
    except TopologyError as e:
        for line in str(e).splitlines():  # one line per problem, each with its place
            print(f"evflow: error: {line}", file=sys.stderr)
        return EXIT["usage"]
    except (_UsageError, ConfigError) as e:
        _error(str(e))
        return EXIT["usage"]
    except inspect.DamagedFile as e:
        _error(str(e))
        return EXIT["damaged"]
    except ModuleError as e:
        # The same in every process: a worker's exception arrives as its location and text.
        if getattr(e, "traceback", None) and log.isEnabledFor(logging.DEBUG):
            print(e.traceback, end="", file=sys.stderr)
        _error(f"{e}{_at(getattr(e, 'location', None))}")
        _cleanup_errors(e)
        return EXIT["job_failed"]
    except EvflowError as e:
        _error(str(e))
        return EXIT["job_failed"]
    except KeyboardInterrupt as e:
        print("evflow: interrupted (SIGINT); files were closed", file=sys.stderr)
        _cleanup_errors(e)
        return EXIT["sigint"]
    except Terminated as e:
        print("evflow: terminated (SIGTERM); files were closed", file=sys.stderr)
        _cleanup_errors(e)
        return EXIT["sigterm"]
    except BrokenPipeError:
        return EXIT["ok"]
