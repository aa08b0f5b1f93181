"""The box's own output stands in for a satellite that dropped: the real wyoming-satellite is
killed in the middle of a line; that line, from its start, and the next ones play on the box's
sound device (a private PulseAudio sink, recorded) until the satellite is started again, when
the judge goes back to it by itself. Each line is heard once, whole, in order; the table is
told once of the drop and once of the return, and the clock is never held (the box speaks)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from narrator.moderator.satellite_notices import SatelliteNotices
from narrator.satellite.address import SatelliteAddress
from narrator.satellite.link import SatelliteLink
from narrator.voice.satellite import SatellitePlayer
from narrator.voice.speaker import Speaker, SpeakerOptions
from tests.satellite.lines import rendered
from tests.support.pulse import VirtualSound, VirtualSoundUnavailable, record_monitor, virtual_sound
from tests.support.satellite import RealSatellite

PATIENCE = 60.0
LINES = [
    f"Line {word}: the judge keeps talking to the table."
    for word in ("one", "two", "three", "four", "five", "six")
]


@pytest.fixture
def box(tmp_path: Path) -> Iterator[VirtualSound]:
    try:
        with virtual_sound(tmp_path / "box") as sound:
            yield sound
    except VirtualSoundUnavailable as error:
        pytest.skip(reason=f"no virtual sound device: {error}")


def wait_until(condition: object, what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"still waiting for {what}"
        time.sleep(0.01)


def voiced(samples: np.ndarray, rate: int, window: float = 0.05) -> float:
    size = int(rate * window)
    frames = samples[: len(samples) // size * size].reshape(-1, size).astype(np.float64)
    return float(
        (np.sqrt((frames**2).mean(axis=1)) > 0.01 * (32768 if samples.dtype == np.int16 else 1)).sum()
        * window
    )


def test_the_box_speaks_while_the_satellite_is_away_and_hands_back_when_it_returns(
    tmp_path: Path, satellite: RealSatellite, box: VirtualSound
) -> None:
    link = SatelliteLink(SatelliteAddress.parse(satellite.uri), retry_s=0.2)
    link.start()
    assert link.wait_up(PATIENCE)
    out = tmp_path / "said"
    options = SpeakerOptions(locale="en", cache_dir=tmp_path / "cache", ambience=False, out_dir=out)
    speaker = Speaker(options, satellite=link)
    player = speaker.player
    assert isinstance(player, SatellitePlayer)
    told: list[str] = []
    held: list[bool] = []
    notices = SatelliteNotices(link, player, lambda key, **_: told.append(key), held.append)
    try:
        with record_monitor(box) as heard:
            said = [speaker.say_text(text, wait=False) for text in LINES]
            wait_until(
                lambda: len(satellite.streams()) == 1 and any(satellite.sound.glob("*.part")), "line two"
            )
            wait_until(
                lambda: next(satellite.sound.glob("*.part")).stat().st_size > 20000, "line two half said"
            )
            satellite.kill()
            wait_until(lambda: len(player.routes) >= 2, "line two on the box")
            satellite.start()
            assert all(playback.wait(PATIENCE) for playback in said)
            wait_until(lambda: told == ["satellite_lost", "satellite_back"], "the table told")
        box_samples = heard.samples()
    finally:
        notices.close()
        speaker.close()
        link.close()
    routes = [where for _, where in player.routes]
    assert routes[0] == "satellite" and routes[1] == "box" and routes[-1] == "satellite"
    assert set(routes) == {"satellite", "box"} and not any(p.cancelled for p in said)
    switch = routes.index("satellite", 1)
    assert routes == ["satellite"] + ["box"] * (switch - 1) + ["satellite"] * (len(LINES) - switch)
    assert held == []  # the box spoke: nothing waited

    lines = [samples for _, samples in rendered(out, satellite.rate)]
    on_satellite = [line for line, where in zip(lines, routes, strict=True) if where == "satellite"]
    played = satellite.played()
    assert len(played) == len(on_satellite)
    assert all(np.array_equal(a, b) for a, b in zip(on_satellite, played, strict=True))
    on_box = sum(
        voiced(line, satellite.rate) for line, where in zip(lines, routes, strict=True) if where == "box"
    )
    assert 0.9 * on_box <= voiced(box_samples, box.samplerate) <= 1.1 * on_box + 0.5
