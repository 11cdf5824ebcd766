"""``evflow keys new`` (docs/security.md, "Keys"): CURVE key pairs as ZeroMQ certificates,
checked with a reader and a CURVE implementation evflow did not write (pyzmq's zmq.auth and
its libzmq)."""

import os
import stat

import pytest
import zmq
import zmq.auth
from conftest import run_cli
from evflow import _native
from evflow.errors import ConfigError


def new(tmp_path, name):
    result = run_cli("keys", "new", name, "--dir", tmp_path, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    return tmp_path / f"{name}.key", tmp_path / f"{name}.key_secret"


def test_keys_are_zeromq_certificates_that_pyzmq_reads(tmp_path):
    public_file, secret_file = new(tmp_path, "server")
    assert stat.S_IMODE(os.stat(secret_file).st_mode) == 0o600
    public, none = zmq.auth.load_certificate(public_file)
    assert none is None and len(public) == 40
    public_again, secret = zmq.auth.load_certificate(secret_file)
    assert public_again == public
    # libzmq derives the same public key from the secret one.
    assert zmq.curve_public(secret) == public


def test_the_keys_make_a_curve_handshake_in_libzmq(tmp_path):
    server_public, server_secret = zmq.auth.load_certificate(new(tmp_path, "server")[1])
    client_public, client_secret = zmq.auth.load_certificate(new(tmp_path, "client")[1])
    context = zmq.Context()
    try:
        server, client = context.socket(zmq.PULL), context.socket(zmq.PUSH)
        server.curve_server, server.curve_secretkey = True, server_secret
        server.curve_publickey = server_public
        port = server.bind_to_random_port("tcp://127.0.0.1")
        client.curve_serverkey = server_public
        client.curve_publickey, client.curve_secretkey = client_public, client_secret
        client.connect(f"tcp://127.0.0.1:{port}")
        client.send(b"through")
        assert server.poll(5000), "the CURVE handshake failed"
        assert server.recv() == b"through"
    finally:
        context.destroy(linger=0)


def test_existing_keys_are_never_overwritten(tmp_path):
    _, secret_file = new(tmp_path, "node")
    before = secret_file.read_bytes()
    result = run_cli("keys", "new", "node", "--dir", tmp_path, cwd=tmp_path)
    assert result.returncode == 2
    assert "node.key" in result.stderr and "never overwritten" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert secret_file.read_bytes() == before


@pytest.mark.parametrize("name", ["../up", "", "a/b"])
def test_a_name_that_is_no_file_name_is_refused(tmp_path, name):
    result = run_cli("keys", "new", name, "--dir", tmp_path, cwd=tmp_path)
    assert result.returncode == 2 and "cannot name key files" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_pyzmqs_certificates_are_read_and_a_secret_readable_by_others_refused(tmp_path):
    public_file, secret_file = zmq.auth.create_certificates(tmp_path, "peer")
    public, secret = zmq.auth.load_certificate(secret_file)
    os.chmod(secret_file, 0o644)
    with pytest.raises(ConfigError, match=r"may be read by others.*chmod 600"):
        _native.curve_key_read(str(secret_file), True)
    os.chmod(secret_file, 0o600)
    assert _native.curve_key_read(str(secret_file), True) == (public.decode(), secret.decode())
    assert _native.curve_key_read(str(public_file), False) == (public.decode(), None)
    with pytest.raises(ConfigError, match="holds no secret-key"):
        os.chmod(public_file, 0o600)
        _native.curve_key_read(str(public_file), True)
