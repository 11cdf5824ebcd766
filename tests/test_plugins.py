"""Compiled modules in a steering file (docs/plugins.md): module types written in C against
evflow/plugin.h alone (tests/plugins/modules.c), compiled with gcc into a shared
library and put on a path with ``ef.modules.Plugin``: the same events written at -p 0 and
-p 2, every kind of parameter reaching the module, entries read, put and removed, flags,
rejections, runs, an error as a ModuleError with the plugin's message, a SIGSEGV in a worker
as a dead worker, and each refusal of a library that cannot be used."""

import shutil
import subprocess
from pathlib import Path

import evflow as ef
import numpy as np
import pytest
from conftest import run_cli

SOURCE = Path(__file__).resolve().parent / "plugins" / "modules.c"

pytestmark = pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc is not installed")


def include():
    """Where the header is, as a plugin's author finds it: ``evflow config --include``."""
    done = run_cli("config", "--include", cwd=Path.cwd())
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def compile_c(directory, text, name):
    """``text`` compiled with gcc into ``directory/name``, against the plugin header alone."""
    source = directory / f"{name}.c"
    source.write_text(text)
    library = directory / name
    flags = ["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-fPIC", "-shared"]
    command = ["gcc", *flags, f"-I{include()}", str(source), "-o", str(library)]
    done = subprocess.run(command, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return library


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    return compile_c(tmp_path_factory.mktemp("plugins"), SOURCE.read_text(), "libmodules.so")


ADC_VALUES = ("uniform", 0, 1000)


def generator(events=400, runs=None):
    return ef.modules.EventGenerator(
        runs=runs or [(1, events)],
        entries={"adc": {"dtype": "<u2", "size": ("uniform", 1, 40), "values": ADC_VALUES}},
    )


def events_of(path):
    with ef.open(path) as f:
        return [(e.run, e.number, sorted(e.flags), entries(e)) for e in f]


def entries(event):
    return {k: (event[k].dtype.str, event[k].tobytes()) for k in event.keys()}


def run(library, out, processes, *modules, **options):
    path = ef.Path()
    path.add(options.pop("source", None) or generator())
    for module in modules:
        path.add(module)
    path.add(ef.modules.FileOutput(str(out)))
    return ef.process(path, processes=processes, summary=False, **options)


def test_a_plugin_writes_the_same_events_at_p0_and_p2(tmp_path, library):
    threshold = 8000.0
    reports = {}
    for processes in (0, 2):
        plugin = ef.modules.Plugin(library, "Threshold", threshold=threshold)
        options = {"ordered": True} if processes else {}
        out = tmp_path / f"p{processes}.evf"
        reports[processes] = run(library, out, processes, plugin, **options)
    p0, p2 = events_of(tmp_path / "p0.evf"), events_of(tmp_path / "p2.evf")
    assert p0 == p2
    assert 0 < len(p0) < 400, "some events kept, some rejected"
    for _, _, _, entries in p0:
        adc = np.frombuffer(entries["adc"][1], "<u2")
        total = np.frombuffer(entries["total"][1], "<f8")
        assert total.tolist() == [float(adc.sum())] and total[0] >= threshold
    assert reports[0].rejected == reports[2].rejected == 400 - len(p0)


def test_every_kind_of_parameter_entries_flags_and_runs_reach_the_plugin(tmp_path, library):
    a = np.arange(6, dtype="<f8").reshape(2, 3) / 4
    echo = ef.modules.Plugin(library, "Echo", n=-7, x=2.5, b=True, s="héllo", l=[1, 2, 3], a=a)
    run(library, tmp_path / "out.evf", 0, echo, source=generator(runs=[(1, 6), (2, 6)]))
    events = events_of(tmp_path / "out.evf")
    assert len(events) == 12
    for run_number, number, flags, entries in events:
        values = {k: np.frombuffer(data, dtype) for k, (dtype, data) in entries.items()}
        assert "adc" not in values, "removed"
        assert values["p_n"].tolist() == [-7] and values["p_x"].tolist() == [2.5]
        assert values["p_b"].tolist() == [1]
        assert values["p_s"].tobytes().decode() == "héllo"
        assert values["p_l"].tolist() == [1, 2, 3]
        assert values["p_a"].tolist() == a.ravel().tolist()
        assert values["meta"].tolist() == [run_number, number, run_number]  # runs begun so far
        assert flags == (["failed"] if number % 5 == 0 else [])
    with ef.open(tmp_path / "out.evf") as f:
        assert next(iter(f))["p_a"].shape == (2, 3)


def test_a_plugins_error_is_a_module_error_with_its_message(tmp_path, library):
    fails = ef.modules.Plugin(library, "Fails", at=17)
    with pytest.raises(ef.ModuleError) as caught:
        run(library, tmp_path / "out.evf", 0, fails)
    message = str(caught.value)
    assert "Fails" in message and "event 17" in message, message
    assert "the detector map has no channel for event 17" in message, message


def test_a_plugin_crashing_in_a_worker_is_a_dead_worker(tmp_path, library):
    """SIGSEGV on the first attempt at event 123: the worker is replaced, the event retried
    (and kept, flagged retried), every event written once."""
    crash = ef.modules.Plugin(library, "Crash", at=123)
    report = run(library, tmp_path / "out.evf", 2, crash, max_restarts_per_minute=100)
    events = events_of(tmp_path / "out.evf")
    assert sorted(number for _, number, _, _ in events) == list(range(1, 401))
    assert report.restarts == 1 and report.retried == 1
    assert [flags for _, number, flags, _ in events if number == 123] == [["retried"]]


def test_parameters_are_checked_when_the_plugin_is_made(library):
    with pytest.raises(ef.ConfigError, match=r"threshold \(a number\) is needed"):
        ef.modules.Plugin(library, "Threshold", threshold="high")
    with pytest.raises(ef.ConfigError, match=r"parameter cut = .* is a dict"):
        ef.modules.Plugin(library, "Threshold", threshold=1.0, cut={"a": 1})


def test_a_library_that_cannot_be_used_is_refused_with_what_is_wrong(tmp_path, library):
    names = 'has no module "Nope"; it has Threshold, Echo, Fails, Crash'
    with pytest.raises(ef.ConfigError, match=names):
        ef.modules.Plugin(library, "Nope")
    with pytest.raises(ef.ConfigError, match=r"cannot open .*missing\.so"):
        ef.modules.Plugin(tmp_path / "missing.so", "Threshold")
    other = compile_c(
        tmp_path,
        "#include <stdint.h>\n"
        '__attribute__((visibility("default"))) uint32_t evflow_plugin_abi(void) { return 99; }\n',
        "libother.so",
    )
    with pytest.raises(ef.ConfigError) as caught:
        ef.modules.Plugin(other, "Threshold")
    assert "plugin ABI version 99; this evflow speaks version 1" in str(caught.value)
    half = compile_c(
        tmp_path,
        "#include <stdint.h>\n"
        '__attribute__((visibility("default"))) uint32_t evflow_plugin_abi(void) { return 1; }\n',
        "libhalf.so",
    )
    with pytest.raises(ef.ConfigError, match="has no symbol evflow_plugin_modules"):
        ef.modules.Plugin(half, "Threshold")
