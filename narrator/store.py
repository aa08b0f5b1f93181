"""The game store: every game, its settings, its deal and every decision, in SQLite (WAL).

A decision is committed before it is acknowledged, so a crash or a pulled plug loses
nothing that a player was told was taken. The log of decisions rebuilds the game
(`engine.Game.replay`), which is how `narrator resume` continues at the same step.
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.decisions import DECISION_TYPES, Decision
from engine.game import Game
from engine.rules import Rules
from engine.setup import Setup
from engine.state import Pending

DATA_ENV = "WEREWOLF_NARRATOR_DATA"
DECISIONS_BY_NAME = {cls.__name__: cls for cls in DECISION_TYPES}

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    status TEXT NOT NULL,          -- playing | over | ended
    setup TEXT NOT NULL,           -- JSON of engine.Setup
    rules TEXT NOT NULL,           -- JSON of engine.Rules
    config TEXT NOT NULL,          -- JSON of the moderator's settings (locale, timers, …)
    winner TEXT
);
CREATE TABLE IF NOT EXISTS decisions (
    game_id TEXT NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,            -- 0-based position in the game's log
    phase TEXT NOT NULL,
    step TEXT NOT NULL,
    kind TEXT NOT NULL,            -- the decision's class name
    body TEXT NOT NULL,            -- JSON of the decision
    at REAL NOT NULL,
    PRIMARY KEY (game_id, n)
);
CREATE TABLE IF NOT EXISTS seats (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    token TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
"""


def default_path() -> Path:
    """`$WEREWOLF_NARRATOR_DATA/games.sqlite3`, else under `$XDG_DATA_HOME/werewolf-narrator`."""
    if os.environ.get(DATA_ENV):
        return Path(os.environ[DATA_ENV]) / "games.sqlite3"
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "werewolf-narrator" / "games.sqlite3"


class StoreError(LookupError):
    """A game that is not in the store, or a log that does not match the game."""


@dataclass(frozen=True)
class StoredGame:
    id: str
    created: float
    updated: float
    status: str
    setup: Setup
    rules: Rules
    config: dict[str, Any]
    winner: str | None
    decisions: list[Decision]

    def rebuild(self) -> Game:
        """The game, replayed from its log to the step where it stopped."""
        return Game.replay(self.setup, self.rules, self.decisions)


class Store:
    """One SQLite file of games; safe to open from one process at a time per game."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path else default_path()
        if self.path.is_dir() or not self.path.suffix:
            self.path = self.path / "games.sqlite3"
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)

    def close(self) -> None:
        self._db.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    # Games

    def create(self, setup: Setup, rules: Rules, config: Mapping[str, Any] | None = None) -> str:
        """Store a new game (its deal and settings); its id."""
        game_id = time.strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(3)
        now = time.time()
        with self._transaction() as db:
            db.execute(
                "INSERT INTO games VALUES (?, ?, ?, 'playing', ?, ?, ?, NULL)",
                (
                    game_id,
                    now,
                    now,
                    setup.model_dump_json(),
                    rules.model_dump_json(),
                    json.dumps(dict(config or {}), ensure_ascii=False),
                ),
            )
        return game_id

    def append(self, game_id: str, n: int, pending: Pending, decision: Decision) -> None:
        """Commit decision number `n` (0-based) of the game; returns once it is on disk."""
        with self._transaction() as db:
            count = db.execute("SELECT COUNT(*) FROM decisions WHERE game_id = ?", (game_id,)).fetchone()[0]
            if count != n:
                raise StoreError(f"game {game_id} has {count} decisions stored, not {n}")
            db.execute(
                "INSERT INTO decisions VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    n,
                    pending.phase,
                    pending.step,
                    type(decision).__name__,
                    decision.model_dump_json(),
                    time.time(),
                ),
            )
            db.execute("UPDATE games SET updated = ? WHERE id = ?", (time.time(), game_id))

    def undo(self, game_id: str) -> Decision | None:
        """Remove the game's last decision (a mistaken one); the decision removed."""
        with self._transaction() as db:
            row = db.execute(
                "SELECT n, kind, body FROM decisions WHERE game_id = ? ORDER BY n DESC LIMIT 1",
                (game_id,),
            ).fetchone()
            if row is None:
                return None
            db.execute("DELETE FROM decisions WHERE game_id = ? AND n = ?", (game_id, row[0]))
        return _decision(row[1], row[2])

    def replace_setup(self, game_id: str, setup: Setup) -> None:
        """Replace the setup of a game with no decision yet (the facts given at joining)."""
        with self._transaction() as db:
            (count,) = db.execute("SELECT COUNT(*) FROM decisions WHERE game_id = ?", (game_id,)).fetchone()
            if count:
                raise StoreError(f"game {game_id} has begun: its setup stays as it was dealt")
            db.execute("UPDATE games SET setup = ? WHERE id = ?", (setup.model_dump_json(), game_id))

    def finish(self, game_id: str, winner: str | None, status: str = "over") -> None:
        with self._transaction() as db:
            db.execute(
                "UPDATE games SET status = ?, winner = ?, updated = ? WHERE id = ?",
                (status, winner, time.time(), game_id),
            )

    def load(self, game_id: str) -> StoredGame:
        row = self._db.execute(
            "SELECT id, created, updated, status, setup, rules, config, winner FROM games WHERE id = ?",
            (game_id,),
        ).fetchone()
        if row is None:
            raise StoreError(f"no game {game_id!r} in {self.path}")
        decisions = [
            _decision(kind, body)
            for kind, body in self._db.execute(
                "SELECT kind, body FROM decisions WHERE game_id = ? ORDER BY n", (game_id,)
            )
        ]
        return StoredGame(
            id=row[0],
            created=row[1],
            updated=row[2],
            status=row[3],
            setup=Setup.model_validate_json(row[4]),
            rules=Rules.model_validate_json(row[5]),
            config=json.loads(row[6]),
            winner=row[7],
            decisions=decisions,
        )

    def games(self) -> list[dict[str, Any]]:
        """Every game, newest first: id, status, seats, decisions, winner, times."""
        rows = self._db.execute(
            "SELECT g.id, g.status, g.setup, g.winner, g.created, g.updated, "
            "(SELECT COUNT(*) FROM decisions d WHERE d.game_id = g.id) "
            "FROM games g ORDER BY g.created DESC, g.id DESC"
        ).fetchall()
        return [
            {
                "id": r[0],
                "status": r[1],
                "seats": json.loads(r[2])["seats"],
                "winner": r[3],
                "created": r[4],
                "updated": r[5],
                "decisions": r[6],
            }
            for r in rows
        ]

    def latest_unfinished(self) -> str | None:
        row = self._db.execute(
            "SELECT id FROM games WHERE status = 'playing' ORDER BY updated DESC LIMIT 1"
        ).fetchone()
        return row[0] if row else None

    # Phones

    def bind_seat(self, game_id: str, seat: int, name: str, token: str) -> None:
        with self._transaction() as db:
            db.execute("INSERT OR REPLACE INTO seats VALUES (?, ?, ?, ?)", (game_id, seat, name, token))

    def free_seat(self, game_id: str, seat: int) -> None:
        with self._transaction() as db:
            db.execute("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat))

    def seats(self, game_id: str) -> dict[int, tuple[str, str]]:
        """Seat → (name, token) for the phones bound to the game."""
        return {
            seat: (name, token)
            for seat, name, token in self._db.execute(
                "SELECT seat, name, token FROM seats WHERE game_id = ?", (game_id,)
            )
        }


def _decision(kind: str, body: str) -> Decision:
    cls = DECISIONS_BY_NAME.get(kind)
    if cls is None:
        raise StoreError(f"unknown decision kind {kind!r} in the store")
    return cls.model_validate_json(body)
