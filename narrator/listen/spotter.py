"""Hears one spoken command in a stream of audio, and turns everything else away.

In grammar mode Vosk maps any speech onto the grammar's words, so a keyword heard is only
a candidate. A candidate utterance becomes a command when all of these hold:

1. It lasts between `min_speech_s` and `max_speech_s`: a command is one short word between
   pauses, table talk is longer.
2. The keyword-only recogniser hears exactly one phrase, every word of it with confidence
   at least `min_confidence`.
3. The garbage recogniser (the same keywords offered beside the locale's everyday filler
   words, and Vosk's `[unk]` when the model has one) also hears that phrase: the keyword
   explains the sound better than talk does.

Both recognisers decode the same utterance as it comes in (grammar mode costs a few
hundredths of real time each); they are built once per prompt's grammar and kept.

A free-mode cross-check (no grammar; the transcript must contain the keyword) was measured
and left out: on espeak-ng's Korean its transcripts matched none of 12 keywords ("네" came
out as "례", "계속" as "예속"), and it decodes at 0.1–0.3× real time.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from narrator.listen.grammar import Grammar, build_grammar
from narrator.listen.phrasebook import Command, Phrasebook
from narrator.listen.segmenter import (
    FRAME_S,
    FRAME_SAMPLES,
    SAMPLE_RATE,
    Mark,
    Segmenter,
    SegmenterSettings,
)


@dataclass(frozen=True)
class SpotterSettings:
    """How sure the judge must be; times in seconds, confidence from 0 to 1."""

    min_speech_s: float = 0.15
    max_speech_s: float = 2.0
    min_confidence: float = 0.9
    segmenter: SegmenterSettings = field(default_factory=SegmenterSettings)


@dataclass(frozen=True)
class Decision:
    """What the judge made of one utterance.

    `heard` is the phrase as the phrasebook writes it, or None when the utterance was turned
    away (`reason` says why). Times are seconds of audio since the stream began;
    `decided_s` is when the decision was taken, `compute_s` the wall time its last step took.
    """

    heard: str | None
    command: Command | None
    confidence: float
    reason: str
    transcript: str
    start_s: float
    end_s: float
    decided_s: float
    compute_s: float

    def as_json(self) -> dict[str, Any]:
        """The decision as a JSON-ready dict."""
        data = asdict(self)
        data["command"] = self.command.value if self.command else None
        return data


class _Recognisers:
    """The keyword-only and the garbage recogniser for one grammar."""

    def __init__(self, model: Any, grammar: Grammar) -> None:
        from vosk import KaldiRecognizer

        self.grammar = grammar
        self.keyword = KaldiRecognizer(
            model, SAMPLE_RATE, json.dumps(grammar.keyword_json_list(), ensure_ascii=False)
        )
        self.garbage = KaldiRecognizer(
            model, SAMPLE_RATE, json.dumps(grammar.garbage_json_list(), ensure_ascii=False)
        )
        for recogniser in (self.keyword, self.garbage):
            recogniser.SetWords(True)
        self._words: dict[str, list[dict[str, Any]]] = {"keyword": [], "garbage": []}

    def start(self) -> None:
        for recogniser in (self.keyword, self.garbage):
            recogniser.Reset()
        self._words = {"keyword": [], "garbage": []}

    def accept(self, pcm: bytes) -> None:
        for name, recogniser in (("keyword", self.keyword), ("garbage", self.garbage)):
            if recogniser.AcceptWaveform(pcm):
                self._words[name] += _words(recogniser.Result())

    def finish(self) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        keyword = self._words["keyword"] + _words(self.keyword.FinalResult())
        garbage = self._words["garbage"] + _words(self.garbage.FinalResult())
        return keyword, garbage


def _words(result_json: str) -> list[dict[str, Any]]:
    words: list[dict[str, Any]] = json.loads(result_json).get("result", [])
    return words


def _contains(words: list[str], phrase: list[str]) -> bool:
    n = len(phrase)
    return any(words[i : i + n] == phrase for i in range(len(words) - n + 1))


class KeywordSpotter:
    """Turns 16 kHz 16-bit mono audio into decisions, one per utterance.

    The model is a loaded `vosk.Model`; `phrasebook` the prompt's phrases. Call `listen_for`
    to change the prompt: recognisers are built once per distinct grammar and reused.
    Not thread-safe: feed it from one thread.
    """

    def __init__(self, model: Any, book: Phrasebook, settings: SpotterSettings | None = None) -> None:
        self.model = model
        self.settings = settings or SpotterSettings()
        self._segmenter = Segmenter(self.settings.segmenter)
        self._cache: dict[tuple[str, ...], _Recognisers] = {}
        self._pending = np.zeros(0, dtype=np.int16)
        self._frames_seen = 0
        self._utterance_frames = 0
        self._utterance_start = 0
        self._too_long = False
        self.grammar = self.listen_for(book)

    def knows(self, word: str) -> bool:
        """Whether the model's vocabulary has this word."""
        found: int = self.model.vosk_model_find_word(word)
        return found >= 0

    def listen_for(self, book: Phrasebook) -> Grammar:
        """Switch to the grammar of `book`; any utterance in progress is dropped."""
        grammar = build_grammar(book, self.knows)
        key = tuple(sorted(grammar.phrases)) + ("|",) + grammar.fillers
        if key not in self._cache:
            self._cache[key] = _Recognisers(self.model, grammar)
        self._recognisers = self._cache[key]
        self.grammar = grammar
        self.drop_utterance()
        return grammar

    def drop_utterance(self) -> None:
        """Forget the utterance in progress, if any (the judge started speaking)."""
        self._segmenter.reset()
        self._utterance_frames = 0
        self._too_long = False

    def feed(self, samples: np.ndarray) -> list[Decision]:
        """Take more audio (int16, 16 kHz, mono); return the decisions it completed."""
        if len(self._pending):
            samples = np.concatenate([self._pending, samples])
        whole = len(samples) // FRAME_SAMPLES * FRAME_SAMPLES
        self._pending = samples[whole:].copy()
        decisions = []
        for offset in range(0, whole, FRAME_SAMPLES):
            decision = self._push(samples[offset : offset + FRAME_SAMPLES])
            if decision is not None:
                decisions.append(decision)
        return decisions

    def skip(self, sample_count: int) -> None:
        """Count audio that was not fed (muted), so times stay true to the stream."""
        self._frames_seen += sample_count // FRAME_SAMPLES

    def flush(self) -> list[Decision]:
        """End of stream: decide on an utterance still open."""
        silence = np.zeros(
            int(SAMPLE_RATE * self.settings.segmenter.hangover_s) + FRAME_SAMPLES, dtype=np.int16
        )
        return self.feed(silence)

    def _push(self, frame: np.ndarray) -> Decision | None:
        self._frames_seen += 1
        mark = self._segmenter.push(frame)
        if mark is Mark.QUIET:
            return None
        recognisers = self._recognisers
        if mark is Mark.START:
            recognisers.start()
            preroll = self._segmenter.take_preroll()
            self._utterance_start = self._frames_seen - len(preroll)
            self._utterance_frames = 0
            self._too_long = False
            recognisers.accept(np.concatenate(preroll).tobytes())
            return None
        self._utterance_frames += 1
        if not self._too_long:
            self._too_long = self._utterance_frames * FRAME_S > self.settings.max_speech_s
            if not self._too_long:
                recognisers.accept(frame.tobytes())
        if mark is Mark.END:
            return self._decide()
        return None

    def _decide(self) -> Decision:
        began = time.perf_counter()
        settings = self.settings
        hangover = settings.segmenter.hangover_s
        start_s = self._utterance_start * FRAME_S
        decided_s = self._frames_seen * FRAME_S
        speech_s = self._utterance_frames * FRAME_S - hangover
        keyword_words, garbage_words = self._recognisers.finish()
        heard_form = " ".join(w["word"] for w in keyword_words)
        confidence = min((float(w["conf"]) for w in keyword_words), default=0.0)
        phrase = self.grammar.phrase_of(heard_form)
        if self._too_long:
            reason = "too long for a command"
        elif speech_s < settings.min_speech_s:
            reason = "too short for a command"
        elif phrase is None:
            reason = "not one keyword" if keyword_words else "nothing heard"
        elif confidence < settings.min_confidence:
            reason = "low confidence"
        elif not _contains([w["word"] for w in garbage_words], heard_form.split()):
            reason = "sounds more like talk"
        else:
            reason = "keyword"
        accepted = reason == "keyword"
        return Decision(
            heard=phrase if accepted else None,
            command=self.grammar.commands.get(heard_form) if accepted else None,
            confidence=round(confidence, 3),
            reason=reason,
            transcript=heard_form,
            start_s=round(start_s, 3),
            end_s=round(decided_s - hangover, 3),
            decided_s=round(decided_s, 3),
            compute_s=round(time.perf_counter() - began, 4),
        )


def decide_file(spotter: KeywordSpotter, samples: np.ndarray, chunk_s: float = 0.1) -> Iterable[Decision]:
    """Run a whole recording through the spotter in `chunk_s` pieces, as a microphone would."""
    chunk = int(SAMPLE_RATE * chunk_s)
    for offset in range(0, len(samples), chunk):
        yield from spotter.feed(samples[offset : offset + chunk])
    yield from spotter.flush()
