"""The evenings of a store: one table's games played one after another, open until the table
has gone home."""

from __future__ import annotations

import secrets
import time
from typing import Any

from narrator.store.file import StoreFile, on_the_writer


class Evenings(StoreFile):
    """A store's evenings (a part of `narrator.store.Store`)."""

    @on_the_writer
    def open_evening(self) -> str:
        """Start a new evening (its games are stored with it); its id."""
        evening_id = time.strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(3)
        with self._transaction() as db:
            db.execute("INSERT INTO evenings VALUES (?, ?, 'open')", (evening_id, time.time()))
        return evening_id

    @on_the_writer
    def close_evening(self, evening_id: str) -> None:
        """The table has gone home: `narrator play` starts a new evening after this one."""
        with self._transaction() as db:
            db.execute("UPDATE evenings SET status = 'closed' WHERE id = ?", (evening_id,))

    @on_the_writer
    def open_evening_id(self) -> str | None:
        """The latest evening still open (a crash or a pulled plug kept it so), or None."""
        row = self._db.execute(
            "SELECT id FROM evenings WHERE status = 'open' ORDER BY created DESC, id DESC LIMIT 1"
        ).fetchone()
        return str(row[0]) if row else None

    @on_the_writer
    def evening_of(self, game_id: str) -> str | None:
        row = self._db.execute("SELECT evening FROM games WHERE id = ?", (game_id,)).fetchone()
        return str(row[0]) if row and row[0] else None

    @on_the_writer
    def evenings(self) -> list[dict[str, Any]]:
        """Every evening, newest first: id, created, status, and its games' ids in play order."""
        found = []
        for evening_id, created, status in self._db.execute(
            "SELECT id, created, status FROM evenings ORDER BY created DESC, id DESC"
        ).fetchall():
            games = [
                row[0]
                for row in self._db.execute(
                    "SELECT id FROM games WHERE evening = ? ORDER BY created, id", (evening_id,)
                )
            ]
            found.append({"id": evening_id, "created": created, "status": status, "games": games})
        return found
