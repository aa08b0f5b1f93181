"""A whole `narrator demo` narrated through the real Linux Voice Assistant 1.1.15 (ESPHome's
native API) on loopback, what it played recorded from its sound server and checked line by line
against the judge's rendered clips: each line whole, once, in order, nothing else played.
Lines play in real time (about 2 min for the five-seat game)."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.satellite.lines import at_night, demo_command, heard_in_order, record_text, rendered, unmatched
from tests.satellite.test_demo_satellite import no_box_sound
from tests.support.lva import RealVoiceAssistant, VoiceAssistantMissing, real_voice_assistant


@pytest.fixture
def device(tmp_path: Path) -> Iterator[RealVoiceAssistant]:
    try:
        with real_voice_assistant(tmp_path / "device") as running:
            yield running
    except VoiceAssistantMissing as error:
        pytest.skip(reason=str(error))


def silent_game(folder: Path) -> Path:
    """The same game played with no sound: its record."""
    done = subprocess.run(
        demo_command(folder / "store", folder / "said", folder / "game.toml", "--silent"),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return folder / "game.toml"


@pytest.mark.slow
def test_a_whole_demo_is_narrated_through_linux_voice_assistant_line_by_line(
    tmp_path: Path, device: RealVoiceAssistant
) -> None:
    out, record = tmp_path / "said", tmp_path / "game.toml"
    done = subprocess.run(
        demo_command(tmp_path / "store", out, record, "--satellite", device.uri),
        capture_output=True,
        text=True,
        timeout=600,
        env=no_box_sound(),
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "dropped" not in done.stderr and "speaking through the satellite table-speaker" in done.stdout
    lines = rendered(out, device.rate)
    labels = [label for label, _ in lines]
    nights = at_night(labels)
    assert len(lines) > 40 and any(nights) and not all(nights)
    said = [samples for _, samples in lines]
    capture = device.played()
    starts = heard_in_order(capture, said, nights)
    assert [label for label, at in zip(labels, starts, strict=True) if at < 0] == []
    assert unmatched(capture, starts, said) < 30  # nothing else, nothing twice (int16 RMS)
    assert record_text(record) == record_text(silent_game(tmp_path / "quiet"))
