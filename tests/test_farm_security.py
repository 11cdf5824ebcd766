"""A topology with ``security = "curve"`` (docs/security.md): every tcp channel between its
three namespace hosts and its control plane use CURVE with the hosts' and the controller's
keys. Its output equals an unprotected run's; peers without a listed key, pyzmq's among
them, get nothing through to the controller or to any device, and are logged."""

import json
import os
import shutil

import pytest
import zmq
import zmq.auth
from conftest import run_cli
from test_farm import endpoint, farm, finish, start_up
from test_topology import events_of, reference, status

pytestmark = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("ip") is None,
    reason="network namespaces need root and iproute2's ip",
)


def new_keys(tmp_path, *names):
    (tmp_path / "keys").mkdir(exist_ok=True)
    for name in names:
        result = run_cli("keys", "new", name, "--dir", tmp_path / "keys", cwd=tmp_path)
        assert result.returncode == 0, result.stderr


def secure_farm(tmp_path, hosts):
    """The chain across hosts a, b and c, each with its key, and the controller's."""
    topo = farm(tmp_path, hosts, security="curve", controller_key="keys/controller.key_secret")
    text = topo.read_text()
    for host in ("a", "b", "c"):
        text = text.replace(
            f"[hosts.{host}]\n", f'[hosts.{host}]\nkey = "keys/{host}.key_secret"\n'
        )
    topo.write_text(text)
    new_keys(tmp_path, "controller", "a", "b", "c", "intruder")
    return topo


def test_a_chain_across_hosts_under_curve_equals_one_process(tmp_path, hosts):
    topo = secure_farm(tmp_path, hosts)
    up = start_up(topo, tmp_path, EVENTS=3000)
    err = finish(up)
    assert up.returncode == 0, err
    assert events_of(tmp_path / "out.evf") == reference(tmp_path, {"EVENTS": "3000"})
    assert "refused" not in err and "handshake" not in err, err


def test_peers_without_a_listed_key_reach_neither_the_controller_nor_a_device(tmp_path, hosts):
    """Forged reports to the controller, garbage to the sink's results port: from pyzmq
    without keys and with a key that is not listed. Nothing gets through (the controller
    counts no malformed report, the sink drops nothing), each refused key is logged with its
    address (a peer without keys: its address, by the handshake it failed), and every event is
    written once."""
    topo = secure_farm(tmp_path, hosts)
    # Events after the first 100 wait at a gate until the peers have sent: the job runs while
    # the ports are found, however slowly `ctl status` answers.
    gate = tmp_path / "gate"
    up = start_up(topo, tmp_path, EVENTS=20000, RECO_SLEEP=0.001, RECO_GATE=gate)
    context, peers = zmq.Context(), []
    try:
        pid = status(topo, tmp_path)[0]["pid"]
        with open(f"/proc/{pid}/cmdline") as f:  # the device's command names the port
            command = f.read().split("\0")
        targets = {
            "controller": command[command.index("--reports") + 1],
            "a": endpoint(topo, tmp_path, "results"),
        }
        intruder_public, intruder_secret = zmq.auth.load_certificate(
            tmp_path / "keys/intruder.key_secret"
        )
        for host, address in targets.items():
            server_key = zmq.auth.load_certificate(tmp_path / f"keys/{host}.key")[0]
            for keyed in (False, True):
                push = context.socket(zmq.PUSH)
                if keyed:
                    push.curve_serverkey = server_key
                    push.curve_publickey, push.curve_secretkey = intruder_public, intruder_secret
                push.connect(address)
                # Not waiting: a refused handshake may leave the socket no peer to queue for.
                report = json.dumps({"name": "evf-gen-a-1", "stop": 2}).encode()
                for parts in ([report], [b"not a header"]):
                    try:
                        push.send_multipart(parts, zmq.NOBLOCK)
                    except zmq.Again:
                        pass
                # Open until the job ends: libzmq tries the handshake again and again.
                peers.append(push)
    finally:
        gate.touch()
        err = finish(up)
        context.destroy(linger=0)
    assert up.returncode == 0, err
    intruder = zmq.auth.load_certificate(tmp_path / "keys/intruder.key")[0].decode()
    refused = [line for line in err.splitlines() if "refused a CURVE client" in line]
    # The controller's and the sink's: each refused once per address and key.
    by_sink = [line for line in refused if line.startswith("[evf-store-a-1]")]
    by_controller = [line for line in refused if line.startswith("evflow: warning")]
    for lines in (by_sink, by_controller):
        assert len(lines) == 1 and intruder in lines[0], err
    # The peers without keys never reach the allow-list: the handshake names them, as not
    # CURVE or, where the peer noticed first and left, as gone during the handshake.
    plain = [
        line
        for line in err.splitlines()
        if "its handshake is not CURVE" in line or "it left during the CURVE handshake" in line
    ]
    for process in ("[evf-store-a-1]", "evflow: warning"):
        assert 1 <= len([line for line in plain if line.startswith(process)]) <= 2, err
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["job"]["malformed_reports"] == 0
    assert "dropped" not in err
    assert events_of(tmp_path / "out.evf") == reference(tmp_path, {"EVENTS": "20000"})


def test_missing_and_unreadable_keys_are_clear_errors_and_nothing_starts(tmp_path, hosts):
    topo = secure_farm(tmp_path, hosts)
    (tmp_path / "keys/b.key").unlink()
    os.chmod(tmp_path / "keys/controller.key_secret", 0o644)
    result = run_cli("up", topo, cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert "controller_key" in result.stderr and "chmod 600" in result.stderr
    assert "host b" in result.stderr and "b.key" in result.stderr
    assert "Traceback" not in result.stderr
    assert not list(tmp_path.glob("out.evf"))
