"""Where a store's files are (the user's, a folder's, the demo games'), and a file its owner's only."""

from __future__ import annotations

import os
from pathlib import Path

DATA_ENV = "WEREWOLF_NARRATOR_DATA"
# Demo games are kept in this folder next to the table's store, apart from real games.
DEMO_FOLDER = "demo"
STORE_SUFFIX = ".sqlite3"  # a store's file name ends so (a folder named so is a mistake)
PRIVATE = 0o600


def default_path() -> Path:
    """`$WEREWOLF_NARRATOR_DATA/games.sqlite3`, else under `$XDG_DATA_HOME/werewolf-narrator`."""
    if os.environ.get(DATA_ENV):
        return Path(os.environ[DATA_ENV]) / "games.sqlite3"
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "werewolf-narrator" / "games.sqlite3"


def store_path(path: Path | str | None = None) -> Path:
    """The store's file: `path` itself, or `games.sqlite3` in it when it is a folder (or has
    no suffix) but one named as a store is (`StoreIsFolder` when opened); the user's default
    store when None."""
    chosen = Path(path) if path else default_path()
    folder = chosen.is_dir() and chosen.suffix != STORE_SUFFIX
    return chosen / f"games{STORE_SUFFIX}" if folder or not chosen.suffix else chosen


def demo_store(path: Path | str | None = None) -> Path:
    """Where demo games are kept: `path` when given, else apart from the table's real games."""
    return Path(path) if path is not None else store_path().parent / DEMO_FOLDER


def write_private(path: Path, text: str) -> None:
    """Write `text` (UTF-8) to `path`, readable by its owner only (a record names the cards)."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, PRIVATE)
    os.fchmod(fd, PRIVATE)
    with os.fdopen(fd, "w", encoding="utf-8") as file:
        file.write(text)


def companions(path: Path) -> tuple[Path, Path, Path]:
    """The store's files: the database, its write-ahead log (WAL) and its shared memory (SHM)."""
    return path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")
