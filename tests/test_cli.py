"""The evflow command line, run as a user runs it: a subprocess, both entry points."""

import hashlib
import json
import re
import textwrap

import evflow as ef
import numpy as np
import pytest
from conftest import REPO, assert_completion, error_lines, run_cli, sample_specs, write_file

ENTRY_POINTS = [pytest.param(False, id="python-m-evflow"), pytest.param(True, id="evflow-script")]

STEERING = """\
import evflow as ef

path = ef.Path()
path.add(
    ef.modules.EventGenerator(
        events=100000,
        entries={"x": {"dtype": "<f4", "size": 4, "values": ("uniform", 0, 1)}},
    )
)
path.add(ef.modules.FileOutput("out.evf"))
ef.process(path, max_events=1000, seed=1)
"""

FAILING_STEERING = """\
import evflow as ef


class Calibrate(ef.Module):
    parallel_safe = True

    def event(self, event):
        if event.number == 3:
            raise ValueError("gain table missing")  # RAISE


path = ef.Path()
path.add(ef.modules.EventGenerator(events=10, run=4))
path.add(Calibrate())
path.add(ef.modules.FileOutput("out.evf"))
ef.process(path)
"""


def marked_line(text, marker="# RAISE"):
    """The 1-based number of the line of ``text`` holding ``marker``."""
    return next(i for i, line in enumerate(text.splitlines(), 1) if marker in line)


def write_steering(directory, text, name="steer.py"):
    path = directory / name
    path.write_text(textwrap.dedent(text))
    return path


def assert_one_clean_error(result, *parts):
    """stderr holds exactly one 'evflow: error:' line, containing parts, and no traceback."""
    assert "Traceback" not in result.stderr
    lines = error_lines(result.stderr)
    assert len(lines) == 1, result.stderr
    for part in parts:
        assert part in lines[0], (part, lines[0])
    return lines[0]


@pytest.mark.parametrize("script", ENTRY_POINTS)
def test_version(tmp_path, script):
    result = run_cli("--version", cwd=tmp_path, script=script)
    assert result.returncode == 0
    assert result.stdout.strip() == f"evflow {ef.__version__}"


@pytest.mark.parametrize("script", ENTRY_POINTS)
def test_run_options_override_the_steering_file(tmp_path, script):
    steering = write_steering(tmp_path, STEERING)
    result = run_cli(
        "run", steering, "-n", "10", "--report", "job.json", cwd=tmp_path, script=script
    )
    assert result.returncode == 0, result.stderr
    report = json.loads((tmp_path / "job.json").read_text())
    assert report["read"] == 10
    assert report["accepted"] == 10
    assert [m["name"] for m in report["modules"]] == ["EventGenerator", "FileOutput"]
    assert all(m["calls"] == 10 for m in report["modules"])
    with ef.open(tmp_path / "out.evf") as f:
        assert len(f) == 10


def test_run_without_options_uses_the_steering_file_arguments(tmp_path):
    steering = write_steering(tmp_path, STEERING.replace("max_events=1000", "max_events=25"))
    result = run_cli("run", steering, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert len(list(ef.read(tmp_path / "out.evf"))) == 25
    assert "25 read" in result.stderr  # the summary table


def test_run_seed_option_overrides_the_steering_seed(tmp_path):
    steering = write_steering(tmp_path, STEERING)

    def first_values(*options):
        assert run_cli("run", steering, "-n", "3", *options, cwd=tmp_path).returncode == 0
        return [e["x"].copy() for e in ef.read(tmp_path / "out.evf")]

    default = first_values()
    seed_1 = first_values("--seed", "1")
    seed_2 = first_values("--seed", "2")
    assert all(np.array_equal(a, b) for a, b in zip(default, seed_1, strict=True))
    assert not any(np.array_equal(a, b) for a, b in zip(default, seed_2, strict=True))


def test_run_log_level(tmp_path):
    steering = write_steering(tmp_path, STEERING)
    quiet = run_cli("run", steering, "-n", "2", cwd=tmp_path)
    chatty = run_cli("run", steering, "-n", "2", "-l", "info", cwd=tmp_path)
    assert quiet.returncode == chatty.returncode == 0
    assert "evflow: info:" not in quiet.stderr
    assert "evflow: info:" in chatty.stderr


def test_steering_file_runs_with_its_own_directory_importable(tmp_path):
    (tmp_path / "calibration.py").write_text("GAIN = 3\n")
    steering = write_steering(
        tmp_path,
        """\
        import evflow as ef
        from calibration import GAIN

        class Gain(ef.Module):
            def event(self, event):
                event["gain"] = GAIN

        path = ef.Path()
        path.add(ef.modules.EventGenerator(events=2))
        path.add(Gain())
        path.add(ef.modules.FileOutput("out.evf"))
        ef.process(path)
        """,
    )
    work = tmp_path / "elsewhere"
    work.mkdir()
    result = run_cli("run", steering, cwd=work)
    assert result.returncode == 0, result.stderr
    assert [int(e["gain"]) for e in ef.read(work / "out.evf")] == [3, 3]


def field(info_output, name):
    """The value of a 'name: value' line of `evflow info`."""
    match = re.search(rf"^{name}:\s*(.*?)\s*$", info_output, re.MULTILINE)
    assert match, (name, info_output)
    return match.group(1)


# --- info and dump --------------------------------------------------------------------------


@pytest.fixture
def evf(tmp_path):
    path = tmp_path / "sample.evf"
    write_file(path, sample_specs(6, runs=(1, 2)), compression="zstd")
    return path


@pytest.mark.parametrize("script", ENTRY_POINTS)
def test_info_summarizes_an_intact_file(evf, script):
    result = run_cli("info", evf, cwd=evf.parent, script=script)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert field(out, "events") == "6"
    assert "1 (3 events)" in out and "2 (3 events)" in out
    assert field(out, "compression").startswith("zstd")
    for name, dtype in [("adc", "<u2"), ("energy", "<f8"), ("label", "<U7")]:
        [line] = [line for line in out.splitlines() if line.split()[:1] == [name]]
        assert dtype in line
        assert "in 6 events" in line
        assert " B" in line  # a size
    [hits] = [line for line in out.splitlines() if line.split()[:1] == ["hits"]]
    assert "layer" in hits and "phi" in hits
    assert field(out, "integrity") == "ok"
    assert result.stderr == ""


def test_info_of_a_truncated_file_says_where_it_was_cut(evf, tmp_path):
    data = evf.read_bytes()
    cut = tmp_path / "cut.evf"
    cut.write_bytes(data[: len(data) * 2 // 3])
    with ef.open(cut) as f:
        events = len(list(f))
        offset, _ = f.stopped
    result = run_cli("info", cut, cwd=tmp_path)
    assert result.returncode == 3
    assert field(result.stdout, "events") == str(events)
    assert re.search(rf"\bcut short\b.*\bbyte {offset}\b", result.stdout)
    # Under its final name, a file cut short was cut after its writer closed it: damaged.
    assert field(result.stdout, "integrity").startswith(
        f"DAMAGED (cut short after its writer closed and named it: {events} events readable"
    )


@pytest.fixture
def corrupt_evf(tmp_path):
    """A file of events 1, 2, 3 whose second record is corrupt."""
    path = tmp_path / "bad.evf"
    write_file(path, [(1, n, {"x": np.full(16, n, "<u4")}) for n in (1, 2, 3)])
    data = bytearray(path.read_bytes())
    at = bytes(data).index(np.full(16, 2, "<u4").tobytes()) + 10
    data[at] ^= 0xFF
    path.write_bytes(bytes(data))
    return path


def test_info_of_a_file_with_a_corrupt_record(corrupt_evf, tmp_path):
    path = corrupt_evf
    result = run_cli("info", path, cwd=tmp_path)
    assert result.returncode == 3
    assert re.search(r"corrupt.*record at byte \d+", result.stdout)
    assert field(result.stdout, "integrity") == "DAMAGED"


def dumped_headers(stdout):
    return [line for line in stdout.splitlines() if line.startswith("[")]


def test_dump_a_range_of_events(evf):
    result = run_cli("dump", evf, "--events", "0:3", cwd=evf.parent)
    assert result.returncode == 0, result.stderr
    assert dumped_headers(result.stdout) == [
        "[0] run 1 event 1 seq 0",
        "[1] run 1 event 2 seq 1",
        "[2] run 1 event 3 seq 2",
    ]
    assert "adc <u2 (1, 8)" in result.stdout
    assert "label <U7 ()" in result.stdout


def test_dump_of_a_truncated_file_warns_and_exits_damaged(evf, tmp_path):
    data = evf.read_bytes()
    cut = tmp_path / "cut.evf"
    cut.write_bytes(data[: len(data) * 2 // 3])
    result = run_cli("dump", cut, "--events", "0", cwd=tmp_path)
    assert result.returncode == 3
    assert dumped_headers(result.stdout) == ["[0] run 1 event 1 seq 0"]
    assert "evflow: warning:" in result.stderr and "did not close" in result.stderr


def test_dump_one_event_and_a_list(evf):
    one = run_cli("dump", evf, "--events", "5", cwd=evf.parent)
    assert one.returncode == 0, one.stderr
    assert dumped_headers(one.stdout) == ["[5] run 2 event 6 seq 5"]
    assert "event-5" in one.stdout
    listed = run_cli("dump", evf, "--events", "4,1", cwd=evf.parent)
    assert [h.split()[0] for h in dumped_headers(listed.stdout)] == ["[4]", "[1]"]


def test_dump_defaults_to_the_first_events_and_shows_flags(tmp_path):
    path = tmp_path / "flags.evf"

    class Fail(ef.Module):
        def event(self, event):
            if event.number == 2:
                raise RuntimeError("x")

    p = ef.Path()
    p.add(ef.modules.EventGenerator(events=12))
    p.add(Fail())
    p.add(ef.modules.FileOutput(str(path)))
    ef.process(p, on_error="skip", summary=False)
    result = run_cli("dump", path, cwd=tmp_path)
    assert result.returncode == 0
    headers = dumped_headers(result.stdout)
    assert len(headers) == 10
    assert headers[1] == "[1] run 1 event 2 seq 1 flags=['failed']"


def test_dump_of_a_corrupt_record_exits_damaged_and_suggests_skip_corrupt(corrupt_evf, tmp_path):
    result = run_cli("dump", corrupt_evf, cwd=tmp_path)
    assert result.returncode == 3
    assert_one_clean_error(result, "bad.evf", "corrupt record at byte", "--skip-corrupt")
    assert dumped_headers(result.stdout) == ["[0] run 1 event 1 seq 0"]


def test_dump_skip_corrupt_warns_per_skipped_record_and_goes_on(corrupt_evf, tmp_path):
    result = run_cli("dump", corrupt_evf, "--skip-corrupt", cwd=tmp_path)
    assert result.returncode == 3
    assert error_lines(result.stderr) == []
    assert [h.split()[:5] for h in dumped_headers(result.stdout)] == [
        ["[0]", "run", "1", "event", "1"],
        ["[2]", "run", "1", "event", "3"],
    ]
    warnings = [line for line in result.stderr.splitlines() if line.startswith("evflow: warn")]
    assert len(warnings) == 1
    assert "skipped corrupt record" in warnings[0] and "position 1" in warnings[0]


@pytest.mark.parametrize("spec", ["50", "x", "1:b"])
def test_dump_bad_events_option_is_a_usage_error(evf, spec):
    result = run_cli("dump", evf, "--events", spec, cwd=evf.parent)
    assert result.returncode == 2
    assert_one_clean_error(result, "--events")


# --- errors ---------------------------------------------------------------------------------


@pytest.mark.parametrize("script", ENTRY_POINTS)
def test_missing_steering_file(tmp_path, script):
    result = run_cli("run", "nowhere.py", cwd=tmp_path, script=script)
    assert result.returncode == 2
    assert_one_clean_error(result, "nowhere.py", "not found")


def test_steering_file_with_a_syntax_error(tmp_path):
    steering = write_steering(tmp_path, "import evflow\nx = (\n")
    result = run_cli("run", steering, cwd=tmp_path)
    assert result.returncode == 2
    assert_one_clean_error(result, "steer.py:2")
    steering = write_steering(tmp_path, "import evflow\n\nx = = 1\n")
    result = run_cli("run", steering, cwd=tmp_path)
    assert result.returncode == 2
    line = assert_one_clean_error(result, "steer.py:3: invalid syntax: x = = 1")
    assert "cli.py" not in line


@pytest.mark.parametrize(
    "args",
    [
        ["run", "steer.py", "--bogus"],
        ["--bogus"],
        ["frobnicate"],
        [],
        ["run", "steer.py", "-n", "ten"],
        ["run", "steer.py", "-l", "verbose"],
    ],
    ids=["run-option", "global-option", "command", "no-command", "bad-int", "bad-level"],
)
def test_usage_errors(tmp_path, args):
    write_steering(tmp_path, STEERING)
    result = run_cli(*args, cwd=tmp_path)
    assert result.returncode == 2
    assert_one_clean_error(result)
    assert not (tmp_path / "out.evf").exists()


@pytest.mark.parametrize("command", ["info", "dump"])
def test_missing_evf_file_is_a_usage_error(tmp_path, command):
    result = run_cli(command, "missing.evf", cwd=tmp_path)
    assert result.returncode == 2
    assert_one_clean_error(result, "missing.evf", "no such file")


@pytest.mark.parametrize("command", ["info", "dump"])
def test_non_evf_file_is_a_usage_error(tmp_path, command):
    (tmp_path / "notes.txt").write_text("run 1 was fine, run 2 had a noisy layer\n" * 3)
    result = run_cli(command, "notes.txt", cwd=tmp_path)
    assert result.returncode == 2
    assert_one_clean_error(result, "notes.txt", "not an evflow event file")


@pytest.mark.parametrize("command", ["info", "dump"])
def test_directory_instead_of_an_evf_file_is_a_usage_error(tmp_path, command):
    (tmp_path / "runs").mkdir()
    result = run_cli(command, "runs", cwd=tmp_path)
    assert result.returncode == 2
    assert_one_clean_error(result, "runs", "is a directory")


@pytest.mark.parametrize("processes", ["0", "2"])
@pytest.mark.parametrize("script", ENTRY_POINTS)
def test_module_raising_in_a_steering_file(tmp_path, script, processes):
    steering = write_steering(tmp_path, FAILING_STEERING)
    result = run_cli("run", steering, "-p", processes, cwd=tmp_path, script=script)
    assert result.returncode == 1
    assert_one_clean_error(
        result,
        "Calibrate",
        "run 4",
        "event 3",
        "ValueError",
        "gain table missing",
        f"steer.py:{marked_line(FAILING_STEERING)}",
    )
    written = [e.number for e in ef.read(tmp_path / "out.evf")]
    if processes == "0":
        # the output holds the events before the failing one
        assert written == [1, 2]
    else:
        assert 3 not in written
    # ... and says the job did not finish, and why
    assert_completion(tmp_path / "out.evf", "module Calibrate failed in event on run 4 event 3")


@pytest.mark.parametrize("processes", ["0", "2"])
def test_a_module_that_stopped_the_job_counts_its_failure(tmp_path, processes):
    steering = write_steering(tmp_path, FAILING_STEERING)
    result = run_cli("run", steering, "-p", processes, "--report", "job.json", cwd=tmp_path)
    assert result.returncode == 1
    row = next(line for line in result.stderr.splitlines() if line.startswith("Calibrate "))
    assert row.split()[2] == "1", result.stderr  # the table's "failed" column
    report = json.loads((tmp_path / "job.json").read_text())
    assert {m["name"]: m["failed"] for m in report["modules"]}["Calibrate"] == 1


@pytest.mark.parametrize("processes", ["0", "2"])
def test_module_raising_with_debug_log_level_shows_the_traceback(tmp_path, processes):
    steering = write_steering(tmp_path, FAILING_STEERING)
    result = run_cli("run", steering, "-l", "debug", "-p", processes, cwd=tmp_path)
    assert result.returncode == 1
    traceback = result.stderr[result.stderr.index("Traceback (most recent call last)") :]
    assert f'steer.py", line {marked_line(FAILING_STEERING)}, in event' in traceback
    assert "ValueError: gain table missing" in traceback
    assert len(error_lines(result.stderr)) == 1


LIBRARY_RAISING = {
    "module": (
        """\
import evflow as ef
import numpy as np


class Fit(ef.Module):
    def event(self, event):
        np.linalg.inv(np.zeros((2, 2)))  # RAISE


path = ef.Path()
path.add(ef.modules.EventGenerator(events=3))
path.add(Fit())
ef.process(path)
""",
        "_linalg.py",
    ),
    "steering": (
        """\
import json

calibration = json.loads("{not json")  # RAISE
""",
        "decoder.py",
    ),
}


@pytest.mark.parametrize("where", sorted(LIBRARY_RAISING))
def test_error_location_is_the_users_line_not_inside_a_library(tmp_path, where):
    text, library_file = LIBRARY_RAISING[where]
    steering = write_steering(tmp_path, text)
    result = run_cli("run", steering, cwd=tmp_path)
    assert result.returncode == 1
    line = assert_one_clean_error(result, f"(at {steering}:{marked_line(text)} in ")
    assert library_file not in line


def test_multi_line_exception_message_is_printed_on_one_line(tmp_path):
    text = FAILING_STEERING.replace('"gain table missing"', '"gain table missing\\nfor layer 3"')
    steering = write_steering(tmp_path, text)
    result = run_cli("run", steering, cwd=tmp_path)
    assert result.returncode == 1
    assert_one_clean_error(result, "gain table missing | for layer 3", "steer.py:")
    debug = run_cli("run", steering, "-l", "debug", cwd=tmp_path)
    assert len(error_lines(debug.stderr)) == 1
    assert "gain table missing\nfor layer 3" in debug.stderr


def test_steering_file_with_a_nul_byte_is_a_usage_error_naming_it(tmp_path):
    steering = tmp_path / "steer.py"
    steering.write_bytes(b"import evflow\x00\n")
    result = run_cli("run", steering, cwd=tmp_path)
    assert result.returncode == 2
    line = assert_one_clean_error(result, "steer.py", "null bytes")
    assert "None" not in line


CLEANUP_FAILING_STEERING = FAILING_STEERING.replace(
    "path = ef.Path()",
    """\
class Histograms(ef.Module):
    def terminate(self):
        raise OSError("disk full while saving histograms")


path = ef.Path()""",
).replace("path.add(Calibrate())", "path.add(Calibrate())\npath.add(Histograms())")


def test_errors_during_clean_up_are_printed_after_the_error(tmp_path):
    steering = write_steering(tmp_path, CLEANUP_FAILING_STEERING)
    result = run_cli("run", steering, cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    first, cleanup = error_lines(result.stderr)
    assert "Calibrate" in first and "gain table missing" in first
    assert cleanup.startswith("evflow: error: during clean-up: ")
    for part in ["Histograms", "terminate", "OSError", "disk full while saving histograms"]:
        assert part in cleanup
    assert result.stderr.count("disk full") == 1  # not logged a second time


def test_report_directory_is_made_when_missing(tmp_path):
    steering = write_steering(tmp_path, STEERING)
    result = run_cli("run", steering, "-n", "3", "--report", "reports/a/job.json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert json.loads((tmp_path / "reports" / "a" / "job.json").read_text())["read"] == 3


@pytest.mark.parametrize(
    ("report", "part"),
    [("notes.txt/job.json", "cannot make its directory"), ("reports", "is a directory")],
    ids=["under-a-file", "a-directory"],
)
def test_unusable_report_path_is_a_usage_error_before_the_job(tmp_path, report, part):
    (tmp_path / "notes.txt").write_text("not a directory\n")
    (tmp_path / "reports").mkdir()
    steering = write_steering(tmp_path, STEERING)
    result = run_cli("run", steering, "--report", report, cwd=tmp_path)
    assert result.returncode == 2
    assert_one_clean_error(result, "report", part)
    assert not (tmp_path / "out.evf").exists()  # the job never started


def test_report_that_cannot_be_written_does_not_hide_the_module_error(tmp_path):
    # The failing module's terminate() puts a directory where the report goes.
    text = FAILING_STEERING.replace(
        "class Calibrate(ef.Module):",
        "class Calibrate(ef.Module):\n    def terminate(self):\n"
        '        __import__("os").mkdir("job.json")\n',
    )
    steering = write_steering(tmp_path, text)
    result = run_cli("run", steering, "--report", "job.json", cwd=tmp_path)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    lines = [line for line in result.stderr.splitlines() if line.startswith("evflow: error:")]
    assert any("Calibrate" in line and "gain table missing" in line for line in lines)
    assert any("cannot write the job report to job.json" in line for line in lines)
    assert "3 read" in result.stderr  # the summary came first


def test_output_file_header_records_the_job(tmp_path):
    steering = write_steering(tmp_path, STEERING)
    result = run_cli("run", steering, "-n", "4", "--seed", "9", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    with ef.open(tmp_path / "out.evf") as f:
        job = f.metadata["job"]
    inputs = job.pop("inputs")
    assert job == {
        "steering": str(steering),
        "steering_sha256": hashlib.sha256(steering.read_bytes()).hexdigest(),
        "args": [],
        "path": ["EventGenerator", "FileOutput"],
        "seed": 9,
        "max_events": 4,
        "processes": 0,
        "evflow": ef.__version__,
    }
    # What the generator makes: a resumed job with another generator is refused.
    assert inputs["runs"] == [[1, 100000]] and len(inputs["entries"]) == 1


def test_steering_file_raising_outside_process(tmp_path):
    steering = write_steering(tmp_path, 'import os\n\nraise RuntimeError("no beam today")\n')
    result = run_cli("run", steering, cwd=tmp_path)
    assert result.returncode == 1
    assert_one_clean_error(result, "RuntimeError", "no beam today", "steer.py:3")


@pytest.mark.parametrize(
    ("body", "part"),
    [
        ("p = ef.Path()\nef.process(p)\n", "must start with a source"),
        ('ef.modules.FileOutput("x.evf", compression="gzip")\n', "compression"),
        ("ef.modules.EventGenerator(events=1, runs=[(1, 2)])\n", "runs"),
        ("ef.Path().add(ef.modules.FileOutput)\n", "add an instance, e.g. FileOutput(...)"),
        ("ef.process([ef.modules.EventGenerator(events=1)])\n", "evflow.Path"),
        ('ef.modules.FileOutput("out.evf", metadata={"gain": {1, 2}})\n', "metadata"),
    ],
    ids=["no-source", "file-output", "event-generator", "class", "not-a-path", "metadata"],
)
def test_configuration_error_in_a_steering_file(tmp_path, body, part):
    steering = write_steering(tmp_path, "import evflow as ef\n" + body)
    result = run_cli("run", steering, cwd=tmp_path)
    assert result.returncode == 2
    assert_one_clean_error(result, part)


# --- the demo -------------------------------------------------------------------------------


def test_trigger_demo_finds_tracks_and_keeps_only_two_track_events(tmp_path):
    result = run_cli("run", REPO / "examples" / "trigger.py", "-n", "400", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    efficiency = re.search(r"track finding efficiency: ([\d.]+)% of (\d+) tracks", result.stdout)
    assert efficiency, result.stdout
    assert float(efficiency.group(1)) > 90
    assert int(efficiency.group(2)) > 400  # about two simulated tracks per event
    kept = re.search(r"trigger kept (\d+) of 400 events", result.stdout)
    assert kept, result.stdout
    assert 0.40 < int(kept.group(1)) / 400 < 0.75
    out = tmp_path / "out" / "triggered.evf"
    with ef.open(out) as f:
        assert f.compression == "zstd"
        events = list(f)
    assert len(events) == int(kept.group(1))
    for event in events:
        assert len(event["tracks"]) >= 2
        assert {"phi0", "curvature", "layers"} <= set(event["tracks"].dtype.names)
    assert "400 read" in result.stderr
    assert f"{len(events)} written" in result.stderr
    assert "events per worker" in result.stderr  # the demo runs two worker processes


def test_trigger_demo_runs_with_no_events(tmp_path):
    result = run_cli("run", REPO / "examples" / "trigger.py", "-n", "0", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "trigger kept 0 of 0 events" in result.stdout


def test_progress_prints_percentages_rates_and_a_done_line(tmp_path):
    steering = write_steering(
        tmp_path,
        """\
        import evflow as ef

        path = ef.Path()
        path.add(ef.modules.EventGenerator(events=200))
        path.add(ef.modules.Progress(style="plain"))
        ef.process(path, summary=False)
        """,
    )
    result = run_cli("run", steering, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    lines = [line for line in result.stderr.splitlines() if line.startswith("evflow: ")]
    *steps, done = lines
    percents = []
    for line in steps:
        match = re.fullmatch(r"evflow: +([\d.]+)%  (\d+)/200 events  \S+ events/s  ETA \S+", line)
        assert match, line
        percents.append(float(match.group(1)))
        assert int(match.group(2)) == round(float(match.group(1)) * 2)
    assert percents == [10.0 * k for k in range(1, 10)]  # a line at every tenth of the job
    assert re.fullmatch(r"evflow: done: 200 events in \S+ \(\S+ events/s\)", done), done


@pytest.mark.parametrize("option", ["-n", "--seed"])
def test_negative_run_option_is_a_usage_error(tmp_path, option):
    steering = write_steering(tmp_path, STEERING)
    result = run_cli("run", steering, option, "-1", cwd=tmp_path)
    assert result.returncode == 2
    assert_one_clean_error(result, option)
