"""Night ambience, synthesised: a soft wind and distant crickets that loop without a seam.

It plays under the night steps to cover the small sounds of people moving (a chair, a hand
pointing). Made from seeded noise, so every table hears the same night, and it needs no file;
a voice pack may bring its own (`ambience.wav`).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from narrator.voice.clips import Clip

# Seconds in one loop of the ambience.
LOOP_SECONDS = 12.0
# Root-mean-square level of the whole ambience (speech from espeak-ng is about 0.1–0.2).
LEVEL = 0.03


def _wind(rng: np.random.Generator, count: int, samplerate: int) -> np.ndarray:
    """Brown-ish noise below ~500 Hz, slowly swelling; periodic over `count` samples."""
    bins = count // 2 + 1
    spectrum = rng.standard_normal(bins) + 1j * rng.standard_normal(bins)
    freqs = np.fft.rfftfreq(count, 1.0 / samplerate)
    shape = 1.0 / np.maximum(freqs, 30.0) / (1.0 + (freqs / 500.0) ** 4)
    shape[0] = 0.0
    wind = np.fft.irfft(spectrum * shape, count)
    wind /= np.sqrt(np.mean(wind**2)) or 1.0
    phase = np.arange(count) / count * 2.0 * np.pi
    swell = 1.0 + 0.35 * np.sin(2.0 * phase) + 0.15 * np.sin(5.0 * phase + 1.0)
    return wind * swell


def _crickets(rng: np.random.Generator, count: int, samplerate: int) -> np.ndarray:
    """Chirps of three short pulses near 4.5 kHz, about two a second, at varying loudness."""
    out = np.zeros(count)
    pulse_len = int(0.012 * samplerate)
    gap = int(0.022 * samplerate)
    pulse_t = np.arange(pulse_len) / samplerate
    envelope = np.hanning(pulse_len)
    chirp_len = 3 * pulse_len + 2 * gap
    for voice, pitch in enumerate((4400.0, 4750.0)):
        start = int(rng.uniform(0.1, 0.5) * samplerate)
        while start + chirp_len < count:
            loud = rng.uniform(0.3, 1.0) * (0.7 if voice else 1.0)
            tone = np.sin(2.0 * np.pi * pitch * pulse_t) * envelope * loud
            for k in range(3):
                at = start + k * (pulse_len + gap)
                out[at : at + pulse_len] += tone
            start += int(rng.uniform(0.45, 0.75) * samplerate)
    return out


@lru_cache(maxsize=4)
def night_ambience(samplerate: int = 22050, seconds: float = LOOP_SECONDS, seed: int = 7) -> Clip:
    """One loop of the night ambience at `samplerate` Hertz, `LEVEL` loud."""
    rng = np.random.default_rng(seed)
    count = int(seconds * samplerate)
    mix = _wind(rng, count, samplerate) + 0.6 * _crickets(rng, count, samplerate)
    mix *= LEVEL / (np.sqrt(np.mean(mix**2)) or 1.0)
    return Clip(mix.astype(np.float32), samplerate)
