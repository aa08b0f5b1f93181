"""What the tests of the table's parts share: a real game of the beginner's board, a phone's link
that notes what it is sent, and the table's few fields a part reads (`TableFields`: the real
game, a real SeatRegistry, a real inbox and lock; the parts it does not test are left out)."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from engine.boards import Board, find_board
from engine.bots import random_decision
from engine.game import Game
from narrator.inbox import Inbox
from narrator.phones.catalogue import Locale
from narrator.phones.messages import parse
from narrator.phones.orders import ClaimHost, FreeSeat, Order, Orders
from narrator.phones.said import Said
from narrator.phones.seats import SeatRegistry
from narrator.phones.wire import Outgoing, fields_of

BEGINNER = find_board("beginner-9")


def beginner_game(seed: int = 1) -> Game:
    return Game(BEGINNER.deal(seed=seed), BEGINNER.rules())


class Phone:
    """A link that notes what it is sent and how it was closed."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self.closed: int | None = None

    def send(self, message: Outgoing) -> None:
        self.sent.append(fields_of(message))  # as the wire carries it (a padded one: as it is)

    def close(self, code: int) -> None:
        self.closed = code

    def types(self) -> list[str]:
        return [m["type"] for m in self.sent]

    def last(self, kind: str) -> dict[str, Any]:
        return [m for m in self.sent if m["type"] == kind][-1]


@dataclass
class TableFields:
    """The fields of a table that its parts read (`Seating`, `Hosting`, `Talking` …)."""

    game: Game = field(default_factory=beginner_game)
    registry: SeatRegistry = field(default_factory=lambda: SeatRegistry(9))
    board: Board | None = None
    facts_asked: list[str] = field(default_factory=list)
    locale: Locale = "en"
    inbox: Inbox = field(default_factory=Inbox)
    narrating: str | None = None
    auto_narrate: bool = False
    judge: Said = field(default_factory=Said)
    links: Any = None
    """The links part, once made: the orders carry out its seat freed (as the table's do)."""
    orders: Orders = field(init=False)

    def __post_init__(self) -> None:
        self.orders = Orders(self._carry_out)

    async def _carry_out(self, order: Order[Any]) -> Any:
        """The table's `_carry_out` for the orders a part gives: a seat freed, the host's claim."""
        if isinstance(order, FreeSeat):
            return await self.links.let_go(order.seat)
        assert isinstance(order, ClaimHost), order
        return await self.registry.claim(order.pin, order.address)


async def seated(links: Any, *seats: int) -> dict[int, Phone]:
    """A phone at each of `seats`, connected and sat (named P1, P2 …) through the links part."""
    phones = {}
    for seat in seats:
        phones[seat] = Phone()
        links.connect(phones[seat])
        await links.sit(phones[seat], join(seat, f"P{seat}"))
    return phones


def message(**fields: Any) -> Any:
    """A phone's message as the table reads it off the wire."""
    return parse(json.dumps(fields))


def join(seat: int, name: str, n: int = 1, locale: Locale | None = None) -> Any:
    message: dict[str, Any] = {"type": "join", "seat": seat, "name": name, "n": n}
    if locale is not None:
        message["locale"] = locale
    return parse(json.dumps(message))


def finished_game(seed: int = 1) -> Game:
    """A beginner's game played to its end by random legal decisions."""
    game, rng = beginner_game(seed), random.Random(seed)
    while not game.over:
        game.apply(random_decision(game, rng, self_destruct=0))
    return game
