"""evflow's benchmarks behind ``evflow bench`` (docs/benchmarks.md): ``transport``,
``parallel``, ``topology``, ``builder``, ``scaling``, ``resume``, ``plugins``, ``web`` and
``soak``.
They run from a source checkout: ``make develop`` installs this package beside evflow and builds the
transport benchmark's binary; the evflow wheel does not carry them."""


def _benchmarks() -> dict:
    from evflow_bench import (
        builder,
        parallel,
        plugins,
        resume,
        scaling,
        soak,
        topology,
        transport,
        web,
    )

    # In the order `evflow bench --help` lists them.
    return {
        "transport": transport,
        "parallel": parallel,
        "topology": topology,
        "builder": builder,
        "scaling": scaling,
        "resume": resume,
        "plugins": plugins,
        "web": web,
        "soak": soak,
    }


def add_parser(sub) -> None:
    """Adds ``bench transport``, ``parallel``, ``topology``, ``builder``, ``scaling``,
    ``resume``, ``plugins``, ``web`` and ``soak`` to the command line."""
    bench = sub.add_parser("bench", help="benchmarks against baselines measured in the same run")
    kind = bench.add_subparsers(dest="benchmark", required=True)
    for benchmark in _benchmarks().values():
        benchmark.add_parser(kind)


def run(args) -> int:
    """Runs the benchmark ``args.benchmark``; the exit code."""
    return _benchmarks()[args.benchmark].run(args)
