"""Namespace hosts (docs/topology.md, "Trying a farm on one machine"): the network namespaces,
veth pairs and bridge that let one machine play the ``[hosts]`` of a topology, made by
``evflow hosts up FILE`` and removed by ``evflow hosts down FILE``::

    root namespace                                 namespace NETNS of host a
    bridge evb<h(name)>  CONTROLLER/24 ── veth evv<h(name, a)> ═══ eth0 ADDRESS/24, lo up
                                       ── veth evv<h(name, b)> ═══ eth0 of host b ...

Every namespace host's address, and the bridge's (the controller's), lie in one /24.
Interface names are hashes of the topology's name (and the host's), since Linux allows 15
bytes: ``down`` finds what ``up`` made from the file alone, and two topologies never share an
interface. A namespace is ours when the peer of our veth lies in it: ``up`` refuses one that
is not, ``down`` leaves it alone.
"""

import hashlib
import ipaddress
import json
import os
import shutil
import signal
import subprocess
from contextlib import contextmanager
from dataclasses import dataclass

from evflow.errors import EvflowError
from evflow.topology import NETNS_DIR, Topology, TopologyError
from evflow.topology import read as read_topology

PREFIX = 24
"""Length of the subnet prefix of every namespace host and of the bridge."""

INNER = "eth0"
"""Name of a host's end of its veth pair, inside its namespace."""

IFNAMSIZ = 15
"""Bytes of a Linux interface name."""

BRIDGE_PREFIX, VETH_PREFIX = "evb", "evv"


class HostsError(EvflowError):
    """Namespace hosts could not be made or removed (what this command made is undone)."""


class SubnetTakenError(HostsError):
    """An interface of this machine already has an address in the hosts' subnet."""


@dataclass(frozen=True)
class NamespaceHost:
    """A host of a topology played by a network namespace of this machine."""

    name: str
    netns: str
    address: str
    veth: str
    """Its veth's end on the bridge (the other, ``INNER``, is in the namespace)."""


@dataclass(frozen=True)
class Network:
    """The namespace hosts of one topology, joined by one bridge in the root namespace."""

    name: str
    bridge: str
    controller: str
    """The bridge's address: where the hosts reach ``evflow up``."""
    hosts: tuple
    probe: str
    """The address whose route ``evflow up`` takes its own address from: it must leave by
    the bridge, from ``controller``."""

    def subnet(self) -> ipaddress.IPv4Network:
        """The hosts' subnet."""
        return ipaddress.ip_network(f"{self.controller}/{PREFIX}", strict=False)


def interface_name(prefix: str, *parts: str) -> str:
    """``prefix`` and a hash of ``parts``, as long as an interface name may be."""
    digest = hashlib.blake2s("\0".join(parts).encode()).hexdigest()
    return (prefix + digest)[:IFNAMSIZ]


def network(name: str, hosts: dict, controller: str | None = None) -> Network:
    """The network of topology ``name`` for ``hosts`` (``{host: (netns, address)}``);
    ``controller``: the bridge's address (default: a free one of the hosts' subnet). Raises
    ``HostsError`` naming what does not fit."""
    problems = _problems(hosts, controller)
    if problems:
        raise HostsError("; ".join(message for _host, message in problems))
    return _network(name, hosts, controller)


def of_topology(topology: Topology) -> Network:
    """The network of ``topology``'s hosts that have ``netns`` and ``address``; raises
    ``TopologyError`` (FILE:LINE) when they cannot share one bridge."""
    hosts = {
        name: (host["netns"], host["address"])
        for name, host in topology.hosts.items()
        if host.get("netns") and host.get("address")
    }
    if not hosts:
        raise TopologyError(
            topology.file,
            [(0, "no host has both `netns` and `address`: evflow hosts makes only those")],
        )
    problems = _problems(hosts, topology.controller)
    if problems:
        lines = {name: host["line"] for name, host in topology.hosts.items()}
        raise TopologyError(topology.file, [(lines.get(h, 0), m) for h, m in problems])
    probe = None
    if topology.controller is None:
        # evflow up listens on its address on the route to the first host with an address.
        probe = next(h["address"] for h in topology.hosts.values() if h.get("address"))
    return _network(topology.name, hosts, topology.controller, probe)


def _network(name, hosts, controller, probe=None) -> Network:
    addresses = {ipaddress.ip_address(address) for _netns, address in hosts.values()}
    subnet = ipaddress.ip_network(f"{next(iter(addresses))}/{PREFIX}", strict=False)
    if controller is None:
        # The highest free address, so the hosts may number themselves from 1.
        controller = str(next(a for a in reversed(list(subnet.hosts())) if a not in addresses))
    made = tuple(
        NamespaceHost(host, netns, address, interface_name(VETH_PREFIX, name, host))
        for host, (netns, address) in hosts.items()
    )
    return Network(
        name=name,
        bridge=interface_name(BRIDGE_PREFIX, name),
        controller=controller,
        hosts=made,
        probe=probe or made[0].address,
    )


def _problems(hosts: dict, controller: str | None) -> list:
    """``(host or None, message)`` for every way ``hosts`` cannot share one /24 bridge."""
    problems, subnet, seen, netns_of = [], None, {}, {}
    for host, (netns, address) in hosts.items():
        try:
            ip = ipaddress.IPv4Address(address)
        except ValueError:
            problems.append((host, f"host {host}: address {address!r} is not an IPv4 address"))
            continue
        own = ipaddress.ip_network(f"{ip}/{PREFIX}", strict=False)
        if subnet is None:
            subnet, first = own, host
        elif own != subnet:
            problems.append(
                (
                    host,
                    f"host {host}: address {ip} is not in {subnet}, the subnet of host {first}: "
                    f"give every namespace host an address in one /{PREFIX}",
                )
            )
        if ip in (own.network_address, own.broadcast_address):
            problems.append((host, f"host {host}: {ip} is not a host address of {own}"))
        if ip in seen:
            problems.append((host, f"host {host}: address {ip} is host {seen[ip]}'s too"))
        if netns in netns_of:
            problems.append(
                (
                    host,
                    f"host {host}: namespace {netns!r} is host {netns_of[netns]}'s too: "
                    "give each host its own",
                )
            )
        seen.setdefault(ip, host)
        netns_of.setdefault(netns, host)
    if controller is not None and subnet is not None and not problems:
        try:
            ip = ipaddress.IPv4Address(controller)
        except ValueError:
            ip = None
        if ip is None or ip not in subnet or ip in seen:
            taken = f" (host {seen[ip]}'s)" if ip in seen else ""
            problems.append(
                (
                    None,
                    f"controller {controller}{taken} must be a free address of the hosts' "
                    f"subnet {subnet}, which the bridge carries: choose one, or remove "
                    "`controller` to let evflow hosts choose",
                )
            )
    return problems


def run(file: str, action: str) -> int:
    """``evflow hosts up|down FILE``: prints what it did; exit code 0."""
    _check_can()
    net = of_topology(read_topology(file))
    if action == "up":
        for line in up(net):
            print(line)
        print(f"the hosts of topology {net.name} are up: run it with evflow up {file}")
        return 0
    done = down(net)
    for line in done or [f"nothing of topology {net.name} to remove"]:
        print(line)
    return 0


def up(net: Network) -> list:
    """Makes ``net``'s bridge and hosts (those not up already); returns what it did, one line
    each. On failure undoes what it made and raises ``HostsError``."""
    _check_can()
    state = _State.read()
    foreign = [h for h in net.hosts if h.netns in state.namespaces and not state.owns(h)]
    if foreign:
        h = foreign[0]
        raise HostsError(
            f"host {h.name}: network namespace {h.netns!r} exists and was not made by "
            f"evflow hosts up for topology {net.name}: remove it (ip netns del {h.netns}) or "
            "name another `netns`"
        )
    _check_subnet(net, state)
    done, undo = [], []
    with _signals_held():
        try:
            _make(net, state, done, undo)
            _check_route(net)
        except BaseException as e:
            for command in reversed(undo):
                _ip(*command, check=False)
            if isinstance(e, HostsError) and undo:
                raise type(e)(f"{e}; what this command had made is removed again") from None
            raise
    return done


def _make(net: Network, state, done: list, undo: list) -> None:
    """Makes what is missing, recording each step's undoing in ``undo``."""
    where = f"{net.controller}/{PREFIX}"
    if net.bridge not in state.links:
        _step(undo, ["link", "del", net.bridge], "link", "add", net.bridge, "type", "bridge")
    if where in state.addresses.get(net.bridge, []):
        done.append(f"bridge {net.bridge}: up already, with {where}")
    else:
        address = ["addr", "add", where, "dev", net.bridge]
        _step(undo, ["addr", "del", where, "dev", net.bridge], *address)
        done.append(f"bridge {net.bridge}: {where}, the controller's address")
    _ip("link", "set", net.bridge, "up")
    for h in net.hosts:
        if h.netns in state.namespaces:
            done.append(f"host {h.name}: namespace {h.netns} is up already")
            continue
        _step(undo, ["netns", "del", h.netns], "netns", "add", h.netns)
        link = ["link", "add", h.veth, "type", "veth", "peer", "name", INNER, "netns", h.netns]
        _step(undo, ["link", "del", h.veth], *link)
        _ip("link", "set", h.veth, "master", net.bridge, "up")
        _ip("-n", h.netns, "link", "set", "lo", "up")
        _ip("-n", h.netns, "addr", "add", f"{h.address}/{PREFIX}", "dev", INNER)
        _ip("-n", h.netns, "link", "set", INNER, "up")
        done.append(
            f"host {h.name}: namespace {h.netns}, {h.address}/{PREFIX} on its {INNER}, "
            f"veth {h.veth} on the bridge"
        )


def _step(undo: list, undoing: list, *command: str) -> None:
    """Runs ``ip COMMAND``; once it succeeded, ``undoing`` will undo it on failure."""
    _ip(*command)
    undo.append(undoing)


def down(net: Network, kill: bool = False) -> list:
    """Removes what ``up`` made for ``net``'s topology, also hosts the file no longer names;
    returns what it did, one line each. A namespace that is not ours is left alone; one where
    processes run is refused, unless ``kill``: they are SIGKILLed first."""
    _check_can()
    state = _State.read()
    veths = [h.veth for h in net.hosts] + state.ports(net.bridge)
    ours = {}
    for veth in veths:
        netns = state.peer_netns(veth)
        if netns is not None:
            ours.setdefault(netns, veth)
    done = [
        f"namespace {h.netns} (host {h.name}): left alone, evflow hosts up did not make it"
        for h in net.hosts
        if h.netns in state.namespaces and h.netns not in ours
    ]
    running = {netns: pids(netns) for netns in ours}
    if kill:
        for found in running.values():
            for pid in found:
                _kill(pid)
    elif any(running.values()):
        netns, found = next((n, p) for n, p in running.items() if p)
        raise HostsError(
            f"namespace {netns} still runs processes (pids {', '.join(map(str, found))}): stop "
            "the topology first (evflow ctl FILE stop), then run evflow hosts down again"
        )
    for netns, veth in ours.items():
        _ip("link", "del", veth, check=False)
        _ip("netns", "del", netns)
        done.append(f"namespace {netns} and veth {veth}: removed")
    if net.bridge in state.links:
        _ip("link", "del", net.bridge)
        done.append(f"bridge {net.bridge}: removed")
    return done


def pids(netns: str) -> list:
    """The processes running in network namespace ``netns``."""
    return [int(p) for p in _ip("netns", "pids", netns, check=False).stdout.split()]


def _kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def route_source(address: str) -> str | None:
    """This machine's own address on its route to ``address`` (None: no route)."""
    try:
        out = _ip("-o", "route", "get", address).stdout.split()
        return out[out.index("src") + 1]
    except (HostsError, ValueError, IndexError):
        return None


def _check_can() -> None:
    if shutil.which("ip") is None:
        raise HostsError("iproute2's `ip` command is not installed: install iproute2")
    if os.geteuid() != 0:
        raise HostsError(
            "evflow hosts makes and removes network namespaces, veths and a bridge, which "
            "needs root: run it as root (sudo evflow hosts ...)"
        )


def _check_subnet(net: Network, state) -> None:
    """The hosts' subnet must be on no interface of this machine but our bridge: another
    would take its routes."""
    subnet = net.subnet()
    for link, addresses in state.addresses.items():
        for where in addresses:
            other = ipaddress.ip_network(where, strict=False)
            if link != net.bridge and other.prefixlen >= PREFIX and other.overlaps(subnet):
                raise SubnetTakenError(
                    f"subnet {subnet} of the hosts is already on interface {link} of this "
                    f"machine ({where}): give the namespace hosts addresses in another /{PREFIX}"
                )
    others = [a for a in state.addresses.get(net.bridge, []) if a != f"{net.controller}/{PREFIX}"]
    if others:
        raise HostsError(
            f"bridge {net.bridge} carries {', '.join(others)}, not the controller's "
            f"{net.controller}: the hosts are up with other addresses; run evflow hosts down "
            "first"
        )


def _check_route(net: Network) -> None:
    """``evflow up``, from its address on the route to ``net.probe``, must reach the hosts."""
    source = route_source(net.probe)
    if source != net.controller:
        raise HostsError(
            f"this machine's route to {net.probe} leaves from {source or 'nowhere'}, not from "
            f"the bridge's {net.controller}, so the hosts could not reach evflow up: set "
            f'controller = "{net.controller}" in the topology file, or remove the route that '
            f"takes {net.probe} elsewhere (ip route get {net.probe})"
        )


@contextmanager
def _signals_held():
    """SIGINT and SIGTERM wait until the hosts are made or undone: never half-made."""
    held = {signal.SIGINT, signal.SIGTERM}
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _ip(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    done = subprocess.run(["ip", *args], capture_output=True, text=True)
    if check and done.returncode != 0:
        said = " ".join(done.stderr.split()) or f"exit code {done.returncode}"
        raise HostsError(f"`ip {' '.join(args)}` failed: {said}")
    return done


def _ip_json(*args: str) -> list:
    return json.loads(_ip("-j", *args).stdout or "[]")


@dataclass
class _State:
    """This machine's links, their IPv4 addresses, and its named network namespaces."""

    links: dict
    """Name: ``ip -j link`` entry."""
    addresses: dict
    """Link name: ``["ADDRESS/PREFIX", ...]``."""
    namespaces: dict
    """Name: netns id (None: none assigned)."""

    @classmethod
    def read(cls) -> "_State":
        links = {link["ifname"]: link for link in _ip_json("link", "show")}
        addresses = {
            link["ifname"]: [f"{a['local']}/{a['prefixlen']}" for a in link.get("addr_info", [])]
            for link in _ip_json("-4", "addr", "show")
        }
        names = set(os.listdir(NETNS_DIR)) if os.path.isdir(NETNS_DIR) else set()
        ids = {n["name"]: n.get("id") for n in _ip_json("netns", "list")}
        return cls(links, addresses, {name: ids.get(name) for name in names})

    def peer_netns(self, veth: str) -> str | None:
        """The named namespace the peer of ``veth`` lies in."""
        netnsid = self.links.get(veth, {}).get("link_netnsid")
        if netnsid is None:
            return None
        return next((n for n, i in self.namespaces.items() if i == netnsid), None)

    def owns(self, host: NamespaceHost) -> bool:
        """Whether ``host``'s namespace is the one our veth leads into."""
        return self.peer_netns(host.veth) == host.netns

    def ports(self, bridge: str) -> list:
        """The links enslaved to ``bridge``."""
        return [name for name, link in self.links.items() if link.get("master") == bridge]
