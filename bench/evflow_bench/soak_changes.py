"""The soak's changes of the farm during its run, beside the kills (docs/topology-design.md,
"Changing the farm during a run"): every ``--change-every`` LOW to HIGH seconds an
excursion from the farm's baseline (``--replicas`` of reco on B and C and of calib on A)
and back after as long again: ``evflow ctl scale`` of reco on B or C (to 0, 1, or two more)
or of calib on A (to 1, or one more), ``drain-host b`` and ``add-host b`` once B is
standby, or host B lost: its link cut (``cut-link b``), and once the controller says it is
lost, the link up again and ``add-host b``; or every process on it SIGKILLed at once
(``kill-host b``: its host still answers, so the controller starts them again there).
Memory is sampled only at the baseline, so that the series compares the same processes."""

import json
import subprocess
import sys
import time

DEFAULT_CHANGE_EVERY = (10.0, 40.0)
# The changes that lose host B, done here rather than with ``evflow ctl``.
HOST_LOSSES = ("cut-link", "kill-host")


def _ctl(topo: str, cwd: str, *args) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "evflow", "ctl", topo, *args]
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)


class Changes:
    """The excursions of one soak: ``turn`` once a loop; ``log`` lists every ``ctl`` run as
    (seconds into the run, the command, whether the controller took it)."""

    def __init__(self, topo: str, cwd: str, hosts, replicas: int, every, rng):
        self.topo, self.cwd, self.hosts, self.every, self.rng = topo, cwd, hosts, every, rng
        self.baseline = {("reco", "b"): replicas, ("reco", "c"): replicas, ("calib", "a"): replicas}
        self.log = []
        self.revert = None  # the command that brings the farm back, once due
        self.next_at = time.monotonic() + rng.uniform(*every)

    def turn(self, now: float, elapsed: float) -> None:
        """Starts an excursion when one is due, or ends the one under way."""
        if self.revert is None and now >= self.next_at:
            command, self.revert = self._excursion()
            if not self._run(elapsed, command):
                self.revert = None
            self.next_at = now + self.rng.uniform(*self.every)
        elif self.revert is not None and now >= self.next_at:
            if self.revert[0] == "add-host" and self._host_state("b") not in ("standby", "lost"):
                return  # B's replicas are still finishing their events, or not yet lost
            self.hosts.link("b", up=True)
            self._run(elapsed, self.revert)
            self.revert = None
            self.next_at = now + self.rng.uniform(*self.every)

    def _excursion(self) -> tuple[list, list]:
        """A change from the baseline, and the command that undoes it."""
        kind = self.rng.choice(("reco", "reco", "calib", "drain", "lose"))
        if kind == "drain":
            return ["drain-host", "b"], ["add-host", "b"]
        if kind == "lose" and self.rng.random() < 0.5:
            return ["cut-link", "b"], ["add-host", "b"]
        if kind == "lose":
            return ["kill-host", "b"], None
        host = self.rng.choice(("b", "c")) if kind == "reco" else "a"
        base = self.baseline[kind, host]
        lowest = 0 if kind == "reco" else 1  # reco keeps the other host's replicas
        choices = [n for n in range(lowest, base + 3 if kind == "reco" else base + 2) if n != base]
        n = self.rng.choice(choices)
        return ["scale", kind, str(n), "--host", host], ["scale", kind, str(base), "--host", host]

    def _run(self, elapsed: float, command: list) -> bool:
        """Runs ``command``: a host lost (``cut-link``, ``kill-host``) here, else with ``evflow
        ctl``; logged."""
        if command[0] == HOST_LOSSES[0]:
            self.hosts.link(command[1], up=False)
            ok = True
        elif command[0] == HOST_LOSSES[1]:
            self.hosts.kill_all(command[1])
            ok = True
        else:
            ok = _ctl(self.topo, self.cwd, *command).returncode == 0
        self.log.append((round(elapsed, 2), " ".join(command), ok))
        return ok

    def _host_state(self, host: str) -> str | None:
        done = _ctl(self.topo, self.cwd, "status", "--json")
        if done.returncode != 0:
            return None
        states = {d["host_state"] for d in json.loads(done.stdout)["devices"] if d["host"] == host}
        return states.pop() if len(states) == 1 else None

    def at_baseline(self, devices) -> bool:
        """Whether the farm is at its baseline: no excursion under way, and every processor
        process of it listed with a pid (those retired are gone)."""
        if self.revert is not None or not devices:
            return False
        for (device, host), n in self.baseline.items():
            there = [d for d in devices if d["device"] == device and d["host"] == host]
            if len(there) != n or not all(d["pid"] for d in there):
                return False
        return True
