"""What evflow says about mistakes a new user makes (issue 9): a hook with a typo, a steering
file that never runs a job, more workers than CPUs, options of the wrong kind; and the
steering file's own arguments after ``--``."""

import logging
import os
import textwrap

import evflow as ef
import pytest
from conftest import REPO, error_lines, run_cli


def generator_path(*modules, events=3):
    path = ef.Path()
    path.add(ef.modules.EventGenerator(events=events))
    for module in modules:
        path.add(module)
    return path


def warnings_of(caplog):
    return [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]


@pytest.mark.parametrize(
    ("defined", "hook"),
    [
        ("Event", "event"),
        ("beginRun", "begin_run"),
        ("endrun", "end_run"),
        ("initialise", "initialize"),
        ("Terminate", "terminate"),
    ],
)
def test_a_misspelled_hook_is_warned_about(caplog, defined, hook):
    Typo = type("Typo", (ef.Module,), {defined: lambda self, *args: None})
    ef.Path().add(Typo())
    assert warnings_of(caplog) == [
        f"Typo defines {defined}(), which evflow never calls: did you mean {hook}()?"
    ]


def test_a_misspelled_source_hook_is_warned_about(caplog):
    class Reader(ef.Source):
        def Events(self):
            yield from ()

    ef.Path().add(Reader())
    assert "Reader defines Events(), which evflow never calls: did you mean events()?" in (
        warnings_of(caplog)
    )


def test_correct_hooks_and_other_methods_are_not_warned_about(caplog):
    class Fine(ef.Module):
        def begin_run(self, run):
            pass

        def event(self, event):
            return True

        def eventually(self):
            pass

    ef.Path().add(Fine())
    assert warnings_of(caplog) == []


def test_a_steering_file_that_never_calls_process_is_warned_about(tmp_path):
    steering = tmp_path / "steer.py"
    steering.write_text("import evflow as ef\npath = ef.Path()\n")
    result = run_cli("run", steering, cwd=tmp_path)
    assert result.returncode == 0
    assert f"evflow: warning: {steering} never called evflow.process()" in result.stderr


def test_more_workers_than_cpus_is_warned_about(caplog):
    class Safe(ef.Module):
        parallel_safe = True

    cpus = len(os.sched_getaffinity(0))
    ef.process(generator_path(Safe()), processes=cpus + 1, summary=False)
    assert any(
        f"processes={cpus + 1} is more than the {cpus} CPUs" in w for w in warnings_of(caplog)
    )
    caplog.clear()
    ef.process(generator_path(Safe()), processes=1, summary=False)
    assert not any("CPUs" in w for w in warnings_of(caplog))


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"transport": "bogus"}, 'transport must be "shm" or "ipc", not "bogus"'),
        ({"worker_queue": "2"}, "worker_queue must be an integer, not '2'"),
        ({"worker_queue": 0}, "worker_queue must be 1 to 1000, not 0"),
        ({"event_timeout": 0}, "event_timeout must be a positive number of seconds"),
        ({"max_retries": -1}, "max_retries must be a non-negative integer, not -1"),
        ({"segment_size": 4096}, "segment_size must be at least"),
        ({"ordered": "yes"}, "ordered must be True or False, not 'yes'"),
        ({"summary": None}, "summary must be True or False, not None"),
        ({"on_error": "ignore"}, 'on_error must be "stop" or "skip", not "ignore"'),
        ({"quarantine": 3}, "quarantine must be a file name or None, not 3"),
    ],
)
def test_every_option_is_checked_also_for_one_process(options, message):
    with pytest.raises(ef.ConfigError, match=message.replace("(", r"\(")):
        ef.process(generator_path(), **options)


def test_options_are_keywords():
    with pytest.raises(TypeError):
        ef.process(generator_path(), 10)


def test_steering_arguments_after_a_double_dash(tmp_path):
    steering = tmp_path / "steer.py"
    steering.write_text(
        textwrap.dedent(
            """\
            import sys
            import evflow as ef

            print("argv:", sys.argv[1:])
            path = ef.Path()
            path.add(ef.modules.EventGenerator(events=10))
            path.add(ef.modules.FileOutput(sys.argv[1]))
            ef.process(path)
            """
        )
    )
    result = run_cli("run", steering, "-n", "4", "--", "out.evf", "-n", "x", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "argv: ['out.evf', '-n', 'x']" in result.stdout
    assert len(list(ef.read(tmp_path / "out.evf"))) == 4  # -n before -- is evflow's
    stray = run_cli("run", steering, "out.evf", cwd=tmp_path)
    assert stray.returncode == 2
    assert "arguments for the steering file go after --" in error_lines(stray.stderr)[0]
    helped = run_cli("run", "--help", cwd=tmp_path)
    assert "sys.argv[1:]" in helped.stdout


def test_star_import_keeps_pythons_open(tmp_path):
    namespace = {}
    exec("from evflow import *", namespace)
    assert "open" not in namespace
    assert ef.open is ef.files.open  # still there by its qualified name


def test_error_names_end_in_error_and_the_old_names_are_aliases():
    new = {
        "ChannelTimeout": ef.ChannelTimeoutError,
        "PeerGone": ef.PeerGoneError,
        "SegmentFull": ef.SegmentFullError,
        "MessageTooLarge": ef.MessageTooLargeError,
        "CorruptMessage": ef.CorruptMessageError,
    }
    for old, cls in new.items():
        assert getattr(ef, old) is cls
        assert cls.__name__ == old + "Error"
    errors = [getattr(ef, name) for name in ef.__all__ if name[0].isupper()]
    exceptions = [e for e in errors if isinstance(e, type) and issubclass(e, BaseException)]
    assert {e.__name__ for e in exceptions} == {
        e.__name__ for e in exceptions if e.__name__.endswith("Error")
    }


@pytest.mark.parametrize("opener", [ef.open, lambda path: list(ef.read(path))])
def test_a_missing_file_is_a_file_not_found_error(tmp_path, opener):
    with pytest.raises(FileNotFoundError) as caught:
        opener(tmp_path / "missing.evf")
    assert isinstance(caught.value, ef.MissingFileError)
    assert isinstance(caught.value, ef.FormatError)  # what code written before catches
    assert caught.value.filename == str(tmp_path / "missing.evf")


def test_public_modules_show_only_their_own_names():
    public = {name for name in dir(ef.modules) if not name.startswith("_")}
    native = {"EventGenerator", "FileInput", "FileOutput", "Plugin", "Progress"}
    assert public == native | {"HistogramOutput", "RootInput", "RootOutput"}


def test_mergeable_needs_no_import_of_its_own():
    import subprocess
    import sys

    code = "import evflow as ef; print(ef.mergeable.collect.__name__)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.stdout.strip() == "collect", result.stderr


@pytest.mark.parametrize("key", ["creator", "format_version", "created", "compression"])
def test_reserved_metadata_keys_are_refused_as_documented(tmp_path, key):
    assert "refuses them with a `ConfigError`" in (REPO / "docs" / "formats.md").read_text()
    with pytest.raises(ef.ConfigError, match=key):
        ef.modules.FileOutput(str(tmp_path / "out.evf"), metadata={key: "mine"})
