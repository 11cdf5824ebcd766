"""`evflow info` and `evflow dump` as a user runs them (issue 9): the job and user metadata,
whether a file is complete, empty files, selections that select nothing, entries by name,
events by run and number."""

import json

import evflow as ef
import numpy as np
import pytest
from conftest import ListSource, assert_completion, error_lines, run_cli, write_file


@pytest.fixture
def runs_file(tmp_path):
    """Run 1 events 1-4 and run 2 events 1-3, with entries adc and hits, and user metadata."""
    specs = [
        (run, n, {"adc": np.full(4, 10 * run + n, "<u2"), "hits": np.arange(n, dtype="<f4")})
        for run, count in ((1, 4), (2, 3))
        for n in range(1, count + 1)
    ]
    path = tmp_path / "runs.evf"
    write_file(path, specs, metadata={"detector": "ecal", "calibration": {"gain": 1.5}})
    return path


def dump(path, *options):
    return run_cli("dump", path, *options, cwd=path.parent)


def headers(result):
    """The '[position] run R event N' lines of a dump, as (position, run, number)."""
    found = []
    for line in result.stdout.splitlines():
        if line.startswith("["):
            words = line.split()
            found.append((int(words[0][1:-1]), int(words[2]), int(words[4])))
    return found


@pytest.mark.parametrize("empty", ["file", "/dev/null"])
@pytest.mark.parametrize("command", ["info", "dump"])
def test_an_empty_file_is_a_usage_error_that_says_so(tmp_path, empty, command):
    path = tmp_path / "empty.evf"
    path.write_bytes(b"")
    target = path if empty == "file" else "/dev/null"
    result = run_cli(command, target, cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert error_lines(result.stderr) == [
        f"evflow: error: {target} is an empty file, not an .evf file"
    ]


@pytest.mark.parametrize("spec", ["10:5", "3:3", "20:30"])
def test_a_range_that_selects_nothing_is_an_error(runs_file, spec):
    result = dump(runs_file, "--events", spec)
    assert result.returncode == 2
    assert result.stdout == ""
    assert f"--events {spec}: selects no events" in error_lines(result.stderr)[0]


def test_info_shows_the_job_and_the_users_metadata(tmp_path):
    steering = tmp_path / "steer.py"
    steering.write_text(
        "import evflow as ef\n"
        "path = ef.Path()\n"
        "path.add(ef.modules.EventGenerator(events=50))\n"
        "path.add(ef.modules.FileOutput('out.evf', metadata={'detector': 'ecal'}))\n"
        "ef.process(path, seed=7)\n"
    )
    assert run_cli("run", steering, "-n", "5", cwd=tmp_path).returncode == 0
    shown = run_cli("info", "out.evf", cwd=tmp_path)
    assert shown.returncode == 0
    lines = shown.stdout.splitlines()
    assert f"job:         steering file {steering}" in lines
    assert "             path EventGenerator -> FileOutput" in lines
    assert "             seed 7, max_events 5, processes 0" in lines
    assert f"             evflow {ef.__version__}" in lines
    assert 'metadata:    detector = "ecal"' in lines
    summary = json.loads(run_cli("info", "out.evf", "--json", cwd=tmp_path).stdout)
    assert summary["job"]["seed"] == 7 and summary["job"]["max_events"] == 5
    assert summary["metadata"] == {"detector": "ecal"}
    assert summary["events"] == 5 and summary["integrity"] == "ok"
    assert_completion(tmp_path / "out.evf")


def test_info_json_carries_what_the_text_says(runs_file):
    summary = json.loads(run_cli("info", runs_file, "--json", cwd=runs_file.parent).stdout)
    assert summary["runs"] == [{"run": 1, "events": 4}, {"run": 2, "events": 3}]
    assert [e["name"] for e in summary["entries"]] == ["adc", "hits"]
    assert summary["metadata"] == {"detector": "ecal", "calibration": {"gain": 1.5}}
    assert summary["complete"] is True and summary["incomplete_reason"] is None
    assert summary["corrupt"] == [] and summary["stopped"] is None


def test_dump_picks_entries(runs_file):
    result = dump(runs_file, "--events", "0", "--entries", "hits")
    assert result.returncode == 0, result.stderr
    assert "    hits <f4 (1,): [0.]" in result.stdout
    assert "adc" not in result.stdout
    unknown = dump(runs_file, "--entries", "hits,tracks")
    assert unknown.returncode == 2 and unknown.stdout == ""
    assert "no selected event holds tracks; they hold: adc, hits" in error_lines(unknown.stderr)[0]


def test_dump_selects_by_run_and_event_number(runs_file):
    assert headers(dump(runs_file, "--run", "2")) == [(4, 2, 1), (5, 2, 2), (6, 2, 3)]
    one = dump(runs_file, "--run", "1", "--event", "3")
    assert headers(one) == [(2, 1, 3)]
    assert "adc <u2 (4,): [13 13 13 13]" in one.stdout
    assert headers(dump(runs_file, "--run", "2", "--events", "0:5")) == [(4, 2, 1)]
    for options, message in [
        (("--run", "3"), "the file holds no event of run 3; its runs: [1, 2]"),
        (("--run", "2", "--event", "9"), "the file holds no run 2 event 9"),
        (("--event", "2"), "--event N needs --run R"),
        (("--run", "2", "--events", "0:3"), "--events 0:3 selects none of the events of run 2"),
    ]:
        result = dump(runs_file, *options)
        assert result.returncode == 2, options
        assert message in error_lines(result.stderr)[0]


def test_reading_a_file_of_an_interrupted_job_warns(tmp_path, capfd):
    path = tmp_path / "partial.evf"

    class StopAt(ef.Module):
        def event(self, event):
            if event.number == 3:
                raise KeyboardInterrupt

    p = ef.Path()
    p.add(ListSource([(1, n, {"x": np.zeros(2)}) for n in range(1, 6)]))
    p.add(StopAt())
    p.add(ef.modules.FileOutput(str(path)))
    with pytest.raises(KeyboardInterrupt):
        ef.process(p, summary=False)
    assert_completion(path, "interrupted by SIGINT")
    shown = dump(path)
    assert shown.returncode == 0
    assert f"{path}: written by a job that did not finish (interrupted by SIGINT)" in shown.stderr
    assert len(headers(shown)) == 2
    # A job that reads it says so once.
    again = ef.Path()
    again.add(ef.modules.FileInput(str(path)))
    capfd.readouterr()
    report = ef.process(again, summary=False)
    assert report.read == 2
    warned = capfd.readouterr().err
    assert warned.count("written by a job that did not finish (interrupted by SIGINT)") == 1, warned
