"""The box's own output stands in for an ESPHome voice device that dropped: the real Linux Voice
Assistant is killed in the middle of a line; that line, from its start, and the next ones play
on the box's sound device (a private PulseAudio sink, recorded) until the device is started
again, when the judge goes back to it by itself. The table is told once of the drop and once of
the return, and the clock is never held (the box speaks)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import pytest

from narrator.moderator.satellite_notices import SatelliteNotices
from narrator.satellite.address import SatelliteAddress
from narrator.satellite.esphome import EsphomeLink
from narrator.voice.clips import Clip
from narrator.voice.esphome import EsphomePlayer
from narrator.voice.player import Player
from tests.satellite.lines import voiced_seconds
from tests.support.lva import RealVoiceAssistant, VoiceAssistantMissing, real_voice_assistant
from tests.support.pulse import VirtualSound, VirtualSoundUnavailable, record_monitor, virtual_sound

PATIENCE = 60.0
LINES = 4
SECONDS = 1.5


@pytest.fixture
def box(tmp_path: Path) -> Iterator[VirtualSound]:
    try:
        with virtual_sound(tmp_path / "box") as sound:
            yield sound
    except VirtualSoundUnavailable as error:
        pytest.skip(reason=f"no virtual sound device: {error}")


@pytest.fixture
def device(tmp_path: Path, box: VirtualSound) -> Iterator[RealVoiceAssistant]:
    try:
        with real_voice_assistant(tmp_path / "device") as running:
            yield running
    except VoiceAssistantMissing as error:
        pytest.skip(reason=str(error))


def wait_until(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not condition():
        assert time.monotonic() < deadline, f"still waiting for {what}"
        time.sleep(0.01)


def tone(hertz: float) -> Clip:
    t = np.arange(round(22050 * SECONDS)) / 22050
    return Clip((0.3 * np.sin(2 * np.pi * hertz * t)).astype(np.float32), 22050)


def test_the_box_speaks_while_the_device_is_away_and_hands_back_when_it_returns(
    device: RealVoiceAssistant, box: VirtualSound
) -> None:
    link = EsphomeLink(SatelliteAddress.parse(device.uri), retry_s=0.2)
    link.start()
    assert link.wait_up(PATIENCE), link.reason

    def box_output() -> Player:
        player = Player(None, 22050)
        player.open()
        return player

    player = EsphomePlayer(link, 22050, box=box_output)
    told: list[str] = []
    held: list[bool] = []
    notices = SatelliteNotices(link, player, lambda key, **_: told.append(key), held.append)
    try:
        with record_monitor(box) as heard:
            said = [player.enqueue(tone(300 + 100 * n), f"line-{n}") for n in range(LINES)]
            wait_until(lambda: [n for n, _ in device.lines_played()][-1:] == [2], "line two")
            time.sleep(0.5)
            device.kill()
            wait_until(lambda: len(player.routes) >= 2, "line two on the box")
            device.start()
            wait_until(lambda: link.up, "the device back")
            said += [player.enqueue(tone(900 + 100 * n), f"after-{n}") for n in range(2)]
            assert all(playback.wait(PATIENCE) for playback in said)
            wait_until(lambda: told == ["satellite_lost", "satellite_back"], "the table told")
            on_box = heard.samples()
    finally:
        notices.close()
        player.close()
        link.close()
    routes = [where for _, where in player.routes]
    switch = routes.index("satellite", 1)
    assert routes == ["satellite"] + ["box"] * (switch - 1) + ["satellite"] * (len(said) - switch)
    assert switch >= 2 and not any(p.cancelled for p in said) and held == []
    wholes = [whole for _, whole in device.lines_played()]
    assert wholes == [True, False] + [True] * (len(said) - switch)  # line two cut there, said on the box
    box_voiced = voiced_seconds(np.round(on_box * 32768).astype(np.int16), box.samplerate)
    assert abs(box_voiced - SECONDS * (switch - 1)) < 0.3
