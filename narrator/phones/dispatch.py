"""Which part carries out each order and answers each message at the phone table: tables by
type, never a chain of `isinstance` (orders Rule 2). A new order is one entry in `carriers`, a
new message one in `seatless` (it needs no seat: a greeting, a join) or `seated` (it is a
seat's), each naming the part's method that handles it; the parts are handed in, never the
table, so nothing here reaches back into it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from engine.decisions import SelfDestruct
from engine.game import Game
from narrator.phones import outbound as out
from narrator.phones.day import Day
from narrator.phones.decisions import Decisions, Later
from narrator.phones.evening import Evening
from narrator.phones.links import Links
from narrator.phones.messages import (
    Act,
    DayActionNow,
    Done,
    Hello,
    Join,
    Leave,
    Message,
    Peeked,
    Ping,
    Rejoin,
    SelfDestructNow,
)
from narrator.phones.nightgate import Link, NightGate
from narrator.phones.orders import ClaimHost, Close, Decide, FreeSeat, NextStep, Order, Settle, Touch, Undo
from narrator.phones.seats import SeatRegistry

Carrier = Callable[[Any], Awaitable[Any]]
Answer = Awaitable[Later | None] | None
Seatless = Callable[[Link, Any], Answer]
Seated = Callable[[Link, int, Any], Answer]


def carriers(
    *,
    touch: Callable[[Touch], Awaitable[Later | None]],
    next_step: Callable[[NextStep], Awaitable[None]],
    decisions: Decisions,
    links: Links,
    registry: Callable[[], SeatRegistry],
) -> dict[type[Order[Any]], Carrier]:
    """Order type → the part that carries it out (checks, awaits the write, applies)."""
    return {
        Touch: touch,
        NextStep: next_step,
        Decide: decisions.decide,
        Close: decisions.close,
        Settle: decisions.settle,
        Undo: decisions.take_back,
        FreeSeat: lambda order: links.let_go(order.seat),
        ClaimHost: lambda order: registry().claim(order.pin, order.address),
    }


def seatless(*, links: Links, gate: NightGate) -> dict[type[Message], Seatless]:
    """Message type → its handler, for what a phone may send before it has a seat."""
    return {
        Hello: lambda link, hello: links.hello(link, hello.locale),
        Join: links.sit,
        Rejoin: links.sit,
        Ping: lambda link, ping: gate.out(link, out.Pong(n=ping.n)),
    }


def seated(
    *,
    decisions: Decisions,
    day: Day,
    evening: Evening,
    gate: NightGate,
    peeked: Seated,
    game: Callable[[], Game],
) -> dict[type[Message], Seated]:
    """Message type → its handler, for what only a seated phone may send."""
    return {
        Act: decisions.act,
        Done: lambda link, seat, done: day.end_speech(link, seat, done.n),
        Peeked: peeked,
        DayActionNow: lambda link, seat, m: day.day_action(link, seat, m.n, m.action, m.target),
        Leave: lambda link, seat, leave: evening.leave(
            link, seat, lambda: gate.out(link, out.ack(leave.n, "leave"))
        ),
        SelfDestructNow: lambda link, seat, blow: day.day_action(
            link, seat, blow.n, game().catalogue.actions[SelfDestruct].name, None
        ),
    }
