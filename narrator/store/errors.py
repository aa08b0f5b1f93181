"""What goes wrong with a store, named: a game not there, a damaged file or game, a write the
disk refused."""

from __future__ import annotations

import sqlite3
from pathlib import Path


class StoreError(LookupError):
    """A game that is not in the store, or a log that does not match the game."""


class DamagedStore(StoreError):
    """A store file that cannot be read as a store; `problem` says what is wrong."""

    def __init__(self, path: Path, problem: str) -> None:
        problem = " ".join(problem.split())  # one line (quick_check's rows hold newlines)
        super().__init__(f"the store {path} is damaged: {problem}")
        self.path, self.problem = path, problem


class StoreIsFolder(DamagedStore):
    """The store's path names a folder (a folder named as a store file)."""

    def __init__(self, path: Path) -> None:
        StoreError.__init__(self, f"the store {path} is a folder, not a store file")
        self.path, self.problem = path, "it is a folder, not a store file"


class StoreUnwritable(StoreError):
    """A write the store's disk refused (full, read-only, failing): nothing of it was written.
    `line` says in one line what is wrong and where, for the box's terminal."""

    def __init__(self, path: Path, error: sqlite3.Error | OSError) -> None:
        self.path, self.error = path, error
        self.line = unwritable_line(path, error)
        super().__init__(self.line)


def unwritable_line(path: Path, error: sqlite3.Error | OSError) -> str:
    """One line for a write that failed: what is wrong, where, and that the game waits."""
    code = getattr(error, "sqlite_errorname", "") or ""
    errno = getattr(error, "errno", None)
    detail = " ".join(str(error).split())
    if code == "SQLITE_FULL" or errno == 28:
        what = "存储已满 / the store's disk is full"
    elif code.startswith("SQLITE_READONLY") or errno == 30:
        what = "存储只读 / the store is read-only"
    else:
        what = "存储写入失败 / the store could not write"
    waits = "游戏暂停，写入恢复后自动继续 / the game waits until it can write again"
    return f"{what}：{path} ({detail}); {waits}"


class DamagedGame(StoreError):
    """A stored game that cannot be read back or replayed; `problem` says what is wrong."""

    def __init__(self, game_id: str, problem: str) -> None:
        super().__init__(f"game {game_id} is damaged: {problem}")
        self.game_id, self.problem = game_id, problem
