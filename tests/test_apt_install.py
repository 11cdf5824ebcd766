"""``make test`` installs the launcher tests' Debian packages through ``.ci/apt-install``, which
waits while another apt-get holds a lock instead of failing at once. Run here against an
``apt-get`` of the test's own on PATH: the real one would need the network and root."""

import os
import subprocess

from conftest import REPO

SCRIPT = REPO / ".ci" / "apt-install"

FAKE_APT_GET = """#!/usr/bin/env bash
# Records its arguments; `update` fails on the lists' lock until LOCKED_TIMES calls have.
echo "$*" >> "$CALLS"
if [ "$2" = "DPkg::Lock::Timeout=5" ] && [[ " $* " == *" update "* ]]; then
    n=$(grep -c " update " "$CALLS")
    if [ "$n" -le "$LOCKED_TIMES" ]; then
        echo "E: Could not get lock /var/lib/apt/lists/lock. It is held by process 42 (apt-get)" >&2
        exit 100
    fi
    [ -n "$OTHER_ERROR" ] && { echo "E: $OTHER_ERROR" >&2; exit 100; }
fi
exit 0
"""


def run(tmp_path, locked_times, other_error=""):
    fake = tmp_path / "bin" / "apt-get"
    fake.parent.mkdir()
    fake.write_text(FAKE_APT_GET)
    fake.chmod(0o755)
    calls = tmp_path / "calls"
    env = dict(
        os.environ,
        PATH=f"{fake.parent}:{os.environ['PATH']}",
        CALLS=str(calls),
        LOCKED_TIMES=str(locked_times),
        OTHER_ERROR=other_error,
        APT_LOCK_WAIT="5",
    )
    result = subprocess.run(
        [SCRIPT, "openssh-server", "munge"], env=env, capture_output=True, text=True, timeout=60
    )
    return result, calls.read_text().splitlines()


def test_update_waits_while_another_apt_get_holds_the_lists_then_installs(tmp_path):
    result, calls = run(tmp_path, locked_times=2)
    assert result.returncode == 0, result.stderr
    assert result.stderr.count("another apt-get holds the package lists; waiting") == 2
    assert [c.split()[2] for c in calls] == ["update", "update", "update", "install"]
    assert all(c.startswith("-o DPkg::Lock::Timeout=5 ") for c in calls)
    assert calls[-1].endswith("install -y -q --no-install-recommends openssh-server munge")


def test_another_failure_of_update_is_not_waited_for(tmp_path):
    result, calls = run(tmp_path, locked_times=0, other_error="Failed to fetch the index")
    assert result.returncode == 1
    assert "Failed to fetch the index" in result.stderr
    assert [c.split()[2] for c in calls] == ["update"]


def test_a_lock_held_past_the_wait_fails_with_apt_gets_message(tmp_path):
    result, calls = run(tmp_path, locked_times=10**6)
    assert result.returncode == 1
    assert "Could not get lock /var/lib/apt/lists/lock" in result.stderr
    assert "install" not in " ".join(calls)
