"""The suite's workers keep a file whose tests share a module fixture on one worker
(tests/conftest.py, Rule 1): the fixture (whole games played once) is built once, not once a
worker. pytest 9.2 with pytest-xdist 3.8 silently stopped grouping (pytest-xdist#1386): three
files built their games two or three times over, some five minutes of the run."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from tests.conftest import RUN_FOLDER

ROOT = Path(__file__).resolve().parents[1]

SHARED = """
import os
import pytest

@pytest.fixture(scope="module")
def played():
    return os.getpid()

@pytest.mark.parametrize("i", range(8))
def test_one(played, i):
    print("WORKER", played, os.getpid())
"""


def test_the_tests_of_a_module_fixture_run_on_one_worker(tmp_path: Path) -> None:
    (tmp_path / "tests").mkdir()
    shutil.copy(ROOT / "tests" / "conftest.py", tmp_path / "tests" / "conftest.py")
    (tmp_path / "tests" / "test_shared.py").write_text(SHARED)
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "3", "--dist", "loadgroup", "-p", "no:randomly", "-rP", "-q"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-2000:]
    built = {line.split()[1] for line in run.stdout.splitlines() if line.startswith("WORKER")}
    assert len(built) == 1, run.stdout[-2000:]  # the fixture made once, its eight tests on its worker
    # the pytest started here inherited the run's folder; it must leave it to the run that made it
    assert Path(os.environ[RUN_FOLDER]).is_dir()
