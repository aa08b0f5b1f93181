"""Every shared scenario record replays to its expected outcome, through the real CLI too."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.engine.harness import SHARED, play

SCENARIOS = sorted((SHARED / "scenarios").glob("*.toml"))


def test_the_shared_scenarios_are_there() -> None:
    assert len(SCENARIOS) >= 5, f"no scenarios found under {SHARED}"


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_replays_to_its_expected_outcome(path) -> None:  # type: ignore[no-untyped-def]
    expected = json.loads(path.with_suffix("").with_suffix(".expected.json").read_text())
    status = expected.pop("exit_status", 0)
    done = subprocess.run(
        [sys.executable, "-m", "narrator", "replay", str(path), "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == status, done.stderr
    got = json.loads(done.stdout)
    for key, value in expected.items():
        if key == "error" and value is not None:
            assert {k: got["error"][k] for k in value} == value
            assert got["error"]["message"]
        else:
            assert got[key] == value, key
    assert ("pending" in got) == ("pending" in expected)
    assert play(path.read_text()) == got
