"""``evflow device``: one process of a topology on one of its hosts, as the controller's
launcher starts it (docs/topology-design.md, "The launcher"). The same command runs through
``ip netns exec``, ssh or srun: it reads the topology file and the steering files (the same
paths on every host), takes its roles from the plan the controller compiled (``--plan``),
and plays them in the topology's segments, reporting to the controller."""

import os

from evflow import _native, farm, steering
from evflow.errors import ConfigError
from evflow.farm_resume import RECOVERED
from evflow.launchers import PARENT_VARIABLE
from evflow.plan import Plan
from evflow.topology import load


def run(args) -> int:
    """Runs the device process ``args`` names; its exit code."""
    # Who started it, before the steering files are imported: if that process dies
    # meanwhile, this one ends as its roles are set up, not a first view's wait later.
    parent = int(os.environ.pop(PARENT_VARIABLE, "0")) or os.getppid()
    # Who this process is, before the steering files are imported: a file may build its
    # path from ef.device() (a replica reading its own input).
    name = _native.process_name(args.device, args.host, args.replica)
    steering.process_name = name
    steering.devices = {name: steering.DeviceInfo(name, args.device, args.host, args.replica)}
    plan = Plan(load(args.topology, check_hosts=False), compiled=args.plan)
    steering.devices = plan.identities()
    if args.recover:
        found = _native.recover_device(
            plan.native, device=args.device, host=args.host, replica=args.replica, job=plan.job()
        )
        print(f"{RECOVERED} {found}", flush=True)
        return 0
    missing = [f"--{n}" for n in ("bind", "reports", "views") if getattr(args, n) is None]
    if missing:
        raise ConfigError(f"evflow device needs {', '.join(missing)} (evflow up gives them)")
    return _native.run_device(
        plan.native,
        device=args.device,
        host=args.host,
        replica=args.replica,
        generation=args.generation,
        ports=dict(args.port),
        held=args.held,
        host_address=args.bind,
        reports=args.reports,
        views=args.views,
        max_part_size=farm.MAX_TCP_PART,
        job=plan.job(),
        resume_plan=args.resume_plan,
        parent=parent,
    )
