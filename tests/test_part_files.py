"""A writer's death does not hide its data (issue 26): a process SIGKILLed while it writes
leaves its events in a hidden ``.NAME.part`` file, and the error reporting its death names that
file and says how to read and keep it; ``evflow info`` on a ``.part`` file whose only damage
is a cut tail says how many events are readable and where the cut is, and exits 0 (a corrupt
record, or a cut file under its final name, is still DAMAGED: 3)."""

import json
import os
import signal
import struct
import textwrap
import time

import evflow as ef
import numpy as np
import pytest
from conftest import error_lines, killed_on_exit, run_cli, start_cli, wait_for_events, write_file
from evflow_bench.standard_farm import Farm
from test_topology import unique

DEADLINE_S = 60
WRITTEN = 200
"""Events the `.part` file holds before its writer is killed."""

GEN = """
import evflow as ef
path = ef.Path()
path.add(ef.modules.EventGenerator(
    events=10_000_000, entries={"adc": {"dtype": "<u2", "size": 8, "values": "sequence"}}
))
"""

SLOW = """
import time
import evflow as ef

class Slow(ef.Module):
    parallel_safe = True
    def event(self, event):
        time.sleep(0.001)

path = ef.Path()
path.add(Slow())
"""

STORE = """
import evflow as ef
path = ef.Path()
path.add(ef.modules.FileOutput("data/out.evf"))
"""

PROCESS = GEN + SLOW.replace("path = ef.Path()\n", "") + STORE.replace("path = ef.Path()\n", "")
# A Python module of the output process that writes a file too (a ROOT file, in baskets).
PROCESS += 'path.add(ef.modules.RootOutput("data/out.root", basket_events=50))\n'
PROCESS += "ef.process(path, processes=2)\n"


def child_named(parent, name):
    """The pid of ``parent``'s child process named ``name`` (as ``ps`` shows it)."""
    deadline = time.monotonic() + DEADLINE_S
    while time.monotonic() < deadline:
        for entry in os.listdir("/proc"):
            try:
                with open(f"/proc/{entry}/stat") as f:
                    text = f.read()
            except (OSError, ValueError):
                continue
            comm = text[text.index("(") + 1 : text.rindex(")")]
            ppid = int(text[text.rindex(")") + 2 :].split()[1])
            if ppid == parent and comm == name:
                return int(entry)
        time.sleep(0.05)
    raise AssertionError(f"no child {name} of {parent} within {DEADLINE_S} s")


def read_with_file_input(path):
    """The (run, number) of every event FileInput reads from ``path``."""
    seen = []

    class Record(ef.Module):
        def event(self, event):
            seen.append((event.run, event.number))

    job = ef.Path()
    job.add(ef.modules.FileInput([str(path)]))
    job.add(Record())
    ef.process(job, summary=False)
    return seen


def readable(part, cwd):
    """What ``evflow info`` and ``--json`` say of the killed writer's ``part`` (both exit 0):
    the events they call readable."""
    shown = run_cli("info", part, cwd=cwd)
    assert shown.returncode == 0, shown.stdout + shown.stderr
    [line] = [li for li in shown.stdout.splitlines() if li.startswith("integrity:")]
    assert "cut short (the job writing it was killed)" in line, line
    summary = json.loads(run_cli("info", part, "--json", cwd=cwd).stdout)
    assert summary["integrity"] == "cut short"
    n = summary["cut"]["readable_events"]
    assert f"{n} events readable" in line, line
    return n


def assert_names_the_part_file(error, *parts):
    """The error names the files ``parts`` as the user gave them and says how to read and
    keep them."""
    assert f"what it wrote is in {', '.join(parts)}:" in error, error
    assert "FileInput, `evflow dump` and `evflow info` read" in error, error
    assert "to keep one, rename it first" in error, error


def test_a_killed_sink_of_a_topology_names_its_part_file(tmp_path):
    farm = Farm(unique("part"))
    farm.devices["store"]["restart"] = "never"
    topo = farm.write(tmp_path, gen=GEN, reco=SLOW, store=STORE)
    part = tmp_path / "data" / ".out.evf.part"
    with killed_on_exit(start_cli("up", topo, cwd=tmp_path)) as up:
        wait_for_events(part, WRITTEN)
        # The kernel keeps 15 bytes of a process's name.
        os.kill(child_named(up.pid, "evf-store-local-1"[:15]), signal.SIGKILL)
        _, err = up.communicate(timeout=DEADLINE_S)
    assert up.returncode == 1, err
    errors = error_lines(err)
    assert errors and "evf-store-local-1" in errors[0] and "SIGKILL" in errors[0], err
    assert_names_the_part_file(errors[0], "data/.out.evf.part")
    n = readable(part, tmp_path)
    assert n >= WRITTEN
    # The sink is ordered: the events of the source, in its order, up to the cut.
    assert read_with_file_input(part) == [(1, number) for number in range(1, n + 1)]


def test_a_killed_output_process_names_its_part_file(tmp_path):
    (tmp_path / "job.py").write_text(textwrap.dedent(PROCESS))
    part = tmp_path / "data" / ".out.evf.part"
    with killed_on_exit(start_cli("run", "job.py", cwd=tmp_path)) as job:
        wait_for_events(part, WRITTEN)
        os.kill(child_named(job.pid, "evf-output"), signal.SIGKILL)
        _, err = job.communicate(timeout=DEADLINE_S)
    assert job.returncode == 1, err
    errors = error_lines(err)
    assert errors and "evf-output" in errors[0] and "SIGKILL" in errors[0], err
    assert_names_the_part_file(errors[0], "data/.out.evf.part", "data/out.root.part")
    n = readable(part, tmp_path)
    assert n >= WRITTEN
    events = read_with_file_input(part)
    assert len(events) == n and len(set(events)) == n


# --- `evflow info` on files cut short ------------------------------------------------------

EVENTS = 6


@pytest.fixture
def closed(tmp_path):
    """A closed file of EVENTS events, and the (start, data end) of each of its records:
    events, closing record, index (read from the bytes as docs/formats.md draws them)."""
    path = tmp_path / "closed.evf"
    write_file(path, [(1, n, {"adc": np.full(40, n, "<u2")}) for n in range(1, EVENTS + 1)])
    data = path.read_bytes()
    (json_len,) = struct.unpack_from("<I", data, 12)
    at, records = (32 + json_len + 63) // 64 * 64, []
    while at < len(data) - 32:
        (stored,) = struct.unpack_from("<Q", data, at + 8)
        records.append((at, at + 32 + stored))
        at = (at + 32 + stored + 63) // 64 * 64
    assert len(records) == EVENTS + 2
    return data, records


# (where the file is cut, the events before the cut): the cut is at records[i][0] + delta,
# or at the end of the file minus delta for the trailer.
CUTS = {
    "in the first record's header": (0, 10, 0),
    "in a record's header": (3, 10, 3),
    "in a record's data": (3, 40, 3),
    "right after a record": (3, 0, 3),
    "in the closing record": (EVENTS, 5, EVENTS),
    "in the index": (EVENTS + 1, 40, EVENTS),
}


@pytest.mark.parametrize("where", [*CUTS, "in the trailer"])
def test_info_on_a_part_file_cut_short_says_what_is_readable(tmp_path, closed, where):
    data, records = closed
    if where == "in the trailer":
        cut, events, end = len(data) - 10, EVENTS, len(data) - 32
    else:
        record, delta, events = CUTS[where]
        cut, end = records[record][0] + delta, records[record][0]
    part = tmp_path / ".cut.evf.part"
    part.write_bytes(data[:cut])
    shown = run_cli("info", part, cwd=tmp_path)
    assert shown.returncode == 0, shown.stdout + shown.stderr
    after = "nothing follows it (no index, no trailer)"
    if cut > end:
        after = f"{cut - end} bytes after it are a cut record"
    what = (
        f"{events} events readable, the last complete record ends at byte {end}, {after}"
        if events
        else f"no event readable, the file is cut at byte {end}, {after}"
    )
    assert f"integrity:   cut short (the job writing it was killed): {what}" in shown.stdout
    summary = json.loads(run_cli("info", part, "--json", cwd=tmp_path).stdout)
    assert summary["integrity"] == "cut short"
    assert summary["cut"] == {
        "readable_events": events,
        "readable_end": end,
        "cut_bytes": cut - end,
    }
    assert read_with_file_input(part) == [(1, n) for n in range(1, events + 1)]
    # The same bytes under a final name: its writer closed it, so it was cut afterwards.
    final = tmp_path / "cut.evf"
    final.write_bytes(data[:cut])
    shown = run_cli("info", final, cwd=tmp_path)
    assert shown.returncode == 3, shown.stdout + shown.stderr
    assert f"integrity:   DAMAGED (cut short after its writer closed and named it: {what})" in (
        shown.stdout
    )
    assert json.loads(run_cli("info", final, "--json", cwd=tmp_path).stdout)["integrity"] == (
        "damaged"
    )


def test_info_on_a_part_file_with_a_corrupt_record_is_damaged(tmp_path, closed):
    data, records = closed
    broken = bytearray(data[: records[4][0] + 40])  # cut short too
    broken[records[2][0] + 50] ^= 0xFF
    part = tmp_path / ".bad.evf.part"
    part.write_bytes(bytes(broken))
    shown = run_cli("info", part, cwd=tmp_path)
    assert shown.returncode == 3, shown.stdout + shown.stderr
    assert f"corrupt:     record at byte {records[2][0]}" in shown.stdout
    assert "integrity:   DAMAGED\n" in shown.stdout
    summary = json.loads(run_cli("info", part, "--json", cwd=tmp_path).stdout)
    assert summary["integrity"] == "damaged" and summary["cut"] is None
