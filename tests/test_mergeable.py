"""Mergeable objects (python/evflow/mergeable.py): numpy arrays and boost-histogram
histograms that each process of a parallel job fills hold, after the job, the sums one
process would have filled."""

import boost_histogram as bh
import evflow as ef
import numpy as np
import pytest


class Fill(ef.Module):
    """Fills a plain histogram, a weighted one and an array from per-event random numbers."""

    parallel_safe = True
    mergeable = ("energy", "weighted", "counts")

    def initialize(self):
        self.energy = bh.Histogram(bh.axis.Regular(20, 0.0, 5.0))
        self.weighted = bh.Histogram(bh.axis.Regular(10, -2.0, 2.0), storage=bh.storage.Weight())
        self.counts = np.zeros(3, dtype=np.int64)

    def event(self, event):
        x = event.rng.exponential(1.0, size=4)
        self.energy.fill(x)  # some land in the overflow bin
        self.weighted.fill(event.rng.normal(size=3), weight=event.rng.uniform(0.5, 2.0, size=3))
        self.counts += (1, len(x), event.number % 2)


def run(processes, transport="shm"):
    path = ef.Path()
    path.add(ef.modules.EventGenerator(runs=[(1, 300), (2, 200)]))
    fill = path.add(Fill())
    report = ef.process(path, processes=processes, transport=transport, seed=7, summary=False)
    return fill, report


@pytest.mark.parametrize("transport", ["shm", "ipc"])
def test_parallel_sums_equal_one_process(transport):
    one, _ = run(0)
    many, report = run(2, transport)
    assert report.processes == 2
    assert list(many.counts) == [500, 2000, 250]
    assert np.array_equal(many.counts, one.counts)
    assert np.array_equal(many.energy.view(flow=True), one.energy.view(flow=True))
    assert many.energy.view(flow=True)[-1] > 0, "overflow is merged too"
    w1, w2 = one.weighted.view(flow=True), many.weighted.view(flow=True)
    assert np.allclose(w2["value"], w1["value"]) and np.allclose(w2["variance"], w1["variance"])


def test_report_holds_the_modules_own_objects():
    fill, report = run(2)
    assert report.mergeables["Fill.counts"] is fill.counts
    assert report.mergeables["Fill.energy"] is fill.energy
    assert fill.energy.sum(flow=True) == 2000


class NotMergeable(ef.Module):
    parallel_safe = True
    mergeable = ("table",)

    def initialize(self):
        self.table = {"a": 1}


def test_an_object_that_cannot_merge_is_an_error_not_a_wrong_sum(capfd):
    path = ef.Path()
    path.add(ef.modules.EventGenerator(events=10))
    path.add(NotMergeable())
    ef.process(path, processes=1, summary=False)
    err = capfd.readouterr().err
    assert "NotMergeable.table is declared mergeable but is a dict" in err
