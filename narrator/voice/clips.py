"""Clips: a line's audio in memory (mono float samples), read from and written to WAV files."""

from __future__ import annotations

import os
import tempfile
import wave
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

Samples = npt.NDArray[np.float32]


class ClipError(ValueError):
    """A sound file that cannot be read as a clip (not a PCM WAV, 24-bit, empty …)."""


@dataclass(frozen=True, slots=True)
class Clip:
    """Mono audio: `samples` in [-1, 1] at `samplerate` Hertz."""

    samples: Samples
    samplerate: int

    @property
    def seconds(self) -> float:
        """Length in seconds."""
        return len(self.samples) / self.samplerate

    def at_rate(self, samplerate: int) -> Clip:
        """This clip resampled to `samplerate` Hertz (linear interpolation: fine for speech
        and for the soft ambience, not for music)."""
        if samplerate == self.samplerate or not len(self.samples):
            return Clip(self.samples, samplerate)
        count = max(1, round(len(self.samples) * samplerate / self.samplerate))
        positions = np.arange(count, dtype=np.float64) * (self.samplerate / samplerate)
        samples = np.interp(positions, np.arange(len(self.samples)), self.samples)
        return Clip(samples.astype(np.float32), samplerate)

    def pcm16(self) -> bytes:
        """The samples as 16-bit little-endian PCM."""
        scaled = np.clip(np.round(self.samples * 32768.0), -32768, 32767)
        return scaled.astype("<i2").tobytes()


def silence(seconds: float, samplerate: int) -> Clip:
    """`seconds` of silence."""
    return Clip(np.zeros(round(seconds * samplerate), dtype=np.float32), samplerate)


def read_wav(path: Path) -> Clip:
    """A PCM WAV file (8-, 16- or 32-bit, any rate, mono or several channels mixed down)."""
    try:
        with wave.open(str(path), "rb") as file:
            channels = file.getnchannels()
            width = file.getsampwidth()
            rate = file.getframerate()
            frames = file.readframes(file.getnframes())
    except (wave.Error, EOFError) as error:
        raise ClipError(f"{path}: not a PCM WAV file ({error})") from None
    if width == 1:
        data = (np.frombuffer(frames, dtype=np.uint8).astype(np.float32) - 128.0) / 128.0
    elif width == 2:
        data = np.frombuffer(frames, dtype="<i2").astype(np.float32) / 32768.0
    elif width == 4:
        data = np.frombuffer(frames, dtype="<i4").astype(np.float32) / 2147483648.0
    else:
        raise ClipError(f"{path}: {8 * width}-bit samples are not supported (use 16-bit)")
    if channels > 1:
        data = data[: len(data) - len(data) % channels].reshape(-1, channels).mean(axis=1)
    return Clip(np.ascontiguousarray(data, dtype=np.float32), rate)


def write_wav(clip: Clip, path: Path) -> Path:
    """Write `clip` as a 16-bit mono WAV file, atomically (a reader never sees half a file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".part-", suffix=".wav")
    try:
        with os.fdopen(handle, "wb") as raw, wave.open(raw, "wb") as file:
            file.setnchannels(1)
            file.setsampwidth(2)
            file.setframerate(clip.samplerate)
            file.writeframes(clip.pcm16())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path


def loudness(clip: Clip) -> float:
    """Root-mean-square level of the clip (0 for silence, about 0.1 for speech)."""
    if not len(clip.samples):
        return 0.0
    return float(np.sqrt(np.mean(np.square(clip.samples, dtype=np.float64))))
