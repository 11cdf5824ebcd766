"""The web page's server (docs/web.md): the page and its files, the view pushed as
Server-Sent Events, and the commands, on CPython's WSGI server as the metrics run."""

import json
import logging
import mimetypes
import os
import threading
import time
from http import HTTPStatus
from urllib.parse import parse_qs

from evflow import _native, metrics
from evflow.errors import ConfigError
from evflow.web import control
from evflow.web.view import View

PUSH_EVERY_S = 1.0
"""How often the view is made and pushed to every open page."""

HISTOGRAMS_EVERY_S = 2.0
"""How often the histograms are summed and, when they changed, pushed."""

BODY_LIMIT = 64 << 10
"""Largest command body taken (bytes)."""

STATIC = os.path.join(os.path.dirname(__file__), "static")

# Module scripts need a JavaScript type, which Python's table may not give .mjs.
TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".css": "text/css"}

HEADERS = [
    (
        "Content-Security-Policy",
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data: blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    ),
    ("Referrer-Policy", "no-referrer"),
    ("X-Content-Type-Options", "nosniff"),
]

# What each command asks the status object for (the methods evflow ctl's socket calls).
COMMANDS = ("start", "stop", "scale", "add-host", "drain-host")

log = logging.getLogger("evflow")


def parse_address(text) -> tuple[str, int]:
    """``HOST:PORT``, or ``PORT`` alone for loopback; a ConfigError says what is wrong."""
    if isinstance(text, int) or (isinstance(text, str) and text.isdigit()):
        text = f"127.0.0.1:{text}"
    return metrics.parse_address(text, what="web")


def check_address(where: str) -> None:
    """The ConfigError a server at ``where`` would meet on this machine, if any."""
    host, port = parse_address(where)
    metrics.check_address(f"{host}:{port}", what="web")


class Web:
    """The page of one job or topology, served from a thread until ``close()``. ``status``
    answers the commands as for ``evflow ctl``; ``live``, ``histograms`` and ``topology`` are
    the view's (``View``)."""

    def __init__(self, where, *, name, status, live, histograms, topology=None):
        host, port = parse_address(where)
        self.status = status
        self.token = control.new_token()
        self.lock = control.Lock()
        self.log = control.Log()
        logging.getLogger("evflow").addHandler(self.log)
        _native.log_tap(True)  # and what the engine prints (a worker restarted, say)
        loopback = host in ("127.0.0.1", "::1", "localhost")
        self.view = View(
            name, status, live, histograms, topology, {"host": host, "loopback": loopback}
        )
        self.changed = threading.Condition()
        self.view_json = b"{}"
        self.histograms_json = b"{}"
        self.version = 0
        self.running = True
        try:
            self.server, base = metrics.serve(where, host, port, self._app, "web")
        except ConfigError:
            logging.getLogger("evflow").removeHandler(self.log)
            _native.log_tap(False)
            raise
        self.address = f"{base}/"
        self.url = f"{self.address}?token={self.token}"
        self._push()
        self.pusher = threading.Thread(target=self._pusher, name="evflow-web-push", daemon=True)
        self.pusher.start()

    def close(self) -> None:
        with self.changed:
            self.running = False
            self.changed.notify_all()
        self.server.shutdown()
        self.server.server_close()
        logging.getLogger("evflow").removeHandler(self.log)
        _native.log_tap(False)

    # --- the view, pushed -----------------------------------------------------------------

    def _push(self, histograms=True, sample=True) -> None:
        try:
            view = self.view.make(sample)
            self.log.engine(_native.log_tapped())
            view["log"] = self.log.shown()
            view["lock"] = self.lock.shown()
            view_json = json.dumps(view, separators=(",", ":")).encode()
            hists = None
            if histograms:
                hists = json.dumps(self.view.histograms_shown(), separators=(",", ":")).encode()
        except Exception as e:  # the view must not take the controller down
            log.debug("web: the view failed: %s", e, exc_info=True)
            return
        with self.changed:
            self.view_json = view_json
            if hists is not None and hists != self.histograms_json:
                self.histograms_json = hists  # a new object: the streams send it once
            self.version += 1
            self.changed.notify_all()

    def _pusher(self) -> None:
        last_histograms = time.monotonic()
        while True:
            with self.changed:
                self.changed.wait_for(lambda: not self.running, timeout=PUSH_EVERY_S)
                if not self.running:
                    return
            due = time.monotonic() - last_histograms >= HISTOGRAMS_EVERY_S
            if due:
                last_histograms = time.monotonic()
            self._push(histograms=due)

    def _stream(self, session):
        """The event stream of one page: the view as it is, then each new one."""
        self.lock.opened(session)
        try:
            sent_histograms = None
            seen = [-1]  # the version sent last
            yield b"retry: 2000\n\n"
            while True:
                with self.changed:
                    self.changed.wait_for(lambda: self.version != seen[0] or not self.running)
                    if not self.running:
                        return
                    seen[0], state, hists = self.version, self.view_json, self.histograms_json
                yield _event("state", state)
                if hists is not sent_histograms:
                    sent_histograms = hists
                    yield _event("histograms", hists)
        finally:
            self.lock.closed(session)

    # --- requests -------------------------------------------------------------------------

    def _app(self, environ, start_response):
        method = environ["REQUEST_METHOD"]
        where = environ.get("PATH_INFO", "/")
        address = environ.get("REMOTE_ADDR", "?")
        if method == "GET" and where == "/":
            return _file(start_response, os.path.join(STATIC, "index.html"), cache=False)
        if method == "GET" and where.startswith("/static/"):
            return _static(start_response, where[len("/static/") :])
        if method == "GET" and where == "/api/state":
            with self.changed:
                data = self.view_json
            return _reply(start_response, "200 OK", data, "application/json")
        if method == "GET" and where == "/api/histograms":
            with self.changed:
                data = self.histograms_json
            return _reply(start_response, "200 OK", data, "application/json")
        if method == "GET" and where == "/api/events":
            session = parse_qs(environ.get("QUERY_STRING", "")).get("session", [None])[0]
            headers = [("Content-Type", "text/event-stream"), ("Cache-Control", "no-store")]
            start_response("200 OK", headers + HEADERS)
            return self._stream(session)
        if method == "POST" and where.startswith("/api/"):
            return self._command(environ, start_response, where[len("/api/") :], address)
        return _answer(start_response, 404, {"ok": False, "error": f"no such page: {where}"})

    def _command(self, environ, start_response, what, address):
        if what not in (*COMMANDS, "lock"):
            return _answer(start_response, 404, {"ok": False, "error": f"no command {what!r}"})
        if not control.token_ok(self.token, environ.get("HTTP_AUTHORIZATION")):
            self.log.command(address, what, "refused: no valid token (403)")
            error = "this needs the operator's token: open the URL evflow up printed (web: ...)"
            return _answer(start_response, 403, {"ok": False, "error": error})
        try:
            body = _body(environ)
        except ValueError as e:
            self.log.command(address, what, f"refused: {e} (400)")
            return _answer(start_response, 400, {"ok": False, "error": str(e)})
        session = environ.get("HTTP_X_EVFLOW_SESSION") or None
        if what == "lock":
            return self._ask_lock(start_response, body, address)
        if not self.lock.allows(session):
            refusal = self.lock.refusal()
            self.log.command(address, _what(what, body), f"refused: {refusal} (423)")
            return _answer(start_response, 423, {"ok": False, "error": refusal})
        try:
            answer = self._do(what, body)
        except ValueError as e:
            self.log.command(address, _what(what, body), f"refused: {e} (400)")
            return _answer(start_response, 400, {"ok": False, "error": str(e)})
        result = "ok" if answer.get("ok") else f"refused: {answer.get('error')}"
        self.log.command(address, _what(what, body), result)
        self._push(histograms=False, sample=False)  # the pages see what it did at once
        return _answer(start_response, 200 if answer.get("ok") else 409, answer)

    def _ask_lock(self, start_response, body, address):
        session = body.get("session")
        if not isinstance(session, str) or not 8 <= len(session) <= 128:
            return _answer(
                start_response,
                400,
                {"ok": False, "error": "session: a string of 8 to 128 characters"},
            )
        take = body.get("take") is True
        before = self.lock.shown()
        held, shown = self.lock.ask(session, address, take)
        if held and before.get("tag") != shown.get("tag"):
            taken = f" from {before['address']}" if before.get("held") else ""
            self.log.command(address, "lock", f"taken{taken}")
        self._push(histograms=False, sample=False)
        return _answer(start_response, 200, {"ok": True, "held": held, "lock": shown})

    def _do(self, what, body) -> dict:
        """The status's answer to a command, as for ``evflow ctl`` (ValueError: a field of
        the wrong type)."""
        if what == "start":
            run = body.get("run")
            if not isinstance(run, int) or isinstance(run, bool):
                raise ValueError('start needs {"run": N} with N a whole number')
            return self.status.start_run(run, body.get("overwrite") is True)
        if what == "stop":
            return self.status.request_stop()
        if what == "scale":
            device, n, host = body.get("device"), body.get("n"), body.get("host")
            if not isinstance(device, str) or not isinstance(n, int) or isinstance(n, bool):
                raise ValueError('scale needs {"device": NAME, "n": N}')
            if host is not None and not isinstance(host, str):
                raise ValueError("scale: host is a host's name")
            return self.status.scale(device, n, host)
        host = body.get("host")
        if not isinstance(host, str):
            raise ValueError(f'{what} needs {{"host": NAME}}')
        return self.status.add_host(host) if what == "add-host" else self.status.drain_host(host)


def _event(kind: str, data: bytes) -> bytes:
    """One Server-Sent Event of ``kind`` carrying ``data`` (JSON on one line)."""
    return b"event: " + kind.encode() + b"\ndata: " + data + b"\n\n"


def _what(what: str, body: dict) -> str:
    shown = {k: v for k, v in body.items() if k != "session"}
    return f"{what} {json.dumps(shown)}" if shown else what


def _body(environ) -> dict:
    try:
        length = int(environ.get("CONTENT_LENGTH") or 0)
    except ValueError:
        raise ValueError("a Content-Length that is not a number") from None
    if length > BODY_LIMIT:
        raise ValueError(f"a body over {BODY_LIMIT} bytes")
    raw = environ["wsgi.input"].read(length) if length else b"{}"
    try:
        body = json.loads(raw or b"{}")
    except (ValueError, UnicodeDecodeError):
        raise ValueError("a body that is not JSON") from None
    if not isinstance(body, dict):
        raise ValueError("a body that is not a JSON object")
    return body


def _answer(start_response, code: int, data: dict):
    status = f"{code} {HTTPStatus(code).phrase}"
    return _reply(start_response, status, json.dumps(data).encode(), "application/json")


def _reply(start_response, status: str, body: bytes, kind: str, cache=False):
    headers = [("Content-Type", kind), ("Content-Length", str(len(body)))]
    headers.append(("Cache-Control", "max-age=3600" if cache else "no-store"))
    start_response(status, headers + HEADERS)
    return [body]


def _static(start_response, relative: str):
    """A file under ``static/``, never outside it."""
    path = os.path.realpath(os.path.join(STATIC, relative))
    if not path.startswith(os.path.realpath(STATIC) + os.sep) or not os.path.isfile(path):
        return _answer(start_response, 404, {"ok": False, "error": "no such file"})
    return _file(start_response, path, cache=True)


def _file(start_response, path: str, cache: bool):
    kind = (
        TYPES.get(os.path.splitext(path)[1])
        or mimetypes.guess_type(path)[0]
        or "application/octet-stream"
    )
    if kind.startswith("text/") or kind == "application/json":
        kind += "; charset=utf-8"
    with open(path, "rb") as f:
        body = f.read()
    return _reply(start_response, "200 OK", body, kind, cache=cache)
