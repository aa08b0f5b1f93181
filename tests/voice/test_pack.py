"""Voice packs: recorded clips replace the synthetic voice line by line; the rest is spoken."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from narrator.voice.catalogue import load_catalogue
from narrator.voice.clips import Clip, write_wav
from narrator.voice.compose import line_pieces
from narrator.voice.pack import VoicePack, clip_name
from narrator.voice.prerender import lines_to_render, pack_jobs
from tests.voice.conftest import MakeSpeaker


def recorded_clip(pitch: float, seconds: float = 0.5, rate: int = 44100) -> Clip:
    """A stand-in for a judge's recording: a tone at `pitch` Hertz, 44.1 kHz."""
    t = np.arange(int(seconds * rate)) / rate
    return Clip((0.3 * np.sin(2 * np.pi * pitch * t)).astype(np.float32), rate)


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    folder = tmp_path / "lao-wang"
    folder.mkdir()
    (folder / "pack.toml").write_text('name = "Lao Wang"\nlocale = "zh-CN"\n', encoding="utf-8")
    write_wav(recorded_clip(440), folder / "night.falls.wav")
    write_wav(recorded_clip(550), folder / "death.out@seat=5.wav")
    write_wav(recorded_clip(660), folder / "deaths.announce@seats=3-5.wav")
    return folder


def test_clip_names_hold_the_key_and_its_values() -> None:
    assert clip_name("night.falls") == "night.falls.wav"
    assert clip_name("death.out", {"seat": 5}) == "death.out@seat=5.wav"
    assert clip_name("hunter.shot", {"target": 7, "seat": 3}) == "hunter.shot@seat=3,target=7.wav"
    assert clip_name("vote.tie", {"seats": [2, 9]}) == "vote.tie@seats=2-9.wav"


def test_a_recorded_line_replaces_the_synthetic_voice(make_speaker: MakeSpeaker, pack: Path) -> None:
    judge = make_speaker(play=False, pack=pack)
    said = judge.say("night.falls")
    assert said.clip.samplerate == 44100
    assert np.allclose(said.clip.samples, recorded_clip(440).samples, atol=1e-4)
    assert judge.say("death.out", seat=5).clip.seconds == pytest.approx(0.5)
    assert judge.say("deaths.announce", seats=[3, 5]).clip.seconds == pytest.approx(0.5)


def test_a_line_missing_from_the_pack_is_spoken(make_speaker: MakeSpeaker, pack: Path) -> None:
    with_pack = make_speaker(play=False, pack=pack)
    without = make_speaker(play=False)
    for key, params in [("seer.wake", {}), ("death.out", {"seat": 6})]:
        spoken = with_pack.say(key, **params).clip
        assert spoken.samplerate == 22050
        assert np.array_equal(spoken.samples, without.clip(key, params).samples)


def test_a_pack_for_another_language_is_refused(make_speaker: MakeSpeaker, pack: Path) -> None:
    with pytest.raises(ValueError, match="zh-CN"):
        make_speaker(play=False, pack=pack, locale="en")


def test_a_pack_lists_its_lines_and_may_bring_its_ambience(pack: Path) -> None:
    opened = VoicePack.open(pack)
    assert opened.name == "Lao Wang" and opened.locale == "zh-CN"
    assert opened.recorded_keys() == {"night.falls", "death.out", "deaths.announce"}
    assert opened.ambience() is None
    write_wav(recorded_clip(100, seconds=2.0), pack / "ambience.wav")
    ambience = VoicePack.open(pack).ambience()
    assert ambience is not None and ambience.seconds == pytest.approx(2.0)


@pytest.mark.parametrize("locale", ["zh-CN", "zh-TW", "en"])
def test_a_line_of_several_counts_is_composed_from_pieces_not_rendered_for_every_combination(
    locale: str,
) -> None:
    """The host's custom cards said aloud ("…{count}人，{wolves}张狼牌，{gods}张神牌…") read five
    numbers: every combination rendered whole was 21,168 clips (hours of the neural voice). A
    pack holds their pieces, each number's every value once, and composes any combination."""
    catalogue = load_catalogue(locale)
    jobs = pack_jobs(catalogue, 18)
    assert not [job for job in jobs if job.line is not None and job.line.key.startswith("host.cards")]
    assert len(jobs) < 2000
    pieces = {job.text for job in jobs if job.line is None}
    params = {"count": 13, "wolves": 4, "gods": 5, "villagers": 3, "others": 1}
    said = line_pieces(catalogue, "host.cards_others", params)
    assert "".join(said) == catalogue.text("host.cards_others", **params)
    assert set(said) <= pieces
    lines = [
        line
        for line in lines_to_render(catalogue, 18, counts=range(5, 19))
        if line.key == "host.cards_others"
    ]
    assert 10 < len(lines) < 200  # each value of each number, not their product
