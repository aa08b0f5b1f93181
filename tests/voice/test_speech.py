"""Real speech from espeak-ng through pyttsx3, in a voice worker: the audio of lines in every locale."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from narrator.voice.catalogue import LOCALES, VoiceSettings, load_catalogue
from narrator.voice.clips import loudness, read_wav
from narrator.voice.speech import UnknownVoice
from narrator.voice.worker import VoiceWorker

LINES = ("night.falls", "seer.wake", "deaths.peaceful")


@pytest.mark.parametrize("locale", LOCALES)
def test_lines_render_as_real_speech(locale: str, tmp_path: Path, espeak: VoiceWorker) -> None:
    catalogue = load_catalogue(locale)
    for key in LINES:
        espeak.render_clip(catalogue.text(key), catalogue.voice, tmp_path / f"{key}.wav")
        clip = read_wav(tmp_path / f"{key}.wav")
        assert clip.samplerate == 22050
        assert 0.6 < clip.seconds < 6.0, (key, clip.seconds)
        assert loudness(clip) > 0.02, key
        # Speech, not a tone or noise: loud and quiet stretches alternate.
        frames = clip.samples[: len(clip.samples) // 441 * 441].reshape(-1, 441)
        levels = np.sqrt(np.mean(frames**2, axis=1))
        assert (levels > 0.05).sum() > 10 and (levels < 0.005).sum() > 3, key


def test_a_longer_line_takes_longer_to_say(tmp_path: Path, espeak: VoiceWorker) -> None:
    catalogue = load_catalogue("en")
    engine = espeak
    short = engine.render_clip(catalogue.text("judge.pause"), catalogue.voice, tmp_path / "a.wav")
    long = engine.render_clip(catalogue.text("game.opening", count=12), catalogue.voice, tmp_path / "b.wav")
    assert long.seconds > 2 * short.seconds


def test_rendering_prints_nothing(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    catalogue = load_catalogue("en")
    with VoiceWorker("espeak") as engine:
        engine.render_clip("Quiet please.", catalogue.voice, tmp_path / "quiet.wav")
    out, err = capfd.readouterr()
    assert "Audio saved" not in out + err
    assert out == ""


def test_an_unknown_voice_is_refused_not_silently_replaced(tmp_path: Path, espeak: VoiceWorker) -> None:
    restarts = espeak.restarts
    with pytest.raises(UnknownVoice, match="zh-CN"):
        espeak.render_clip("你好", VoiceSettings(espeak="zh-CN"), tmp_path / "bad.wav")
    assert not (tmp_path / "bad.wav").exists()
    assert espeak.restarts == restarts, "a refusal is not a crash: the worker is not started again"
    assert "sit/cmn-latn-pinyin" in espeak.voices()


def test_one_render_per_file_in_order(tmp_path: Path, espeak: VoiceWorker) -> None:
    """pyttsx3 writes only the last of two queued saves: each render must be its own run."""
    voice = load_catalogue("en").voice
    engine = espeak
    first = engine.render_clip("One.", voice, tmp_path / "one.wav")
    second = engine.render_clip("Two, three, four, five, six.", voice, tmp_path / "two.wav")
    again = read_wav(tmp_path / "one.wav")
    assert np.array_equal(first.samples, again.samples)
    assert second.seconds > first.seconds


def test_no_line_comes_out_empty_however_often_it_is_said(tmp_path: Path, espeak: VoiceWorker) -> None:
    """pyttsx3 cancels before each run and espeak-ng sometimes drops the next line for it."""
    engine = espeak
    voices = [load_catalogue(locale).voice for locale in ("en", "zh-CN")]
    lengths = [
        engine.render_clip("Seer, open your eyes.", voices[i % 2], tmp_path / "again.wav").seconds
        for i in range(40)
    ]
    assert min(lengths) > 0.6
