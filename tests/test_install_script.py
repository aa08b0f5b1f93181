"""scripts/install.sh against a stand-in package manager (dpkg-query, apt-get, sudo that log
what they are asked and install nothing): a fresh machine, where dpkg-query knows no package,
and a machine where everything is there.

The script is run as it is, from a copy of the project's scripts folder, with the stand-ins
first on PATH; `PYTHON` names a stand-in that cannot make a venv, so a run that reaches the
venv stops there (the system packages are what is tested here; scripts/check_fresh.sh runs
the whole script on a fresh Debian)."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# dpkg-query as on a machine that knows none of the packages asked for: each one is an
# error line on stderr, and the exit status is 1.
KNOWS_NO_PACKAGE = """#!/bin/sh
for arg in "$@"; do
  case "$arg" in -*) ;; *) echo "dpkg-query: no packages found matching $arg" >&2 ;; esac
done
exit 1
"""
# dpkg-query as on a machine that has every package asked for.
HAS_EVERY_PACKAGE = """#!/bin/sh
for arg in "$@"; do
  case "$arg" in -*) ;; *) echo "$arg install ok installed" ;; esac
done
exit 0
"""
LOGS = """#!/bin/sh
echo "$(basename "$0") $*" >>"$STAND_IN_LOG"
"""
SUDO = """#!/bin/sh
echo "sudo $*" >>"$STAND_IN_LOG"
exec "$@"
"""
NO_VENV = """#!/bin/sh
echo "stand-in python: no venv here" >&2
exit 3
"""
# A ready venv's python: the project and every requirement are there (venv_ready says 0).
READY_VENV = """#!/bin/sh
echo "venv-python $*" >>"$STAND_IN_LOG"
exit 0
"""


def _script(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


def _run(tmp_path: Path, dpkg_query: str, *args: str) -> tuple[subprocess.CompletedProcess[str], list[str]]:
    project = tmp_path / "project"
    (project / "scripts").mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "scripts" / "install.sh", project / "scripts" / "install.sh")
    stand_ins = tmp_path / "stand_in_package_manager"
    stand_ins.mkdir(exist_ok=True)
    _script(stand_ins / "dpkg-query", dpkg_query)
    _script(stand_ins / "apt-get", LOGS)
    _script(stand_ins / "sudo", SUDO)
    _script(stand_ins / "python3", NO_VENV)
    log = tmp_path / "asked.log"
    log.touch()
    env = {
        "PATH": f"{stand_ins}{os.pathsep}{os.environ['PATH']}",
        "STAND_IN_LOG": str(log),
        "PYTHON": str(stand_ins / "python3"),
        "HOME": str(tmp_path),
    }
    result = subprocess.run(
        ["bash", str(project / "scripts" / "install.sh"), *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    return result, log.read_text(encoding="utf-8").splitlines()


def _installs(asked: list[str]) -> list[list[str]]:
    """The packages of each apt-get install asked, in order (sudo's own log lines left out)."""
    lines = [line for line in asked if line.startswith("apt-get ") and " install " in line]
    return [[word for word in line.split()[2:] if not word.startswith("-")] for line in lines]


def _installed(asked: list[str]) -> list[str]:
    """The packages apt-get was asked to install at once (the headless shell's own try apart)."""
    installs = [packages for packages in _installs(asked) if packages != ["chromium-headless-shell"]]
    assert len(installs) == 1, asked
    return installs[0]


def test_a_fresh_machine_gets_every_system_package_and_is_told_so(tmp_path: Path) -> None:
    result, asked = _run(tmp_path, KNOWS_NO_PACKAGE)
    assert any(line.startswith("apt-get update") for line in asked), (asked, result.stderr)
    packages = _installed(asked)
    assert ["chromium-headless-shell"] not in _installs(asked)  # the tests' own, with --dev only
    for package in ("python3-venv", "espeak-ng", "libportaudio2", "pulseaudio", "libatomic1", "sox"):
        assert package in packages
    assert "chromium" not in packages  # only with --dev
    assert f"installing {len(packages)} system packages with apt-get" in result.stderr
    assert result.stderr.index("system packages") < result.stderr.index("stand-in python")
    # The run goes on to the venv, which the stand-in python cannot make: its status is the script's.
    assert result.returncode == 3


def test_the_dev_set_adds_the_browser_and_the_fonts(tmp_path: Path) -> None:
    _, asked = _run(tmp_path, KNOWS_NO_PACKAGE, "--dev")
    packages = _installed(asked)
    assert {"chromium", "fonts-wqy-zenhei", "python3-venv", "libatomic1"} <= set(packages)
    # Chromium's headless shell, tried after, alone: where it cannot be had the tests take chromium
    assert _installs(asked)[-1] == ["chromium-headless-shell"]


def test_nothing_missing_means_no_apt_no_pip_and_not_a_word(tmp_path: Path) -> None:
    venv_bin = tmp_path / "project" / ".venv" / "bin"
    venv_bin.mkdir(parents=True)
    _script(venv_bin / "python", READY_VENV)
    result, asked = _run(tmp_path, HAS_EVERY_PACKAGE)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "" and result.stderr == ""
    assert not any(line.startswith(("apt-get", "sudo")) for line in asked), asked
    assert not any("pip install" in line for line in asked), asked
