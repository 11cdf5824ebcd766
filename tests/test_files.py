""".evf files: reading, random access, compression, truncation, corruption, atomic writes."""

import logging
import os
import re

import evflow as ef
import numpy as np
import pytest
from conftest import COMPRESSIONS, ListSource, assert_same_entries, sample_specs, write_file

# --- reading ------------------------------------------------------------------------------


@pytest.mark.parametrize("compression", COMPRESSIONS)
def test_written_events_read_back_identical(tmp_path, compression):
    specs = sample_specs(8)
    out = tmp_path / f"{compression}.evf"
    report = write_file(out, specs, compression=compression)
    assert report.accepted == 8
    events = list(ef.read(out))
    assert len(events) == 8
    for seq, (event, (run, number, entries)) in enumerate(zip(events, specs, strict=True)):
        assert (event.run, event.number, event.seq) == (run, number, seq)
        assert event.flags == frozenset()
        assert_same_entries(event, entries)
    with ef.open(out) as f:
        assert f.compression == compression
        assert f.metadata["compression"].startswith(compression)


def test_compression_makes_compressible_data_smaller(tmp_path):
    specs = [(1, n, {"zeros": np.zeros(16384, "<u4")}) for n in range(1, 4)]
    sizes = {}
    for compression in COMPRESSIONS:
        out = tmp_path / f"{compression}.evf"
        write_file(out, specs, compression=compression)
        sizes[compression] = out.stat().st_size
        assert all(np.array_equal(e["zeros"], specs[0][2]["zeros"]) for e in ef.read(out))
    assert sizes["zstd"] < sizes["none"] / 10
    assert sizes["lz4"] < sizes["none"] / 10


def test_open_gives_random_access(sample_file):
    path, specs = sample_file
    with ef.open(path) as f:
        assert len(f) == len(specs)
        for i, (run, number, entries) in enumerate(specs):
            assert (f[i].run, f[i].number) == (run, number)
            assert_same_entries(f[i], entries)
        assert f[-1].number == specs[-1][1]
        assert f[-len(specs)].number == specs[0][1]
        run, number, entries = specs[3]
        assert f.find(run, number) == 3
        assert f.event(run, number).number == number
        assert_same_entries(f.event(run, number), entries)
        assert f.find(99, 1) is None
        with pytest.raises(KeyError, match="run 99 event 1"):
            f.event(99, 1)


@pytest.mark.parametrize("index", [6, 100, -7, -100])
def test_index_out_of_range_raises_index_error(sample_file, index):
    path, specs = sample_file
    assert len(specs) == 6
    with ef.open(path) as f, pytest.raises(IndexError, match="out of range"):
        f[index]


def test_random_access_in_any_order_gives_the_same_events(sample_file):
    path, specs = sample_file
    with ef.open(path) as f:
        for i in [5, 0, 3, 3, -2, 1]:
            run, number, entries = specs[i]
            assert (f[i].run, f[i].number) == (run, number)
            assert_same_entries(f[i], entries)


def test_metadata_holds_creator_and_user_fields(tmp_path):
    out = tmp_path / "meta.evf"
    write_file(
        out,
        sample_specs(2),
        compression="zstd",
        level=7,
        metadata={"detector": "toy", "calibration": {"version": 3}},
    )
    with ef.open(out) as f:
        meta = f.metadata
        assert isinstance(meta, dict)
        assert meta["creator"].startswith("evflow")
        assert ef.__version__ in meta["creator"]
        assert "created" in meta
        assert meta["detector"] == "toy"
        assert meta["calibration"] == {"version": 3}
        assert f.compression == "zstd"


def test_open_a_missing_file_raises_a_clear_error(tmp_path):
    with pytest.raises(ef.EvflowError, match=r"missing\.evf"):
        ef.open(tmp_path / "missing.evf")


def test_open_a_non_evf_file_raises_format_error(tmp_path):
    bogus = tmp_path / "notes.evf"
    bogus.write_text("this is a text file, not an event file\n" * 4)
    with pytest.raises(ef.FormatError, match="not an evflow event file"):
        ef.open(bogus)
    with pytest.raises(ef.FormatError):
        list(ef.read(bogus))


def test_file_input_reads_several_files_in_order(tmp_path):
    a, b = tmp_path / "a.evf", tmp_path / "b.evf"
    write_file(a, [(1, n, {"x": np.array([n])}) for n in (1, 2)])
    write_file(b, [(2, n, {"x": np.array([n * 10])}) for n in (1, 2, 3)], compression="lz4")
    seen = []

    class Look(ef.Module):
        def event(self, event):
            seen.append((event.run, event.number, int(event["x"][0]), event.seq))

    for source in (ef.modules.FileInput([str(a), str(b)]), ef.modules.FileInput([a, b])):
        seen.clear()
        path = ef.Path()
        path.add(source)
        path.add(Look())
        report = ef.process(path, summary=False)
        assert report.read == 5
        assert seen == [(1, 1, 1, 0), (1, 2, 2, 1), (2, 1, 10, 2), (2, 2, 20, 3), (2, 3, 30, 4)]


def test_file_input_to_file_output_copies_events_identically(tmp_path, sample_file):
    path_in, specs = sample_file
    out = tmp_path / "copy.evf"
    path = ef.Path()
    path.add(ef.modules.FileInput(str(path_in)))
    path.add(ef.modules.FileOutput(str(out), compression="zstd"))
    ef.process(path, summary=False)
    for event, (run, number, entries) in zip(ef.read(out), specs, strict=True):
        assert (event.run, event.number) == (run, number)
        assert_same_entries(event, entries)


def test_file_input_needs_a_path():
    with pytest.raises(ef.ConfigError, match="at least one path"):
        ef.modules.FileInput([])
    with pytest.raises(ef.ConfigError, match="path"):
        ef.modules.FileInput(42)


# --- truncation -----------------------------------------------------------------------------


@pytest.fixture
def small_file(tmp_path):
    """A small file of 5 events, its bytes and the events' (number, x) written."""
    specs = [(1, n, {"x": np.arange(8, dtype="<u2") + n}) for n in range(1, 6)]
    path = tmp_path / "small.evf"
    write_file(path, specs)
    return path, path.read_bytes(), specs


def read_cut(tmp_path, data, cut):
    cut_path = tmp_path / "cut.evf"
    cut_path.write_bytes(data[:cut])
    with ef.open(cut_path) as f:
        events = list(f)
        return events, f.stopped, len(f)


def test_truncated_file_reads_its_complete_records_at_every_cut(tmp_path, small_file):
    _, data, specs = small_file
    previous = 0
    for cut in range(0, len(data), 7):
        events, stopped, length = read_cut(tmp_path, data, cut)
        assert previous <= len(events) <= len(specs), cut
        previous = len(events)
        assert length == len(events)
        for event, (run, number, entries) in zip(events, specs, strict=False):
            assert (event.run, event.number) == (run, number)
            assert_same_entries(event, entries)
        assert stopped is not None, cut
        _, reason = stopped
        assert isinstance(reason, str) and reason
    assert previous == len(specs)  # the last cuts only lose the index


def test_truncated_file_stops_at_an_offset_within_the_file(tmp_path, small_file):
    _, data, _ = small_file
    beyond = []
    for cut in range(0, len(data), 7):
        _, (offset, reason), _ = read_cut(tmp_path, data, cut)
        if offset > cut:
            beyond.append((cut, offset, reason))
    assert beyond == []


def test_read_logs_a_warning_for_a_truncated_file(tmp_path, small_file, caplog):
    _, data, specs = small_file
    cut_path = tmp_path / "cut.evf"
    cut_path.write_bytes(data[: len(data) // 2])
    with caplog.at_level(logging.WARNING, logger="evflow"):
        events = list(ef.read(cut_path))
    assert 0 < len(events) < len(specs)
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1
    assert "cut.evf" in warnings[0].getMessage()
    assert "stopped at byte" in warnings[0].getMessage()


def test_intact_file_reads_without_warning(small_file, caplog):
    path, _, specs = small_file
    with caplog.at_level(logging.WARNING, logger="evflow"):
        assert len(list(ef.read(path))) == len(specs)
    assert caplog.records == []
    with ef.open(path) as f:
        list(f)
        assert f.stopped is None
        assert f.skipped == 0


# --- corruption -----------------------------------------------------------------------------


def corrupt_second_record(path, data):
    """Flips a byte in the middle of the second record's payload; returns its offset."""
    marker = (np.arange(8, dtype="<u2") + 2).tobytes()  # event 2's payload
    start = data.index(marker)
    corrupt = bytearray(data)
    corrupt[start + len(marker) // 2] ^= 0xFF
    path.write_bytes(bytes(corrupt))
    return start


def test_corrupt_record_raises_format_error_naming_the_byte_offset(tmp_path, small_file):
    _, data, _ = small_file
    bad = tmp_path / "bad.evf"
    payload_at = corrupt_second_record(bad, data)
    numbers = []
    with pytest.raises(ef.FormatError, match=r"byte (\d+)") as info:
        for event in ef.read(bad):
            numbers.append(event.number)
    assert numbers == [1]
    offset = int(re.search(r"byte (\d+)", str(info.value)).group(1))
    # the file cut inside that payload stops at the start of the same record
    _, (record_start, _), _ = read_cut(tmp_path, data, payload_at + 4)
    assert offset == record_start < payload_at
    assert "bad.evf" in str(info.value)
    assert "skip_corrupt" in str(info.value)  # says what to do


def test_skip_corrupt_skips_the_record_and_counts_it(tmp_path, small_file, caplog):
    _, data, specs = small_file
    bad = tmp_path / "bad.evf"
    corrupt_second_record(bad, data)
    with ef.open(bad, skip_corrupt=True) as f:
        events = list(f)
        assert f.skipped == 1
        [(offset, reason)] = f.skipped_records
        assert offset > 0
        assert "crc" in reason.lower()
    assert [e.number for e in events] == [1, 3, 4, 5]
    for event in events:
        _, _, entries = specs[event.number - 1]
        assert_same_entries(event, entries)
    with caplog.at_level(logging.WARNING, logger="evflow"):
        assert [e.number for e in ef.read(bad, skip_corrupt=True)] == [1, 3, 4, 5]
    assert any("skipped corrupt record" in r.getMessage() for r in caplog.records)


def test_file_input_skip_corrupt(tmp_path, small_file):
    _, data, _ = small_file
    bad = tmp_path / "bad.evf"
    corrupt_second_record(bad, data)
    numbers = []

    class Look(ef.Module):
        def event(self, event):
            numbers.append(event.number)

    path = ef.Path()
    path.add(ef.modules.FileInput(str(bad), skip_corrupt=True))
    path.add(Look())
    assert ef.process(path, summary=False).read == 4
    assert numbers == [1, 3, 4, 5]

    path = ef.Path()
    path.add(ef.modules.FileInput(str(bad)))
    with pytest.raises(ef.ModuleError, match=r"corrupt record at byte \d+"):
        ef.process(path, summary=False)


# --- atomic writes --------------------------------------------------------------------------


def test_file_appears_under_its_final_name_only_when_closed(tmp_path):
    out = tmp_path / "run.evf"
    during = []

    class Look(ef.Module):
        def event(self, event):
            during.append((out.exists(), sorted(os.listdir(tmp_path))))

    path = ef.Path()
    path.add(ListSource(sample_specs(3)))
    path.add(ef.modules.FileOutput(str(out), compression="lz4"))
    path.add(Look())
    ef.process(path, summary=False)
    assert len(during) == 3
    for exists, names in during:
        assert not exists
        assert len(names) == 1 and names[0].endswith(".part")
    assert out.exists()
    assert os.listdir(tmp_path) == ["run.evf"]
    assert len(list(ef.read(out))) == 3


def test_rewriting_a_file_replaces_it(tmp_path):
    out = tmp_path / "again.evf"
    write_file(out, sample_specs(4))
    write_file(out, sample_specs(2))
    assert len(list(ef.read(out))) == 2
    assert os.listdir(tmp_path) == ["again.evf"]


def test_two_outputs_to_the_same_file_are_a_config_error(tmp_path):
    out = str(tmp_path / "same.evf")
    path = ef.Path()
    path.add(ef.modules.EventGenerator(events=3))
    path.add(ef.modules.FileOutput(out))
    path.add(ef.modules.FileOutput(out))
    with pytest.raises(ef.ConfigError, match=r"same\.evf"):
        ef.process(path, summary=False)


def test_open_accepts_a_bytes_path(sample_file):
    path, specs = sample_file
    with ef.open(os.fsencode(path)) as f:
        assert len(f) == len(specs)


# --- a file per run -------------------------------------------------------------------------


class _Boom(ef.Module):
    def event(self, event):
        if event.run == 2 and event.number == 50:
            raise ValueError("boom")
        return True


@pytest.mark.parametrize("processes", [0, 2])
def test_run_in_the_path_makes_a_file_per_run_each_closed_complete(tmp_path, processes):
    """``FileOutput("raw-{run}.evf")``: each run's file is closed when its run ends, complete;
    the last run's file says how the job ended."""
    path = ef.Path()
    path.add(
        ef.modules.EventGenerator(
            runs=[(1, 60), (2, 300)], entries={"x": {"dtype": "<f4", "size": 3}}
        )
    )
    path.add(_Boom())
    path.add(ef.modules.FileOutput(str(tmp_path / "runs" / "raw-{run}.evf")))
    with pytest.raises(ef.ModuleError, match="boom"):
        ef.process(path, processes=processes, summary=False)
    assert sorted(os.listdir(tmp_path / "runs")) == ["raw-1.evf", "raw-2.evf"]
    with ef.open(tmp_path / "runs" / "raw-1.evf") as f:
        assert (len(f), f.complete) == (60, True)
        assert {e.run for e in f} == {1}
    with ef.open(tmp_path / "runs" / "raw-2.evf") as f:
        assert not f.complete
        assert "stopped by an error" in f.incomplete_reason
        assert {e.run for e in f} == {2}
