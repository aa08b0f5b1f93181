"""A damaged store file refused as it is opened, set aside next to the store with a note, and
listed again (`narrator games`)."""

from __future__ import annotations

import os
import time
from pathlib import Path

from narrator.store.errors import DamagedStore, StoreIsFolder
from narrator.store.paths import PRIVATE, companions

# The part of a set-aside store's name that says it was set aside, and its note's suffix.
ASIDE_MARK = ".damaged-"
NOTE_SUFFIX = ".txt"


def check_files(path: Path) -> bool:
    """Create the store file for its owner only (True: created now); refuse an empty one
    (SQLite would open it as an empty store, and delete a WAL beside it: every game lost)."""
    main, wal, _ = companions(path)
    if main.is_dir():
        raise StoreIsFolder(path)
    if not main.exists():
        os.close(os.open(main, os.O_WRONLY | os.O_CREAT, PRIVATE))
        return True
    if main.stat().st_size == 0 and wal.exists() and wal.stat().st_size > 0:
        raise DamagedStore(
            path, f"the main file is empty but its write-ahead log ({wal.stat().st_size} bytes) is beside it"
        )
    if main.stat().st_size == 0:
        raise DamagedStore(path, "the main file is empty (0 bytes) and no write-ahead log holds its pages")
    return False


def set_aside(path: Path, problem: str) -> Path:
    """Move the damaged store `path` (with its WAL and SHM) next to itself, under a name
    that says so, with a note of `problem`; the new path. The store's place is then free."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.stem}{ASIDE_MARK}{stamp}{path.suffix}")
    number = 1
    while aside.exists():
        number += 1
        aside = path.with_name(f"{path.stem}{ASIDE_MARK}{stamp}-{number}{path.suffix}")
    for old, new in zip(companions(path), companions(aside), strict=True):
        if old.exists():
            old.rename(new)
    note = aside.with_name(aside.name + NOTE_SUFFIX)
    fd = os.open(note, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, PRIVATE)
    with os.fdopen(fd, "w", encoding="utf-8") as file:
        file.write(problem + "\n")
    return aside


def kept_aside(path: Path) -> list[tuple[Path, str]]:
    """The damaged stores set aside next to the store `path`, oldest first, with their notes."""
    found = []
    for aside in sorted(path.parent.glob(f"{path.stem}{ASIDE_MARK}*{path.suffix}")):
        note = aside.with_name(aside.name + NOTE_SUFFIX)
        problem = note.read_text(encoding="utf-8").strip() if note.exists() else "(no note)"
        found.append((aside, problem))
    return found
