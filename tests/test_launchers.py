"""The launchers for real machines (docs/topology.md, "Launchers"): ``evflow up
--launcher ssh`` against a real OpenSSH server that each test starts in its network-namespace
hosts, and ``--launcher slurm`` against a real one-node Slurm (munged, slurmctld, slurmd)
that the test starts and stops. The output equals a local run; a killed replica is restarted
through ssh; a host that cannot be reached, refuses the key or has no evflow is one line with
nothing started; and nothing is left running anywhere when ``evflow up`` ends or is killed.

``make py-test`` installs openssh-server, slurmctld, slurmd, slurm-client and munge where
they are missing."""

import getpass
import json
import os
import pathlib
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

import evflow as ef
import pytest
from conftest import error_lines, killed_on_exit, run_cli, start_cli, wait_for_events
from evflow import launchers
from evflow.topology import read
from evflow_bench.standard_farm import GEN, RECO, STORE, Farm
from test_topology import events_of, reference, status, unique, wait_for_replacement

pytestmark = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("ip") is None,
    reason="ssh and Slurm hosts are network namespaces and daemons: they need root",
)

SSHD = "/usr/sbin/sshd"

MARK = """
import os as _os
import evflow as _ef
if _ef.device() is not None:  # a device process, not the controller checking the file
    with open(f"ran-{_ef.device().name}-{_os.getpid()}", "w") as _f:
        _f.write(_os.environ.get("SSH_CONNECTION") or _os.environ.get("SLURM_STEP_ID") or "")
"""
"""Prefixed to each steering file: a device process leaves a file in its working directory
that says through what it was started (its ssh connection, or its Slurm step)."""


def marked(tmp_path, farm):
    """Writes ``farm`` with the standard steering files, each prefixed with MARK; the topology
    file's path."""
    return farm.write(tmp_path, gen=MARK + GEN, reco=MARK + RECO, store=MARK + STORE)


def ssh_chain(address):
    """test_farm's chain across hosts a, b and c at ``address`` ({host: address}), each
    reached through ssh (its target evf-HOST) instead of a namespace."""
    hosts = {h: {"address": address[h], "ssh": f"evf-{h}"} for h in "abc"}
    return Farm(unique("ssh"), hosts, max_restarts_per_minute=1000)


PROCESSES = [
    "evf-gen-a-1",
    "evf-reco-b-1",
    "evf-reco-b-2",
    "evf-reco-c-1",
    "evf-reco-c-2",
    "evf-store-a-1",
]


def _wait_for(condition, timeout, what):
    """Waits until ``condition()`` is true (polling: what it waits on is another process's
    state); fails naming ``what`` (or what ``what()`` says then) after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what() if callable(what) else what}: not within {timeout} s")
        time.sleep(0.05)


def _left_on(ssh_hosts, host) -> str:
    """The processes left on ``host`` besides its sshd daemon: pid, parent, state, command."""
    shown = []
    for pid in ssh_hosts.sessions(host):
        try:
            fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            command = pathlib.Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")
            shown.append(f"{pid} (parent {fields[1]}, {fields[0]}): {command.decode().strip()}")
        except OSError:
            shown.append(f"{pid} (gone)")
    return f"sessions left on {host}: " + "; ".join(shown)


def _listening(address, port=22) -> bool:
    try:
        socket.create_connection((address, port), timeout=0.5).close()
    except OSError:
        return False
    return True


def _keygen(path) -> str:
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(path)], check=True)
    return (path.parent / f"{path.name}.pub").read_text().strip()


class SshHosts:
    """Three namespace hosts, each with its own sshd (``start``), and the client's ssh
    configuration: an identity, the hosts' keys, targets ``evf-a``, ``evf-b``, ``evf-c``."""

    def __init__(self, hosts, base):
        self.hosts = hosts
        self.dir = base / "ssh"
        self.dir.mkdir()
        self.public = _keygen(self.dir / "id")
        host_key = _keygen(self.dir / "host_key")
        self.config = self.dir / "config"
        lines = []
        for h in hosts.names:
            lines += [f"Host evf-{h}", f"  HostName {hosts.address[h]}"]
        lines += [
            "Host *",
            f"  User {getpass.getuser()}",
            f"  IdentityFile {self.dir / 'id'}",
            "  IdentitiesOnly yes",
            f"  UserKnownHostsFile {self.dir / 'known_hosts'}",
            "  GlobalKnownHostsFile /dev/null",
            "  StrictHostKeyChecking yes",
            "  ConnectTimeout 10",
            "  LogLevel ERROR",
        ]
        self.config.write_text("\n".join(lines) + "\n")
        known = [f"{hosts.address[h]} {host_key}" for h in hosts.names]
        (self.dir / "known_hosts").write_text("\n".join(known) + "\n")
        self.daemons = {}

    def start(self, host, authorized=True, evflow=True):
        """Starts ``host``'s sshd: ``authorized`` False refuses the client's key, ``evflow``
        False hides evflow from what it runs (a mount namespace with the package's directory
        empty)."""
        keys = self.dir / f"authorized_keys-{host}"
        keys.write_text(self.public + "\n" if authorized else "")
        config = self.dir / f"sshd-{host}.config"
        config.write_text(
            "\n".join(
                [
                    f"ListenAddress {self.hosts.address[host]}",
                    "Port 22",
                    f"HostKey {self.dir / 'host_key'}",
                    f"AuthorizedKeysFile {keys}",
                    f"PidFile {self.dir / f'sshd-{host}.pid'}",
                    "PermitRootLogin prohibit-password",
                    "PasswordAuthentication no",
                    "KbdInteractiveAuthentication no",
                    "UsePAM no",
                    "StrictModes no",
                    "MaxStartups 100",
                    "LogLevel ERROR",
                ]
            )
            + "\n"
        )
        os.makedirs("/run/sshd", mode=0o755, exist_ok=True)  # sshd's privilege separation
        sshd = [SSHD, "-D", "-e", "-f", str(config)]
        if not evflow:
            empty = self.dir / "empty"
            empty.mkdir(exist_ok=True)
            package = os.path.dirname(ef.__file__)
            script = f"mount --bind {shlex.quote(str(empty))} {shlex.quote(package)} && "
            script += f"exec {shlex.join(sshd)}"
            sshd = ["unshare", "--mount", "--propagation", "private", "sh", "-c", script]
        self.daemons[host] = subprocess.Popen(
            ["ip", "netns", "exec", self.hosts.netns[host], *sshd],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        _wait_for(lambda: _listening(self.hosts.address[host]), 10, f"sshd on host {host}")

    def sessions(self, host):
        """The processes in ``host``'s namespace other than its sshd daemon (ip netns exec,
        unshare and sh all exec: the daemon is the process started)."""
        daemon = self.daemons.get(host)
        return [p for p in self.hosts.pids(host) if daemon is None or p != daemon.pid]

    def close(self):
        for daemon in self.daemons.values():
            daemon.terminate()
        for daemon in self.daemons.values():
            try:
                daemon.wait(timeout=10)
            except subprocess.TimeoutExpired:
                daemon.kill()
                daemon.wait()


@pytest.fixture
def ssh_hosts(tmp_path, request):
    if not os.path.exists(SSHD) or shutil.which("ssh") is None:
        pytest.skip("needs openssh-server and openssh-client (make py-test installs them)")
    # The namespace hosts only now: none is made for a test that skips.
    made = SshHosts(request.getfixturevalue("hosts"), tmp_path)
    try:
        yield made
    finally:
        made.close()


def ssh_farm(tmp_path, ssh_hosts):
    """The chain across hosts a, b and c, each a target of the test's ssh configuration."""
    return marked(tmp_path, ssh_chain(ssh_hosts.hosts.address))


def long_ssh_farm(tmp_path, ssh_hosts, events, sleep):
    """The chain across hosts a, b and c, every host's sshd started, with ``events`` events
    that reco's replicas take ``sleep`` seconds each: the topology file, ``evflow up``'s
    arguments and the environment they send."""
    for host in ssh_hosts.hosts.names:
        ssh_hosts.start(host)
    topo = ssh_farm(tmp_path, ssh_hosts)
    args = up_args(topo, ssh_hosts, "--ssh-env", "EVENTS", "--ssh-env", "RECO_SLEEP")
    return topo, args, {"EVENTS": str(events), "RECO_SLEEP": str(sleep)}


def up_args(topo, ssh_hosts, *more):
    return ["up", topo, "--launcher", "ssh", "--ssh-config", ssh_hosts.config, *more]


def left_running(tmp_path) -> list:
    """Device processes, ssh clients and srun of this test's topology still running."""
    out = subprocess.run(["ps", "-eo", "pid=,args="], capture_output=True, text=True).stdout
    return [
        line.strip()
        for line in out.splitlines()
        if "evflow device" in line and str(tmp_path) in line
    ]


def assert_nothing_left(tmp_path, ssh_hosts=None):
    """No device process, ssh client or srun of the test's topology runs, and (ssh) each
    namespace host runs its sshd daemon and nothing else."""
    assert left_running(tmp_path) == []
    if ssh_hosts is not None:
        for host in ssh_hosts.hosts.names:
            # An sshd session ends just after the device whose exit it reports.
            left = lambda h=host: _left_on(ssh_hosts, h)  # noqa: E731
            _wait_for(lambda h=host: not ssh_hosts.sessions(h), 5, left)


def ran(tmp_path) -> dict:
    """What each device process's marker says: {process name: [ssh connection or step]}."""
    found = {}
    for marker in tmp_path.glob("ran-*"):
        name = marker.name[len("ran-") :].rsplit("-", 1)[0]
        found.setdefault(name, []).append(marker.read_text())
    return found


# --- ssh ----------------------------------------------------------------------------------


def test_ssh_runs_each_device_on_its_host_like_one_process(tmp_path, ssh_hosts):
    for host in ssh_hosts.hosts.names:
        ssh_hosts.start(host)
    topo = ssh_farm(tmp_path, ssh_hosts)
    result = run_cli(*up_args(topo, ssh_hosts, "--report", "report.json"), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert events_of(tmp_path / "out.evf") == reference(tmp_path)
    # Every process ran once, through an ssh connection to its own host's sshd.
    markers = ran(tmp_path)
    assert sorted(markers) == PROCESSES
    for name, connections in markers.items():
        host = name.split("-")[2]
        assert [c.split()[2] for c in connections] == [ssh_hosts.hosts.address[host]], name
    report = json.loads((tmp_path / "report.json").read_text())
    assert [d["state"] for d in report["devices"]] == ["exited"] * len(PROCESSES)
    assert_nothing_left(tmp_path, ssh_hosts)


def test_ssh_restarts_a_killed_replica_on_its_host(tmp_path, ssh_hosts):
    for host in ssh_hosts.hosts.names:
        ssh_hosts.start(host)
    topo = ssh_farm(tmp_path, ssh_hosts)
    env = {"EVENTS": "3000", "RECO_SLEEP": "0.002"}
    # Events after the first 100 wait at a gate until the killed replica is replaced: the
    # run cannot end before the kill, however slowly `ctl status` answers.
    gate = tmp_path / "gate"
    gated = {**env, "RECO_GATE": str(gate)}
    args = up_args(topo, ssh_hosts, "--ssh-env", "EVENTS", "--ssh-env", "RECO_SLEEP")
    args += ["--ssh-env", "RECO_GATE"]
    with killed_on_exit(start_cli(*args, "--report", "report.json", cwd=tmp_path, env=gated)) as up:
        victim = {d["name"]: d for d in status(topo, tmp_path)}["evf-reco-b-1"]
        os.kill(victim["pid"], signal.SIGKILL)
        wait_for_replacement(topo, tmp_path, victim)
        gate.touch()
        _, err = up.communicate(timeout=120)
    assert up.returncode == 0, err
    assert "evf-reco-b-1 lost its ssh session" in err and "starting a replacement" in err
    assert events_of(tmp_path / "out.evf") == reference(tmp_path, env)
    report = json.loads((tmp_path / "report.json").read_text())
    assert {d["name"]: d["restarts"] for d in report["devices"]}["evf-reco-b-1"] == 1
    # The replacement ran through ssh on host b too.
    connections = ran(tmp_path)["evf-reco-b-1"]
    assert len(connections) == 2
    assert {c.split()[2] for c in connections} == {ssh_hosts.hosts.address["b"]}
    assert_nothing_left(tmp_path, ssh_hosts)


def test_ssh_a_dead_sink_names_its_part_file_on_its_host(tmp_path, ssh_hosts):
    """The sink's files are on its host: named as they are there, not looked for here."""
    for host in ssh_hosts.hosts.names:
        ssh_hosts.start(host)
    chain = ssh_chain(ssh_hosts.hosts.address)
    chain.devices["store"]["restart"] = "never"
    topo = marked(tmp_path, chain)
    env = {"EVENTS": "200000", "RECO_SLEEP": "0.001"}
    args = up_args(topo, ssh_hosts, "--ssh-env", "EVENTS", "--ssh-env", "RECO_SLEEP")
    with killed_on_exit(start_cli(*args, cwd=tmp_path, env=env)) as up:
        devices = {d["name"]: d for d in status(topo, tmp_path)}
        wait_for_events(tmp_path / ".out.evf.part", 100)
        os.kill(devices["evf-store-a-1"]["pid"], signal.SIGKILL)
        _, err = up.communicate(timeout=120)
    assert up.returncode == 1, err
    errors = error_lines(err)
    assert errors and errors[0].startswith("evflow: error: evf-store-a-1 "), err
    assert "the topology stops; what it wrote is on host a in .out.evf.part: " in errors[0], err
    assert_nothing_left(tmp_path, ssh_hosts)


def test_ssh_a_topology_stopped_is_resumed_on_its_hosts(tmp_path, ssh_hosts):
    """SIGINT to evflow up, then ``--resume``: the sink recovers its file on its host through
    ssh (docs/topology-design.md, "Resuming a topology of device processes"), its source
    goes on where the file ends, and the file equals one process's output."""
    _, args, env = long_ssh_farm(tmp_path, ssh_hosts, events=20000, sleep=0.0005)
    with killed_on_exit(start_cli(*args, cwd=tmp_path, env=env)) as up:
        wait_for_events(tmp_path / ".out.evf.part", 500)
        up.send_signal(signal.SIGINT)
        _, err = up.communicate(timeout=120)
    assert up.returncode == 130, err
    with killed_on_exit(start_cli(*args, "--resume", cwd=tmp_path, env=env)) as up:
        _, err = up.communicate(timeout=120)
    assert up.returncode == 0, err
    assert events_of(tmp_path / "out.evf") == reference(tmp_path, env)
    with ef.open(tmp_path / "out.evf") as f:
        assert f.complete and len(f.resumes) == 1
    assert_nothing_left(tmp_path, ssh_hosts)


DEVICE_GIVES_UP_S = 30 + 10 + 5
"""A device started just as its controller died never gets a first view: it gives up after
FIRST_VIEW_WAIT (30 s, engine/device/link.rs) and ends within ORPHAN_GRACE (10 s)."""


def test_ssh_controller_killed_leaves_nothing_on_the_hosts(tmp_path, ssh_hosts):
    """SIGKILL to evflow up: its ssh clients stay, but every device hears nothing from the
    controller and stops, and its session and client end with it.

    An ssh client still connecting when the controller dies can die itself (its output
    pipe is gone) after sshd took its command: that device starts with no client and no
    controller, so it is waited for as long as a device waits for its first view."""
    topo, args, env = long_ssh_farm(tmp_path, ssh_hosts, events=100000, sleep=0.001)
    with killed_on_exit(start_cli(*args, cwd=tmp_path, env=env)) as up:
        status(topo, tmp_path)
        up.kill()
        up.communicate()
    for host in ssh_hosts.hosts.names:
        left = lambda h=host: _left_on(ssh_hosts, h)  # noqa: E731
        _wait_for(lambda h=host: not ssh_hosts.sessions(h), DEVICE_GIVES_UP_S, left)
    _wait_for(lambda: not left_running(tmp_path), 30, "devices and ssh clients to end")
    assert_nothing_left(tmp_path, ssh_hosts)


@pytest.mark.parametrize(
    "fault, said",
    [
        ("unreachable", "cannot connect ("),
        ("refused", "the key was refused ("),
        ("no evflow", "cannot import evflow in "),
    ],
)
def test_ssh_a_host_that_cannot_run_devices_is_one_line(tmp_path, ssh_hosts, fault, said):
    ssh_hosts.start("a")
    ssh_hosts.start("b")
    if fault == "refused":
        ssh_hosts.start("c", authorized=False)
    elif fault == "no evflow":
        ssh_hosts.start("c", evflow=False)
    topo = ssh_farm(tmp_path, ssh_hosts)
    result = run_cli(*up_args(topo, ssh_hosts), cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("evflow: error: host c (ssh target 'evf-c'): " + said), lines
    assert ": " in lines[0].split(said, 1)[1]  # and then what to do
    assert list(tmp_path.glob("ran-*")) == []  # nothing started
    assert_nothing_left(tmp_path, ssh_hosts)


def test_ssh_a_host_without_a_target_is_a_line_of_the_file(tmp_path):
    farm = ssh_chain(dict.fromkeys("abc", "127.0.0.1"))
    del farm.hosts["b"]["ssh"]
    topo = farm.write(tmp_path)
    result = run_cli("up", topo, "--launcher", "ssh", cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert error_lines(result.stderr) == [
        f"evflow: error: {topo}:6: host b has no `ssh`: the ssh launcher runs its devices on "
        "its `ssh` target, and they bind on its `address`"
    ]


def test_ssh_stop_kills_by_identity_on_the_host(tmp_path, ssh_hosts):
    """A process killed alone, and the controller's last word: its processes on a host are
    killed there (also one whose client died first), and only its own (another
    controller's, with another --reports, stays)."""
    for host in ("b", "c"):
        ssh_hosts.start(host)
    topology = read(ssh_farm(tmp_path, ssh_hosts))
    launcher = launchers.make("ssh", topology, ssh_config=str(ssh_hosts.config))
    sleeper = "import os, time; print(os.getpid(), flush=True); time.sleep(600)"

    def fake(host, replica, reports="tcp://10.0.0.1:1"):
        argv = [sys.executable, "-c", sleeper, "-m", "evflow", "device", str(tmp_path)]
        argv += ["--device", "reco", "--host", host, "--replica", str(replica)]
        argv += ["--generation", "0", "--reports", reports]
        return launcher.start(host, argv, f"evf-reco-{host}-{replica}")

    popens = [fake("b", 1), fake("b", 2), fake("c", 1), fake("b", 3, reports="tcp://10.0.0.1:2")]
    *started, other = [(popen, int(popen.stdout.readline())) for popen in popens]
    try:
        launcher.kill(started[0][0])
        _wait_for(lambda: not _alive(started[0][1]), 15, "the killed device to end")
        # A client killed behind the launcher's back: what it ran on the host goes on.
        started[1][0].kill()
        started[1][0].wait()
        assert _alive(started[1][1])
        launcher.stop([popen for popen, _ in started])
        for popen, pid in started:
            assert popen.poll() is not None
            assert not _alive(pid)
        assert other[0].poll() is None and _alive(other[1])
    finally:
        launcher.stop([other[0]])
    assert not _alive(other[1])
    assert left_running(tmp_path) == []


def _alive(pid) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


# --- Slurm --------------------------------------------------------------------------------


def slurm_chain():
    """The chain on hosts a and b, declared without keys: gen and store on a, the two reco
    replicas on b."""
    return Farm(unique("slurm"), {"a": {}, "b": {}})


SLURM_CONF = """
ClusterName=evflow
SlurmctldHost={node}(127.0.0.1)
SlurmctldPort={ctld_port}
SlurmdPort={slurmd_port}
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket={munge_socket}
StateSaveLocation={dir}/state
SlurmdSpoolDir={dir}/spool
SlurmctldPidFile={dir}/slurmctld.pid
SlurmdPidFile={dir}/slurmd.pid
SlurmctldLogFile={dir}/slurmctld.log
SlurmdLogFile={dir}/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SwitchType=switch/none
MpiDefault=none
SchedulerType=sched/builtin
SelectType=select/linear
ReturnToService=2
NodeName={node} NodeAddr=127.0.0.1 CPUs=1 State=UNKNOWN
PartitionName=evflow Nodes={node} Default=YES MaxTime=INFINITE State=UP
"""
"""One node, this machine, with the plugins that need no cgroups."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Slurm:
    """munged, slurmctld and slurmd with a generated configuration: ``env`` has SLURM_CONF
    for salloc and srun."""

    def __init__(self, base):
        self.dir = base / "slurm"
        for sub in ("state", "spool"):
            (self.dir / sub).mkdir(parents=True)
        # munged wants every directory above its socket open to all: pytest's are not.
        self.munge = tempfile.mkdtemp(prefix="evflow-munge-")
        os.chmod(self.munge, 0o755)
        self.daemons = []
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("SLURM_")}
        self.env["SLURM_CONF"] = str(self.dir / "slurm.conf")
        self.node = socket.gethostname().split(".")[0]

    def start(self):
        key = os.path.join(self.munge, "munge.key")
        with open(key, "wb") as f:
            f.write(os.urandom(128))
        os.chmod(key, 0o600)
        socket_path = os.path.join(self.munge, "munge.socket")
        self._daemon(
            "munged",
            "--foreground",
            f"--key-file={key}",
            f"--socket={socket_path}",
            f"--pid-file={self.munge}/munged.pid",
            f"--log-file={self.munge}/munged.log",
            f"--seed-file={self.munge}/munged.seed",
        )
        _wait_for(lambda: os.path.exists(socket_path), 10, "munged's socket")
        (self.dir / "slurm.conf").write_text(
            SLURM_CONF.format(
                node=self.node,
                ctld_port=_free_port(),
                slurmd_port=_free_port(),
                munge_socket=socket_path,
                dir=self.dir,
            )
        )
        self._daemon("slurmctld", "-D", "-f", self.env["SLURM_CONF"])
        self._daemon("slurmd", "-D", "-f", self.env["SLURM_CONF"])
        _wait_for(self._idle, 30, "the Slurm node to be idle")

    def _daemon(self, *command):
        log = open(self.dir / f"{command[0]}.out", "w")
        with log:
            self.daemons.append(
                subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=self.env)
            )

    def _idle(self) -> bool:
        for daemon in self.daemons:
            if daemon.poll() is not None:
                logs = "".join(p.read_text()[-2000:] for p in self.dir.glob("*.out"))
                raise AssertionError(f"{daemon.args[0]} exited: {logs}")
        out = subprocess.run(
            ["sinfo", "-h", "-o", "%T"], capture_output=True, text=True, env=self.env
        ).stdout
        return out.strip() == "idle"

    def run(self, *command, timeout=120):
        """``command`` under ``salloc`` (in an allocation of the node)."""
        return subprocess.run(
            ["salloc", "--nodes=1", "--quiet", *map(str, command)],
            capture_output=True,
            text=True,
            timeout=timeout,
            env=dict(self.env, PYTHONUNBUFFERED="1"),
            cwd=self.dir.parent,
        )

    def background(self, *command, env):
        """``command`` under ``salloc``, in the background, with ``env`` added."""
        return subprocess.Popen(
            ["salloc", "--nodes=1", "--quiet", *map(str, command)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=dict(self.env, PYTHONUNBUFFERED="1", **env),
            cwd=self.dir.parent,
        )

    def close(self):
        subprocess.run(["scancel", "--full", "--user", getpass.getuser()], env=self.env)
        for daemon in reversed(self.daemons):
            daemon.terminate()
            try:
                daemon.wait(timeout=10)
            except subprocess.TimeoutExpired:
                daemon.kill()
                daemon.wait()
        shutil.rmtree(self.munge, ignore_errors=True)


@pytest.fixture
def slurm(tmp_path):
    needed = ("munged", "slurmctld", "slurmd", "salloc", "srun", "scontrol", "sinfo")
    if not all(shutil.which(b) or os.path.exists(f"/usr/sbin/{b}") for b in needed):
        pytest.skip("needs munge, slurmctld, slurmd and slurm-client (make py-test installs them)")
    made = Slurm(tmp_path)
    try:
        made.start()
        yield made
    finally:
        made.close()


def test_slurm_runs_each_device_as_a_step_like_one_process(tmp_path, slurm):
    topo = marked(tmp_path, slurm_chain())
    up = [sys.executable, "-m", "evflow", "up", topo, "--launcher", "slurm"]
    result = slurm.run(*up, "--report", "report.json")
    assert result.returncode == 0, result.stderr
    assert events_of(tmp_path / "out.evf") == reference(tmp_path)
    # Every process ran once, each as a step of its own.
    markers = ran(tmp_path)
    expected = ["evf-gen-a-1", "evf-reco-b-1", "evf-reco-b-2", "evf-store-a-1"]
    assert sorted(markers) == expected
    steps = [step for found in markers.values() for step in found]
    assert all(step.isdigit() for step in steps) and len(set(steps)) == len(expected), markers
    report = json.loads((tmp_path / "report.json").read_text())
    assert [d["state"] for d in report["devices"]] == ["exited"] * len(expected)
    assert left_running(tmp_path) == []


def test_slurm_restarts_a_killed_replica_as_a_new_step(tmp_path, slurm):
    topo = marked(tmp_path, slurm_chain())
    env = {"EVENTS": "1500", "RECO_SLEEP": "0.002"}
    up = [sys.executable, "-m", "evflow", "up", topo, "--launcher", "slurm"]
    # Events after the first 100 wait at a gate until the killed replica is replaced: the
    # run cannot end before the kill, however slowly `ctl status` answers.
    gate = tmp_path / "gate"
    gated = {**env, "RECO_GATE": str(gate)}
    with killed_on_exit(slurm.background(*up, "--report", "report.json", env=gated)) as allocation:
        victim = {d["name"]: d for d in status(topo, tmp_path)}["evf-reco-b-1"]
        os.kill(victim["pid"], signal.SIGKILL)
        wait_for_replacement(topo, tmp_path, victim)
        gate.touch()
        _, err = allocation.communicate(timeout=120)
    assert allocation.returncode == 0, err
    said = "evf-reco-b-1 was killed by SIGKILL (srun's code 137); starting a replacement"
    assert said in err
    assert events_of(tmp_path / "out.evf") == reference(tmp_path, env)
    report = json.loads((tmp_path / "report.json").read_text())
    assert {d["name"]: d["restarts"] for d in report["devices"]}["evf-reco-b-1"] == 1
    steps = ran(tmp_path)["evf-reco-b-1"]
    assert len(set(steps)) == 2 and all(step.isdigit() for step in steps), steps
    assert left_running(tmp_path) == []


def test_slurm_outside_an_allocation_is_one_line(tmp_path):
    topo = slurm_chain().write(tmp_path)
    env = {k: v for k, v in os.environ.items() if not k.startswith("SLURM_")}
    result = subprocess.run(
        [sys.executable, "-m", "evflow", "up", topo, "--launcher", "slurm"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=60,
    )
    assert result.returncode == 2, result.stderr
    assert result.stderr.strip().splitlines() == [
        "evflow: error: --launcher slurm runs inside a Slurm allocation, and SLURM_JOB_ID is "
        "not set: run evflow up under salloc, or in an sbatch script"
    ]
