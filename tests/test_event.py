"""evflow.Event as a user sees it: meta data, entries, flags, the wire frame, zero copy."""

import gc

import evflow as ef
import numpy as np
import pytest
from conftest import write_file


def data_pointer(array):
    return array.__array_interface__["data"][0]


# --- meta data and the entry mapping ---------------------------------------------------


def test_constructor_sets_run_number_and_entries():
    event = ef.Event(run=7, number=42, adc=np.arange(4, dtype="<u2"), energy=np.float32(3.5))
    assert event.run == 7
    assert event.number == 42
    assert event.seq == 0
    assert event.flags == frozenset()
    assert event.keys() == ["adc", "energy"]
    assert len(event) == 2
    assert np.array_equal(event["adc"], [0, 1, 2, 3])
    assert event["adc"].dtype == np.dtype("<u2")
    assert event["energy"].dtype == np.dtype("<f4")
    assert event["energy"][()] == np.float32(3.5)


def test_run_and_number_cover_their_full_ranges():
    event = ef.Event(run=2**32 - 1, number=2**64 - 1)
    assert event.run == 2**32 - 1
    assert event.number == 2**64 - 1


def test_set_get_delete_and_contains():
    event = ef.Event(run=1, number=1)
    assert "x" not in event
    event["x"] = [1.0, 2.0]
    assert "x" in event
    assert event["x"].dtype == np.dtype("<f8")
    event["x"] = np.arange(3, dtype="<i4")  # assigning replaces the entry
    assert event["x"].dtype == np.dtype("<i4")
    assert np.array_equal(event["x"], [0, 1, 2])
    assert len(event) == 1
    del event["x"]
    assert "x" not in event
    assert len(event) == 0
    assert event.keys() == []


def test_keys_keep_insertion_order_and_iteration_gives_names():
    event = ef.Event(run=1, number=1)
    for name in ["zeta", "alpha", "mid"]:
        event[name] = np.zeros(1)
    assert event.keys() == ["zeta", "alpha", "mid"]
    assert list(event) == ["zeta", "alpha", "mid"]


def test_missing_entry_raises_key_error_naming_it_and_the_present_ones():
    event = ef.Event(run=1, number=1, adc=np.zeros(2))
    with pytest.raises(KeyError, match="tdc") as info:
        event["tdc"]
    assert "adc" in str(info.value)
    with pytest.raises(KeyError, match="tdc"):
        del event["tdc"]


def test_flags_are_a_frozenset_settable_from_any_collection_of_names():
    event = ef.Event(run=1, number=1)
    assert event.flags == frozenset()
    event.flags = ["failed"]
    assert event.flags == frozenset({"failed"})
    assert isinstance(event.flags, frozenset)
    event.flags = event.flags | {"retried"}
    assert event.flags == frozenset({"failed", "retried"})
    event.flags = ("retried", "incomplete")
    assert event.flags == frozenset({"retried", "incomplete"})
    event.flags = []
    assert event.flags == frozenset()


def test_unknown_flag_is_refused_with_the_known_names():
    event = ef.Event(run=1, number=1)
    with pytest.raises(ef.ConfigError, match="bogus") as info:
        event.flags = ["bogus"]
    assert "failed" in str(info.value)
    assert event.flags == frozenset()


# --- entry values ------------------------------------------------------------------------


def test_read_array_is_read_only():
    event = ef.Event(run=1, number=1, adc=np.arange(4))
    array = event["adc"]
    assert not array.flags.writeable
    with pytest.raises(ValueError, match="read-only"):
        array[0] = 99
    assert np.array_equal(event["adc"], [0, 1, 2, 3])


def test_assigned_value_is_copied_into_the_event():
    source = np.arange(4, dtype="<i8")
    event = ef.Event(run=1, number=1, adc=source)
    source[0] = 100
    assert event["adc"][0] == 0


def test_zero_dimensional_arrays_stay_zero_dimensional():
    event = ef.Event(run=1, number=1, count=np.array(5, dtype="<u2"), scale=np.float64(2.5))
    event["flag"] = True
    for name in ["count", "scale", "flag"]:
        assert event[name].shape == ()
        assert event[name].ndim == 0
    assert event["count"][()] == 5
    decoded = ef.Event.decode(event.encode())
    assert decoded["count"].shape == ()
    assert decoded["scale"][()] == 2.5


@pytest.mark.parametrize(
    "value",
    [
        np.array([1, None, "x"], dtype=object),
        [1, "a", None],
        np.zeros(2, [("a", "<i4"), ("payload", "O")]),
    ],
    ids=["object-array", "ragged-list", "structured-with-object-field"],
)
def test_object_arrays_are_refused_with_type_error_naming_the_entry(value):
    with pytest.raises(TypeError, match="'payload_entry'"):
        ef.Event(run=1, number=1, payload_entry=value)
    event = ef.Event(run=1, number=1)
    with pytest.raises(TypeError, match="'payload_entry'"):
        event["payload_entry"] = value
    assert "payload_entry" not in event


# --- the wire frame -----------------------------------------------------------------------


def test_encode_decode_round_trip_keeps_meta_flags_and_entries():
    hit = np.dtype([("layer", "u1"), ("phi", "<f4")])
    hits = np.array([(1, 0.5), (2, -0.25)], hit)
    event = ef.Event(
        run=3, number=99, adc=np.arange(12, dtype="<u2").reshape(3, 4), hits=hits, label="x"
    )
    event.flags = ["failed", "retried"]
    for crc in (True, False):
        decoded = ef.Event.decode(event.encode(crc=crc))
        assert decoded.run == 3
        assert decoded.number == 99
        assert decoded.flags == frozenset({"failed", "retried"})
        assert decoded.keys() == ["adc", "hits", "label"]
        assert decoded["adc"].shape == (3, 4)
        assert np.array_equal(decoded["adc"], event["adc"])
        assert decoded["hits"].dtype == hit
        assert np.array_equal(decoded["hits"], hits)
        assert decoded["label"][()] == "x"


def test_encode_is_deterministic():
    event = ef.Event(run=1, number=2, adc=np.arange(5))
    assert event.encode() == event.encode()
    assert ef.Event.decode(event.encode()).encode() == event.encode()


@pytest.mark.parametrize("cut", [0, 1, 8, 63, 64, 100])
def test_decode_of_truncated_frame_raises_format_error(cut):
    frame = ef.Event(run=1, number=2, adc=np.arange(32)).encode()
    assert cut < len(frame)
    with pytest.raises(ef.FormatError):
        ef.Event.decode(frame[:cut])


def test_decode_of_every_single_bit_flip_raises_format_error_with_crc():
    frame = ef.Event(run=1, number=2, adc=np.arange(6, dtype="<i2"), label="ab").encode()
    for i in range(len(frame)):
        corrupt = bytearray(frame)
        corrupt[i] ^= 0x10
        with pytest.raises(ef.FormatError):
            ef.Event.decode(bytes(corrupt))


def test_format_error_is_an_evflow_error_and_names_a_byte_offset():
    with pytest.raises(ef.EvflowError, match=r"byte \d+"):
        ef.Event.decode(b"not a frame at all, just some text padding it out to many bytes")


# --- zero copy ------------------------------------------------------------------------------


def test_two_reads_of_an_entry_share_the_event_bytes():
    event = ef.Event(run=1, number=1, adc=np.arange(100, dtype="<f8"))
    first, second = event["adc"], event["adc"]
    assert first is not second
    assert data_pointer(first) == data_pointer(second)
    assert not first.flags.owndata


def test_arrays_read_from_a_file_are_views_over_the_event_frame(tmp_path):
    specs = [(1, n, {"a": np.arange(64.0) * n, "b": np.arange(16, dtype="<u2")}) for n in (1, 2)]
    path = tmp_path / "z.evf"
    write_file(path, specs)
    with ef.open(path) as f:
        event = f[1]
        a1, a2, b = event["a"], event["a"], event["b"]
        assert data_pointer(a1) == data_pointer(a2)
        assert not a1.flags.owndata
        frame_len = len(event.encode())
        # both entries lie within the one frame the event was read into
        assert 0 < data_pointer(b) - data_pointer(a1) < frame_len
    for event in ef.read(path):
        assert data_pointer(event["a"]) == data_pointer(event["a"])


def test_array_outlives_its_event_and_file(tmp_path):
    path = tmp_path / "z.evf"
    write_file(path, [(1, 1, {"a": np.arange(1000, dtype="<i4")})])
    f = ef.open(path)
    array = f[0]["a"]
    f.close()
    del f
    gc.collect()
    assert np.array_equal(array, np.arange(1000))


# --- lent events ----------------------------------------------------------------------------


def test_event_kept_after_its_module_call_raises_expired_event_error():
    kept = []

    class Keep(ef.Module):
        def event(self, event):
            kept.append((event, event["x"]))

    path = ef.Path()
    path.add(ef.modules.EventGenerator(events=2, entries={"x": {"dtype": "<i4", "size": 3}}))
    path.add(Keep())
    ef.process(path, summary=False)
    event, array = kept[0]
    with pytest.raises(ef.ExpiredEventError, match="keep the arrays"):
        event["x"]
    with pytest.raises(ef.ExpiredEventError):
        _ = event.run
    assert array.shape == (3,)  # the arrays stay valid


def test_a_frame_whose_shape_numpy_cannot_view_is_refused_at_decoding():
    frame = bytearray(ef.Event(run=1, number=1, x=np.zeros((0, 4), "<f8")).encode(crc=False))
    second_dim = 64 + 24 + 8  # header, fixed part of the first entry record, first dimension
    assert int.from_bytes(frame[second_dim : second_dim + 8], "little") == 4
    frame[second_dim : second_dim + 8] = (1 << 62).to_bytes(8, "little")
    with pytest.raises(ef.FormatError, match="numpy"):
        ef.Event.decode(bytes(frame))


def test_an_entry_put_from_another_event_shares_its_bytes():
    a = ef.Event(run=1, number=1, raw=np.arange(100_000, dtype=np.uint8))
    b = ef.Event(run=1, number=2)
    b["raw"] = a["raw"]
    assert np.shares_memory(a["raw"], b["raw"])
    b["part"] = a["raw"][10:20]  # a slice is a new entry of its own
    assert not np.shares_memory(a["raw"], b["part"])
    assert b["part"].tolist() == list(range(10, 20))
    assert b["raw"].tolist() == a["raw"].tolist()


# --- entries written in place (evflow.empty) --------------------------------------------


def test_an_entry_written_in_place_is_taken_without_a_copy_and_becomes_read_only():
    a = ef.empty((3, 4), "<u2")
    assert a.shape == (3, 4) and a.dtype == np.dtype("<u2") and a.flags.writeable
    a[:] = np.arange(12, dtype="<u2").reshape(3, 4)
    event = ef.Event(run=1, number=1, adc=a)
    assert data_pointer(event["adc"]) == data_pointer(a), "the entry is the array's bytes"
    assert np.array_equal(event["adc"], np.arange(12).reshape(3, 4))
    assert not a.flags.writeable
    with pytest.raises(ValueError, match="read-only"):
        a[0, 0] = 7
    # Assigning takes it the same way; a slice of it is not the whole room, and is copied.
    b = ef.empty(5, "<f8")
    b[:] = 1.5
    event["energy"] = b
    assert data_pointer(event["energy"]) == data_pointer(b) and not b.flags.writeable
    c = ef.empty(8, "|u1")
    event["half"] = c[:4]
    assert data_pointer(event["half"]) != data_pointer(c) and c.flags.writeable


def test_empty_refuses_what_no_entry_can_hold():
    with pytest.raises(TypeError, match="Python objects"):
        ef.empty(3, object)
    with pytest.raises(ValueError, match="negative"):
        ef.empty((2, -1), "<u2")
    assert ef.empty(0, "<u2").shape == (0,)


IN_PLACE = '''
import numpy as np
import evflow as ef

def in_segment(address):
    """Whether `address` lies in this process's mapping of an evflow shm segment."""
    with open("/proc/self/maps") as maps:
        for line in maps:
            span, *rest = line.split()
            low, high = (int(x, 16) for x in span.split("-"))
            if rest and rest[-1].startswith("/dev/shm/evflow.") and low <= address < high:
                return True
    return False

class Detector(ef.Source):
    def events(self):
        for number in range(1, 51):
            a = ef.empty(100_000, "<u2")
            a[:] = number
            if not in_segment(a.ctypes.data):
                raise RuntimeError("the room is not in the segment")
            event = ef.Event(run=1, number=number, adc=a)
            if event["adc"].ctypes.data != a.ctypes.data or a.flags.writeable:
                raise RuntimeError("the entry was copied")
            yield event

class Check(ef.Module):
    parallel_safe = True
    def event(self, event):
        assert (event["adc"] == event.number).all()
        return True

path = ef.Path()
path.add(Detector())
path.add(Check())
'''


def test_the_input_of_a_parallel_job_writes_entries_in_the_segment_once(tmp_path):
    namespace = {}
    exec(IN_PLACE, namespace)
    path = namespace["path"]
    path.add(ef.modules.FileOutput(str(tmp_path / "out.evf")))
    report = ef.process(path, processes=1, summary=False)
    assert report.read == 50 and report.written == 50, report
    with ef.open(tmp_path / "out.evf") as f:
        assert [(e.number, int(e["adc"][0])) for e in f] == [(n, n) for n in range(1, 51)]
