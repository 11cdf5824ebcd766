"""Paths and process(): hooks, rejection, sources, built-in modules, the report, the rng."""

import json

import evflow as ef
import numpy as np
import pytest
from conftest import ListSource, Recorder, sample_specs


def generator_path(*modules, **generator):
    path = ef.Path()
    path.add(ef.modules.EventGenerator(**generator))
    for module in modules:
        path.add(module)
    return path


class Collect(ef.Module):
    """Keeps (run, number) and copies of the named entries of every event."""

    def __init__(self, *names):
        self.names = names
        self.seen = []
        self.entries = []

    def event(self, event):
        self.seen.append((event.run, event.number))
        self.entries.append({n: event[n].copy() for n in self.names})


# --- hooks and runs -------------------------------------------------------------------------


def test_hooks_are_called_in_order_across_two_runs(calls):
    path = generator_path(Recorder(calls, "a"), Recorder(calls, "b"), runs=[(1, 2), (2, 1)])
    ef.process(path, summary=False)
    a = [c[1:] for c in calls if c[0] == "a"]
    assert a == [
        ("initialize",),
        ("begin_run", 1),
        ("event", 1, 1),
        ("event", 1, 2),
        ("end_run", 1),
        ("begin_run", 2),
        ("event", 2, 1),
        ("end_run", 2),
        ("terminate",),
    ]
    # each event goes through the whole path before the next one starts
    events = [c for c in calls if c[1] == "event"]
    assert [c[0] for c in events] == ["a", "b"] * 3


def test_begin_and_end_run_follow_run_number_changes_of_a_python_source(calls):
    specs = [(run, n, {}) for run, n in [(5, 1), (5, 2), (6, 1), (5, 3)]]
    path = ef.Path()
    path.add(ListSource(specs))
    path.add(Recorder(calls))
    ef.process(path, summary=False)
    runs = [c[1:] for c in calls if c[1] in ("begin_run", "end_run")]
    assert runs == [
        ("begin_run", 5),
        ("end_run", 5),
        ("begin_run", 6),
        ("end_run", 6),
        ("begin_run", 5),
        ("end_run", 5),
    ]


def test_python_source_events_reach_modules_with_their_entries():
    specs = sample_specs(4, runs=(3,))
    collect = Collect("adc", "hits", "label")
    path = ef.Path()
    path.add(ListSource(specs))
    path.add(collect)
    report = ef.process(path, summary=False)
    assert report.read == 4
    assert collect.seen == [(3, 1), (3, 2), (3, 3), (3, 4)]
    for got, (_, _, entries) in zip(collect.entries, specs, strict=True):
        assert np.array_equal(got["adc"], entries["adc"])
        assert np.array_equal(got["hits"], entries["hits"])
        assert got["label"][()] == entries["label"]


def test_seq_numbers_the_events_in_input_order():
    seqs = []

    class Seq(ef.Module):
        def event(self, event):
            seqs.append(event.seq)

    ef.process(generator_path(Seq(), runs=[(1, 3), (2, 2)]), summary=False)
    assert seqs == [0, 1, 2, 3, 4]


def test_source_yielding_a_non_event_is_a_module_error_naming_the_type():
    class Bad(ef.Source):
        def events(self):
            yield {"run": 1}

    path = ef.Path()
    path.add(Bad())
    with pytest.raises(ef.ModuleError, match=r"evflow\.Event") as info:
        ef.process(path, summary=False)
    assert "dict" in str(info.value)
    assert info.value.module == "Bad"


def test_module_sees_entries_set_by_an_earlier_module():
    class Put(ef.Module):
        def event(self, event):
            event["doubled"] = np.asarray(event["x"]) * 2

    collect = Collect("x", "doubled")
    entries = {"x": {"dtype": "<i4", "size": 3, "values": "sequence"}}
    ef.process(generator_path(Put(), collect, events=2, entries=entries), summary=False)
    for got in collect.entries:
        assert np.array_equal(got["doubled"], got["x"] * 2)


# --- rejection ------------------------------------------------------------------------------


def test_rejected_events_skip_later_modules_and_are_counted(calls):
    first = Recorder(calls, "first", reject=lambda e: e.number % 2 == 0)
    second = Recorder(calls, "second")
    report = ef.process(generator_path(first, second, events=5), summary=False)
    seen_first = [c[3] for c in calls if c[:2] == ("first", "event")]
    seen_second = [c[3] for c in calls if c[:2] == ("second", "event")]
    assert seen_first == [1, 2, 3, 4, 5]
    assert seen_second == [1, 3, 5]
    assert (report.read, report.accepted, report.rejected, report.failed) == (5, 3, 2, 0)
    # end_run and terminate still reach every module
    assert ("second", "end_run", 1) in calls
    assert ("second", "terminate") in calls


@pytest.mark.parametrize(
    ("value", "kept"),
    [(None, True), (True, True), (False, False), (np.bool_(True), True), (np.bool_(False), False)],
)
def test_event_return_value_decides(value, kept):
    class Decide(ef.Module):
        def event(self, event):
            return value

    report = ef.process(generator_path(Decide(), events=3), summary=False)
    assert report.accepted == (3 if kept else 0)
    assert report.rejected == (0 if kept else 3)


def test_numpy_comparisons_decide():
    class Energetic(ef.Module):
        def event(self, event):
            return event["x"].sum() > 4  # numpy.bool_

    path = ef.Path()
    entries = {"x": {"dtype": "<f4", "size": 8, "values": ("uniform", 0, 1)}}
    path.add(ef.modules.EventGenerator(events=200, entries=entries))
    path.add(Energetic())
    report = ef.process(path, summary=False, seed=3)
    assert report.accepted > 0 and report.rejected > 0


@pytest.mark.parametrize(
    ("value", "kind"),
    [
        (0, "int 0"),
        (1, "int 1"),
        ("", "str ''"),
        ("no", "str 'no'"),
        (np.zeros(3), "ndarray"),
        (np.int64(0), "int64 np.int64(0)"),
    ],
)
@pytest.mark.parametrize("on_error", ["stop", "skip"])
def test_other_return_values_stop_the_job_naming_module_and_type(value, kind, on_error):
    class Sloppy(ef.Module):
        def event(self, event):
            return value

    with pytest.raises(ef.ModuleError) as caught:
        ef.process(generator_path(Sloppy(), events=3), summary=False, on_error=on_error)
    message = str(caught.value)
    assert "module Sloppy failed in event on run 1 event 1" in message
    assert f"event() returned {kind}" in message
    assert "True (keep the event), False (reject it) or None" in message


def test_rejected_events_are_not_written(tmp_path):
    class EvenOnly(ef.Module):
        def event(self, event):
            return event.number % 2 == 0

    out = tmp_path / "even.evf"
    path = generator_path(EvenOnly(), ef.modules.FileOutput(str(out)), events=9)
    report = ef.process(path, summary=False)
    assert [e.number for e in ef.read(out)] == [2, 4, 6, 8]
    assert report.rejected == 5


# --- mixing Python and Rust modules ---------------------------------------------------------


def test_python_and_rust_modules_mix_in_one_path(tmp_path):
    class Scale(ef.Module):
        def event(self, event):
            event["scaled"] = event["adc"].astype("<f8") * 0.5

    out = tmp_path / "mixed.evf"
    entries = {"adc": {"dtype": "<u2", "size": 4, "values": ("uniform", 0, 1000)}}
    collect = Collect("adc", "scaled")
    path = ef.Path()
    path.add(ef.modules.EventGenerator(events=4, entries=entries))
    path.add(ef.modules.Progress(style="plain"))
    path.add(Scale())
    path.add(ef.modules.FileOutput(str(out), compression="lz4"))
    path.add(collect)
    report = ef.process(path, summary=False)
    names = [m["name"] for m in report.modules]
    assert names == ["EventGenerator", "Progress", "Scale", "FileOutput", "Collect"]
    written = list(ef.read(out))
    assert len(written) == 4
    for event, seen in zip(written, collect.entries, strict=True):
        assert np.array_equal(event["adc"], seen["adc"])
        assert np.array_equal(event["scaled"], seen["adc"] * 0.5)


@pytest.mark.parametrize("style", ["auto", "bar", "plain"])
def test_progress_styles_run(style):
    report = ef.process(generator_path(ef.modules.Progress(style=style), events=3), summary=False)
    assert report.read == 3
    assert report.modules[1]["name"] == "Progress"
    assert report.modules[1]["calls"] == 3


def test_module_name_attribute_is_used_in_statistics():
    class Anon(ef.Module):
        name = "Calibration"

    report = ef.process(generator_path(Anon(), events=2), summary=False)
    assert [m["name"] for m in report.modules] == ["EventGenerator", "Calibration"]


# --- EventGenerator -------------------------------------------------------------------------


def test_event_generator_events_and_run():
    collect = Collect("adc")
    entries = {"adc": {"dtype": "<u2", "size": 16, "values": ("uniform", 0, 4096)}}
    ef.process(generator_path(collect, events=3, run=9, entries=entries), summary=False)
    assert collect.seen == [(9, 1), (9, 2), (9, 3)]
    for got in collect.entries:
        assert got["adc"].dtype == np.dtype("<u2")
        assert got["adc"].shape == (16,)
        assert got["adc"].max() < 4096


def test_event_generator_runs_numbers_events_from_one_in_each_run():
    collect = Collect()
    ef.process(generator_path(collect, runs=[(1, 3), (2, 2)]), summary=False)
    assert collect.seen == [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2)]


def test_event_generator_sizes_and_values():
    entries = {
        "fixed": {"dtype": "<f8", "size": 5, "values": ("normal", 100, 0.001)},
        "uniform_size": {"dtype": "<i4", "size": ("uniform", 2, 4), "values": "sequence"},
        "poisson_size": {"dtype": "<f4", "size": ("poisson", 3), "values": ("exponential", 1)},
        "flags": {"dtype": "|b1", "size": 2},
    }
    collect = Collect(*entries)
    ef.process(generator_path(collect, events=20, entries=entries), summary=False)
    for got in collect.entries:
        assert got["fixed"].shape == (5,)
        assert np.all(np.abs(got["fixed"] - 100) < 1)
        n = len(got["uniform_size"])
        assert 2 <= n <= 4
        assert np.array_equal(got["uniform_size"], np.arange(n))
        assert np.all(got["poisson_size"] >= 0)
        assert got["flags"].dtype == np.dtype("|b1")
    sizes = {len(got["poisson_size"]) for got in collect.entries}
    assert len(sizes) > 1


def test_event_generator_data_depends_only_on_seed_run_event_and_entry():
    x = {"dtype": "<f8", "size": 4, "values": ("uniform", 0, 1)}
    y = {"dtype": "<i4", "size": 3, "values": ("uniform", 0, 100)}

    def values(seed, **generator):
        collect = Collect("x")
        ef.process(generator_path(collect, **generator), seed=seed, summary=False)
        return {key: e["x"] for key, e in zip(collect.seen, collect.entries, strict=True)}

    base = values(1, runs=[(1, 3), (2, 3)], entries={"x": x})
    same = values(1, runs=[(1, 3), (2, 3)], entries={"x": x})
    more_entries = values(1, runs=[(2, 3)], entries={"y": y, "x": x})
    other_seed = values(2, runs=[(1, 3), (2, 3)], entries={"x": x})
    assert all(np.array_equal(base[k], same[k]) for k in base)
    assert all(np.array_equal(base[k], more_entries[k]) for k in more_entries)
    assert not any(np.array_equal(base[k], other_seed[k]) for k in base)
    assert not np.array_equal(base[(1, 1)], base[(2, 1)])


@pytest.mark.parametrize(
    ("kwargs", "option"),
    [
        ({"events": 3, "runs": [(1, 2)]}, "runs"),
        ({"events": 3, "entries": {"x": {"dtype": "U3"}}}, "dtype"),
        ({"events": 3, "entries": {"x": {"dtype": "bogus"}}}, "dtype"),
        ({"events": 3, "entries": {"x": {"size": 3}}}, "dtype"),
        ({"events": 3, "entries": {"x": {"dtype": "<f4", "size": ("poisson",)}}}, "size"),
        ({"events": 3, "entries": {"x": {"dtype": "<f4", "size": ("uniform", 5, 2)}}}, "size"),
        ({"events": 3, "entries": {"x": {"dtype": "<f4", "values": ("gauss", 1)}}}, "values"),
        ({"events": 3, "entries": {"x": {"dtype": "<f4", "colour": 3}}}, "colour"),
        ({"events": 3, "entries": {"x": 5}}, '"x"'),
        ({"runs": []}, "runs"),
    ],
)
def test_bad_event_generator_configuration_is_a_config_error_naming_the_option(kwargs, option):
    with pytest.raises(ef.ConfigError) as info:
        ef.modules.EventGenerator(**kwargs)
    assert option in str(info.value)


@pytest.mark.parametrize(
    ("kwargs", "option"),
    [({"events": -1}, "events"), ({"events": 2, "run": -1}, "run"), ({"runs": [(1, -5)]}, "runs")],
)
def test_negative_event_generator_counts_are_config_errors(kwargs, option):
    with pytest.raises(ef.ConfigError, match=option):
        ef.modules.EventGenerator(**kwargs)


@pytest.mark.parametrize(
    ("kwargs", "option"),
    [({"compression": "gzip"}, "compression"), ({"compression": "none", "level": 3}, "level")],
)
def test_bad_file_output_configuration_is_a_config_error_naming_the_option(
    tmp_path, kwargs, option
):
    with pytest.raises(ef.ConfigError, match=option):
        ef.modules.FileOutput(str(tmp_path / "x.evf"), **kwargs)


@pytest.mark.parametrize(
    "kwargs",
    [{"compression": "zstd", "level": 100}, {"compression": "lz4", "level": 3}],
)
def test_file_output_level_errors_name_the_level_option(tmp_path, kwargs):
    with pytest.raises(ef.ConfigError, match=r"\blevel ?="):
        ef.modules.FileOutput(str(tmp_path / "x.evf"), **kwargs)


def test_file_output_metadata_is_stored_with_numpy_scalars_as_python_values(tmp_path):
    out = tmp_path / "meta.evf"
    metadata = {"gain": np.float32(1.5), "layers": [np.int64(8), 2], "cut": {"on": np.bool_(1)}}
    path = generator_path(ef.modules.FileOutput(out, metadata=metadata), events=1)
    ef.process(path, summary=False)
    with ef.open(out) as f:
        meta = f.metadata
    assert meta["gain"] == 1.5
    assert meta["layers"] == [8, 2]
    assert meta["cut"] == {"on": True}


@pytest.mark.parametrize(
    ("metadata", "parts"),
    [
        ({"gain": {1, 2}}, ["metadata['gain']", "{1, 2}"]),
        ({"calib": {"table": object()}}, ["metadata['calib']['table']", "object"]),
        ({"layers": [1, np.zeros(3)]}, ["metadata['layers'][1]", "array"]),
        ({"gain": float("nan")}, ["metadata['gain']", "nan"]),
        ({3: "x"}, ["metadata", "key 3", "strings"]),
        (["gain", 1], ["metadata", "['gain', 1]", "dict"]),
    ],
    ids=["set", "object", "array", "nan", "int-key", "list"],
)
def test_file_output_metadata_that_is_not_json_is_a_config_error(tmp_path, metadata, parts):
    with pytest.raises(ef.ConfigError) as info:
        ef.modules.FileOutput(tmp_path / "x.evf", metadata=metadata)
    for part in ["FileOutput", *parts]:
        assert part in str(info.value)


def test_file_output_to_a_directory_is_a_config_error(tmp_path):
    with pytest.raises(ef.ConfigError, match="is a directory"):
        ef.modules.FileOutput(tmp_path)
    with pytest.raises(ef.ConfigError, match="is a directory"):
        ef.modules.FileOutput(str(tmp_path))


def test_bad_progress_style_is_a_config_error():
    with pytest.raises(ef.ConfigError, match="fancy"):
        ef.modules.Progress(style="fancy")


# --- path configuration errors --------------------------------------------------------------


def test_path_without_a_source_is_a_config_error():
    with pytest.raises(ef.ConfigError, match="must start with a source"):
        ef.process(ef.Path(), summary=False)
    path = ef.Path()
    path.add(Collect())
    with pytest.raises(ef.ConfigError, match="starts with Collect"):
        ef.process(path, summary=False)


def test_source_not_first_is_a_config_error():
    path = ef.Path()
    path.add(Collect())
    with pytest.raises(ef.ConfigError, match="must be the first step") as info:
        path.add(ef.modules.EventGenerator(events=1))
    assert "EventGenerator" in str(info.value)
    path = ef.Path()
    path.add(ef.modules.EventGenerator(events=1))
    with pytest.raises(ef.ConfigError, match="first step"):
        path.add(ListSource([]))


@pytest.mark.parametrize(
    "step",
    [object(), 3, lambda event: True],
    ids=["object", "int", "function"],
)
def test_adding_a_non_module_is_a_config_error(step):
    with pytest.raises(ef.ConfigError, match=r"cannot add .* to a path") as info:
        ef.Path().add(step)
    assert "evflow.Module" in str(info.value)


@pytest.mark.parametrize(
    ("step", "name"),
    [
        (Collect, "Collect"),
        (ListSource, "ListSource"),
        (ef.modules.FileOutput, "FileOutput"),
        (ef.modules.EventGenerator, "EventGenerator"),
        (ef.modules.Progress, "Progress"),
    ],
)
def test_adding_a_class_instead_of_an_instance_is_a_config_error(step, name):
    path = ef.Path()
    with pytest.raises(ef.ConfigError, match=rf"add an instance, e\.g\. {name}\(\.\.\.\)"):
        path.add(step)
    assert len(path) == 0


@pytest.mark.parametrize(
    "path",
    [None, [ef.modules.EventGenerator(events=1)], ef.modules.EventGenerator(events=1)],
    ids=["none", "list", "source"],
)
def test_process_refuses_anything_but_a_path(path):
    with pytest.raises(ef.ConfigError, match=r"evflow\.Path"):
        ef.process(path, summary=False)


def test_unknown_on_error_is_a_config_error():
    with pytest.raises(ef.ConfigError, match="on_error"):
        ef.process(generator_path(events=1), on_error="ignore", summary=False)


# --- process() options and the report ------------------------------------------------------


def test_max_events_stops_the_source():
    collect = Collect()
    report = ef.process(generator_path(collect, events=100), max_events=7, summary=False)
    assert report.read == 7
    assert len(collect.seen) == 7


def test_unbounded_generator_is_bounded_by_max_events():
    report = ef.process(generator_path(), max_events=12, summary=False)
    assert report.read == 12


def test_report_fields_and_statistics(tmp_path):
    class Half(ef.Module):
        def event(self, event):
            return event.number <= 4

    report_file = tmp_path / "report.json"
    report = ef.process(generator_path(Half(), events=10), report=str(report_file), summary=False)
    assert isinstance(report, ef.Report)
    assert (report.read, report.accepted, report.rejected, report.failed) == (10, 4, 6, 0)
    assert report.wall_s >= 0
    assert report.events_per_s >= 0
    assert report.interrupted is False
    assert [m["name"] for m in report.modules] == ["EventGenerator", "Half"]
    for m in report.modules:
        assert set(m) == {"name", "calls", "failed", "total_s", "mean_us"}
        assert m["calls"] == 10
        assert m["failed"] == 0
        assert m["total_s"] >= 0
        assert m["mean_us"] == pytest.approx(m["total_s"] / m["calls"] * 1e6, rel=1e-6)
    as_json = json.loads(report.to_json())
    assert as_json["read"] == 10
    assert as_json["accepted"] == 4
    assert [m["name"] for m in as_json["modules"]] == ["EventGenerator", "Half"]
    assert json.loads(report_file.read_text()) == as_json
    table = report.table()
    assert "Half" in table
    assert "10 read" in table
    assert ef.statistics is report


def test_report_directory_is_made_when_missing(tmp_path):
    report_file = tmp_path / "reports" / "2024" / "job.json"
    ef.process(generator_path(events=2), report=report_file, summary=False)
    assert json.loads(report_file.read_text())["read"] == 2


@pytest.mark.parametrize("where", ["a-directory", "under-a-file"])
def test_unusable_report_path_is_a_config_error_before_the_job(tmp_path, where):
    (tmp_path / "notes.txt").write_text("x")
    report_file = tmp_path if where == "a-directory" else tmp_path / "notes.txt" / "job.json"
    collect = Collect()
    with pytest.raises(ef.ConfigError, match="report"):
        ef.process(generator_path(collect, events=2), report=report_file, summary=False)
    assert collect.seen == []


class BlockReport(ef.Module):
    """Puts a directory where the report goes, so that writing it fails; may raise too."""

    def __init__(self, report_file, fail=False):
        self.report_file = report_file
        self.fail = fail

    def event(self, event):
        if self.fail:
            raise ValueError("no calibration")

    def terminate(self):
        self.report_file.mkdir()


def test_report_write_error_is_an_evflow_error_after_the_summary(tmp_path, capsys):
    report_file = tmp_path / "job.json"
    path = generator_path(BlockReport(report_file), events=2)
    with pytest.raises(ef.EvflowError, match=r"cannot write the job report to .*job\.json"):
        ef.process(path, report=report_file)
    assert "2 read" in capsys.readouterr().err  # the summary was printed first
    assert ef.statistics.read == 2


def test_report_write_error_does_not_hide_a_module_error(tmp_path, caplog):
    report_file = tmp_path / "job.json"
    path = generator_path(BlockReport(report_file, fail=True), events=2)
    with pytest.raises(ef.ModuleError, match="no calibration"):
        ef.process(path, report=report_file, summary=False)
    assert any("cannot write the job report" in r.getMessage() for r in caplog.records)


def test_summary_prints_the_table_to_stderr(capsys):
    ef.process(generator_path(events=2), summary=True)
    err = capsys.readouterr().err
    assert "EventGenerator" in err
    assert "2 read" in err
    ef.process(generator_path(events=2), summary=False)
    assert "EventGenerator" not in capsys.readouterr().err


def test_statistics_is_the_last_report():
    ef.process(generator_path(events=2), summary=False)
    last = ef.process(generator_path(events=3), summary=False)
    assert ef.statistics is last
    assert ef.statistics.read == 3


# --- event.rng ------------------------------------------------------------------------------


class Draw(ef.Module):
    """Draws 4 numbers from event.rng of every event."""

    def __init__(self):
        self.numbers = {}

    def event(self, event):
        assert event.rng is event.rng  # one generator per event
        self.numbers[(event.run, event.number)] = event.rng.random(4)


def draws(seed, runs=((1, 3), (2, 3))):
    draw = Draw()
    ef.process(generator_path(draw, runs=list(runs)), seed=seed, summary=False)
    return draw.numbers


def test_rng_is_a_numpy_generator():
    assert isinstance(ef.Event(run=1, number=1).rng, np.random.Generator)


def test_rng_gives_the_same_numbers_for_the_same_seed_run_and_event():
    first, second = draws(seed=11), draws(seed=11)
    assert first.keys() == second.keys()
    for key in first:
        assert np.array_equal(first[key], second[key])
    # an event's numbers do not depend on which other events the job has
    alone = draws(seed=11, runs=[(2, 3)])
    for key in alone:
        assert np.array_equal(alone[key], first[key])


def test_rng_differs_between_seeds_runs_and_events():
    first, other = draws(seed=11), draws(seed=12)
    for key in first:
        assert not np.array_equal(first[key], other[key])
    numbers = [tuple(v) for v in first.values()]
    assert len(set(numbers)) == len(numbers)  # (1, n) and (2, n) differ too


def test_rng_streams_are_independent_between_modules_and_reproducible():
    first, second = Draw(), Draw()
    ef.process(generator_path(first, second, runs=[(1, 3)]), seed=5, summary=False)
    for key in first.numbers:
        assert not np.array_equal(first.numbers[key], second.numbers[key])
    again = Draw()
    ef.process(generator_path(again, Draw(), runs=[(1, 3)]), seed=5, summary=False)
    for key in first.numbers:
        assert np.array_equal(first.numbers[key], again.numbers[key])


def test_rng_of_a_module_does_not_change_when_another_module_is_added_before_it():
    alone = Draw()
    ef.process(generator_path(alone, runs=[(1, 3)]), seed=5, summary=False)
    after_progress = Draw()
    ef.process(
        generator_path(ef.modules.Progress(), after_progress, runs=[(1, 3)]), seed=5, summary=False
    )
    for key in alone.numbers:
        assert np.array_equal(alone.numbers[key], after_progress.numbers[key])


@pytest.mark.parametrize(
    ("kwargs", "named"),
    [
        ({"run": -1}, "run = -1"),
        ({"number": -5}, "number = -5"),
        ({"run": 2**32}, "run = 4294967296"),
    ],
)
def test_event_meta_out_of_range_is_a_config_error(kwargs, named):
    with pytest.raises(ef.ConfigError, match=named):
        ef.Event(**kwargs)


@pytest.mark.parametrize(
    ("option", "value", "says"),
    [
        ("size", (), "is empty"),
        ("values", [], "is empty"),
        ("size", (3, 4), "must start with a name"),
        ("size", ("uniform", -5, 3.9), "whole numbers >= 0"),
        ("values", ("uniform", "a", "b"), "must be numbers"),
    ],
)
def test_malformed_generator_distributions_are_config_errors(option, value, says):
    with pytest.raises(ef.ConfigError, match=says):
        ef.modules.EventGenerator(events=1, entries={"x": {"dtype": "<f4", option: value}})


def test_generator_expected_events_does_not_overflow():
    huge = ef.modules.EventGenerator(runs=[(1, 2**63), (2, 2**63)])
    assert huge.expected_events is None


def test_rng_is_created_lazily(monkeypatch):
    made = []
    real = np.random.SeedSequence

    def counting(*args, **kwargs):
        made.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(np.random, "SeedSequence", counting)

    class Ignore(ef.Module):
        def event(self, event):
            event["x"] = np.zeros(1)

    ef.process(generator_path(Ignore(), events=5), summary=False)
    assert made == []
    ef.process(generator_path(Draw(), events=5), summary=False)
    assert len(made) == 5


@pytest.mark.parametrize("option", ["max_events", "seed"])
def test_negative_process_options_are_config_errors(option):
    with pytest.raises(ef.ConfigError, match=option):
        ef.process(generator_path(events=2), summary=False, **{option: -1})
