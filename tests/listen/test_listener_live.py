"""The listener live, through a real (virtual) sound device: the judge never hears itself, and a
microphone lost mid-game comes back by itself.

No test here measures time: each waits (up to a generous `PATIENCE_S`) for something that must
happen, and a "nothing was heard" is checked only once a later word has been decided (the
listener decides in order, so everything before it has been decided too). They take real time:
the microphone is a sound device that delivers its samples at their own pace."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from narrator.inbox import CommandWord
from narrator.listen.listener import Listener, ListeningStatus
from narrator.listen.microphone import Microphone
from narrator.listen.models import MODELS_DIR_VARIABLE
from narrator.listen.phrasebook import phrasebook
from narrator.listen.spotter import Decision, KeywordSpotter
from tests.listen.conftest import Say
from tests.listen.corpus import JUDGE_LINE
from tests.support.interrupt import interruptible
from tests.support.pulse import VirtualSound

# Seconds to wait for something that must happen; only a failing test waits this long.
PATIENCE_S = 60.0


def wait_until(condition: Callable[[], bool], what: str) -> None:
    """Poll `condition` until it holds; fail after `PATIENCE_S`."""
    deadline = time.monotonic() + PATIENCE_S
    while not condition():
        assert time.monotonic() < deadline, f"still waiting for {what}"
        time.sleep(0.05)


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
    """Play to the default sink (the virtual one) and wait until it has been played.

    The whole sound is handed to the sound server before it starts (pacat with a buffer
    longer than the sound): a starved machine cannot leave a gap in the middle of a word, as
    PortAudio's playback callback did when it ran late (an underrun), so that the word was
    not heard and the test failed for the machine's speed rather than the listener's fault.
    """
    data = samples.astype("<i2").tobytes()
    command = ["pacat", "--playback", "--raw", "--format=s16le", "--rate=16000", "--channels=1"]
    subprocess.run([*command, f"--latency={len(data) + 3200}"], input=data, check=True, timeout=PATIENCE_S)


def judge_voice(say: Say) -> np.ndarray:
    """The judge's line followed, after a pause, by a keyword on its own."""
    return np.concatenate([say(JUDGE_LINE), say("정지")])


def test_the_judge_voice_would_be_heard_if_not_marked(
    live: tuple[Listener, list[Decision]], say: Say
) -> None:
    listener, decisions = live
    play(judge_voice(say))
    play(say("정지"))
    wait_until(lambda: [d.heard for d in decisions].count("정지") == 2, "정지 twice")
    assert [d.heard for d in decisions if d.heard] == ["정지", "정지"], decisions


def test_the_judge_never_hears_itself_and_then_hears_the_table(
    live: tuple[Listener, list[Decision]], say: Say
) -> None:
    listener, decisions = live
    listener.judge_speaking(True)
    play(judge_voice(say))
    listener.judge_speaking(False)
    play(say("정지"))
    command = listener.next_command(timeout=PATIENCE_S)
    assert command is not None and command.command is CommandWord.PAUSE, decisions
    assert [d.heard for d in decisions] == ["정지"]


def test_a_word_said_under_the_previous_prompt_is_forgotten(
    live: tuple[Listener, list[Decision]], say: Say
) -> None:
    listener, decisions = live
    play(say("정지"))
    wait_until(lambda: len(decisions) == 1, "a decision")
    assert [d.heard for d in decisions] == ["정지"], decisions
    listener.listen_for([CommandWord.PAUSE, CommandWord.RESUME])
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
    assert not listener.running
    assert listener.next_command(timeout=None) is None  # would wait for ever if it waited at all
    listener.judge_speaking(True)
    listener.listen_for([CommandWord.PASS])
    listener.close()


def test_the_listen_command_hears_the_microphone(say: Say, device: VirtualSound) -> None:
    command = [sys.executable, "-m", "narrator", "listen", "--locale", "ko", "--json"]
    heard: list[str | None] = []
    with subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=device.env,
        preexec_fn=interruptible,
    ) as listening:
        assert listening.stderr is not None and listening.stdout is not None
        for line in listening.stderr:
            if line.startswith("listening on the microphone"):
                break
        # A starved machine may drop a block of the word (an input overflow): say it again,
        # up to three times, as a player would.
        while "정지" not in heard and len(heard) < 3:
            play(say("정지"))
            line = listening.stdout.readline()  # waits for the decision
            if not line:
                pytest.fail(f"narrator listen ended early ({listening.wait()}): {listening.stderr.read()}")
            heard.append(json.loads(line)["heard"])
        listening.send_signal(signal.SIGINT)
        out, err = listening.communicate(timeout=PATIENCE_S)
    assert listening.returncode == 0, err
    heard += [json.loads(line)["heard"] for line in out.splitlines()]
    assert "정지" in heard and set(heard) <= {"정지", None}, heard


class CountedMicrophone(Microphone):
    """The real microphone, counting how often it is opened (the listener reopens a lost one)."""

    def __init__(self) -> None:
        super().__init__()
        self.opened = 0

    def start(self, deliver: Any) -> None:
        self.opened += 1
        super().start(deliver)


def pactl(device: VirtualSound, *args: str) -> str:
    run = subprocess.run(["pactl", *args], env=device.env, capture_output=True, text=True, check=True)
    return run.stdout


def unload_the_microphone(device: VirtualSound) -> None:
    """Unload the sink whose monitor is the microphone (and the stand-in sink PulseAudio
    would otherwise put in its place): the source is gone, its stream killed."""
    modules = [line.split("\t") for line in pactl(device, "list", "short", "modules").splitlines()]
    for number, name, *_ in modules:
        if name in ("module-always-sink", "module-null-sink"):
            pactl(device, "unload-module", number)


def plug_the_microphone_back(device: VirtualSound) -> None:
    pactl(device, "load-module", "module-null-sink", f"sink_name={device.sink}", "rate=16000", "channels=1")
    pactl(device, "set-default-sink", device.sink)
    pactl(device, "set-default-source", device.monitor)


def test_a_lost_microphone_is_said_once_and_comes_back_by_itself(
    ko_model: Any, device: VirtualSound, say: Say
) -> None:
    book = phrasebook("ko")
    changes: list[ListeningStatus] = []
    microphone = CountedMicrophone()
    listener = Listener(
        KeywordSpotter(ko_model, book),
        microphone,
        book,
        on_status=changes.append,
        lost_after_s=1.0,
        retry_s=0.5,
    )
    try:
        assert listener.start().on
        assert listener.wait_for_audio(timeout=PATIENCE_S)
        play(say("정지"))
        heard = listener.next_command(timeout=PATIENCE_S)
        assert heard is not None and heard.command is CommandWord.PAUSE

        unload_the_microphone(device)
        wait_until(lambda: len(changes) == 1, "the microphone to be noticed lost")
        assert not listener.status.on and listener.status.lost
        assert "microphone stopped" in changes[0].reason
        wait_until(lambda: microphone.opened >= 4, "three attempts to reopen it")
        assert len(changes) == 1  # said once, however long it stays away
        assert listener.running
        assert listener.next_command(timeout=0.1) is None

        plug_the_microphone_back(device)
        wait_until(lambda: len(changes) == 2, "listening to come back")
        assert changes[1].on and listener.status.on
        play(say("정지"))
        heard = listener.next_command(timeout=PATIENCE_S)
        assert heard is not None and heard.command is CommandWord.PAUSE
        assert len(changes) == 2
    finally:
        listener.close()
