"""Who may command from the web page (docs/web.md, "Addresses and the token", "The control
lock"): the token of one ``evflow up``, the control lock held by one page's session, and the
log of the commands."""

import collections
import hashlib
import hmac
import logging
import secrets
import sys
import threading
import time

LOCK_GRACE_S = 15.0
"""A holder whose event stream has been gone this long loses the control lock."""

LOG_KEPT = 100
"""Warnings, errors and web commands the page shows at the most (the newest)."""


def new_token() -> str:
    """A secret of 256 bits, URL-safe: new for every controller, kept in its memory only."""
    return secrets.token_urlsafe(32)


def tag(session: str) -> str:
    """What the view shows of a session: its pages recognise themselves by it, and nobody
    learns the session itself from it."""
    return hashlib.sha256(session.encode()).hexdigest()[:16]


class Lock:
    """The control lock: held by one session (a page), or by nobody."""

    def __init__(self):
        self.mutex = threading.Lock()
        self.session = None
        self.address = None
        self.since = None
        """Unix time the holder took it."""
        self.streams = collections.Counter()
        """Open event streams, by session."""
        self.gone = {}
        """Monotonic time the last stream of a session closed, by session."""

    def _expire(self) -> None:
        gone = self.gone.get(self.session)
        if self.session and not self.streams[self.session] and gone is not None:
            if time.monotonic() - gone >= LOCK_GRACE_S:
                self.session = self.address = self.since = None

    def ask(self, session: str, address: str, take: bool) -> tuple[bool, dict]:
        """A page with the token asks for the lock (``take``: takes it over from its holder);
        (whether it holds it now, the lock as the view shows it)."""
        with self.mutex:
            self._expire()
            if self.session is None or take or self.session == session:
                if self.session != session:
                    self.session, self.address, self.since = session, address, time.time()
                return True, self._shown()
            return False, self._shown()

    def allows(self, session: str | None) -> bool:
        """Whether a command of ``session`` (None: a script without one) may go through."""
        with self.mutex:
            self._expire()
            return self.session is None or self.session == session

    def opened(self, session: str | None) -> None:
        if session:
            with self.mutex:
                self.streams[session] += 1
                self.gone.pop(session, None)

    def closed(self, session: str | None) -> None:
        if session:
            with self.mutex:
                self.streams[session] -= 1
                if self.streams[session] <= 0:
                    del self.streams[session]
                    self.gone[session] = time.monotonic()

    def shown(self) -> dict:
        with self.mutex:
            self._expire()
            return self._shown()

    def _shown(self) -> dict:
        if self.session is None:
            return {"held": False}
        return {
            "held": True,
            "address": self.address,
            "since": self.since,
            "tag": tag(self.session),
        }

    def refusal(self) -> str:
        shown = self.shown()
        if not shown["held"]:
            return "the control lock is free"
        since = time.strftime("%H:%M:%S", time.localtime(shown["since"]))
        return (
            f"the control lock is held by the operator at {shown['address']} since {since}: "
            "take it over on the page (take control), or ask them"
        )


def token_ok(token: str, header: str | None) -> bool:
    """Whether an ``Authorization`` header carries ``Bearer TOKEN`` (in constant time)."""
    if not header or not header.startswith("Bearer "):
        return False
    return hmac.compare_digest(header[len("Bearer ") :].strip().encode(), token.encode())


class Log(logging.Handler):
    """The controller's last warnings and errors, and the web's commands, for the page."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.records = collections.deque(maxlen=LOG_KEPT)
        self.mutex_records = threading.Lock()

    def emit(self, record: logging.LogRecord) -> None:
        try:
            message = record.getMessage()
        except Exception:  # a record that cannot be formatted: shown as it came
            message = str(record.msg)
        self._add(record.created, record.levelname.lower(), message)

    def engine(self, tapped) -> None:
        """What evflow's Rust side printed, as ``_native.log_tapped()`` gives it."""
        for when, level, message in tapped:
            self._add(when, level, message)

    def heard(self, level: str, line: str) -> None:
        """A warning or error a device process printed (the controller relays its lines)."""
        self._add(time.time(), level, line)

    def command(self, address: str, what: str, result: str) -> None:
        """A command from the web: on the controller's stderr whatever its log level (an
        operator's action is always told), and in the page's log panel."""
        now = time.time()
        stamp = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(now))
        print(f"web: {stamp} {address} {what}: {result}", file=sys.stderr, flush=True)
        self._add(now, "command", f"{address} {what}: {result}")

    def _add(self, when: float, level: str, message: str) -> None:
        with self.mutex_records:
            self.records.append({"time": when, "level": level, "message": message})

    def shown(self) -> list:
        with self.mutex_records:
            return list(self.records)
