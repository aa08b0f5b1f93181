"""The host's requests (`/host/...`): each a small JSON body checked by a model
(`host_endpoints` Rule 1), read by `small_json`: anything else is a 400, never a 500."""

from __future__ import annotations

from typing import Annotated, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError
from starlette.requests import Request

from narrator.phones.catalogue import Locale

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
    """`POST /host/language`: the judge's language and voice for this game (each phone keeps
    its own language; None: the voice he has), and the language of the answer when it is
    refused (the host page's)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    language: Locale
    voice: Literal["espeak", "neural"] | None = None
    locale: Locale | None = None


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
