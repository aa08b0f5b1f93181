"""The line cache: a line rendered once is found again, on disk and in memory, byte for byte."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from narrator.voice.cache import LineCache, LineKey, default_cache_dir
from narrator.voice.catalogue import load_catalogue
from narrator.voice.clips import Clip
from narrator.voice.worker import VoiceWorker
from tests.voice.conftest import MakeSpeaker


def _key(text: str, locale: str = "zh-CN") -> LineKey:
    return LineKey("espeak-ng-1.51", load_catalogue(locale).voice, locale, text)


def test_a_line_is_rendered_once_then_found(tmp_path: Path, espeak: VoiceWorker) -> None:
    key = _key("天黑请闭眼。")
    engine = espeak

    def render(path: Path) -> Clip:
        return engine.render_clip(key.text, key.voice, path)

    first = LineCache(tmp_path).clip(key, render)
    path = LineCache(tmp_path).path(key)
    stored = path.read_bytes()
    mtime = path.stat().st_mtime_ns

    again = LineCache(tmp_path)
    second = again.clip(key, render)
    assert again.stats.disk_hits == 1 and again.stats.renders == 0
    assert np.array_equal(first.samples, second.samples)
    assert path.read_bytes() == stored and path.stat().st_mtime_ns == mtime

    third = again.clip(key, render)
    assert again.stats.memory_hits == 1
    assert third is second


def test_the_key_holds_engine_voice_locale_and_text() -> None:
    key = _key("天黑请闭眼。")
    others = [
        _key("天黑请闭眼！"),
        _key("天黑请闭眼。", "zh-TW"),
        replace(key, voice=replace(key.voice, rate=key.voice.rate + 10)),
        replace(key, voice=replace(key.voice, espeak="cmn")),
        replace(key, engine="espeak-ng-1.52"),
    ]
    digests = {key.digest(), *(other.digest() for other in others)}
    assert len(digests) == 1 + len(others)
    assert key.digest() == _key("天黑请闭眼。").digest()


def test_the_cache_lives_in_the_users_cache_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("WEREWOLF_NARRATOR_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", "/var/cache/judge")
    assert default_cache_dir() == Path("/var/cache/judge/werewolf-narrator")
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", "/home/judge")
    assert default_cache_dir() == Path("/home/judge/.cache/werewolf-narrator")
    monkeypatch.setenv("WEREWOLF_NARRATOR_CACHE", "/srv/voice")
    assert default_cache_dir() == Path("/srv/voice")


def test_a_speaker_says_a_line_again_from_memory(make_speaker: MakeSpeaker, tmp_path: Path) -> None:
    judge = make_speaker(play=False, cache_dir=tmp_path)
    judge.say("night.falls")
    judge.say("night.falls")
    judge.say("death.out", seat=5)
    assert judge.cache.stats.renders == 2
    assert judge.cache.stats.memory_hits == 1
    assert len(list(tmp_path.rglob("*.wav"))) == 2
