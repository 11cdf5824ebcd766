"""The lifetime of a shared-memory session (docs/shm.md, "Lifetime of a session"), as a user
sees it: processes that exchange events over ``shm://`` leave nothing in /dev/shm when they
exit, also when they never closed their channels; what SIGKILLed processes leave is removed
by the last survivor, by the next process to join a session, or by ``evflow shm clean``."""

import contextlib
import os
import pwd
import queue
import shutil
import signal
import subprocess
import sys
import threading

import pytest
from conftest import run_cli
from test_channels import WAIT_S, _unique, remove_session

EVENTS = 50
SEGMENT_SIZE = 32 << 20

# argv: address, role ("push" or "pull"), how the process ends ("close", "exit" or "wait"),
# segment size, events.
PEER = """\
import sys
import numpy as np
import evflow as ef

address, role, ending = sys.argv[1:4]
side = {"bind": address} if role == "push" else {"connect": address}
channel = ef.Channel(role, segment_size=int(sys.argv[4]), **side)
print("joined", flush=True)
kept = []
for i in range(int(sys.argv[5])):
    if role == "push":
        channel.send(ef.Event(run=1, number=i, adc=np.full(1000, i, dtype="<u2")), timeout=10)
    else:
        event = channel.recv(timeout=10).event()
        assert event.number == i and event["adc"][0] == i
        kept.append(event)  # blocks of the segment, still referenced at exit
print("done", flush=True)
if ending == "close":
    channel.close()
    kept.clear()
elif ending == "wait":
    sys.stdin.readline()  # until the test kills it, or lets it exit with the channel open
elif ending == "thread":
    # A daemon thread still holds the channel at exit: it is never dropped.
    import threading, time
    threading.Thread(target=lambda held=channel: time.sleep(60), daemon=True).start()
# "exit": leaves with the channel open and received events referenced
"""


def segment_file(session: str) -> str:
    return f"/dev/shm/evflow.{pwd.getpwuid(os.getuid()).pw_name}.{session}"


class Peers:
    """The two processes of one session, killed in the end whatever happened."""

    def __init__(self, session: str, endings: tuple[str, str]):
        self.session = session
        address = f"shm://{session}/events"
        self.procs = [
            subprocess.Popen(
                [sys.executable, "-c", PEER, address, role, ending, str(SEGMENT_SIZE), str(EVENTS)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for role, ending in zip(("push", "pull"), endings, strict=True)
        ]

        # Lines are read by a thread per process: a select on the pipe cannot see lines
        # that the reader's buffer already holds.
        self.lines = [queue.Queue() for _ in self.procs]
        for proc, lines in zip(self.procs, self.lines, strict=True):
            threading.Thread(target=self._read, args=(proc, lines), daemon=True).start()

    @staticmethod
    def _read(proc, lines):
        for line in proc.stdout:
            lines.put(line)

    def wait_for(self, line: str) -> None:
        for proc, lines in zip(self.procs, self.lines, strict=True):
            try:
                got = lines.get(timeout=WAIT_S)
            except queue.Empty:
                got = ""
            if got != line + "\n":
                proc.kill()
                pytest.fail(f"expected {line!r}, got {got!r}: {proc.stderr.read()}")

    def exit_normally(self, index: int | None = None) -> None:
        """Lets the processes (or one) go on past their wait and end; checks they did well."""
        for proc in self.procs if index is None else [self.procs[index]]:
            with contextlib.suppress(BrokenPipeError):  # it ended without waiting
                proc.stdin.write("go on\n")
                proc.stdin.close()
            proc.wait(WAIT_S)
            stderr = proc.stderr.read()
            assert proc.returncode == 0, stderr
            assert "Traceback" not in stderr, stderr

    def kill(self, index: int) -> None:
        self.procs[index].send_signal(signal.SIGKILL)
        self.procs[index].wait(WAIT_S)

    def close(self) -> None:
        for proc in self.procs:
            proc.kill()
            proc.wait()
            for pipe in (proc.stdin, proc.stdout, proc.stderr):
                with contextlib.suppress(OSError):  # a write it never read
                    pipe.close()
        remove_session(self.session)


@pytest.fixture
def peers():
    made = []

    def make(endings):
        made.append(Peers(_unique("pytest-life"), endings))
        return made[-1]

    yield make
    for p in made:
        p.close()


ENDINGS = [("close", "close"), ("exit", "exit"), ("close", "exit"), ("thread", "thread")]


@pytest.mark.parametrize("endings", ENDINGS)
def test_a_session_is_removed_when_its_processes_exit_normally(peers, endings):
    p = peers(endings)
    p.wait_for("joined")
    assert os.path.exists(segment_file(p.session))
    p.wait_for("done")
    p.exit_normally()
    assert not os.path.exists(segment_file(p.session)), "the session outlived its processes"


def test_a_killed_receiver_leaves_nothing_once_the_sender_exits(peers):
    p = peers(("wait", "wait"))
    p.wait_for("joined")
    p.wait_for("done")
    p.kill(1)
    p.exit_normally(0)
    assert not os.path.exists(segment_file(p.session)), "the last living process removes it"


@pytest.mark.parametrize("remover", ["clean", "next join"])
def test_a_session_whose_processes_were_all_killed_is_removed(peers, remover, tmp_path):
    p = peers(("wait", "wait"))
    p.wait_for("joined")
    p.wait_for("done")
    p.kill(0)
    p.kill(1)
    assert os.path.exists(segment_file(p.session)), "nobody has removed it yet"
    if remover == "clean":
        result = run_cli("shm", "clean", cwd=tmp_path)
        assert result.returncode == 0, result.stderr
        assert f"removed {segment_file(p.session)}" in result.stdout
    else:
        # Any process joining any session of this user removes it.
        other = f"shm://{_unique('pytest-other')}/x"
        join = f"import evflow as ef; ef.Channel('pull', bind={other!r}, segment_size={1 << 24})"
        joined = subprocess.run([sys.executable, "-c", join], capture_output=True, text=True)
        assert joined.returncode == 0, joined.stderr
    assert not os.path.exists(segment_file(p.session))


def test_a_running_session_is_not_removed_by_another_joining(peers, tmp_path):
    p = peers(("wait", "wait"))
    p.wait_for("joined")
    other = peers(("close", "close"))
    other.wait_for("joined")
    other.wait_for("done")
    other.exit_normally()
    assert os.path.exists(segment_file(p.session)), "a session whose processes run stays"
    assert not os.path.exists(segment_file(other.session))
    cleaned = run_cli("shm", "clean", p.session, cwd=tmp_path)
    assert f"kept {segment_file(p.session)}: a process of it runs" in cleaned.stdout


# A process in a mount namespace of its own, with a 48 MiB tmpfs on /dev/shm: a 1 GiB segment
# is created (its heap gets memory only as it is used), and sending fills /dev/shm.
SMALL_SHM = """\
import sys
import numpy as np
import evflow as ef

pull = ef.Channel("pull", bind="shm://smallshm/x", segment_size=1 << 30)
push = ef.Channel("push", connect="shm://smallshm/x", segment_size=1 << 30)
sent = 0
try:
    for i in range(100):
        push.send(ef.Event(run=1, number=i, adc=np.zeros(4 << 20, dtype="<u1")), timeout=2)
        sent += 1
except ef.SegmentFullError as e:
    print(f"sent {sent}", flush=True)
    print(e, file=sys.stderr)
    sys.exit(3)
"""


def test_a_full_dev_shm_is_an_allocation_error_never_a_sigbus(tmp_path):
    if os.geteuid() != 0 or not shutil.which("unshare"):
        pytest.skip("needs root and unshare(1) for a private /dev/shm")
    (tmp_path / "small.py").write_text(SMALL_SHM)
    program = f"{sys.executable} {tmp_path / 'small.py'}"
    script = f"mount -t tmpfs -o size=48m tmpfs /dev/shm && exec {program}"
    result = subprocess.run(
        ["unshare", "--mount", "--propagation", "private", "sh", "-c", script],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 3, (result.returncode, result.stdout, result.stderr)
    sent = int(result.stdout.split()[-1])
    assert 4 <= sent < 12, result.stdout  # about 48 MiB of 4 MiB events went in
    assert "/dev/shm has no room left" in result.stderr, result.stderr
    assert "df /dev/shm" in result.stderr
