"""A whole `narrator demo` narrated through the real wyoming-satellite on loopback, checked line by
line against the judge's rendered clips. Lines play in real time (the satellite is what is
tested): about 100 s for the five-seat game."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from tests.satellite.lines import at_night, demo_command, record_text, rendered, same_line
from tests.support.satellite import RealSatellite


def no_box_sound() -> dict[str, str]:
    """The environment of a box with no sound output of its own (no PulseAudio to be found)."""
    return {**os.environ, "PULSE_SERVER": "unix:/nonexistent/pulse", "AUDIODEV": "null"}


def test_a_whole_demo_is_narrated_through_the_satellite_line_by_line(
    tmp_path: Path, satellite: RealSatellite
) -> None:
    out, record = tmp_path / "said", tmp_path / "game.toml"
    done = subprocess.run(
        demo_command(tmp_path / "store", out, record, "--satellite", satellite.uri),
        capture_output=True,
        text=True,
        timeout=600,
        env=no_box_sound(),
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "dropped" not in done.stderr
    lines = rendered(out, satellite.rate)
    played = satellite.played()
    labels = [label for label, _ in lines]
    assert len(lines) > 40 and "night.falls" in labels and "review.end" in labels
    assert len(played) == len(lines)  # each line one stream: none lost, none twice
    for (label, said), heard, night in zip(lines, played, at_night(labels), strict=True):
        assert same_line(said, heard, night), label
    assert any(at_night(labels)) and not all(at_night(labels))

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
