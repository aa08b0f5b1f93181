"""What the judge said, kept: printed with the time, and written as numbered WAV files."""

from __future__ import annotations

import re
import sys
import threading
from datetime import datetime
from pathlib import Path
from typing import TextIO

from narrator.voice.clips import Clip, write_wav

_NUMBERED = re.compile(r"^(\d+)-")
_UNSAFE = re.compile(r"[^\w.@=,-]+")


class Transcript:
    """Prints each line as it starts: `[21:03:15] 天黑请闭眼。`."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream

    def line(self, text: str, when: datetime | None = None) -> None:
        """Print `text` with the time (now, unless `when` is given)."""
        stamp = (when or datetime.now()).strftime("%H:%M:%S")
        stream = self.stream or sys.stdout
        print(f"[{stamp}] {text}", file=stream, flush=True)


class LineFolder:
    """Writes each line to `folder` as `001-night.falls.wav`, `002-…`, in the order spoken.

    Numbering goes on after the highest number already in the folder, so nothing is
    overwritten and a folder keeps the order of everything said into it.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        numbers = [int(m.group(1)) for p in folder.iterdir() if (m := _NUMBERED.match(p.name))]
        self._next = max(numbers, default=0) + 1
        self._lock = threading.Lock()

    def write(self, clip: Clip, label: str) -> Path:
        """Write `clip` as the next numbered file, named after `label` (a line key)."""
        with self._lock:
            number = self._next
            self._next += 1
        name = _UNSAFE.sub("_", label).strip("_") or "line"
        return write_wav(clip, self.folder / f"{number:03d}-{name}.wav")

    def files(self) -> list[Path]:
        """The numbered files in the folder, in order."""
        numbered = [(int(m.group(1)), p) for p in self.folder.glob("*.wav") if (m := _NUMBERED.match(p.name))]
        return [p for _, p in sorted(numbered)]
