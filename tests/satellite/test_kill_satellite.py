"""A satellite killed mid-line at night and started again, under a whole `narrator demo` on a box
with no sound output of its own: the judge says so once, waits for it, reconnects by itself,
and plays the cut line again from its start: every line heard once, whole, in order, and the
game's record is the record of the same game played without the fault. Lines play in real
time (about 100 s)."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import numpy as np

from tests.satellite.lines import at_night, demo_command, record_text, rendered, same_line
from tests.satellite.test_demo_satellite import no_box_sound
from tests.support.satellite import RealSatellite

CUT_LINE = 4  # the fifth line, "seer.act", at night
PATIENCE = 60.0  # seconds to wait for the game to reach it


def wait_mid_line(satellite: RealSatellite, index: int) -> None:
    """Until the satellite is part way into the `index`th stream (counted from 0)."""
    deadline = time.monotonic() + PATIENCE
    while True:
        parts = sorted(satellite.sound.glob("*.part"))
        if len(satellite.streams()) == index and parts and parts[0].stat().st_size > 20000:
            return
        assert time.monotonic() < deadline, "the demo never reached the line"
        time.sleep(0.02)


def test_a_satellite_killed_mid_line_at_night_loses_nothing_and_says_nothing_twice(
    tmp_path: Path, satellite: RealSatellite
) -> None:
    out, record = tmp_path / "said", tmp_path / "game.toml"
    judge = subprocess.Popen(
        demo_command(tmp_path / "store", out, record, "--satellite", satellite.uri),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=no_box_sound(),
    )
    try:
        wait_mid_line(satellite, CUT_LINE)
        satellite.kill()
        cut = sorted(satellite.sound.glob("*.part"))
        time.sleep(1.5)  # the judge waits for it meanwhile
        satellite.start()
        stdout, stderr = judge.communicate(timeout=600)
    finally:
        judge.kill()
    assert judge.returncode == 0, stderr[-2000:]
    assert stderr.count("dropped") == 1 and "the game waits for it" in stderr
    assert stdout.count("is back") == 1

    lines = rendered(out, satellite.rate)
    labels = [label for label, _ in lines]
    played = satellite.played()
    assert labels[CUT_LINE] == "seer.act" and at_night(labels)[CUT_LINE]
    assert len(played) == len(lines)  # the cut line once whole, the others once each
    for (label, said), heard, night in zip(lines, played, at_night(labels), strict=True):
        assert same_line(said, heard, night), label
    assert len(cut) == 1  # what was played of the cut line before the kill: its beginning
    begun = np.frombuffer(cut[0].read_bytes(), dtype="<i2")
    said = lines[CUT_LINE][1]
    assert 0 < len(begun) < len(said) and same_line(said[: len(begun)], begun, night=True)

    quiet = tmp_path / "quiet"
    silent = subprocess.run(
        demo_command(quiet / "store", quiet / "said", quiet / "game.toml", "--silent"),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert silent.returncode == 0, silent.stderr[-2000:]
    assert record_text(record) == record_text(quiet / "game.toml")
