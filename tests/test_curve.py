"""CURVE on tcp channels (docs/security.md, "CURVE on channels"): evflow against evflow with
allowed, unknown and missing keys, and against pyzmq (its own libzmq and libsodium, its
zmq.auth allow-list) as client and as server."""

import os
import threading

import evflow as ef
import pytest
import zmq
import zmq.auth
import zmq.auth.thread
from conftest import run_cli
from evflow.errors import ChannelTimeoutError, ConfigError

SHORT = 1.5  # seconds to wait for something that must not arrive


@pytest.fixture
def keys(tmp_path):
    """server, client and intruder key pairs: name -> (public file, secret file)."""
    pairs = {}
    for name in ("server", "client", "intruder"):
        result = run_cli("keys", "new", name, "--dir", tmp_path, cwd=tmp_path)
        assert result.returncode == 0, result.stderr
        pairs[name] = (tmp_path / f"{name}.key", tmp_path / f"{name}.key_secret")
    return pairs


def server(keys, allow=None):
    return ef.Channel(
        "pull",
        bind="tcp://127.0.0.1:0",
        curve_secret=keys["server"][1],
        curve_allow=[keys["client"][0]] if allow is None else allow,
    )


def client(keys, address, name="client", server_key=None):
    return ef.Channel(
        "push",
        connect=address,
        curve_secret=keys[name][1],
        curve_server=server_key or keys["server"][0],
        linger=0,
    )


def test_an_allowed_client_gets_events_through(keys):
    with server(keys) as pull, client(keys, pull.address) as push:
        event = ef.Event(run=1, number=7, adc=list(range(100)))
        push.send([b"header", event, bytes(1 << 20)])
        msg = pull.recv(timeout=10)
        assert bytes(msg[0]) == b"header"
        assert msg.event(1).number == 7
        assert len(msg[2]) == 1 << 20


def test_an_allow_list_may_be_a_directory_of_key_files(keys, tmp_path):
    allowed = tmp_path / "allowed"
    allowed.mkdir()
    (allowed / "client.key").write_bytes(keys["client"][0].read_bytes())
    with server(keys, allow=allowed) as pull, client(keys, pull.address) as push:
        push.send(b"through")
        assert bytes(pull.recv(timeout=10)[0]) == b"through"


def test_an_unknown_key_gets_nothing_through_and_is_logged_with_its_address(keys, capfd):
    with server(keys) as pull:
        with client(keys, pull.address, name="intruder") as push:
            push.send(b"forged")
            with pytest.raises(ChannelTimeoutError):
                pull.recv(timeout=SHORT)
        # An allowed client on the same channel is still served.
        with client(keys, pull.address) as push:
            push.send(b"through")
            assert bytes(pull.recv(timeout=10)[0]) == b"through"
    stderr = capfd.readouterr().err
    intruder = zmq.auth.load_certificate(keys["intruder"][0])[0].decode()
    refused = [line for line in stderr.splitlines() if "refused a CURVE client" in line]
    # Logged once, however often libzmq's reconnects retried the handshake.
    assert len(refused) == 1, stderr
    assert "at 127.0.0.1" in refused[0] and intruder in refused[0] and pull.address in refused[0]


def test_a_client_without_keys_or_with_the_wrong_server_key_gets_nothing_through(keys, capfd):
    """Nothing gets through, and both ends say why once, with the other end's address (the
    server cannot open the client's HELLO: it never reaches the allow-list)."""
    with server(keys) as pull:
        with ef.Channel("push", connect=pull.address, linger=0) as plain:
            plain.send(b"plain")
            with pytest.raises(ChannelTimeoutError):
                pull.recv(timeout=SHORT)
        with client(keys, pull.address, server_key=keys["intruder"][0]) as push:
            push.send(b"to the wrong server")
            with pytest.raises(ChannelTimeoutError):
                pull.recv(timeout=SHORT)
    # A CURVE client to a server without CURVE: refused the other way round.
    with ef.Channel("pull", bind="tcp://127.0.0.1:0") as plain:
        with client(keys, plain.address) as push:
            push.send(b"curve")
            with pytest.raises(ChannelTimeoutError):
                plain.recv(timeout=SHORT)
    lines = capfd.readouterr().err.splitlines()

    def logged(*alternatives):
        """One line holds every word of one of the alternatives."""
        found = [line for line in lines if any(all(w in line for w in a) for a in alternatives)]
        assert len(found) == 1, "\n".join(lines)

    # Both ends check the other's mechanism: which notices first is a race.
    logged(
        (pull.address, "refused a client at 127.0.0.1", "is not CURVE"),
        (pull.address, "refused a client at 127.0.0.1", "left during the CURVE handshake"),
    )
    logged((pull.address, "refused a client at 127.0.0.1", "curve_server is another server's key"))
    logged((f"the server at {pull.address} closed each connection", "check that curve_server"))
    logged(
        (f"the server at {plain.address} does not use CURVE",),
        (f"the server at {plain.address} closed each connection",),
    )


def test_a_client_is_told_its_key_was_refused(keys, capfd):
    with server(keys) as pull, client(keys, pull.address, name="intruder") as push:
        push.send(b"forged")
        with pytest.raises(ChannelTimeoutError):
            pull.recv(timeout=SHORT)
    lines = capfd.readouterr().err.splitlines()
    told = [line for line in lines if "refused this channel's public key" in line]
    assert len(told) == 1 and f"the server at {pull.address}" in told[0], told


def test_pyzmq_clients_against_an_evflow_server(keys):
    context = zmq.Context()
    try:
        with server(keys) as pull:
            for name, arrives in (("client", True), ("intruder", False)):
                public, secret = zmq.auth.load_certificate(keys[name][1])
                push = context.socket(zmq.PUSH)
                push.linger = 0
                push.curve_publickey, push.curve_secretkey = public, secret
                push.curve_serverkey = zmq.auth.load_certificate(keys["server"][0])[0]
                push.connect(pull.address)
                flags = 0 if arrives else zmq.NOBLOCK  # a refused handshake can leave no peer
                try:
                    push.send_multipart([b"from pyzmq", name.encode()], flags)
                except zmq.Again:
                    pass
                if arrives:
                    msg = pull.recv(timeout=10)
                    assert [bytes(p) for p in msg] == [b"from pyzmq", b"client"]
                else:
                    with pytest.raises(ChannelTimeoutError):
                        pull.recv(timeout=SHORT)
                push.close()
    finally:
        context.destroy(linger=0)


def test_evflow_clients_against_a_pyzmq_server_with_zmq_auth(keys, tmp_path):
    allowed = tmp_path / "pyzmq-allowed"
    allowed.mkdir()
    (allowed / "client.key").write_bytes(keys["client"][0].read_bytes())
    context = zmq.Context()
    auth = zmq.auth.thread.ThreadAuthenticator(context)
    auth.start()
    try:
        auth.configure_curve(domain="*", location=os.fspath(allowed))
        public, secret = zmq.auth.load_certificate(keys["server"][1])
        pull = context.socket(zmq.PULL)
        pull.curve_server, pull.curve_publickey, pull.curve_secretkey = True, public, secret
        port = pull.bind_to_random_port("tcp://127.0.0.1")
        address = f"tcp://127.0.0.1:{port}"
        with client(keys, address) as push:
            push.send([b"from evflow", ef.Event(run=2, number=9)])
            assert pull.poll(10_000), "pyzmq's server got nothing from the allowed evflow client"
            header, frame = pull.recv_multipart()
            assert header == b"from evflow"
            assert ef.Event.decode(frame).number == 9
        with client(keys, address, name="intruder") as push:
            push.send(b"forged")
            assert not pull.poll(int(SHORT * 1000)), "zmq.auth let an unknown key through"
        pull.close()
    finally:
        auth.stop()
        context.destroy(linger=0)


def test_req_rep_both_ways_under_curve(keys):
    rep = ef.Channel(
        "rep",
        bind="tcp://127.0.0.1:0",
        curve_secret=keys["server"][1],
        curve_allow=[keys["client"][0]],
    )
    req = ef.Channel(
        "req", connect=rep.address, curve_secret=keys["client"][1], curve_server=keys["server"][0]
    )
    with rep, req:
        done = threading.Event()

        def answer():
            msg = rep.recv(timeout=10)
            rep.send([b"re:", msg[0]])
            done.set()

        thread = threading.Thread(target=answer)
        thread.start()
        req.send(b"ping")
        assert [bytes(p) for p in req.recv(timeout=10)] == [b"re:", b"ping"]
        thread.join()
        assert done.is_set()


def test_wrong_curve_settings_are_clear_errors(keys, tmp_path):
    secret, public = keys["server"][1], keys["client"][0]
    with pytest.raises(ConfigError, match="tcp://"):
        ef.Channel("pull", bind="ipc:///tmp/x", curve_secret=secret, curve_allow=[public])
    with pytest.raises(ConfigError, match="need curve_secret"):
        ef.Channel("pull", bind="tcp://127.0.0.1:0", curve_allow=[public])
    with pytest.raises(ConfigError, match=r"curve_allow .* or curve_server"):
        ef.Channel("pull", bind="tcp://127.0.0.1:0", curve_secret=secret)
    with pytest.raises(ConfigError, match="not both"):
        ef.Channel(
            "pull",
            bind="tcp://127.0.0.1:0",
            curve_secret=secret,
            curve_allow=public,
            curve_server=public,
        )
    with pytest.raises(ConfigError, match="holds no secret-key"):
        ef.Channel("pull", bind="tcp://127.0.0.1:0", curve_secret=public, curve_allow=public)
    with pytest.raises(ConfigError, match="no public key"):
        empty = tmp_path / "empty"
        empty.mkdir()
        ef.Channel("pull", bind="tcp://127.0.0.1:0", curve_secret=secret, curve_allow=empty)
    os.chmod(secret, 0o644)
    with pytest.raises(ConfigError, match="chmod 600"):
        ef.Channel("pull", bind="tcp://127.0.0.1:0", curve_secret=secret, curve_allow=public)
