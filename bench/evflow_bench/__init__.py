"""evflow's benchmarks behind ``evflow bench`` (docs/benchmarks.md): ``transport``,
``parallel``, ``topology``, ``builder``, ``scaling``, ``resume``, ``plugins`` and ``soak``.
They run from a source checkout: ``make develop`` installs this package beside evflow and builds the
transport benchmark's binary; the evflow wheel does not carry them."""


def add_parser(sub) -> None:
    """Adds ``bench transport``, ``parallel``, ``topology``, ``builder``, ``scaling``,
    ``resume``, ``plugins`` and ``soak`` to the command line."""
    from evflow_bench import builder, parallel, plugins, resume, scaling, soak, topology, transport

    bench = sub.add_parser("bench", help="benchmarks against baselines measured in the same run")
    kind = bench.add_subparsers(dest="benchmark", required=True)
    transport.add_parser(kind)
    parallel.add_parser(kind)
    topology.add_parser(kind)
    builder.add_parser(kind)
    scaling.add_parser(kind)
    resume.add_parser(kind)
    plugins.add_parser(kind)
    soak.add_parser(kind)


def run(args) -> int:
    """Runs the benchmark ``args.benchmark``; the exit code."""
    from evflow_bench import builder, parallel, plugins, resume, scaling, soak, topology, transport

    benchmarks = {
        "builder": builder,
        "parallel": parallel,
        "plugins": plugins,
        "resume": resume,
        "scaling": scaling,
        "soak": soak,
        "topology": topology,
        "transport": transport,
    }
    return benchmarks[args.benchmark].run(args)
