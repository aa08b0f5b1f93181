"""The answers of the host's endpoints (`host_endpoints` Rule 2): every answer is one of
these models, sent as its JSON (fields in their order); a pick's answer also says how the judge
says it aloud (`said`)."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field
from starlette.responses import JSONResponse

from narrator.phones.host_asks import HostBoard, HostCards, HostLanguage, HostSeats, HostTable
from narrator.phones.table_rules import DEFAULT, value_key


class HostAnswer(BaseModel):
    """An answer of the host's endpoints (`host_endpoints` Rule 2)."""

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
    next_game: bool = Field(default=False, exclude=True)  # set between two games: said so

    def said(self) -> tuple[str, dict[str, object]]:
        """The host's act as the judge says it: the seat count, then each rule that is not
        the default (the catalogue's `table.*`), or that none is."""
        changed = [
            f"table.{name}_{value}"
            for name, value in self.rules.items()
            if value != value_key(getattr(DEFAULT, name))
        ]
        key = "host_next_table" if self.next_game else "host_table"
        return key, {"count": self.seats, "then": changed or ["table.standard"]}


class LanguageSet(HostAnswer):
    """The judge's language and voice as they now are."""

    language: str
    voice: str

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
    next_game: bool = Field(default=False, exclude=True)  # set between two games: said so

    def said(self) -> tuple[str, dict[str, object]]:
        """The host's act as the judge says it: the seats and each camp's cards (any third)."""
        others = self.camps["others"]
        camps = {name: count for name, count in self.camps.items() if others or name != "others"}
        key = ("host_next_cards" if self.next_game else "host_cards") + ("_others" if others else "")
        return key, {"count": self.seats, **camps}


Pick = TypeVar("Pick", HostBoard, HostSeats, HostTable, HostCards, HostLanguage)
Taken = BoardPicked | SeatsPicked | TableSeats | TableSet | CardsSet | LanguageSet  # said, answered
"""The host's pick for the next deal (`HostRoutes._host_pick`)."""
