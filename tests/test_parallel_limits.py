"""The parallel engine at its limits and inside the program that embeds it: a full or too
small segment, what the steering process buffered or keeps open, its other threads, its
mergeable objects' starting contents, and options it cannot honour."""

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time

import boost_histogram as bh
import evflow as ef
import numpy as np
import pytest
from conftest import job_watchdog

HANG_LIMIT_S = 30


@pytest.fixture(autouse=True)
def hang_watchdog():
    with job_watchdog(HANG_LIMIT_S):
        yield


class Grow(ef.Module):
    """Adds an entry of `mib` MiB to the events whose number is in `numbers` (all if None),
    after `sleep` seconds."""

    parallel_safe = True

    def __init__(self, mib, numbers=None, sleep=0.0):
        self.mib, self.numbers, self.sleep = mib, numbers, sleep

    def event(self, event):
        time.sleep(self.sleep)
        if self.numbers is None or event.number in self.numbers:
            event["extra"] = np.zeros(int(self.mib * (1 << 20)), dtype=np.uint8)


def path_of(*modules, events=20, entry_mib=0.0):
    path = ef.Path()
    entries = {}
    if entry_mib:
        size = int(entry_mib * (1 << 20))
        entries = {"payload": {"dtype": "|u1", "size": size, "values": "sequence"}}
    path.add(ef.modules.EventGenerator(events=events, entries=entries))
    for m in modules:
        path.add(m)
    return path


def test_an_event_a_worker_makes_too_large_for_the_segment_ends_the_job_with_an_error():
    path = path_of(Grow(20, numbers={5}))
    with pytest.raises(ef.EvflowError, match="can never fit"):
        ef.process(path, processes=2, segment_size=16 << 20, summary=False)


@pytest.mark.parametrize("workers", [1, 2])
def test_backups_leave_the_workers_room_in_a_small_segment(workers):
    """Events of 2.5 MiB that each worker grows, in a 32 MiB segment (a 24 MiB heap), four
    per worker: the input's backups must not take the room the workers need for their
    results (while the workers sleep, the input would fill the segment with the events it
    dispatches)."""
    path = path_of(Grow(0.5, sleep=0.3), events=12, entry_mib=2.5)
    report = ef.process(
        path, processes=workers, worker_queue=4, segment_size=32 << 20, summary=False
    )
    assert (report.read, report.written, report.not_completed) == (12, 12, [])


def test_a_segment_too_small_for_what_a_worker_makes_is_an_error_not_a_hang():
    """A 3 MiB event held as the input's backup (its payload block shared with the
    worker's result) leaves a 16 MiB segment (an 8 MiB heap) no room for the 6 MiB entry
    the worker adds: the job stops with an error once the output has taken nothing for a
    while (worker::STUCK_AFTER, 10 s)."""
    path = path_of(Grow(6), events=3, entry_mib=3)
    with pytest.raises(ef.EvflowError, match="raise segment_size"):
        ef.process(path, processes=1, worker_queue=1, segment_size=16 << 20, summary=False)


def test_processes_beyond_the_segments_process_slots_are_refused():
    with pytest.raises(ef.ConfigError, match="at most 62"):
        ef.process(path_of(Grow(0)), processes=63, summary=False)


def test_what_the_steering_process_printed_before_the_job_is_written_once(tmp_path):
    steering = tmp_path / "steer.py"
    steering.write_text(
        textwrap.dedent(
            """
            import evflow as ef

            class Nothing(ef.Module):
                parallel_safe = True
                def event(self, event):
                    pass

            print("before the job")
            path = ef.Path()
            path.add(ef.modules.EventGenerator(events=50))
            path.add(Nothing())
            ef.process(path, processes=2, summary=False)
            print("after the job")
            """
        )
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    result = subprocess.run(
        [sys.executable, str(steering)], capture_output=True, text=True, env=env, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["before the job", "after the job"]


def open_descriptors():
    return len(os.listdir("/proc/self/fd"))


def test_a_job_leaves_no_descriptor_open_in_the_steering_process(tmp_path):
    def job(i):
        out = ef.modules.FileOutput(str(tmp_path / f"out{i}.evf"))
        ef.process(path_of(Grow(0), out), processes=2, summary=False)

    job(0)
    before = open_descriptors()
    for i in range(1, 4):
        job(i)
    assert open_descriptors() == before
    for i in range(4):
        assert len(list(ef.read(tmp_path / f"out{i}.evf"))) == 20


class Slow(ef.Module):
    parallel_safe = True

    def event(self, event):
        x = 0
        for i in range(200_000):
            x ^= i


def test_other_threads_of_the_steering_process_run_during_the_job():
    ticks = []
    stop = threading.Event()

    def ticker():
        while not stop.wait(0.01):
            ticks.append(1)

    thread = threading.Thread(target=ticker)
    thread.start()
    try:
        report = ef.process(path_of(Slow(), events=100), processes=2, summary=False)
    finally:
        stop.set()
        thread.join()
    # About wall_s / 10 ms ticks; a monitor holding the GIL would allow a handful.
    assert len(ticks) > report.wall_s / 0.01 / 4, (len(ticks), report.wall_s)


class Filled(ef.Module):
    """Mergeable objects with contents from initialize, and a count per event."""

    parallel_safe = True
    mergeable = ("counts", "energy")

    def initialize(self):
        self.counts = np.array([100, 0], dtype=np.int64)  # an offset set once
        self.energy = bh.Histogram(bh.axis.Regular(4, 0.0, 4.0))
        self.energy.fill([0.5] * 10)

    def event(self, event):
        self.counts[1] += 1
        self.energy.fill(1.5)


def test_what_initialize_put_into_mergeable_objects_counts_once():
    one = Filled()
    ef.process(path_of(one), summary=False)
    two = Filled()
    ef.process(path_of(two), processes=2, summary=False)
    assert list(two.counts) == list(one.counts) == [100, 20]
    assert list(two.energy.view()) == list(one.energy.view()) == [10, 20, 0, 0]


class Means(ef.Module):
    parallel_safe = True
    mergeable = ("profile",)

    def initialize(self):
        self.profile = bh.Histogram(bh.axis.Regular(2, 0.0, 2.0), storage=bh.storage.Mean())

    def event(self, event):
        self.profile.fill(0.5, sample=[float(event.number)])


def test_a_mean_histogram_is_refused_not_summed(capfd):
    ef.process(path_of(Means()), processes=2, summary=False)
    err = capfd.readouterr().err
    assert "Means.profile is declared mergeable but its storage" in err
    assert "does not add up" in err


def test_a_steering_process_that_ignores_sigchld_still_learns_how_children_end(tmp_path):
    """With SIGCHLD ignored the kernel would reap the children before the monitor could;
    the job sets it to the default while it runs, and restores it."""
    previous = signal.signal(signal.SIGCHLD, signal.SIG_IGN)
    try:
        out = tmp_path / "out.evf"
        report = ef.process(
            path_of(Grow(0), ef.modules.FileOutput(str(out))), processes=2, summary=False
        )
        assert signal.getsignal(signal.SIGCHLD) == signal.SIG_IGN
    finally:
        signal.signal(signal.SIGCHLD, previous)
    assert (report.read, report.written, report.restarts) == (20, 20, 0)
    assert len(list(ef.read(out))) == 20
