"""Simulated hosts for tests and benchmarks: the namespace hosts of ``evflow hosts up``
(``evflow.hosts``), with names unique to each run, made and removed by whoever uses them
(also when they fail). Each host gets ``10.77.K.N`` on its veth; the bridge, in this
namespace, is ``10.77.K.254``, where the controller listens."""

import os
import random
import re
import subprocess

from evflow import hosts as namespace_hosts

SUBNET_TRIES = 5
"""Subnets tried when another run took the one chosen meanwhile."""


def free_subnet() -> int:
    """K of a subnet ``10.77.K.0/24`` no interface of this machine has (one left by a run that
    was killed before it cleaned up would take the routes)."""
    out = subprocess.run(["ip", "-o", "addr"], capture_output=True, text=True).stdout
    taken = set(re.findall(r"inet 10\.77\.(\d+)\.", out))
    return random.choice([n for n in range(1, 250) if str(n) not in taken])


class Hosts:
    """``with Hosts(["a", "b", "c"]) as hosts:`` ``hosts.netns["a"]``, ``hosts.address["a"]``,
    ``hosts.controller``; ``hosts.kill_all("c")``, ``hosts.link("c", up=False)``."""

    def __init__(self, names):
        self.names = list(names)
        self.tag = f"{os.getpid() % 10000:04d}{random.randrange(100):02d}"
        self.netns = {h: f"evf{self.tag}-{h}" for h in self.names}
        self._choose_subnet()

    def _choose_subnet(self):
        subnet = free_subnet()
        self.address = {h: f"10.77.{subnet}.{i + 1}" for i, h in enumerate(self.names)}
        self.controller = f"10.77.{subnet}.254"
        self.network = namespace_hosts.network(
            f"hosts-{self.tag}",
            {h: (self.netns[h], self.address[h]) for h in self.names},
            self.controller,
        )
        self.veth = {h.name: h.veth for h in self.network.hosts}
        self.bridge = self.network.bridge

    def __enter__(self):
        for attempt in range(SUBNET_TRIES):
            try:
                namespace_hosts.up(self.network)
                return self
            except namespace_hosts.SubnetTakenError:
                # Another run beside this one took it since it was chosen.
                if attempt == SUBNET_TRIES - 1:
                    raise
                self._choose_subnet()
        return self

    def tables(self, *names):
        """The [hosts] tables of a topology file on the hosts ``names`` (all by default):
        {host: {"address": ..., "netns": ...}}."""
        return {
            h: {"address": self.address[h], "netns": self.netns[h]} for h in names or self.names
        }

    def pids(self, host):
        """The processes running in ``host``'s namespace."""
        return namespace_hosts.pids(self.netns[host])

    def kill_all(self, host):
        """SIGKILLs every process in ``host``'s namespace."""
        for pid in self.pids(host):
            try:
                os.kill(pid, 9)
            except ProcessLookupError:
                pass

    def link(self, host, up: bool):
        """Takes ``host``'s link to the bridge down (or up again)."""
        subprocess.run(["ip", "link", "set", self.veth[host], "up" if up else "down"], check=True)

    def __exit__(self, *exc):
        namespace_hosts.down(self.network, kill=True)
