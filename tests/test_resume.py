"""Resuming a killed job from its own output (docs/steering.md, "Resuming a job"): a job
killed again and again (SIGKILL of its whole process group, SIGINT, a module that raises and
is then fixed) and resumed ends with the output an uninterrupted run writes; each refusal
changes nothing."""

import hashlib
import json
import os
import random
import signal
import subprocess
import time

import evflow as ef
import numpy as np
import pytest
from conftest import evflow_cmd, run_cli, wait_for_events
from evflow.root import convert
from evflow_bench.standard_farm import Farm

EVENTS = 1000
"""Events per job: about 4 s in one process, 2 s with two workers, so that kills land during
the run."""

KILL_SEEDS = range(int(os.environ.get("EVFLOW_RESUME_SEEDS", "1")))
"""Seeds of the kill times; ``make soak`` runs more."""

STEERING = """
import os, sys, time
import numpy as np
import evflow as ef

source, out = sys.argv[1:3]
two_outputs = sys.argv[3:] == ["two"]
N = {events}
BROKEN = {broken}


class Beam(ef.Source):
    expected_events = N

    def __init__(self):
        self.start = 0

    def seek(self, position):
        self.start = position
        return True

    def identity(self):
        return {{"events": N}}

    def events(self):
        for i in range(self.start, N):
            yield ef.Event(run=1 if i < N // 2 else 2, number=i + 1, energy=np.float64(i) * 0.5,
                           hits=np.arange(i % 13, dtype="<i4"))


class SlowBeam(Beam):
    seek = None  # no seek: a resumed job reads and drops what is accounted for


class Reco(ef.Module):
    parallel_safe = True

    def event(self, event):
        time.sleep(0.004)
        if BROKEN and event.number == N // 2:
            raise ValueError("calibration constant missing")
        event["smeared"] = event.rng.normal(size=3)
        if event.number % 11 == 0:
            event.flags = event.flags | {{"incomplete"}}
        return event.number % 7 != 0


class Select(ef.Module):
    def event(self, event):
        return event.number % 3 != 0


sources = {{
    "generator": lambda: ef.modules.EventGenerator(
        runs=[(1, N // 2), (2, N - N // 2)],
        entries={{"adc": {{"dtype": "<u2", "size": ("uniform", 1, 40)}}}},
    ),
    "user": Beam,
    "user-noseek": SlowBeam,
    "file": lambda: ef.modules.FileInput(["in-1.evf", "in-2.evf"]),
    "root": lambda: ef.modules.RootInput(["in-1.root", "in-2.root"]),
}}
path = ef.Path()
path.add(sources[source]())
path.add(Reco())
path.add(ef.modules.FileOutput(out, compression="{compression}"))
if two_outputs:
    path.add(Select())
    path.add(ef.modules.FileOutput(out.replace(".evf", "-selected.evf")))
ef.process(path, summary=False, ordered=os.environ.get("RESUME_ORDERED") == "1")
"""


def steering(directory, *, broken=False, compression="zstd", name="steer.py"):
    text = STEERING.format(events=EVENTS, broken=broken, compression=compression)
    (directory / name).write_text(text)
    return name


def make_inputs(directory, root=False):
    """Two input files for the ``file`` source, of EVENTS events together; with ``root``,
    converted to ROOT files for the ``root`` source."""
    half = EVENTS // 2
    for n, numbers in ((1, range(half)), (2, range(half, EVENTS))):
        with _writer(directory, n) as w:
            for i in numbers:
                w.append(ef.Event(run=1 + n, number=i + 1, payload=np.full(i % 9, i, "<i8")))
        if root:
            convert(directory / f"in-{n}.evf", directory / f"in-{n}.root")


class _writer:
    """Writes an input file through a one-process job (the way users make them)."""

    def __init__(self, directory, n):
        self.path, self.events = directory / f"in-{n}.evf", []

    def __enter__(self):
        return self.events

    def __exit__(self, *exc):
        events = self.events

        class Given(ef.Source):
            def events(self):
                yield from events

        path = ef.Path()
        path.add(Given())
        path.add(ef.modules.FileOutput(str(self.path)))
        ef.process(path, summary=False)


def contents(path):
    """Every event of a file: (seq, run, number, flags, each entry's dtype, shape and bytes)."""
    with ef.open(path) as f:
        assert f.complete, f.incomplete_reason
        return [
            (
                e.seq,
                e.run,
                e.number,
                sorted(e.flags),
                {k: (e[k].dtype.str, e[k].shape, e[k].tobytes()) for k in e.keys()},
            )
            for e in f
        ]


def start(directory, name, source, out, processes, ordered=False, resume=False, extra=(), more=()):
    """Starts ``evflow run`` of the steering file in its own process group; ``extra`` are more
    options, ``more`` more arguments for the steering file."""
    options = [*(["--resume"] if resume else []), *extra]
    args = [name, "-p", processes, *options, "--", source, out, *more]
    env = dict(os.environ, PYTHONUNBUFFERED="1", RESUME_ORDERED="1" if ordered else "0")
    return subprocess.Popen(
        evflow_cmd("run", *args),
        cwd=directory,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        start_new_session=True,
    )


def finish(process, timeout=120):
    try:
        _, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        _, err = process.communicate()
        raise AssertionError(f"the job did not end within {timeout} s: {err}") from None
    return process.returncode, err


def reference(directory, source):
    """The output of an uninterrupted run of the job (in input order, as with ``-p 0``)."""
    rc, err = finish(start(directory, "steer.py", source, "reference.evf", 2, ordered=True))
    assert rc == 0, err
    return contents(directory / "reference.evf")


def written(part):
    """Event records in the file ``part`` now (0 when it is not there)."""
    try:
        with ef.open(part) as f:
            return len(f)
    except ef.FormatError:
        return 0


def interrupted(directory, source, processes, ordered, resume, rng, how=signal.SIGKILL):
    """Starts the job (resumed or not), and sends ``how`` to its whole process group at a
    random moment of its run: once its output holds a random number of events more."""
    part = directory / ".out.evf.part"
    target = written(part) + rng.randint(60, 250)
    job = start(directory, "steer.py", source, "out.evf", processes, ordered, resume)
    rc, err = kill_when(job, lambda: written(part) >= target, how)
    if how == signal.SIGKILL:
        # Whatever the group had forked is gone with it.
        _wait_group_gone(job.pid)
    return rc, err


def kill_when(job, ready, how=signal.SIGKILL):
    """Sends ``how`` to ``job``'s process group once ``ready()`` holds (nothing when it ended
    first); its exit status and stderr."""
    while job.poll() is None and not ready():
        time.sleep(0.02)
    try:
        os.killpg(job.pid, how)
    except ProcessLookupError:
        pass  # it ended first
    rc, err = finish(job)
    assert rc in (0, 130, -signal.SIGKILL), err
    return rc, err


def _wait_group_gone(pgid):
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.05)
    raise AssertionError(f"processes of group {pgid} outlived its SIGKILL")


def assert_output(directory, expected, in_order):
    got = contents(directory / "out.evf")
    seqs = [e[0] for e in got]
    assert len(seqs) == len(set(seqs)), "an event is written twice"
    if in_order:
        assert got == expected
    else:
        assert sorted(got, key=lambda e: e[0]) == expected
    assert not (directory / ".out.evf.part").exists()


SCENARIOS = {
    # source, compression, (processes, ordered) of each killed attempt, then of the last one
    "generator-p0-then-p2": ("generator", "zstd", [(0, False), (2, False), (2, True)], (0, False)),
    "user-p2-unordered": ("user", "none", [(2, False), (2, False), (2, False)], (2, False)),
    "file-p2-ordered": ("file", "zstd", [(2, True), (0, False), (2, True)], (2, True)),
    "user-noseek-p0": ("user-noseek", "lz4", [(0, False), (0, False), (2, False)], (2, False)),
    "unordered-then-ordered": ("generator", "none", [(2, False)] * 3, (2, True)),
    "root-p2": ("root", "zstd", [(2, False), (0, False), (2, True)], (2, True)),
}


@pytest.mark.parametrize("seed", KILL_SEEDS)
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_job_killed_three_times_and_resumed_writes_what_an_uninterrupted_run_does(
    tmp_path, scenario, seed
):
    source, compression, attempts, (processes, ordered) = SCENARIOS[scenario]
    steering(tmp_path, compression=compression)
    if source in ("file", "root"):
        make_inputs(tmp_path, root=source == "root")
    expected = reference(tmp_path, source)
    rng = random.Random(f"{scenario}-{seed}")
    # The attempt that completes the file decides its order (a complete file is left as it
    # is); each one that found it not complete resumed it once.
    finished_by, resumes = None, 0
    for i, (p, o) in enumerate([*attempts, (processes, ordered)]):
        resumes += i > 0 and finished_by is None
        if i < len(attempts):
            rc, err = interrupted(tmp_path, source, p, o, resume=i > 0, rng=rng)
        else:
            rc, err = finish(start(tmp_path, "steer.py", source, "out.evf", p, o, True))
            assert rc == 0, err
        if finished_by is None and rc == 0:
            finished_by = (p, o)
    in_order = finished_by[0] == 0 or finished_by[1]
    assert_output(tmp_path, expected, in_order)
    with ef.open(tmp_path / "out.evf") as f:
        assert len(f.resumes) == resumes, f.resumes


def test_a_job_stopped_by_sigint_is_resumed_to_the_end(tmp_path):
    steering(tmp_path)
    expected = reference(tmp_path, "generator")
    rng = random.Random("sigint")
    rc, err = interrupted(tmp_path, "generator", 2, True, False, rng, how=signal.SIGINT)
    if rc == 130:
        with ef.open(tmp_path / "out.evf") as f:
            assert not f.complete and "SIGINT" in f.incomplete_reason
    rc, err = finish(start(tmp_path, "steer.py", "generator", "out.evf", 2, True, True))
    assert rc == 0, err
    assert_output(tmp_path, expected, in_order=True)


@pytest.mark.parametrize("processes", [0, 2])
def test_a_job_a_module_stopped_is_resumed_once_the_module_is_fixed(tmp_path, processes):
    steering(tmp_path)
    expected = reference(tmp_path, "user")
    steering(tmp_path, broken=True)
    rc, err = finish(start(tmp_path, "steer.py", "user", "out.evf", processes, True))
    assert rc == 1 and "calibration constant missing" in err, err
    with ef.open(tmp_path / "out.evf") as f:
        assert not f.complete and "stopped by an error" in f.incomplete_reason
        assert 0 < len(f) < len(expected)
    steering(tmp_path)  # fixed
    rc, err = finish(start(tmp_path, "steer.py", "user", "out.evf", processes, True, True))
    assert rc == 0, err
    assert "steer.py changed since the job that wrote it began" in err, err
    assert_output(tmp_path, expected, in_order=True)
    with ef.open(tmp_path / "out.evf") as f:
        assert [r["steering_changed"] for r in f.resumes] == [True]
        at = f.resumes[0]["at"]
    shown = run_cli("info", "out.evf", cwd=tmp_path)
    assert f"resumed:     1 time ({at})" in shown.stdout.splitlines(), shown.stdout
    assert json.loads(run_cli("info", "out.evf", "--json", cwd=tmp_path).stdout)["resumes"]


def test_two_outputs_each_get_what_they_miss(tmp_path):
    """A second output behind a filter: a resume passes over only what both hold, and each
    drops what it holds already."""
    steering(tmp_path)
    rc, err = finish(start(tmp_path, "steer.py", "user", "reference.evf", 0, more=["two"]))
    assert rc == 0, err
    expected = [contents(tmp_path / f) for f in ("reference.evf", "reference-selected.evf")]
    rng = random.Random("two")
    for i in range(2):
        part = tmp_path / ".out.evf.part"
        target = written(part) + rng.randint(100, 250)
        job = start(tmp_path, "steer.py", "user", "out.evf", 0, resume=i > 0, more=["two"])
        while job.poll() is None and written(part) < target:
            time.sleep(0.02)
        os.killpg(job.pid, signal.SIGKILL)
        finish(job)
    rc, err = finish(start(tmp_path, "steer.py", "user", "out.evf", 2, True, True, more=["two"]))
    assert rc == 0, err
    assert contents(tmp_path / "out.evf") == expected[0]
    assert contents(tmp_path / "out-selected.evf") == expected[1]


def _per_run(directory):
    """The files of the output ``out-{run}.evf`` there, closed or not."""
    return sorted(directory.glob("out-*.evf")) + sorted(directory.glob(".out-*.evf.part"))


def _held(directory):
    """Events in the files of ``out-{run}.evf`` now (one renamed meanwhile counts 0)."""
    total = 0
    for f in _per_run(directory):
        try:
            total += written(f)
        except OSError:
            pass
    return total


def test_a_file_per_run_is_resumed(tmp_path):
    """Each run's file is found and continued when its run begins again; together they hold
    every event of an uninterrupted run once."""
    steering(tmp_path)
    expected = reference(tmp_path, "generator")
    rng = random.Random("per-run")
    for i, processes in enumerate([0, 2, 0]):
        target = _held(tmp_path) + rng.randint(100, 300)
        job = start(tmp_path, "steer.py", "generator", "out-{run}.evf", processes, True, i > 0)
        kill_when(job, lambda t=target: _held(tmp_path) >= t)
    for processes in (2, 0):  # to the end; then once more, with nothing left to do
        job = start(tmp_path, "steer.py", "generator", "out-{run}.evf", processes, True, True)
        rc, err = finish(job)
        assert rc == 0, err
        files = _per_run(tmp_path)
        assert [f.name for f in files] == ["out-1.evf", "out-2.evf"]
        assert contents(files[0]) + contents(files[1]) == expected
        assert [{e[1] for e in contents(f)} for f in files] == [{1}, {2}]
    resumed = []
    for f in files:
        with ef.open(f) as opened:
            resumed.append(len(opened.resumes))
    assert sum(resumed) >= 1, resumed


def test_max_events_is_kept_by_a_resumed_job(tmp_path):
    steering(tmp_path)
    rc, err = finish(
        start(tmp_path, "steer.py", "generator", "reference.evf", 0, extra=["-n", "600"])
    )
    assert rc == 0, err
    expected = contents(tmp_path / "reference.evf")
    killed_mid_run(tmp_path, extra=["-n", "600"])
    rc, err = finish(
        start(tmp_path, "steer.py", "generator", "out.evf", 2, True, True, ["-n", "600"])
    )
    assert rc == 0, err
    assert_output(tmp_path, expected, in_order=True)


# --- what a resume refuses, and what it leaves alone ----------------------------------------


def snapshot(directory):
    """Every file in ``directory`` (hidden ones too): size, modification time, SHA-256."""
    return {
        p.name: (p.stat().st_size, p.stat().st_mtime_ns, hashlib.sha256(p.read_bytes()).hexdigest())
        for p in sorted(directory.iterdir())
        if p.is_file()
    }


def killed_mid_run(directory, source="generator", extra=()):
    """Leaves the ``.part`` file of a job SIGKILLed once it wrote some events."""
    job = start(directory, "steer.py", source, "out.evf", 0, extra=extra)
    wait_for_events(directory / ".out.evf.part", 50)
    os.killpg(job.pid, signal.SIGKILL)
    finish(job)


def _crc32c(data: bytes) -> int:
    table = []
    for i in range(256):
        c = i
        for _ in range(8):
            c = (c >> 1) ^ 0x82F63B78 if c & 1 else c >> 1
        table.append(c)
    crc = 0xFFFFFFFF
    for b in data:
        crc = table[(crc ^ b) & 0xFF] ^ (crc >> 8)
    return crc ^ 0xFFFFFFFF


def rewrite_job(part, **changes):
    """Changes the job recorded in a file's header, keeping the header valid (same length)."""
    raw = bytearray(part.read_bytes())
    json_len = int.from_bytes(raw[12:16], "little")
    meta = json.loads(raw[32 : 32 + json_len])
    meta["job"].update(changes)
    text = json.dumps(meta, separators=(",", ":")).encode()
    assert len(text) <= json_len, "the new metadata must fit"
    text = text.ljust(json_len)
    raw[32 : 32 + json_len] = text
    raw[16:20] = _crc32c(text).to_bytes(4, "little")
    raw[28:32] = _crc32c(bytes(raw[:28])).to_bytes(4, "little")
    part.write_bytes(bytes(raw))


def _edit(directory, old, new):
    text = (directory / "steer.py").read_text()
    assert old in text
    (directory / "steer.py").write_text(text.replace(old, new))


def _different_input(directory):
    path = ef.Path()
    path.add(ef.modules.EventGenerator(events=3))
    path.add(ef.modules.FileOutput(str(directory / "in-2.evf")))
    ef.process(path, summary=False)


def _damaged(directory):
    """Flips a byte inside the stored bytes of the file's first record (records follow it)."""
    part = directory / ".out.evf.part"
    raw = bytearray(part.read_bytes())
    first = (32 + int.from_bytes(raw[12:16], "little") + 63) // 64 * 64
    stored = int.from_bytes(raw[first + 8 : first + 16], "little")
    raw[first + 32 + stored // 2] ^= 0xFF
    part.write_bytes(bytes(raw))


REFUSALS = {
    "seed": (lambda d: None, ["--seed", "3"], "the seed differ"),
    "max_events": (lambda d: None, ["-n", "700"], "the max_events differ"),
    "arguments": (lambda d: None, [], "the steering file's arguments differ"),
    "path": (
        lambda d: _edit(d, "path.add(Reco())", "path.add(Reco())\npath.add(ef.modules.Progress())"),
        [],
        "the path (its steps in order) differ",
    ),
    "inputs": (_different_input, [], "the inputs differ"),
    "version": (
        lambda d: rewrite_job(d / ".out.evf.part", evflow="0.0.0"),
        [],
        "the evflow version differ",
    ),
    "another job": (
        lambda d: (d / "other.py").write_text((d / "steer.py").read_text()),
        [],
        "was written by another job",
    ),
    "damaged": (_damaged, [], "is damaged before the last valid record"),
    "compression": (
        lambda d: _edit(d, 'compression="zstd"', 'compression="lz4"'),
        [],
        "is compressed as zstd",
    ),
    "not resumable": (
        lambda d: _edit(d, "parallel_safe = True", "parallel_safe = True\n    resumable = False"),
        [],
        "resumable = False",
    ),
}


@pytest.mark.parametrize("case", REFUSALS)
def test_a_resume_that_would_be_wrong_is_refused_and_changes_nothing(tmp_path, case):
    change, options, message = REFUSALS[case]
    steering(tmp_path)
    source = "file" if case == "inputs" else "generator"
    if source == "file":
        make_inputs(tmp_path)
    killed_mid_run(tmp_path, source)
    change(tmp_path)
    before = snapshot(tmp_path)
    name = "other.py" if case == "another job" else "steer.py"
    args = [name, "--resume", *options, "--", source, "out.evf"]
    if case == "arguments":
        args.append("--verbose")
    done = run_cli("run", *args, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert "cannot resume" in done.stderr and message in done.stderr, done.stderr
    assert snapshot(tmp_path) == before


def test_a_complete_output_is_left_as_it_is(tmp_path):
    steering(tmp_path)
    rc, err = finish(start(tmp_path, "steer.py", "generator", "out.evf", 0))
    assert rc == 0, err
    before = snapshot(tmp_path)
    done = run_cli("run", "steer.py", "--resume", "--", "generator", "out.evf", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "out.evf complete: nothing to resume" in done.stderr
    assert snapshot(tmp_path) == before


def test_with_no_output_yet_a_resume_is_an_ordinary_run(tmp_path):
    steering(tmp_path)
    expected = reference(tmp_path, "generator")
    done = run_cli("run", "steer.py", "--resume", "--", "generator", "out.evf", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert_output(tmp_path, expected, in_order=True)


def test_the_report_of_a_resumed_job_counts_what_it_passed_over_apart(tmp_path):
    steering(tmp_path)
    killed_mid_run(tmp_path, "user")
    with ef.open(tmp_path / ".out.evf.part") as f:
        kept = sum(1 for _ in f)
    args = ["steer.py", "--resume", "--report", "r.json", "--", "user", "out.evf"]
    done = run_cli("run", *args, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    report = json.loads((tmp_path / "r.json").read_text())
    assert report["resumed"] >= kept
    assert report["resumed"] + report["read"] == EVENTS
    with ef.open(tmp_path / "out.evf") as f:
        assert len(f) == report["written"] + kept


def test_a_topology_killed_is_resumed_by_evflow_up(tmp_path):
    """``evflow up FILE --resume``: the standard farm on this machine (gen -> reco x2 ->
    store, ordered), SIGKILLed with its devices, then resumed, writes what it writes
    uninterrupted; with --hold, a resume is refused and changes nothing."""
    env = dict(os.environ, RECO_SLEEP="0.004", PYTHONUNBUFFERED="1")
    files = {}
    for name in ("reference", "run"):
        (tmp_path / name).mkdir()
        files[name] = Farm(f"resume-{name}-{os.getpid()}").write(tmp_path / name)

    def up(name, *options):
        return subprocess.Popen(
            evflow_cmd("up", files[name], *options),
            cwd=tmp_path / name,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            start_new_session=True,
        )

    rc, err = finish(up("reference"))
    assert rc == 0, err
    job = up("run")
    wait_for_events(tmp_path / "run" / ".out.evf.part", 100)
    os.killpg(job.pid, signal.SIGKILL)
    finish(job)
    _wait_group_gone(job.pid)
    rc, err = finish(up("run", "--resume"))
    assert rc == 0, err
    assert contents(tmp_path / "run" / "out.evf") == contents(tmp_path / "reference" / "out.evf")
    before = snapshot(tmp_path / "run")
    rc, err = finish(up("run", "--hold", "--resume"))
    assert rc == 2 and "cannot resume" in err, err
    assert snapshot(tmp_path / "run") == before


LINES_OUTPUT = """
import json, os, sys, time
import evflow as ef

class Lines(ef.Module):
    '''An output of one's own (docs/steering.md, "Outputs of your own"): a text file, a line
    per event (its seq and number), its first line the job, lines "accounted B" for the
    progress, "complete" or "ended REASON" at its end; a cut last line is no line.'''
    checkpoint_every = 0.05
    counted = 0  # an attribute named as no hook is: not a hook

    def __init__(self, path):
        self.path, self.below, self.ending, self.out, self.kept = path, 0, None, None, None

    def recover(self):
        if not os.path.exists(self.path):
            return {"file": self.path, "found": False}
        with open(self.path) as f:
            text = f.read()
        lines = text[: text.rfind("\\n") + 1].splitlines()
        words = [line.split() for line in lines[1:]]
        self.kept = lines
        return {
            "file": self.path,
            "found": True,
            "complete": words[-1:] == [["complete"]],
            "seqs": [int(w[0]) for w in words if w[0].isdigit()],
            "accounted": max([int(w[1]) for w in words if w[0] == "accounted"], default=0),
            "job": json.loads(lines[0]),
        }

    def initialize(self):
        self.out = open(self.path, "w")
        kept = self.kept or [json.dumps(self.job)]
        self.out.write("".join(line + "\\n" for line in kept if line.split()[:1] != ["ended"]))

    def event(self, event):
        self.counted += 1
        self.out.write(f"{event.seq} {event.number}\\n")
        time.sleep(float(os.environ.get("LINES_SLEEP", "0")))
        return True

    def accounted(self, below):
        self.below = below

    def checkpoint(self):
        self.out.write(f"accounted {self.below}\\n")
        self.out.flush()

    def job_ending(self, reason):
        self.ending = reason

    def terminate(self):
        self.out.write(f"accounted {self.below}\\n")
        self.out.write("complete\\n" if self.ending is None else f"ended {self.ending}\\n")
        self.out.close()

path = ef.Path()
path.add(ef.modules.EventGenerator(runs=[(1, 3000)]))
path.add(Lines("out.txt"))
ef.process(path)
"""


def test_an_output_of_ones_own_is_killed_and_resumed_through_its_hooks(tmp_path):
    """A Python output with recover(), accounted(), checkpoint() and job_ending(): SIGKILLed
    mid-run and resumed, its file holds every event once; resumed again once complete, it
    is left as it is. An attribute named as no hook (a counter) is not one."""
    (tmp_path / "steer.py").write_text(LINES_OUTPUT)
    out = tmp_path / "out.txt"

    def lines():
        return out.read_text().splitlines() if out.exists() else []

    job = subprocess.Popen(
        evflow_cmd("run", "steer.py"),
        cwd=tmp_path,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ, LINES_SLEEP="0.0005"),
        start_new_session=True,
    )
    kill_when(job, lambda: sum(line.startswith("accounted") for line in lines()) >= 3)
    assert "complete" not in lines()
    done = run_cli("run", "steer.py", "--resume", "--report", "r.json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    events = [line.split() for line in lines()[1:] if line[0].isdigit()]
    assert sorted(int(number) for _, number in events) == list(range(1, 3001))
    assert sorted(int(seq) for seq, _ in events) == list(range(3000))
    assert lines()[-1] == "complete"
    report = json.loads((tmp_path / "r.json").read_text())
    assert report["resumed"] > 0 and report["resumed"] + report["read"] == 3000
    before = out.read_bytes()
    again = run_cli("run", "steer.py", "--resume", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert "complete: nothing to resume" in again.stderr
    assert out.read_bytes() == before


def test_checkpoint_every_must_be_above_zero(tmp_path):
    steer = LINES_OUTPUT.replace("checkpoint_every = 0.05", "checkpoint_every = 0")
    (tmp_path / "steer.py").write_text(steer)
    done = run_cli("run", "steer.py", cwd=tmp_path)
    assert done.returncode == 1
    assert "checkpoint_every must be a positive number of seconds, not 0" in done.stderr
    assert not (tmp_path / "out.txt").exists()
