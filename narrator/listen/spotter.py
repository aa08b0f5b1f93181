"""Hears one spoken command in a stream of audio, and turns everything else away.

In grammar mode Vosk maps any speech onto the grammar's words, so a keyword heard is only
a candidate. Three recognisers decode each utterance as it comes in: the keyword-only one (the
prompt's phrases), the talk one (the same phrases beside the locale's everyday filler words)
and the loop one (the locale's commonest syllables, which spell any speech without a keyword).
When the utterance ends, their evidence (`calibration.Evidence`: the best paths, their
likelihoods, the runner-up keyword, the duration) is weighed by `calibration.verdict` at the
calibrated operating point. Grammar mode costs a few hundredths of real time per recogniser;
they are built once per prompt's grammar and kept.

A free-mode cross-check (no grammar; the transcript must contain the keyword) was measured
and left out: on espeak-ng's Korean its transcripts matched none of 12 keywords ("네" came
out as "례", "계속" as "예속"), and it decodes at 0.1–0.3× real time.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from narrator.inbox import CommandWord
from narrator.listen.calibration import OPERATING_POINT, RIVAL_CAP, Evidence, OperatingPoint, score, verdict
from narrator.listen.grammar import Grammar, build_grammar
from narrator.listen.phrasebook import Phrasebook
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
    """How sure the judge must be (`calibration.OperatingPoint`) and how utterances are cut."""

    point: OperatingPoint = OPERATING_POINT
    segmenter: SegmenterSettings = field(default_factory=SegmenterSettings)


@dataclass(frozen=True)
class Decision:
    """What the judge made of one utterance.

    `heard` is the phrase as the phrasebook writes it, or None when the utterance was turned
    away (`reason` says why). `margin` is the score minus the phrase's threshold (nats; at
    least 0 when heard, None when no single keyword was decoded), `confidence` the same on a
    0–1 scale (0.5 at the threshold). Times are seconds of audio since the stream began;
    `decided_s` is when the decision was taken, `compute_s` the wall time its last step took.
    `evidence` is what the recognisers said, for calibration and `narrator listen --json`.
    """

    heard: str | None
    command: CommandWord | None
    confidence: float
    margin: float | None
    reason: str
    transcript: str
    start_s: float
    end_s: float
    decided_s: float
    compute_s: float
    evidence: Evidence

    def as_json(self) -> dict[str, Any]:
        """The decision as a JSON-ready dict."""
        data = asdict(self)
        data["command"] = self.command.value if self.command else None
        return data


class _Recognisers:
    """The keyword-only, the talk and the loop recogniser for one grammar (the loop only with
    `with_loop` and syllables). `loop_compute_s` adds up the CPU time the loop took, so that
    its cost can be told apart."""

    def __init__(self, model: Any, grammar: Grammar, with_loop: bool) -> None:
        from vosk import KaldiRecognizer

        self.grammar = grammar
        self.keyword = KaldiRecognizer(
            model, SAMPLE_RATE, json.dumps(grammar.keyword_json_list(), ensure_ascii=False)
        )
        self.talk = KaldiRecognizer(
            model, SAMPLE_RATE, json.dumps(grammar.garbage_json_list(), ensure_ascii=False)
        )
        self.keyword.SetMaxAlternatives(2)
        self.talk.SetMaxAlternatives(1)
        self.all = [self.keyword, self.talk]
        self.loop = None
        self.loop_compute_s = 0.0
        if with_loop and grammar.syllables:
            self.loop = KaldiRecognizer(
                model, SAMPLE_RATE, json.dumps(grammar.loop_json_list(), ensure_ascii=False)
            )
            self.loop.SetMaxAlternatives(1)
            self.all.append(self.loop)

    def start(self) -> None:
        for recogniser in self.all:
            recogniser.Reset()

    def accept(self, pcm: bytes) -> None:
        self.keyword.AcceptWaveform(pcm)
        self.talk.AcceptWaveform(pcm)
        if self.loop is not None:
            began = time.thread_time()
            self.loop.AcceptWaveform(pcm)
            self.loop_compute_s += time.thread_time() - began

    def finish(self, speech_s: float, too_long: bool) -> Evidence:
        """The evidence of the utterance fed since `start`."""
        keyword = _alternatives(self.keyword.FinalResult())
        talk = _alternatives(self.talk.FinalResult())
        best_text, best_ll = (
            (str(keyword[0]["text"]), float(keyword[0]["confidence"])) if keyword else ("", 0.0)
        )
        rival_gap = best_ll - float(keyword[1]["confidence"]) if len(keyword) > 1 else RIVAL_CAP
        talk_text, talk_ll = (str(talk[0]["text"]), float(talk[0]["confidence"])) if talk else ("", 0.0)
        loop_text: str | None = None
        loop_ll: float | None = None
        if self.loop is not None:
            began = time.thread_time()
            loop = _alternatives(self.loop.FinalResult())
            self.loop_compute_s += time.thread_time() - began
            loop_text, loop_ll = (
                (str(loop[0]["text"]), round(float(loop[0]["confidence"]), 3)) if loop else ("", 0.0)
            )
        return Evidence(
            heard_form=best_text,
            keyword_ll=round(best_ll, 3),
            rival_gap=round(min(rival_gap, RIVAL_CAP), 3),
            talk_form=talk_text,
            talk_ll=round(talk_ll, 3),
            speech_s=round(speech_s, 3),
            too_long=too_long,
            loop_form=loop_text,
            loop_ll=loop_ll,
        )


def _alternatives(result_json: str) -> list[dict[str, Any]]:
    """The n-best list of a result, the paths Vosk could not align left out."""
    found: list[dict[str, Any]] = json.loads(result_json).get("alternatives", [])
    return [a for a in found if "confidence" in a]


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

    @property
    def floor_db(self) -> float:
        """The room's noise floor as the segmenter hears it (dB over one quantisation step)."""
        return self._segmenter.floor_db

    @property
    def loop_compute_s(self) -> float:
        """CPU seconds the loop recognisers have taken so far (0 without a loop)."""
        return sum(r.loop_compute_s for r in self._cache.values())

    def knows(self, word: str) -> bool:
        """Whether the model's vocabulary has this word."""
        found: int = self.model.vosk_model_find_word(word)
        return found >= 0

    def listen_for(self, book: Phrasebook) -> Grammar:
        """Switch to the grammar of `book`; any utterance in progress is dropped.

        A grammar the model can hear none of (every phrase unknown) decides nothing.
        """
        grammar = build_grammar(book, self.knows)
        key = tuple(sorted(grammar.phrases)) + ("|",) + grammar.fillers
        if key not in self._cache and grammar.phrases:  # Vosk crashes on an empty grammar
            self._cache[key] = _Recognisers(self.model, grammar, self.settings.point.loop_weight != 0)
        self._recognisers = self._cache.get(key)
        self.grammar = grammar
        self.drop_utterance()
        return grammar

    def drop_utterance(self) -> None:
        """Forget the utterance in progress, if any (the judge started speaking)."""
        self._segmenter.reset()
        self._utterance_frames = 0
        self._too_long = False

    def restart(self) -> None:
        """Start a new stream: times from zero, the noise floor learnt afresh."""
        self._segmenter = Segmenter(self.settings.segmenter)
        self._pending = np.zeros(0, dtype=np.int16)
        self._frames_seen = 0
        self.drop_utterance()

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
        recognisers = self._recognisers
        if mark is Mark.QUIET or recognisers is None:
            return None
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
            self._too_long = self._utterance_frames * FRAME_S > self.settings.point.max_speech_s
            if not self._too_long:
                recognisers.accept(frame.tobytes())
        if mark is Mark.END:
            return self._decide(recognisers)
        return None

    def _decide(self, recognisers: _Recognisers) -> Decision:
        began = time.perf_counter()
        point = self.settings.point
        hangover = self.settings.segmenter.hangover_s
        decided_s = self._frames_seen * FRAME_S
        speech_s = self._utterance_frames * FRAME_S - hangover
        evidence = recognisers.finish(speech_s, self._too_long)
        phrase = self.grammar.phrase_of(evidence.heard_form)
        reason = verdict(evidence, phrase, point)
        margin = None if phrase is None else score(evidence, point, phrase) - point.threshold_for(phrase)
        accepted = reason == "keyword"
        return Decision(
            heard=phrase if accepted else None,
            command=self.grammar.commands.get(evidence.heard_form) if accepted else None,
            confidence=0.0 if margin is None else round(1.0 / (1.0 + math.exp(-max(margin, -50.0))), 3),
            margin=None if margin is None else round(margin, 2),
            reason=reason,
            transcript=evidence.heard_form,
            start_s=round(self._utterance_start * FRAME_S, 3),
            end_s=round(decided_s - hangover, 3),
            decided_s=round(decided_s, 3),
            compute_s=round(time.perf_counter() - began, 4),
            evidence=evidence,
        )


def decide_file(spotter: KeywordSpotter, samples: np.ndarray, chunk_s: float = 0.1) -> Iterable[Decision]:
    """Run a whole recording through the spotter in `chunk_s` pieces, as a microphone would."""
    chunk = int(SAMPLE_RATE * chunk_s)
    for offset in range(0, len(samples), chunk):
        yield from spotter.feed(samples[offset : offset + chunk])
    yield from spotter.flush()
