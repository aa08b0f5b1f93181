"""The answer to a decision: who decided the step, the moderator told, every phone's progress.

Rule 1: a decision applied is told to the moderator's inbox (`Decided`) and to every subscriber,
        in the order applied; its events fill the seats' feeds (`feed`) and its chained deaths
        wait for the judge's line (`said` Rule 4).
Rule 2: the `progress` of a touch (decisions Rule 2) goes to every phone in one shape: by day the
        count of answers, at night nothing but the pack's picks, sealed for the pack.
Rule 3: a phone's touch is answered in one pass (`answer`): the decision path hands over what it
        took (`Taken`, a value: the decision applied, by whom, what the seat may see), and the
        answer is made here whole: the ack (the seat's results sealed in it), every phone's
        progress, both given to the views at once (one send through the night gate), then the
        moderator and the subscribers told (Rule 1).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from engine.decisions import Decision
from engine.events import Event
from engine.game import Game
from narrator.inbox import Applied, Decided, Inbox
from narrator.phones import outbound as out
from narrator.phones.collector import Collector, is_pack
from narrator.phones.links import Links
from narrator.phones.nightgate import Link
from narrator.phones.said import Said
from narrator.phones.screens import is_night
from narrator.phones.views import Alike, Views
from narrator.phones.wire import seal


class Answering(Protocol):
    """What the answers read of the table: the game, the step narrated, whether a moderator
    narrates, the moderator's inbox, what the judge said; `follow` moves the step on once the
    order carried out now is done."""

    @property
    def game(self) -> Game: ...

    narrating: str | None
    auto_narrate: bool
    inbox: Inbox
    judge: Said

    def follow(self, step: str | None) -> None: ...


@dataclass(frozen=True)
class Taken:
    """What one phone's touch took, for its answer (Rule 3): the ack to `link` for its message
    `n` at `step`; the decision applied (None: a decoy's touch or a part of a shared decision,
    nothing applied yet), `by` the seat that made it (None: the table together), its `events`;
    `reveals`: the feed kinds of the seat's own that its ack carries (the seer's answer).
    `progress`: the message every phone gets, made before the decision (a shared decision's
    last part), or None to make it now when `progressing` (`collector`: the part it gave)."""

    link: Link
    n: int
    step: str
    decision: Decision | None = None
    by: int | None = None
    events: tuple[Event, ...] = ()
    reveals: frozenset[str] = frozenset()
    progressing: bool = False
    collector: Collector | None = None
    progress: Alike | None = None


class Answers:
    """The answers of one table's decision path. `collector_for_pending` is the collective
    decision pending (made when none is yet: the pack's picks at night)."""

    def __init__(
        self, table: Answering, links: Links, views: Views, *, collector_for_pending: Callable[[], Collector]
    ) -> None:
        self._table = table
        self._links = links
        self._views = views
        self._collector_for_pending = collector_for_pending
        self.subscribers: list[asyncio.Queue[Applied]] = []  # each gets every decision applied
        self.collector: Collector | None = None  # the collective decision being given
        self.last_deciders: tuple[str, frozenset[int]] = ("", frozenset())  # the last step decided, by whom

    @property
    def game(self) -> Game:
        return self._table.game

    @property
    def narrating(self) -> str | None:
        return self._table.narrating

    def progress_now(self, collector: Collector | None) -> Alike | None:
        """The `progress` message of each phone for a touch taken now (Rule 2), by seat: the
        seats told alike share one message (made, encoded and padded once for all of them)."""
        if not is_night(self.game.catalogue, self.narrating):
            if collector is None:
                return None
            answered, owed = collector.answered(), len(collector.owed)
            counts = _progress(self.narrating, {"answered": answered, "owed": owed})
            return Alike(frozenset(), counts, counts)
        pending = self.game.pending
        pack: tuple[int, ...] = ()
        picks: dict[str, int | None] = {}
        if pending is not None and pending.step == self.narrating and is_pack(self.game.spec):
            pack_collector = collector or self._collector_for_pending()
            pack, picks = pending.seats, pack_collector.picks()
        told, untold = _progress(self.narrating, {}, {"picks": picks}), _progress(self.narrating, {})
        return Alike(frozenset(pack), told, untold)

    def answer(self, taken: Taken) -> Applied | None:
        """Answer a phone's touch in one pass (Rule 3): its ack, what it sealed for the seat,
        every phone's progress, then (a decision applied) the moderator and subscribers told."""
        told = None
        if taken.decision is not None:
            added = self._views.feeds.absorb(self.game.events)
            results = [entry for s, entry in added if s == taken.by and entry["kind"] in taken.reveals]
            told = {"feed": results} if results else None
        progress = taken.progress
        if progress is None and taken.progressing:
            progress = self.progress_now(taken.collector)
        self._views.broadcast_each(progress, first=(taken.link, out.ack(taken.n, taken.step, told)))
        if taken.decision is None:
            return None
        return self.after(taken.decision, taken.by, taken.step, list(taken.events), absorbed=True)

    def after(
        self, decision: Decision, by: int | None, step: str, events: list[Event], *, absorbed: bool = False
    ) -> Applied:
        """A decision applied (`by` the seat that made it, None: the table together or the
        moderator): who decided the step is noted, every subscriber and the moderator's inbox
        told, the feeds filled (unless `absorbed` already); with no moderator the narration
        follows (decisions Rule 3)."""
        deciders = frozenset({by} if by is not None else ())
        collector = self.collector
        if by is None and collector is not None and collector.step == step:
            pack = is_pack(collector.spec)
            deciders = frozenset(collector.pending.seats if pack else collector.parts)
        self.collector = None
        self.last_deciders = (step, deciders)
        applied = Applied(decision, by, step, tuple(events))
        for queue in self.subscribers:
            queue.put_nowait(applied)
        self._table.judge.decided(events)  # its chained deaths wait for their line (`said` Rule 4)
        self._table.inbox.put(Decided(applied))
        if not absorbed:  # (`answer` filled them)
            self._views.feeds.absorb(self.game.events)
        if self._table.auto_narrate or self.game.over:
            pending = self.game.pending
            self._table.follow(pending.step if pending is not None else None)
        return applied


def _progress(step: str | None, public: dict[str, Any], told: dict[str, Any] | None = None) -> out.Progress:
    return out.Progress(step=step, **public, sealed=seal(told))
