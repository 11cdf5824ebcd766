"""What a SIGKILLed `evflow up` leaves (its control socket, the forked job's directory on one
host, the device processes' directories) is swept by the next `evflow up` of any topology and
by `evflow shm clean`, once every process that used it is dead (docs/operations.md, "What a
killed job leaves"); what a live job uses is never touched."""

import glob
import json
import os
import signal
import tempfile
import time

import pytest
from conftest import killed_on_exit, run_cli, start_cli
from evflow_bench.standard_farm import Farm
from test_topology import unique, write_chain

TMPDIR = tempfile.gettempdir()
DEADLINE_S = 30


def control_socket(name):
    return os.path.join(TMPDIR, f"evflow-{os.getuid()}", f"{name}.ctl")


def name_of(topo):
    return topo.read_text().split('"')[1]


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ")[1][0] != "Z"
    except FileNotFoundError:
        return False


def wait_until(predicate, what):
    deadline = time.monotonic() + DEADLINE_S
    while not predicate():
        assert time.monotonic() < deadline, f"no {what} within {DEADLINE_S} s"
        time.sleep(0.05)


def device_pids(topo):
    """The device processes of a running topology, once each has one."""
    pids = []

    def known():
        result = run_cli("ctl", topo, "status", "--json", cwd=topo.parent)
        if result.returncode != 0:
            return False
        pids[:] = [d["pid"] for d in json.loads(result.stdout)["devices"]]
        return all(pids)

    wait_until(known, "status with every pid")
    return pids


def kill_and_wait(pids):
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    wait_until(lambda: not any(alive(p) for p in pids), "end of the killed processes")


def killed_one_host_job(tmp_path):
    """A one-host topology (the forked engine in the controller) SIGKILLed mid-run: its
    control socket and job directory, as the dead controller left them."""
    topo = write_chain(tmp_path)
    up = start_cli("up", topo, cwd=tmp_path, env={"EVENTS": "10000000", "RECO_SLEEP": "0.001"})
    with killed_on_exit(up):
        device_pids(topo)
        wait_until(lambda: glob.glob(os.path.join(TMPDIR, f"evflow-job-{up.pid}-*")), "job dir")
        children = [int(p) for p in os.listdir("/proc") if p.isdigit() and _ppid(p) == up.pid]
        up.kill()
        up.communicate()
        wait_until(lambda: not any(alive(p) for p in children), "end of the job's children")
    return [
        control_socket(name_of(topo)),
        *glob.glob(os.path.join(TMPDIR, f"evflow-job-{up.pid}-*")),
    ]


def _ppid(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return int(f.read().rsplit(") ", 1)[1].split()[1])
    except (FileNotFoundError, IndexError, ValueError):
        return None


def killed_device_processes(tmp_path):
    """A held topology's controller and every device process SIGKILLed: the control socket
    and each device's directory (`evflow-evf-...-PID`), as they left them."""
    topo = write_chain(tmp_path)
    up = start_cli("up", topo, "--hold", cwd=tmp_path)
    with killed_on_exit(up):
        pids = device_pids(topo)
        up.kill()
        up.communicate()
        kill_and_wait(pids)
    left = [p for pid in pids for p in glob.glob(os.path.join(TMPDIR, f"evflow-evf-*-{pid}*"))]
    assert len(left) >= len(pids), "each device process had a directory"
    return [control_socket(name_of(topo)), *left]


@pytest.mark.parametrize("left_by", [killed_one_host_job, killed_device_processes])
@pytest.mark.parametrize("swept_by", ["evflow up", "evflow shm clean"])
def test_what_a_killed_evflow_up_left_is_swept(tmp_path, left_by, swept_by):
    # A job that runs meanwhile: nothing of it is swept.
    (tmp_path / "live").mkdir()
    live_topo = write_chain(tmp_path / "live")
    live = start_cli("up", live_topo, "--hold", cwd=tmp_path / "live")
    with killed_on_exit(live):
        live_pids = device_pids(live_topo)
        live_dirs = [
            p for pid in live_pids for p in glob.glob(os.path.join(TMPDIR, f"evflow-evf-*-{pid}*"))
        ]
        (tmp_path / "killed").mkdir()
        left = left_by(tmp_path / "killed")
        assert left and all(os.path.exists(p) for p in left), left
        if swept_by == "evflow up":
            (tmp_path / "next").mkdir()
            topo = Farm(unique("next")).remove("reco").write(tmp_path / "next")
            result = run_cli("up", topo, cwd=tmp_path / "next")
        else:
            result = run_cli("shm", "clean", cwd=tmp_path)
            for path in left:
                assert f"removed {path}" in result.stdout, result.stdout
        assert result.returncode == 0, result.stderr
        assert [p for p in left if os.path.exists(p)] == []
        assert os.path.exists(control_socket(name_of(live_topo)))
        assert live_dirs and all(os.path.exists(p) for p in live_dirs)
        stopped = run_cli("ctl", live_topo, "stop", cwd=tmp_path / "live")
        assert stopped.returncode == 0, stopped.stderr
        live.communicate(timeout=60)
    assert live.returncode == 0
    assert not any(os.path.exists(p) for p in live_dirs), "a device leaves nothing behind"
    assert not os.path.exists(control_socket(name_of(live_topo)))
