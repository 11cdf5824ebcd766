"""``evflow device``: one process of a topology on one of its hosts, as the controller's
launcher starts it (docs/topology.md, "The launcher"). The same command runs through
``ip netns exec``, ssh or srun: it reads the topology file and the steering files (the same
paths on every host), and runs its part of the engine, reporting to the controller."""

from evflow import _native, controller, farm, steering
from evflow.errors import ConfigError
from evflow.topology import load


def run(args) -> int:
    """Runs the device process ``args`` names; its exit code."""
    plan = controller.Plan(load(args.topology, check_hosts=False))
    if not plan.remote:
        raise ConfigError(f"{args.topology}: its devices run on this machine: use evflow up")
    source, processor, sink = plan.devices
    place = (args.host, args.replica)
    if args.device == source.name and place == (source.hosts[0], 1):
        role = "input"
    elif args.device == sink.name and place == (sink.hosts[0], 1):
        role = "output"
    elif args.device == processor.name and place in plan.slots:
        role = f"worker:{plan.slots.index(place)}"
    else:
        raise ConfigError(
            f"{args.topology} has no replica {args.replica} of device {args.device} on host "
            f"{args.host}"
        )
    steering.devices = plan.identities()
    steering.process_name = controller.process_name(args.device, args.host, args.replica)
    steps = plan.steps()
    return _native.run_device(
        steps[0],
        steps[1:],
        role=role,
        generation=args.generation,
        host_address=args.bind,
        reports=args.reports,
        views=args.views,
        max_part_size=farm.MAX_TCP_PART,
        port=plan.topology.devices[args.device].port,
        parallel=plan.parallel(),
        job=plan.job(),
    )
