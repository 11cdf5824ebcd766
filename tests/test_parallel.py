"""The parallel engine (docs/parallel.md), end to end: real forked processes over shm and
ipc, modules that reject, raise, hang, exit or kill their worker, and what the output file
and the report say afterwards."""

import collections
import glob
import json
import os
import signal
import struct
import textwrap
import time

import evflow as ef
import numpy as np
import pytest
from conftest import job_watchdog, run_cli

TRANSPORTS = ["shm", "ipc"]
RUNS = [(1, 300), (2, 200)]
N_EVENTS = sum(n for _, n in RUNS)
ENTRIES = {"adc": {"dtype": "<u2", "size": 8, "values": ("uniform", 0, 4096)}}
TMPDIR = os.environ.get("TMPDIR") or "/tmp"

# No test here needs more than a few seconds; a job still running after this long is stuck.
HANG_LIMIT_S = 20


@pytest.fixture(autouse=True)
def hang_watchdog():
    with job_watchdog(HANG_LIMIT_S):
        yield


# Chosen (run, number) pairs of events that a module treats specially.
POISON = {(1, 40), (2, 25)}


def make_path(*modules, runs=RUNS, entries=ENTRIES, **generator):
    path = ef.Path()
    if "events" in generator:
        path.add(ef.modules.EventGenerator(entries=entries, **generator))
    else:
        path.add(ef.modules.EventGenerator(runs=runs, entries=entries, **generator))
    for module in modules:
        path.add(module)
    return path


def all_events(runs=RUNS):
    return {(run, number) for run, n in runs for number in range(1, n + 1)}


def snapshot(event):
    """Everything about an event read back from a file, as plain comparable values."""
    entries = tuple(
        (name, event[name].dtype.str, event[name].shape, event[name].tobytes())
        for name in sorted(event.keys())
    )
    return (event.run, event.number, event.seq, tuple(sorted(event.flags)), entries)


def read_back(path):
    return [snapshot(e) for e in ef.read(path)]


def by_key(snapshots):
    """{(run, number): snapshot}, checking that no event appears twice."""
    keyed = {(s[0], s[1]): s for s in snapshots}
    assert len(keyed) == len(snapshots), "an event was written twice"
    return keyed


def flags_of(snapshots):
    return {(s[0], s[1]): set(s[3]) for s in snapshots}


def comm(pid="self"):
    with open(f"/proc/{pid}/comm") as f:
        return f.read().strip()


def text_entry(text):
    return np.frombuffer(text.encode(), dtype="u1").copy()


def entry_text(array):
    return array.tobytes().decode()


# --- modules --------------------------------------------------------------------------------


class Smear(ef.Module):
    """Worker part: per-event random numbers, rejects about a fifth of the events."""

    parallel_safe = True

    def event(self, event):
        event["smeared"] = event["adc"].astype("<f8") + event.rng.normal(size=event["adc"].size)
        return event.rng.random() >= 0.2


class Tag(ef.Module):
    """Output part (not parallel-safe): one more random number per event."""

    def event(self, event):
        event["tag"] = event.rng.integers(0, 1 << 30, size=2)


class Boom(ef.Module):
    """Raises on the POISON events."""

    parallel_safe = True

    def __init__(self, poison=POISON):
        self.poison = set(poison)

    def event(self, event):
        if (event.run, event.number) in self.poison:
            raise ValueError(f"bad calibration for {event.run}/{event.number}")
        event["ok"] = np.int32(1)


class Hang(ef.Module):
    """Never returns on the POISON events."""

    parallel_safe = True

    def event(self, event):
        if (event.run, event.number) in POISON:
            while True:
                time.sleep(0.01)


class Exit(ef.Module):
    """Ends its process with os._exit(3) on the POISON events, or on every event from
    ``from_number`` on."""

    parallel_safe = True

    def __init__(self, poison=POISON, from_number=None):
        self.poison = set(poison)
        self.from_number = from_number

    def event(self, event):
        if (event.run, event.number) in self.poison or (
            self.from_number is not None and event.number >= self.from_number
        ):
            os._exit(3)


class KillOnce(ef.Module):
    """SIGKILLs its own worker on the first attempt at the POISON events; a retried event
    (flagged 'retried' by the engine) goes through. With ``mark``, it adds an entry to every
    event, so the worker encodes a new frame instead of forwarding the one it received."""

    parallel_safe = True

    def __init__(self, mark=True):
        self.mark = mark

    def event(self, event):
        if (event.run, event.number) in POISON and "retried" not in event.flags:
            os.kill(os.getpid(), signal.SIGKILL)
            time.sleep(10)  # never reached
        if self.mark:
            event["attempt"] = np.int32("retried" in event.flags)


# --- 1. identical output for -p 0, 1, 2 with ordered=True -----------------------------------


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_ordered_output_is_identical_for_0_1_and_2_processes(tmp_path, transport):
    results = {}
    reports = {}
    for processes in (0, 1, 2):
        out = tmp_path / f"p{processes}.evf"
        path = make_path(Smear(), Tag(), ef.modules.FileOutput(str(out)))
        reports[processes] = ef.process(
            path, processes=processes, ordered=True, transport=transport, seed=7, summary=False
        )
        results[processes] = read_back(out)
    reference = results[0]
    assert 0 < len(reference) < N_EVENTS  # some, not all, were rejected
    assert [s[2] for s in reference] == sorted(s[2] for s in reference)
    for processes in (1, 2):
        assert results[processes] == reference, f"-p {processes} differs from -p 0"
        report = reports[processes]
        assert report.processes == processes
        assert (report.read, report.written, report.rejected, report.failed) == (
            reports[0].read,
            reports[0].written,
            reports[0].rejected,
            0,
        )
    assert reports[0].read == N_EVENTS
    assert reports[0].written == len(reference)
    assert reports[0].rejected == N_EVENTS - len(reference)


# --- 2. unordered: same set of events and counts --------------------------------------------


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_unordered_two_workers_write_the_same_events_as_one_process(tmp_path, transport):
    sequential = tmp_path / "p0.evf"
    parallel = tmp_path / "p2.evf"
    r0 = ef.process(
        make_path(Smear(), ef.modules.FileOutput(str(sequential))), seed=3, summary=False
    )
    r2 = ef.process(
        make_path(Smear(), ef.modules.FileOutput(str(parallel))),
        processes=2,
        transport=transport,
        seed=3,
        summary=False,
    )
    expected = by_key(read_back(sequential))
    got = by_key(read_back(parallel))
    assert got == expected
    assert (r2.read, r2.written, r2.rejected, r2.accepted) == (
        r0.read,
        r0.written,
        r0.rejected,
        r0.accepted,
    )
    assert r2.read == N_EVENTS
    assert (r2.failed, r2.retried, r2.restarts, r2.quarantined) == (0, 0, 0, 0)
    assert r2.processes == 2
    assert r2.not_completed == []
    assert len(r2.workers) == 2
    assert sum(w["events"] for w in r2.workers) == r2.read
    assert all(w["restarts"] == 0 for w in r2.workers)
    # Each slot counts the events its modules rejected: here, every rejection is a worker's.
    assert sum(w["rejected"] for w in r2.workers) == r2.rejected > 0
    modules = {m["name"]: m for m in r2.modules}
    assert list(modules) == ["EventGenerator", "Smear", "FileOutput"]
    assert modules["EventGenerator"]["calls"] == N_EVENTS
    assert modules["Smear"]["calls"] == N_EVENTS  # summed over both workers
    assert modules["FileOutput"]["calls"] == r2.written


# --- 3. on_error="skip" --------------------------------------------------------------------


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_module_raising_with_on_error_skip_flags_the_events_failed(tmp_path, transport):
    out = tmp_path / "out.evf"
    report = ef.process(
        make_path(Boom(), ef.modules.FileOutput(str(out))),
        processes=2,
        transport=transport,
        on_error="skip",
        summary=False,
    )
    written = read_back(out)
    assert set(by_key(written)) == all_events()
    flags = flags_of(written)
    assert {key for key, f in flags.items() if f} == POISON
    assert all(flags[key] == {"failed"} for key in POISON)
    for s in written:
        names = [e[0] for e in s[4]]
        assert ("ok" in names) == ((s[0], s[1]) not in POISON)
    assert (report.read, report.written, report.failed) == (N_EVENTS, N_EVENTS, len(POISON))
    assert {m["name"]: m["failed"] for m in report.modules}["Boom"] == len(POISON)
    assert report.restarts == 0


# --- 4. on_error="stop" ---------------------------------------------------------------------


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_module_raising_in_a_worker_stops_the_job_with_a_module_error(tmp_path, transport):
    out = tmp_path / "out.evf"
    path = make_path(Boom(poison={(1, 50)}), ef.modules.FileOutput(str(out)))
    with pytest.raises(ef.ModuleError) as info:
        ef.process(path, processes=2, transport=transport, summary=False)
    message = str(info.value)
    assert "Boom" in message
    assert "run 1 event 50" in message
    assert "bad calibration for 1/50" in message
    assert (info.value.module, info.value.run, info.value.event) == ("Boom", 1, 50)
    report = ef.statistics
    written = read_back(out)  # closed cleanly: readable
    keys = by_key(written)
    assert (1, 50) not in keys
    assert all(s[3] == () for s in written)  # nothing flagged
    assert report.written == len(written)
    assert report.read < N_EVENTS  # the input stopped reading
    # every event read is either written or listed as not completed
    assert {s[2] for s in written} | set(report.not_completed) == set(range(report.read))
    assert 49 in report.not_completed  # seq of run 1 event 50


# --- 5, 6. hung and dying workers: poison events ---------------------------------------------


def assert_poison_outcome(out, report, flags=("failed", "retried")):
    written = read_back(out)
    assert set(by_key(written)) == all_events()
    got = flags_of(written)
    assert {key: got[key] for key in POISON} == {key: set(flags) for key in POISON}
    assert all(not f for key, f in got.items() if key not in POISON)
    assert (report.read, report.written) == (N_EVENTS, N_EVENTS)
    assert report.not_completed == []
    assert report.restarts == sum(w["restarts"] for w in report.workers)


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_hung_worker_is_killed_after_event_timeout_and_its_event_written_failed(
    tmp_path, transport
):
    out = tmp_path / "out.evf"
    report = ef.process(
        make_path(Hang(), ef.modules.FileOutput(str(out))),
        processes=2,
        transport=transport,
        event_timeout=1.0,
        max_restarts_per_minute=100,
        summary=False,
    )
    assert_poison_outcome(out, report)
    # max_retries=1: each poison event hangs two workers, each killed and replaced
    assert report.restarts == 2 * len(POISON)
    assert report.retried == len(POISON)
    assert report.failed == len(POISON)


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_worker_calling_os_exit_is_replaced_and_its_event_written_failed(tmp_path, transport):
    out = tmp_path / "out.evf"
    report = ef.process(
        make_path(Exit(), ef.modules.FileOutput(str(out))),
        processes=2,
        transport=transport,
        max_restarts_per_minute=100,
        summary=False,
    )
    assert_poison_outcome(out, report)
    assert report.restarts == 2 * len(POISON)
    assert report.retried == len(POISON)
    assert report.failed == len(POISON)


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_max_retries_2_sends_a_poison_event_three_times(tmp_path, transport):
    out = tmp_path / "out.evf"
    report = ef.process(
        make_path(Exit(), ef.modules.FileOutput(str(out))),
        processes=2,
        transport=transport,
        max_retries=2,
        max_restarts_per_minute=100,
        summary=False,
    )
    assert_poison_outcome(out, report)
    assert report.restarts == 3 * len(POISON)
    assert report.retried == 2 * len(POISON)


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_event_that_killed_its_worker_once_is_retried_and_processed(tmp_path, transport):
    out = tmp_path / "out.evf"
    report = ef.process(
        make_path(KillOnce(), ef.modules.FileOutput(str(out))),
        processes=2,
        transport=transport,
        summary=False,
    )
    assert_poison_outcome(out, report, flags=("retried",))
    assert (report.restarts, report.retried, report.failed) == (len(POISON), len(POISON), 0)
    attempts = {(e.run, e.number): int(e["attempt"]) for e in ef.read(out)}
    assert {key for key, a in attempts.items() if a} == POISON


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_retried_flag_is_written_when_the_worker_part_leaves_the_event_unchanged(
    tmp_path, transport
):
    out = tmp_path / "out.evf"
    report = ef.process(
        make_path(KillOnce(mark=False), ef.modules.FileOutput(str(out))),
        processes=2,
        transport=transport,
        summary=False,
    )
    assert report.retried == len(POISON)
    assert_poison_outcome(out, report, flags=("retried",))


# --- 7. quarantine --------------------------------------------------------------------------


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_poison_events_go_to_the_quarantine_file(tmp_path, transport):
    out = tmp_path / "out.evf"
    quarantine = tmp_path / "quarantine.evf"
    report = ef.process(
        make_path(Exit(), ef.modules.FileOutput(str(out))),
        processes=2,
        transport=transport,
        quarantine=quarantine,
        max_restarts_per_minute=100,
        summary=False,
    )
    written = read_back(out)
    assert set(by_key(written)) == all_events() - POISON
    assert all(s[3] == () for s in written)
    held = read_back(quarantine)
    assert set(by_key(held)) == POISON
    assert all("failed" in s[3] for s in held)
    original = {(e.run, e.number): e["adc"].tobytes() for e in ef.read(quarantine)}
    sequential = tmp_path / "all.evf"
    ef.process(make_path(ef.modules.FileOutput(str(sequential))), summary=False)
    for e in ef.read(sequential):
        if (e.run, e.number) in POISON:
            assert original[(e.run, e.number)] == e["adc"].tobytes()
    assert report.quarantined == len(POISON)
    assert (report.read, report.written, report.failed) == (
        N_EVENTS,
        N_EVENTS - len(POISON),
        0,
    )
    assert report.restarts == 2 * len(POISON)


# --- 8. crash loop --------------------------------------------------------------------------


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_more_restarts_than_max_restarts_per_minute_end_the_job(tmp_path, transport):
    out = tmp_path / "out.evf"
    path = make_path(Exit(poison=(), from_number=100), ef.modules.FileOutput(str(out)), events=1000)
    with pytest.raises(ef.EvflowError, match="max_restarts_per_minute") as info:
        ef.process(path, processes=2, transport=transport, max_restarts_per_minute=2, summary=False)
    assert "max_restarts_per_minute = 2" in str(info.value)
    written = read_back(out)
    by_key(written)
    for run, number, _, flags, _ in written:
        assert (number < 100 and flags == ()) or (
            number >= 100 and flags == ("failed", "retried")
        ), (run, number, flags)
    report = ef.statistics
    assert report.restarts == 2  # the third death ends the job instead
    assert report.written == len(written)
    # every event read is written or listed as not completed
    assert {s[2] for s in written} | set(report.not_completed) == set(range(report.read))


# --- 8b. large entries travel beside the frame, by handle (docs/parallel.md) ----------------

LARGE = 256 << 10  # above EXTERNAL_MIN (64 KiB): an external part of the message


class LargeSource(ef.Source):
    """Events with two large arrays made in Python (in the input, their bytes go straight to
    the segment) and a small one."""

    def __init__(self, events):
        self.count = events

    def events(self):
        for n in range(1, self.count + 1):
            wide = np.arange(LARGE // 8, dtype="<f8") * n
            yield ef.Event(
                run=1, number=n, big=np.full(LARGE, n % 251, np.uint8), wide=wide, n=np.int32([n])
            )


class Rework(ef.Module):
    """Kills its worker (never the steering process) on the first attempt at the POISON
    numbers of run 1; on odd events adds a large entry made from another (the worker's own
    segment home) and replaces one; even events go on unchanged (forwarded as they came)."""

    parallel_safe = True

    def __init__(self):
        self.steering = os.getpid()

    def event(self, event):
        if (
            (1, event.number) in POISON
            and "retried" not in event.flags
            and os.getpid() != self.steering
        ):
            os.kill(os.getpid(), signal.SIGKILL)
        if event.number % 2:
            event["derived"] = event["big"][::-1] ^ np.uint8(0x5A)
            event["wide"] = event["wide"] * 2.0


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_large_entries_arrive_intact_through_workers_that_change_forward_and_die(
    tmp_path, transport
):
    outputs = {}
    for processes in (0, 2):
        out = tmp_path / f"p{processes}.evf"
        path = ef.Path()
        path.add(LargeSource(60))
        path.add(Rework())
        path.add(ef.modules.FileOutput(str(out)))
        report = ef.process(
            path, processes=processes, ordered=True, transport=transport, summary=False
        )
        assert (report.read, report.written) == (60, 60)
        outputs[processes] = [s[:2] + s[3:] for s in read_back(out)]
    assert report.restarts == report.retried == 1  # the one POISON number of run 1
    flags = {s[1]: s[2] for s in outputs[2]}
    assert flags.pop(40) == ("retried",) and set(flags.values()) == {()}
    # The same events and entries, flags aside (event 40 was retried).
    assert [s[:2] + s[3:] for s in outputs[2]] == [s[:2] + s[3:] for s in outputs[0]]
    first = dict((name, data) for name, _, _, data in outputs[0][0][3])
    assert first["derived"] == (np.full(LARGE, 1, np.uint8) ^ np.uint8(0x5A)).tobytes()


def stored_records(path) -> collections.Counter:
    """The event records of an .evf file as (codec, stored bytes), read as docs/formats.md
    lays them out (not with evflow's reader)."""
    data = path.read_bytes()
    (json_len,) = struct.unpack_from("<I", data, 12)
    at, records = -(-(32 + json_len) // 64) * 64, collections.Counter()
    while at + 32 <= len(data):
        magic, kind, codec, _, stored, _, _, _ = struct.unpack_from("<4sBBHQQII", data, at)
        if magic == b"EVFE":  # the trailer
            break
        assert magic == b"EVRC", f"no record at byte {at}"
        if kind == 1:
            records[codec, data[at + 32 : at + 32 + stored]] += 1
        at += -(-(32 + stored) // 64) * 64
    return records


class CompressingThreads(ef.Module):
    """After the output: notes whether its process has threads that compress records."""

    def __init__(self, note):
        self.note = note

    def event(self, event):
        names = {open(f).read().strip() for f in glob.glob("/proc/self/task/*/comm")}
        if any(name.startswith("evf-compress") for name in names):
            self.note.touch()


@pytest.mark.parametrize("compression", ["zstd", "lz4"])
def test_workers_compress_the_records_the_output_writes_as_one_process_would(tmp_path, compression):
    # docs/parallel.md, "Compressed output": the workers make the records of a compressing
    # FileOutput first in the output part; one of them is killed mid-run.
    records, events = {}, {}
    for processes in (0, 2):
        out = tmp_path / f"p{processes}.evf"
        path = ef.Path()
        path.add(LargeSource(60))
        path.add(Rework())
        path.add(ef.modules.FileOutput(str(out), compression=compression))
        note = tmp_path / f"compressed-by-the-output-{processes}"
        path.add(CompressingThreads(note))
        report = ef.process(path, processes=processes, ordered=True, summary=False)
        assert (report.read, report.written) == (60, 60)
        assert note.exists() == (processes == 0), "the workers compressed, not the output"
        records[processes] = stored_records(out)
        # (run, number, entries): the flags of the retried event differ
        events[processes] = [s[:2] + s[4:] for s in read_back(out)]
    assert report.restarts == report.retried == 1
    assert events[2] == events[0], "every event once, in order, as one process wrote it"
    assert {codec for codec, _ in records[0]} == {1 if compression == "zstd" else 2}
    # The same records, but for the retried event's (its flags differ).
    assert sum((records[2] - records[0]).values()) == sum((records[0] - records[2]).values()) == 1


# --- 9. mergeables --------------------------------------------------------------------------


class Fill(ef.Module):
    parallel_safe = True
    mergeable = ("counts", "h")

    def initialize(self):
        self.counts = np.zeros(10, dtype=np.int64)
        self.h = np.zeros(20)

    def event(self, event):
        self.counts[event.number % 10] += 1
        self.h += np.histogram(event.rng.normal(size=5), bins=20, range=(-3, 3))[0]


class Tally(ef.Module):
    """Output part: a mergeable filled in the output process."""

    mergeable = "written"

    def initialize(self):
        self.written = np.zeros(3, dtype=np.int64)

    def event(self, event):
        self.written[event.run] += 1


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_mergeable_arrays_are_summed_over_the_workers(transport):
    fill0, tally0 = Fill(), Tally()
    r0 = ef.process(make_path(fill0, tally0), seed=5, summary=False)
    fill2, tally2 = Fill(), Tally()
    r2 = ef.process(
        make_path(fill2, tally2), processes=2, transport=transport, seed=5, summary=False
    )
    assert fill0.counts.sum() == N_EVENTS
    assert np.array_equal(fill2.counts, fill0.counts)
    assert fill2.h.sum() == fill0.h.sum()  # whole numbers: exact
    assert np.array_equal(fill2.h, fill0.h)
    assert np.array_equal(tally2.written, tally0.written)
    assert list(tally2.written) == [0, 300, 200]
    assert set(r2.mergeables) == {"Fill.counts", "Fill.h", "Tally.written"}
    assert r2.mergeables["Fill.counts"] is fill2.counts
    assert r2.mergeables["Fill.h"] is fill2.h
    assert r2.mergeables["Tally.written"] is tally2.written
    assert set(r0.mergeables) == set(r2.mergeables)
    assert sum(w["events"] for w in r2.workers) == N_EVENTS


# --- 10. hooks in workers -------------------------------------------------------------------


class HookLog(ef.Module):
    """Appends each hook call to DIR/<pid>.log."""

    parallel_safe = True

    def __init__(self, directory):
        self.directory = directory

    def _log(self, line):
        with open(os.path.join(self.directory, f"{os.getpid()}.log"), "a") as f:
            f.write(line + "\n")

    def initialize(self):
        self._log("initialize")

    def begin_run(self, run):
        self._log(f"begin_run {run}")

    def event(self, event):
        self._log(f"event {event.run}")

    def end_run(self, run):
        self._log(f"end_run {run}")

    def terminate(self):
        self._log("terminate")


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_workers_call_begin_run_end_run_for_their_runs_and_terminate_once(tmp_path, transport):
    logs = tmp_path / "hooks"
    logs.mkdir()
    report = ef.process(
        make_path(HookLog(str(logs))), processes=2, transport=transport, summary=False
    )
    files = {int(p.stem): p.read_text().splitlines() for p in logs.glob("*.log")}
    # the monitor (this process) initializes, and does nothing else
    assert files.pop(os.getpid()) == ["initialize"]
    assert len(files) == 2  # one per worker, no restarts
    events_per_run = {1: 0, 2: 0}
    for pid, lines in files.items():
        assert lines[-1] == "terminate", pid
        assert lines.count("terminate") == 1
        assert "initialize" not in lines
        current = None
        begun, seen = [], set()
        for line in lines[:-1]:
            hook, run = line.split()
            run = int(run)
            if hook == "begin_run":
                assert current is None, (pid, line)
                current = run
                begun.append(run)
            elif hook == "end_run":
                assert current == run, (pid, line)
                current = None
            else:
                assert current == run, (pid, line)
                seen.add(run)
                events_per_run[run] += 1
        assert current is None, f"worker {pid} did not end its last run"
        assert begun == sorted(seen), pid  # each run it saw begun once, in order
    assert events_per_run == dict(RUNS)
    assert sum(w["events"] for w in report.workers) == N_EVENTS


# --- 11. process names ----------------------------------------------------------------------


class InputName(ef.Module):
    def event(self, event):
        event["input_comm"] = text_entry(comm())


class WorkerName(ef.Module):
    parallel_safe = True

    def event(self, event):
        event["worker_comm"] = text_entry(comm())
        event["parent_comm"] = text_entry(comm(os.getppid()))
        event["parent_pid"] = np.int64(os.getppid())


class OutputName(ef.Module):
    def event(self, event):
        event["output_comm"] = text_entry(comm())


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_processes_are_named_by_their_role(tmp_path, transport):
    out = tmp_path / "out.evf"
    before = comm()
    path = make_path(
        InputName(), WorkerName(), OutputName(), ef.modules.FileOutput(str(out)), events=200
    )
    report = ef.process(path, processes=2, transport=transport, summary=False)
    assert comm() == before  # the old name is back
    assert report.written == 200
    names = {"input": set(), "worker": set(), "parent": set(), "output": set()}
    for e in ef.read(out):
        for role in names:
            names[role].add(entry_text(e[f"{role}_comm"]))
        assert int(e["parent_pid"]) == os.getpid()
    assert names["input"] == {"evf-input"}
    assert names["output"] == {"evf-output"}
    assert names["worker"] <= {"evf-worker-1", "evf-worker-2"}
    assert (
        names["worker"] == {"evf-worker-1", "evf-worker-2"}
        or min(w["events"] for w in report.workers) == 0
    )
    assert names["parent"] == {"evf-monitor"}
    modules = {m["name"]: m["calls"] for m in report.modules}
    assert modules == {
        "EventGenerator": 200,
        "InputName": 200,
        "WorkerName": 200,
        "OutputName": 200,
        "FileOutput": 200,
    }


# --- 12. no shared memory or job directory left ----------------------------------------------


def job_leftovers(pid):
    segments = glob.glob(f"/dev/shm/evflow.*.job-{pid}-*")
    directories = glob.glob(os.path.join(TMPDIR, f"evflow-job-{pid}-*"))
    return segments, directories


class SeeJob(ef.Module):
    """Counts the job's segments and directories while the job runs (from a worker)."""

    parallel_safe = True

    def event(self, event):
        segments, directories = job_leftovers(os.getppid())
        event["segments"] = np.int32(len(segments))
        event["directories"] = np.int32(len(directories))


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_no_shared_memory_or_job_directory_is_left_after_the_job(tmp_path, transport):
    assert job_leftovers(os.getpid()) == ([], [])
    out = tmp_path / "out.evf"
    report = ef.process(
        make_path(SeeJob(), ef.modules.FileOutput(str(out)), events=100),
        processes=2,
        transport=transport,
        summary=False,
    )
    assert report.written == 100
    during = {(int(e["segments"]), int(e["directories"])) for e in ef.read(out)}
    # the patterns below do find the job's files while it runs
    assert during == {(1 if transport == "shm" else 0, 1)}
    assert job_leftovers(os.getpid()) == ([], [])


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_no_shared_memory_is_left_after_a_failed_job(tmp_path, transport):
    out = tmp_path / "out.evf"
    with pytest.raises(ef.ModuleError):
        ef.process(
            make_path(Boom(), ef.modules.FileOutput(str(out))),
            processes=2,
            transport=transport,
            summary=False,
        )
    assert job_leftovers(os.getpid()) == ([], [])
    read_back(out)


# --- 13. no parallel-safe module ------------------------------------------------------------


class Pids(ef.Module):
    def __init__(self):
        self.pids = set()

    def event(self, event):
        self.pids.add(os.getpid())


def test_path_without_parallel_safe_module_runs_in_one_process_with_a_warning(capfd):
    pids = Pids()
    report = ef.process(make_path(pids), processes=2, summary=False)
    _, err = capfd.readouterr()
    assert "no module of the path is parallel-safe" in err
    assert "one process" in err
    assert report.processes == 0
    assert report.workers == []
    assert pids.pids == {os.getpid()}  # this very object saw the events: no fork
    assert report.read == N_EVENTS


def test_processes_0_runs_in_this_process_without_a_warning(capfd):
    class SafePids(Pids):
        parallel_safe = True

    pids = SafePids()
    report = ef.process(make_path(pids), processes=0, summary=False)
    _, err = capfd.readouterr()
    assert "parallel-safe" not in err
    assert report.processes == 0
    assert pids.pids == {os.getpid()}


# --- 14. the JSON report --------------------------------------------------------------------


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_json_report_holds_the_parallel_counts(tmp_path, transport):
    out = tmp_path / "out.evf"
    report_file = tmp_path / "reports" / "job.json"
    report = ef.process(
        make_path(KillOnce(), ef.modules.FileOutput(str(out))),
        processes=2,
        transport=transport,
        report=report_file,
        summary=False,
    )
    data = json.loads(report_file.read_text())
    assert data == json.loads(report.to_json())
    assert data["read"] == data["written"] == N_EVENTS
    assert data["retried"] == len(POISON)
    assert data["restarts"] == len(POISON)
    assert data["duplicates"] == report.duplicates
    assert data["processes"] == 2
    assert data["quarantined"] == 0
    assert data["not_completed"] == []
    assert len(data["workers"]) == 2
    assert sum(w["events"] for w in data["workers"]) >= N_EVENTS
    assert sum(w["restarts"] for w in data["workers"]) == len(POISON)


# --- 15. the command line -------------------------------------------------------------------

CLI_STEERING = """\
import os

import evflow as ef
import numpy as np


class Where(ef.Module):
    parallel_safe = True

    def event(self, event):
        with open("/proc/self/comm") as f:
            name = f.read().strip()
        event["where"] = np.frombuffer(name.encode(), dtype="u1").copy()


path = ef.Path()
path.add(ef.modules.EventGenerator(events=400))
path.add(Where())
path.add(ef.modules.FileOutput("out.evf"))
ef.process(path, processes=0, report="job.json")
"""


@pytest.mark.parametrize(("option", "workers"), [("-p", 2), ("--processes", 1)])
def test_cli_processes_option_overrides_the_steering_file(tmp_path, option, workers):
    (tmp_path / "steer.py").write_text(textwrap.dedent(CLI_STEERING))
    result = run_cli("run", "steer.py", option, workers, cwd=tmp_path, timeout=HANG_LIMIT_S - 5)
    assert result.returncode == 0, result.stderr
    report = json.loads((tmp_path / "job.json").read_text())
    assert report["processes"] == workers
    assert len(report["workers"]) == workers
    assert report["written"] == 400
    where = {entry_text(e["where"]) for e in ef.read(tmp_path / "out.evf")}
    assert where <= {f"evf-worker-{w + 1}" for w in range(workers)}
    assert "events per worker:" in result.stderr
    counts = next(
        line for line in result.stderr.splitlines() if line.startswith("events per worker:")
    )
    assert sum(map(int, counts.split(":")[1].split())) == 400
    assert len(counts.split(":")[1].split()) == workers
    assert "0 processes restarted" in result.stderr


def test_cli_without_processes_option_keeps_the_steering_file_value(tmp_path):
    (tmp_path / "steer.py").write_text(textwrap.dedent(CLI_STEERING))
    result = run_cli("run", "steer.py", cwd=tmp_path, timeout=HANG_LIMIT_S - 5)
    assert result.returncode == 0, result.stderr
    assert json.loads((tmp_path / "job.json").read_text())["processes"] == 0
    assert "events per worker" not in result.stderr
    assert "processes restarted" not in result.stderr


def test_cli_summary_counts_restarted_workers(tmp_path):
    steering = CLI_STEERING.replace(
        '        event["where"]',
        "        if event.number == 7 and 'retried' not in event.flags:\n"
        "            os._exit(3)\n"
        '        event["where"]',
    )
    (tmp_path / "steer.py").write_text(steering)
    result = run_cli("run", "steer.py", "-p", "2", cwd=tmp_path, timeout=HANG_LIMIT_S - 5)
    assert result.returncode == 0, result.stderr
    assert ", 1 retried," in result.stderr
    assert ", 1 process restarted" in result.stderr
    flags = {e.number: e.flags for e in ef.read(tmp_path / "out.evf")}
    assert len(flags) == 400
    assert flags[7] == frozenset({"retried"})


def test_a_process_that_already_used_libzmq_runs_an_ipc_job(tmp_path):
    """The steering process's own libzmq context (its threads, its wake-up descriptors) must
    not be used by the children forked from it: each child makes its own."""
    address = f"ipc://{tmp_path}/own"
    with ef.Channel("pull", bind=address) as pull, ef.Channel("push", connect=address) as push:
        push.send(b"before the job")
        assert bytes(pull.recv(timeout=5.0)[0]) == b"before the job"
        out = tmp_path / "out.evf"
        report = ef.process(
            make_path(Smear(), ef.modules.FileOutput(str(out))),
            processes=2,
            transport="ipc",
            seed=3,
            summary=False,
        )
        assert report.read == N_EVENTS
        assert len(read_back(out)) == report.written
        push.send(b"after the job")
        assert bytes(pull.recv(timeout=5.0)[0]) == b"after the job"


class Trickle(ef.Source):
    """Events 5 ms apart for a second: every worker is idle when the next one comes."""

    expected_events = 200

    def events(self):
        for number in range(1, self.expected_events + 1):
            time.sleep(0.005)
            yield ef.Event(run=1, number=number)


class Quick(ef.Module):
    parallel_safe = True

    def event(self, event):
        return True


def test_at_a_low_rate_idle_workers_take_turns(tmp_path):
    """Workers with equal room take turns (docs/parallel.md, "Credits"): at a rate where each
    is idle when the next event comes, every worker gets events, not only the first."""
    path = ef.Path()
    path.add(Trickle())
    path.add(Quick())
    report = ef.process(path, processes=3, report=tmp_path / "job.json", summary=False)
    assert report.read == 200
    events = [w["events"] for w in json.loads((tmp_path / "job.json").read_text())["workers"]]
    assert len(events) == 3 and all(n > 0 for n in events), events
