"""The cache of rendered lines: one WAV file per (engine, voice, locale, text), kept on disk.

The cache lives in `$WEREWOLF_NARRATOR_CACHE`, else `$XDG_CACHE_HOME/werewolf-narrator`, else
`~/.cache/werewolf-narrator` (or the folder given). A line's file is named by a hash of what
makes its sound: the engine and its version, the voice and its front end and rate, the
locale, and the text. Files are written atomically, so a half-rendered line is never played.
Decoded clips are also kept in memory, so a line said twice is not even read twice.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from narrator.voice.catalogue import VoiceSettings
from narrator.voice.clips import Clip, read_wav

CACHE_ENV = "WEREWOLF_NARRATOR_CACHE"
# Decoded clips kept in memory (a whole catalogue is about 80 lines of ~2 s each).
MEMORY_LINES = 256


def default_cache_dir() -> Path:
    """Where rendered lines are kept when no folder is given."""
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "werewolf-narrator"


@dataclass(frozen=True, slots=True)
class LineKey:
    """What a rendered line's sound depends on."""

    engine: str
    voice: VoiceSettings
    locale: str
    text: str

    def digest(self) -> str:
        """A stable hex name for this line."""
        fields = {
            "engine": self.engine,
            "voice": self.voice.espeak,
            "front_end": self.voice.front_end,
            "rate": self.voice.rate,
            "locale": self.locale,
            "text": self.text,
        }
        blob = json.dumps(fields, ensure_ascii=False, sort_keys=True).encode()
        return hashlib.sha256(blob).hexdigest()[:32]


@dataclass
class CacheStats:
    """How often lines were found in the cache (in memory or on disk) or rendered."""

    memory_hits: int = 0
    disk_hits: int = 0
    renders: int = 0


class LineCache:
    """Rendered lines on disk under `root`, with the most recent ones decoded in memory."""

    def __init__(self, root: Path | None = None, memory_lines: int = MEMORY_LINES) -> None:
        self.root = root or default_cache_dir()
        self.stats = CacheStats()
        self._memory: OrderedDict[str, Clip] = OrderedDict()
        self._memory_lines = memory_lines
        self._lock = threading.Lock()

    def path(self, key: LineKey) -> Path:
        """Where the line `key` is (or would be) kept."""
        digest = key.digest()
        return self.root / "lines" / key.locale / digest[:2] / f"{digest}.wav"

    def __contains__(self, key: LineKey) -> bool:
        return self.path(key).exists()

    def clip(self, key: LineKey, render: Callable[[Path], Clip]) -> Clip:
        """The line `key`, from memory, from disk, or made by `render(path)` and kept.

        `render` must write the line's WAV file at the path it is given and return its clip.
        """
        digest = key.digest()
        with self._lock:
            cached = self._memory.get(digest)
            if cached is not None:
                self._memory.move_to_end(digest)
                self.stats.memory_hits += 1
                return cached
        path = self.path(key)
        if path.exists():
            clip = read_wav(path)
            self.stats.disk_hits += 1
        else:
            clip = render(path)
            self.stats.renders += 1
        with self._lock:
            self._memory[digest] = clip
            while len(self._memory) > self._memory_lines:
                self._memory.popitem(last=False)
        return clip

    def forget_memory(self) -> None:
        """Drop the decoded clips (the files stay): the next use reads from disk."""
        with self._lock:
            self._memory.clear()
