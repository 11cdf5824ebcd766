"""ROOT interchange through uproot and awkward (docs/root.md): events as rows of a TTree (or
an RNTuple), and back. Nothing of ROOT's format is written here: uproot writes and reads it.

An evflow event becomes one row: ``run``, ``number`` and ``flags`` branches, then one branch
per entry (per field, for a structured dtype). The ``evflow`` key of the file (a string,
JSON) records how each entry was stored, so that reading back restores dtypes and shapes
exactly; a ROOT file without it is read by branch types alone."""

import contextlib
import hashlib
import json
import logging
import os
import re
import time
from dataclasses import dataclass, field

import awkward as ak
import numpy as np
import uproot

from evflow import _native
from evflow.errors import ConfigError, EvflowError
from evflow.module import Module, Source

log = logging.getLogger("evflow")

META_KEY = "evflow"
"""The file key of the JSON that says how each entry was stored."""
IDENTITY_BYTES = 64 << 10
"""Bytes at each end of a file that ``RootInput.identity`` hashes."""
FORMAT = "evflow-root"
CHECKPOINT_EVERY_S = 5.0
"""How often a job of one process with a HistogramOutput snapshots its sums, by default."""
HISTOGRAMS_FORMAT = "evflow-histograms"
"""The ``format`` of a HistogramOutput file's ``evflow`` key."""
VERSION = 1
DEFAULT_TREE = "Events"
BASKET_EVENTS = 10_000
"""Events written to the tree at a time (one basket per branch each time)."""
FLAG_BITS = {"failed": 1, "retried": 2, "incomplete": 4}
"""The ``flags`` branch: the frame flags' bits (docs/formats.md)."""
RESERVED = ("run", "number", "flags")
_BRANCH = re.compile(r"[^A-Za-z0-9_]")


class RootError(EvflowError):
    """An event or a file that ROOT interchange cannot carry, and why."""


@dataclass
class Column:
    """How one entry (or one field of a structured entry) is stored: its branch, its dtype,
    its kind (``scalar``, ``fixed``, ``var``: the first dimension varies, the rest are
    ``inner``), and the presence branch when some events lack it."""

    name: str
    branch: str
    dtype: str
    kind: str
    shape: list = field(default_factory=list)
    presence: str | None = None
    field_path: list = field(default_factory=list)
    entry_descr: object = None  # a structured entry's whole dtype (numpy's descr)

    def to_json(self):
        return {
            "name": self.name,
            "branch": self.branch,
            "dtype": self.dtype,
            "kind": self.kind,
            "shape": self.shape,
            "presence": self.presence,
            "field": self.field_path,
            "entry_descr": self.entry_descr,
        }

    def storage(self):
        """The numpy dtype its branch stores (None: a string branch)."""
        if self.dtype in ("<U", "|S"):
            return None
        return _storage_dtype(np.dtype(self.dtype), self.name)

    @staticmethod
    def from_json(d):
        return Column(
            d["name"],
            d["branch"],
            d["dtype"],
            d["kind"],
            list(d["shape"]),
            d["presence"],
            list(d["field"]),
            d.get("entry_descr"),
        )


@dataclass
class Schema:
    """The branches of a tree of events, entry by entry, in the order entries first appear."""

    entries: dict = field(default_factory=dict)  # name -> {"descr", "shapes": set, "count"}
    events: int = 0
    columns: list = field(default_factory=list)

    def see(self, event, where: str) -> None:
        self.events += 1
        for name in event.keys():
            array = event[name]
            new = {"shapes": set(), "count": 0, "descr": array.dtype}
            seen = self.entries.setdefault(name, new)
            strings = array.dtype.kind in "SU" and array.dtype.kind == seen["descr"].kind
            if array.dtype != seen["descr"] and not strings:
                raise RootError(
                    f"entry {name!r} has dtype {array.dtype.str} in {where} and "
                    f"{seen['descr'].str} before: a ROOT branch holds one type; convert the entry "
                    "to one dtype first"
                )
            seen["shapes"].add(array.shape)
            seen["count"] += 1

    def finish(self) -> "Schema":
        """Decides each entry's columns (a RootError names an entry ROOT cannot hold)."""
        taken = {}
        for name in RESERVED:
            taken[name] = f"the {name} branch"
        self.columns = []
        for name, seen in self.entries.items():
            optional = seen["count"] < self.events
            for column in _columns_of(name, seen["descr"], seen["shapes"], optional):
                if seen["descr"].names:
                    column.entry_descr = np.lib.format.dtype_to_descr(seen["descr"])
                used = [column.branch]
                used += [column.presence] if column.presence else []
                used += [f"n{column.branch}"] if column.kind == "var" else []  # uproot's counter
                for branch in used:
                    if branch in taken:
                        raise RootError(
                            f"entry {name!r} would be stored in branch {branch!r}, which "
                            f"{taken[branch]} already uses: rename one of them"
                        )
                    taken[branch] = f"entry {name!r}"
                self.columns.append(column)
        return self

    def branch_types(self) -> dict:
        types = {"run": np.uint32, "number": np.uint64, "flags": np.uint32}
        for c in self.columns:
            storage = c.storage()
            if c.kind == "scalar":
                types[c.branch] = "string" if storage is None else storage
            elif c.kind == "fixed":
                types[c.branch] = np.dtype((storage, tuple(c.shape)))
            else:
                types[c.branch] = f"var * {storage.name}"
            if c.presence:
                types[c.presence] = np.bool_
        return types

    def to_json(self, tree: str) -> str:
        return json.dumps(
            {
                "format": FORMAT,
                "version": VERSION,
                "tree": tree,
                "flags": FLAG_BITS,
                "entries": [c.to_json() for c in self.columns],
            }
        )


def _branch_name(name: str) -> str:
    branch = _BRANCH.sub("_", name)
    return branch if branch and not branch[0].isdigit() else f"_{branch}"


def _storage_dtype(dtype: np.dtype, name: str):
    """The numpy dtype a branch stores for ``dtype`` (None: a string branch)."""
    if dtype.kind in "biuf":
        return dtype.newbyteorder("=") if dtype.itemsize > 1 else dtype
    if dtype.kind in "mM":
        return np.dtype(np.int64)
    if dtype.kind in "SU":
        return None
    raise RootError(
        f"entry {name!r}: ROOT has no branch type for numpy dtype {dtype.str} "
        f"({'complex numbers' if dtype.kind == 'c' else dtype.kind}): store it as entries of "
        "real numbers (e.g. the real and imaginary parts) first"
    )


def _columns_of(name, dtype, shapes, optional, path=(), branch=None):
    branch = branch or _branch_name(name)
    if dtype.names:
        columns = []
        for field_name in dtype.names:
            sub = dtype.fields[field_name][0]
            inner = sub.shape
            sub_shapes = {s + inner for s in shapes}
            sub_branch = f"{branch}_{_branch_name(field_name)}"
            path_to = (*path, field_name)
            columns += _columns_of(name, sub.base, sub_shapes, optional, path_to, sub_branch)
        return columns
    shapes = sorted(shapes)
    where = f"entry {name!r}" + (f" field {'.'.join(path)}" if path else "")
    if dtype.kind in "SU" and any(shapes):
        raise RootError(
            f"{where}: arrays of strings have no ROOT branch here (only one string per event): "
            "store one string per entry, or the bytes as |u1"
        )
    _storage_dtype(dtype, name)
    if len(shapes) == 1 and shapes[0] == ():
        kind, shape = "scalar", []
    elif len(shapes) == 1:
        kind, shape = "fixed", list(shapes[0])
    elif all(len(s) >= 1 and s[1:] == shapes[0][1:] for s in shapes) and () not in shapes:
        kind, shape = "var", list(shapes[0][1:])
    else:
        raise RootError(
            f"{where} has shapes {', '.join(str(s) for s in shapes[:4])} in different events: ROOT "
            "branches vary in their first dimension only"
        )
    presence = f"has_{branch}" if optional else None
    # A string's width is its own: "<U" or "|S", each read back as wide as its text.
    stored = dtype.str[:2] if dtype.kind in "SU" else dtype.str
    return [Column(name, branch, stored, kind, shape, presence, list(path))]


def _field(array: np.ndarray, path):
    for name in path:
        array = array[name]
    return array


def _default(column: Column, dtype):
    if column.kind == "var":
        return np.zeros(0, dtype)
    if column.kind == "fixed":
        return np.zeros(column.shape, dtype)
    return "" if dtype is None else np.zeros((), dtype)[()]


def columns_of(events: list, schema: Schema) -> dict:
    """The branches' arrays for ``events`` (uproot's ``extend`` takes them)."""
    out = {
        "run": np.array([e.run for e in events], np.uint32),
        "number": np.array([e.number for e in events], np.uint64),
        "flags": np.array([sum(FLAG_BITS.get(f, 0) for f in e.flags) for e in events], np.uint32),
    }
    for c in schema.columns:
        storage = c.storage()
        values, present = [], []
        for e in events:
            has = c.name in e.keys()
            present.append(has)
            if not has:
                values.append(_default(c, storage))
                continue
            value = _field(e[c.name], c.field_path)
            if storage is None:
                value = value[()]
                text = (
                    value.decode("utf-8", "surrogateescape") if isinstance(value, bytes) else value
                )
                values.append(str(text))
            elif c.kind == "var":
                if value.dtype.kind in "mM":
                    value = value.view(np.int64)
                values.append(np.ascontiguousarray(value).astype(storage, copy=False).reshape(-1))
            else:
                values.append(
                    np.asarray(value).view(np.int64) if value.dtype.kind in "mM" else value
                )
        if storage is None:
            out[c.branch] = ak.Array(values)
        elif c.kind == "var":
            counts = np.array([len(v) for v in values], np.int64)
            flat = np.concatenate(values) if values else np.zeros(0, storage)
            out[c.branch] = ak.unflatten(flat.astype(storage, copy=False), counts)
        else:
            out[c.branch] = np.array(values, dtype=storage).reshape((len(events), *c.shape))
        if c.presence:
            out[c.presence] = np.array(present, np.bool_)
    return out


# --- reading ---------------------------------------------------------------------------------


def _metadata(file):
    if META_KEY not in {k.split(";")[0] for k in file.keys(recursive=False)}:
        return None
    try:
        meta = json.loads(str(file[META_KEY]))
    except (ValueError, TypeError):
        return None
    return meta if isinstance(meta, dict) and meta.get("format") == FORMAT else None


def _foreign_columns(tree, branches):
    """Columns for a ROOT file evflow did not write: each branch an entry, counters skipped."""
    counters = {
        b.count_branch.name for b in tree.values() if getattr(b, "count_branch", None) is not None
    }
    columns = []
    for name in tree.keys():
        if name in RESERVED or name in ("event",) or name in counters or "/" in name or "." in name:
            continue
        if branches is not None and name not in branches:
            continue
        columns.append(Column(name, name, "", "auto"))
    return columns


def _value(raw, c: Column):
    """One event's value of column ``c`` as the entry's numpy array."""
    if c.dtype in ("<U", "|S"):
        text = str(raw)
        return np.array(text.encode("utf-8", "surrogateescape") if c.dtype == "|S" else text)
    dtype = np.dtype(c.dtype)
    value = np.asarray(raw)
    value = value.view(dtype) if dtype.kind in "mM" else value.astype(dtype, copy=False)
    return value.reshape((-1, *c.shape)) if c.kind == "var" else value


def _auto(raw):
    """A branch of a foreign file as an entry: strings as |S, the rest as numpy gives it."""
    if isinstance(raw, str):
        return np.array(raw.encode())
    return np.asarray(raw)


def events_of(arrays, columns, *, start: int):
    """Events from one chunk of branch arrays (uproot's ``arrays(library="np")``); ``start``
    numbers the events of a file without a ``number`` (or ``event``) branch."""
    n = len(next(iter(arrays.values()))) if arrays else 0
    runs = arrays.get("run")
    numbers = arrays.get("number", arrays.get("event"))
    flags = arrays.get("flags")
    by_entry = {}
    for c in columns:
        by_entry.setdefault(c.name, []).append(c)
    for i in range(n):
        entries = {}
        for name, cols in by_entry.items():
            first = cols[0]
            if first.presence and not arrays[first.presence][i]:
                continue
            if first.kind == "auto":
                entries[name] = _auto(arrays[first.branch][i])
            elif first.entry_descr is None:
                entries[name] = _value(arrays[first.branch][i], first)
            else:
                entries[name] = _structured(cols, [_value(arrays[c.branch][i], c) for c in cols])
        event = _native.Event(
            run=int(runs[i]) if runs is not None else 1,
            number=int(numbers[i]) if numbers is not None else start + i + 1,
            **entries,
        )
        if flags is not None and flags[i]:
            event.flags = {name for name, bit in FLAG_BITS.items() if int(flags[i]) & bit}
        yield event


def _structured(columns, values):
    """A structured entry from its fields' values."""
    dtype = np.lib.format.descr_to_dtype(_as_descr(columns[0].entry_descr))
    sub = dtype
    for name in columns[0].field_path:
        sub = sub.fields[name][0]
    first = values[0]
    out = np.zeros(first.shape[: first.ndim - len(sub.shape)], dtype)
    for c, v in zip(columns, values, strict=True):
        _field(out, c.field_path)[...] = v
    return out


def _as_descr(descr):
    """numpy's descr from its JSON form (lists where numpy has tuples)."""
    if isinstance(descr, str):
        return descr
    out = []
    for name, typ, *shape in descr:
        name = tuple(name) if isinstance(name, list) else name  # a (title, name) pair
        out.append((name, _as_descr(typ), *(tuple(s) for s in shape)))
    return out


def open_tree(path, tree: str):
    try:
        file = uproot.open(path)
    except FileNotFoundError:
        raise ConfigError(f"{path}: no such file") from None
    except Exception as e:  # uproot raises several types for a file that is not ROOT
        raise RootError(f"{path}: not a ROOT file uproot can read: {e}") from None
    if tree not in {k.split(";")[0] for k in file.keys()}:
        trees = [k.split(";")[0] for k, v in file.items() if isinstance(v, uproot.TTree)]
        raise ConfigError(f"{path} has no tree {tree!r}; its trees: {', '.join(trees) or 'none'}")
    return file, file[tree]


@contextlib.contextmanager
def _as_part(path):
    """Writes ``path`` as ``path.part``, renamed when the block ends; removed if it fails, so
    no half-written file is left under either name."""
    tmp = f"{os.fspath(path)}.part"
    try:
        yield tmp
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    os.replace(tmp, path)


def _schema_of(events) -> Schema:
    """The branches for ``events`` (a RootError names an entry ROOT cannot hold)."""
    schema = Schema()
    for i, event in enumerate(events):
        schema.see(event, f"event {i} (run {event.run}, number {event.number})")
    return schema.finish()


def _make_tree(file, tree: str, types: dict, rntuple: bool):
    make = file.mkrntuple if rntuple else file.mktree
    return make(tree, types)


def _extend(target, columns: dict, rntuple: bool) -> None:
    # An RNTuple takes one record array whose fields have exactly the declared types.
    target.extend(ak.Array(columns) if rntuple else columns)


def _as_listed(tree) -> bool:
    """Sets uproot's counts of ``tree`` (a TTree; in memory only) to the rows its branches
    list a basket for, so that those rows read; whether they differed. uproot updates a
    tree's metadata in place after each basket (the tree's entries, then each branch's
    counts and basket arrays): a kill in the middle leaves some ahead of the baskets listed,
    and those rows alone are sure (docs/root.md, "Resuming ``RootOutput``")."""
    listed = [(branch, _branch_rows(branch)) for branch in tree.values(recursive=True)]
    rows = min((n for _, n in listed), default=0)
    cut = tree.num_entries != rows
    tree._members["fEntries"] = rows
    for branch, branch_rows in listed:
        cut |= branch.num_entries != rows or branch_rows != rows
        branch._members["fEntries"] = branch_rows
    return cut


def _branch_rows(branch) -> int:
    """The rows of the baskets ``branch`` lists: those below its ``fWriteBasket`` with a
    place in the file (an unwritten one has none), as uproot reads them."""
    entries, seeks = branch.member("fBasketEntry"), branch.member("fBasketSeek")
    listed = 0
    while listed < min(branch.member("fWriteBasket"), len(seeks)) and seeks[listed] != 0:
        listed += 1
    return int(entries[listed]) if listed else 0


def write_root(path, events, *, tree: str = DEFAULT_TREE, rntuple: bool = False) -> int:
    """Writes ``events`` (an iterable, read twice: a function returning a fresh iterator) to
    the ROOT file ``path``; returns the events written."""
    schema = _schema_of(events())
    with _as_part(path) as tmp, uproot.recreate(tmp) as file:
        target = _make_tree(file, tree, schema.branch_types(), rntuple)
        batch = []
        for event in events():
            batch.append(event)
            if len(batch) >= BASKET_EVENTS:
                _extend(target, columns_of(batch, schema), rntuple)
                batch = []
        if batch or schema.events == 0:
            _extend(target, columns_of(batch, schema), rntuple)
        file[META_KEY] = schema.to_json(tree)
    return schema.events


def read_root(path, *, tree: str = DEFAULT_TREE, branches=None, step_size=BASKET_EVENTS):
    """Events from a tree of ``path``, read ``step_size`` rows at a time. A file evflow wrote
    gives back its entries exactly; any other tree gives one entry per branch (``branches``:
    only these), with ``run`` and ``number`` (or ``event``) from those branches if it has
    them."""
    file, source = open_tree(path, tree)
    with file:
        meta = _metadata(file)
        if meta is not None:
            columns = [Column.from_json(c) for c in meta["entries"]]
            if branches is not None:
                columns = [c for c in columns if c.name in branches]
        else:
            columns = _foreign_columns(source, branches)
        wanted = {c.branch for c in columns} | {c.presence for c in columns if c.presence}
        wanted |= {b for b in ("run", "number", "event", "flags") if b in source.keys()}
        start = 0
        if not wanted:
            return
        for arrays in source.iterate(sorted(wanted), step_size=step_size, library="np"):
            yield from events_of(arrays, columns, start=start)
            start += len(next(iter(arrays.values())))


def convert(source, target, *, tree: str = DEFAULT_TREE, rntuple: bool = False) -> int:
    """``evflow convert``: ``.evf`` to ``.root`` or back, by the names' suffixes; returns the
    events converted."""
    from evflow import files

    kinds = (_kind(source), _kind(target))
    if kinds in (("evf", "root"), ("root", "evf")) and not os.path.isfile(source):
        raise ConfigError(f"{source}: no such file")
    if kinds == ("evf", "root"):
        return write_root(target, lambda: iter(files.read(source)), tree=tree, rntuple=rntuple)
    if kinds == ("root", "evf"):
        if rntuple:
            raise ConfigError("--rntuple is for writing ROOT files (reading finds what there is)")
        from evflow import modules, path, processing

        job = path.Path()
        job.add(RootInput(source, tree=tree))
        job.add(modules.FileOutput(target))
        return processing.process(job, summary=False).written
    raise ConfigError(
        f"evflow convert goes from .evf to .root or from .root to .evf, not {source} -> {target}"
    )


def _kind(path) -> str:
    return os.fspath(path).rsplit(".", 1)[-1].lower()


# --- modules ---------------------------------------------------------------------------------


class RootInput(Source):
    """Reads the events of a TTree (or RNTuple) from one or more ROOT files through uproot,
    ``step_size`` rows at a time. A file evflow wrote gives back its events exactly; any other
    gives one entry per branch (``branches``: only these)."""

    def __init__(
        self, files, tree: str = DEFAULT_TREE, branches=None, step_size: int = BASKET_EVENTS
    ):
        self.files = [
            os.fspath(f) for f in ([files] if isinstance(files, str | os.PathLike) else files)
        ]
        self.tree, self.step_size = tree, step_size
        self.branches = None if branches is None else list(branches)

    def initialize(self):
        for f in self.files:
            file, _ = open_tree(f, self.tree)  # a missing file or tree: an error before the job
            file.close()

    def events(self):
        for f in self.files:
            yield from read_root(
                f, tree=self.tree, branches=self.branches, step_size=self.step_size
            )

    def identity(self) -> dict:
        """What a resumed job checks it reads again (docs/steering.md, "Resuming a job"): each
        file's path, size and the SHA-256 of its first and last 64 KiB (where ROOT keeps its
        header, and its keys and streamers)."""
        files = []
        for path in self.files:
            with open(path, "rb") as f:
                size = os.fstat(f.fileno()).st_size
                digest = hashlib.sha256(f.read(IDENTITY_BYTES))
                f.seek(max(0, size - IDENTITY_BYTES))
                digest.update(f.read(IDENTITY_BYTES))
            files.append({"path": path, "size": size, "sha256": digest.hexdigest()})
        return {"files": files, "tree": self.tree, "branches": self.branches}


def _recovered(file, complete=False, seqs=(), accounted=0, job=None, found=True) -> dict:
    """What a Python output's ``recover()`` returns (docs/steering.md, "Outputs of your
    own")."""
    return {
        "file": file,
        "found": found,
        "complete": complete,
        "seqs": list(seqs),
        "accounted": accounted,
        "job": job,
    }


def _utc(seconds: float) -> str:
    """A time as ``resumes`` lists it."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))


class _Row:
    """What RootOutput keeps of an event until its basket is written."""

    __slots__ = ("entries", "flags", "number", "run", "seq")

    def __init__(self, event):
        self.run, self.number, self.flags = event.run, event.number, event.flags
        self.seq = event.seq
        self.entries = {name: event[name] for name in event.keys()}

    def keys(self):
        return self.entries.keys()

    def __getitem__(self, name):
        return self.entries[name]


SEQ_BRANCH = "seq"
"""RootOutput's branch of each event's input position (``event.seq``)."""
PROGRESS_TREE = "evflow_progress"
"""RootOutput's tree of progress: one row per basket, ``accounted`` (docs/root.md)."""


class RootOutput(Module):
    """Writes every event that reaches it as a row of a TTree (``rntuple=True``: an RNTuple)
    in ``path``, ``basket_events`` events at a time. The branches are fixed by the first
    basket's events: an entry that first appears later, or whose shape no longer fits, stops
    the job with an error naming it (``evflow convert`` reads a whole file first instead).
    The file is written as ``path.part`` and renamed when the job ends. Events flagged failed
    are written too (their ``flags`` branch says so), as FileOutput does. A resumed job
    (``--resume``) goes on with the file a killed run left (docs/root.md); a sink restarted in
    a topology cannot (``resumable = False``: its last basket is in memory only)."""

    sees_failed = True
    resumable = False

    def __init__(
        self,
        path,
        tree: str = DEFAULT_TREE,
        basket_events: int = BASKET_EVENTS,
        rntuple: bool = False,
    ):
        if not isinstance(basket_events, int) or basket_events < 1:
            raise ConfigError(
                f"RootOutput: basket_events must be a positive integer, not {basket_events!r}"
            )
        self.path, self.tree = os.fspath(path), tree
        self.basket_events, self.rntuple = basket_events, rntuple
        self.file = self.target = self.schema = self.progress = None
        self.batch = []
        self.abandoned = False
        self.job = None  # the job's record (evflow.processing.job_record), set before initialize
        self.ending = None  # how the job ended (job_ending): None when it completed
        self.told = 0  # every input position below it reached this module or never will
        self.recorded = 0  # the last ``accounted`` in the progress tree
        self.resuming = None  # what recover() found: the file to go on with
        self.kept = set()  # the seqs that file holds
        self.in_order, self.last_seq = True, None
        self.complete_before = False  # a resumed job's file is complete: it is left as it is
        self.started = None  # when a resumed job began

    def initialize(self):
        directory = os.path.dirname(os.path.abspath(self.path))
        if not os.path.isdir(directory):
            raise ConfigError(f"RootOutput: the directory of {self.path} does not exist")

    def event(self, event):
        # The event is only lent to this call: its meta data and arrays are kept, not it.
        if self.complete_before or (self.kept and event.seq in self.kept):
            return  # a resumed job's file holds it already
        row = _Row(event)
        self.in_order &= self.last_seq is None or row.seq > self.last_seq
        self.last_seq = row.seq
        self.batch.append(row)
        if len(self.batch) >= self.basket_events:
            self._flush()

    def accounted(self, below: int) -> None:
        self.told = max(self.told, below)

    def job_ending(self, reason) -> None:
        self.ending = reason

    def recover(self):
        """What a killed run of the job left of the file (docs/root.md, "Resuming
        ``RootOutput``"), changing nothing; raises when the file cannot be gone on with."""
        file = self._part if os.path.exists(self._part) else self.path
        absent = _recovered(self.path, found=False)
        if not os.path.exists(file):
            return absent
        again = "move the file away to keep it, and run the job without --resume"
        try:
            with uproot.open(file) as f:
                meta, names = _metadata(f), {k.split(";")[0] for k in f.keys(recursive=False)}
                if meta is None and file == self._part and self.tree not in names:
                    return absent  # killed as it created the file: made anew
                if meta is None or PROGRESS_TREE not in names:
                    raise RootError(
                        f"cannot resume: {file} was not written by a RootOutput of an evflow job "
                        f"(it has no {META_KEY!r} key or no {PROGRESS_TREE} tree); {again}"
                    )
                progress = f[PROGRESS_TREE]
                cut = _as_listed(progress)
                progress = progress["accounted"].array(library="np")
                seqs, rntuple = np.zeros(0, np.uint64), self.rntuple
                if self.tree in names:
                    rntuple = not isinstance(f[self.tree], uproot.TTree)
                    events = f[self.tree]
                    if not rntuple:
                        cut |= _as_listed(events)
                    seqs = ak.to_numpy(events.arrays([SEQ_BRANCH])[SEQ_BRANCH])
        except RootError:
            raise
        except Exception as e:  # uproot raises several types for a damaged file
            raise RootError(f"cannot resume: uproot cannot read {file} ({e}); {again}") from None
        if meta.get("tree") != self.tree or rntuple != self.rntuple:
            kind = lambda r: "an RNTuple" if r else "a TTree"  # noqa: E731
            raise RootError(
                f"cannot resume: {file} holds {kind(rntuple)} {meta.get('tree')!r}, and this "
                f"RootOutput writes {kind(self.rntuple)} {self.tree!r}; {again}"
            )
        accounted = int(progress[-1]) if len(progress) else 0
        # A .part saying complete was killed before its rename: gone on with, it is renamed.
        complete = file == self.path and bool((meta.get("completion") or {}).get("complete"))
        self.complete_before = complete
        if not complete:
            self.started = time.time()
            has_tree = self.tree in names
            self.resuming = dict(meta, file=file, rows=len(seqs), has_tree=has_tree, cut=cut)
            self.kept = set(seqs.tolist())
            self.in_order = bool(np.all(np.diff(seqs.astype(np.int64)) > 0))
            self.last_seq = int(seqs[-1]) if len(seqs) else None
            self.told = self.recorded = accounted
        return _recovered(self.path, complete, seqs.tolist(), accounted, meta.get("job"))

    def checkpoint(self):
        """Where the job takes checkpoints (docs/root.md, "Resuming ``HistogramOutput``"):
        writes the events it holds, a short basket if need be, and records what it has
        accounted for."""
        if not (self.abandoned or self.complete_before):
            self._flush()

    def _flush(self, final=False):
        try:
            self._write_batch(final)
        except BaseException:
            self._abandon()
            raise

    def _abandon(self):
        """After an error: nothing more is written, and no partial file is left (but the
        one a resumed job went on with, which a later resume can take again)."""
        self.batch = []
        self.abandoned = True
        if self.file is not None:
            self.file.close()
        if os.path.exists(self._part) and self.resuming is None:
            os.unlink(self._part)

    def _write_batch(self, final=False):
        """Writes the events it holds; ``final``: the tree is made even if none reached it
        (with the reserved branches only)."""
        if self.file is None:
            self._open()
        made = self.target is None and (self.batch or final)
        if made:
            self._make_tree()
        elif self.target is not None:
            self._check(self.batch)
        if self.batch or made:
            columns = columns_of(self.batch, self.schema)
            columns[SEQ_BRANCH] = np.array([row.seq for row in self.batch], np.uint64)
            _extend(self.target, columns, self.rntuple)
        self.batch = []
        self._record_progress()

    def _open(self):
        """Creates the file with its progress tree (the events' tree comes with the first
        basket), or opens the one a killed run left."""
        if self.resuming is None:
            self._create(self._part)
            return
        if self.resuming["file"] != self._part:
            os.replace(self.path, self._part)  # an interrupted job's file: going on again
        if self.resuming["cut"]:
            entries = self.resuming.get("entries", [])
            schema = Schema(columns=[Column.from_json(c) for c in entries])
            self._write_again(schema, self.resuming["rows"] > 0, order=False)
        if self.resuming["has_tree"] and not self.resuming["rows"]:
            # Killed between making its tree and filling it: made anew, its progress kept.
            self._create(f"{self._part}.new")
            self.file.close()
            os.replace(f"{self._part}.new", self._part)
        elif self.resuming["rows"]:
            # The branches are fixed again by the events the killed run fixed them with.
            first = self.resuming.get("basket_events", self.basket_events)
            rows = read_root(self._part, tree=self.tree, step_size=first)
            try:
                self.schema = _schema_of([e for _, e in zip(range(first), rows, strict=False)])
            finally:
                rows.close()
        self.file = uproot.update(self._part)
        self.progress = self.file[PROGRESS_TREE]
        if self.schema is not None:
            self.target = self.file[self.tree]
        self._write_meta(None)  # says it was resumed, now

    def _create(self, path):
        self.file = uproot.recreate(path)
        self._write_meta(None)  # first: a file with progress says whose it is
        self._make_progress()
        self.recorded = 0
        self._record_progress()

    def _make_tree(self):
        """The events' tree, its branches fixed by the first basket."""
        self.schema = _schema_of(self.batch)
        for c in self.schema.columns:
            if SEQ_BRANCH in (c.branch, c.presence, f"n{c.branch}"):
                raise RootError(
                    f"RootOutput {self.path}: entry {c.name!r} would be stored in branch "
                    f"{SEQ_BRANCH!r}, which holds each event's input position: rename it"
                )
        self.target = _make_tree(self.file, self.tree, self._branch_types(), self.rntuple)
        self._write_meta(None)

    def _branch_types(self) -> dict:
        return dict(self.schema.branch_types(), **{SEQ_BRANCH: np.uint64})

    def _make_progress(self):
        self.progress = self.file.mktree(PROGRESS_TREE, {"accounted": np.uint64})

    def _record_progress(self):
        if self.told > self.recorded:
            self.progress.extend({"accounted": np.array([self.told], np.uint64)})
            self.recorded = self.told

    def _write_meta(self, completion):
        schema = self.schema if self.schema is not None else Schema()
        meta = json.loads(schema.to_json(self.tree))
        resumes = list((self.resuming or {}).get("resumes", []))
        if self.resuming is not None:
            resumes.append(_utc(self.started))
        meta.update(
            job=self.job,
            basket_events=self.basket_events,
            completion=completion,
            resumes=resumes,
        )
        self.file[META_KEY] = json.dumps(meta)

    def _check(self, events):
        """Refuses events that do not fit the branches the first basket fixed."""
        known = {c.name for c in self.schema.columns}
        seen = {name: dict(v, shapes=set(v["shapes"])) for name, v in self.schema.entries.items()}
        merged = Schema(entries=seen, events=self.schema.events)
        for e in events:
            new = [n for n in e.keys() if n not in known]
            if new:
                raise RootError(
                    f"RootOutput {self.path}: entry {new[0]!r} first appears in run {e.run} event "
                    f"{e.number}, after the first {self.basket_events} events fixed the branches: "
                    "raise basket_events, or write .evf and run evflow convert"
                )
            merged.see(e, f"run {e.run} event {e.number}")
        fitted = {c.branch: (c.kind, c.shape, c.presence) for c in merged.finish().columns}
        for c in self.schema.columns:
            if fitted[c.branch] != (c.kind, c.shape, c.presence):
                raise RootError(
                    f"RootOutput {self.path}: entry {c.name!r} no longer fits its branch ("
                    f"{c.kind}{' ' + str(c.shape) if c.shape else ''}"
                    f"{', always present' if c.presence is None else ''}, fixed by the first "
                    f"{self.basket_events} events): raise basket_events, or write .evf and run "
                    "evflow convert"
                )
        self.schema.entries, self.schema.events = merged.entries, merged.events

    def terminate(self):
        if self.abandoned or self.complete_before:
            return
        self._flush(final=True)
        complete = self.ending is None
        if complete and self.resuming is not None and not self.in_order:
            self._sort()
        self._write_meta({"complete": complete, "reason": self.ending})
        self.file.close()
        os.replace(self._part, self.path)

    def _sort(self):
        """Writes the file again with its rows in input order (an ordered resume of an
        unordered job)."""
        log.info(
            "%s: writing its rows again in input order (a killed run was not ordered)", self.path
        )
        self.file.close()
        self._write_again(self.schema, True, order=True)
        self.file = uproot.update(self._part)

    def _write_again(self, schema: Schema, has_rows: bool, order: bool):
        """Writes ``path.part`` again as ``path.part.again``, renamed over it: the rows its
        branches list (``order``: in input order) and the last progress (a resume of a file
        whose last update a kill cut, or an ordered resume of an unordered job)."""
        mine = ("file", "rows", "has_tree", "cut")
        meta = {k: v for k, v in self.resuming.items() if k not in mine}
        again = f"{self._part}.again"  # one a kill left is made anew
        with uproot.open(self._part) as f:
            progress = f[PROGRESS_TREE]
            _as_listed(progress)
            accounted = progress["accounted"].array(library="np")[-1:]
            rows = None
            if has_rows:
                events = f[self.tree]
                if isinstance(events, uproot.TTree):
                    _as_listed(events)
                rows = events.arrays([*schema.branch_types(), SEQ_BRANCH])
        with uproot.recreate(again) as file:
            file[META_KEY] = json.dumps(meta)
            if rows is not None:
                if order:
                    rows = rows[np.argsort(ak.to_numpy(rows[SEQ_BRANCH]), kind="stable")]
                types = dict(schema.branch_types(), **{SEQ_BRANCH: np.uint64})
                target = _make_tree(file, self.tree, types, self.rntuple)
                for at in range(0, len(rows), self.basket_events):
                    chunk = rows[at : at + self.basket_events]
                    _extend(target, {b: chunk[b] for b in types}, self.rntuple)
            progress = file.mktree(PROGRESS_TREE, {"accounted": np.uint64})
            if len(accounted):
                progress.extend({"accounted": np.asarray(accounted, np.uint64)})
        os.replace(again, self._part)

    @property
    def _part(self) -> str:
        return f"{self.path}.part"

    def part_files(self) -> list:
        """The ROOT file it writes until the job ends."""
        return [self._part]


class HistogramOutput(Module):
    """Writes the path's mergeable histograms (boost-histogram, hist) to the ROOT file
    ``path`` when the job has ended, summed over its processes: one directory per module,
    one histogram per attribute (``Module/attribute``), as basf2's HistoManager does. Numpy
    arrays declared mergeable are left out (ROOT histograms need axes). It snapshots the
    sums of every process at each checkpoint (``path.resume``), which a resumed job goes on
    from (docs/root.md, "Resuming ``HistogramOutput``"); a sink restarted in a
    topology cannot rebuild the histograms (``resumable = False``)."""

    after_job = True
    resumable = False

    def __init__(self, path, checkpoint_every: float = CHECKPOINT_EVERY_S):
        if not isinstance(checkpoint_every, int | float) or not checkpoint_every > 0:
            raise ConfigError(
                "HistogramOutput: checkpoint_every must be a positive number of seconds, not "
                f"{checkpoint_every!r}"
            )
        self.path, self.checkpoint_every = os.fspath(path), float(checkpoint_every)
        self.job = self.steps = None  # the job's record and the path, set before recover
        self.told = 0  # every input position below it went through the path
        self.taken = None  # (position, contents) at the last checkpoint: written at the next
        self.saved = None  # the snapshot a resumed job goes on from
        self.resumes = []
        self.ending = None
        self.complete = False  # a resumed job found the file complete: it stays as it is

    @property
    def _snapshot(self) -> str:
        return f"{self.path}.resume"

    def initialize(self):
        directory = os.path.dirname(os.path.abspath(self.path))
        if not os.path.isdir(directory):
            raise ConfigError(f"HistogramOutput: the directory of {self.path} does not exist")
        if self.saved is not None:
            # In the steering process, before a parallel job forks: every process starts
            # from the sums of the events the job passes over, and adds its own.
            from evflow import mergeable

            mergeable.restore(self.steps, self.saved)

    def event(self, event):
        return None

    def accounted(self, below: int) -> None:
        self.told = max(self.told, below)

    def job_ending(self, reason) -> None:
        self.ending = reason

    def checkpoint(self):
        """At a cut: every event below ``told`` went through every module, none above. The
        sums of the cut before are written now: every other output has recorded its
        position since (docs/root.md, "Resuming ``HistogramOutput``"). In a parallel job,
        the sums of every process at the cut."""
        from evflow import mergeable

        if self.taken is not None:
            self._write_snapshot(*self.taken)
        self.taken = (self.told, mergeable.at_checkpoint(self.steps))

    def _write_snapshot(self, accounted: int, sums: dict) -> None:
        meta = {"job": self.job, "accounted": accounted, "resumes": self.resumes}
        tmp = f"{self._snapshot}.tmp"
        with open(tmp, "wb") as f:
            arrays = {f"sums/{key}": value for key, value in sums.items()}
            np.savez(f, **{"evflow.json": np.array(json.dumps(meta))}, **arrays)
        os.replace(tmp, self._snapshot)

    def recover(self):
        """What a killed run of the job left (docs/root.md, "Resuming
        ``HistogramOutput``"), changing nothing; raises when it cannot be gone on with."""
        again = "move it away to keep it, and run the job without --resume"
        final = self._final_meta(again)
        if final is not None and (final.get("completion") or {}).get("complete"):
            self.complete = True
            return _recovered(self.path, complete=True, job=final.get("job"))
        if os.path.exists(self._snapshot):
            try:
                with np.load(self._snapshot, allow_pickle=False) as npz:
                    meta = json.loads(str(npz["evflow.json"]))
                    sums = {
                        k.removeprefix("sums/"): npz[k] for k in npz.files if k != "evflow.json"
                    }
            except Exception as e:  # numpy raises several types for a damaged file
                raise RootError(
                    f"cannot resume: {self._snapshot} cannot be read ({e}); {again}"
                ) from None
            self._refuse_later_mergeables()
            self.saved, self.told = sums, int(meta["accounted"])
            self.resumes = [*meta.get("resumes", []), _utc(time.time())]
            return _recovered(self.path, accounted=self.told, job=meta.get("job"))
        if final is not None:
            # No snapshot (a parallel job): it accounted for nothing; every event goes again.
            return _recovered(self.path, job=final.get("job"))
        return _recovered(self.path, found=False)

    def _final_meta(self, again: str):
        """The ``evflow`` key of the file ``path`` ({} when it has none); None when there is
        no file."""
        if not os.path.exists(self.path):
            return None
        try:
            with uproot.open(self.path) as f:
                if META_KEY not in {k.split(";")[0] for k in f.keys(recursive=False)}:
                    return {}
                meta = json.loads(str(f[META_KEY]))
        except Exception as e:  # uproot raises several types for a damaged file
            raise RootError(
                f"cannot resume: uproot cannot read {self.path} ({e}); {again}"
            ) from None
        return meta if isinstance(meta, dict) else {}

    def _refuse_later_mergeables(self):
        from evflow import mergeable
        from evflow.path import step_name

        at = next(i for i, step in enumerate(self.steps) if step is self)
        later = [step_name(s) for s in self.steps[at + 1 :] if mergeable.declares(s)]
        if later:
            raise RootError(
                f"cannot resume: {', '.join(later)} after HistogramOutput {self.path} in the path "
                "has mergeable objects, which are made after it restores the sums of the others: "
                "put HistogramOutput last, or run the job without --resume"
            )

    def write(self, mergeables: dict, ending=None) -> int:
        """Writes the histograms of ``mergeables`` ({"module.attribute": object}), saying
        whether the job completed (``ending``: ``None``, or why not); returns how many. A
        file a resumed job found complete is left as it is (it holds every event's sums)."""
        if self.complete:
            return 0
        written = 0
        complete = ending is None
        reason = None if complete else (self.ending or ending)
        with _as_part(self.path) as tmp, uproot.recreate(tmp) as file:
            for key, value in mergeables.items():
                if value is None or isinstance(value, np.ndarray) or not hasattr(value, "axes"):
                    continue
                module, _, attribute = key.partition(".")
                file[f"{module}/{attribute}"] = _writable(value)
                written += 1
            meta = {"format": HISTOGRAMS_FORMAT, "job": self.job, "resumes": self.resumes}
            file[META_KEY] = json.dumps(
                dict(meta, completion={"complete": complete, "reason": reason})
            )
        if complete and os.path.exists(self._snapshot):
            os.unlink(self._snapshot)
        return written


def _writable(histogram):
    """``histogram`` as uproot writes it: integer counts (Int64, AtomicInt64 storage), which
    ROOT's TH1D cannot hold as they are, as a copy with Double storage."""
    counts = histogram.view(flow=True)
    if counts.dtype.names is not None or counts.dtype.kind == "f":
        return histogram
    import boost_histogram as bh

    copy = bh.Histogram(*histogram.axes, storage=bh.storage.Double())
    copy.view(flow=True)[...] = counts
    return copy
