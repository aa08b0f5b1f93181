"""The games in a store: created, their decisions (and a shared decision's parts) appended and
undone, their setup replaced before the deal, finished or marked, loaded back, listed."""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from engine.decisions import Decision
from engine.game import Game
from engine.rules import Rules
from engine.setup import Setup
from engine.state import IllegalDecision, Pending
from narrator.store.errors import DamagedGame, StoreError
from narrator.store.file import StoreFile, on_the_writer
from narrator.store.kinds import decision_type, kind_of


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

    def rebuild(self, game: Game | None = None) -> Game:
        """The game (`game`, fresh, when given), replayed from its log to the step where it
        stopped. Raises `DamagedGame` naming the first decision the rules refuse."""
        game = game if game is not None else Game(self.setup, self.rules)
        for n, decision in enumerate(self.decisions):
            try:
                game.apply(decision)
            except IllegalDecision as error:
                raise DamagedGame(
                    self.id, f"decision {n} ({type(decision).__name__}) is illegal there: {error.message}"
                ) from None
        return game


class Games(StoreFile):
    """A store's games (a part of `narrator.store.Store`)."""

    @on_the_writer
    def create(
        self,
        setup: Setup,
        rules: Rules,
        config: Mapping[str, Any] | None = None,
        evening: str | None = None,
    ) -> str:
        """Store a new game (its deal and settings), played in `evening` when given; its id."""
        game_id = time.strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(3)
        now = time.time()
        with self._transaction() as db:
            db.execute(
                "INSERT INTO games (id, created, updated, status, setup, rules, config, evening) "
                "VALUES (?, ?, ?, 'playing', ?, ?, ?, ?)",
                (
                    game_id,
                    now,
                    now,
                    setup.model_dump_json(),
                    rules.model_dump_json(),
                    json.dumps(dict(config or {}), ensure_ascii=False),
                    evening,
                ),
            )
        return game_id

    @on_the_writer
    def append(self, game_id: str, n: int, pending: Pending, decision: Decision) -> None:
        """Commit decision number `n` (0-based) of the game; returns once it is on disk."""
        with self._transaction() as db:
            count = db.execute("SELECT COUNT(*) FROM decisions WHERE game_id = ?", (game_id,)).fetchone()[0]
            row = (kind_of(decision), decision.model_dump_json())
            if count == n + 1 and self._stored(game_id, n) == row:
                return  # a commit reported failed that reached the disk after all: it is there
            if count != n:
                raise StoreError(f"game {game_id} has {count} decisions stored, not {n}")
            db.execute(
                "INSERT INTO decisions VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    n,
                    pending.phase,
                    pending.step,
                    kind_of(decision),
                    decision.model_dump_json(),
                    time.time(),
                ),
            )
            db.execute("UPDATE games SET updated = ? WHERE id = ?", (time.time(), game_id))
            db.execute("DELETE FROM parts WHERE game_id = ? AND n <= ?", (game_id, n))

    @on_the_writer
    def put_part(self, game_id: str, n: int, step: str, seat: int, body: str) -> None:
        """Commit `seat`'s part (`body`, JSON) of decision number `n`, the pending one (a
        ballot, a pick: a pick may change, the last one counts); `append` of decision `n`
        drops them."""
        with self._transaction() as db:
            (count,) = db.execute("SELECT COUNT(*) FROM decisions WHERE game_id = ?", (game_id,)).fetchone()
            if count != n:
                raise StoreError(f"game {game_id} has {count} decisions stored: no part of decision {n}")
            db.execute(
                "INSERT OR REPLACE INTO parts VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, n, step, seat, body, time.time()),
            )

    @on_the_writer
    def parts(self, game_id: str, n: int, step: str) -> dict[int, str]:
        """Seat → its part (JSON) of decision number `n` at `step`, as committed."""
        return {
            int(seat): str(body)
            for seat, body in self._db.execute(
                "SELECT seat, body FROM parts WHERE game_id = ? AND n = ? AND step = ? ORDER BY seat",
                (game_id, n, step),
            )
        }

    def _stored(self, game_id: str, n: int) -> tuple[str, str] | None:
        row = self._db.execute(
            "SELECT kind, body FROM decisions WHERE game_id = ? AND n = ?", (game_id, n)
        ).fetchone()
        return (str(row[0]), str(row[1])) if row else None

    @on_the_writer
    def touch(self, game_id: str) -> None:
        """Commit the game's last-touched time (a decoy's touch at night: one commit, as a
        decision's is, so a slow disk takes as long for it)."""
        with self._transaction() as db:
            db.execute("UPDATE games SET updated = ? WHERE id = ?", (time.time(), game_id))

    @on_the_writer
    def undo(self, game_id: str) -> Decision | None:
        """Remove the game's last decision (a mistaken one); the decision removed."""
        with self._transaction() as db:
            row = db.execute(
                "SELECT n, kind, body, step FROM decisions WHERE game_id = ? ORDER BY n DESC LIMIT 1",
                (game_id,),
            ).fetchone()
            if row is None:
                return None
            db.execute("DELETE FROM decisions WHERE game_id = ? AND n = ?", (game_id, row[0]))
            db.execute("DELETE FROM parts WHERE game_id = ? AND n >= ?", (game_id, row[0]))
        return _decision(row[1], row[3], row[2])

    @on_the_writer
    def replace_setup(
        self,
        game_id: str,
        setup: Setup,
        rules: Rules | None = None,
        remembered: dict[str, Any] | None = None,
        config: Mapping[str, Any] | None = None,
    ) -> None:
        """Replace the setup of a game with no decision yet (the facts given at joining), and
        its rules when given (the host's board, seat count or rules); the seats the new setup
        lacks are let go with it, the box's `remembered` setup (`remember`) is kept, and the
        game's settings take `config` on top (a resume plays the host's timers), in one
        transaction."""
        with self._transaction() as db:
            (count,) = db.execute("SELECT COUNT(*) FROM decisions WHERE game_id = ?", (game_id,)).fetchone()
            if count:
                raise StoreError(f"game {game_id} has begun: its setup stays as it was dealt")
            db.execute("UPDATE games SET setup = ? WHERE id = ?", (setup.model_dump_json(), game_id))
            db.execute("DELETE FROM seats WHERE game_id = ? AND seat > ?", (game_id, setup.seats))
            if rules is not None:
                db.execute("UPDATE games SET rules = ? WHERE id = ?", (rules.model_dump_json(), game_id))
            if remembered is not None:
                db.execute("INSERT OR REPLACE INTO box VALUES (1, ?)", (json.dumps(remembered),))
            if config is not None:
                (was,) = db.execute("SELECT config FROM games WHERE id = ?", (game_id,)).fetchone()
                settings = json.dumps({**json.loads(was or "{}"), **config}, ensure_ascii=False)
                db.execute("UPDATE games SET config = ? WHERE id = ?", (settings, game_id))

    @on_the_writer
    def remember(self, remembered: dict[str, Any]) -> None:
        """Keep the box's setup for its next start alone: the host's choices between two games,
        which no game is dealt yet to take (`replace_setup` keeps it with a game's)."""
        with self._transaction() as db:
            db.execute("INSERT OR REPLACE INTO box VALUES (1, ?)", (json.dumps(remembered),))

    @on_the_writer
    def remembered(self) -> dict[str, Any]:
        """The table's setup the host's phone last set (`replace_setup`), the box's default for
        its next start; {} when none was."""
        row = self._db.execute("SELECT setup FROM box WHERE id = 1").fetchone()
        return dict(json.loads(row[0])) if row is not None else {}

    @on_the_writer
    def finish(self, game_id: str, winner: str | None, status: str = "over") -> None:
        with self._transaction() as db:
            db.execute(
                "UPDATE games SET status = ?, winner = ?, updated = ? WHERE id = ?",
                (status, winner, time.time(), game_id),
            )

    @on_the_writer
    def mark(self, game_id: str, status: str, note: str | None) -> None:
        """Set the game's status ("damaged", "abandoned", …) and say why; its rows stay."""
        with self._transaction() as db:
            db.execute("UPDATE games SET status = ?, note = ? WHERE id = ?", (status, note, game_id))

    @on_the_writer
    def load(self, game_id: str) -> StoredGame:
        """The stored game; `StoreError` when there is none, `DamagedGame` naming the first
        row that cannot be read back (its setup, rules, settings, or a decision)."""
        row = self._db.execute(
            "SELECT id, created, updated, status, setup, rules, config, winner FROM games WHERE id = ?",
            (game_id,),
        ).fetchone()
        if row is None:
            raise StoreError(f"no game {game_id!r} in {self.path}")
        decisions = []
        rows = self._db.execute(
            "SELECT n, kind, body, step FROM decisions WHERE game_id = ? ORDER BY n", (game_id,)
        )
        for expected, (n, kind, body, step) in enumerate(rows):
            if n != expected:
                raise DamagedGame(game_id, f"decision {expected} is missing (the next stored is {n})")
            if decision_type(kind, step) is None:
                raise DamagedGame(game_id, f"decision {n} is of an unknown kind {kind!r}")
            try:
                decisions.append(_decision(kind, step, body))
            except ValueError as error:
                raise DamagedGame(game_id, f"decision {n} ({kind}) is {_problem(error)}") from None
        config = _part(game_id, "settings are", lambda: json.loads(row[6]))
        if not isinstance(config, dict):
            raise DamagedGame(game_id, "its settings are not a table")
        return StoredGame(
            id=row[0],
            created=row[1],
            updated=row[2],
            status=row[3],
            setup=_part(game_id, "setup is", lambda: Setup.model_validate_json(row[4])),
            rules=_part(game_id, "rules are", lambda: Rules.model_validate_json(row[5])),
            config=config,
            winner=row[7],
            decisions=decisions,
        )

    @on_the_writer
    def games(self) -> list[dict[str, Any]]:
        """Every game, newest first: id, status, seats (None when its setup is damaged),
        decisions, winner, times, note (why it is damaged or abandoned)."""
        rows = self._db.execute(
            "SELECT g.id, g.status, g.setup, g.winner, g.created, g.updated, "
            "(SELECT COUNT(*) FROM decisions d WHERE d.game_id = g.id), g.note "
            "FROM games g ORDER BY g.created DESC, g.id DESC"
        ).fetchall()
        return [
            {
                "id": r[0],
                "status": r[1],
                "seats": _seats(r[2]),
                "winner": r[3],
                "created": r[4],
                "updated": r[5],
                "decisions": r[6],
                "note": r[7],
            }
            for r in rows
        ]

    @on_the_writer
    def latest_unfinished(self) -> str | None:
        row = self._db.execute(
            "SELECT id FROM games WHERE status = 'playing' ORDER BY updated DESC LIMIT 1"
        ).fetchone()
        return row[0] if row else None


def _part(game_id: str, what: str, read: Any) -> Any:
    """`read()`, or `DamagedGame` saying "its {what} not valid: …" (`what` ends with its verb)."""
    try:
        return read()
    except ValueError as error:
        raise DamagedGame(game_id, f"its {what} {_problem(error)}") from None


def _problem(error: Exception) -> str:
    """What is wrong with one stored JSON value, in a few words ("not JSON (…)", "not valid: …")."""
    if isinstance(error, ValidationError):
        first = error.errors()[0]
        if first["type"] == "json_invalid":
            return f"not JSON ({first['ctx'].get('error', first['msg'])})"
        where = ".".join(str(p) for p in first["loc"])
        return f"not valid: {where + ': ' if where else ''}{first['msg']}"
    if isinstance(error, json.JSONDecodeError):
        return f"not JSON ({error.msg})"
    return f"not valid: {error}"


def _seats(setup: str) -> int | None:
    try:
        seats = json.loads(setup).get("seats")
    except (ValueError, AttributeError):
        return None
    return seats if isinstance(seats, int) else None


def _decision(kind: str, step: str, body: str) -> Decision:
    cls = decision_type(kind, step)
    if cls is None:
        raise StoreError(f"unknown decision kind {kind!r} in the store")
    return cls.model_validate_json(body)
