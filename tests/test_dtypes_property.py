"""Entry dtypes round-trip through events, frames and files; corrupt frames never crash."""

import evflow as ef
import numpy as np
import pytest
from conftest import COMPRESSIONS, write_file
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

NESTED = np.dtype(
    [
        ("id", "<i4"),
        ("pos", [("x", "<f8"), ("y", "<f8"), ("flags", "u1", (3,))]),
        ("cov", "<f4", (2, 2)),
    ]
)
ALIGNED = np.dtype([("layer", "u1"), ("energy", "<f8"), ("tag", "S3")], align=True)


def nested_value():
    a = np.zeros(3, NESTED)
    a["id"] = [1, 2, 3]
    a["pos"]["x"] = [0.5, 1.5, 2.5]
    a["pos"]["flags"] = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
    a["cov"] = np.arange(12, dtype="<f4").reshape(3, 2, 2)
    return a


def aligned_value():
    a = np.zeros(2, ALIGNED)
    a["layer"] = [3, 4]
    a["energy"] = [1.25, -2.5]
    a["tag"] = [b"ab", b"xyz"]
    return a


def big_endian_struct():
    dt = np.dtype([("a", ">i4"), ("b", [("x", ">f8"), ("y", ">u2", (2,))])])
    a = np.zeros(2, dt)
    a["a"] = [1, -70000]
    a["b"]["x"] = [3.25, -1e300]
    a["b"]["y"] = [[1, 258], [65535, 4]]
    return a


VALUES = {
    "u2-2d": np.arange(12, dtype="<u2").reshape(3, 4),
    "f4-3d": np.linspace(0, 1, 24, dtype="<f4").reshape(2, 3, 4),
    "i1": np.array([-128, 0, 127], dtype="i1"),
    "bool": np.array([True, False, True]),
    "c16": np.array([1 + 2j, -3.5j]),
    "f2": np.array([0.5, 65504], dtype="<f2"),
    "datetime": np.array(["2024-01-01T12:00", "1970-01-01"], dtype="M8[s]"),
    "empty-2d": np.zeros((0, 5), dtype="<f8"),
    "non-contiguous": np.arange(20, dtype="<i8")[::3],
    "fortran-order": np.asfortranarray(np.arange(6, dtype="<i4").reshape(2, 3)),
    "nested-struct": nested_value(),
    "aligned-struct-with-padding": aligned_value(),
    "unicode": np.array(["ab", "c", "\u00e9\u2202\U0001f600"]),
    "bytes": np.array([b"ab", b"\x00x\xff"]),
    "struct-with-strings": np.array(
        [(b"ab", "\u00e9", 1.5)], [("s", "S4"), ("u", "<U2"), ("f", "<f4")]
    ),
}


@pytest.mark.parametrize("name", VALUES)
def test_dtype_round_trips_through_event_and_frame(name):
    value = VALUES[name]
    event = ef.Event(run=1, number=1, v=value)
    for got in (event["v"], ef.Event.decode(event.encode())["v"]):
        assert got.dtype == value.dtype
        assert got.shape == value.shape
        assert np.array_equal(got, value)
        assert got.tobytes() == np.ascontiguousarray(value).tobytes()


def test_aligned_struct_keeps_offsets_and_padding():
    value = aligned_value()
    got = ef.Event.decode(ef.Event(run=1, number=1, v=value).encode())["v"]
    assert got.dtype.itemsize == ALIGNED.itemsize == 24
    assert [got.dtype.fields[n][1] for n in got.dtype.names] == [0, 8, 16]
    assert np.array_equal(got["energy"], [1.25, -2.5])


def test_nested_subarray_fields_keep_their_shapes():
    got = ef.Event(run=1, number=1, v=nested_value())["v"]
    assert got["pos"]["flags"].shape == (3, 3)
    assert got["cov"].shape == (3, 2, 2)
    assert np.array_equal(got["pos"]["flags"][2], [7, 8, 9])


@pytest.mark.parametrize(
    ("value", "expected_dtype"),
    [("hello", "<U5"), ("", "<U1"), (b"h\x00i", "|S3"), ("\u00e9t\u00e9", "<U3")],
)
def test_python_str_and_bytes_scalars_round_trip(value, expected_dtype):
    event = ef.Event(run=1, number=1, s=value)
    for got in (event["s"], ef.Event.decode(event.encode())["s"]):
        assert got.shape == ()
        assert got.dtype == np.dtype(expected_dtype)
        assert got.item() == value


@pytest.mark.parametrize(
    "value",
    [
        np.arange(6, dtype=">i4").reshape(2, 3),
        np.array([1.5, -2.25, np.inf], dtype=">f8"),
        np.array(258, dtype=">u2"),
        np.array(["abc", "z"], dtype=">U3"),
        big_endian_struct(),
        np.array([(1, 2.5), (3, -1.0)], np.dtype([("a", "u1"), ("b", ">f8")], align=True)),
    ],
    ids=["i4-2d", "f8", "u2-0d", "U3", "nested-struct", "aligned-struct"],
)
def test_big_endian_input_is_stored_little_endian_with_the_same_values(value):
    event = ef.Event(run=1, number=1, v=value)
    for got in (event["v"], ef.Event.decode(event.encode())["v"]):
        assert got.dtype == value.dtype.newbyteorder("<")
        assert got.dtype.isnative or got.dtype.names is not None
        assert got.shape == value.shape
        assert np.array_equal(got, value)
        for field in leaf_fields(value.dtype):
            assert np.array_equal(leaf(got, field), leaf(value, field)), field
            assert leaf(got, field).dtype.byteorder in "<|="


def leaf_fields(dtype, prefix=()):
    """Paths to the non-structured fields of a dtype (the dtype itself when it has none)."""
    if dtype.names is None:
        return [prefix]
    return [p for n in dtype.names for p in leaf_fields(dtype[n].base, (*prefix, n))]


def leaf(array, field):
    for name in field:
        array = array[name]
    return array


@pytest.mark.parametrize("compression", COMPRESSIONS)
def test_every_dtype_round_trips_through_a_file(tmp_path, compression):
    specs = [(1, i + 1, {"v": value}) for i, value in enumerate(VALUES.values())]
    path = tmp_path / f"dtypes-{compression}.evf"
    write_file(path, specs, compression=compression)
    events = list(ef.read(path))
    assert len(events) == len(VALUES)
    for event, value in zip(events, VALUES.values(), strict=True):
        assert event["v"].dtype == value.dtype
        assert event["v"].shape == value.shape
        assert np.array_equal(event["v"], value)


# --- property tests -------------------------------------------------------------------------

SIMPLE_DTYPES = st.one_of(
    hnp.integer_dtypes(endianness="="),
    hnp.unsigned_integer_dtypes(endianness="="),
    hnp.floating_dtypes(endianness="=", sizes=(16, 32, 64)),
    hnp.complex_number_dtypes(endianness="="),
    hnp.boolean_dtypes(),
    hnp.byte_string_dtypes(endianness="=", max_len=6),
    hnp.unicode_string_dtypes(endianness="=", max_len=6),
)
ANY_ORDER_DTYPES = st.one_of(
    hnp.integer_dtypes(endianness="?"),
    hnp.floating_dtypes(endianness="?", sizes=(32, 64)),
    hnp.unicode_string_dtypes(endianness="?", max_len=4),
    st.lists(
        st.one_of(hnp.integer_dtypes(endianness="?"), hnp.floating_dtypes(endianness="?")),
        min_size=1,
        max_size=3,
    ).map(lambda types: np.dtype([(f"f{i}", t) for i, t in enumerate(types)])),
)


def equal_or_both_nan(got, value):
    if value.dtype.kind in "fc":
        return np.array_equal(got, value, equal_nan=True)
    return np.array_equal(got, value)


@settings(max_examples=150, deadline=None)
@given(hnp.arrays(SIMPLE_DTYPES, hnp.array_shapes(min_dims=0, max_dims=3, max_side=4)))
def test_any_simple_array_round_trips(value):
    event = ef.Event(run=2, number=3, v=value)
    decoded = ef.Event.decode(event.encode())["v"]
    for got in (event["v"], decoded):
        assert got.dtype == value.dtype
        assert got.shape == value.shape
        assert not got.flags.writeable
        assert equal_or_both_nan(got, value)


@settings(max_examples=100, deadline=None)
@given(hnp.arrays(ANY_ORDER_DTYPES, hnp.array_shapes(min_dims=0, max_dims=2, max_side=4)))
def test_any_byte_order_round_trips_as_little_endian(value):
    got = ef.Event.decode(ef.Event(run=1, number=1, v=value).encode())["v"]
    assert got.dtype == value.dtype.newbyteorder("<")
    assert got.shape == value.shape
    # compare the values through a common byte order, NaN payloads included
    assert got.tobytes() == value.astype(got.dtype).tobytes()


def sample_frame(crc):
    hits = np.zeros(2, NESTED)
    hits["id"] = [5, 6]
    event = ef.Event(
        run=3, number=9, hits=hits, label=np.array(["ab", "cd"]), adc=np.arange(6.0).reshape(2, 3)
    )
    event.flags = ["retried"]
    return event.encode(crc=crc)


FRAME_CRC = sample_frame(crc=True)
FRAME_NO_CRC = sample_frame(crc=False)


@st.composite
def corruptions(draw, frame):
    """A frame with some bytes changed, then maybe cut short or extended."""
    data = bytearray(frame)
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(data) - 1))
        data[i] = draw(st.integers(0, 255).filter(lambda b, i=i: b != frame[i]))
    how = draw(st.sampled_from(["flip", "cut", "extend"]))
    if how == "cut":
        data = data[: draw(st.integers(0, len(data) - 1))]
    elif how == "extend":
        data += draw(st.binary(min_size=1, max_size=64))
    return bytes(data)


def touch_every_entry(event):
    """Reads everything a decoded event claims to hold (this must never crash)."""
    assert isinstance(event.run, int)
    for name in event.keys():
        array = event[name]
        assert array.nbytes == len(array.tobytes())


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(corruptions(FRAME_CRC))
def test_corrupt_frame_with_crc_raises_format_error(data):
    try:
        event = ef.Event.decode(data)
    except ef.FormatError:
        return
    # only bytes appended after a complete frame may be tolerated
    assert data.startswith(FRAME_CRC)
    touch_every_entry(event)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(corruptions(FRAME_NO_CRC))
def test_corrupt_frame_without_crc_decodes_or_raises_format_error(data):
    try:
        event = ef.Event.decode(data)
    except ef.FormatError:
        return
    touch_every_entry(event)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes_never_crash_decode(data):
    try:
        event = ef.Event.decode(data)
    except ef.FormatError:
        return
    touch_every_entry(event)


def test_out_of_order_field_offsets_round_trip_or_name_the_entry():
    dtype = np.dtype(
        {"names": ["a", "b"], "formats": ["<i4", "<f4"], "offsets": [8, 0], "itemsize": 16}
    )
    value = np.zeros(2, dtype)
    value["a"] = [1, 2]
    value["b"] = [0.5, 1.5]
    try:
        got = ef.Event.decode(ef.Event(run=1, number=1, reordered=value).encode())["reordered"]
    except (TypeError, ValueError) as error:
        assert "reordered" in str(error)
    else:
        assert np.array_equal(got["a"], [1, 2])
        assert np.array_equal(got["b"], [0.5, 1.5])
