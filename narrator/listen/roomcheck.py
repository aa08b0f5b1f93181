"""The room check: the table says each command once, and the host learns what the box hears.

`narrator listen --check` runs it: the judge says a word, a player repeats it, and each word
is reported as heard or not, with its margin (how far its score cleared the threshold, in
nats) and the room's noise floor. When a word is not heard the host is told what to change:
move the box, raise the voice, say the word on its own.

From a recording (`--file`), the recording's utterances answer the words in order, one each;
utterances too short to be a word (a click, a cough) are passed over.
"""

from __future__ import annotations

import queue
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from narrator.listen.spotter import Decision, KeywordSpotter, decide_file

NOISY_FLOOR_DB = 55.0
"""A noise floor above this (dB over one quantisation step of 16-bit audio) is a noisy room:
a quiet room through a USB microphone sits around 30–45."""

NARROW_MARGIN = 1.0
"""Nats: a word heard with less margin than this was heard only just."""


@dataclass(frozen=True)
class WordCheck:
    """How one command word came through: the decision it got, if any."""

    phrase: str
    decision: Decision | None
    lacks: tuple[str, ...] = ()
    """The words of the phrase the model does not know (it cannot hear the phrase at all)."""

    @property
    def heard(self) -> bool:
        return self.decision is not None and self.decision.heard == self.phrase

    def line(self) -> str:
        """One line of the report."""
        d = self.decision
        if self.lacks:
            return f"  {self.phrase:10} not heard: the model lacks {', '.join(self.lacks)}"
        if d is None:
            return f"  {self.phrase:10} not heard: nothing was heard"
        margin = "" if d.margin is None else f" (margin {d.margin:+.1f})"
        if self.heard:
            return f"  {self.phrase:10} heard{margin}"
        if d.heard is not None:
            return f"  {self.phrase:10} not heard: taken for {d.heard}{margin}"
        return f"  {self.phrase:10} not heard: {d.reason} [{d.transcript or '-'}]{margin}"

    def advice(self) -> str | None:
        """What the host should change for this word, or None when it came through well."""
        d = self.decision
        if self.lacks:
            return f"{self.phrase}: the model cannot hear it; use its button, or install a larger model"
        if d is None:
            return f"{self.phrase}: nothing reached the box; speak up, or move the box nearer the players"
        if self.heard:
            if d.margin is not None and d.margin < NARROW_MARGIN:
                return f"{self.phrase}: heard only just; say it a little louder and more clearly"
            return None
        if d.heard is not None:
            return f"{self.phrase}: the box took it for {d.heard}; say it more clearly, on its own"
        if d.reason == "too long for a command":
            return f"{self.phrase}: say the word alone, with a pause after it"
        if d.reason == "too short for a command":
            return f"{self.phrase}: only a click reached the box; speak up, or move the box nearer"
        return f"{self.phrase}: not recognised; say it clearly on its own, louder, or move the box nearer"


@dataclass(frozen=True)
class RoomCheck:
    """The check of every word, and the room's noise floor (dB over one quantisation step)."""

    words: tuple[WordCheck, ...]
    floor_db: float

    @property
    def all_heard(self) -> bool:
        return all(w.heard for w in self.words)

    def report(self) -> list[str]:
        """The lines printed for the host: each word, the noise floor, then what to change."""
        heard = sum(w.heard for w in self.words)
        lines = [w.line() for w in self.words]
        noisy = self.floor_db > NOISY_FLOOR_DB
        lines.append(f"noise floor: {self.floor_db:.0f} dB ({'noisy' if noisy else 'quiet enough'})")
        lines.append(f"heard {heard} of {len(self.words)} words")
        advice = [a for w in self.words if (a := w.advice()) is not None]
        if noisy:
            advice.insert(0, "the room is noisy: move the box away from music, fans or the kitchen")
        if not advice:
            lines.append("the box hears this table well: nothing to change")
        lines += [f"advice: {a}" for a in advice]
        return lines


def check_recording(spotter: KeywordSpotter, phrases: Sequence[str], samples: np.ndarray) -> RoomCheck:
    """Check `phrases` against a recording of the table saying them in order, one each.

    A phrase the model cannot hear (`spotter.grammar.unknown`) still takes its utterance.
    """
    floors: list[float] = []
    answers: list[Decision] = []
    for decision in decide_file(spotter, samples):
        floors.append(spotter.floor_db)
        if decision.reason != "too short for a command":
            answers.append(decision)
    unknown = spotter.grammar.unknown
    words = tuple(
        WordCheck(phrase, answers[i] if i < len(answers) else None, tuple(unknown.get(phrase, ())))
        for i, phrase in enumerate(phrases)
    )
    return RoomCheck(words, max(floors, default=spotter.floor_db))


def check_live(
    phrases: Sequence[str],
    decisions: queue.Queue[Decision],
    prompt: Callable[[str], None],
    floor_db: Callable[[], float],
    wait_s: float = 4.0,
    unknown: Mapping[str, Sequence[str]] | None = None,
) -> RoomCheck:
    """Check `phrases` live: `prompt(phrase)` asks for each (it returns once the judge has
    said it), then the first decision to arrive within `wait_s` seconds answers it.

    `decisions` receives every decision of a started listener (its `on_decision`); `unknown`
    maps the phrases the model cannot hear to the words they lack.
    """
    words = []
    floors = []
    for phrase in phrases:
        prompt(phrase)
        while not decisions.empty():
            decisions.get_nowait()
        try:
            answer: Decision | None = decisions.get(timeout=wait_s)
        except queue.Empty:
            answer = None
        floors.append(floor_db())
        words.append(WordCheck(phrase, answer, tuple((unknown or {}).get(phrase, ()))))
    return RoomCheck(tuple(words), max(floors, default=floor_db()))
