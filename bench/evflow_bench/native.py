"""The Rust side of the transport benchmark: the ``evflow-bench-transport`` binary that
``make develop`` builds (bench/transport). Each call runs it and reads its JSON answer."""

import json
import os
import subprocess
from pathlib import Path

from evflow.errors import ConfigError, EvflowError

REPO = Path(__file__).resolve().parents[2]
BINARY = "evflow-bench-transport"
OVERRIDE = "EVFLOW_BENCH_TRANSPORT"
"""An environment variable naming the binary, for a build elsewhere."""


def binary() -> str:
    """The binary's path: $EVFLOW_BENCH_TRANSPORT, or the repository's release build."""
    if os.environ.get(OVERRIDE):
        return os.environ[OVERRIDE]
    target = Path(os.environ.get("CARGO_TARGET_DIR", REPO / "target"))
    path = target / "release" / BINARY
    if not path.is_file():
        raise ConfigError(
            f"{path} is missing: run `make develop` in {REPO} (it builds the transport "
            f"benchmark), or set {OVERRIDE} to the binary"
        )
    return str(path)


def _ask(*args) -> object:
    result = subprocess.run([binary(), *map(str, args)], capture_output=True, text=True)
    if result.returncode != 0:
        raise EvflowError(last_line(result.stderr))
    return json.loads(result.stdout)


def last_line(text: str) -> str:
    """The last line that says something, without the binary's own prefix."""
    lines = [line for line in text.splitlines() if line.strip()]
    return lines[-1].removeprefix("evflow bench: error: ") if lines else "(nothing on stderr)"


def transports() -> list[tuple[str, str]]:
    """Every transport, with the raw libzmq transport it is compared with."""
    return [tuple(pair) for pair in _ask("transports")]


def memcpy(size: int, seconds: float, working_set: int | None = None) -> float:
    """This machine's memcpy GB/s for ``size``-byte copies, measured for ``seconds``: between
    two buffers (in cache), or into ``working_set`` bytes of destinations in turn."""
    return _ask("memcpy", size, seconds, *([working_set] if working_set else []))["gb_per_s"]


def compress(file: str, compression: str, seconds: float) -> dict:
    """One core compressing the record of ``file``'s first event as a writer of
    ``compression`` (``zstd:3``) does, for ``seconds``: ``gb_per_s`` of frame bytes,
    ``raw_len`` and ``stored_len`` of the record."""
    return _ask("compress", file, compression, seconds)


def start(role: str, *args) -> subprocess.Popen:
    """Starts one side of a trial (see bench/transport/src/main.rs)."""
    return subprocess.Popen(
        [binary(), role, *map(str, args)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
