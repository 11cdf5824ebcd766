"""ROOT interchange (docs/root.md): every entry kind round-trips .evf -> .root -> .evf exactly;
what evflow writes is read back with uproot and awkward directly (not with evflow's reader);
foreign trees read by branch; RootInput, RootOutput and HistogramOutput in parallel jobs;
clear errors for what ROOT cannot hold."""

import awkward as ak
import boost_histogram as bh
import evflow as ef
import numpy as np
import pytest
import uproot
from conftest import run_cli
from evflow import root as evroot

REC = np.dtype([("x", "<i4"), ("v", "<f8", (3,))])


class Kinds(ef.Source):
    """Events holding every kind of entry, one of them only in some events, one flagged."""

    def __init__(self, n=25):
        self.count = n
        self.expected_events = n

    def events(self):
        for n in range(1, self.count + 1):
            entries = {
                "energy": np.float64(n * 1.5),
                "charge": np.int32(-n),
                "good": np.bool_(n % 2),
                "matrix": np.arange(6, dtype="<f4").reshape(2, 3) * n,
                "hits": np.arange(n % 4, dtype="<i2"),
                "tracks": np.full((n % 3, 2), n, dtype="<u8"),
                "clusters": np.array([(n, (1.0, 2.0, float(n)))] * (n % 3), dtype=REC),
                "time": np.datetime64("2026-01-01", "ns") + np.arange(2).astype("m8[s]"),
                "label": np.array("ħello" * (n % 2)),
                "raw": np.array(b"ab\x00c" * (n % 3)),
            }
            if n % 3 == 0:
                entries["sometimes"] = np.arange(3, dtype=np.float32) + n
            event = ef.Event(run=1 + n // 10, number=n, **entries)
            if n == 4:
                event.flags = {"failed", "retried"}
            yield event


def write_evf(path, source=None):
    p = ef.Path()
    p.add(source or Kinds())
    p.add(ef.modules.FileOutput(str(path)))
    ef.process(p, summary=False)


def same_events(a_path, b_path):
    a, b = list(ef.read(a_path)), list(ef.read(b_path))
    assert len(a) == len(b) > 0
    for x, y in zip(a, b, strict=True):
        assert (x.run, x.number, x.flags) == (y.run, y.number, y.flags)
        assert sorted(x.keys()) == sorted(y.keys()), (x.number, x.keys(), y.keys())
        for k in x.keys():
            assert x[k].dtype == y[k].dtype, (k, x[k].dtype, y[k].dtype)
            assert x[k].shape == y[k].shape, (k, x[k].shape, y[k].shape)
            assert x[k].tobytes() == y[k].tobytes(), k


@pytest.mark.parametrize("rntuple", [False, True], ids=["ttree", "rntuple"])
def test_every_entry_kind_round_trips_exactly_through_the_cli(tmp_path, rntuple):
    write_evf(tmp_path / "in.evf")
    to_root = ["convert", tmp_path / "in.evf", tmp_path / "out.root"]
    shown = run_cli(*to_root, *(["--rntuple"] if rntuple else []), cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    assert "25 events" in shown.stderr
    back = run_cli("convert", tmp_path / "out.root", tmp_path / "back.evf", cwd=tmp_path)
    assert back.returncode == 0, back.stderr
    same_events(tmp_path / "in.evf", tmp_path / "back.evf")


def test_uproot_and_awkward_read_what_evflow_wrote(tmp_path):
    write_evf(tmp_path / "in.evf")
    evroot.convert(tmp_path / "in.evf", tmp_path / "out.root", tree="Events")
    events = list(ef.read(tmp_path / "in.evf"))
    with uproot.open(tmp_path / "out.root") as f:
        tree = f["Events"]
        assert tree.num_entries == len(events)
        a = tree.arrays(library="ak")
    assert a["run"].tolist() == [e.run for e in events]
    assert a["number"].tolist() == [e.number for e in events]
    assert a["flags"].tolist() == [3 if e.number == 4 else 0 for e in events]  # failed|retried
    assert np.array_equal(ak.to_numpy(a["energy"]), [e["energy"] for e in events])
    assert ak.to_numpy(a["matrix"]).shape == (len(events), 2, 3)
    assert a["hits"].tolist() == [e["hits"].tolist() for e in events]
    assert a["nhits"].tolist() == [len(e["hits"]) for e in events]  # ROOT's counter branch
    # (n, 2) arrays: the first dimension varies, stored flat per event
    assert a["tracks"].tolist() == [e["tracks"].reshape(-1).tolist() for e in events]
    # a structured entry: one branch per field
    assert a["clusters_x"].tolist() == [e["clusters"]["x"].tolist() for e in events]
    assert a["label"].tolist() == [str(e["label"]) for e in events]
    present = [e.number % 3 == 0 for e in events]
    assert a["has_sometimes"].tolist() == present
    kept = a["sometimes"][a["has_sometimes"]]
    assert kept.tolist() == [e["sometimes"].tolist() for e in events if "sometimes" in e.keys()]


def test_a_foreign_tree_reads_one_entry_per_branch(tmp_path):
    with uproot.recreate(tmp_path / "nano.root") as f:
        f["tree"] = {
            "run": np.array([7, 7, 8], np.int32),
            "event": np.array([100, 101, 5], np.int64),
            "Muon_pt": ak.Array([[31.5, 20.1], [], [5.0]]),
            "MET": np.array([10.0, 20.0, 30.0]),
        }
    events = list(evroot.read_root(tmp_path / "nano.root", tree="tree"))
    assert [(e.run, e.number) for e in events] == [(7, 100), (7, 101), (8, 5)]
    assert [e["Muon_pt"].tolist() for e in events] == [[31.5, 20.1], [], [5.0]]
    assert sorted(events[0].keys()) == ["MET", "Muon_pt"]  # the counter nMuon_pt is no entry
    only = list(evroot.read_root(tmp_path / "nano.root", tree="tree", branches=["MET"]))
    assert [sorted(e.keys()) for e in only] == [["MET"]] * 3


class Square(ef.Module):
    parallel_safe = True
    mergeable = ("spectrum",)

    def initialize(self):
        self.spectrum = bh.Histogram(bh.axis.Regular(10, 0, 10))

    def event(self, event):
        event["square"] = np.asarray(event["energy"]) ** 2
        self.spectrum.fill(float(event["energy"]) % 10)


def test_root_input_and_output_in_a_parallel_job_match_one_process(tmp_path):
    write_evf(tmp_path / "in.evf", Kinds(200))
    evroot.convert(tmp_path / "in.evf", tmp_path / "in.root")
    outputs = {}
    for processes in (0, 2):
        out = tmp_path / f"p{processes}.root"
        p = ef.Path()
        p.add(ef.modules.RootInput(tmp_path / "in.root", step_size=64))
        p.add(Square())
        p.add(ef.modules.RootOutput(out, basket_events=50))
        p.add(ef.modules.HistogramOutput(tmp_path / f"h{processes}.root"))
        ef.process(p, processes=processes, ordered=True, summary=False)
        with uproot.open(out) as f:
            outputs[processes] = f["Events"].arrays(library="ak").tolist()
    assert len(outputs[0]) == 200
    assert outputs[2] == outputs[0]
    assert [row["square"] for row in outputs[0][:3]] == [1.5**2, 3.0**2, 4.5**2]
    with uproot.open(tmp_path / "h0.root") as h0, uproot.open(tmp_path / "h2.root") as h2:
        assert "Square" in [k.split(";")[0] for k in h2.keys(recursive=False)]
        one, two = h0["Square/spectrum"].values(), h2["Square/spectrum"].values()
    # Summed over the workers; event 4, flagged failed in the source, skips Square.
    assert two.sum() == 199 and np.array_equal(one, two)


@pytest.mark.parametrize("storage", [bh.storage.Int64, bh.storage.AtomicInt64])
def test_histogram_output_writes_integer_counts(tmp_path, storage):
    class Counts(ef.Module):
        mergeable = ("n",)

        def initialize(self):
            self.n = bh.Histogram(bh.axis.Integer(0, 5), storage=storage())

        def event(self, event):
            self.n.fill(event.number % 7)  # 5 and 6 land in the overflow bin

    p = ef.Path()
    p.add(ef.modules.EventGenerator(events=70))
    p.add(Counts())
    p.add(ef.modules.HistogramOutput(tmp_path / "h.root"))
    ef.process(p, summary=False)
    with uproot.open(tmp_path / "h.root") as f:
        assert f["Counts/n"].values(flow=True).tolist() == [0, 10, 10, 10, 10, 10, 20]


def test_root_output_names_an_entry_that_appears_after_the_first_basket(tmp_path):
    class Late(ef.Module):
        def event(self, event):
            if event.number == 30:
                event["late"] = np.int8(1)

    p = ef.Path()
    p.add(ef.modules.EventGenerator(events=40))
    p.add(Late())
    p.add(ef.modules.RootOutput(tmp_path / "out.root", basket_events=10))
    with pytest.raises(ef.EvflowError, match="entry 'late' first appears in run 1 event 30"):
        ef.process(p, summary=False)
    assert not (tmp_path / "out.root").exists()
    assert not (tmp_path / "out.root.part").exists()


@pytest.mark.parametrize(
    "entries, message",
    [
        ({"z": np.complex128(1j)}, "entry 'z': ROOT has no branch type for numpy dtype <c16"),
        ({"grid": lambda n: np.zeros((2, n))}, "entry 'grid' has shapes"),
        ({"mixed": lambda n: np.zeros(1, "<f8" if n < 3 else "<f4")}, "entry 'mixed' has dtype"),
        ({"a.b": np.int8(1), "a_b": np.int8(2)}, "already uses: rename one of them"),
        ({"words": np.array(["a", "b"])}, "arrays of strings have no ROOT branch"),
    ],
    ids=["complex", "inner-shape", "dtype", "collision", "string-array"],
)
def test_what_root_cannot_hold_is_a_clear_error_naming_the_entry(tmp_path, entries, message):
    class Source(ef.Source):
        def events(self):
            for n in range(1, 5):
                made = {k: (v(n) if callable(v) else v) for k, v in entries.items()}
                yield ef.Event(run=1, number=n, **made)

    write_evf(tmp_path / "in.evf", Source())
    shown = run_cli("convert", tmp_path / "in.evf", tmp_path / "out.root", cwd=tmp_path)
    assert shown.returncode != 0
    assert message in shown.stderr, shown.stderr
    assert not (tmp_path / "out.root").exists() and not (tmp_path / "out.root.part").exists()


def test_convert_refuses_what_it_cannot_convert(tmp_path):
    shown = run_cli("convert", tmp_path / "a.txt", tmp_path / "b.root", cwd=tmp_path)
    assert shown.returncode == 2 and "from .evf to .root or from .root to .evf" in shown.stderr
    shown = run_cli("convert", tmp_path / "missing.root", tmp_path / "b.evf", cwd=tmp_path)
    assert shown.returncode == 2 and "missing.root: no such file" in shown.stderr
    (tmp_path / "junk.root").write_bytes(b"not root at all" * 10)
    shown = run_cli("convert", tmp_path / "junk.root", tmp_path / "b.evf", cwd=tmp_path)
    assert shown.returncode != 0 and "not a ROOT file uproot can read" in shown.stderr
