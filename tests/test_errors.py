"""A module that raises: ModuleError, cleanup, what the output file holds, on_error="skip"."""

import logging
import os

import evflow as ef
import numpy as np
import pytest
from conftest import Recorder, error_lines, run_cli

ENTRIES = {"x": {"dtype": "<i4", "size": 3, "values": "sequence"}}


class FailOn(ef.Module):
    """Raises ValueError in event() for one event number; records its terminate()."""

    def __init__(self, number, log):
        self.number = number
        self.log = log

    def event(self, event):
        if event.number == self.number:
            raise ValueError(f"bad hit in event {event.number}")

    def terminate(self):
        self.log.append("FailOn.terminate")


class After(ef.Module):
    def __init__(self, log):
        self.log = log
        self.seen = []

    def event(self, event):
        self.seen.append((event.number, event.flags))

    def terminate(self):
        self.log.append("After.terminate")


def failing_path(out, log, fail_on=4, events=6, run=7):
    path = ef.Path()
    path.add(ef.modules.EventGenerator(events=events, run=run, entries=ENTRIES))
    fail = path.add(FailOn(fail_on, log))
    after = path.add(After(log))
    path.add(ef.modules.FileOutput(str(out), compression="zstd"))
    return path, fail, after


def test_module_error_names_module_run_event_and_exception(tmp_path):
    path, _, _ = failing_path(tmp_path / "out.evf", [])
    with pytest.raises(ef.ModuleError) as info:
        ef.process(path, summary=False)
    error = info.value
    message = str(error)
    for part in ["FailOn", "run 7", "event 4", "ValueError", "bad hit in event 4"]:
        assert part in message
    assert error.module == "FailOn"
    assert error.run == 7
    assert error.event == 4
    assert error.hook == "event"
    assert isinstance(error.__cause__, ValueError)
    assert str(error.__cause__) == "bad hit in event 4"
    assert isinstance(error, ef.EvflowError)
    assert error.cleanup_errors == []


def test_after_an_error_every_terminate_runs_and_the_file_holds_the_events_before(tmp_path):
    out = tmp_path / "out.evf"
    log = []
    path, _, after = failing_path(out, log)
    with pytest.raises(ef.ModuleError):
        ef.process(path, summary=False)
    assert sorted(log) == ["After.terminate", "FailOn.terminate"]
    assert [n for n, _ in after.seen] == [1, 2, 3]
    assert out.exists()
    assert [p.name for p in tmp_path.iterdir()] == ["out.evf"]  # no .part left
    with ef.open(out) as f:
        assert f.stopped is None
        assert len(f) == 3
        assert [e.number for e in f] == [1, 2, 3]
        assert np.array_equal(f[0]["x"], [0, 1, 2])
    assert ef.statistics.read == 4
    assert ef.statistics.accepted == 3


def test_error_in_the_first_event_leaves_a_valid_empty_file(tmp_path):
    out = tmp_path / "out.evf"
    path, _, _ = failing_path(out, [], fail_on=1)
    with pytest.raises(ef.ModuleError):
        ef.process(path, summary=False)
    with ef.open(out) as f:
        assert len(f) == 0
        assert f.stopped is None


def test_on_error_skip_flags_writes_counts_and_goes_on(tmp_path):
    out = tmp_path / "out.evf"
    log = []
    path, _, after = failing_path(out, log)
    report = ef.process(path, on_error="skip", summary=False)
    assert report.read == 6
    assert report.failed == 1
    # modules after the failing one do not see the failed event
    assert [n for n, _ in after.seen] == [1, 2, 3, 5, 6]
    assert all(flags == frozenset() for _, flags in after.seen)
    # the output writes it, flagged
    written = {e.number: e.flags for e in ef.read(out)}
    assert sorted(written) == [1, 2, 3, 4, 5, 6]
    assert written[4] == frozenset({"failed"})
    assert all("failed" not in flags for n, flags in written.items() if n != 4)
    assert sorted(log) == ["After.terminate", "FailOn.terminate"]


def test_on_error_skip_counts_failures_per_module_and_warns(capfd):
    class Check(FailOn):
        sees_failed = True

    path = ef.Path()
    path.add(ef.modules.EventGenerator(events=6))
    path.add(FailOn(2, []))
    path.add(Check(2, []))  # sees event 2 although it failed, and fails on it too
    path.add(FailOn(5, []))  # does not see the failed event 2
    report = ef.process(path, on_error="skip", summary=False)
    assert report.failed == 2  # events
    assert [m["failed"] for m in report.modules] == [0, 1, 1, 1]
    assert [m["calls"] for m in report.modules] == [6, 6, 6, 5]
    warnings = [line for line in capfd.readouterr().err.splitlines() if "warning" in line]
    assert len(warnings) == 3
    assert all("flagged failed" in line for line in warnings)
    assert "run 1 event 5" in warnings[-1]


def test_on_error_skip_lets_sees_failed_modules_see_it(tmp_path):
    seen = []

    class Monitor(ef.Module):
        sees_failed = True

        def event(self, event):
            seen.append((event.number, "failed" in event.flags))

    path = ef.Path()
    path.add(ef.modules.EventGenerator(events=3))
    path.add(FailOn(2, []))
    path.add(Monitor())
    report = ef.process(path, on_error="skip", summary=False)
    assert seen == [(1, False), (2, True), (3, False)]
    assert report.failed == 1


def test_on_error_skip_every_event_failing_writes_all_and_warns_a_few_times(tmp_path, capfd):
    class Always(ef.Module):
        def event(self, event):
            raise RuntimeError("nope")

    out = tmp_path / "out.evf"
    path = ef.Path()
    path.add(ef.modules.EventGenerator(events=40))
    path.add(Always())
    path.add(ef.modules.FileOutput(str(out)))
    report = ef.process(path, on_error="skip", summary=False)
    assert report.failed == 40
    assert report.modules[1]["failed"] == 40
    assert [e.flags for e in ef.read(out)] == [frozenset({"failed"})] * 40
    warnings = [line for line in capfd.readouterr().err.splitlines() if "Always" in line]
    assert sum("nope" in line for line in warnings) == 5  # the first few, then only counted
    assert len(warnings) == 6


@pytest.mark.parametrize(
    ("hook", "run", "exception"),
    [
        ("initialize", None, RuntimeError),
        ("begin_run", 2, KeyError),
        ("end_run", 1, OSError),
    ],
)
def test_exception_in_a_run_or_job_hook_stops_the_job_naming_the_hook(
    tmp_path, calls, hook, run, exception
):
    class Faulty(ef.Module):
        def initialize(self):
            if hook == "initialize":
                raise exception("in initialize")

        def begin_run(self, r):
            if hook == "begin_run" and r == run:
                raise exception("in begin_run")

        def end_run(self, r):
            if hook == "end_run" and r == run:
                raise exception("in end_run")

    out = tmp_path / "out.evf"
    path = ef.Path()
    path.add(ef.modules.EventGenerator(runs=[(1, 2), (2, 2)]))
    path.add(Faulty())
    path.add(Recorder(calls, "later"))
    path.add(ef.modules.FileOutput(str(out)))
    with pytest.raises(ef.ModuleError) as info:
        ef.process(path, on_error="skip", summary=False)
    error = info.value
    assert error.module == "Faulty"
    assert error.hook == hook
    assert hook in str(error)
    assert error.run == run
    if run is not None:
        assert f"run {run}" in str(error)
    assert isinstance(error.__cause__, exception)
    assert type(error.__cause__).__name__ in str(error)
    if hook == "initialize":
        assert calls == []  # modules after it were never initialized, so not terminated
    else:
        assert ("later", "terminate") in calls
    assert not any(c[1] == "event" and c[2] == 2 for c in calls)  # run 2 never processed
    assert [p.name for p in tmp_path.iterdir()] == (["out.evf"] if out.exists() else [])
    if out.exists():
        with ef.open(out) as f:
            assert f.stopped is None


def test_exception_in_terminate_is_reported_after_every_terminate_ran(calls):
    class BadEnd(ef.Module):
        def terminate(self):
            raise ZeroDivisionError("in terminate")

    path = ef.Path()
    path.add(ef.modules.EventGenerator(events=2))
    path.add(BadEnd())
    path.add(Recorder(calls))
    with pytest.raises(ef.ModuleError) as info:
        ef.process(path, summary=False)
    assert info.value.hook == "terminate"
    assert info.value.module == "BadEnd"
    assert isinstance(info.value.__cause__, ZeroDivisionError)
    assert ("rec", "terminate") in calls


def test_exception_in_a_python_source_is_a_module_error(tmp_path):
    class Broken(ef.Source):
        def events(self):
            yield ef.Event(run=1, number=1)
            raise OSError("detector link down")

    out = tmp_path / "out.evf"
    path = ef.Path()
    path.add(Broken())
    path.add(ef.modules.FileOutput(str(out)))
    with pytest.raises(ef.ModuleError, match="detector link down") as info:
        ef.process(path, summary=False)
    assert info.value.module == "Broken"
    assert isinstance(info.value.__cause__, OSError)
    assert len(list(ef.read(out))) == 1


def test_failing_job_leaves_no_part_file(tmp_path):
    path, _, _ = failing_path(tmp_path / "out.evf", [])
    with pytest.raises(ef.ModuleError):
        ef.process(path, summary=False)
    assert not [n for n in os.listdir(tmp_path) if n.endswith(".part")]


class BadEnd(ef.Module):
    """Raises in terminate()."""

    def terminate(self):
        raise ZeroDivisionError("histograms have no entries")


def test_errors_during_clean_up_are_logged_and_attached_to_the_module_error(caplog):
    path = ef.Path()
    path.add(ef.modules.EventGenerator(events=5))
    path.add(FailOn(2, []))
    path.add(BadEnd())
    with pytest.raises(ef.ModuleError, match="bad hit in event 2") as info:
        ef.process(path, summary=False)
    assert info.value.module == "FailOn"
    [cleanup] = info.value.cleanup_errors
    for part in ["BadEnd", "terminate", "ZeroDivisionError", "histograms have no entries"]:
        assert part in cleanup
    logged = [r.getMessage() for r in caplog.records if r.levelno == logging.ERROR]
    assert logged == [f"during clean-up: {cleanup}"]


class StopsAfter(ef.Source):
    """Yields events 1..n of run 1, then raises."""

    def __init__(self, n):
        self.n = n

    def events(self):
        for number in range(1, self.n + 1):
            yield ef.Event(run=1, number=number)
        raise OSError("lost the connection to the readout")


def test_a_failing_source_is_named_with_the_last_event_it_gave():
    path = ef.Path()
    path.add(StopsAfter(3))
    with pytest.raises(ef.ModuleError) as info:
        ef.process(path, summary=False)
    message = str(info.value)
    assert "source StopsAfter failed reading the next event (after run 1 event 3)" in message
    assert "OSError: lost the connection to the readout" in message


class NoEvents(ef.Source):
    def events(self):
        return None


def test_events_that_returns_no_iterable_says_what_it_must_return():
    path = ef.Path()
    path.add(NoEvents())
    with pytest.raises(ef.ModuleError, match=r"events\(\) must return an iterable of evflow.Event"):
        ef.process(path, summary=False)


OUTPUT_LIMIT_STEERING = """
import resource, signal
import numpy as np
import evflow as ef

signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a full disk, as EFBIG: writes fail, no signal
resource.setrlimit(resource.RLIMIT_FSIZE, (1 << 20, 1 << 20))

class Payload(ef.Module):
    def event(self, event):
        event["adc"] = np.zeros(24_000, "<u4")  # 96 kB

path = ef.Path()
path.add(ef.modules.EventGenerator(events=50))
path.add(Payload())
path.add(ef.modules.FileOutput("out.evf"))
ef.process(path, on_error="skip")
"""


def test_an_output_that_cannot_write_stops_the_job_even_when_skipping_errors(tmp_path):
    steering = tmp_path / "full.py"
    steering.write_text(OUTPUT_LIMIT_STEERING)
    result = run_cli("run", steering, cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    [line, *_] = error_lines(result.stderr)
    assert "module FileOutput failed in event on run 1 event" in line
    assert "File too large" in line
    assert "events: " in result.stderr and "50 read" not in result.stderr, "the job stopped early"
    with ef.open(tmp_path / ".out.evf.part") as f:
        events = list(f)
    assert 0 < len(events) < 50
    assert [e.number for e in events] == list(range(1, len(events) + 1))
