"""Hearing commands and turning talk away, with the real Korean model on espeak-ng speech."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from narrator.inbox import CommandWord
from narrator.listen.calibration import OPERATING_POINT
from narrator.listen.phrasebook import phrasebook
from narrator.listen.spotter import Decision, KeywordSpotter, SpotterSettings, decide_file
from narrator.listen.wavfile import write_wav
from tests.listen.conftest import Say
from tests.listen.corpus import CLEAR_KEYWORDS, TALK, VOICES


def heard(spotter: KeywordSpotter, samples: np.ndarray) -> list[Decision]:
    return list(decide_file(spotter, samples))


@pytest.mark.parametrize("word", CLEAR_KEYWORDS)
def test_keyword_is_heard_from_a_file(ko_spotter: KeywordSpotter, say: Say, word: str) -> None:
    decisions = heard(ko_spotter, say(word))
    assert [d.heard for d in decisions] == [word]
    assert decisions[0].command == phrasebook("ko").keywords[word]
    assert decisions[0].margin is not None and decisions[0].margin >= 0
    assert decisions[0].confidence >= 0.5
    assert decisions[0].evidence.heard_form == word


def test_the_loop_spells_the_word_in_syllables_only_when_the_point_weighs_it(ko_model: Any, say: Say) -> None:
    with_loop = SpotterSettings(point=replace(OPERATING_POINT, loop_weight=1.0))
    evidence = heard(KeywordSpotter(ko_model, phrasebook("ko"), with_loop), say("다시"))[0].evidence
    assert evidence.loop_form and evidence.loop_ll is not None
    assert set(evidence.loop_form.split()) <= set(phrasebook("ko").syllables)
    without = SpotterSettings(point=replace(OPERATING_POINT, loop_weight=0.0))
    spotter = KeywordSpotter(ko_model, phrasebook("ko"), without)
    evidence = heard(spotter, say("다시"))[0].evidence
    assert (evidence.loop_form, evidence.loop_ll, spotter.loop_compute_s) == (None, None, 0.0)


def test_keywords_in_other_voices_are_mostly_heard_and_never_mistaken(ko_model: Any, say: Say) -> None:
    outcomes = []
    for word in CLEAR_KEYWORDS:
        for voice, speed in VOICES:
            spotter = KeywordSpotter(ko_model, phrasebook("ko"))
            outcomes += [(word, voice, d.heard) for d in heard(spotter, say(word, voice, speed))]
    print(outcomes)
    right = [o for o in outcomes if o[2] == o[0]]
    wrong = [o for o in outcomes if o[2] not in (None, o[0])]
    assert wrong == []
    assert len(right) >= 0.6 * len(CLEAR_KEYWORDS) * len(VOICES)


def test_unrelated_sentences_are_turned_away(ko_spotter: KeywordSpotter, say: Say) -> None:
    accepted: list[tuple[str, str]] = []
    for sentence in TALK:
        decisions = heard(ko_spotter, say(sentence))
        assert decisions, f"no decision at all for {sentence!r}"
        accepted += [(sentence, d.heard) for d in decisions if d.heard is not None]
    print(f"false accepts: {len(accepted)}/{len(TALK)} {accepted}")
    assert len(accepted) <= 0.05 * len(TALK)


def test_talk_that_contains_a_keyword_does_not_end_a_speech(ko_spotter: KeywordSpotter, say: Say) -> None:
    decisions = heard(ko_spotter, say("오늘은 사번에게 투표하자"))
    assert [d.heard for d in decisions] == [None]


def test_two_keywords_in_one_breath_are_not_one_command(ko_spotter: KeywordSpotter, say: Say) -> None:
    decisions = heard(ko_spotter, say("계속 다시", pad_s=0.3))
    assert all(d.heard is None for d in decisions)


def test_a_long_utterance_is_talk_whatever_it_sounds_like(ko_spotter: KeywordSpotter, say: Say) -> None:
    decisions = heard(ko_spotter, say("저는 그냥 평범한 마을 사람입니다 정말이에요"))
    assert [(d.heard, d.reason) for d in decisions] == [(None, "too long for a command")]


def test_each_word_of_a_file_gets_its_own_decision_in_order(ko_spotter: KeywordSpotter, say: Say) -> None:
    stream = np.concatenate([say("다시"), say("어제 팔번이 나를 찍었어"), say("계속")])
    decisions = heard(ko_spotter, stream)
    assert [d.heard for d in decisions] == ["다시", None, "계속"]
    assert [d.command for d in decisions if d.heard] == [CommandWord.REPEAT, CommandWord.RESUME]
    assert all(a.decided_s <= b.start_s for a, b in zip(decisions, decisions[1:], strict=False))


def test_a_prompt_listens_only_for_its_own_commands(ko_spotter: KeywordSpotter, say: Say) -> None:
    ko_spotter.listen_for(phrasebook("ko").for_commands([CommandWord.PAUSE]))
    assert set(ko_spotter.grammar.phrases.values()) == {"정지"}
    assert [d.heard for d in heard(ko_spotter, say("정지"))] == ["정지"]
    assert [d.heard for d in heard(ko_spotter, say("계속"))] == [None]


def test_words_the_model_does_not_know_are_reported(ko_model: Any) -> None:
    book = phrasebook("ko", ["네", "투표시작", "qwzx"])
    spotter = KeywordSpotter(ko_model, book)
    assert spotter.grammar.phrases == {"네": "네", "투표 시작": "투표시작"}
    assert spotter.grammar.unknown == {"qwzx": ["qwzx"]}
    report = spotter.grammar.report_unknown()
    assert report is not None and "qwzx" in report


def test_the_listen_command_prints_one_json_object_per_decision(say: Say, tmp_path: Path) -> None:
    wav = tmp_path / "table.wav"
    write_wav(wav, np.concatenate([say("계속"), say("그럼 오번은 어때")]))
    run = subprocess.run(
        [sys.executable, "-m", "narrator", "listen", "--file", str(wav), "--locale", "ko", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    assert [(line["heard"], line["command"]) for line in lines] == [("계속", "resume"), (None, None)]
    assert all(0.0 <= line["confidence"] <= 1.0 for line in lines)
    assert "listening for" in run.stderr


def test_a_prompt_the_model_cannot_hear_at_all_decides_nothing(ko_model: Any, say: Say) -> None:
    spotter = KeywordSpotter(ko_model, phrasebook("zh-CN"))  # no Chinese word in a Korean model
    assert spotter.grammar.phrases == {}
    assert len(spotter.grammar.unknown) == len(phrasebook("zh-CN").keywords)
    assert heard(spotter, say("정지")) == []
