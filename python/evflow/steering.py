"""Job settings the command line imposes on the steering file's ``process()`` calls, and who
this process is in a job.

``evflow run STEERING.py -n 100`` sets ``max_events`` here; ``process()`` prefers these
values to its own arguments, so a steering file runs unchanged under different options.
"""

from dataclasses import dataclass

overrides: dict = {}
"""Keyword arguments of ``process()`` set on the command line (max_events, seed, report)."""

file: str | None = None
"""The steering file ``evflow run`` runs (``None`` otherwise); recorded in output files."""

jobs: int = 0
"""``process()`` calls so far in this process: ``evflow run`` warns about a steering file
that made none."""

importing_device: str | None = None
"""The device whose steering file ``evflow up`` is importing: ``process()`` then refuses to run
(a device's file keeps it behind ``if __name__ == "__main__":``)."""

process_name: str | None = None
"""The name of this process in a parallel job or topology (``evf-worker-1``,
``evf-reco-b-1``), set when the engine forks it; ``None`` in the process that started the job."""

devices: dict = {}
"""``evflow up``: the ``DeviceInfo`` of each device process by its process name."""


@dataclass(frozen=True)
class DeviceInfo:
    """Who a process of a topology is: its process name, device, host and replica (from 1)."""

    name: str
    device: str
    host: str
    replica: int


def device() -> DeviceInfo | None:
    """This process's device in a topology run by ``evflow up`` (for file names, seeds, log
    lines), or ``None`` outside one and in the controller itself."""
    return devices.get(process_name)
