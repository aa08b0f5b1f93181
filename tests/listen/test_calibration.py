"""The score that weighs the three recognisers' evidence, on evidence written by hand."""

from __future__ import annotations

from dataclasses import replace

import pytest

from narrator.listen.calibration import Evidence, OperatingPoint, likeness, score, verdict
from narrator.listen.grammar import build_grammar
from narrator.listen.phrasebook import Phrasebook, phrasebook

HEARD = Evidence(
    heard_form="계속",
    keyword_ll=40.0,
    rival_gap=4.0,
    talk_form="아 했어",
    talk_ll=41.0,
    speech_s=0.5,
    loop_form="예 서",
    loop_ll=30.0,
)


def test_the_talk_term_alone_is_the_keyword_against_the_talk_path() -> None:
    point = OperatingPoint(word_credit=2.0)
    assert score(HEARD, point, "계속") == pytest.approx(40.0 - (41.0 + 2.0))


def test_the_loop_counts_with_its_weight_and_gives_back_its_price_per_extra_syllable() -> None:
    point = OperatingPoint(talk_weight=0.5, loop_weight=1.0, loop_credit=2.0)
    expected = 0.5 * (40.0 - 41.0) + (40.0 - (30.0 + 2.0))
    assert score(HEARD, point, "계속") == pytest.approx(expected)


def test_a_sound_the_syllables_explain_better_scores_lower() -> None:
    point = OperatingPoint(loop_weight=1.0)
    better_loop = replace(HEARD, loop_ll=45.0)
    assert score(better_loop, point, "계속") < score(HEARD, point, "계속")


def test_without_a_loop_its_term_is_left_out() -> None:
    point = OperatingPoint(loop_weight=1.0, loop_credit=2.0)
    no_loop = replace(HEARD, loop_form=None, loop_ll=None)
    assert score(no_loop, point, "계속") == pytest.approx(40.0 - 41.0)


def test_the_talk_recogniser_hearing_the_same_phrase_earns_the_agreement_bonus() -> None:
    point = OperatingPoint(agree_bonus=3.0)
    agreed = replace(HEARD, talk_form="계속", talk_ll=38.0)
    assert score(agreed, point, "계속") == pytest.approx(40.0 - 38.0 + 3.0)
    assert score(HEARD, point, "계속") == pytest.approx(40.0 - 41.0)


def test_each_phrase_is_held_to_its_own_threshold() -> None:
    point = OperatingPoint(loop_weight=1.0, talk_weight=0.0, threshold=5.0, thresholds={"네": 20.0})
    assert verdict(HEARD, "계속", point) == "keyword"  # 40 - 30 = 10 >= 5
    said_ne = replace(HEARD, heard_form="네")
    assert verdict(said_ne, "네", point) == "sounds more like talk"  # 10 < 20


def test_the_loop_hears_the_syllables_the_model_knows_whatever_the_prompt() -> None:
    book = Phrasebook("ko", {"계속": None, "정지": None}, ("그래",), syllables=("이", "계", "뢣"))
    grammar = build_grammar(book, lambda word: word != "뢣")
    assert grammar.loop_json_list() == ["이", "계"]
    narrowed = build_grammar(phrasebook("ko").for_commands([]), lambda word: True)
    assert narrowed.syllables == phrasebook("ko").syllables


def test_likeness_compares_hangul_letter_by_letter() -> None:
    assert likeness("시작", "시작") == 1.0
    assert likeness("지 자", "시작") == pytest.approx(0.6)  # ㅈㅣ ㅈㅏ against ㅅㅣ ㅈㅏㄱ
    assert likeness("", "네") == 0.0
    assert likeness("했어", "계속") < 0.5


def test_a_recogniser_that_heard_something_like_the_phrase_is_no_evidence_against_it() -> None:
    point = OperatingPoint(talk_weight=1.0, loop_weight=1.0, alike=0.5)
    # The loop spelt 시작 as "지 자" and explains the sound 9 nats better; the talk recogniser
    # heard "했어", nothing like it, 1 nat better.
    heard = replace(HEARD, heard_form="시작", loop_form="지 자", loop_ll=49.0, talk_form="했어")
    assert score(heard, point, "시작") == pytest.approx((40.0 - 41.0) + 0.0)
    unlike = replace(heard, loop_form="어 서")
    assert score(unlike, point, "시작") == pytest.approx((40.0 - 41.0) + (40.0 - 49.0))
    assert score(heard, replace(point, alike=1.0), "시작") == score(unlike, point, "시작")
    # A lead stays a lead, alike or not.
    ahead = replace(heard, loop_ll=30.0)
    assert score(ahead, point, "시작") == pytest.approx((40.0 - 41.0) + (40.0 - 30.0))


def test_an_utterance_too_short_for_the_phrase_s_syllables_is_turned_away() -> None:
    point = OperatingPoint(min_syllable_s=0.1, threshold=-100.0)
    clipped = replace(HEARD, speech_s=0.15)
    assert verdict(clipped, "계속", point) == "too short for the word"  # two syllables: 0.2 s
    assert verdict(replace(clipped, heard_form="네"), "네", point) == "keyword"  # one: 0.1 s
