"""The evening at the table: the board picked before the deal, and between two games the next
game's board or seat count, a player leaving, the scores.

Rule 1: until the deal (while a `dealer` is set, a seat is free and no step was narrated) the
        host may pick a board of the table's seat count: the dealer deals it in place of the
        game, and every phone is told which, welcomed again (the rules changed) and sent its
        view anew; or a bare seat count (8–18, the judge's default cards for it): `reseat`
        deals it and resizes the seats (both on disk first), the lobby grows or shrinks, a
        phone whose seat goes is told so (in its language) and let go, every phone told; or
        the rules a table argues about and the timers (`table_rules`): `rechoose` deals them
        (on disk first), every phone is told the table's rules and sent its view anew; or
        custom cards (`custom_cards`) and the preset they play: `recard` deals them (on disk
        first), every phone is told the cards and their balance, welcomed again.
Rule 2: between two games of an evening (the game over) the host may pick the next game's
        board, of any seat count (`next_board`), or a bare seat count, dealt the judge's default
        cards for it (`next_seats`, as `narrator play --seats N`), every phone told; a player
        may leave (his seat is freed, every phone told, `on_leave` says it aloud); `next_game`
        seats the same phones at the next game (same seats, names and tokens), the seats it
        no longer has told so and let go; `show_scores` sends every phone the evening's scores,
        the same message to each (public: names, wins, the cards shown at the ends).
Rule 3: between two games the host sets the next game's table as before a deal (its rules and
        timers, custom cards, the judge's language and voice): `rechoose`, `recard` and
        `relocale` keep each change for it (on disk first) and `upcoming` makes the next game
        as set so far, which every phone reads with the scores, told of each change.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Protocol

from engine.boards import Board, BoardError, find_board
from engine.game import Game
from engine.role import Role
from narrator.phones import outbound as out
from narrator.phones.boards import (
    SEAT_COUNTS,
    SEPARATOR,
    board_cards,
    board_title,
    default_cards,
    offered_boards,
    offered_counts,
)
from narrator.phones.catalogue import Locale, text
from narrator.phones.custom_cards import cards_read, cards_told, chosen_deck, offered_cards
from narrator.phones.links import Links
from narrator.phones.messages import Refusal
from narrator.phones.nightgate import Link
from narrator.phones.said import Said
from narrator.phones.seats import SeatRegistry
from narrator.phones.table_rules import (
    LANGUAGES,
    TIMERS,
    changes,
    chosen_rules,
    chosen_timers,
    offered_language,
    offered_table,
)
from narrator.timing import Timers

log = logging.getLogger("narrator.phones")


class Hosting(Protocol):
    """What the evening reads of the table: its game and seats, whether the deal began."""

    @property
    def game(self) -> Game: ...

    registry: SeatRegistry
    board: Board | None
    locale: Locale
    narrating: str | None
    judge: Said


class Evening:
    """The host's evening at one table. `deal` plays a board's freshly dealt game in place of
    the one not started (Rule 1); `restart` seats the phones at the evening's next game
    (Rule 2); `send_states` sends every phone its view anew; `send_screens` tells the public
    screens of the scores."""

    def __init__(
        self,
        table: Hosting,
        links: Links,
        *,
        deal: Callable[[Board | None, Game], None],
        restart: Callable[[Game, SeatRegistry, Board | None], None],
        send_states: Callable[[], None],
        send_screens: Callable[[], None],
    ) -> None:
        self._table = table
        self._send_states = send_states
        self._links = links
        self._deal = deal
        self._restart = restart
        self._send_screens = send_screens
        self.dealer: Callable[[Board], Game] | None = None  # set: the host may pick a board (Rule 1)
        self.reseat: Callable[[int], tuple[Game, SeatRegistry]] | None = None  # and a seat count
        self.rechoose: Callable[[dict[str, bool | str], dict[str, float]], Game] | None = None  # rules
        self.recard: Callable[[list[Role], str | None], Game] | None = None  # and custom cards
        self.preset = "seeds"  # the preset the table's cards play (`engine.rules.PRESETS`)
        self.relocale: Callable[[Locale, str], Game] | None = None  # and the judge's language, voice
        self.voices: dict[str, tuple[Locale, ...]] = {"espeak": tuple(LANGUAGES)}
        """The voices this box speaks with, each with the languages it speaks."""
        self.voice = "espeak"  # the judge's voice now
        self.timers: dict[str, float] = {name: float(getattr(Timers(), name)) for name in TIMERS}
        """The table's timers the host may set (seconds), as the moderator will run them."""
        self.next_board: Board | None = None  # the host's board for the evening's next game (Rule 2)
        self.next_seats: int | None = None  # or the host's bare seat count for it (Rule 2)
        self.next_cards = False  # or his custom cards (Rule 3)
        self.upcoming: Callable[[], Game] | None = None  # the next game as set so far (Rule 3)
        self.scores: dict[str, Any] | None = None  # the evening's scores, after a game (Rule 2)
        self.on_leave: Callable[[int, str], None] | None = None  # a player left between games

    def pick_board(self, name: str) -> Board:
        """The host's board (Rule 1), of any seat count with `reseat` (that count first, as
        `pick_seats`); between two games the next game's, of any seat count (Rule 2). Refusal
        "board_late" (no dealer, every seat taken, or the deal began), "board_unknown",
        "board_unplayable" (roles the engine lacks), "board_seats" (another count, no `reseat`)."""
        if self._table.game.over:
            return self._pick_next_board(name)
        if not self.boards_open():
            raise Refusal("board_late")
        board = _playable(name)
        if board.seats != self._table.game.setup.seats:
            if self.reseat is None:
                raise Refusal("board_seats", seats=board.seats)
            self.pick_seats(board.seats)
        assert self.dealer is not None
        dealt = self.dealer(board)
        assert not dealt.log and dealt.setup.seats == board.seats
        self.preset = board.preset or "seeds"  # custom cards after it play the board's preset
        log.info("the host picked the board %s", board.id)
        self._taken(
            dealt,
            board,
            "host_board",
            lambda locale: {"board": board_title(board, locale), "cards": board_cards(board, locale)},
        )
        return board

    def _pick_next_board(self, name: str) -> Board:
        board = _playable(name)
        self.next_board, self.next_seats, self.next_cards = board, None, False
        log.info("the host picked the next game's board %s", board.id)
        self._tell(
            "next_board",
            lambda locale: {
                "board": board_title(board, locale),
                "cards": board_cards(board, locale),
                "seats": board.seats,
            },
        )
        self.show_scores(self.scores)  # the next game's table as it now is
        return board

    def pick_seats(self, seats: int) -> int:
        """The host's bare seat count, dealt the judge's default cards for it: before the deal
        this game's (Rule 1), between two games the next one's (Rule 2); every phone told, and
        the seats it no longer has. Refusal "seats_late" (a game not over, and no `reseat`:
        only between two games), "seats_dealt" (the deal began), "seats_unknown" (no default
        cards for it)."""
        table = self._table
        between = table.game.over
        if not between and self.reseat is None:
            raise Refusal("seats_late")
        if not between and not self.boards_open():
            raise Refusal("seats_dealt")
        if seats not in SEAT_COUNTS:
            raise Refusal("seats_unknown", low=SEAT_COUNTS[0], high=SEAT_COUNTS[-1])
        gone = [seat for seat in range(seats + 1, table.game.setup.seats + 1) if table.registry.holder(seat)]
        if between:
            self.next_board, self.next_seats, self.next_cards = None, seats, False
            log.info("the host picked %d seats for the next game", seats)
        else:
            assert self.reseat is not None
            game, registry = self.reseat(seats)
            self.next_game(game, registry, None)
            log.info("the host picked %d seats before the deal", seats)
        key, gone_key = ("next_seats", "seats_gone") if between else ("table_seats", "seats_gone_now")
        for link in self._links.everyone():
            locale = self._links.locale(link)
            told = text(locale, f"notices.{key}", seats=seats, cards=default_cards(seats, locale))
            if gone:
                told += text(locale, f"notices.{gone_key}", gone=SEPARATOR[locale].join(map(str, gone)))
            link.send(out.Notice(key=key, text=told))
        if between:
            self.show_scores(self.scores)  # the next game's table as it now is
        return seats

    def pick_table(self, rules: dict[str, str], timers: dict[str, int]) -> Game:
        """The host's rules and timers for this game, before the deal (Rule 1): dealt by
        `rechoose`, every phone told the table as it now is and sent its view anew; the game
        dealt. Refusal "table_late" (the deal began, or no `rechoose`), "rule_unknown",
        "timer_unknown"."""
        if self.rechoose is None or not self.settable():
            raise Refusal("table_late")
        settings, seconds = chosen_rules(rules), chosen_timers(timers)
        game = self.rechoose(settings, seconds)
        self.timers = {**self.timers, **seconds}
        log.info("the host set the table's rules %s and timers %s", settings, seconds)
        told = {"seats": game.setup.seats}
        self._taken(
            game, self._table.board, "table_rules", lambda locale: {**told, "rules": self.summary(locale)}
        )
        return game

    def pick_cards(self, counts: dict[str, int], preset: str | None) -> Game:
        """The host's custom cards for this game (card → how many) and the preset they play
        (None: the table's), before the deal (Rule 1): dealt by `recard`, every phone told the
        cards and their balance, welcomed again and sent its view anew; the game dealt.
        Refusal "table_late" (the deal began, or no `recard`), "card_unknown", or the
        engine's own check (`custom_cards.DeckRefused`)."""
        if self.recard is None or not self.settable():
            raise Refusal("table_late")
        seats = self.game().setup.seats
        deck = chosen_deck(counts, seats)
        game = self.recard(deck, preset)
        self.preset = preset or self.preset
        if self.between():
            self.next_board, self.next_seats, self.next_cards = None, None, True
        log.info("the host set custom cards %s", counts)
        self._taken(game, None, "table_cards", lambda locale: cards_told(deck, seats, locale))
        return game

    def pick_language(self, locale: Locale, voice: str | None = None) -> Game:
        """The judge's language and voice (None: the one he has) for this game, before the deal
        (Rule 1): his voice and the public screen (`relocale`, on disk first), every phone
        told in its own language (each phone keeps its own), welcomed again; the game dealt.
        Refusal "table_late", "voice_missing" (not on this box), "voice_language" (the voice
        does not speak it)."""
        if self.relocale is None or not self.settable():
            raise Refusal("table_late")
        voice = voice or self.voice
        if voice not in self.voices:
            raise Refusal("voice_missing")
        if locale not in self.voices[voice]:
            raise Refusal("voice_language")
        game = self.relocale(locale, voice)
        self._table.locale, self.voice = locale, voice
        log.info("the host set the judge's language %s and voice %s", locale, voice)
        self._send_screens()
        self._taken(
            game,
            self._table.board,
            "table_language",
            lambda mine: {"language": LANGUAGES[locale], "voice": text(mine, f"ui.voice_{voice}")},
        )
        return game

    def read_cards(self, counts: dict[str, int], locale: Locale) -> dict[str, Any]:
        """The host's custom cards read as he changes them (their balance and the engine's
        problems, in `locale`), nothing dealt; Refusal "table_late" as `pick_cards`."""
        if self.recard is None or not self.settable():
            raise Refusal("table_late")
        return cards_read(counts, self.game().setup.seats, locale)

    def summary(self, locale: Locale) -> str:
        """The table's rules that differ from the defaults, in `locale` (or that none does)."""
        said = changes(
            self.game().rules,
            lambda name, key: text(
                locale,
                "choices.summary_item",
                title=text(locale, f"choices.{name}"),
                choice=text(locale, f"choices.{key}"),
            ),
        )
        return SEPARATOR[locale].join(said) if said else text(locale, "choices.standard")

    def table(self, locale: Locale) -> dict[str, Any] | None:
        """The table's rules and timers as every phone shows them, under their one-line summary
        (the host's to change until the deal; None once it began), in `locale`."""
        if self.rechoose is None or not self.settable():
            return None
        game = self.game()
        seats = game.setup.seats
        said = "notices.next_table_rules" if self.between() else "notices.table_rules"
        summary = text(locale, said, seats=seats, rules=self.summary(locale))
        offered = offered_table(game.rules, self.timers, locale)
        deck = game.setup.deck
        cards = offered_cards(deck, seats, self.preset, locale) if self.recard is not None else None
        language = (
            offered_language(self._table.locale, self.voice, self.voices, locale) if self.relocale else None
        )
        return {**offered, "summary": summary, "custom": cards, "language": language}

    def between(self) -> bool:
        """Whether the host sets the evening's next game now (Rule 3)."""
        return self._table.game.over and self.upcoming is not None

    def settable(self) -> bool:
        """Whether the host may set the table now: before the deal (Rule 1), between games (3)."""
        return self.boards_open() or self.between()

    def game(self) -> Game:
        """The game the host sets: this one before its deal, the next one between two games."""
        return self.upcoming() if self.upcoming is not None and self.between() else self._table.game

    def _taken(
        self, game: Game, board: Board | None, key: str, named: Callable[[Locale], dict[str, Any]]
    ) -> None:
        """The host's change taken: before the deal the game dealt anew (`game`, from `board`)
        and every phone welcomed again, told and sent its view (Rule 1); between two games
        every phone told and sent the scores anew, with the next game's table (Rule 3)."""
        if not self.between():
            self._deal(board, game)
            self._tell(key, named, welcome=True)
            self._send_states()
            return
        key = f"next_{key}" if key in ("table_rules", "table_cards") else key  # the next game's
        self._tell(key, named)
        self.show_scores(self.scores)

    def _tell(self, key: str, named: Callable[[Locale], dict[str, Any]], *, welcome: bool = False) -> None:
        """Every phone told the notice `key` in its language (after the welcome, at a deal)."""
        for link in self._links.everyone():
            locale = self._links.locale(link)
            if welcome:
                link.send(self._links.welcome(locale))
            link.send(out.Notice(key=key, text=text(locale, f"notices.{key}", **named(locale))))

    def next_game(self, game: Game, registry: SeatRegistry, board: Board | None) -> list[int]:
        """Play the evening's next game, `game` (not started), at this table: the phones stay
        connected, the seats `registry` holds keep their holders; a phone whose seat the game
        no longer has is told and let go. The seats let go (Rule 2)."""
        assert not game.log
        gone = self._links.let_go_gone(registry)
        self.next_board, self.next_seats, self.next_cards, self.scores = None, None, False, None
        self._restart(game, registry, board)
        log.info("the evening's next game: %d seats, %s", game.setup.seats, board.id if board else "no board")
        return gone

    def show_scores(self, scores: dict[str, Any] | None) -> None:
        """The evening's scores on every phone (Rule 2), with every board and seat count the
        host may pick for the next game and its table as set so far (Rule 3): one message, the
        same for each phone of a language (none before the scores)."""
        self.scores = scores
        made: dict[Locale, out.Scores | None] = {}  # one a language (the next game dealt once)
        for link in self._links.everyone():
            locale = self._links.locale(link)
            message = made[locale] if locale in made else made.setdefault(locale, self.scores_message(locale))
            if message is not None:
                link.send(message)
        self._send_screens()

    def scores_message(self, locale: Locale) -> out.Scores | None:
        """The `scores` message in `locale`; None before the evening has scores."""
        if self.scores is None:
            return None
        boards, counts = offered_boards(None, locale), offered_counts(locale)
        return out.Scores(scores=self.scores, boards=boards, counts=counts, table=self.table(locale))

    async def leave(self, link: Link, seat: int, answer: Callable[[], None]) -> None:
        """The player at `seat` leaves between two games (Rule 2), the caller holding the turn:
        `answer` acknowledges it before the seat is freed."""
        if not self._table.game.over:
            raise Refusal("leave_late")
        holder = self._table.registry.holder(seat)
        answer()
        await self._links.let_go(seat)
        name = holder.name if holder is not None else ""
        self._links.notify("player_left", seat=seat, name=name)
        if self.on_leave is not None:
            self.on_leave(seat, name)

    def boards_open(self) -> bool:
        """Whether the host may pick a board now (Rule 1)."""
        table = self._table
        free = any(entry["name"] is None for entry in table.registry.lobby())
        began = table.judge.began
        return (
            free and self.dealer is not None and not table.game.log and table.narrating is None and not began
        )

    def boards(self, locale: Locale) -> list[dict[str, Any]]:
        """The boards the host may pick now, in `locale` (none once the deal began): of every
        seat count where the lobby may grow or shrink (`reseat`), else of the table's."""
        seats = None if self.reseat is not None else self._table.game.setup.seats
        return offered_boards(seats, locale) if self.boards_open() else []

    def counts(self, locale: Locale) -> list[dict[str, Any]]:
        """The bare seat counts the host may pick now, in `locale` (none once the deal began)."""
        return offered_counts(locale) if self.reseat is not None and self.boards_open() else []


def _playable(name: str) -> Board:
    try:
        board = find_board(name)
    except BoardError:
        raise Refusal("board_unknown") from None
    if not board.playable:
        raise Refusal("board_unplayable", missing=", ".join(board.missing_roles()))
    return board
