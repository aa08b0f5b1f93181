"""The night gate: every touch at night is answered at its arrival plus the hold, real or decoy
(Rule 4), and a step's answers all leave before anything of the next step.

Rule 1: while a touch at night is handled (`holding`), what the table sends for it (its ack or
        refusal, the `progress` every phone gets) is held in a list of its own, per task (a
        ContextVar: several touches are handled at once while their commits are under way).
Rule 2: a touch's held list leaves at its arrival + NIGHT_ANSWER_S, or at once when its work
        (its commit) took longer; `send_held` sends every held list now (the step changed).
Rule 3: a touch past the table's turn, its commit under way, is in flight (`flight`); `quiet`
        waits until none is, so the narration moves on only once every touch that came
        before it has its answer on its way.
Rule 4: a touch at night is answered (its ack or refusal, the `progress` every phone gets, and
        whatever else it sends) NIGHT_ANSWER_S after it came, real or decoy, timed from its
        arrival: the store's write before a real decision counts (write ahead) runs off the
        event loop meanwhile, and a decoy (or a pick of the pack's that decides nothing yet)
        commits once too (`touch`), so that when the disk is slower than the hold (an SD
        card) every touch of the step waits alike for its own commit. A decoy (`is_decoy`:
        a touch at the night step narrated from a seat that owes it nothing) changes nothing
        of the game, so it takes no turn, and its commit starts at once, as a real touch's does.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import Protocol

from engine.contents import Catalogue
from engine.game import Game
from engine.state import Pending
from narrator.phones.messages import Act, Message, Refusal
from narrator.phones.screens import is_night
from narrator.phones.wire import Outgoing
from narrator.store import StoreUnwritable

NIGHT_ANSWER_S = 0.05  # seconds after a touch at night its answer leaves


class Link(Protocol):
    """One phone's connection: `send` queues a message without waiting; `close` ends it."""

    def send(self, message: Outgoing) -> None: ...

    def close(self, code: int) -> None: ...


Held = list[tuple[Link, Outgoing]]
_HOLDING: contextvars.ContextVar[Held | None] = contextvars.ContextVar("holding", default=None)


class NightGate:
    """Holds the answers to the touches at night (Rules 1-2) and counts those in flight (Rule 3)."""

    def __init__(self, hold: float = NIGHT_ANSWER_S) -> None:
        self.hold = hold
        self._held: list[tuple[asyncio.TimerHandle, Held]] = []
        self._in_flight = 0
        self._landed = asyncio.Event()

    @contextmanager
    def holding(
        self, arrival: float, message: Message, seat: int | None, narrating: str | None, game: Game
    ) -> Iterator[bool]:
        """Handle `message` of `seat` that came at the loop's time `arrival`: a touch at the
        night step narrated (`narrating`) has what is sent for it held until arrival + the hold
        (Rule 2); the block is given whether it is a decoy (Rule 4)."""
        night = isinstance(message, Act) and is_night(game.catalogue, narrating)
        held: Held | None = [] if night else None
        token = _HOLDING.set(held)
        try:
            yield night and is_decoy(message, seat, narrating, game.pending, game.catalogue)
        finally:
            _HOLDING.reset(token)
            if held is not None:
                self._send_at(held, arrival + self.hold)

    def out(self, link: Link, message: Outgoing) -> None:
        """Send `message` to `link`, or hold it with the touch being handled (Rule 1)."""
        held = _HOLDING.get()
        if held is not None:
            held.append((link, message))
        else:
            link.send(message)

    def out_all(self, messages: list[tuple[Link, Outgoing]]) -> None:
        """Send each (link, message) in order, or hold them all with the touch being handled."""
        held = _HOLDING.get()
        if held is not None:
            held.extend(messages)
        else:
            for link, message in messages:
                link.send(message)

    def _send_at(self, held: Held, when: float) -> None:
        def send() -> None:
            self._held = [(h, batch) for h, batch in self._held if batch is not held]
            for link, message in held:
                link.send(message)

        handle = asyncio.get_running_loop().call_at(when, send)
        self._held.append((handle, held))

    def send_held(self) -> None:
        """Send every held answer now, in the order the touches came."""
        held, self._held = self._held, []
        for handle, batch in held:
            handle.cancel()
            for link, message in batch:
                link.send(message)

    @contextmanager
    def flight(self) -> Iterator[None]:
        """A touch in flight for the block (Rule 3)."""
        self._in_flight += 1
        self._landed.clear()
        try:
            yield
        finally:
            self._in_flight -= 1
            if not self._in_flight:
                self._landed.set()

    async def quiet(self) -> None:
        """Wait until no touch is in flight."""
        while self._in_flight:
            await self._landed.wait()

    async def finish(self, later: Callable[[], Awaitable[None]], refuse: Callable[[Refusal], None]) -> None:
        """The rest of a touch's work, after the turn (its commit, then its answer); `refuse`
        answers a refusal, and "not_saved" when the store refused the commit."""
        try:
            await later()
        except Refusal as refused:
            refuse(refused)
        except StoreUnwritable:  # nothing was taken (write ahead): the phone may try again
            refuse(Refusal("not_saved"))


def is_decoy(
    message: Message, seat: int | None, narrating: str | None, pending: Pending | None, catalogue: Catalogue
) -> bool:
    """Whether `message` from `seat` is a touch at the night step narrated from a seat that
    owes it nothing (Rule 4); `catalogue`: the game's."""
    if not isinstance(message, Act) or seat is None or message.step != narrating:
        return False
    owes = pending is not None and pending.step == message.step and seat in pending.seats
    return is_night(catalogue, message.step) and not owes
