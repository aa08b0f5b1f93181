"""The host's endpoints (`/host/...`); their requests are `host_asks`, their answers
`host_answers`.

Rule 1: the host's endpoints take small JSON bodies checked by a model: anything else is a
        400, never a 500. The host claims the role with the PIN (`POST /host/claim`: at most
        `Limits.claim_burst` at once from an address, then `Limits.claim_rate` a second; the
        wrong PINs are counted per address, `SeatRegistry.claim_host`); every
        host act that touches a seat, and every claim, is told to every phone and to
        `PhoneServer.on_host_act` (the judge says it aloud), so none passes in silence; so is
        a board picked before the deal (`POST /host/board`), which changes every card, and
        a bare seat count (`POST /host/seats`): this game's before the deal (the lobby grows
        or shrinks), the next game's between two games; and the rules a table argues about
        and its timers, before the deal (`POST /host/table`), said aloud rule by rule; and
        custom cards, before the deal (`POST /host/cards`), said aloud camp by camp; and the
        judge's language and voice, before the deal (`POST /host/language`).
Rule 2: every answer is one of `host_answers`' models, sent as its JSON (fields in their order).
"""

from __future__ import annotations

from collections.abc import Callable

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from engine.balance import balance
from narrator.phones.host_answers import (
    BoardPicked,
    CardsRead,
    CardsSet,
    Claimed,
    Commanded,
    Freed,
    LanguageSet,
    Pick,
    Refused,
    RefusedSaid,
    SeatsPicked,
    TableSeats,
    TableSet,
    Taken,
)
from narrator.phones.host_asks import (
    CARDS_BODY_BYTES,
    MAX_BODY_BYTES,
    TABLE_BODY_BYTES,
    HostBoard,
    HostCards,
    HostClaim,
    HostFree,
    HostLanguage,
    HostSeats,
    HostTable,
    M,
    small_json,
)
from narrator.phones.lockout import Addresses
from narrator.phones.messages import HostCommand, Refusal
from narrator.phones.socketlink import address_of
from narrator.phones.table import PhoneTable
from narrator.phones.table_rules import CHOICES, value_key
from narrator.store import StoreUnwritable


class HostRoutes:
    """The host's endpoints (Rule 1): the claim with the PIN, and the acts the host token
    allows (free a seat, a command, a board before the deal, the next game's board or seat
    count between two games)."""

    def __init__(self, table: PhoneTable, addresses: Addresses, announce: Callable[..., None] | None) -> None:
        self.table, self.addresses, self.announce = table, addresses, announce

    def routes(self) -> list[Route]:
        return [
            Route("/host/claim", self.claim, methods=["POST"]),
            Route("/host/free", self.free_seat, methods=["POST"]),
            Route("/host/command", self.command, methods=["POST"]),
            Route("/host/board", self.pick_board, methods=["POST"]),
            Route("/host/seats", self.pick_seats, methods=["POST"]),
            Route("/host/table", self.pick_table, methods=["POST"]),
            Route("/host/cards", self.pick_cards, methods=["POST"]),
            Route("/host/language", self.pick_language, methods=["POST"]),
        ]

    def tell(self, key: str, **params: object) -> None:
        self.table.links.notify(key, **params)
        if self.announce is not None:
            self.announce(key, **params)

    def is_host(self, request: Request) -> bool:
        scheme, _, token = request.headers.get("authorization", "").partition(" ")
        return scheme == "Bearer" and bool(token.strip()) and self.table.registry.is_host(token.strip())

    async def claim(self, request: Request) -> Response:
        claim = await small_json(request, HostClaim)
        if claim is None:
            return Refused(error="malformed").response(400)
        address = address_of(request)
        if not self.addresses.may_claim(address):
            return Refused(error="busy").response(429)  # before the PIN is even looked at
        try:
            token = await self.table.links.claim_host(claim.pin, address)
        except Refusal as refusal:
            return Refused(error=refusal.code).response(403)
        except StoreUnwritable:
            return Refused(error="not_saved").response(503)
        self.tell("host_claimed")
        return Claimed(token=token).response()

    async def _asked(self, request: Request, model: type[M], limit: int = MAX_BODY_BYTES) -> M | Response:
        """The host's request as `model`, or the refusal to answer: not the host's key (403),
        a body that is not one, or longer than `limit` bytes (400)."""
        if not self.is_host(request):
            return Refused(error="host_only").response(403)
        asked = await small_json(request, model, limit)
        return Refused(error="malformed").response(400) if asked is None else asked

    async def free_seat(self, request: Request) -> Response:
        free = await self._asked(request, HostFree)
        if isinstance(free, Response):
            return free
        try:
            freed = await self.table.links.free_seat(free.seat)
        except StoreUnwritable:
            return Refused(error="not_saved").response(503)
        if freed:
            self.tell("host_freed", seat=free.seat)
        return Freed(freed=freed).response()

    async def command(self, request: Request) -> Response:
        command = await self._asked(request, HostCommand)
        if isinstance(command, Response):
            return command
        self.table.host_command(command)
        return Commanded(command=command.command).response()

    async def pick_board(self, request: Request) -> Response:
        return await self._host_pick(
            request, HostBoard, lambda pick: BoardPicked(board=self.table.evening.pick_board(pick.board).id)
        )

    async def pick_seats(self, request: Request) -> Response:
        def take(pick: HostSeats) -> SeatsPicked | TableSeats:
            between = self.table.game.over
            seats = self.table.evening.pick_seats(pick.seats)
            return SeatsPicked(seats=seats) if between else TableSeats(seats=seats)

        return await self._host_pick(request, HostSeats, take)

    async def pick_table(self, request: Request) -> Response:
        def take(pick: HostTable) -> TableSet:
            game = self.table.evening.pick_table(dict(pick.rules), dict(pick.timers))
            return TableSet(
                seats=game.setup.seats,
                rules={name: value_key(getattr(game.rules, name)) for name in CHOICES},
                timers={name: int(seconds) for name, seconds in self.table.evening.timers.items()},
                next_game=self.table.evening.between(),
            )

        return await self._host_pick(request, HostTable, take, TABLE_BODY_BYTES)

    async def pick_cards(self, request: Request) -> Response:
        def take(pick: HostCards) -> CardsSet:
            game = self.table.evening.pick_cards(dict(pick.cards), pick.preset)
            deck = game.setup.deck
            return CardsSet(
                seats=game.setup.seats,
                cards={role.value: deck.count(role) for role in dict.fromkeys(deck)},
                camps={str(name): count for name, count in balance(deck, game.setup.seats).counts.items()},
                next_game=self.table.evening.between(),
            )

        pick = await self._asked(request, HostCards, CARDS_BODY_BYTES)
        if isinstance(pick, Response):
            return pick
        if pick.preview:
            locale = pick.locale or self.table.locale
            try:
                return CardsRead(**self.table.evening.read_cards(dict(pick.cards), locale)).response()
            except Refusal as refusal:
                return RefusedSaid(error=refusal.code, message=refusal.message(locale)).response(409)
        return self._take(pick, take)

    async def pick_language(self, request: Request) -> Response:
        def take(pick: HostLanguage) -> LanguageSet:
            self.table.evening.pick_language(pick.language, pick.voice)
            return LanguageSet(language=pick.language, voice=self.table.evening.voice)

        return await self._host_pick(request, HostLanguage, take)

    async def _host_pick(
        self,
        request: Request,
        model: type[Pick],
        take: Callable[[Pick], Taken],
        limit: int = MAX_BODY_BYTES,
    ) -> Response:
        """The host's pick for the next deal (a board, a seat count): refused in the host's
        language when too late or unknown, else said aloud and answered with what was taken."""
        pick = await self._asked(request, model, limit)
        if isinstance(pick, Response):
            return pick
        return self._take(pick, take)

    def _take(self, pick: Pick, take: Callable[[Pick], Taken]) -> Response:
        """The host's pick taken, or refused in the host's language (`_host_pick`)."""
        try:
            taken = take(pick)
        except Refusal as refusal:
            message = refusal.message(pick.locale or self.table.locale)
            return RefusedSaid(error=refusal.code, message=message).response(409)
        except StoreUnwritable:  # the board's deal not written: nothing dealt, the host may try again
            message = Refusal("not_saved").message(pick.locale or self.table.locale)
            return RefusedSaid(error="not_saved", message=message).response(503)
        key, params = taken.said()
        self.table.public.show_said(key, params)  # every public screen shows what the judge says
        if self.announce is not None:
            self.announce(key, **params)
        return taken.response()
