"""Cuts a stream of audio into utterances by loudness, so a word is decided on as soon as it ends.

Vosk's own endpointing waits for half a second of silence (the models' `model.conf`); a
spoken command needs a decision sooner, so the judge finds the ends itself:

1. Audio comes in frames of `FRAME_S` (10 ms) of 16-bit mono PCM.
2. The noise floor is the quietest frame of the last `floor_window_s`: a command is shorter
   than that and has a pause on either side, so the floor stays at the room's hum.
3. Speech starts when `START_FRAMES` frames in a row are `start_db` above the floor; the
   `preroll_s` before it belong to the utterance, so a soft first consonant is kept.
4. Speech goes on while frames stay `stay_db` above the floor, and ends after `hangover_s`
   below it.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass
from enum import Enum

import numpy as np

SAMPLE_RATE = 16000
FRAME_S = 0.010
FRAME_SAMPLES = int(SAMPLE_RATE * FRAME_S)
START_FRAMES = 3


@dataclass(frozen=True)
class SegmenterSettings:
    """Loudness thresholds (decibels above the noise floor) and times (seconds)."""

    start_db: float = 9.0
    stay_db: float = 5.0
    hangover_s: float = 0.20
    preroll_s: float = 0.25
    floor_window_s: float = 2.0
    quietest_db: float = 30.0
    """The floor never goes below this level (dB over one quantisation step), so digital
    silence does not make every breath look like speech."""


class Mark(Enum):
    """What a frame is, as far as utterances go."""

    QUIET = "quiet"
    START = "start"
    SPEECH = "speech"
    END = "end"


def frame_level_db(frame: np.ndarray) -> float:
    """The loudness of one frame of 16-bit samples, in dB over one quantisation step."""
    power = float(np.mean(np.square(frame.astype(np.float64)))) if len(frame) else 0.0
    return 10.0 * math.log10(power + 1.0)


class Segmenter:
    """Marks each 10 ms frame as quiet, the start of an utterance, speech, or its end.

    With START, `take_preroll()` returns the frames just before (the start frames included);
    the caller feeds those to the recogniser, then every SPEECH frame, then the END frame.
    """

    def __init__(self, settings: SegmenterSettings | None = None) -> None:
        self.settings = settings or SegmenterSettings()
        preroll_frames = int(round(self.settings.preroll_s / FRAME_S)) + START_FRAMES
        self._preroll: deque[np.ndarray] = deque(maxlen=preroll_frames)
        self._hangover_frames = int(round(self.settings.hangover_s / FRAME_S))
        window_frames = int(round(self.settings.floor_window_s / FRAME_S))
        self._levels: deque[float] = deque(maxlen=window_frames)
        self._loud_run = 0
        self._quiet_run = 0
        self.in_utterance = False

    @property
    def floor_db(self) -> float:
        """The current noise floor (dB over one quantisation step)."""
        return max(min(self._levels, default=0.0), self.settings.quietest_db)

    def push(self, frame: np.ndarray) -> Mark:
        """Classify the next frame (FRAME_SAMPLES samples)."""
        level = frame_level_db(frame)
        self._levels.append(level)
        floor = self.floor_db
        settings = self.settings
        if not self.in_utterance:
            self._preroll.append(frame)
            if level >= floor + settings.start_db:
                self._loud_run += 1
            else:
                self._loud_run = 0
            if self._loud_run >= START_FRAMES:
                self.in_utterance = True
                self._quiet_run = 0
                return Mark.START
            return Mark.QUIET
        if level >= floor + settings.stay_db:
            self._quiet_run = 0
            return Mark.SPEECH
        self._quiet_run += 1
        if self._quiet_run >= self._hangover_frames:
            self.reset()
            return Mark.END
        return Mark.SPEECH

    def take_preroll(self) -> list[np.ndarray]:
        """The frames kept from before the utterance started, oldest first."""
        frames = list(self._preroll)
        self._preroll.clear()
        return frames

    def reset(self) -> None:
        """Forget any utterance in progress (the noise floor is kept)."""
        self.in_utterance = False
        self._loud_run = 0
        self._quiet_run = 0
        self._preroll.clear()
