"""ESPHome voice devices found on the LAN by zeroconf: the real Linux Voice Assistant announces
itself (`_esphomelib._tcp`, here on 127.0.0.1) and `narrator devices` lists it as a voice device,
with its `esphome://` address and the name it gives when asked; a line the judge asks it to
announce is fetched and played, and counted as said when the device says it finished."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from narrator.satellite.address import SatelliteAddress
from narrator.satellite.discovery import find_esphome_devices
from narrator.satellite.esphome import EsphomeLink
from narrator.voice.clips import Clip
from narrator.voice.esphome import EsphomePlayer
from tests.satellite.lines import voiced_seconds
from tests.support.lva import RealVoiceAssistant, VoiceAssistantMissing, real_voice_assistant

PATIENCE = 30.0


@pytest.fixture
def device(tmp_path: Path) -> Iterator[RealVoiceAssistant]:
    try:
        with real_voice_assistant(tmp_path / "device") as running:
            yield running
    except VoiceAssistantMissing as error:
        pytest.skip(reason=str(error))


def test_a_voice_device_on_the_lan_is_found_and_listed_by_narrator_devices(
    device: RealVoiceAssistant,
) -> None:
    found = {str(d.address): d for d in find_esphome_devices(3.0)}
    if not found:
        pytest.skip(reason="no mDNS answer at all on this machine's loopback (multicast is off here)")
    ours = found.get(device.uri)
    assert ours is not None, found
    assert ours.device == "table-speaker" and ours.voice
    listed = subprocess.run(
        [sys.executable, "-m", "narrator", "devices", "--look", "3"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert f"{device.uri}  " in listed.stdout and "(voice device 'table-speaker'" in listed.stdout
    assert "narrator play --satellite esphome://HOST" in listed.stdout


def test_a_line_is_announced_fetched_played_and_counted_said_when_the_device_says_so(
    device: RealVoiceAssistant,
) -> None:
    link = EsphomeLink(SatelliteAddress.parse(device.uri))
    link.start()
    player = EsphomePlayer(link, 22050)
    t = np.arange(22050) / 22050
    tone = Clip((0.3 * np.sin(2 * np.pi * 440 * t)).astype(np.float32), 22050)
    try:
        assert link.wait_up(PATIENCE), link.reason
        lines = [player.enqueue(tone, f"tone-{n}") for n in range(2)]
        assert all(line.wait(PATIENCE) for line in lines)
    finally:
        player.close()
        link.close()
    assert player.routes == [("tone-0", "satellite"), ("tone-1", "satellite")]
    assert [whole for _, whole in device.lines_played()] == [True, True]
    assert player.served.fetches == 2
    first, second = lines
    assert first.ended_at is not None and second.started_at is not None
    assert second.started_at >= first.ended_at  # one at a time
    assert 1.8 <= voiced_seconds(device.played()) <= 2.1  # both tones whole, once each
