"""Simulated hosts for tests and benchmarks: network namespaces on one bridge, made and
removed by whoever uses them (also when they fail). Each host gets ``10.77.K.N`` on its veth;
the bridge, in this namespace, is ``10.77.K.254``, where the controller listens."""

import os
import random
import re
import subprocess


def _ip(*args, netns=None, check=True):
    command = ["ip", *args] if netns is None else ["ip", "netns", "exec", netns, "ip", *args]
    return subprocess.run(command, capture_output=True, text=True, check=check)


class Hosts:
    """``with Hosts(["a", "b", "c"]) as hosts:`` ``hosts.netns["a"]``, ``hosts.address["a"]``,
    ``hosts.controller``; ``hosts.kill_all("c")``, ``hosts.link("c", up=False)``."""

    def __init__(self, names):
        self.names = list(names)
        self.tag = f"{os.getpid() % 10000:04d}{random.randrange(100):02d}"
        # A subnet no interface of this machine has: one left by a run that was killed
        # before it cleaned up would take the routes.
        taken = set(re.findall(r"inet 10\.77\.(\d+)\.", _ip("-o", "addr", check=False).stdout))
        self.subnet = random.choice([n for n in range(1, 250) if str(n) not in taken])
        self.bridge = f"evb{self.tag}"
        self.netns = {h: f"evf{self.tag}-{h}" for h in self.names}
        self.veth = {h: f"evv{self.tag}{i}" for i, h in enumerate(self.names)}
        self.address = {h: f"10.77.{self.subnet}.{i + 1}" for i, h in enumerate(self.names)}
        self.controller = f"10.77.{self.subnet}.254"

    def __enter__(self):
        try:
            _ip("link", "add", self.bridge, "type", "bridge")
            _ip("addr", "add", f"{self.controller}/24", "dev", self.bridge)
            _ip("link", "set", self.bridge, "up")
            for h in self.names:
                ns, veth, inner = self.netns[h], self.veth[h], f"evp{self.tag}"
                _ip("netns", "add", ns)
                _ip("link", "add", veth, "type", "veth", "peer", "name", inner, "netns", ns)
                _ip("link", "set", veth, "master", self.bridge, "up")
                _ip("link", "set", "lo", "up", netns=ns)
                _ip("addr", "add", f"{self.address[h]}/24", "dev", inner, netns=ns)
                _ip("link", "set", inner, "up", netns=ns)
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def pids(self, host):
        """The processes running in ``host``'s namespace."""
        out = _ip("netns", "pids", self.netns[host], check=False).stdout
        return [int(p) for p in out.split()]

    def kill_all(self, host):
        """SIGKILLs every process in ``host``'s namespace."""
        for pid in self.pids(host):
            try:
                os.kill(pid, 9)
            except ProcessLookupError:
                pass

    def link(self, host, up: bool):
        """Takes ``host``'s link to the bridge down (or up again)."""
        _ip("link", "set", self.veth[host], "up" if up else "down")

    def __exit__(self, *exc):
        for h in self.names:
            self.kill_all(h)
            _ip("netns", "del", self.netns[h], check=False)
            _ip("link", "del", self.veth[h], check=False)
        _ip("link", "del", self.bridge, check=False)
