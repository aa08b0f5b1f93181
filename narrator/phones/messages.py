"""What a phone may send: one pydantic model per message type, validated before anything else.

Rule 1: a message is a JSON object with a `type`; unknown types, unknown fields, wrong types
        and oversized messages are malformed, and a malformed message changes nothing.
Rule 2: `n` is the phone's own number for the message; the answer to it (ack or error)
        carries the same `n`, so the page knows which touch was answered.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, TypeAdapter, ValidationError

from engine.setup import SeatFacts
from narrator.inbox import CommandWord
from narrator.phones.catalogue import Locale, rule_message, text

MAX_MESSAGE_BYTES = 2048
Seat = Annotated[int, Field(ge=0, le=99, strict=True)]
Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=16)]
Token = Annotated[str, StringConstraints(min_length=8, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]
Word = Annotated[str, StringConstraints(max_length=32, pattern=r"^[a-z0-9_]*$")]


class PhoneMessage(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    n: int = Field(default=0, ge=0, strict=True)


class Hello(PhoneMessage):
    """The first word of a page: its language (before it has a seat)."""

    type: Literal["hello"]
    locale: Locale | None = None


class Facts(SeatFacts):
    """What a player tells the table about themselves for the New Moon event cards: the
    engine's `SeatFacts`, each fact may be left out (declined); from a phone `age` is a whole
    number of years from 1 to 120."""

    age: Annotated[int, Field(ge=1, le=120, strict=True)] | None = None


class Join(PhoneMessage):
    """Take a free seat under a name (with the facts asked at joining, when events are on)."""

    type: Literal["join"]
    seat: Seat
    name: Name
    locale: Locale | None = None
    facts: Facts | None = None


class Rejoin(PhoneMessage):
    """Come back to the seat bound to `token` (after a reload, a lock or a dropped link)."""

    type: Literal["rejoin"]
    token: Token
    locale: Locale | None = None


class Act(PhoneMessage):
    """A touch on the step screen; which fields count depends on the step.

    `targets` are the seats named (empty = nobody, pass, abstain); `heal` is the witch's
    healing potion; `take` the thief's card (0 keeps); `stand` a sheriff candidacy; `yes`
    a yes-or-no answer (the ghost's, the pact, a witness, a werewolf's touch); `ask` the
    question a medium puts to the ghost.
    """

    type: Literal["act"]
    step: Annotated[str, StringConstraints(max_length=32)]
    targets: Annotated[list[Seat], Field(max_length=24)] = []
    heal: bool = False
    take: Annotated[int, Field(ge=0, le=2, strict=True)] = 0
    stand: bool = False
    yes: bool = False
    ask: Word = ""


class SelfDestructNow(PhoneMessage):
    """A werewolf reveals itself by day (the day action of the `SelfDestruct` decision)."""

    type: Literal["self_destruct"]


class DayActionNow(PhoneMessage):
    """A day action taken by the seat's own accord (`engine.steps.DayAction`): `action` is its
    name, `target` the seat it names when its form asks for one."""

    type: Literal["day_action"]
    action: Word
    target: Seat | None = None


class Done(PhoneMessage):
    """The speaker ends their speech early ("过")."""

    type: Literal["done"]


class Peeked(PhoneMessage):
    """The player has looked at their card (the judge waits for every seat)."""

    type: Literal["peeked"]


class Ping(PhoneMessage):
    type: Literal["ping"]


class Leave(PhoneMessage):
    """The player leaves the table between two games of the evening: the seat is freed."""

    type: Literal["leave"]


Message = Hello | Join | Rejoin | Act | SelfDestructNow | DayActionNow | Done | Peeked | Ping | Leave
Incoming = Annotated[Message, Field(discriminator="type")]
_INCOMING: TypeAdapter[Message] = TypeAdapter(Incoming)


class HostCommand(BaseModel):
    """A host control from the host's phone (`POST /host/command`, the host token as Bearer)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    command: Literal[
        CommandWord.READY,
        CommandWord.PAUSE,
        CommandWord.RESUME,
        CommandWord.REPEAT,
        CommandWord.UNDO,
        CommandWord.END,
        CommandWord.AGAIN,
    ]


class Refusal(ValueError):
    """A message refused, changing nothing; `code` names the answer in the catalogue.

    Codes are the `errors` group's names ("seat_taken"), or "rule." and the name of the
    rule an `IllegalDecision` broke ("rule.guard_repeat"); `params` fill the line.
    """

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code)
        self.code = code
        self.params = params

    def message(self, locale: Locale) -> str:
        if self.code.startswith("rule."):
            return rule_message(locale, self.code.removeprefix("rule."))
        return text(locale, f"errors.{self.code}", **self.params)


class Malformed(Refusal):
    """A message that is not one of the models; `n` is its number when one could be read."""

    def __init__(self, detail: str, n: int = 0) -> None:
        super().__init__("malformed")
        self.detail = detail
        self.n = n


def parse(raw: str | bytes) -> Message:
    """The message in `raw`; `Malformed` when it is not valid JSON of a known message."""
    if len(raw) > MAX_MESSAGE_BYTES:
        raise Malformed("message too long")
    try:
        return _INCOMING.validate_json(raw)
    except ValidationError as error:
        raise Malformed(_first_problem(error), _number_in(raw)) from None


def _first_problem(error: ValidationError) -> str:
    item = error.errors()[0]
    where = ".".join(str(part) for part in item["loc"])
    return f"{where}: {item['msg']}" if where else str(item["msg"])


def _number_in(raw: str | bytes) -> int:
    """The `n` of a message that failed validation, when it has a sound one (else 0)."""
    try:
        probe = TypeAdapter(dict[str, object]).validate_json(raw)
    except ValidationError:
        return 0
    n = probe.get("n")
    return n if isinstance(n, int) and not isinstance(n, bool) and n >= 0 else 0
