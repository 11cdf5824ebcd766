"""A device takes the error options of ``process()`` (docs/topology.md, "What a device
takes of `process()`"): ``on_error``, ``event_timeout``, ``max_retries`` and ``quarantine``,
with the same names, defaults and meaning, so one bad event in one replica does not end the
farm. Each case runs on the forked engine (one host) and as device processes (a tcp channel
makes them), and the output is what ``ef.process()`` with the same options writes."""

import evflow as ef
import pytest
from conftest import error_lines, run_cli
from evflow_bench.standard_farm import Farm
from test_topology import unique

GEN = """
import evflow as ef
path = ef.Path()
path.add(ef.modules.EventGenerator(
    events=200, entries={"adc": {"dtype": "<u2", "size": 4, "values": "sequence"}},
))
"""

# Raises on event 17, hangs on event 33 (only where HANG is set: a replica's Python sleeps).
RECO = """
import time
import numpy as np
import evflow as ef

class Reco(ef.Module):
    parallel_safe = True
    def event(self, event):
        if event.number == 17:
            raise ValueError("a corrupt cluster in event 17")
        if event.number == 33 and {hang}:
            time.sleep(3600)
        event["sum"] = np.array([event["adc"].sum()], dtype=np.int64)
        return True

path = ef.Path()
path.add(Reco())
"""

# shm: the forked engine on one host; tcp: device processes started by the controller.
ENGINES = {"forked": "auto", "devices": "tcp"}


def write(tmp_path, engine, hang=False, reco=(), store=()):
    """The standard farm on ``engine``, with the keys ``reco`` and ``store`` added to those
    devices' tables, and this file's gen and reco."""
    farm = Farm(unique("err"))
    farm.devices["reco"].update(reco)
    farm.devices["store"].update(store)
    farm.channels["accepted"]["transport"] = ENGINES[engine]
    return farm.write(tmp_path, gen=GEN, reco=RECO.format(hang=hang))


def events(file):
    with ef.open(file) as f:
        return [(e.number, e.flags, None if "sum" not in e else e["sum"].tolist()) for e in f]


def reference(tmp_path, **options):
    """The same path in ``ef.process()`` with the same error options."""
    path = ef.Path()
    for name in ("gen", "reco"):
        namespace = {}
        exec(compile((tmp_path / f"{name}.py").read_text(), name, "exec"), namespace)
        for step in namespace["path"]:
            path.add(step)
    out = tmp_path / "reference.evf"
    path.add(ef.modules.FileOutput(str(out)))
    ef.process(path, summary=False, processes=2, ordered=True, **options)
    return events(out)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_module_that_raises_stops_the_topology_by_default(tmp_path, engine):
    topo = write(tmp_path, engine)
    result = run_cli("up", topo, cwd=tmp_path, timeout=120)
    assert result.returncode == 1, result.stderr
    assert "a corrupt cluster in event 17" in error_lines(result.stderr)[0]


@pytest.mark.parametrize("engine", ENGINES)
def test_on_error_skip_flags_the_event_and_the_farm_goes_on(tmp_path, engine):
    topo = write(tmp_path, engine, reco={"on_error": "skip"})
    result = run_cli("up", topo, cwd=tmp_path, timeout=120)
    assert result.returncode == 0, result.stderr
    written = events(tmp_path / "out.evf")
    assert len(written) == 200
    [failed] = [e for e in written if "failed" in e[1]]
    assert failed[0] == 17 and failed[2] is None
    assert written == reference(tmp_path, on_error="skip")
    assert "a corrupt cluster in event 17" in result.stderr  # warned, not an error line
    assert not error_lines(result.stderr)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_hung_event_is_killed_retried_and_quarantined(tmp_path, engine):
    options = {"on_error": "skip", "event_timeout": 1.0, "max_retries": 1, "quarantine": "bad.evf"}
    topo = write(tmp_path, engine, hang=True, reco=options)
    result = run_cli("up", topo, cwd=tmp_path, timeout=180)
    assert result.returncode == 0, result.stderr
    assert result.stderr.count("event_timeout") >= 2, result.stderr  # killed twice
    written = events(tmp_path / "out.evf")
    assert [e[0] for e in written] == [n for n in range(1, 201) if n != 33]
    with ef.open(tmp_path / "bad.evf") as f:
        [poison] = list(f)
    assert poison.number == 33


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"on_error": "ignore"}, '`on_error` in [devices.reco] must be one of "stop", "skip"'),
        ({"event_timeout": 0}, "`event_timeout` in [devices.reco] must be a positive number"),
        ({"max_retries": -1}, "`max_retries` in [devices.reco] must be 0 to"),
        ({"quarantine": 3}, "`quarantine` in [devices.reco] must be a string"),
    ],
    ids=["on_error", "event_timeout", "max_retries", "quarantine"],
)
def test_bad_error_options_are_lines_of_the_file(tmp_path, options, message):
    topo = write(tmp_path, "forked", reco=options)
    result = run_cli("up", topo, cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    [line] = error_lines(result.stderr)
    assert f"topo.toml:11: {message}" in line, line


def test_a_processors_options_on_a_sink_are_refused(tmp_path):
    topo = write(tmp_path, "forked", store={"event_timeout": 5, "max_retries": 3})
    result = run_cli("up", topo, cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    lines = error_lines(result.stderr)
    assert len(lines) == 2 and all("is for a processor" in line for line in lines), lines
