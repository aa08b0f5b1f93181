"""Fixtures for the voice tests: a private cache, speakers that print to a buffer, real sound."""

from __future__ import annotations

import io
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from narrator.voice.speaker import Speaker, SpeakerOptions
from narrator.voice.worker import VoiceWorker
from tests.support.pulse import pulse  # noqa: F401 - the virtual sound device fixture

MakeSpeaker = Callable[..., Speaker]
ROOT = Path(__file__).resolve().parents[2]


def narrate(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """Run `narrator ARGS` in a child Python with faulthandler on: a native crash there is one
    failing test with its traceback on stderr, never the end of the test run."""
    return subprocess.run(
        [sys.executable, "-X", "faulthandler", "-m", "narrator", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


@pytest.fixture(scope="session")
def cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One line cache for the whole run, so each line is rendered once."""
    return tmp_path_factory.mktemp("voice-cache")


@pytest.fixture(scope="session")
def espeak() -> Iterator[VoiceWorker]:
    """One espeak-ng voice worker (a child process) for the tests that render directly."""
    with VoiceWorker("espeak") as worker:
        yield worker


@pytest.fixture
def transcript() -> io.StringIO:
    """Where speakers made by `make_speaker` print their lines."""
    return io.StringIO()


@pytest.fixture
def make_speaker(cache_dir: Path, transcript: io.StringIO) -> Iterator[MakeSpeaker]:
    """Speakers on the shared cache, closed after the test; options as keyword arguments."""
    made: list[Speaker] = []

    def make(**options: object) -> Speaker:
        options.setdefault("cache_dir", cache_dir)
        speaker = Speaker(SpeakerOptions(**options), stream=transcript)  # type: ignore[arg-type]
        made.append(speaker)
        return speaker

    yield make
    for speaker in made:
        speaker.close()
