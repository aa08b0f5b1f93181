"""A game whose every applied decision is committed to the store before `apply` returns."""

from __future__ import annotations

import copy
from typing import Any

from engine.decisions import Decision
from engine.events import Event
from engine.game import Game
from narrator.store import Store


class RecordedGame(Game):
    """`Game` with a store: the phone's acknowledgement comes after `apply` returns, so a
    decision is on disk before the player is told it was taken."""

    _store: Store | None = None
    _game_id: str = ""

    def record_to(self, store: Store, game_id: str) -> RecordedGame:
        self._store, self._game_id = store, game_id
        return self

    @property
    def game_id(self) -> str:
        return self._game_id

    def apply(self, decision: Decision, *, by: int | None = None) -> list[Event]:
        pending = self.pending
        events = super().apply(decision, by=by)  # a decision is taken only while one is pending
        if self._store is not None:
            assert pending is not None
            self._store.append(self._game_id, len(self.log) - 1, pending, decision)
        return events

    def pop(self) -> Decision:
        """Take the last decision back, in the store too (a mistaken keypad entry, the host's
        undo)."""
        decision = super().pop()
        if self._store is not None:
            self._store.undo(self._game_id)
        return decision

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        """A plain `Game` copy (trial runs of a decision never reach the store)."""
        clone = Game.__new__(Game)
        state = {k: v for k, v in self.__dict__.items() if k not in ("_store", "_game_id")}
        clone.__dict__.update(copy.deepcopy(state, memo))
        return clone
