"""A whole game (`narrator demo`: bot phones on loopback, the real store) through a disk that
fills, turns read-only or hangs after 4 decisions and comes back: the judge stays up, says it
once each way, holds the game meanwhile and plays it to its end by itself, every decision
stored (`tests.support.outage`; `scripts/store_outage.py` runs the 20 s holds and times them).
A full disk needs root (a tmpfs), the others /dev/fuse and fusepy: each says so when it skips."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.outage import MODES, outage, unavailable

HOLD = 3.0  # real seconds the disk stays failed


@pytest.mark.parametrize("mode", MODES)
def test_a_whole_game_goes_on_by_itself_after_its_disk_comes_back(mode: str, tmp_path: Path) -> None:
    reason = unavailable(mode)
    if reason is not None:
        print(f"skipped: {reason}")
        pytest.skip(reason=reason)
    run = outage(mode, HOLD, tmp_path)
    assert run.alive and not run.traceback and run.exit == 0, run
    assert len(run.lines) == 2 and "\n" not in "".join(run.lines), run.lines  # once failed, once back
    assert run.moved == 0  # nothing counted while nothing could be saved
    assert run.over and run.decisions > run.stopped_at, run  # every decision stored, to the end
