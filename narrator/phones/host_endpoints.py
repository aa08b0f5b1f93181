"""The host's endpoints (`/host/...`), their request models and their answers.

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
        custom cards, before the deal (`POST /host/cards`), said aloud camp by camp.
Rule 2: every answer is one of the models below, sent as its JSON (fields in their order).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from engine.balance import balance
from narrator.phones.catalogue import Locale
from narrator.phones.lockout import Addresses
from narrator.phones.messages import HostCommand, Refusal
from narrator.phones.socketlink import address_of
from narrator.phones.table import PhoneTable
from narrator.phones.table_rules import CHOICES, DEFAULT, value_key
from narrator.store import StoreUnwritable

M = TypeVar("M", bound=BaseModel)
MAX_BODY_BYTES = 256  # a host request's body
TABLE_BODY_BYTES = 1024  # `POST /host/table`'s: every rule and timer at once
CARDS_BODY_BYTES = 2048  # `POST /host/cards`'s: a count for every card at once
Name = Annotated[str, StringConstraints(min_length=1, max_length=40)]


class HostClaim(BaseModel):
    """`POST /host/claim`: the PIN the box showed or said."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    pin: Annotated[str, StringConstraints(min_length=1, max_length=12, pattern=r"^[0-9]+$")]


class HostFree(BaseModel):
    """`POST /host/free`: the seat to free (the host token as Bearer)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    seat: Annotated[int, Field(ge=1, le=99, strict=True)]


class HostBoard(BaseModel):
    """`POST /host/board`: the board to deal (any of its names), and the language of the
    answer when it is refused."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    board: Annotated[str, StringConstraints(min_length=1, max_length=40)]
    locale: Locale | None = None


class HostSeats(BaseModel):
    """`POST /host/seats`: a bare seat count (this game's before the deal, the next one's
    between two games), and the language of the answer when it is refused."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    seats: Annotated[int, Field(ge=1, le=99, strict=True)]
    locale: Locale | None = None


class HostTable(BaseModel):
    """`POST /host/table`: the rules (setting → its value's name, `table_rules.CHOICES`) and
    timers (name → seconds) for this game, before the deal, and the language of the answer
    when it is refused."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    rules: Annotated[dict[Name, Name], Field(max_length=12)] = {}
    timers: Annotated[
        dict[Name, Annotated[int, Field(ge=0, le=100_000, strict=True)]], Field(max_length=6)
    ] = {}
    locale: Locale | None = None


class HostCards(BaseModel):
    """`POST /host/cards`: custom cards for this game before the deal (card → how many, every
    card of the deck, the face-down ones too), the preset they play (None: the table's), and
    the language of the answer when it is refused."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    cards: Annotated[
        dict[Name, Annotated[int, Field(ge=0, le=99, strict=True)]], Field(min_length=1, max_length=60)
    ]
    preset: Literal["seeds", "chinese-club"] | None = None
    locale: Locale | None = None
    preview: bool = False
    """Only read the cards (their balance and the engine's problems), deal nothing."""


class HostLanguage(BaseModel):
    """`POST /host/language`: the judge's language for this game (each phone keeps its own)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    locale: Locale


class HostAnswer(BaseModel):
    """An answer of the host's endpoints (Rule 2)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    def response(self, status: int = 200) -> JSONResponse:
        return JSONResponse(self.model_dump(), status_code=status)


class Refused(HostAnswer):
    """A request refused: the code the page says in its language."""

    error: str


class RefusedSaid(HostAnswer):
    """A pick refused (too late, unknown), said in the host's language."""

    error: str
    message: str


class Claimed(HostAnswer):
    """The host's place taken: the token the host's phone sends as Bearer from now on."""

    token: str


class Freed(HostAnswer):
    """Whether the seat was let go (False: nobody held it)."""

    freed: bool


class Commanded(HostAnswer):
    """The host's command, put in the moderator's inbox."""

    command: str


class BoardPicked(HostAnswer):
    """The board the next deal is dealt from (its id)."""

    board: str

    def said(self) -> tuple[str, dict[str, object]]:
        """The host's act as the judge says it (`PhoneServer.on_host_act`)."""
        return "host_board", {"board": self.board}


class SeatsPicked(HostAnswer):
    """The next game's bare seat count."""

    seats: int

    def said(self) -> tuple[str, dict[str, object]]:
        """The host's act as the judge says it (`PhoneServer.on_host_act`)."""
        return "host_seats", {"count": self.seats}


class TableSeats(HostAnswer):
    """This game's bare seat count, picked before the deal."""

    seats: int

    def said(self) -> tuple[str, dict[str, object]]:
        """The host's act as the judge says it (`PhoneServer.on_host_act`)."""
        return "host_table_seats", {"count": self.seats}


class TableSet(HostAnswer):
    """The table's rules and timers as they now are (each rule by its value's name)."""

    seats: int
    rules: dict[str, str]
    timers: dict[str, int]

    def said(self) -> tuple[str, dict[str, object]]:
        """The host's act as the judge says it: the seat count, then each rule that is not
        the default (the catalogue's `table.*`), or that none is."""
        changed = [
            f"table.{name}_{value}"
            for name, value in self.rules.items()
            if value != value_key(getattr(DEFAULT, name))
        ]
        return "host_table", {"count": self.seats, "then": changed or ["table.standard"]}


class LanguageSet(HostAnswer):
    """The judge's language as it now is."""

    locale: str

    def said(self) -> tuple[str, dict[str, object]]:
        """The host's act as the judge says it, in the new language."""
        return "host_language", {}


class CardsRead(HostAnswer):
    """Custom cards read (nothing dealt): their balance and the engine's problems."""

    balance: dict[str, Any]
    problems: list[str]


class CardsSet(HostAnswer):
    """The table's custom cards as they now are (card → how many) and each camp's count."""

    seats: int
    cards: dict[str, int]
    camps: dict[str, int]

    def said(self) -> tuple[str, dict[str, object]]:
        """The host's act as the judge says it: the seats and each camp's cards (any third)."""
        others = self.camps["others"]
        camps = {name: count for name, count in self.camps.items() if others or name != "others"}
        return "host_cards_others" if others else "host_cards", {"count": self.seats, **camps}


Pick = TypeVar("Pick", HostBoard, HostSeats, HostTable, HostCards, HostLanguage)
Taken = BoardPicked | SeatsPicked | TableSeats | TableSet | CardsSet | LanguageSet  # said, answered
"""The host's pick for the next deal (`HostRoutes._host_pick`)."""


async def small_json(request: Request, model: type[M], limit: int = MAX_BODY_BYTES) -> M | None:
    """The request's body as `model` (a pydantic model), or None when it is longer than
    `limit` bytes or not valid: non-JSON, a wrong type, a number out of range or 1e400."""
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            return None
    try:
        return model.model_validate_json(body)
    except (ValidationError, ValueError):
        return None


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
            self.table.evening.pick_language(pick.locale)
            return LanguageSet(locale=pick.locale)

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
