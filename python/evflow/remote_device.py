"""``evflow device``: one process of a topology on one of its hosts, as the controller's
launcher starts it (docs/topology-design.md, "The launcher"). The same command runs through
``ip netns exec``, ssh or srun: it reads the topology file and the steering files (the same
paths on every host), takes its roles from the plan the controller compiled (``--plan``),
and plays them in the topology's segments, reporting to the controller."""

from evflow import _native, farm, steering
from evflow.errors import ConfigError
from evflow.plan import Plan, process_name
from evflow.topology import load


def run(args) -> int:
    """Runs the device process ``args`` names; its exit code."""
    # Who this process is, before the steering files are imported: a file may build its
    # path from ef.device() (a replica reading its own input).
    name = process_name(args.device, args.host, args.replica)
    steering.process_name = name
    steering.devices = {name: steering.DeviceInfo(name, args.device, args.host, args.replica)}
    plan = Plan(load(args.topology, check_hosts=False), hold=args.held, compiled=args.plan)
    if plan.forked:
        raise ConfigError(f"{args.topology}: its devices run on this machine: use evflow up")
    device = plan.process_device(args.device, args.host, args.replica)
    if device is None:
        raise ConfigError(
            f"{args.topology} has no replica {args.replica} of device {args.device} on host "
            f"{args.host}"
        )
    steering.devices = plan.identities()
    roles = [
        {
            "segment": segment.index,
            "role": role,
            "generation": args.generation,
            # A source's fixed port is its acks channel's, a sink's its results channel's, a
            # bridge's its relay channel's.
            "port": (args.port or device.port) if role in ("input", "output", "bridge") else None,
            "session": plan.session(segment, args.host),
            "steps": plan.steps(segment),
            "parallel": plan.parallel(segment, role),
            "bridged": segment.bridge is not None,
            "held": args.held,
        }
        for segment, role in plan.roles(device, args.host, args.replica)
    ]
    for r in roles:
        if r["role"].startswith("readout:"):
            # A readout runs its own device's path, under its own name.
            r["steps"] = device.steps()
            _, _, names = r["parallel"]["parts"]
            r["parallel"]["parts"] = (0, 0, (name, *names[1:]))
    return _native.run_device(
        roles,
        name=name,
        host_address=args.bind,
        reports=args.reports,
        views=args.views,
        max_part_size=farm.MAX_TCP_PART,
        job=plan.job(),
        curve=_curve(plan.topology, args.host),
    )


def _curve(topology, host: str):
    """With ``security = "curve"``: this host's secret key file, every host's public one,
    and the controller's (docs/security.md)."""
    if topology.security != "curve":
        return None
    hosts = {name: h["key"]["public"] for name, h in topology.hosts.items()}
    secret = topology.hosts[host]["key"]["secret"]
    return secret, hosts, topology.controller_key["public"]
