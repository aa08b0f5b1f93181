"""A game whose every decision is written to the store before it is applied (write ahead).

Rule 1: a decision is checked, written, and only then applied (the engine's `resolve`
        cannot fail once `check` passed); a write the disk refuses raises `StoreUnwritable`
        and the game is as it was, so memory is never ahead of the disk.
Rule 2: an undo is taken out of the store first, then out of the game.
Rule 4: each part of a shared decision (a ballot, a pick) is written as it comes; the
        decision's own write drops them, an undo drops those after it.
Rule 3: every write has one path, awaited on the event loop (`take`, `take_back`, `touch`,
        `put_part`): it runs on the store's writer thread while the loop serves every phone;
        the caller makes sure nobody else moves the game meanwhile (the table's orders,
        `PhoneTable.orders`). A game with no store is the same object, its writes nothing.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from typing import Any

from engine.decisions import Decision
from engine.events import Event
from engine.game import Game
from engine.steps import Answer
from narrator.store import Store


class WritesAhead(RuntimeError):
    """A stored game was asked to change without its write (`apply`, `pop`): it changes only
    through its awaited writes (`take`, `take_back`)."""


class RecordedGame(Game):
    """`Game` with a store, or none: the phone's acknowledgement comes after `take` returns,
    so a decision is on disk before the player is told it was taken."""

    _store: Store | None = None
    _game_id: str = ""
    _resumed: tuple[int, str, dict[int, Answer]] = (-1, "", {})  # the parts stored before a resume

    def record_to(self, store: Store, game_id: str) -> RecordedGame:
        """Write to `store` from now on, as the game `game_id`; the parts of the pending
        decision it holds (a crash in a vote) are read now, once (Rule 4)."""
        self._store, self._game_id = store, game_id
        pending = self.pending
        if pending is not None:
            stored = store.parts(game_id, len(self.log), pending.step)
            self._resumed = (
                len(self.log),
                pending.step,
                {seat: _answer(body) for seat, body in stored.items()},
            )
        return self

    @property
    def game_id(self) -> str:
        return self._game_id

    @property
    def store(self) -> Store | None:
        return self._store

    def apply(self, decision: Decision, *, by: int | None = None) -> list[Event]:
        """`Game.apply` for a game with no store. A stored game is written before it changes,
        and its writes are awaited: it takes decisions only through `take` (Rule 3), and this
        raises `WritesAhead`, changing nothing."""
        self._no_store("apply", "take")
        return super().apply(decision, by=by)

    def pop(self) -> Decision:
        """`Game.pop` for a game with no store; a stored game takes decisions back only through
        `take_back` (`WritesAhead`, as `apply`)."""
        self._no_store("pop", "take_back")
        return super().pop()

    async def take(self, decision: Decision, *, by: int | None = None) -> list[Event]:
        """Check, write, apply (Rules 1 and 3): `IllegalDecision` or `StoreUnwritable` change
        nothing. With no store: `Game.apply`."""
        if self._store is not None:
            self.check(decision, by=by)
            pending = self.pending
            assert pending is not None  # a decision is taken only while one is pending
            await self._store.write(self._store.append, self._game_id, len(self.log), pending, decision)
        return Game.apply(self, decision, by=by)

    async def take_back(self) -> Decision:
        """Take the last decision back, in the store first (Rules 2 and 3: a mistaken keypad
        entry, the host's undo); `StoreUnwritable` leaves both as they were."""
        if not self.log:
            raise IndexError("no decision to take back")
        if self._store is not None:
            await self._store.write(self._store.undo, self._game_id)
        return Game.pop(self)

    async def touch(self) -> None:
        """A commit that changes no decision (a decoy's touch at night: the same work as a real
        one's, so its answer leaves on the same schedule)."""
        if self._store is not None:
            await self._store.write(self._store.touch, self._game_id)

    async def put_part(self, seat: int, given: Answer) -> None:
        """Commit `seat`'s part of the pending shared decision (a ballot, a pick) before it
        counts: a crash in a vote loses no ballot (Rule 4)."""
        pending = self.pending
        assert pending is not None
        if self._store is not None:
            body = json.dumps(dataclasses.asdict(given))
            await self._store.write(
                self._store.put_part, self._game_id, len(self.log), pending.step, seat, body
            )

    def stored_parts(self) -> dict[int, Answer]:
        """The parts of the pending shared decision written before the game was resumed (a
        crash in a vote); read when it was (`record_to`), so this waits for no disk."""
        n, step, parts = self._resumed
        pending = self.pending
        return dict(parts) if pending is not None and (n, step) == (len(self.log), pending.step) else {}

    def _no_store(self, name: str, instead: str) -> None:
        if self._store is not None:
            raise WritesAhead(f"game {self._game_id} writes ahead: `await {instead}`, not `{name}`")

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        """A plain `Game` copy (trial runs of a decision never reach the store)."""
        clone = Game.__new__(Game)
        state = {k: v for k, v in self.__dict__.items() if k not in ("_store", "_game_id", "_resumed")}
        clone.__dict__.update(copy.deepcopy(state, memo))
        return clone


def _answer(body: str) -> Answer:
    fields = json.loads(body)
    return Answer(**{**fields, "seats": tuple(fields.get("seats", ()))})
