"""The listener live, through a real (virtual) sound device: the judge never hears itself."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from narrator.listen.listener import Listener
from narrator.listen.microphone import Microphone
from narrator.listen.models import MODELS_DIR_VARIABLE
from narrator.listen.phrasebook import Command, phrasebook
from narrator.listen.spotter import Decision, KeywordSpotter
from tests.listen.conftest import Say
from tests.listen.corpus import JUDGE_LINE
from tests.support.pulse import VirtualSound, VirtualSoundUnavailable, virtual_sound

# Seconds to wait after the last sound for a decision: the echo guard (0.3 s), the end of an
# utterance (0.25 s) and the device's lag, with room to spare on a busy machine.
SETTLE_S = 1.5


@pytest.fixture
def device(tmp_path: Path) -> Iterator[VirtualSound]:
    """A private PulseAudio whose sink's monitor is the default microphone."""
    with ExitStack() as stack:
        try:
            sound = stack.enter_context(virtual_sound(tmp_path))
        except VirtualSoundUnavailable as error:
            pytest.skip(reason=f"no virtual sound device: {error}")
        yield sound


@pytest.fixture
def live(ko_model: Any, device: VirtualSound) -> Iterator[tuple[Listener, list[Decision]]]:
    """A started Korean listener on the monitor of a private PulseAudio sink."""
    decisions: list[Decision] = []
    book = phrasebook("ko")
    listener = Listener(
        KeywordSpotter(ko_model, book), Microphone(), book, echo_guard_s=0.3, on_decision=decisions.append
    )
    try:
        assert listener.start().on, listener.status.reason
        assert listener.wait_for_audio(timeout=10), "the microphone delivered nothing"
        yield listener, decisions
    finally:
        listener.close()


def play(samples: np.ndarray) -> None:
    """Play to the default sink (the virtual one) and wait until it has been played."""
    import sounddevice as sd

    sd.play(samples, 16000, blocking=True)


def judge_voice(say: Say) -> np.ndarray:
    """The judge's line followed, after a pause, by a keyword on its own."""
    return np.concatenate([say(JUDGE_LINE), say("네")])


def test_the_judge_voice_would_be_heard_if_not_marked(
    live: tuple[Listener, list[Decision]], say: Say
) -> None:
    listener, decisions = live
    play(judge_voice(say))
    time.sleep(SETTLE_S)
    assert [d.heard for d in decisions if d.heard] == ["네"], decisions


def test_the_judge_never_hears_itself_and_then_hears_the_table(
    live: tuple[Listener, list[Decision]], say: Say
) -> None:
    listener, decisions = live
    listener.judge_speaking(True)
    play(judge_voice(say))
    listener.judge_speaking(False)
    time.sleep(SETTLE_S)
    assert decisions == []
    play(say("네"))
    command = listener.next_command(timeout=SETTLE_S)
    assert command is not None and command.command is Command.CONFIRM, decisions


def test_a_word_said_under_the_previous_prompt_is_forgotten(
    live: tuple[Listener, list[Decision]], say: Say
) -> None:
    listener, decisions = live
    play(say("정지"))
    time.sleep(SETTLE_S)
    assert [d.heard for d in decisions] == ["정지"]
    listener.listen_for([Command.PAUSE, Command.RESUME])
    assert listener.next_command(timeout=0.2) is None


def test_no_microphone_turns_listening_off_with_a_reason(ko_model: Any) -> None:
    listener = Listener.for_locale("ko", model=ko_model, device="no such microphone")
    assert not listener.status.on
    assert "no microphone" in listener.status.reason
    assert listener.next_command(timeout=None) is None
    listener.close()


def test_no_model_turns_listening_off_with_a_reason(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(MODELS_DIR_VARIABLE, str(tmp_path))
    listener = Listener.for_locale("zh-CN")
    assert not listener.status.on
    assert "no speech model for zh-CN" in listener.status.reason
    began = time.monotonic()
    assert listener.next_command(timeout=5) is None
    assert time.monotonic() - began < 1
    listener.judge_speaking(True)
    listener.listen_for([Command.PASS])
    listener.close()


def test_the_listen_command_hears_the_microphone(say: Say, device: VirtualSound) -> None:
    command = [sys.executable, "-m", "narrator", "listen", "--locale", "ko", "--json", "--seconds", "4"]
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=device.env
    ) as listening:
        assert listening.stderr is not None
        for line in listening.stderr:
            if line.startswith("listening on the microphone"):
                break
        play(say("네"))
        out, err = listening.communicate(timeout=60)
    assert listening.returncode == 0, err
    assert [json.loads(line)["heard"] for line in out.splitlines()] == ["네"]
