"""What the box sends: one pydantic model per message type, as `messages` has for what a phone
may send (wyoming's events: a message is a type both ways).

Rule 1: every message the table sends is built from one of these models (`wire()` gives the
        dict the wire pads and encodes); a field that is not declared cannot be sent.
Rule 2: each type is read by the page that receives it: `app.js` (a seat's phone), `host.js`
        and `evening.js` (through the events `app.js` raises), `screen.js` (the public
        screen); `PAGE_NEVER_READS` names the answers only bots and benches read.
        `tests/phones/test_outbound.py` checks both ways: every type sent is read, and every
        type a page reads is sent.
Rule 3: fields whose content is another module's (a seat's view, its screen, the review) are
        `Any` here: their shape is that module's contract; what the wire may carry of them is
        decided there (`engine.views`, `screens`, `wire.seal`).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from narrator.phones.wire import seal


class Outbound(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    def wire(self) -> dict[str, Any]:
        """The message as a dict, fields in their declared order. The fields are taken as they
        are, not copied: what another module put in an `Any` field is its data already (Rule
        3), and a copy of every seat's view and review held up the loop (`wire.encode` still
        turns a model met inside one into its JSON)."""
        return {name: _plain(getattr(self, name)) for name in type(self).model_fields}


def _plain(value: Any) -> Any:
    """A field's value for the wire: a model as its dict, anything else as it is."""
    return value.model_dump(mode="json") if isinstance(value, BaseModel) else value


class Ack(Outbound):
    """A touch taken; what the seat alone is told (the seer's answer) sealed."""

    type: Literal["ack"] = "ack"
    n: int
    step: str
    sealed: str


class Error(Outbound):
    """A message refused, in the phone's language; in the shape of an ack (an empty seal)."""

    type: Literal["error"] = "error"
    n: int
    code: str
    message: str
    sealed: str


class Pong(Outbound):
    """The answer to a ping (bots and benches time the box with it; the page never pings)."""

    type: Literal["pong"] = "pong"
    n: int


class Welcome(Outbound):
    """The table as a phone sees it before it sits: its language's strings, the lobby, the
    facts asked at joining, the card variants, the boards and bare seat counts the host may
    pick and the table's rules and timers (until the deal: `table_rules.offered_table`)."""

    type: Literal["welcome"] = "welcome"
    locale: str
    strings: Any
    seats: int
    lobby: list[dict[str, Any]]
    facts: Any
    variants: Any
    boards: list[Any]
    counts: list[Any]
    table: Any
    board: str | None
    rulebook: Any


class Joined(Outbound):
    """The seat taken (or taken back): its token, for the phone alone."""

    type: Literal["joined"] = "joined"
    n: int
    seat: int
    name: str
    token: str
    locale: str


class Lobby(Outbound):
    """Who sits where."""

    type: Literal["lobby"] = "lobby"
    lobby: list[dict[str, Any]]


class Clock(Outbound):
    """The countdowns every phone shows alike (whole seconds left; None: none running)."""

    type: Literal["clock"] = "clock"
    step: int | None
    speech: int | None
    paused: bool


class State(Outbound):
    """A seat's picture of the game at a narrated step (views Rule 1)."""

    type: Literal["state"] = "state"
    view: Any
    screen: Any
    names: Any
    feed: list[Any]
    game: int  # which of the table's games `feed` belongs to: a phone drops another game's notes
    speaking: int | None
    seconds: int | None
    last_words: bool = False
    review: Any
    clock: Any
    started: bool
    candidates: list[int]
    pk: bool
    votes_from: Any


class Progress(Outbound):
    """A touch was taken: by day how many answered of how many owe it; at night nothing
    public, the pack's picks sealed for the pack."""

    type: Literal["progress"] = "progress"
    step: str | None
    answered: int | None = None
    owed: int | None = None
    sealed: str

    def wire(self) -> dict[str, Any]:
        """At night the counts are left out (not even as nulls: the page reads their absence)."""
        message = super().wire()
        return message if self.owed is not None else {k: v for k, v in message.items() if v is not None}


class Speaking(Outbound):
    """The speech of `seat` starts (None: it ended), `seconds` long; `last_words`: it is the
    seat's last words (the judge called them: public)."""

    type: Literal["speaking"] = "speaking"
    seat: int | None
    seconds: int | None
    last_words: bool = False


class Notice(Outbound):
    """A public fact (a host's act), in the phone's language."""

    type: Literal["notice"] = "notice"
    key: str
    text: str


class Freed(Outbound):
    """The seat was let go: by the host ("host"), or the next game has no such seat
    ("seat_gone")."""

    type: Literal["freed"] = "freed"
    reason: Literal["host", "seat_gone"] = "host"


class Scores(Outbound):
    """The evening's scores, with the boards and seat counts the host may pick next, and the
    next game's table as the host sets it (`Welcome.table`'s shape; None: not here)."""

    type: Literal["scores"] = "scores"
    scores: Any
    boards: list[Any]
    counts: list[Any]
    table: Any = None


class Table(Outbound):
    """The public screen's picture (public Rule 1): public facts only."""

    type: Literal["table"] = "table"
    locale: str
    strings: Any
    public: Any
    seats: int
    lobby: list[dict[str, Any]]
    names: Any
    board: str | None
    board_cards: Any
    line: str
    join: str | None
    speaking: int | None
    clock: Any
    started: bool
    candidates: list[int]
    votes_from: Any
    stage: Any
    review: Any
    scores: Any


MESSAGES: tuple[type[Outbound], ...] = (
    Ack,
    Error,
    Pong,
    Welcome,
    Joined,
    Lobby,
    Clock,
    State,
    Progress,
    Speaking,
    Notice,
    Freed,
    Scores,
    Table,
)
PAGE_NEVER_READS = frozenset({"pong"})


def type_of(model: type[Outbound]) -> str:
    return str(model.model_fields["type"].default)


def ack(n: int, step: str, told: dict[str, Any] | None = None) -> Ack:
    """The answer to a phone's message `n`: every ack has one shape, what the seat is told
    (the seer's answer) sealed."""
    return Ack(n=n, step=step, sealed=seal(told))
