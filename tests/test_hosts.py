"""``evflow hosts up FILE`` and ``evflow hosts down FILE`` (docs/topology.md, "Trying a farm on
one machine"): the namespaces, veths and bridge of a topology's hosts, made and removed by the
command line; the farm of test_farm runs across them. Each test names its namespaces and its
topology uniquely, and removes whatever it left, also when it fails."""

import ipaddress
import json
import os
import random
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import evflow_cmd, run_cli
from evflow_bench import standard_farm
from evflow_bench.namespaces import free_subnet
from test_topology import events_of, reference

pytestmark = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("ip") is None,
    reason="network namespaces need root and iproute2's ip",
)

NOBODY = 65534


@dataclass
class Farm:
    """A topology file of three namespace hosts a, b and c, none of them up yet."""

    file: Path
    netns: dict
    subnet: ipaddress.IPv4Network

    def hosts(self, *args):
        """Runs ``evflow hosts ARGS FILE``."""
        return run_cli("hosts", *args, self.file, cwd=self.file.parent)


@pytest.fixture
def farm(tmp_path):
    tag = f"{os.getpid() % 10000:04d}{random.randrange(1000):03d}"
    k = free_subnet()
    netns = {h: f"evh{tag}-{h}" for h in "abc"}
    tables = {h: {"address": f"10.77.{k}.{i + 1}", "netns": netns[h]} for i, h in enumerate("abc")}
    topo = standard_farm.Farm(f"hosts-{tag}", tables, max_restarts_per_minute=1000).write(tmp_path)
    made = Farm(topo, netns, ipaddress.ip_network(f"10.77.{k}.0/24"))
    try:
        yield made
    finally:
        leftover = interfaces(made)
        made.hosts("down")
        for name in netns.values():
            subprocess.run(["ip", "netns", "del", name], capture_output=True)
        for name in leftover:
            subprocess.run(["ip", "link", "del", name], capture_output=True)


def namespaces(farm) -> set:
    """The farm's namespaces that exist."""
    return {n for n in farm.netns.values() if os.path.exists(f"/run/netns/{n}")}


def interfaces(farm) -> set:
    """The bridge carrying an address of the farm's subnet, and the links on it."""
    links = json.loads(subprocess.run(["ip", "-j", "addr"], capture_output=True).stdout)
    bridges = {
        link["ifname"]
        for link in links
        for a in link.get("addr_info", [])
        if a["family"] == "inet" and ipaddress.ip_address(a["local"]) in farm.subnet
    }
    return bridges | {link["ifname"] for link in links if link.get("master") in bridges}


def addresses(netns) -> list:
    """The IPv4 addresses in namespace ``netns``, as ``ADDRESS/PREFIX``."""
    out = subprocess.run(
        ["ip", "-n", netns, "-j", "-4", "addr"], capture_output=True, check=True
    ).stdout
    return sorted(
        f"{a['local']}/{a['prefixlen']}" for link in json.loads(out) for a in link["addr_info"]
    )


def assert_nothing_left(farm):
    assert namespaces(farm) == set()
    assert interfaces(farm) == set()


def one_error(done) -> str:
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("evflow: error: "), done.stderr
    return lines[0]


def test_hosts_up_runs_the_farm_and_hosts_down_removes_it(farm, tmp_path):
    done = farm.hosts("up")
    assert done.returncode == 0, done.stderr
    assert namespaces(farm) == set(farm.netns.values())
    made = interfaces(farm)
    assert len(made) == 4, made  # the bridge and one veth per host
    k = farm.subnet.network_address.packed[2]
    for i, h in enumerate("abc"):
        assert addresses(farm.netns[h]) == [f"10.77.{k}.{i + 1}/24", "127.0.0.1/8"]
        assert farm.netns[h] in done.stdout
    assert f"10.77.{k}.254/24, the controller's address" in done.stdout

    up = run_cli("up", farm.file, cwd=tmp_path, timeout=180)
    assert up.returncode == 0, up.stderr
    assert events_of(tmp_path / "out.evf") == reference(tmp_path)

    done = farm.hosts("down")
    assert done.returncode == 0, done.stderr
    assert_nothing_left(farm)
    assert all(name in done.stdout for name in made)


def test_hosts_up_twice_is_up_once(farm):
    assert farm.hosts("up").returncode == 0
    made = interfaces(farm)
    again = farm.hosts("up")
    assert again.returncode == 0, again.stderr
    assert again.stdout.count("up already") == 4, again.stdout
    assert interfaces(farm) == made
    assert addresses(farm.netns["b"]) == [f"{farm.subnet.network_address + 2}/24", "127.0.0.1/8"]
    assert farm.hosts("down").returncode == 0
    assert_nothing_left(farm)


def test_hosts_down_with_nothing_up_succeeds(farm):
    for _ in range(2):
        done = farm.hosts("down")
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith("nothing of topology hosts-"), done.stdout
    assert_nothing_left(farm)


def test_hosts_up_not_as_root_says_so(farm):
    nobody = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups"]
    done = subprocess.run(
        [*nobody, *evflow_cmd("hosts", "up", farm.file)],
        cwd="/",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1, done.stderr
    assert "needs root" in one_error(done)
    assert_nothing_left(farm)


def test_a_failure_half_way_undoes_what_was_made(farm):
    from evflow import hosts, topology

    # Host c's veth cannot be made: an interface of another kind (a bridge) has its name.
    veth = next(h.veth for h in hosts.of_topology(topology.read(farm.file)).hosts if h.name == "c")
    subprocess.run(["ip", "link", "add", veth, "type", "bridge"], check=True)
    try:
        done = farm.hosts("up")
        assert done.returncode == 1, done.stderr
        assert f"`ip link add {veth} type veth" in one_error(done)
        assert "File exists" in done.stderr
        assert_nothing_left(farm)  # hosts a and b were made, then removed
        assert subprocess.run(["ip", "link", "show", veth], capture_output=True).returncode == 0
    finally:
        subprocess.run(["ip", "link", "del", veth], capture_output=True)


def test_a_namespace_not_made_by_hosts_up_is_refused_and_left_alone(farm):
    subprocess.run(["ip", "netns", "add", farm.netns["b"]], check=True)
    done = farm.hosts("up")
    assert done.returncode == 1, done.stderr
    assert f"host b: network namespace '{farm.netns['b']}' exists and was not made" in one_error(
        done
    )
    assert namespaces(farm) == {farm.netns["b"]}
    assert interfaces(farm) == set()
    done = farm.hosts("down")
    assert done.returncode == 0, done.stderr
    assert "left alone" in done.stdout
    assert namespaces(farm) == {farm.netns["b"]}


def test_hosts_in_two_subnets_are_a_bad_file(farm):
    text = farm.file.read_text()
    c = str(farm.subnet.network_address + 3)
    farm.file.write_text(text.replace(f'"{c}"', '"10.99.0.3"'))
    line = text.splitlines().index("[hosts.c]") + 1
    done = farm.hosts("up")
    assert done.returncode == 2, done.stderr
    assert one_error(done).startswith(f"evflow: error: {farm.file}:{line}: host c: address 10.99")
    assert_nothing_left(farm)
