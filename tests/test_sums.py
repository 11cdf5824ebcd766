"""The mergeable objects as a device sends them to its controller and as the controller sums
them (python/evflow/sums.py, docs/web.md "The histograms"): what each process filled, what
initialize put there counted once, the histograms rebuilt from their UHI structure; and every
message that is not a device's refused, never allocating what it claims."""

import io
import json

import boost_histogram as bh
import numpy as np
import pytest
from evflow import sums
from hypothesis import given, settings
from hypothesis import strategies as st


class Source:
    pass


class Fill:
    mergeable = ("h", "w", "counts")

    def __init__(self):
        self.h = bh.Histogram(bh.axis.Regular(4, 0, 1), bh.axis.Integer(0, 3))
        self.w = bh.Histogram(bh.axis.Variable([0, 1, 5]), storage=bh.storage.Weight())
        self.counts = np.full(3, 10, dtype=np.int64)  # what initialize put there


def device():
    """A device's steps, its sender made after initialize, and its objects to fill."""
    steps = [Source(), Fill()]
    return steps, sums.sender(steps, 1, 2), steps[1]


def test_the_sums_of_two_processes_count_initialize_once():
    controller = [Source(), Fill()]
    kept = sums.Sums()
    for process, n in (("evf-reco-a-1", 1), ("evf-reco-a-2", 2)):
        _, sender, fill = device()
        fill.h.fill([0.1] * n, [1] * n)
        fill.w.fill([3.0], weight=n)
        fill.counts += n
        kept.take(process, 0, 0, controller, sender.message())
    objects, left_out = kept.objects()
    assert left_out == []
    assert objects["Fill.h"].sum() == 3 and objects["Fill.h"][0, 1] == 3
    assert isinstance(objects["Fill.h"].axes[1], bh.axis.Integer)
    assert objects["Fill.w"].sum() == bh.accumulators.WeightedSum(3, 5)
    assert objects["Fill.counts"].tolist() == [13, 13, 13]


def test_a_new_message_replaces_the_last_one_of_its_process_and_generation():
    controller = [Source(), Fill()]
    kept = sums.Sums()
    _, sender, fill = device()
    fill.h.fill([0.5], [0])
    kept.take("p", 0, 0, controller, sender.message())
    fill.h.fill([0.5], [0])
    kept.take("p", 0, 0, controller, sender.message())
    assert kept.objects()[0]["Fill.h"].sum() == 2
    kept.take("p", 0, 1, controller, sender.message())  # a restarted generation adds
    assert kept.objects()[0]["Fill.h"].sum() == 4


def test_a_module_without_mergeable_objects_sends_nothing():
    assert sums.sender([Source(), Source()], 1, 2) is None


def npz(**arrays) -> bytes:
    buf = io.BytesIO()
    np.savez(buf, **arrays)
    return buf.getvalue()


def structure(h) -> np.ndarray:
    text = json.dumps(bh.serialization.to_uhi(h, keep_storage=False), default=list)
    return np.frombuffer(text.encode(), dtype=np.uint8)


def uhi_of(axes: list, kind="double") -> np.ndarray:
    text = json.dumps({"uhi_schema": 1, "axes": axes, "storage": {"type": kind}})
    return np.frombuffer(text.encode(), dtype=np.uint8)


REGULAR = {"type": "regular", "lower": 0, "upper": 1, "underflow": True, "overflow": True}
REGULAR["circular"] = False


@pytest.mark.parametrize(
    "data, why",
    [
        (b"not an npz", "not numpy arrays"),
        (npz(**{"7/h": np.zeros(6)}), "names no step"),
        (npz(**{"1/nothing": np.zeros(6)}), "declares no mergeable 'nothing'"),
        (npz(**{"1/counts": np.array(["a", "b"])}), "<U1 contents"),
        (npz(**{"1/counts": np.zeros(3), "1/counts@start": np.zeros(4)}), "its start"),
        (npz(**{"1/h": np.zeros(6), "1/h@uhi": np.frombuffer(b"{", np.uint8)}), "structure"),
        # An axis that claims 10**12 bins for 6 numbers: refused before anything is made.
        (npz(**{"1/h": np.zeros(6), "1/h@uhi": uhi_of([{**REGULAR, "bins": 10**12}])}), "bins"),
        # A transformed axis is made from the bins its writer noted: they must agree.
        (
            npz(
                **{
                    "1/h": np.zeros(6),
                    "1/h@uhi": uhi_of(
                        [
                            {
                                **REGULAR,
                                "bins": 4,
                                "writer_info": {
                                    "boost-histogram": {"transform": "log", "bins": 10**12}
                                },
                            }
                        ]
                    ),
                }
            ),
            "bins",
        ),
        (npz(**{"1/h": np.zeros(6), "1/h@uhi": uhi_of([{**REGULAR, "bins": 4}], "mean")}), "mean"),
        (npz(**{"1/h": np.zeros(7), "1/h@uhi": uhi_of([{**REGULAR, "bins": 4}])}), "(7,)"),
        (npz(**{"1/h": np.zeros(6), "1/h@uhi": uhi_of([{"type": "strange"}])}), "strange"),
        (npz(**{"1/h": np.zeros(6, np.int64), "1/h@uhi": uhi_of([{**REGULAR, "bins": 4}])}), "int"),
    ],
)
def test_what_is_not_a_device_message_is_refused(data, why):
    kept = sums.Sums()
    with pytest.raises(sums.Refused) as refused:
        kept.take("p", 0, 0, [Source(), Fill()], data)
    assert why in str(refused.value)
    assert kept.objects() == ({}, [])


def test_an_object_shaped_unlike_the_first_process_is_left_out():
    controller = [Source(), Fill()]
    kept = sums.Sums()
    _, sender, _ = device()
    kept.take("evf-reco-a-1", 0, 0, controller, sender.message())
    h = bh.Histogram(bh.axis.Regular(8, 0, 1))
    other = npz(**{"1/h": np.asarray(h.view(flow=True)), "1/h@uhi": structure(h)})
    kept.take("evf-reco-a-2", 0, 0, controller, other)
    objects, left_out = kept.objects()
    assert objects["Fill.h"].axes[0].size == 4
    assert left_out == ["Fill.h of evf-reco-a-2 (generation 0)"]


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=2000), st.integers(0, 400))
def test_any_bytes_are_refused_or_taken_never_an_error(noise, at):
    """Random bytes, and a real message with bytes changed: Refused, or objects that sum."""
    _, sender, fill = device()
    fill.h.fill([0.2], [2])
    real = bytearray(sender.message())
    real[at % len(real)] ^= 0xFF
    for data in (noise, bytes(real)):
        kept = sums.Sums()
        try:
            kept.take("p", 0, 0, [Source(), Fill()], data)
        except sums.Refused:
            continue
        kept.objects()
