"""The room check on recorded files: each word heard or not, its margin, the noise floor, advice."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from narrator.listen.phrasebook import phrasebook
from narrator.listen.roomcheck import NOISY_FLOOR_DB, check_recording
from narrator.listen.spotter import KeywordSpotter
from narrator.listen.wavfile import write_wav
from tests.listen.conftest import Say
from tests.listen.corpus import CLEAR_KEYWORDS

KO_WORDS = list(phrasebook("ko").keywords)
# What a player says instead of 정지 in the recordings: a whole sentence.
RAMBLE = "저는 그냥 평범한 마을 사람입니다 정말이에요"


def recording(say: Say, replaced: str | None = None, leave_out_last: bool = False) -> np.ndarray:
    """The table saying the ko words in the phrasebook's order, one each, with pauses."""
    words = KO_WORDS[:-1] if leave_out_last else KO_WORDS
    return np.concatenate([say(RAMBLE if w == replaced else w, pad_s=0.6) for w in words])


@pytest.fixture
def spotter(ko_model: Any) -> KeywordSpotter:
    return KeywordSpotter(ko_model, phrasebook("ko"))


def test_each_word_is_reported_heard_with_its_margin_or_not_with_why(
    spotter: KeywordSpotter, say: Say
) -> None:
    result = check_recording(spotter, KO_WORDS, recording(say, replaced="정지"))
    by_word = {w.phrase: w for w in result.words}
    for word in CLEAR_KEYWORDS:
        if word != "정지":
            assert by_word[word].heard, by_word[word].line()
            decision = by_word[word].decision
            assert decision is not None and decision.margin is not None and decision.margin >= 0
            assert "heard (margin +" in by_word[word].line()
    rambled = by_word["정지"]
    assert not rambled.heard
    assert "not heard: too long for a command" in rambled.line()
    assert rambled.advice() == "정지: say the word alone, with a pause after it"
    assert not result.all_heard
    report = result.report()
    assert report[len(KO_WORDS)].startswith("noise floor: ") and "quiet enough" in report[len(KO_WORDS)]
    assert "advice: 정지: say the word alone, with a pause after it" in report


def test_a_word_nobody_said_is_reported_with_advice_to_move_the_box(
    spotter: KeywordSpotter, say: Say
) -> None:
    result = check_recording(spotter, KO_WORDS, recording(say, leave_out_last=True))
    last = result.words[-1]
    assert last.decision is None and not last.heard
    assert last.line() == f"  {KO_WORDS[-1]:10} not heard: nothing was heard"
    assert (
        f"advice: {KO_WORDS[-1]}: nothing reached the box; speak up, or move the box nearer the players"
        in (result.report())
    )


def test_a_noisy_room_is_named_with_its_noise_floor(spotter: KeywordSpotter, say: Say) -> None:
    clean = recording(say)
    hum = np.random.default_rng(1).normal(0.0, 2000.0, len(clean))
    noisy = np.clip(clean + hum, -32768, 32767).astype(np.int16)
    result = check_recording(spotter, KO_WORDS, noisy)
    assert result.floor_db > NOISY_FLOOR_DB
    report = result.report()
    assert any(line.startswith("noise floor: ") and "(noisy)" in line for line in report)
    assert "advice: the room is noisy: move the box away from music, fans or the kitchen" in report


def test_the_check_command_reads_a_recording_and_exits_3_when_a_word_is_missed(
    say: Say, tmp_path: Path
) -> None:
    wav = tmp_path / "table.wav"
    write_wav(wav, recording(say, replaced="정지"))
    run = subprocess.run(
        [sys.executable, "-m", "narrator", "listen", "--check", "--file", str(wav), "--locale", "ko"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 3, run.stderr
    lines = run.stdout.splitlines()
    assert [line.split()[0] for line in lines[: len(KO_WORDS)]] == KO_WORDS
    assert any(line.startswith("  계속") and "heard (margin" in line for line in lines)
    assert any(line.startswith("heard ") and f"of {len(KO_WORDS)} words" in line for line in lines)
    assert "advice: 정지: say the word alone, with a pause after it" in lines


def test_a_word_the_model_cannot_hear_is_named_and_its_button_advised(ko_model: Any, say: Say) -> None:
    book = phrasebook("ko", ["정지", "뢣뢣"])
    spotter = KeywordSpotter(ko_model, book)
    said = np.concatenate([say("정지"), say("아무거나")])  # the player tries the second anyway
    result = check_recording(spotter, list(book.keywords), said)
    assert [w.heard for w in result.words] == [True, False]
    assert result.words[1].line() == f"  {'뢣뢣':10} not heard: the model lacks 뢣뢣"
    assert (
        "advice: 뢣뢣: the model cannot hear it; use its button, or install a larger model" in result.report()
    )
