"""Compiled modules in a steering file (docs/plugins.md): module types written in C against
evflow/plugin.h alone (tests/plugins/modules.c), compiled with gcc into a shared
library and put on a path with ``ef.modules.Plugin``: the same events written at -p 0 and
-p 2, every kind of parameter reaching the module, entries read, put and removed, flags,
rejections, runs, an error as a ModuleError with the plugin's message, a SIGSEGV in a worker
as a dead worker, and each refusal of a library that cannot be used."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import evflow as ef
import numpy as np
import pytest
from conftest import REPO, run_cli

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


@pytest.mark.parametrize("length", [1000, 300_000])
def test_entries_a_plugin_writes_in_place_reach_the_output_at_p0_and_p2(tmp_path, library, length):
    """Small entries are written in process memory, large ones (300 kB) in a worker's
    segment, where they leave by handle; the first of two puts of a name is dropped."""
    for processes in (0, 2):
        fill = ef.modules.Plugin(library, "Fill", bytes=length)
        options = {"ordered": True} if processes else {}
        run(
            library,
            tmp_path / f"p{processes}.evf",
            processes,
            fill,
            source=generator(events=60),
            **options,
        )
    p0, p2 = events_of(tmp_path / "p0.evf"), events_of(tmp_path / "p2.evf")
    assert p0 == p2 and len(p0) == 60
    for _, number, _, entries in p0:
        expected = ((number + np.arange(length)) % 251).astype("u1")
        assert entries["block"] == ("|u1", expected.tobytes())


def test_a_plugin_crashing_on_every_attempt_has_its_event_quarantined(tmp_path, library):
    """The event kills a worker twice (max_retries=1): replaced twice, the event goes to the
    quarantine file, every other event to the output once."""
    crash = ef.modules.Plugin(library, "Crash", at=123, always=True)
    quarantine = tmp_path / "poison.evf"
    options = {"max_restarts_per_minute": 100, "quarantine": str(quarantine)}
    report = run(library, tmp_path / "out.evf", 2, crash, **options)
    events = events_of(tmp_path / "out.evf")
    assert sorted(number for _, number, _, _ in events) == [n for n in range(1, 401) if n != 123]
    assert report.restarts == 2 and report.quarantined == 1
    assert [number for _, number, _, _ in events_of(quarantine)] == [123]


def test_parameters_are_checked_when_the_plugin_is_made(library):
    with pytest.raises(ef.ConfigError, match=r"threshold \(a number\) is needed"):
        ef.modules.Plugin(library, "Threshold", threshold="high")
    with pytest.raises(ef.ConfigError, match=r"parameter cut = .* is a dict"):
        ef.modules.Plugin(library, "Threshold", threshold=1.0, cut={"a": 1})


def test_a_library_that_cannot_be_used_is_refused_with_what_is_wrong(tmp_path, library):
    names = 'has no module "Nope"; it has Threshold, Echo, Fails, Crash, Fill'
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


# The examples, built as their users build them: the C++ cluster finder with CMake through
# `evflow config --include`, the Rust calorimeter trigger with cargo (its cdylib, built by
# `make develop`), each run by its steering file at -p 0 and -p 2.

EXAMPLES = REPO / "examples"
RUST_PLUGIN = REPO / "target" / "release" / "libevflow_example_rust_module.so"


def run_at_p0_and_p2(steer, library, tmp_path, said):
    """The example's steering file run by `evflow run` at -p 0 and -p 2, saying ``said``;
    the -p 0 output, once both wrote the same events."""
    outputs = {p: tmp_path / f"p{p}.evf" for p in (0, 2)}
    for processes, out in outputs.items():
        args = ["run", str(steer), "-p", str(processes), "--", str(library), str(out)]
        done = run_cli(*args, cwd=REPO, timeout=120)
        assert done.returncode == 0, done.stderr
        assert said in done.stdout
    assert events_of(outputs[0]) == events_of(outputs[2])
    return outputs[0]


def calorimeter(runs, scale=30.0):
    """The examples' generator: 64 towers of exponentially falling counts."""
    entries = {"adc": {"dtype": "<u2", "size": 64, "values": ("exponential", scale)}}
    return ef.modules.EventGenerator(runs=runs, entries=entries)


def generated(runs, scale, tmp_path):
    """The events the examples' generator makes (seed 0, as `evflow run`'s)."""
    path = ef.Path()
    path.add(calorimeter(runs, scale))
    path.add(ef.modules.FileOutput(str(tmp_path / "generated.evf")))
    ef.process(path, summary=False)
    with ef.open(tmp_path / "generated.evf") as f:
        return {(e.run, e.number): np.array(e["adc"]) for e in f}


def clusters(adc, gains, pedestal=10.0, seed=1.0, neighbour=0.2):
    """ClusterTrigger's clusters, found again: energies and sizes, in the same order."""
    energy = np.where(adc > pedestal, adc - pedestal, 0) * gains
    taken, found = np.zeros(64, bool), []
    for s in range(64):
        if taken[s] or energy[s] < seed:
            continue
        stack, total, size = [s], 0.0, 0
        taken[s] = True
        while stack:
            t = stack.pop()
            total, size = total + energy[t], size + 1
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    r, c = t // 8 + dr, t % 8 + dc
                    n = r * 8 + c
                    if 0 <= r < 8 and 0 <= c < 8 and not taken[n] and energy[n] >= neighbour:
                        taken[n] = True
                        stack.append(n)
        found.append((total, size))
    return found


def build_cpp_example(build, bin_dir, env=None):
    """examples/cpp-module built with CMake into ``build``, finding ``evflow`` and ``cmake`` in
    ``bin_dir`` (a virtual environment's) as its users do; the plugin library's path."""
    env = dict(env or os.environ, PATH=f"{bin_dir}{os.pathsep}{(env or os.environ)['PATH']}")
    source = EXAMPLES / "cpp-module"
    for command in (
        ["cmake", "-S", str(source), "-B", str(build)],
        ["cmake", "--build", str(build)],
    ):
        done = subprocess.run(command, capture_output=True, text=True, env=env)
        assert done.returncode == 0, done.stdout + done.stderr
    return build / "libcluster_trigger.so"


@pytest.fixture(scope="module")
def cpp_plugin(tmp_path_factory):
    return build_cpp_example(tmp_path_factory.mktemp("cpp-module"), Path(sys.executable).parent)


def test_the_cpp_example_selects_the_events_with_a_cluster_at_p0_and_p2(tmp_path, cpp_plugin):
    steer = EXAMPLES / "cpp-module" / "steer.py"
    out = run_at_p0_and_p2(steer, cpp_plugin, tmp_path, "ClusterTrigger selected")
    gains = np.full(64, 0.05)
    gains[27] = 0.045
    expected = {}
    for key, adc in generated([(1, 500), (2, 500)], 8.0, tmp_path).items():
        found = clusters(adc, gains)
        if any(energy >= 3.5 for energy, _ in found):
            expected[key] = found
    assert 0 < len(expected) < 1000
    with ef.open(out) as f:
        kept = {
            (e.run, e.number): list(
                zip(e["cluster_energy"].tolist(), e["cluster_size"].tolist(), strict=True)
            )
            for e in f
        }
    assert kept == expected


def calo_trigger(adc, gain):
    """CaloTrigger's seed tower and 3 x 3 cluster energy, in float32 as it computes them."""
    energy = (np.maximum(adc.astype(np.int32) - 10, 0).astype(np.float32)) * np.float32(gain)
    seed = int(np.argmax(energy))
    total = np.float32(0)
    for r in range(max(seed // 8 - 1, 0), min(seed // 8 + 1, 7) + 1):
        for c in range(max(seed % 8 - 1, 0), min(seed % 8 + 1, 7) + 1):
            total = np.float32(total + energy[r * 8 + c])
    return seed, total


def test_the_rust_example_as_a_plugin_keeps_the_events_above_threshold_at_p0_and_p2(tmp_path):
    assert RUST_PLUGIN.exists(), "make develop builds the example's cdylib"
    steer = EXAMPLES / "rust-module" / "steer.py"
    out = run_at_p0_and_p2(steer, RUST_PLUGIN, tmp_path, "CaloTrigger kept")
    gains = {1: 0.05, 2: 0.048}
    expected = {}
    for (run_number, number), adc in generated([(1, 300), (2, 200)], 30.0, tmp_path).items():
        seed, energy = calo_trigger(adc, gains[run_number])
        if energy >= 15.0:
            expected[run_number, number] = (seed, energy)
    assert 0 < len(expected) < 500
    with ef.open(out) as f:
        kept = {(e.run, e.number): (int(e["cluster_seed"]), e["cluster_energy"][()]) for e in f}
    assert kept == expected


def test_a_rust_plugins_errors_name_the_module_and_what_failed(tmp_path):
    with pytest.raises(ef.ConfigError, match=r"gains must be a list of \[run, gain\] pairs"):
        ef.modules.Plugin(RUST_PLUGIN, "CaloTrigger", gains="flat")
    with pytest.raises(ef.ConfigError, match=r"gains: .* is not a \[run, gain\] pair"):
        ef.modules.Plugin(RUST_PLUGIN, "CaloTrigger", gains=[[1, "high"]])
    only_run_1 = ef.modules.Plugin(RUST_PLUGIN, "CaloTrigger", gains=[[1, 0.05]])
    with pytest.raises(ef.ModuleError, match="no gain for run 2 in the calibration"):
        run(None, tmp_path / "out.evf", 0, only_run_1, source=calorimeter([(1, 5), (2, 5)]))
    negative = ef.modules.Plugin(RUST_PLUGIN, "CaloTrigger", threshold_gev=-1.0)
    with pytest.raises(ef.ModuleError, match="threshold_gev must be above 0 GeV"):
        run(None, tmp_path / "out.evf", 0, negative, source=calorimeter([(1, 5)]))
