"""Reading a WAV file as the 16 kHz 16-bit mono audio the recognisers take."""

from __future__ import annotations

import wave
from pathlib import Path

import numpy as np

from narrator.listen.segmenter import SAMPLE_RATE


class AudioFileError(ValueError):
    """The file is not a WAV file this judge can read."""


def resample(samples: np.ndarray, source_rate: int, target_rate: int = SAMPLE_RATE) -> np.ndarray:
    """Band-limited resampling of a whole recording (float64 in, float64 out).

    Done in the frequency domain: exact for a file, which is all this is for.
    """
    if source_rate == target_rate or len(samples) == 0:
        return samples.astype(np.float64)
    length = int(round(len(samples) * target_rate / source_rate))
    spectrum = np.fft.rfft(samples.astype(np.float64))
    kept = np.zeros(length // 2 + 1, dtype=complex)
    bins = min(len(kept), len(spectrum))
    kept[:bins] = spectrum[:bins]
    return np.fft.irfft(kept, length) * (length / len(samples))


def to_pcm16(samples: np.ndarray) -> np.ndarray:
    """Float samples on the int16 scale, rounded and clipped to int16."""
    return np.clip(np.round(samples), -32768, 32767).astype(np.int16)


def read_wav(path: str | Path) -> np.ndarray:
    """The file's audio as int16 at 16 kHz, channels averaged to mono.

    Takes 8-, 16- and 32-bit PCM at any rate. Raises AudioFileError otherwise.
    """
    try:
        with wave.open(str(path), "rb") as wav:
            rate, width, channels = wav.getframerate(), wav.getsampwidth(), wav.getnchannels()
            raw = wav.readframes(wav.getnframes())
    except (wave.Error, EOFError) as error:
        raise AudioFileError(f"{path}: not a PCM WAV file ({error})") from error
    if width == 1:
        data = (np.frombuffer(raw, dtype=np.uint8).astype(np.float64) - 128.0) * 256.0
    elif width == 2:
        data = np.frombuffer(raw, dtype="<i2").astype(np.float64)
    elif width == 4:
        data = np.frombuffer(raw, dtype="<i4").astype(np.float64) / 65536.0
    else:
        raise AudioFileError(f"{path}: {8 * width}-bit samples are not supported")
    if channels > 1:
        data = data.reshape(-1, channels).mean(axis=1)
    return to_pcm16(resample(data, rate))


def write_wav(path: str | Path, samples: np.ndarray, rate: int = SAMPLE_RATE) -> None:
    """Write int16 mono samples as a WAV file."""
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(rate)
        wav.writeframes(np.asarray(samples, dtype="<i2").tobytes())
