"""The wheel that ``make wheel`` builds (docs/plugins.md, "The wheel"): what it holds, that
auditwheel and twine accept it and the sdist, and that, installed into a fresh virtual
environment and run with a PATH that holds no compiler, from a directory outside the
checkout, it runs a ``-p 2`` job over shm, a CURVE channel pair over tcp, ``evflow up`` of a
topology on this host, ``evflow convert`` to ROOT and ``evflow top --once``; and the C++ and
Rust plugin examples, the C++ one built against the installed header, run by it at -p 0 and
-p 2 with the same output.

With EVFLOW_SDIST_BUILD=1, the sdist is also built into a wheel by pip (a release compile
of everything, several minutes) and installed into another fresh environment."""

import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import textwrap
import time
import tomllib
import urllib.request
import zipfile
from dataclasses import dataclass
from pathlib import Path

import evflow as ef
import pytest
import test_plugins as plugins
from conftest import REPO, killed_on_exit
from test_metrics import free_port

VERSION = tomllib.loads((REPO / "Cargo.toml").read_text())["workspace"]["package"]["version"]
TAG = "cp311-abi3-manylinux_2_28_x86_64"
WHEEL = REPO / "dist" / f"evflow-{VERSION}-{TAG}.whl"
SDIST = REPO / "dist" / f"evflow-{VERSION}.tar.gz"
DEV_BIN = Path(sys.executable).parent
COMPILERS = ("cc", "gcc", "g++", "c++", "clang", "clang++", "rustc", "cargo", "zig")
# What the compiler-free PATH links to besides the fresh environment's bin, where installed:
# a shell for anything that runs one, iproute2's ip (evflow's launchers and hosts).
TOOLS = ("sh", "ip")
# The only shared libraries the extension may need: glibc's (libzmq, libsodium and zig's
# libc++ are linked in).
SYSTEM_LIBRARIES = {"linux-vdso", "libc", "libm", "libpthread", "libdl", "ld-linux-x86-64"}
JOB_TIMEOUT_S = 120
# Seconds a check waits for something that must not arrive (a message from an unknown key).
SHORT_S = 1.5

# A source, a parallel-safe module that sums each event's adc and rejects every seventh
# event, an output: the job of the checks below, alone (evflow run) or as a topology's
# devices (gen, reco, store).
GEN = """
import evflow as ef
path = ef.Path()
path.add(ef.modules.EventGenerator(
    runs=[(1, 400), (2, 200)],
    entries={"adc": {"dtype": "<u2", "size": ("poisson", 6), "values": ("uniform", 0, 1000)}},
))
"""
RECO = """
import numpy as np
import evflow as ef

class Sum(ef.Module):
    parallel_safe = True
    def event(self, event):
        event["sum"] = np.array([event["adc"].sum()], dtype=np.int64)
        return event.number % 7 != 0

path = ef.Path()
path.add(Sum())
"""
STORE = """
import evflow as ef
path = ef.Path()
path.add(ef.modules.FileOutput("out.evf"))
"""
JOB = """
import evflow as ef
import gen, reco, store
path = ef.Path()
for step in [*gen.path, *reco.path, *store.path]:
    path.add(step)
ef.process(path, transport="shm")
"""
KEPT = [(run, n) for run, events in ((1, 400), (2, 200)) for n in range(1, events + 1) if n % 7]


@dataclass
class Installed:
    """evflow installed from the wheel into a fresh virtual environment, run with ``env``:
    ``path`` (its PATH) holds that environment's ``bin`` and links to TOOLS, and no
    compiler."""

    venv: Path
    bin: Path
    path: str
    env: dict

    def run(self, *args, cwd, timeout=JOB_TIMEOUT_S):
        """Runs ``args`` (its first a command found on ``path``) to completion in ``cwd``."""
        return subprocess.run(
            [str(a) for a in args],
            cwd=cwd,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )

    def start(self, *args, cwd):
        """Starts ``args`` in the background in ``cwd``; the Popen (text output)."""
        return subprocess.Popen(
            [str(a) for a in args],
            cwd=cwd,
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

    def python(self, code, *, cwd):
        """Runs ``code`` in the environment's Python; what it printed, as JSON."""
        done = self.run("python", "-c", textwrap.dedent(code), cwd=cwd)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)


def pip_install(venv, *args):
    """pip-installs ``args`` into ``venv`` with the dev environment's pip cache, the
    dependencies pinned as requirements-dev.txt pins them (the cached versions)."""
    cache = subprocess.run(
        [sys.executable, "-m", "pip", "cache", "dir"], capture_output=True, text=True, check=True
    ).stdout.strip()
    pip = [venv / "bin" / "python", "-m", "pip", "install", "--quiet", "--cache-dir", cache]
    done = subprocess.run(
        [*pip, "-c", REPO / "requirements-dev.txt", *args],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def fresh_venv(where):
    """A new virtual environment at ``where``, of the Python that runs these tests."""
    subprocess.run([sys.executable, "-m", "venv", where], check=True)
    return where


@pytest.fixture(scope="module")
def wheel():
    """The wheel ``make wheel`` built (``make test`` builds it before pytest runs)."""
    if not WHEEL.exists():
        pytest.fail(f"{WHEEL.relative_to(REPO)} is missing: run `make wheel` first")
    return WHEEL


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory):
    """The wheel installed into a fresh environment, with a compiler-free PATH: the fixture
    for every check that runs the installed evflow (and for one that builds plugins against
    its header with the machine's compilers, then runs them with ``installed.env``)."""
    root = tmp_path_factory.mktemp("wheel-venv")
    venv = fresh_venv(root / "venv")
    pip_install(venv, wheel)
    tools = root / "tools"
    tools.mkdir()
    for tool in TOOLS:
        if found := shutil.which(tool):
            (tools / tool).symlink_to(found)
    path = f"{venv / 'bin'}{os.pathsep}{tools}"
    env = {
        "PATH": path,
        "HOME": os.environ.get("HOME", str(root)),
        "LANG": "C.UTF-8",
        "PYTHONUNBUFFERED": "1",
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    if "TMPDIR" in os.environ:
        env["TMPDIR"] = os.environ["TMPDIR"]
    return Installed(venv=venv, bin=venv / "bin", path=path, env=env)


@pytest.fixture
def work(tmp_path):
    """A directory outside the checkout (its python/ is never on the path there)."""
    assert not tmp_path.resolve().is_relative_to(REPO)
    return tmp_path


def write_steering(where, **files):
    """Writes the job's steering files (``files`` adds or replaces some, by module name)."""
    for name, text in {"gen": GEN, "reco": RECO, "store": STORE, "job": JOB, **files}.items():
        (where / f"{name}.py").write_text(textwrap.dedent(text))


def events_of(file):
    """(run, number, adc, sum) of each event of ``file``, read by the checkout's evflow."""
    with ef.open(file) as f:
        return [(e.run, e.number, e["adc"].tolist(), e["sum"].tolist()) for e in f]


def assert_summed(events):
    """Each event's sum is the sum of its adc."""
    for run, number, adc, total in events:
        assert total == [sum(adc)], (run, number)


@pytest.fixture(scope="module")
def parallel_job(installed, tmp_path_factory):
    """``evflow run job.py -p 2`` by the installed evflow: (its CompletedProcess, its
    directory); out.evf and job.json there."""
    where = tmp_path_factory.mktemp("wheel-job")
    write_steering(where)
    done = installed.run("evflow", "run", "job.py", "-p", "2", "--report", "job.json", cwd=where)
    return done, where


# --- the wheel and the sdist ----------------------------------------------------------------


def test_the_wheel_holds_the_package_its_header_and_nothing_else(wheel):
    """The wheel's files are python/evflow's (byte for byte), the abi3 extension and the
    dist-info: no benchmark, test or example, no extension left by another build."""
    package = REPO / "python"
    sources = {
        p.relative_to(package).as_posix(): p.read_bytes()
        for p in (package / "evflow").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".so"
    }
    assert "evflow/include/evflow/plugin.h" in sources
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        info = [n for n in names if n.startswith(f"evflow-{VERSION}.dist-info/")]
        files = sorted(set(names) - set(info))
        assert files == sorted([*sources, "evflow/_native.abi3.so"])
        for name, text in sources.items():
            assert z.read(name) == text, f"{name} differs from the checkout's: run make wheel"
        tags = z.read(f"evflow-{VERSION}.dist-info/WHEEL").decode()
    assert f"Tag: {TAG}\n" in tags, tags
    assert not [n for n in names if re.search(r"bench|tests?/|examples|conftest", n)]


def test_auditwheel_accepts_the_tag_and_twine_the_wheel_and_sdist(wheel):
    shown = subprocess.run(
        [DEV_BIN / "auditwheel", "show", wheel], capture_output=True, text=True, check=False
    )
    assert shown.returncode == 0, shown.stderr
    said = " ".join(shown.stdout.split())
    assert 'is consistent with the following platform tag: "manylinux_2_28_x86_64"' in said, said
    checked = subprocess.run(
        [DEV_BIN / "twine", "check", "--strict", wheel, SDIST],
        capture_output=True,
        text=True,
        check=False,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.count("PASSED") == 2, checked.stdout


def test_the_extension_links_no_libzmq_or_libsodium(wheel, tmp_path):
    with zipfile.ZipFile(wheel) as z:
        extension = Path(z.extract("evflow/_native.abi3.so", tmp_path))
    listed = subprocess.run(["ldd", extension], capture_output=True, text=True, check=True)
    # "libm.so.6 => /lib/...", "/lib64/ld-linux-x86-64.so.2 (0x...)": the name before .so
    needed = {
        line.split()[0].split(".so")[0].rsplit("/", 1)[-1] for line in listed.stdout.splitlines()
    }
    assert needed <= SYSTEM_LIBRARIES, listed.stdout
    assert "zmq" not in listed.stdout and "sodium" not in listed.stdout


def test_the_sdist_holds_what_cargo_needs_to_build_it():
    """The workspace's packaged crates, the patched zmq-sys (Cargo.toml's [patch.crates-io])
    and the Python package with its header; no benchmark or example."""
    with tarfile.open(SDIST) as t:
        names = {n.removeprefix(f"evflow-{VERSION}/") for n in t.getnames()}
    for needed in (
        "Cargo.toml",
        "Cargo.lock",
        "pyproject.toml",
        "vendor/zmq-sys/Cargo.toml",
        "vendor/zmq-sys/build/main.rs",
        "crates/evflow-py/Cargo.toml",
        "python/evflow/include/evflow/plugin.h",
    ):
        assert needed in names, needed
    assert not [n for n in names if n.startswith(("bench/", "examples/", "tests/"))]


# --- the installed wheel, without a compiler ------------------------------------------------


def test_the_installed_evflow_is_the_fresh_environments_and_no_compiler_is_found(installed, work):
    for compiler in COMPILERS:
        assert shutil.which(compiler, path=installed.path) is None, compiler
    found = installed.python(
        """
        import json, evflow, evflow._native
        print(json.dumps([evflow.__file__, evflow._native.__file__]))
        """,
        cwd=work,
    )
    for file in found:
        assert Path(file).is_relative_to(installed.venv), file
    assert found[1].endswith("_native.abi3.so")
    version = installed.run("evflow", "--version", cwd=work)
    assert version.stdout.split() == ["evflow", VERSION], version.stdout
    include = installed.run("evflow", "config", "--include", cwd=work)
    assert include.returncode == 0, include.stderr
    header = Path(include.stdout.strip()) / "evflow" / "plugin.h"
    assert header.is_relative_to(installed.venv) and header.is_file(), header


def test_a_job_in_two_worker_processes_over_shm(parallel_job):
    done, where = parallel_job
    assert done.returncode == 0, done.stderr
    events = events_of(where / "out.evf")
    assert sorted((run, number) for run, number, _, _ in events) == KEPT
    assert_summed(events)
    report = json.loads((where / "job.json").read_text())
    assert (report["read"], report["written"], report["processes"]) == (600, len(KEPT), 2)
    assert sum(w["events"] for w in report["workers"]) == 600
    assert all(w["events"] > 0 for w in report["workers"]), report["workers"]


def test_a_curve_channel_pair_over_tcp(installed, work):
    """Events through a CURVE push/pull pair on 127.0.0.1, each as sent; a client with a key
    the server does not allow gets nothing through."""
    for name in ("server", "client", "intruder"):
        made = installed.run("evflow", "keys", "new", name, cwd=work)
        assert made.returncode == 0, made.stderr
    received = installed.python(
        f"""
        import json
        import numpy as np
        import evflow as ef
        from evflow.errors import ChannelTimeoutError

        def client(name, address):
            return ef.Channel("push", connect=address, curve_secret=name + ".key_secret",
                              curve_server="server.key", linger=0)

        got = []
        with ef.Channel("pull", bind="tcp://127.0.0.1:0", curve_secret="server.key_secret",
                        curve_allow=["client.key"]) as pull:
            with client("intruder", pull.address) as push:
                push.send(b"forged")
                try:
                    got.append(bytes(pull.recv(timeout={SHORT_S})[0]).decode())
                except ChannelTimeoutError:
                    pass
            with client("client", pull.address) as push:
                for n in range(1, 6):
                    adc = np.arange(n * 10, dtype="<u2")
                    push.send([b"header-%d" % n, ef.Event(run=3, number=n, adc=adc)])
                for _ in range(5):
                    msg = pull.recv(timeout=30)
                    event = msg.event(1)
                    got.append([bytes(msg[0]).decode(), event.run, event.number,
                                event["adc"].tolist()])
        print(json.dumps(got))
        """,
        cwd=work,
    )
    assert received == [[f"header-{n}", 3, n, list(range(n * 10))] for n in range(1, 6)]


def test_evflow_up_of_a_topology_on_this_host(installed, work):
    """gen -> reco (2 replicas) -> store, the channel to the store ordered: the kept events in
    the source's order, each summed."""
    write_steering(work)
    (work / "topo.toml").write_text(
        textwrap.dedent(f"""
            name = "wheel-{os.getpid()}"
            [devices.gen]
            steering = "gen.py"
            outputs = ["raw"]
            [devices.reco]
            steering = "reco.py"
            replicas = 2
            inputs = ["raw"]
            outputs = ["accepted"]
            [devices.store]
            steering = "store.py"
            inputs = ["accepted"]
            [channels.accepted]
            ordered = true
        """)
    )
    done = installed.run("evflow", "up", "topo.toml", "--report", "report.json", cwd=work)
    assert done.returncode == 0, done.stderr
    events = events_of(work / "out.evf")
    assert [(run, number) for run, number, _, _ in events] == KEPT
    assert_summed(events)
    report = json.loads((work / "report.json").read_text())
    assert (report["job"]["read"], report["job"]["written"]) == (600, len(KEPT))
    replicas = [d for d in report["devices"] if d["device"] == "reco"]
    assert len(replicas) == 2 and sum(d["events_in"] for d in replicas) == 600


def test_convert_to_root_read_back_by_uproot(installed, parallel_job, work):
    done, where = parallel_job
    assert done.returncode == 0, done.stderr
    converted = installed.run("evflow", "convert", where / "out.evf", "out.root", cwd=work)
    assert converted.returncode == 0, converted.stderr
    tree = installed.python(
        """
        import json, uproot
        tree = uproot.open("out.root")["Events"]
        arrays = tree.arrays(["run", "number", "adc", "sum"], library="np")
        print(json.dumps({
            "entries": tree.num_entries,
            "rows": [[int(r), int(n), a.tolist(), s.tolist()]
                     for r, n, a, s in zip(*(arrays[b] for b in ("run", "number", "adc", "sum")))],
        }))
        """,
        cwd=work,
    )
    events = events_of(where / "out.evf")
    assert tree["entries"] == len(events) == len(KEPT)
    assert [tuple(row) for row in tree["rows"]] == events


GATED = """
import os, time
import evflow as ef
import gen, reco

class Gate(ef.Module):
    '''Holds each event after the 100th until the test has seen the job with evflow top.'''
    parallel_safe = True
    def event(self, event):
        deadline = time.monotonic() + 120
        while event.number > 100 and not os.path.exists("gate"):
            if time.monotonic() > deadline:
                raise TimeoutError("the test never opened the gate")
            time.sleep(0.01)

path = ef.Path()
for step in [*gen.path, Gate(), *reco.path]:
    path.add(step)
path.add(ef.modules.FileOutput("out.evf"))
ef.process(path, processes=2)
"""


def wait_for_metrics(url, job, deadline_s=60):
    """Waits until the job at ``url`` has counted events it read."""
    deadline = time.monotonic() + deadline_s
    while time.monotonic() < deadline:
        assert job.poll() is None, job.communicate()
        try:
            with urllib.request.urlopen(url, timeout=5) as answer:
                text = answer.read().decode()
            if re.search(r'^evflow_events_total\{[^}]*outcome="read"', text, re.M):
                return
        except OSError:
            pass
        time.sleep(0.1)
    raise AssertionError(f"no metrics at {url} within {deadline_s} s")


def test_top_once_shows_a_running_job(installed, work):
    write_steering(work, job=GATED)
    port = free_port()
    job = installed.start("evflow", "run", "job.py", "--metrics", f"127.0.0.1:{port}", cwd=work)
    with killed_on_exit(job):
        wait_for_metrics(f"http://127.0.0.1:{port}/metrics", job)
        shown = installed.run("evflow", "top", f"127.0.0.1:{port}", "--once", cwd=work)
        (work / "gate").touch()
        _, stderr = job.communicate(timeout=JOB_TIMEOUT_S)
    assert job.returncode == 0, stderr
    assert shown.returncode == 0, shown.stderr
    for process in ("evf-input", "evf-worker-1", "evf-worker-2", "evf-output", "Gate", "Sum"):
        assert process in shown.stdout, shown.stdout
    read = re.search(r"read ([\d,]+) \(", shown.stdout)
    assert read and int(read.group(1).replace(",", "")) > 0, shown.stdout
    assert len(events_of(work / "out.evf")) == len(KEPT)


# --- plugins built against the installed wheel's header, run by the installed evflow --------


def run_example(installed, steer, library, work, name):
    """The example's steering file run by the installed evflow (no compiler on its PATH) at
    -p 0 and -p 2; the events each wrote, read back."""
    written = {}
    for processes in (0, 2):
        out = work / f"{name}-p{processes}.evf"
        done = installed.run("evflow", "run", steer, "-p", processes, "--", library, out, cwd=work)
        assert done.returncode == 0, done.stderr
        written[processes] = plugins.events_of(out)
    return written


def test_the_cpp_example_built_against_the_wheels_header_runs_at_p0_and_p2(installed, work):
    """CMake finds the installed evflow first on PATH (the machine's compilers and the dev
    environment's cmake after it) and takes the header from its `evflow config --include`."""
    include = installed.run("evflow", "config", "--include", cwd=work).stdout.strip()
    assert Path(include).is_relative_to(installed.venv), include
    assert (Path(include) / "evflow" / "plugin.h").is_file()
    toolchains = dict(os.environ, PATH=f"{DEV_BIN}{os.pathsep}{os.environ['PATH']}")
    library = plugins.build_cpp_example(work / "build", installed.bin, env=toolchains)
    cache = (work / "build" / "CMakeCache.txt").read_text()
    assert f"EVFLOW:FILEPATH={installed.bin / 'evflow'}" in cache
    steer = plugins.EXAMPLES / "cpp-module" / "steer.py"
    written = run_example(installed, steer, library, work, "clusters")
    assert written[0] == written[2]
    assert 0 < len(written[0]) < 1000


def test_the_rust_example_plugin_runs_in_the_installed_evflow_at_p0_and_p2(installed, work):
    """The Rust plugin (a cdylib `make develop` builds, linking nothing of evflow) loaded by
    the wheel's evflow."""
    assert plugins.RUST_PLUGIN.exists(), "make develop builds the example's cdylib"
    steer = plugins.EXAMPLES / "rust-module" / "steer.py"
    written = run_example(installed, steer, plugins.RUST_PLUGIN, work, "calo")
    assert written[0] == written[2]
    assert 0 < len(written[0]) < 500


# --- the sdist, built by pip where the toolchains are ----------------------------------------


@pytest.mark.skipif(
    os.environ.get("EVFLOW_SDIST_BUILD") != "1",
    reason="a release compile of everything (minutes): run with EVFLOW_SDIST_BUILD=1",
)
def test_the_sdist_builds_and_installs_where_the_toolchains_are(tmp_path):
    venv = fresh_venv(tmp_path / "venv")
    pip_install(venv, SDIST)
    write_steering(tmp_path)
    done = subprocess.run(
        [venv / "bin" / "python", "-c", "import evflow; print(evflow._native.__file__)"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert Path(done.stdout.strip()).is_relative_to(venv), done.stdout
    job = subprocess.run(
        [venv / "bin" / "evflow", "run", "job.py", "-p", "0"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=JOB_TIMEOUT_S,
        check=False,
    )
    assert job.returncode == 0, job.stderr
    events = events_of(tmp_path / "out.evf")
    assert [(run, number) for run, number, _, _ in events] == KEPT
    assert_summed(events)
