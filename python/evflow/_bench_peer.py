"""The sender of one ``evflow bench transport`` trial, in its own process (evflow.bench
starts it): ``python -m evflow._bench_peer ROLE TRANSPORT SIZE SECONDS DATA BACK [CPU]``
runs the role on the given addresses, on CPU if given, and prints its report as one JSON
object."""

import json
import os
import sys

from evflow import _native
from evflow.errors import EvflowError


def main(argv: list[str]) -> int:
    """Runs the role; the exit code (1 with one error line on stderr if it failed)."""
    role, transport, size, seconds, data, back, *cpu = argv
    if cpu:
        os.sched_setaffinity(0, {int(cpu[0])})
    try:
        report = _native.bench_transport_role(
            role, transport, int(size), float(seconds), data, back
        )
    except EvflowError as e:
        print(f"evflow bench {role}: error: {e}", file=sys.stderr)
        return 1
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
