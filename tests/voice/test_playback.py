"""Real playback through a private PulseAudio null sink, recorded from its monitor.

What comes back must be what was sent: the lines, back to back, sample for sample (16 kHz
stream into a 16 kHz sink, so PulseAudio does not resample), after the device's lag. Real time: the sink plays each line at its own length.
"""

from __future__ import annotations

import io
import os
import signal
import time

import numpy as np
import pytest

from narrator.voice.clips import Clip
from narrator.voice.player import AMBIENCE_FADE, DUCK_LEVEL, LATENCY, Playback, Player
from tests.support.pulse import Recording, VirtualSound, record_monitor
from tests.voice.conftest import MakeSpeaker

RATE = 16000


def align(recorded: np.ndarray, sent: np.ndarray) -> int:
    """Where `sent` starts in `recorded` (cross-correlation by FFT)."""
    size = 1 << int(np.ceil(np.log2(len(recorded) + len(sent))))
    spectrum = np.fft.rfft(recorded, size) * np.conj(np.fft.rfft(sent, size))
    correlation = np.fft.irfft(spectrum, size)[: len(recorded) - len(sent) + 1]
    return int(np.argmax(correlation))


def envelope(samples: np.ndarray, block: int = 320) -> np.ndarray:
    """Root-mean-square level in 20 ms blocks."""
    usable = samples[: len(samples) // block * block].reshape(-1, block)
    return np.sqrt(np.mean(usable.astype(np.float64) ** 2, axis=1))


def hear(recording: Recording, seconds: float, timeout: float = 30.0) -> None:
    """Wait until the recording holds `seconds` more of audio (counted in samples: audio
    time, whatever the machine's speed)."""
    wanted = len(recording.samples()) + round(seconds * recording.samplerate)
    deadline = time.monotonic() + timeout
    while len(recording.samples()) < wanted:
        assert time.monotonic() < deadline, "the monitor stopped giving audio"
        time.sleep(0.05)


def heard_after(recording: Recording, sent: np.ndarray, seconds: float, timeout: float = 30.0) -> None:
    """Wait until the recording holds `sent` and `seconds` of audio after it."""
    deadline = time.monotonic() + timeout
    while True:
        recorded = recording.samples()
        if len(recorded) >= len(sent):
            tail = len(recorded) - align(recorded, sent) - len(sent)
            if tail >= seconds * recording.samplerate:
                return
        assert time.monotonic() < deadline, "the lines never came back from the sink"
        time.sleep(0.05)


def play_and_record(sound: VirtualSound, make_speaker: MakeSpeaker) -> tuple[list[Playback], np.ndarray, str]:
    """Three lines queued at once, recorded from the sink's monitor."""
    with record_monitor(sound) as recording:
        judge = make_speaker(samplerate=RATE, ambience=False)
        assert judge.online
        said = [
            judge.say("night.falls", wait=False),
            judge.say("seer.wake", wait=False),
            judge.say("deaths.announce", seats=[3, 5], wait=False),
        ]
        assert judge.wait(timeout=30)
        heard_after(recording, np.concatenate([p.clip.samples for p in said]), 0.3)
    glitches = f"underruns {judge.player.underruns}, overflows {recording.overflows}"
    return said, recording.samples(), glitches


def test_what_is_played_comes_back_from_the_sink(pulse: VirtualSound, make_speaker: MakeSpeaker) -> None:
    # A loaded machine can drop a block (an xrun) in the sound server: one more try then.
    for attempt in (1, 2):
        said, recorded, glitches = play_and_record(pulse, make_speaker)
        sent = np.concatenate([p.clip.samples for p in said])
        start = align(recorded, sent)
        back = recorded[start : start + len(sent)]
        worst = float(np.max(np.abs(back - sent))) if len(back) == len(sent) else 1.0
        if worst <= 1.0 / 32768:
            break
        print(f"attempt {attempt}: differs by {worst:.4f} ({glitches})")
    # Back to back and never overlapping: the recording is the lines one after another.
    assert len(back) == len(sent)
    assert worst <= 1.0 / 32768, glitches
    assert np.allclose(envelope(back), envelope(sent), atol=1e-3)
    assert not np.any(np.abs(recorded[start + len(sent) :]) > 1.0 / 32768)
    for before, after in zip(said, said[1:], strict=False):
        assert after.started_at is not None and before.leaves_at is not None
        expected = before.leaves_at + before.clip.seconds
        assert after.leaves_at == pytest.approx(expected, abs=0.02)


def test_the_night_ambience_is_lowered_while_the_judge_speaks(pulse: VirtualSound) -> None:
    ambience = Clip((0.05 * np.sin(np.arange(RATE) * 2 * np.pi * 200 / RATE)).astype(np.float32), RATE)
    line = Clip((0.3 * np.sin(np.arange(RATE) * 2 * np.pi * 1000 / RATE)).astype(np.float32), RATE)
    player = Player(samplerate=RATE, ambience=ambience)
    with record_monitor(pulse) as recording:
        player.open()
        try:
            player.set_night(True)
            hear(recording, 2.0)
            said = player.enqueue(line, "line")
            assert said.wait(10)
            heard_after(recording, line.samples, 1.0)
            player.set_night(False)
            hear(recording, AMBIENCE_FADE + LATENCY + 1.0)  # faded out, and the device emptied
        finally:
            player.close()
    recorded = recording.samples()
    start = align(recorded, line.samples)
    under = recorded[start : start + RATE] - line.samples
    before = recorded[start - RATE // 2 : start]
    after_fade = recorded[-RATE // 2 :]
    level_before = float(np.sqrt(np.mean(before**2)))
    level_under = float(np.sqrt(np.mean(under[RATE // 4 : -RATE // 4] ** 2)))
    assert level_before == pytest.approx(0.05 / np.sqrt(2), rel=0.05)
    assert level_under == pytest.approx(DUCK_LEVEL * level_before, rel=0.15)
    assert float(np.sqrt(np.mean(after_fade**2))) < 1e-4


def test_losing_the_device_mid_game_is_told_and_the_judge_goes_on(
    pulse: VirtualSound,
    make_speaker: MakeSpeaker,
    transcript: io.StringIO,
    capsys: pytest.CaptureFixture[str],
) -> None:
    judge = make_speaker(samplerate=RATE, ambience=False, pace=False, locale="en")
    assert judge.online
    cut = judge.say("game.opening", count=12, wait=False)
    queued = judge.say("game.peek", wait=False)
    assert cut.started.wait(10)
    os.kill(pulse.pid, signal.SIGKILL)
    assert cut.wait(5) and cut.cancelled
    assert queued.wait(5)
    judge.say("night.falls")
    assert judge.wait(5) and not judge.online
    assert "sound output stopped" in capsys.readouterr().err
    printed = [line.split("] ", 1)[1] for line in transcript.getvalue().splitlines()]
    assert printed == [
        judge.text("game.opening", count=12),
        judge.text("game.peek"),
        judge.text("night.falls"),
    ]
