"""How ``evflow up`` starts a topology's device processes on their hosts and stops them
(docs/topology-design.md, "The launcher"): ``local`` on this machine (in a host's network
namespace), ``ssh`` on each host's ssh target, ``slurm`` as steps on the nodes of the Slurm
allocation it runs in. Every launcher runs the same device command (``python -m evflow
device ...``); they differ in how it reaches its host and in how a process there is
stopped.

A remote launcher stops a device by its identity on its host (``KILL``): killing the local
ssh client or srun does not reliably kill what runs on the other side."""

import os
import shlex
import signal
import socket
import subprocess
import sys
import threading
import time

from evflow.errors import ConfigError, EvflowError
from evflow.topology import TopologyError

LAUNCHERS = ("local", "ssh", "slurm")
"""The names ``evflow up --launcher`` takes; ``local`` is the default."""

CHECK_TIMEOUT = 30.0
"""Seconds a host has to answer the check before anything starts (connecting included)."""

KILL_TIMEOUT = 10.0
"""Seconds a remote kill has, connecting included, before it is given up: what cannot be
reached stops on its own (a device that hears nothing from its controller for 2 s stops)."""

CLIENT_GRACE = 5.0
"""Seconds an ssh client or srun has to end once its device was killed, before it is killed
itself."""

FORWARDED = ("PATH", "LD_LIBRARY_PATH", "VIRTUAL_ENV", "TMPDIR")
"""Variables the ssh launcher sends to the device (srun sends the whole environment)."""

FORWARDED_PREFIXES = ("PYTHON", "EVFLOW_")
"""Prefixes of the variables the ssh launcher also sends."""

PROCESS_IDENTITY = ("--reports", "--device", "--host", "--replica", "--generation")
"""The options of a device command that name one process of one controller."""

HOST_IDENTITY = ("--reports", "--host")
"""The options that name every process of one controller on one host."""

CHECK = "import evflow, evflow.remote_device; print(evflow.__version__)"
"""What a remote launcher runs on each host before anything starts: evflow's version there."""

KILL = """
import os, select, signal, sys, time
want = set(zip(sys.argv[1::2], sys.argv[2::2]))
def ours(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            argv = f.read().decode(errors="replace").split("\\0")
    except OSError:
        return False
    device = any(argv[i : i + 3] == ["-m", "evflow", "device"] for i in range(len(argv)))
    return device and want <= set(zip(argv, argv[1:]))
waiting = select.poll()
left = 0
for pid in [int(p) for p in os.listdir("/proc") if p.isdigit() and int(p) != os.getpid()]:
    if not ours(pid):
        continue
    try:
        fd = os.pidfd_open(pid)
        if ours(pid):  # still the process it was when the pidfd was taken
            signal.pidfd_send_signal(fd, signal.SIGKILL)
            waiting.register(fd, select.POLLIN)
            left += 1
    except OSError:
        pass
deadline = time.monotonic() + 5
while left and time.monotonic() < deadline:
    for fd, _ in waiting.poll(max(0, deadline - time.monotonic()) * 1000):
        waiting.unregister(fd)
        left -= 1
sys.exit(1 if left else 0)
"""
"""Run by a remote launcher's Python on a host, with ``OPTION VALUE`` pairs as arguments:
SIGKILLs the device processes whose command line has every pair, through pidfds (no pid is
taken for another process's), and waits up to 5 s until they have ended (exit 1 if some
have not)."""


class LaunchError(EvflowError):
    """A host cannot run the topology's devices: one line naming the host, its target and
    what to do."""


def make(name: str, topology, *, ssh_config=None, ssh_env=()) -> "Launcher":
    """The launcher ``evflow up --launcher NAME`` asks for."""
    if name != "ssh" and (ssh_config or ssh_env):
        raise ConfigError("--ssh-config and --ssh-env are for --launcher ssh")
    if name == "ssh":
        return Ssh(topology, config=ssh_config, env_names=ssh_env)
    if name == "slurm":
        return Slurm(topology)
    return Launcher(topology)


PARENT_VARIABLE = "EVFLOW_PARENT"
"""The environment variable through which a device started here learns its parent's pid
(``evflow device`` reads it before anything else: the parent may die while it starts)."""


class Launcher:
    """The local launcher: runs a device command on this machine, through ``ip netns exec``
    for a host with ``netns``. The base of the others, which run the hosts they know."""

    def __init__(self, topology):
        self.topology = topology

    def check(self, hosts) -> None:
        """Raises ``LaunchError`` (a host cannot run devices) or ``TopologyError`` (the file
        lacks what this launcher needs) before anything starts; the local one has nothing to
        check beyond the file's own checks."""

    def address(self, host: str) -> str | None:
        """Where ``host``'s devices bind when the file gives it no ``address`` (None: the
        controller's address)."""
        return None

    def start(self, host: str, argv: list, name: str) -> subprocess.Popen:
        """Starts the device command ``argv`` of process ``name`` on ``host``: its output
        (stdout and stderr) is the Popen's stdout, and it runs in its own session."""
        netns = self.topology.hosts.get(host, {}).get("netns")
        command = ["ip", "netns", "exec", netns, *argv] if netns else argv
        return subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            cwd=os.getcwd(),
            # Its parent: a device whose controller dies while it starts ends once set up.
            env={**os.environ, PARENT_VARIABLE: str(os.getpid())},
        )

    def kill(self, popen: subprocess.Popen) -> None:
        """Kills the process ``start`` returned and waits for it."""
        popen.kill()
        popen.wait()

    def stop(self, popens: list) -> None:
        """Kills every process of ``popens`` still running, and waits until they have ended:
        the controller's last word."""
        for popen in popens:
            if popen.poll() is None:
                self.kill(popen)

    def describe(self, code: int) -> str | None:
        """How a process that exited with ``code`` ended, where the launcher knows better
        than the code itself (None: it does not)."""
        return None

    def runs_here(self, host: str) -> bool:
        """Whether ``host``'s devices run on this machine (its files are here): the local
        launcher's all do, in a network namespace or not."""
        return True


class Remote(Launcher):
    """What the ssh and Slurm launchers share: a check of every host before anything starts,
    and kills by identity on the host. A device on no host of the file (this machine) runs
    as the local launcher runs it."""

    def __init__(self, topology):
        super().__init__(topology)
        self.launched = {}
        """Each remote process's host and device command, by its Popen (until it has ended
        and is forgotten)."""
        self.killing = []
        """Threads killing single processes (dead, silent or replaced) on their hosts."""

    def wrap(self, host: str, argv: list, name: str) -> list:
        """The local command that runs ``argv`` on ``host``."""
        raise NotImplementedError

    def target(self, host: str) -> str:
        """``host``'s target as an error line names it (``ssh target 'node2'``)."""
        raise NotImplementedError

    def failure(self, host: str, code: int, out: str, err: str) -> str:
        """What went wrong on ``host``'s check and what to do, from its exit code and output."""
        return _common_failure(code, err) or (
            f"`{sys.executable} -c 'import evflow'` failed there with code {code} "
            f"({_last_line(err) or 'no output'})"
        )

    def _remote(self, host: str) -> bool:
        return host in self.topology.hosts

    def runs_here(self, host: str) -> bool:
        """A host of the file runs elsewhere; a device on none runs here."""
        return not self._remote(host)

    def check(self, hosts) -> None:
        hosts = [h for h in hosts if self._remote(h)]
        results = {}

        def one(host):
            try:
                done = self._python(host, CHECK, [], "evflow-check", CHECK_TIMEOUT)
            except subprocess.TimeoutExpired:
                results[host] = f"it did not answer within {CHECK_TIMEOUT:.0f} s: is it up?"
                return
            except OSError as e:
                results[host] = f"cannot run {e.filename or 'the launcher'}: {e.strerror or e}"
                return
            version = done.stdout.strip().splitlines()[-1:] if done.returncode == 0 else []
            if version == [_version()]:
                return
            if version:
                results[host] = (
                    f"it runs evflow {version[0]}, the controller {_version()}: install the "
                    "same version on every host"
                )
                return
            results[host] = self.failure(host, done.returncode, done.stdout, done.stderr)

        threads = [threading.Thread(target=one, args=(h,)) for h in hosts]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        failed = [h for h in hosts if h in results]
        if failed:
            first = failed[0]
            more = f" (also failed: {', '.join(failed[1:])})" if failed[1:] else ""
            raise LaunchError(f"host {first} ({self.target(first)}): {results[first]}{more}")

    def start(self, host: str, argv: list, name: str) -> subprocess.Popen:
        if not self._remote(host):
            return super().start(host, argv, name)
        self._sweep()
        popen = subprocess.Popen(
            self.wrap(host, argv, name),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            cwd=os.getcwd(),
        )
        self.launched[popen] = (host, argv)
        return popen

    def kill(self, popen: subprocess.Popen) -> None:
        """Kills the local client at once and the process on its host in the background
        (the supervisor goes on meanwhile; an unreachable host costs it nothing)."""
        launched = self.launched.pop(popen, None)
        if launched is not None:
            self._kill_later(*launched)
        popen.kill()
        popen.wait()

    def stop(self, popens: list) -> None:
        # Every host where one of these devices may still run: its client runs, or it ended
        # with an error (the device may have outlived it).
        hosts = {}
        running = [p for p in popens if p.poll() is None]
        for popen in popens:
            if popen not in self.launched:
                if popen.poll() is None:
                    super().kill(popen)
            elif popen.poll() is None or popen.returncode != 0:
                host, argv = self.launched[popen]
                hosts.setdefault(host, _identity(argv, HOST_IDENTITY))
        killers = [threading.Thread(target=self._kill, args=item) for item in hosts.items()]
        for t in killers:
            t.start()
        for t in killers + self.killing:
            t.join()
        self.killing = []
        # Each client ends with its device (the device is the remote session's process).
        deadline = time.monotonic() + CLIENT_GRACE
        for popen in running:
            try:
                popen.wait(timeout=max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                popen.kill()
                popen.wait()
        for popen in popens:
            self.launched.pop(popen, None)

    def _sweep(self) -> None:
        """Forgets the clients that have ended. Where one ended with an error its device may
        still run (its client was killed, or its connection dropped, before the device tied
        its life to the session): it is killed on its host, in the background."""
        for popen, launched in list(self.launched.items()):
            if popen.poll() is not None:
                del self.launched[popen]
                if popen.returncode != 0:
                    self._kill_later(*launched)

    def _python(self, host: str, code: str, args: list, name: str, timeout: float):
        """Runs Python ``code`` with ``args`` on ``host`` through the launcher, as its
        devices run (same interpreter and directory); its completed process."""
        command = self.wrap(host, [sys.executable, "-c", code, *args], name)
        return subprocess.run(
            command,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=timeout,
            cwd=os.getcwd(),
        )

    def _kill_later(self, host: str, argv: list) -> None:
        """Kills the process of device command ``argv`` on ``host``, in the background."""
        identity = _identity(argv, PROCESS_IDENTITY)
        killer = threading.Thread(target=self._kill, args=(host, identity), daemon=True)
        killer.start()
        self.killing.append(killer)

    def _kill(self, host: str, identity: list) -> None:
        """SIGKILLs the device processes on ``host`` with ``identity`` and waits for them."""
        why = None
        try:
            done = self._python(host, KILL, identity, "evflow-kill", KILL_TIMEOUT)
            if done.returncode != 0:
                why = _last_line(done.stderr) or f"exit code {done.returncode}"
        except subprocess.TimeoutExpired:
            why = f"no answer within {KILL_TIMEOUT:.0f} s"
        if why is not None:
            print(
                f"evflow: warning: host {host} ({self.target(host)}): cannot stop its device "
                f"processes there ({why}); they stop on their own once they hear nothing from "
                "the controller",
                file=sys.stderr,
            )


class Ssh(Remote):
    """Runs each host's devices through ``ssh`` on its ``ssh`` target, the same Python in the
    same directory with the environment evflow needs."""

    def __init__(self, topology, *, config=None, env_names=()):
        super().__init__(topology)
        if config is not None and not os.path.isfile(config):
            raise ConfigError(f"--ssh-config {config}: no such file")
        self.config = config
        names = set(env_names)
        self.env = {
            k: v
            for k, v in sorted(os.environ.items())
            if k in FORWARDED or k.startswith(FORWARDED_PREFIXES) or k in names
        }

    def check(self, hosts) -> None:
        problems = []
        for name in hosts:
            host = self.topology.hosts.get(name)
            if host is None:
                continue
            lacks = [k for k in ("ssh", "address") if not host.get(k)]
            if lacks:
                what = " and ".join(f"`{k}`" for k in lacks)
                problems.append(
                    (
                        host["line"],
                        f"host {name} has no {what}: the ssh launcher runs its devices on its "
                        "`ssh` target, and they bind on its `address`",
                    )
                )
        if problems:
            raise TopologyError(self.topology.file, problems)
        super().check(hosts)

    def target(self, host: str) -> str:
        return f"ssh target {self.topology.hosts[host]['ssh']!r}"

    def wrap(self, host: str, argv: list, name: str) -> list:
        env = " ".join(shlex.quote(f"{k}={v}") for k, v in self.env.items())
        remote = f"cd {shlex.quote(os.getcwd())} && exec env {env} {shlex.join(argv)}"
        config = ["-F", self.config] if self.config else []
        target = self.topology.hosts[host]["ssh"]
        return ["ssh", *config, "-o", "BatchMode=yes", "-n", "-T", "--", target, remote]

    def failure(self, host: str, code: int, out: str, err: str) -> str:
        last = _last_line(err)
        if code == 255 and "Permission denied" in err:
            return (
                f"the key was refused ({last}): add your public key to the target's "
                "authorized_keys, or name your identity file in the ssh configuration "
                "(~/.ssh/config, or --ssh-config FILE)"
            )
        if code == 255 and "Host key verification failed" in err:
            return (
                "its host key is not known here (BatchMode: nothing prompts): add it to your "
                "known_hosts (ssh to it once by hand)"
            )
        if code == 255:
            return (
                f"cannot connect ({last or 'ssh exited with code 255'}): check the host's `ssh` "
                "target, that sshd runs there and that this machine reaches it"
            )
        return super().failure(host, code, out, err)

    def describe(self, code: int) -> str | None:
        if code == 255:
            return "lost its ssh session (code 255: killed there, or the connection dropped)"
        return None


class Slurm(Remote):
    """Runs each host's devices as steps (``srun``) on a node of the Slurm allocation that
    ``evflow up`` runs in: the hosts in file order onto the allocation's nodes."""

    def __init__(self, topology):
        super().__init__(topology)
        if not os.environ.get("SLURM_JOB_ID"):
            raise ConfigError(
                "--launcher slurm runs inside a Slurm allocation, and SLURM_JOB_ID is not set: "
                "run evflow up under salloc, or in an sbatch script"
            )
        nodelist = os.environ.get("SLURM_JOB_NODELIST") or os.environ.get("SLURM_NODELIST", "")
        try:
            done = subprocess.run(
                ["scontrol", "show", "hostnames", nodelist],
                capture_output=True,
                text=True,
                timeout=CHECK_TIMEOUT,
            )
        except (OSError, subprocess.TimeoutExpired) as e:
            raise LaunchError(f"cannot list the allocation's nodes with scontrol: {e}") from None
        nodes = done.stdout.split()
        if done.returncode != 0 or not nodes:
            why = _last_line(done.stderr) or f"no nodes in {nodelist!r}"
            raise LaunchError(
                f"cannot list the allocation's nodes (scontrol show hostnames: {why})"
            )
        ordered = sorted(topology.hosts, key=lambda h: topology.hosts[h]["line"])
        self.nodes = {host: nodes[i % len(nodes)] for i, host in enumerate(ordered)}
        """Each host's node: the hosts in file order onto the nodes, wrapping around."""
        self.addresses = {}

    def target(self, host: str) -> str:
        return f"Slurm node {self.nodes[host]!r}"

    def address(self, host: str) -> str | None:
        if host not in self.nodes:
            return None
        if host not in self.addresses:
            try:
                self.addresses[host] = socket.gethostbyname(self.nodes[host])
            except OSError:
                self.addresses[host] = None
        return self.addresses[host]

    def wrap(self, host: str, argv: list, name: str) -> list:
        return [
            "srun",
            "--nodes=1",
            "--ntasks=1",
            f"--nodelist={self.nodes[host]}",
            "--overlap",
            "--input=none",
            f"--job-name={name}",
            *argv,
        ]

    def describe(self, code: int) -> str | None:
        if 128 < code < 128 + signal.NSIG:
            try:
                name = signal.Signals(code - 128).name
            except ValueError:
                name = f"signal {code - 128}"
            return f"was killed by {name} (srun's code {code})"
        return None


def _common_failure(code: int, err: str) -> str | None:
    """What a failed check says that any launcher's does: no Python, no evflow, no
    directory."""
    last = _last_line(err)
    if "No module named" in err or "ImportError" in err:
        return (
            f"cannot import evflow in {sys.executable} ({last}): install evflow in that "
            "Python on every host (the same path as here)"
        )
    if code in (126, 127) or (sys.executable in last and "No such file" in last):
        return (
            f"cannot run {sys.executable} ({last}): install the same Python with evflow at "
            "the same path on every host"
        )
    if "cd" in last and os.getcwd() in last:
        return (
            f"no directory {os.getcwd()} there ({last}): evflow up runs its devices in its "
            "own working directory, which every host needs (a shared file system)"
        )
    return None


def _identity(argv: list, options) -> list:
    """``[OPTION, VALUE, ...]`` of the device command ``argv`` for each of ``options``."""
    return [x for option in options for x in (option, argv[argv.index(option) + 1])]


def _last_line(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1] if lines else ""


def _version() -> str:
    import evflow

    return evflow.__version__
