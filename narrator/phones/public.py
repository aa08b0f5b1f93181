"""The public screen's feed: what the screen by the table shows, public facts only.

Rule 1: the public screen (`attach`, no seat, no token) gets one `table` message whenever the
        phones' public picture changes or the judge says a line: the public view the phones
        show (views Rule 1: never the night's deaths before the day's line), the names, the
        lobby, the judge's line as spoken (the same for a real and a pretended step: the
        voice's own words), the day's stage as said (`stage`: the election, a PK, last words),
        the speech and step countdowns, the review at the end and the evening's scores;
        nothing any seat alone was told.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Protocol

from engine.boards import Board
from engine.game import Game
from narrator.phones import outbound as out
from narrator.phones.boards import board_cards, board_title
from narrator.phones.catalogue import Locale, page_strings
from narrator.phones.nightgate import Link
from narrator.phones.recap import written_review
from narrator.phones.said import Said
from narrator.phones.seats import SeatRegistry
from narrator.phones.stage import Stage


class Watched(Protocol):
    """What the public screen reads of the table: the game, its seats, its board and language,
    whether a moderator narrates, what the judge said."""

    @property
    def game(self) -> Game: ...

    registry: SeatRegistry
    board: Board | None
    locale: Locale
    auto_narrate: bool
    judge: Said


class PublicScreen:
    """The public screens of one table. `shown` is the public view the phones show; `clock`
    the countdowns every phone shows; `speaker` the seat whose speech runs; `scores` the
    evening's scores (None before a game ended)."""

    def __init__(
        self,
        table: Watched,
        *,
        shown: Callable[[], Any],
        clock: Callable[[], dict[str, Any]],
        speaker: Callable[[], int | None],
        scores: Callable[[], dict[str, Any] | None],
    ) -> None:
        self._table = table
        self._shown = shown
        self._clock = clock
        self._speaker = speaker
        self._scores = scores
        self._screens: set[Link] = set()
        self._reviews: dict[tuple[int, int, Locale], Any] = {}
        self.line = ""  # the judge's last line, as spoken
        self.stage = Stage()  # the election, a PK, last words, as said
        self.join_address: str | None = None  # the join address the box prints

    def attach(self, link: Link) -> None:
        """A public screen (Rule 1): it is sent the table's public picture from now on."""
        self._screens.add(link)
        link.send(self.message())

    def detach(self, link: Link) -> None:
        self._screens.discard(link)

    def hear(self, key: str, params: dict[str, Any]) -> None:
        """The judge says the line `key`: the screen shows it as spoken, and the day's stage."""
        self.line = spoken_line(self._table.locale, key, params)
        self.stage.hear(key, params)

    def show_said(self, key: str, params: dict[str, Any]) -> None:
        """A host's act as the judge says it (`PhoneServer.on_host_act`: the catalogue's
        `host.*`, then the lines `params["then"]` names) shown on every screen at once."""
        said = {name: value for name, value in params.items() if name != "then"}
        then = params.get("then", ())
        locale = self._table.locale
        first = spoken_line(locale, f"host.{key.removeprefix('host_')}", said)
        rest = [spoken_line(locale, str(line), {}) for line in then]
        space, comma, stop = (" ", ", ", ".") if locale == "en" else ("", "，", "。")
        self.line = space.join([first, comma.join(rest) + stop]) if rest else first
        self.send()

    def new_game(self) -> None:
        """The evening's next game: the judge has said nothing of it yet."""
        self.line, self.stage = "", Stage()

    def message(self) -> dict[str, Any]:
        """What the public screen shows now (Rule 1): public facts only, the table's picture
        as every phone shows it (views Rule 1: not the engine's, which knows the night's
        deaths before the judge says them)."""
        table = self._table
        public, locale, board, said = self._shown(), table.locale, table.board, table.judge
        return out.Table(
            locale=locale,
            strings=page_strings(locale),
            public=public.model_dump(mode="json"),
            seats=table.game.setup.seats,
            lobby=table.registry.lobby(),
            names=table.registry.names(),
            board=board_title(board, locale) if board is not None else None,
            board_cards=board_cards(board, locale) if board is not None else None,
            line=self.line,
            join=self.join_address,
            speaking=self._speaker(),
            clock=self._clock(),
            started=said.began or table.auto_narrate or bool(table.game.log),
            candidates=list(said.candidates),
            votes_from=said.votes_from,
            stage=self.stage.shown(),
            review=self.review(locale) if public.winner is not None else None,
            scores=self._scores(),
        ).wire()

    def review(self, locale: Locale) -> Any:
        """The game's written review in `locale`, made once per language and game state
        (every phone's `state` at the end carries it: made for each, it held up the loop)."""
        game = self._table.game
        key = (id(game), len(game.events), locale)
        if key not in self._reviews:
            self._reviews = {k: v for k, v in self._reviews.items() if k[:2] == key[:2]}
            self._reviews[key] = written_review(game, locale)
        return self._reviews[key]

    def send(self) -> None:
        """The public picture to every screen (it changed)."""
        if not self._screens:
            return
        message = self.message()
        for link in list(self._screens):
            link.send(message)


@functools.lru_cache(maxsize=4)
def _voice_catalogue(locale: str) -> Any:
    from narrator.voice.catalogue import load_catalogue

    return load_catalogue(locale)


def spoken_line(locale: str, key: str, params: dict[str, Any]) -> str:
    """The judge's line `key` as the voice says it (its catalogue's text), or "" when the
    catalogue has none (Rule 1)."""
    from narrator.voice.catalogue import CatalogueError, UnknownLine

    try:
        return str(_voice_catalogue(locale).text(key, **params))
    except (UnknownLine, CatalogueError):
        return ""
