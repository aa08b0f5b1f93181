"""The phones' links: which phone is connected, in which language, holding which seat.

Rule 1: a link holds one seat; a phone back with a seat's token replaces the link that held
        it (closed with CLOSE_REPLACED); a seat freed by the host closes its link.
Rule 2: the log holds public facts only: the seats taken and freed.
Rule 3: when the event cards are on, a phone joining tells the facts the cards ask for (each
        may be declined); they stay on the box, for the game's setup, and go to no phone.
Rule 4: a seat taken or freed and the host's claim are written before they count, with the
        table's orders (the table's Rule 1): nothing else moves the seats meanwhile.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from typing import Any, Protocol

from engine.boards import Board
from engine.game import Game
from engine.setup import SeatFacts
from narrator.inbox import Inbox, Seated
from narrator.phones import outbound as out
from narrator.phones.catalogue import Locale, card_variants, page_strings, text
from narrator.phones.facts import seat_facts
from narrator.phones.messages import Join, Refusal, Rejoin
from narrator.phones.nightgate import Link
from narrator.phones.orders import ClaimHost, FreeSeat, Orders
from narrator.phones.rulebook import rulebook
from narrator.phones.seats import SeatRegistry
from narrator.phones.wire import Outgoing, Padded, padded, seal

log = logging.getLogger("narrator.phones")

CLOSE_REPLACED = 4001  # another phone came back with this seat's token
CLOSE_FREED = 4002  # the host freed the seat

Out = Callable[[Link, Outgoing], None]
OutAll = Callable[[list[tuple[Link, Outgoing]]], None]


class Seating(Protocol):
    """What the links read of the table: the game, its seats' holders, its board and language."""

    @property
    def game(self) -> Game: ...

    registry: SeatRegistry
    board: Board | None
    facts_asked: list[str]
    locale: Locale
    inbox: Inbox
    orders: Orders


class Links:
    """The table's links to its phones. `out` sends a message (or holds it with a touch at
    night); `send_state` sends one seat its state with its whole feed (joining or back);
    `send_screens` tells the public screens; `boards`, `counts`, `choices` and `scores` are the
    evening's offer in a language (none: []; no table to set, no scores: None)."""

    def __init__(
        self,
        table: Seating,
        *,
        out: Out,
        send_state: Callable[[int], None],
        send_screens: Callable[[], None],
        boards: Callable[[Locale], list[dict[str, Any]]],
        counts: Callable[[Locale], list[dict[str, Any]]],
        choices: Callable[[Locale], dict[str, Any] | None],
        scores: Callable[[Locale], out.Scores | None],
    ) -> None:
        self._table = table
        self._out = out
        self._send_state = send_state
        self._send_screens = send_screens
        self._boards = boards
        self._counts = counts
        self._choices = choices
        self._scores = scores
        self._links: dict[int, Link] = {}
        self._link_seat: dict[Link, int] = {}
        self._link_locale: dict[Link, Locale] = {}
        self._facts: dict[int, SeatFacts] = {}

    def connect(self, link: Link) -> None:
        """A phone opened the page: welcomed in the table's language (and the evening's scores)."""
        locale = self._table.locale
        self._link_locale[link] = locale
        link.send(self.welcome(locale))
        scores = self._scores(locale)
        if scores is not None:
            link.send(scores)

    def disconnect(self, link: Link) -> None:
        seat = self._link_seat.pop(link, None)
        self._link_locale.pop(link, None)
        if seat is not None and self._links.get(seat) is link:
            del self._links[seat]

    def hello(self, link: Link, locale: Locale | None) -> None:
        """A phone says its language (none: the one it has): welcomed again in it."""
        self._link_locale[link] = locale or self.locale(link)
        self._out(link, self.welcome(self.locale(link)))

    async def sit(self, link: Link, message: Join | Rejoin) -> None:
        """A phone takes a seat or comes back to it (Rules 1, 3), in the caller's order."""
        table = self._table
        locale = message.locale or self.locale(link)
        held = self._link_seat.get(link)  # a link holds one seat (sockets Rule 2)
        if held is not None and (
            isinstance(message, Join) or table.registry.rejoin(message.token).seat != held
        ):
            raise Refusal("one_seat", seat=held)
        if isinstance(message, Join):
            holder = await table.registry.take(message.seat, message.name, locale)
            log.info("seat %d taken by %s", holder.seat, holder.name)
            facts = seat_facts(message.facts, table.facts_asked)
            if facts is not None:
                self._facts[holder.seat] = facts
            table.inbox.put(Seated(holder.seat))
        else:
            holder = table.registry.rejoin(message.token)
            holder.locale = locale
        old = self._links.get(holder.seat)
        if old is not None and old is not link:
            self._link_seat.pop(old, None)
            old.close(CLOSE_REPLACED)
        self._links[holder.seat] = link
        self._link_seat[link] = holder.seat
        self._link_locale[link] = locale
        self._out(
            link,
            out.Joined(n=message.n, seat=holder.seat, name=holder.name, token=holder.token, locale=locale),
        )
        self._send_state(holder.seat)
        if isinstance(message, Join):
            self.send_lobby()

    async def free_seat(self, seat: int) -> bool:
        """Free `seat` (the host's act) as an order (Rule 4): written first, then its
        phone is told and disconnected; StoreUnwritable frees nothing."""
        return await self._table.orders.give(FreeSeat(seat))

    async def let_go(self, seat: int) -> bool:
        """Free `seat`, in the caller's order (Rule 1); whether it was taken."""
        holder = await self._table.registry.let_go(seat)
        self._facts.pop(seat, None)
        link = self._links.pop(seat, None)
        if link is not None:
            self._link_seat.pop(link, None)
            link.send(out.Freed())
            link.close(CLOSE_FREED)
        if holder is not None:
            log.info("seat %d freed by the host", seat)
            self.send_lobby()
        return holder is not None

    def let_go_gone(self, registry: SeatRegistry) -> list[int]:
        """The evening's next game: the phones whose seat `registry` has no holder for are told
        and let go, their facts forgotten; the seats let go."""
        gone = sorted(seat for seat in self._links if registry.holder(seat) is None)
        for seat in gone:
            link = self._links.pop(seat)
            self._link_seat.pop(link, None)
            link.send(out.Freed(reason="seat_gone"))
            link.close(CLOSE_FREED)
        self._facts = {seat: f for seat, f in self._facts.items() if registry.holder(seat) is not None}
        return gone

    async def claim_host(self, pin: str, address: str = "") -> str:
        """The host's claim as an order (Rule 4), written before it counts."""
        return await self._table.orders.give(ClaimHost(pin, address))

    def facts(self) -> dict[int, SeatFacts]:
        """The facts the seated players gave at joining (Rule 3), seat → facts."""
        registry = self._table.registry
        return {
            seat: facts for seat, facts in sorted(self._facts.items()) if registry.holder(seat) is not None
        }

    def seat_of(self, link: Link) -> int | None:
        """The seat `link` holds, or None."""
        return self._link_seat.get(link)

    def connected(self) -> list[int]:
        """The seats whose phones are connected."""
        return sorted(self._links)

    def link(self, seat: int) -> Link | None:
        return self._links.get(seat)

    def connected_links(self) -> dict[int, Link]:
        """The link of each seat whose phone is connected, in seat order."""
        return dict(sorted(self._links.items()))

    def links_of(self, seats: Iterable[int]) -> dict[int, Link]:
        """The links of those of `seats` whose phones are connected."""
        return {seat: link for seat in seats if (link := self._links.get(seat)) is not None}

    def seated(self) -> list[Link]:
        """The phones that hold a seat."""
        return list(self._links.values())

    def everyone(self) -> list[Link]:
        """Every phone connected, seated or not."""
        return list(self._link_locale)

    def locale(self, link: Link) -> Locale:
        return self._link_locale.get(link, self._table.locale)

    def seat_locale(self, seat: int) -> Locale:
        link = self._links.get(seat)
        return self.locale(link) if link is not None else self._table.locale

    def welcome(self, locale: Locale) -> out.Welcome:
        game, table = self._table.game, self._table
        return out.Welcome(
            locale=locale,
            strings=page_strings(locale),
            seats=game.setup.seats,
            lobby=table.registry.lobby(),
            facts=table.facts_asked,
            variants=card_variants(game.rules),
            boards=self._boards(locale),
            counts=self._counts(locale),
            table=self._choices(locale),
            board=table.board.id if table.board is not None else None,
            rulebook=rulebook(game, table.board, locale),
        )

    def welcome_all(self) -> None:
        """Every phone welcomed again (the rules or the offer changed): one welcome made and
        padded per language, the same text for each phone of it (made for each phone, 18
        welcomes of 20 KB held up the loop 40 ms when the game began)."""
        made: dict[Locale, Padded] = {}
        for link in self.everyone():
            locale = self.locale(link)
            if locale not in made:
                made[locale] = padded(self.welcome(locale))
            link.send(made[locale])

    def send_lobby(self) -> None:
        message = out.Lobby(lobby=self._table.registry.lobby())
        for link in self.everyone():
            link.send(message)
        self._send_screens()

    def notify(self, key: str, **params: object) -> None:
        """Tell every phone a public fact (a host's act) in its own language: a `notice`
        carrying the catalogue line `notices.<key>`."""
        for link in self.everyone():
            line = text(self.locale(link), f"notices.{key}", **params)
            link.send(out.Notice(key=key, text=line))

    def error(self, link: Link, refusal: Refusal, n: int) -> out.Error:
        """A refusal, in the shape of an ack (an empty seal), so that on the wire a refused
        touch and an accepted one have one size."""
        message = refusal.message(self.locale(link))
        return out.Error(n=n, code=refusal.code, message=message, sealed=seal(None))

    def refuse(self, link: Link, code: str) -> None:
        """Answer `link` with the error `code` in its language (a message the server refused
        before reading it: too many, say)."""
        link.send(self.error(link, Refusal(code), 0))
