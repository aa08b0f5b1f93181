"""Whether one utterance is a command: the evidence of three recognisers, scored against a threshold.

Rules (the spotter applies them in this order; the first that fails names the reason):
1. The utterance lasts between `min_speech_s` and `max_speech_s`: a command is one short
   word between pauses, table talk is longer.
2. The keyword-only recogniser hears exactly one phrase of the grammar, and the utterance
   lasts at least `min_syllable_s` per syllable of it: "그렇죠" cut to 0.15 s under noise is
   not "계속".
3. Its score reaches the phrase's threshold. The score, in nats, is

       talk_weight * against(keyword_ll - (talk_ll + word_credit * (talk_words - 1)), talk_form)
     + loop_weight * against(keyword_ll - (loop_ll + loop_credit * (loop_words - 1)), loop_form)
     + agree_bonus * [the talk recogniser heard the same phrase]
     + rival_weight * rival_gap - duration_weight * overlong_s

   `keyword_ll`, `talk_ll` and `loop_ll` are the log-likelihoods Vosk gives the best path of
   the keyword-only recogniser, of the talk recogniser (the same keywords beside everyday
   filler words) and of the loop recogniser (the locale's commonest syllables, no keyword as
   such: it spells whatever was said): the better the talk grammar or the syllable loop
   explains the sound than the keyword does, the lower the score. Each extra word on a path
   paid the grammar's price for a word, which says nothing about the sound: `word_credit` and
   `loop_credit` give part of it back. `against(lead, heard)` is the lead itself, except that
   a recogniser which heard something that sounds like the phrase (`likeness` at least
   `alike`: the loop spelling 시작 as "시 자", 다시 as "나 시") is no evidence against it, so
   its better path counts as a tie. `rival_gap` is how far the runner-up keyword is behind
   (capped at `RIVAL_CAP`): a sound halfway between two keywords is not trusted. `overlong_s`
   is how much longer the utterance lasted than `SYLLABLE_S` per syllable of the phrase: "네" is
   one syllable, a three-syllable word taken for it is not "네". Without a loop recogniser (no
   syllable the model knows) the loop's term is left out.

The operating point shipped (`OPERATING_POINT`) was chosen by `scripts/bench_listen.py` on the
tuning part of its corpus; `docs/listening.md` has the data and the choice.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

RIVAL_CAP = 4.0
"""Nats: a runner-up keyword further behind than this (or none at all) counts as this far."""

SYLLABLE_S = 0.3
"""Seconds a syllable of a command may last before the utterance counts as too long for it."""


def syllables(phrase: str) -> int:
    """Syllables of a phrase: one per Hangul or Chinese character, one per vowel group otherwise."""
    count = 0
    for word in phrase.split():
        wide = sum(1 for char in word if ord(char) >= 0x2E80)
        count += wide or max(len(re.findall(r"[aeiouy]+", word.lower())), 1)
    return max(count, 1)


def _sounds(text: str) -> list[str]:
    """The sounds of a text: Hangul syllables as their jamo (initial, vowel, final), other
    characters as they are; spaces left out."""
    sounds: list[str] = []
    for char in text.replace(" ", ""):
        code = ord(char) - 0xAC00
        if 0 <= code < 11172:
            sounds += [f"L{code // 588}", f"V{code % 588 // 28}"] + ([f"T{code % 28}"] if code % 28 else [])
        else:
            sounds.append(char)
    return sounds


def likeness(heard: str, phrase: str) -> float:
    """How alike a decoded text sounds to a phrase, 0–1: one minus the edit distance of their
    sounds over the longer one (Hangul compared letter by letter, "지 자" to 시작 is 0.6)."""
    a, b = _sounds(heard), _sounds(phrase)
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i]
        for j, y in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        previous = current
    return 1.0 - previous[-1] / max(len(a), len(b), 1)


@dataclass(frozen=True)
class Evidence:
    """What the two recognisers made of one utterance.

    `heard_form` is the keyword-only recogniser's text (model words joined by spaces, empty
    when it heard nothing); `talk_form` the talk recogniser's, `loop_form` the loop
    recogniser's (None with `loop_ll` when there was no loop). Likelihoods are in nats (Vosk's
    n-best `confidence`); `rival_gap` is in nats, `speech_s` in seconds of sound.
    """

    heard_form: str
    keyword_ll: float
    rival_gap: float
    talk_form: str
    talk_ll: float
    speech_s: float
    too_long: bool = False
    loop_form: str | None = None
    loop_ll: float | None = None

    @property
    def talk_words(self) -> int:
        """How many words the talk recogniser needed to explain the sound."""
        return len(self.talk_form.split())

    @property
    def loop_words(self) -> int:
        """How many syllables the loop recogniser needed to explain the sound."""
        return len((self.loop_form or "").split())


@dataclass(frozen=True)
class OperatingPoint:
    """The weights and thresholds of rule 3, with the duration limits of rules 1 and 2 (seconds).

    `thresholds` maps a phrase as the phrasebook writes it to its own threshold (nats);
    every other phrase uses `threshold`. `alike` is a likeness (0–1); 1.0 turns it off.
    """

    word_credit: float = 0.0
    rival_weight: float = 0.0
    duration_weight: float = 0.0
    threshold: float = 0.0
    thresholds: Mapping[str, float] = field(default_factory=dict)
    min_speech_s: float = 0.15
    max_speech_s: float = 2.0
    talk_weight: float = 1.0
    loop_weight: float = 0.0
    loop_credit: float = 0.0
    agree_bonus: float = 0.0
    alike: float = 1.0
    min_syllable_s: float = 0.0

    def threshold_for(self, phrase: str) -> float:
        """The score a phrase must reach to be taken as said."""
        return self.thresholds.get(phrase, self.threshold)


def score(evidence: Evidence, point: OperatingPoint, phrase: str) -> float:
    """Rule 3's score of `phrase`, the keyword the keyword-only recogniser heard (nats; higher
    is surer)."""
    talk = evidence.talk_ll + point.word_credit * max(evidence.talk_words - 1, 0)
    total = point.talk_weight * _against(evidence.keyword_ll - talk, evidence.talk_form, phrase, point)
    if evidence.loop_ll is not None:
        loop = evidence.loop_ll + point.loop_credit * max(evidence.loop_words - 1, 0)
        loop_lead = evidence.keyword_ll - loop
        total += point.loop_weight * _against(loop_lead, evidence.loop_form or "", phrase, point)
    if evidence.talk_form == evidence.heard_form:
        total += point.agree_bonus
    rival = min(evidence.rival_gap, RIVAL_CAP)
    overlong_s = max(evidence.speech_s - SYLLABLE_S * syllables(phrase), 0.0)
    return total + point.rival_weight * rival - point.duration_weight * overlong_s


def _against(lead: float, heard: str, phrase: str, point: OperatingPoint) -> float:
    """How far the keyword leads a free recogniser that heard `heard` (nats); a recogniser that
    heard something alike to the phrase (`likeness` at least `point.alike`) is no evidence
    against it, so its better path does not count."""
    if lead < 0.0 and point.alike < 1.0 and likeness(heard, phrase) >= point.alike:
        return 0.0
    return lead


def verdict(evidence: Evidence, phrase: str | None, point: OperatingPoint) -> str:
    """The verdict on one utterance: "keyword" when it is the command `phrase`, else why not.

    `phrase` is the phrasebook phrase `evidence.heard_form` stands for (None when none).
    """
    if evidence.too_long or evidence.speech_s > point.max_speech_s:
        return "too long for a command"
    if evidence.speech_s < point.min_speech_s:
        return "too short for a command"
    if phrase is None:
        return "not one keyword" if evidence.heard_form else "nothing heard"
    if evidence.speech_s < point.min_syllable_s * syllables(phrase):
        return "too short for the word"
    if score(evidence, point, phrase) < point.threshold_for(phrase):
        return "sounds more like talk"
    return "keyword"


# Chosen by scripts/bench_listen.py on its tuning part (docs/listening.md, "The operating point"):
# the highest recall with false accepts on talk within 1.5 % (babble 4 %), at that budget and
# stricter ones. Its figures are for the Korean model on espeak-ng speech; other models share
# the weights and the thresholds.
OPERATING_POINT = OperatingPoint(
    word_credit=0.0,
    rival_weight=1.0,
    duration_weight=10.0,
    threshold=1.67,
    thresholds={"아니요": 6.18},
    min_speech_s=0.15,
    max_speech_s=2.0,
    talk_weight=0.5,
    loop_weight=1.0,
    loop_credit=2.0,
    agree_bonus=0.0,
    alike=0.5,
    min_syllable_s=0.1,
)
