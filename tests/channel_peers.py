"""The other ends of the channel tests: each runs in a thread (inproc) or in a process of its
own (shm, ipc, tcp), reports what it sees on ``report`` and stops when ``stop`` is set. Every
wait has a timeout, so a peer never outlives a failed test by more than a few seconds."""

import evflow as ef
import numpy as np

WAIT_S = 10.0  # the longest any peer waits for one message
POLL_S = 0.1  # how often a peer that waits for messages looks at ``stop``


class Reporter:
    """What a peer process reports on: its own pipe, so a peer that is SIGKILLed cannot leave
    a lock shared with the others held (as a killed writer of a multiprocessing.Queue can)."""

    def __init__(self, connection):
        self.connection = connection

    def put(self, item):
        self.connection.send(item)


def sample_event() -> ef.Event:
    """The event the event round-trip test sends: several dtypes and shapes."""
    hit = np.dtype([("layer", "u1"), ("phi", "<f4")])
    hits = np.zeros(3, hit)
    hits["layer"] = [1, 2, 3]
    hits["phi"] = [0.5, -0.5, 1.5]
    return ef.Event(
        run=7,
        number=42,
        adc=np.arange(24, dtype="<u2").reshape(3, 8),
        energy=np.float64(12.5),
        hits=hits,
        label="trigger",
    )


def _receive_until_stopped(channel, name, report, stop):
    while not stop.is_set():
        try:
            message = channel.recv(timeout=POLL_S)
        except ef.ChannelTimeoutError:
            continue
        report.put((name, bytes(message[0])))


def puller(report, stop, address, name):
    """Pulls until stopped; reports ``(name, first part)`` for every message."""
    with ef.Channel("pull", connect=address) as channel:
        report.put((name, "ready"))
        _receive_until_stopped(channel, name, report, stop)


def subscriber(report, stop, address, name, topics):
    """Subscribes to ``topics``; reports ``(name, first part)`` for every message."""
    with ef.Channel("sub", connect=address, topics=topics) as channel:
        report.put((name, "ready"))
        _receive_until_stopped(channel, name, report, stop)


def replier(report, stop, address, requests):
    """Answers ``requests`` requests with ``[b"re:" + first part, *other parts]``."""
    with ef.Channel("rep", connect=address) as channel:
        for _ in range(requests):
            request = channel.recv(timeout=WAIT_S)
            parts = request.bytes()
            channel.send([b"re:" + parts[0], *parts[1:]], timeout=WAIT_S)
        report.put(("replier", "done"))
        # libzmq delivers the last reply in the background: stay until the test has it.
        stop.wait(WAIT_S)


def pusher(report, stop, address, messages, event=False):
    """Pushes each message of ``messages`` (lists of bytes), then ``sample_event()`` if
    ``event``, and stays until stopped (libzmq delivers in the background)."""
    with ef.Channel("push", connect=address) as channel:
        for parts in messages:
            channel.send(parts, timeout=WAIT_S)
        if event:
            channel.send(sample_event(), timeout=WAIT_S)
        report.put(("pusher", "sent"))
        stop.wait(WAIT_S)


def array_pusher(report, stop, address, length):
    """Pushes ``np.arange(length, dtype='<f8')`` and ``sample_event()`` as one message."""
    with ef.Channel("push", connect=address) as channel:
        channel.send([np.arange(length, dtype="<f8"), sample_event()], timeout=WAIT_S)
        report.put(("pusher", "sent"))
        stop.wait(WAIT_S)
