"""Channels: messages between threads, processes and machines (docs/transport.md).

import evflow as ef

with ef.Channel("push", bind="shm://job-1/events") as out:
    out.send([b"header", ef.Event(run=1, number=7, adc=adc)])

with ef.Channel("pull", connect="shm://job-1/events") as inp:
    msg = inp.recv(timeout=5.0)
    header, event = bytes(msg[0]), msg.event(1)

The address picks the transport: ``inproc://name`` (threads of one process),
``shm://session/name`` (processes of one machine, zero-copy through the session's
shared-memory segment), ``ipc://path`` (a Unix socket) or ``tcp://host:port``.

A channel may be used from several Python threads, one operation at a time. Blocking
calls release the GIL, and Ctrl-C interrupts them.
"""

import operator
import os

from evflow import _native
from evflow._native import Message, Part
from evflow.errors import ConfigError

DEFAULT_QUEUE = _native.DEFAULT_QUEUE
DEFAULT_LINGER = _native.DEFAULT_LINGER
DEFAULT_SEGMENT_SIZE = _native.DEFAULT_SEGMENT_SIZE


def _topics(topics) -> list[bytes]:
    if isinstance(topics, str | bytes):
        topics = [topics]
    out = []
    for topic in topics:
        if isinstance(topic, str):
            topic = topic.encode()
        if not isinstance(topic, bytes | bytearray | memoryview):
            raise ConfigError(f"topic {topic!r} is not str or bytes")
        out.append(bytes(topic))
    return out


def _count(name: str, value, minimum: int) -> int:
    try:
        number = operator.index(value)
    except TypeError:
        raise ConfigError(f"{name} = {value!r} is not an integer") from None
    if number < minimum:
        raise ConfigError(f"{name} = {number} is below {minimum}")
    return number


def _curve(secret, allow, server) -> tuple:
    """The CURVE arguments, checked: (secret, allow-list, server key), paths as str."""
    if isinstance(allow, str | os.PathLike):
        allow = [allow]
    allow = [os.fspath(path) for path in allow]
    if secret is None:
        if allow or server is not None:
            raise ConfigError(
                "curve_allow and curve_server need curve_secret: this channel's own "
                ".key_secret file (evflow keys new NAME writes one)"
            )
        return None, [], None
    if allow and server is not None:
        raise ConfigError(
            "give curve_allow (a CURVE server: the clients' .key files) or curve_server "
            "(a CURVE client: the server's .key file), not both"
        )
    if not allow and server is None:
        raise ConfigError(
            "curve_secret needs curve_allow (a CURVE server: the clients' .key files or a "
            "directory of them) or curve_server (a CURVE client: the server's .key file)"
        )
    server = None if server is None else os.fspath(server)
    return os.fspath(secret), allow, server


class Channel:
    """One socket of a messaging pattern at one address.

    Patterns: ``push``/``pull`` (each message goes to one puller, load-balanced),
    ``pub``/``sub`` (every subscriber whose topic is a prefix of the first part gets it),
    ``req``/``rep`` (a request, then its reply). Give exactly one of ``bind`` and
    ``connect``; on shm both mean "join the channel".

    Options: ``queue`` messages held per peer (libzmq transports; on shm the segment's
    rings bound it); ``linger`` seconds a closing libzmq channel keeps delivering;
    ``segment_size`` bytes of the shm session's segment if this channel creates it
    (default 1 GiB); ``topics`` (str or bytes) a sub channel receives, none meaning all;
    ``max_part_size`` bytes of the largest part a libzmq channel receives (a peer announcing
    a larger one is disconnected before anything is allocated for it; default no limit:
    set it on a tcp channel that anything on the network can reach).

    CURVE (tcp only; docs/security.md) authenticates and encrypts a channel with key pairs
    from ``evflow keys new``: a server gives ``curve_secret`` (its ``.key_secret`` file) and
    ``curve_allow`` (the clients' ``.key`` files, or directories of them), and accepts only
    those clients; a client gives ``curve_secret`` and ``curve_server`` (the server's ``.key``
    file). A refused client is logged with its address and gets nothing through.
    """

    __slots__ = ("__weakref__", "_native")

    def __init__(
        self,
        pattern: str,
        bind: str | None = None,
        connect: str | None = None,
        *,
        queue: int = DEFAULT_QUEUE,
        linger: float = DEFAULT_LINGER,
        segment_size: int | None = None,
        topics=(),
        max_part_size: int | None = None,
        curve_secret: str | os.PathLike | None = None,
        curve_allow=(),
        curve_server: str | os.PathLike | None = None,
    ):
        if (bind is None) == (connect is None):
            raise ConfigError(
                f"Channel({pattern!r}): give exactly one of bind= and connect= (an address "
                "such as tcp://127.0.0.1:5555 or shm://session/name)"
            )
        address = bind if bind is not None else connect
        if not isinstance(address, str):
            raise ConfigError(f"Channel({pattern!r}): the address {address!r} is not a str")
        if not isinstance(pattern, str):
            raise ConfigError(f"pattern {pattern!r}: use push, pull, pub, sub, req or rep")
        queue = _count("queue", queue, 1)
        if segment_size is not None:
            segment_size = _count("segment_size", segment_size, 1)
        if max_part_size is not None:
            max_part_size = _count("max_part_size", max_part_size, 1)
        try:
            linger = float(linger)
        except (TypeError, ValueError):
            raise ConfigError(f"linger = {linger!r} is not a number of seconds") from None
        self._native = _native.Channel(
            pattern,
            address,
            bind is not None,
            queue,
            linger,
            segment_size,
            _topics(topics),
            max_part_size,
            *_curve(curve_secret, curve_allow, curve_server),
        )

    @property
    def address(self) -> str:
        """The address; after binding ``tcp://host:0``, with the port it got."""
        return self._native.address

    @property
    def pattern(self) -> str:
        """The pattern: push, pull, pub, sub, req or rep."""
        return self._native.pattern

    @property
    def closed(self) -> bool:
        """Whether ``close()`` was called."""
        return self._native.closed

    @property
    def dropped(self) -> int:
        """Messages a pub channel dropped because a subscriber's queue was full (shm)."""
        return self._native.dropped

    def send(self, message, timeout: float | None = None) -> None:
        """Sends a message, waiting up to ``timeout`` seconds for room (``None``: for ever).

        A part is bytes, a bytearray, a memoryview, a C-contiguous numpy array (its raw
        bytes), an ``evflow.Event`` (in the evflow wire format) or a received ``Part``; a
        list or tuple of them is a multi-part message, and a received ``Message`` is sent
        on whole. Raises ``ChannelTimeoutError`` when the receivers' queues stay full (or
        none has joined), ``PeerGoneError`` when the receiver left or died (shm), and
        ``SegmentFullError`` when the shm segment has no room.
        """
        self._native.send(message, timeout)

    def recv(self, timeout: float | None = None) -> Message:
        """Receives a message, waiting up to ``timeout`` seconds (``None``: for ever).

        Raises ``ChannelTimeoutError`` if nothing arrives in time. ``msg[i]`` is a read-only
        buffer over the received memory; ``msg.event(i)`` decodes part ``i`` as an event
        whose arrays view that memory (on shm; libzmq's unaligned buffers are copied once).
        """
        return self._native.recv(timeout)

    def close(self) -> None:
        """Closes the channel; later sends and receives raise ``ChannelError``."""
        self._native.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __repr__(self):
        state = " (closed)" if self.closed else ""
        return f"<evflow.Channel {self.pattern} {self.address}{state}>"


__all__ = ["Channel", "Message", "Part"]
