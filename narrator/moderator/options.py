"""How a session runs (`narrator play`, `narrator demo`, `narrator resume`): its command line's choices."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Options:
    """How this session runs: bots at every seat, a fast clock, no sound, files out."""

    bots: bool = False
    fast: bool = False
    silent: bool = False
    out: Path | None = None
    record: Path | None = None
    self_destruct: float = 0.0
    printed: bool | None = None
    keypad: str | None = None  # "-" for the terminal, or a Linux input device
    voiceless: bool = False  # no voice on this box (`narrator.voice.preflight`): lines are printed
    screen: bool = False  # open the public screen (公屏) in this computer's browser
    evening_over: bool = False  # the last evening was just ended (`play --stay`): the judge says so
