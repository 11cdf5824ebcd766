"""The plugin header (evflow/plugin.h, docs/plugins.md) as a plugin's author uses it, from
``evflow config --include`` (the package's ``include`` directory):
a module type compiled with gcc as C99 and with g++ as C++11 (warnings as errors, pedantic)
into a shared library that exports the two symbols evflow looks for, read back with ctypes,
then run on a path (tests/test_plugins.py tests the modules themselves)."""

import ctypes
import shutil
import subprocess
from pathlib import Path

import evflow as ef
import pytest
from conftest import run_cli

SOURCE = Path(__file__).resolve().parent / "plugins" / "header_check.c"


def include() -> Path:
    done = run_cli("config", "--include", cwd=Path.cwd())
    assert done.returncode == 0, done.stderr
    return Path(done.stdout.strip())


def test_evflow_config_says_where_the_header_is_and_that_nothing_is_linked():
    assert (include() / "evflow" / "plugin.h").is_file()
    assert include() == Path(ef.__file__).parent / "include"
    done = run_cli("config", "--libs", cwd=Path.cwd())
    assert (done.returncode, done.stdout) == (0, "\n")
    done = run_cli("config", cwd=Path.cwd())
    assert done.returncode == 2 and "one of the arguments --include --libs" in done.stderr


class ModuleType(ctypes.Structure):
    """The head of evflow_module_type: size, name, flags."""

    _fields_ = [("size", ctypes.c_uint64), ("name", ctypes.c_char_p), ("flags", ctypes.c_uint32)]


def build(tmp_path, compiler, standard, suffix):
    if shutil.which(compiler) is None:
        pytest.skip(f"{compiler} is not installed")
    source = tmp_path / f"plugin{suffix}"
    text = SOURCE.read_text()
    if suffix == ".cpp":
        text = text.replace("Cut *cut = malloc", "Cut *cut = (Cut *)malloc")
    source.write_text(text)
    library = tmp_path / f"libplugin{suffix.replace('.', '_')}.so"
    flags = ["-Wall", "-Wextra", "-Werror", "-pedantic", "-fPIC", "-shared"]
    command = [
        compiler,
        f"-std={standard}",
        *flags,
        f"-I{include()}",
        str(source),
        "-o",
        str(library),
    ]
    done = subprocess.run(command, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return ctypes.CDLL(str(library))


@pytest.mark.parametrize(
    "compiler,standard,suffix", [("gcc", "c99", ".c"), ("g++", "c++11", ".cpp")], ids=["c", "c++"]
)
def test_a_plugin_compiled_against_the_header_exports_its_module_types(
    tmp_path, compiler, standard, suffix
):
    plugin = build(tmp_path, compiler, standard, suffix)
    plugin.evflow_plugin_abi.restype = ctypes.c_uint32
    header = (include() / "evflow" / "plugin.h").read_text()
    assert "#define EVFLOW_PLUGIN_ABI 1u" in header
    assert plugin.evflow_plugin_abi() == 1
    plugin.evflow_plugin_modules.restype = ctypes.POINTER(ctypes.POINTER(ModuleType))
    types = plugin.evflow_plugin_modules()
    found = []
    while types[len(found)]:
        found.append(types[len(found)].contents)
    assert [(t.name, t.flags) for t in found] == [(b"Cut", 1), (b"Other", 0)]
    # sizeof(evflow_module_type): 8 + 8 + 4 + 4 + 7 function pointers, as evflow checks.
    assert {t.size for t in found} == {8 + 8 + 4 + 4 + 7 * 8}
    path = ef.Path()
    path.add(ef.modules.EventGenerator(runs=[(1, 20)], entries={"x": {"dtype": "<f4", "size": 2}}))
    path.add(ef.modules.Plugin(plugin._name, "Cut", threshold=1.5))
    report = ef.process(path, summary=False)
    assert (report.read, report.written, report.rejected) == (20, 20, 0)  # Cut keeps them all
    with pytest.raises(ef.ConfigError, match="threshold must be a number"):
        ef.modules.Plugin(plugin._name, "Cut", threshold="high")
