"""Channels (docs/transport.md): each test body runs over the four transports, with its peers
in threads (inproc) or in processes of their own (shm, ipc, tcp); then what only some
transports have: pyzmq talking to tcp channels, zero-copy and a killed receiver on shm, and
`evflow shm ls/clean`. Every wait has a timeout, and every process is killed in a finally."""

import itertools
import json
import multiprocessing
import multiprocessing.connection
import os
import queue
import re
import selectors
import signal
import subprocess
import sys
import threading
import time

import evflow as ef
import numpy as np
import pytest
import zmq
from channel_peers import (
    WAIT_S,
    Reporter,
    array_pusher,
    puller,
    pusher,
    replier,
    sample_event,
    subscriber,
)
from conftest import _default_sigint, error_lines, run_cli
from evflow.shm import sessions

TRANSPORTS = ["inproc", "shm", "ipc", "tcp"]
SEGMENT_SIZE = 32 << 20  # the test sessions' segments: big enough, quick to create
PROBE_S = 0.05  # how long to wait for a peer's report before sending the next probe

_numbers = itertools.count()
PEERS = multiprocessing.get_context("forkserver")
PEERS.set_forkserver_preload(["channel_peers"])


def _unique(prefix: str) -> str:
    return f"{prefix}-{os.getpid()}-{next(_numbers)}"


def remove_session(session: str) -> None:
    """Removes the segment file of ``session``, if there is one."""
    for found in sessions():
        if found["session"] == session:
            try:
                os.unlink(found["path"])
            except FileNotFoundError:
                pass


class Net:
    """Addresses and peers of one test on one transport. Peers get ``(report, stop, *args)``:
    where to report (a queue for threads, a pipe of its own for a process) and an event that
    tells them to finish."""

    def __init__(self, transport, tmp_path):
        self.transport = transport
        self.tmp_path = tmp_path
        self.session = _unique("pytest")
        self.threads = transport == "inproc"
        self.reports = queue.Queue()
        self.pipes = []
        self.stop = threading.Event() if self.threads else PEERS.Event()
        self.peers = []

    def address(self, name="ch"):
        """Where to bind channel ``name``; peers connect to the bound channel's ``.address``."""
        return {
            "inproc": f"inproc://{self.session}-{name}",
            "shm": f"shm://{self.session}/{name}",
            "ipc": f"ipc://{self.tmp_path}/{name}.sock",
            "tcp": "tcp://127.0.0.1:0",
        }[self.transport]

    def bind(self, pattern, name="ch", **options):
        """A channel of ``pattern`` bound at ``address(name)``."""
        return ef.Channel(pattern, bind=self.address(name), segment_size=SEGMENT_SIZE, **options)

    def start(self, target, *args):
        """Starts a peer running ``target(report, stop, *args)``."""
        if self.threads:
            peer = threading.Thread(target=target, args=(self.reports, self.stop, *args))
            peer.daemon = True
        else:
            reader, writer = PEERS.Pipe(duplex=False)
            peer = PEERS.Process(target=target, args=(Reporter(writer), self.stop, *args))
            peer.daemon = True
            self.pipes.append(reader)
        peer.start()
        if not self.threads:
            writer.close()
        self.peers.append(peer)
        return peer

    def next_report(self, timeout=WAIT_S):
        """The next ``(name, value)`` a peer reported; ``queue.Empty`` after ``timeout``."""
        deadline = time.monotonic() + timeout
        while self.pipes:
            ready = multiprocessing.connection.wait(self.pipes, max(0, deadline - time.monotonic()))
            if not ready:
                raise queue.Empty
            try:
                return ready[0].recv()
            except EOFError:  # that peer has ended
                self.pipes.remove(ready[0])
        return self.reports.get(timeout=max(0, deadline - time.monotonic()))

    def wait_ready(self, count):
        """Waits until ``count`` peers have reported ``ready``."""
        for _ in range(count):
            name, value = self.next_report()
            assert value == "ready", f"{name} reported {value!r} before it was ready"

    def gather(self, seen, until, deadline_s=WAIT_S, required=True):
        """Adds the peers' reports to ``seen[name]`` until ``until()`` holds; then returns
        True. Past the deadline, fails the test, or returns False if not ``required``."""
        deadline = time.monotonic() + deadline_s
        while not until():
            left = deadline - time.monotonic()
            if left <= 0:
                assert not required, f"peers did not report in time; so far: {seen}"
                return False
            try:
                name, value = self.next_report(timeout=left)
            except queue.Empty:
                continue
            seen[name].append(value)
        return True

    def probe(self, channel, seen, message, deadline_s=WAIT_S):
        """Sends ``message`` until every peer in ``seen`` has received something: libzmq
        connects and subscribes in the background, and a shm peer joins when it starts."""
        deadline = time.monotonic() + deadline_s
        while not all(seen.values()):
            assert time.monotonic() < deadline, f"not every peer received a probe: {seen}"
            channel.send(message, timeout=WAIT_S)
            try:
                name, value = self.next_report(timeout=PROBE_S)
            except queue.Empty:
                continue
            seen[name].append(value)

    def finish(self):
        """Tells the peers to finish and waits for them (kills processes that do not)."""
        self.stop.set()
        for peer in self.peers:
            peer.join(timeout=WAIT_S)
            if not self.threads and peer.is_alive():
                peer.kill()
                peer.join()

    def close(self):
        self.finish()
        for pipe in self.pipes:
            pipe.close()
        remove_session(self.session)


@pytest.fixture(params=TRANSPORTS)
def net(request, tmp_path):
    """One test's addresses and peers on each transport in turn."""
    net = Net(request.param, tmp_path)
    yield net
    net.close()


@pytest.fixture
def shm_net(tmp_path):
    """Addresses and peers on shm only."""
    net = Net("shm", tmp_path)
    yield net
    net.close()


def numbers(values):
    """The integers of reported message bodies such as b'17'."""
    return [int(v) for v in values]


# --- every pattern over every transport ------------------------------------------------


def test_push_pull_two_pullers_get_every_message_exactly_once(net):
    with net.bind("push") as push:
        for name in ("a", "b"):
            net.start(puller, push.address, name)
        net.wait_ready(2)
        seen = {"a": [], "b": []}
        net.probe(push, seen, b"-1")
        for i in range(200):
            push.send(b"%d" % i, timeout=WAIT_S)
        net.gather(seen, lambda: sum(v != b"-1" for v in seen["a"] + seen["b"]) == 200)
        got = {name: [v for v in values if v != b"-1"] for name, values in seen.items()}
        assert sorted(numbers(got["a"] + got["b"])) == list(range(200))
        assert got["a"] and got["b"], "the load was not shared"


def test_pub_sub_two_subscribers_and_a_topic(net):
    with net.bind("pub") as pub:
        net.start(subscriber, pub.address, "all", ())
        net.start(subscriber, pub.address, "alpha", ("alpha",))
        net.wait_ready(2)
        seen = {"all": [], "alpha": []}
        net.probe(pub, seen, b"alpha-probe")
        for i in range(20):
            pub.send([b"alpha-%d" % i, b"payload"], timeout=WAIT_S)
            pub.send([b"beta-%d" % i, b"payload"], timeout=WAIT_S)
        pub.send(b"alpha-end", timeout=WAIT_S)
        net.gather(seen, lambda: all(b"alpha-end" in values for values in seen.values()))
    got = {name: [v for v in values if v != b"alpha-probe"] for name, values in seen.items()}
    alphas = [b"alpha-%d" % i for i in range(20)]
    betas = [b"beta-%d" % i for i in range(20)]
    assert got["alpha"] == [*alphas, b"alpha-end"]
    assert got["all"] == [*itertools.chain(*zip(alphas, betas, strict=True)), b"alpha-end"]


def test_req_rep_round_trips(net):
    with net.bind("req") as req:
        net.start(replier, req.address, 5)
        for i in range(5):
            req.send([b"q%d" % i, b"", b"tail"], timeout=WAIT_S)
            assert req.recv(timeout=WAIT_S).bytes() == [b"re:q%d" % i, b"", b"tail"]
        assert net.next_report() == ("replier", "done")


def test_multi_part_messages_with_empty_parts(net):
    messages = [[b""], [b"", b"a", b""], [b"x" * 100_000, b"", b"end"]]
    with net.bind("pull") as pull:
        net.start(pusher, pull.address, messages)
        for parts in messages:
            message = pull.recv(timeout=WAIT_S)
            assert len(message) == len(parts)
            assert message.bytes() == parts
            assert [bytes(part) for part in message] == parts
            assert [len(memoryview(part)) for part in message] == [len(p) for p in parts]


def test_event_round_trip_gives_read_only_views(net):
    with net.bind("pull") as pull:
        net.start(pusher, pull.address, [[b"header"]], True)
        assert pull.recv(timeout=WAIT_S).bytes() == [b"header"]
        message = pull.recv(timeout=WAIT_S)
    event, expected = message.event(0), sample_event()
    assert (event.run, event.number) == (7, 42)
    assert event.keys() == expected.keys()
    for name in expected.keys():
        got, want = event[name], expected[name]
        assert got.dtype == want.dtype and got.shape == want.shape
        assert np.array_equal(got, want), name
        assert not got.flags.writeable and not got.flags.owndata, name
        with pytest.raises(ValueError, match="read-only"):
            got[...] = want


def test_recv_timeout_raises_channel_timeout(net):
    with net.bind("pull") as pull:
        start = time.monotonic()
        with pytest.raises(ef.ChannelTimeoutError, match="no message within") as raised:
            pull.recv(timeout=0.3)
        elapsed = time.monotonic() - start
        assert 0.25 < elapsed < WAIT_S
        assert net.address() in str(raised.value) or pull.address in str(raised.value)
        with pytest.raises(ef.ChannelTimeoutError):
            pull.recv(timeout=0)
    assert issubclass(ef.ChannelTimeoutError, ef.ChannelError)
    assert issubclass(ef.ChannelError, ef.EvflowError)


def test_send_with_nobody_receiving_times_out(net):
    with net.bind("push") as push:
        # No puller has joined yet: the same on every transport (docs/steering.md, "Errors").
        with pytest.raises(ef.ChannelTimeoutError):
            push.send(b"lost", timeout=0.2)


def test_send_to_a_full_queue_times_out_and_recovers(net):
    part = bytes(1000)
    with (
        net.bind("pull", queue=1) as pull,
        ef.Channel("push", connect=pull.address, queue=1) as push,
    ):
        push.send(b"first", timeout=WAIT_S)
        assert pull.recv(timeout=WAIT_S).bytes() == [b"first"]
        queued = 0
        with pytest.raises(ef.ChannelTimeoutError, match="full"):
            # The kernel's socket buffers hold some thousands on ipc and tcp.
            for queued in range(200_000):  # noqa: B007
                push.send(part, timeout=0.05)
        assert queued > 0
        while True:
            try:
                pull.recv(timeout=0.5)
            except ef.ChannelTimeoutError:
                break
        push.send(b"again", timeout=WAIT_S)
        assert pull.recv(timeout=WAIT_S).bytes() == [b"again"]


def test_pattern_misuse_is_a_clear_error(net):
    with net.bind("push", "p") as push, net.bind("pull", "q") as pull:
        with pytest.raises(ef.ChannelError, match="a push channel cannot receive") as raised:
            push.recv(timeout=0.1)
        assert raised.type is ef.ChannelError
        with pytest.raises(ef.ChannelError, match="a pull channel cannot send"):
            pull.send(b"x", timeout=0.1)
    with net.bind("req", "r") as req:
        with pytest.raises(ef.ChannelError, match="request") as raised:
            req.recv(timeout=0.1)
        assert raised.type is ef.ChannelError
    req.close()
    with pytest.raises(ef.ChannelError, match="closed"):
        req.send(b"x", timeout=0.1)


BAD_ADDRESSES = {
    "inproc": ("inproc://", "inproc://name"),
    "shm": ("shm://session-without-channel", "shm://session/name"),
    "ipc": ("ipc://", "ipc://path"),
    "tcp": ("tcp://127.0.0.1", "tcp://host:port"),
}


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_bad_address_is_a_config_error_naming_the_form(transport):
    address, form = BAD_ADDRESSES[transport]
    with pytest.raises(ef.ConfigError) as raised:
        ef.Channel("pull", bind=address)
    assert address in str(raised.value)
    assert form in str(raised.value)


def test_address_without_a_scheme_lists_every_form():
    with pytest.raises(ef.ConfigError) as raised:
        ef.Channel("push", connect="127.0.0.1:5555")
    for form in BAD_ADDRESSES.values():
        assert form[1] in str(raised.value)
    with pytest.raises(ef.ConfigError, match="unknown transport"):
        ef.Channel("push", connect="udp://127.0.0.1:5555")


@pytest.mark.parametrize(
    ("args", "options", "match"),
    [
        (("fan-out",), {"bind": "inproc://x"}, "unknown pattern"),
        (("push",), {}, "exactly one of bind= and connect="),
        (("push",), {"bind": "inproc://x", "connect": "inproc://x"}, "exactly one"),
        (("push",), {"bind": "inproc://x", "queue": 0}, "queue"),
        (("push",), {"bind": "inproc://x", "queue": 1.5}, "queue"),
        (("push",), {"bind": "inproc://x", "linger": -1}, "linger"),
        (("push",), {"bind": "inproc://x", "topics": ["a"]}, "topics apply to sub"),
        (("sub",), {"bind": "inproc://x", "topics": [3]}, "topic"),
        (("pull",), {"bind": "shm://pytest-small/x", "segment_size": 4096}, "segment"),
    ],
)
def test_bad_options_are_config_errors(args, options, match):
    with pytest.raises(ef.ConfigError, match=match):
        ef.Channel(*args, **options)


def test_bad_timeout_and_part_types(net):
    with net.bind("push") as push:
        with pytest.raises(ef.ConfigError, match="timeout"):
            push.send(b"x", timeout=-1)
        with pytest.raises(TypeError, match="str"):
            push.send("text", timeout=0.1)
        with pytest.raises(TypeError, match="part 1: cannot send a dict"):
            push.send([b"x", {}], timeout=0.1)
        with pytest.raises(BufferError, match="contiguous"):
            push.send(np.arange(10.0)[::2], timeout=0.1)


def test_threads_share_a_channel(net):
    with net.bind("pull") as pull, ef.Channel("push", connect=pull.address) as push:

        def send(first):
            for i in range(first, first + 100):
                push.send(b"%d" % i, timeout=WAIT_S)

        senders = [threading.Thread(target=send, args=(k * 100,), daemon=True) for k in (0, 1)]
        for thread in senders:
            thread.start()
        got = numbers(pull.recv(timeout=WAIT_S).bytes()[0] for _ in range(200))
        for thread in senders:
            thread.join(WAIT_S)
        assert sorted(got) == list(range(200))


def test_close_from_another_thread_ends_a_blocking_recv(net):
    pull = net.bind("pull")
    outcome = queue.Queue()

    def wait_for_ever():
        try:
            pull.recv()
        except ef.ChannelError as e:
            outcome.put(e)

    thread = threading.Thread(target=wait_for_ever, daemon=True)
    thread.start()
    pull.close()
    thread.join(WAIT_S)
    assert not thread.is_alive()
    assert "closed" in str(outcome.get(timeout=WAIT_S))
    assert pull.closed


def read_line(process, timeout=WAIT_S):
    """The next line of a child's stdout, or '' if none comes within ``timeout``."""
    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ)
        if not selector.select(timeout):
            return ""
    return process.stdout.readline()


WAIT_FOR_EVER = """\
import sys
import evflow as ef

channel = ef.Channel("pull", bind=sys.argv[1], segment_size=int(sys.argv[2]))
print("ready", flush=True)
channel.recv()
"""


def test_ctrl_c_interrupts_a_blocking_recv(net):
    child = subprocess.Popen(
        [sys.executable, "-c", WAIT_FOR_EVER, net.address(), str(SEGMENT_SIZE)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_default_sigint,
    )
    try:
        assert read_line(child) == "ready\n"
        child.send_signal(signal.SIGINT)
        _, stderr = child.communicate(timeout=WAIT_S)
        assert child.returncode != 0
        assert "KeyboardInterrupt" in stderr
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


# --- a plain pyzmq socket talks to evflow tcp channels ---------------------------------


def test_pyzmq_pull_receives_from_an_evflow_push():
    context = zmq.Context()
    with ef.Channel("push", bind="tcp://127.0.0.1:0") as push:
        assert re.fullmatch(r"tcp://127\.0\.0\.1:\d+", push.address)
        assert not push.address.endswith(":0")
        socket = context.socket(zmq.PULL)
        try:
            socket.connect(push.address)
            push.send([b"header", b"", np.arange(4, dtype="<u4")], timeout=WAIT_S)
            assert socket.poll(WAIT_S * 1000)
            parts = socket.recv_multipart()
        finally:
            socket.close(linger=0)
            context.term()
    assert parts == [b"header", b"", np.arange(4, dtype="<u4").tobytes()]


def test_pyzmq_push_sends_to_an_evflow_pull():
    context = zmq.Context()
    socket = context.socket(zmq.PUSH)
    try:
        port = socket.bind_to_random_port("tcp://127.0.0.1")
        with ef.Channel("pull", connect=f"tcp://127.0.0.1:{port}") as pull:
            socket.send_multipart([b"a", b"", b"c" * 1000])
            assert pull.recv(timeout=WAIT_S).bytes() == [b"a", b"", b"c" * 1000]
    finally:
        socket.close(linger=0)
        context.term()


# --- shared memory --------------------------------------------------------------------


def shm_mappings():
    """(start, end) of this process's mappings of evflow segments."""
    ranges = []
    with open("/proc/self/maps") as maps:
        for line in maps:
            fields = line.split()
            if len(fields) >= 6 and fields[5].startswith("/dev/shm/evflow."):
                start, end = (int(x, 16) for x in fields[0].split("-"))
                ranges.append((start, end))
    return ranges


def in_shm(address):
    return any(start <= address < end for start, end in shm_mappings())


def test_shm_parts_are_read_in_place(shm_net):
    with shm_net.bind("pull") as pull:
        shm_net.start(array_pusher, pull.address, 1000)
        message = pull.recv(timeout=WAIT_S)
    array = np.frombuffer(message[0], dtype="<f8")
    assert np.array_equal(array, np.arange(1000, dtype="<f8"))
    assert message[0].shared
    assert in_shm(array.ctypes.data)
    adc = message.event(1)["adc"]
    assert np.array_equal(adc, sample_event()["adc"])
    assert in_shm(adc.ctypes.data)
    del message
    # The views keep the blocks (and the mapping) alive.
    assert array[999] == 999.0 and adc[2, 7] == 23


def session_info(session):
    """``evflow shm ls --json``'s entry for ``session``."""
    listed = run_cli("shm", "ls", "--json", cwd=os.getcwd())
    assert listed.returncode == 0, listed.stderr
    found = [s for s in json.loads(listed.stdout) if s["session"] == session]
    assert found, f"session {session} not listed"
    return found[0]


def start_victim_and_survivor(shm_net, push):
    """Two pullers on ``push``, both receiving; the victim SIGKILLed and reaped."""
    victim = shm_net.start(puller, push.address, "victim")
    shm_net.start(puller, push.address, "survivor")
    shm_net.wait_ready(2)
    seen = {"victim": [], "survivor": []}
    shm_net.probe(push, seen, b"-1")
    os.kill(victim.pid, signal.SIGKILL)
    victim.join(WAIT_S)
    return seen


def send_numbers(push, first, count):
    """Sends ``first .. first + count - 1``; returns those the channel took."""
    sent = []
    for i in range(first, first + count):
        try:
            push.send(b"%d" % i, timeout=1.0)
            sent.append(i)
        except (ef.PeerGoneError, ef.ChannelTimeoutError):
            pass
    return sent


def test_shm_receiver_killed_while_the_sender_sends(shm_net):
    with shm_net.bind("push") as push:
        seen = start_victim_and_survivor(shm_net, push)
        # What went into the dead receiver's ring before the sender noticed is lost; from
        # then on, every message goes to the survivor.
        deadline, first, recovered = time.monotonic() + WAIT_S, 0, False
        while not recovered:
            assert time.monotonic() < deadline, f"sends never reached the survivor alone: {seen}"
            batch = send_numbers(push, first, 50)
            first += 50
            recovered = bool(batch) and shm_net.gather(
                seen, lambda b=batch: set(b) <= set(numbers(seen["survivor"])), 1.0, required=False
            )
        survivor = numbers(seen["survivor"])
        assert len(survivor) == len(set(survivor)), "a message arrived twice"
    shm_net.finish()
    assert all(peer.exitcode is not None for peer in shm_net.peers)
    # A new member of the session reclaims what the dead process held, and as the last to
    # leave removes the session.
    with ef.Channel("pull", bind=shm_net.address("after")):
        info = session_info(shm_net.session)
        assert (info["alive"], info["dead"], info["used"]) == (1, 0, 0), info
    assert not os.path.exists(info["path"])


def test_shm_sends_after_a_receiver_is_killed_reach_the_survivor_once_noticed(shm_net):
    # A busy sender looks for dead receivers every 100 ms (docs/transport.md): what it sends
    # to the dead one's queue before then is lost with it; everything after reaches the survivor.
    with shm_net.bind("push") as push:
        seen = start_victim_and_survivor(shm_net, push)
        time.sleep(0.2)
        early = send_numbers(push, 0, 64)
        late = send_numbers(push, 64, 200)
        assert late == list(range(64, 264))
        shm_net.gather(seen, lambda: set(late) <= set(numbers(seen["survivor"])), 2.0)
        assert len(numbers(seen["survivor"])) == len(set(numbers(seen["survivor"])))
        assert set(early) | set(late) >= set(numbers(seen["survivor"])) - {-1}


def test_shm_ls_and_clean():
    live, dead = _unique("pytest-live"), _unique("pytest-dead")
    children = {
        name: subprocess.Popen(
            [sys.executable, "-c", WAIT_FOR_EVER, f"shm://{name}/ch", str(SEGMENT_SIZE)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name in (live, dead)
    }
    try:
        for child in children.values():
            assert read_line(child) == "ready\n"
        children[dead].kill()
        children[dead].wait(WAIT_S)
        assert session_info(live)["state"] == "alive"
        assert session_info(live)["alive"] == 1
        info = session_info(dead)
        assert (info["state"], info["alive"], info["dead"]) == ("dead", 0, 1)
        assert info["size"] == SEGMENT_SIZE
        table = run_cli("shm", "ls", cwd=os.getcwd())
        assert table.returncode == 0
        assert table.stdout.splitlines()[0].split()[:2] == ["session", "size"]
        rows = {line.split()[0]: line.split() for line in table.stdout.splitlines()[1:]}
        assert rows[dead][-1] == "dead" and rows[live][-1] == "alive"
        assert rows[dead][-2] == f"{children[dead].pid}(dead)"
        assert rows[live][-2] == str(children[live].pid)
        # Named, so that other test suites' dead sessions stay.
        cleaned = run_cli("shm", "clean", dead, live, cwd=os.getcwd())
        assert cleaned.returncode == 0, cleaned.stderr
        assert f"removed {info['path']}" in cleaned.stdout
        assert f"kept {session_info(live)['path']}: a process of it runs" in cleaned.stdout
        assert not os.path.exists(info["path"])
        assert session_info(live)["state"] == "alive"
        unknown = run_cli("shm", "clean", dead, cwd=os.getcwd())
        assert unknown.returncode == 2
        assert f"no session {dead}" in error_lines(unknown.stderr)[0]
    finally:
        for child in children.values():
            child.kill()
            child.wait()
        remove_session(live)
        remove_session(dead)


def test_shm_cli_usage_errors():
    result = run_cli("shm", cwd=os.getcwd())
    assert result.returncode == 2
    assert len(error_lines(result.stderr)) == 1
    result = run_cli("shm", "rm", cwd=os.getcwd())
    assert result.returncode == 2
    assert "invalid choice" in error_lines(result.stderr)[0]


def _zmtp_push_announcing(port: int, size: int):
    """A raw socket that does the ZMTP 3.0 handshake as a PUSH peer, then announces one frame
    of ``size`` bytes and sends only its first bytes: what a hostile peer costs the receiver."""
    import socket
    import struct

    s = socket.create_connection(("127.0.0.1", port))
    greeting = b"\xff" + b"\x00" * 8 + b"\x7f" + b"\x03\x00" + b"NULL".ljust(20, b"\x00")
    s.sendall(greeting + b"\x00" * 32)
    ready = b"\x05READY" + b"\x0bSocket-Type" + struct.pack(">I", 4) + b"PUSH"
    s.sendall(bytes([0x04, len(ready)]) + ready)
    s.sendall(b"\x02" + struct.pack(">Q", size) + b"x" * 64)
    return s


def test_a_tcp_receive_is_bounded_and_a_hostile_peer_costs_nothing():
    pull = ef.Channel("pull", bind="tcp://127.0.0.1:0", max_part_size=1 << 20)
    port = int(pull.address.rsplit(":", 1)[1])
    hostile = _zmtp_push_announcing(port, 8 << 30)  # 8 GiB
    hostile.settimeout(1)
    deadline = time.monotonic() + 10
    closed = False  # the receiver sends its greeting and READY, then hangs up
    while not closed and time.monotonic() < deadline:
        try:
            closed = hostile.recv(4096) == b""
        except ConnectionResetError:
            closed = True
        except TimeoutError:
            continue
    hostile.close()
    assert closed, "the receiver kept the connection of a peer announcing an 8 GiB part"
    ctx = zmq.Context.instance()
    big, fine = ctx.socket(zmq.PUSH), ctx.socket(zmq.PUSH)
    try:
        big.connect(pull.address)
        big.send(b"x" * (2 << 20))  # over the limit: dropped with its connection
        fine.connect(pull.address)
        fine.send(b"within the limit")
        assert pull.recv(timeout=10).bytes() == [b"within the limit"]
        with pytest.raises(ef.ChannelTimeoutError):
            pull.recv(timeout=0.3)
    finally:
        big.close(linger=0)
        fine.close(linger=0)
        pull.close()
    with pytest.raises(ef.ConfigError):
        ef.Channel("pull", bind="tcp://127.0.0.1:0", max_part_size=0)
