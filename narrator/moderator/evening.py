"""The evening: its games one after another at the same table, each one's end kept (the
record, the store, the scores, the end shown on the phones) and the next one dealt."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from dataclasses import dataclass
from functools import partial
from typing import Any

from engine.boards import Board
from engine.record import write_record
from narrator.evening.ledger import evening_ledger
from narrator.evening.report import as_json, lines
from narrator.inbox import Command, CommandWord, Inbox
from narrator.moderator.config import PlayConfig
from narrator.moderator.loop import Moderator
from narrator.moderator.options import Options
from narrator.moderator.review import spoken_review
from narrator.moderator.stored_seats import StoredSeats
from narrator.moderator.written import saved, written
from narrator.phones import PhoneTable
from narrator.recorded import RecordedGame
from narrator.store import Store, StoreUnwritable, write_private
from narrator.timing import Clock
from narrator.voice.catalogue import load_catalogue


@dataclass
class Evening:
    """The evening the session's games are played in (None: a game of its own), and how many
    games a demo plays in it (`games`; None: until the host ends it)."""

    id: str | None
    games: int | None = None

    def played(self, store: Store) -> int:
        """The evening's games so far (each stored game, finished or not)."""
        return next((len(e["games"]) for e in store.evenings() if e["id"] == self.id), 0)

    def scores(self, store: Store) -> dict[str, Any] | None:
        if self.id is None:
            return None
        return as_json(evening_ledger(store, self.id), evening=self.id)

    def close(self, store: Store) -> None:
        """The table has gone home (the host ended the evening, the demo played its games).
        A store that refuses it keeps the evening open (it said so itself, in one line): the
        next `narrator play` goes on with it, nothing of its games lost."""
        if self.id is not None:
            with contextlib.suppress(StoreUnwritable):
                store.close_evening(self.id)


def next_settings(table: PhoneTable, config: PlayConfig) -> tuple[PlayConfig, Board | None]:
    """The evening's next game's settings on top of `config` (the table's, with what the host
    set between the games: rules, timers, custom cards, language), and its board: the host's
    next board, or his bare seat count dealt the judge's default cards as `narrator play
    --seats N` would, or his custom cards, or the same board, count or cards."""
    count = table.evening.next_seats
    board = None if count is not None else table.evening.next_board or table.board
    if table.evening.next_cards:
        count, board = None, None  # the host's custom cards, as `config` has them
    elif count is None and board is None and table.game.setup.seats != config.seats:
        count = table.game.setup.seats  # the bare count the host picked before the deal stays
    update: dict[str, Any] = {}
    settings = config.model_dump(exclude_unset=True)
    if board is not None:
        update |= {"board": board.id, "seats": board.seats, "setup": "auto", "extra_cards": []}
        settings.pop("preset", None)  # a board plays its own preset
    if count is not None:
        update |= {"seats": count, "setup": "auto", "extra_cards": []}
        settings.pop("board", None)
    return PlayConfig.model_validate({**settings, **update}), board


async def next_game(
    table: PhoneTable, store: Store, config: PlayConfig, evening: Evening, seed: int, options: Options
) -> tuple[RecordedGame, PlayConfig, int]:
    """The evening's next game dealt and stored (a new seed, `next_settings`), and seated at the
    table with the same phones; its game, settings and seed. A store that refuses it is waited
    for (`written`)."""
    seed = seed + 1 if options.bots else secrets.randbelow(2**31)
    config, board = next_settings(table, config)
    config = PlayConfig.model_validate({**config.model_dump(exclude_unset=True), "seed": seed})
    setup, rules = config.table()
    settings = config.model_dump(mode="json")
    if options.bots:
        settings |= {"demo": True, "evening_games": evening.games}
    game_id = await written(partial(store.create, setup, rules, settings, evening=evening.id), table.inbox)
    game = RecordedGame(setup, rules).record_to(store, game_id)
    seats = await written(
        partial(StoredSeats.following, table.registry, store, game_id, setup.seats), table.inbox
    )
    gone = table.evening.next_game(game, seats, board)
    print(
        f"再来一局 / one more game: game {game_id}, {setup.seats} seats"
        + (f", board {board.id}" if board else "")
        + (f"; seats {gone} are not in it" if gone else ""),
        flush=True,
    )
    return game, config, seed


async def say_the_review(played: RecordedGame, moderator: Moderator, locale: str) -> None:
    """The judge reads the game's review aloud."""
    has_line = load_catalogue(locale).__contains__
    for key, params in spoken_review(played, has_line, ended_by=moderator.ended_by):
        await moderator.say(key, **params)


async def keep_the_end(
    game: RecordedGame,
    table: PhoneTable,
    moderator: Moderator,
    store: Store,
    options: Options,
    clock: Clock,
    evening: Evening,
) -> str | None:
    """Write the record and the game's end (each once the disk takes it), show the evening's
    scores (the box's terminal, every phone: the host's 再来一局 with them, at once), then let
    the phones show the end until the host closes it or asks for one more game, while the
    judge reads the review (a word from the host cuts it short); "again" for one more (a
    demo: until the evening has its games, once the review is read)."""
    reading = asyncio.create_task(say_the_review(game, moderator, table.locale))
    try:
        word = await _show_the_end(game, table, moderator, store, options, evening)
        if word is None or options.bots:
            await reading  # nobody cut it short (a demo never does): the review is read to its end
        return word
    finally:
        reading.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await reading


async def _show_the_end(
    game: RecordedGame,
    table: PhoneTable,
    moderator: Moderator,
    store: Store,
    options: Options,
    evening: Evening,
) -> str | None:
    """`keep_the_end` but the review: the record, the game's end, the scores, the end shown."""
    outcome = game.outcome()
    record = options.record or store.path.parent / "records" / f"{game.game_id}.toml"
    if options.record is not None and (evening.games or 1) > 1:  # one file a game: FILE-N.toml
        record = record.with_name(f"{record.stem}-{evening.played(store)}{record.suffix}")
    text = write_record(game, comment=f"game {game.game_id}")
    winner = outcome.winner.value if outcome else None
    if not await saved(lambda: write_private(record, text), store, table.inbox, record):
        return None
    status = "over" if outcome else "ended"
    if not await saved(lambda: store.finish(game.game_id, winner, status), store, table.inbox):
        return None
    if isinstance(table.registry, StoredSeats):
        table.registry.over = True  # this game's seats are kept as they were (its scores)
    scores = evening.scores(store)
    if scores is not None:
        for line in lines(evening_ledger(store, str(evening.id)), table.locale):
            print(line, flush=True)
        table.evening.show_scores(scores)
    if outcome is None:
        return None
    if options.bots:
        return (
            CommandWord.AGAIN if evening.games is not None and evening.played(store) < evening.games else None
        )
    if table.connected():  # phones show the end, as long as people take (the real clock)
        return await serve_final_screen(table.inbox, Clock(), moderator.timers.final_screen)
    return None


async def serve_final_screen(inbox: Inbox, clock: Clock, seconds: float) -> str | None:
    """Keep serving the phones the end of the game (the winner, every card, the review, the
    evening's scores) until the host ends it ("end": the host's phone, `q` at the box), asks
    for one more game ("again": 再来一局 on the host's phone, `a` at the box, said aloud), or
    `seconds` pass (None)."""
    print(
        "游戏结束：手机上保留结果。再来一局：按 a 回车或在主持人手机上按“再来一局”；"
        "按 q 回车或“结束游戏”结束今晚。 / The game is over: the phones keep the result; "
        "a or the host's One more game deals the next one; q or the host's End ends the evening.",
        flush=True,
    )
    end = clock.now() + seconds
    while (left := end - clock.now()) > 0:
        item = await inbox.next(clock, left)
        if isinstance(item, Command) and item.word in (CommandWord.END, CommandWord.AGAIN):
            return item.word
    return None
