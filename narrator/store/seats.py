"""The phones bound to a game's seats, and its host's token (the last PIN claim's), kept so a
phone that comes back keeps its seat and the host's stays host."""

from __future__ import annotations

from narrator.store.file import StoreFile, on_the_writer


class Seats(StoreFile):
    """A store's seats and host tokens (a part of `narrator.store.Store`)."""

    @on_the_writer
    def bind_seat(self, game_id: str, seat: int, name: str, token: str) -> None:
        with self._transaction() as db:
            db.execute("INSERT OR REPLACE INTO seats VALUES (?, ?, ?, ?)", (game_id, seat, name, token))

    @on_the_writer
    def free_seat(self, game_id: str, seat: int) -> None:
        with self._transaction() as db:
            db.execute("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat))

    @on_the_writer
    def seats(self, game_id: str) -> dict[int, tuple[str, str]]:
        """Seat → (name, token) for the phones bound to the game."""
        return {
            seat: (name, token)
            for seat, name, token in self._db.execute(
                "SELECT seat, name, token FROM seats WHERE game_id = ?", (game_id,)
            )
        }

    @on_the_writer
    def bind_host(self, game_id: str, token: str) -> None:
        """Keep the host token of the game (the last claim), so the host's phone stays host."""
        with self._transaction() as db:
            db.execute("INSERT OR REPLACE INTO host VALUES (?, ?)", (game_id, token))

    @on_the_writer
    def host_token(self, game_id: str) -> str | None:
        """The host token of the game's last claim, or None when nobody claimed the host."""
        row = self._db.execute("SELECT token FROM host WHERE game_id = ?", (game_id,)).fetchone()
        return str(row[0]) if row else None
