"""What jobs that were killed leave on a machine, and sweeping it (docs/operations.md, "What
a killed job leaves"): the control sockets of controllers that died, and evflow's directories
in the temporary directory whose processes are all dead (``tmpdir.rs``). The next ``evflow
up`` sweeps them, and so does ``evflow shm clean``.
"""

import os
import socket
import tempfile

from evflow import _native


def control_socket(name: str) -> str:
    """The control socket of the topology ``name`` on this machine."""
    return os.path.join(_control_directory(), f"{name}.ctl")


def _control_directory() -> str:
    return os.path.join(tempfile.gettempdir(), f"evflow-{os.getuid()}")


def sweep_control_sockets() -> list[str]:
    """Removes the control sockets of controllers that died (SIGKILLed: nothing answers on
    them), and their directory once it is empty; returns the sockets removed."""
    directory = _control_directory()
    try:
        names = [n for n in os.listdir(directory) if n.endswith(".ctl")]
    except OSError:
        return []
    removed = []
    for name in names:
        path = os.path.join(directory, name)
        if not _answers(path):
            try:
                os.unlink(path)
                removed.append(path)
            except FileNotFoundError:
                pass  # another sweeper took it
    remove_if_empty(directory)
    return removed


ANSWER_WAIT = 2.0
"""Seconds a sweeper waits to connect to a control socket (a busy controller's backlog)."""


def _answers(path: str) -> bool:
    """Whether a controller listens on the control socket ``path``."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.settimeout(ANSWER_WAIT)
        try:
            s.connect(path)
        except (ConnectionRefusedError, FileNotFoundError):
            return False
        except OSError:
            return True  # it is there, busy or not ours: leave it
    return True


def remove_if_empty(directory: str) -> None:
    """Removes ``directory`` if it is empty."""
    try:
        os.rmdir(directory)
    except OSError:
        pass  # not empty: another topology runs, or the directory is gone


def sweep_leftovers() -> list[str]:
    """What killed jobs left on this machine: control sockets and temporary directories whose
    processes are all dead (docs/operations.md); removes them and returns their paths."""
    return sweep_control_sockets() + _native.sweep_tmpdirs()
