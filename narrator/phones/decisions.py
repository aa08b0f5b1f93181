"""The decision path: a phone's touch checked, written, applied and answered, and what the
moderator decides (the keypad, a deadline's default, an undo), each carried out as one of
the table's orders (`narrator.phones.orders`, table Rule 1).

Rule 1: a decision is taken only from the seat that owes it, at the step being narrated;
        anything else is refused with an answer in the player's language and changes nothing.
Rule 2: at a night step the seats that owe nothing touch a decoy: it is acknowledged exactly
        like a real answer (and a second touch is refused alike, but for the pack's steps,
        where a pick may change), and ignored. Every touch at a night step, real or not, sends
        every phone the same `progress` message; the pack's picks travel sealed inside it.
Rule 3: with `auto_narrate` (no moderator) the narrated step follows the engine's pending
        step, and every applied decision publishes at once. A table decision that no seat owes
        (everyone away, say) is taken, empty, as soon as it is narrated.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Protocol, runtime_checkable

from engine.decisions import Decision
from engine.events import Event
from engine.game import Game
from engine.state import IllegalDecision, Pending
from engine.steps import Answer, is_shared
from engine.views import SeatView
from narrator.inbox import Applied, Stale
from narrator.phones.answers import Answering, Answers, Taken
from narrator.phones.collector import Collector, is_pack, refusal
from narrator.phones.links import Links
from narrator.phones.messages import Act, Refusal
from narrator.phones.nightgate import Link, NightGate
from narrator.phones.orders import Close, Decide, Orders, Settle, Undo
from narrator.phones.screens import is_night, spec_of
from narrator.phones.turns import answer_of, decision_of
from narrator.phones.views import Views
from narrator.store import StoreUnwritable

log = logging.getLogger("narrator.phones")

Later = Callable[[], Awaitable[None]]


@runtime_checkable
class WrittenGame(Protocol):
    """A game that writes ahead to a store (`narrator.recorded.RecordedGame`): each
    change awaited, its write off the event loop (table Rule 1)."""

    async def take(self, decision: Decision, *, by: int | None = None) -> list[Event]: ...

    async def take_back(self) -> Decision: ...

    async def touch(self) -> None: ...

    async def put_part(self, seat: int, given: Answer) -> None: ...

    def stored_parts(self) -> dict[int, Answer]: ...


class Deciding(Answering, Protocol):
    """What the decision path reads of the table: what the answers read, and the orders and
    the night gate."""

    orders: Orders
    gate: NightGate


class Decisions:
    """Every decision of one table's game, from its phones or its moderator; a phone's touch is
    answered through `answers` (answers Rule 3), in one pass."""

    def __init__(self, table: Deciding, links: Links, views: Views) -> None:
        self._table = table
        self._links = links
        self._views = views
        self._gate = table.gate
        self.inbox = table.inbox
        self._touched: set[int] = set()
        self.answers = Answers(table, links, views, collector_for_pending=self._collector_for_pending)
        self._after = self.answers.after  # the answer: after the store, in a module of its own
        self._answer = self.answers.answer  # a phone's touch answered in one pass (answers Rule 3)
        self._progress_now = self.answers.progress_now

    @property
    def game(self) -> Game:
        return self._table.game

    @property
    def narrating(self) -> str | None:
        return self._table.narrating

    @property
    def _shown(self) -> dict[int, SeatView]:
        return self._views.shown

    @property
    def _collector(self) -> Collector | None:
        return self.answers.collector

    @_collector.setter
    def _collector(self, collector: Collector | None) -> None:
        self.answers.collector = collector

    @property
    def _last_deciders(self) -> tuple[str, frozenset[int]]:
        return self.answers.last_deciders

    def forget(self, *, game: bool = False) -> None:
        """A step narrated: no seat touched it yet but those whose parts of it were written
        before a resume (a crash in a vote: their ballots count, so they are answered); with
        `game`, the evening's next game (or a board dealt): no decision was taken in it either."""
        self._touched = set() if game else self._restored()
        if game:
            self.answers.collector, self.answers.last_deciders = None, ("", frozenset())

    def _restored(self) -> set[int]:
        """The seats whose parts of the step narrated were written before a resume (not of a
        pack's pick, which a wolf may change and is never shown as answered)."""
        game, pending = self.game, self.game.pending
        if pending is None or pending.step != self.narrating:
            return set()
        if is_pack(spec_of(game.catalogue, pending.step)):
            return set()
        return set(game.stored_parts()) if isinstance(game, WrittenGame) else set()

    def answered(self, seat: int) -> bool:
        """Whether a touch of `seat` was taken at the step narrated."""
        return seat in self._touched

    def owed_by_nobody(self) -> Coroutine[Any, Any, None] | None:
        """At a collective step just narrated (Rule 3): the work that takes it empty when no
        seat owes it, to run after the order carried out now; else None."""
        collector = self._collector_for_pending()
        return None if collector.owed else self._settle_owed_by_nobody(collector.pending)

    # What the orders carry out (orders Rule 2), each given by the table (table Rule 1)

    async def decide(self, order: Decide) -> Applied:
        """A decision made elsewhere (the keypad, the moderator): IllegalDecision as the engine
        raises it, StoreUnwritable (nothing taken), Stale when `order.pending` (the step it
        was made for) was decided while the order waited."""
        await self._gate.quiet()
        decision, by, pending = order.decision, order.by, order.pending
        if pending is not None and self.game.pending is not pending:
            raise Stale()
        pending = self.game.pending
        events = await self._take(decision, by)
        action = self.game.catalogue.actions.get(type(decision))
        step = action.name if action is not None else pending.step if pending else decision.step
        return self._after(decision, by, step, events)

    async def close(self, order: Close) -> Applied | None:
        """What the phones gave for the pending collective decision (a deadline passed); None
        when the pending decision is not a collective one, or (`order.pending` given) no
        longer the game's pending one."""
        await self._gate.quiet()
        pending = order.pending
        if pending is not None and self.game.pending is not pending:
            return None
        pending = self.game.pending
        if pending is None or not is_shared(self.game.spec):
            return None
        collector = self._collector_for_pending()
        # by night the count would tell how many owe it (the pack)
        if not is_night(self.game.catalogue, pending.step):
            answered, owed = collector.answered(), len(collector.owed)
            log.info("%s closed: %d of %d answered", pending.step, answered, owed)
        return await self._apply_collective(collector)

    async def take_back(self, order: Undo) -> Decision:
        """The game's last decision taken back, from the store first; Stale when the game no
        longer has `order.decided` decisions (one came while the order waited)."""
        await self._gate.quiet()
        game = self.game
        if len(game.history) != order.decided:
            raise Stale()
        return await game.take_back() if isinstance(game, WrittenGame) else game.pop()

    async def settle(self, order: Settle) -> Applied | None:
        """The pending collective decision applied if every part of it is in (after the store
        refused it: the moderator asks once the store writes again); or, `owed_by_nobody`,
        taken empty when no seat owes it (Rule 3)."""
        if order.owed_by_nobody:
            pending = order.pending
            if pending is not None and self.game.pending is pending and pending.step == self.narrating:
                await self._settle_collective(self._collector_for_pending())
            return None
        await self._gate.quiet()
        pending = self.game.pending
        if pending is None or pending.step != self.narrating or not is_shared(self.game.spec):
            return None
        collector = self._collector_for_pending()
        if collector.complete() or not collector.owed:
            return await self._apply_collective(collector)
        return None

    async def _settle_owed_by_nobody(self, pending: Pending) -> None:
        """A table decision that no seat owes (everyone away), taken empty (Rule 3), as an
        order of its own."""
        await self._table.orders.give(Settle(pending, owed_by_nobody=True))

    async def act(self, link: Link, seat: int, act: Act) -> Later | None:
        game = self.game
        if game.over:
            raise Refusal("game_over")
        if act.step != self.narrating:
            step, seats = self._last_deciders
            raise Refusal("already" if act.step == step and seat in seats else "not_now")
        pending = game.pending
        owes = pending is not None and pending.step == act.step and seat in pending.seats
        if not owes:
            shown = self._shown.get(seat)
            if shown is None or not shown.alive:
                raise Refusal("dead")
            if not is_night(self.game.catalogue, act.step):
                raise Refusal("not_yours")
            if seat in self._touched and not is_pack(spec_of(self.game.catalogue, act.step)):
                raise Refusal("already")
            self._touched.add(seat)

            async def decoy() -> None:
                try:
                    await self._touch()  # the decoy commits as a real touch does (nightgate Rule 4)
                except StoreUnwritable:
                    self._touched.discard(seat)
                    raise
                self._answer(Taken(link, act.n, act.step, progressing=True))

            return decoy
        assert pending is not None
        spec = game.spec
        assert spec is not None
        if is_shared(spec):
            collector = self._collector_for_pending()
            given = answer_of(spec, act)
            collector.check(seat, given)
            if not collector.completes(seat, given):
                collector.reserve(seat, given)  # counts from now, until the store refuses it

                async def part() -> None:
                    try:
                        await self._part_written(seat, given)  # a ballot or a pick, written as it comes
                    except StoreUnwritable:
                        collector.withdraw(seat, given)
                        raise
                    collector.confirm(seat, given)
                    if not is_pack(spec):
                        self._touched.add(seat)
                    self._answer(Taken(link, act.n, act.step, progressing=True, collector=collector))

                return part
            before = collector.parts.get(seat)
            collector.offer(seat, given)
            progress = self._progress_now(collector)  # as the step stands, before it is decided
            decision = collector.combined()
            try:
                events = await self._take(decision, None)  # the last part: the decision's own write
            except (StoreUnwritable, IllegalDecision) as error:
                collector.parts.pop(seat)
                if before is not None:
                    collector.parts[seat] = before
                if isinstance(error, IllegalDecision):
                    raise refusal(error, pending) from None
                raise
            if not is_pack(spec):
                self._touched.add(seat)
            self._answer(Taken(link, act.n, act.step, decision, None, tuple(events), progress=progress))
            return None
        if seat in self._touched:
            raise Refusal("already")
        decision = decision_of(game, seat, act)
        try:
            events = await self._take(decision, seat)
        except IllegalDecision as error:
            raise refusal(error, pending) from None
        self._touched.add(seat)
        night = is_night(game.catalogue, pending.step)
        taken = Taken(link, act.n, act.step, decision, seat, tuple(events), spec.reveals, progressing=night)
        self._answer(taken)
        return None

    async def take_action(self, link: Link, decision: Decision, seat: int, n: int, name: str) -> None:
        """A seat's day action `name` (the day's Rule 2), in its order: taken, then answered."""
        events = await self._take(decision, seat)
        self._answer(Taken(link, n, name, decision, seat, tuple(events)))

    def _collector_for_pending(self) -> Collector:
        pending = self.game.pending
        assert pending is not None
        if self._collector is None or self._collector.pending is not pending:
            self._collector = Collector(self.game, pending)
            game = self.game
            if isinstance(game, WrittenGame):  # the parts given before a crash count
                for seat, given in game.stored_parts().items():
                    with contextlib.suppress(Refusal):
                        self._collector.offer(seat, given)
        return self._collector

    async def _settle_collective(self, collector: Collector) -> None:
        """Apply the collective decision whose parts are all in; when the store refuses it
        the parts stay, for `settle` once the store writes again (the box was told)."""
        try:
            await self._apply_collective(collector)
        except StoreUnwritable:
            pass

    async def _apply_collective(self, collector: Collector) -> Applied:
        decision = collector.combined()
        events = await self._take(decision, None)
        return self._after(decision, None, collector.step, events)

    async def _take(self, decision: Decision, by: int | None) -> list[Event]:
        """The one place a decision enters the game, whoever made it (a phone, the table
        together, the keypad, a deadline's default), in an order (table Rule 1): checked,
        written to the store when the game has one (the write awaited off the event loop),
        then applied (`RecordedGame.take`); `IllegalDecision` or `StoreUnwritable` change
        nothing."""
        game = self.game
        if isinstance(game, WrittenGame):
            return await game.take(decision, by=by)
        return game.apply(decision, by=by)

    async def _touch(self) -> None:
        """A touch that decides nothing commits all the same (nightgate Rule 4); `StoreUnwritable`."""
        game = self.game
        if isinstance(game, WrittenGame):
            await game.touch()

    async def _part_written(self, seat: int, given: Answer) -> None:
        """A part of a shared decision that does not complete it (a ballot, a pick), committed
        before it counts (table Rule 1): one commit, as a decoy's touch is (nightgate Rule 4)."""
        game = self.game
        if isinstance(game, WrittenGame):
            await game.put_part(seat, given)
