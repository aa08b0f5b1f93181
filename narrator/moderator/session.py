"""One game at the table from start to end, then the evening's next ones: the parts are
opened (`wiring`), the game is played, its end kept (`evening`), and the parts closed.

For `narrator play`, `narrator demo` and `narrator resume`.
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any

from narrator.inbox import Command, CommandWord
from narrator.moderator.config import PlayConfig
from narrator.moderator.evening import Evening, keep_the_end, next_game, next_settings
from narrator.moderator.loop import Moderator, anchor
from narrator.moderator.options import Options
from narrator.moderator.review import review
from narrator.moderator.table_language import TableLanguage
from narrator.moderator.wiring import (
    Parts,
    open_controls,
    open_listener,
    open_satellite,
    open_table,
    open_voice,
    phones_join,
)
from narrator.moderator.written import saved, written
from narrator.phones import PhoneTable
from narrator.recorded import RecordedGame
from narrator.store import Store
from narrator.timing import Clock, FastClock, Heard


async def run_session(
    game: RecordedGame,
    config: PlayConfig,
    store: Store,
    options: Options,
    *,
    seed: int,
    resumed: bool = False,
    evening: Evening | None = None,
) -> dict[str, Any]:
    """Play `game` to its end at a phone table, then the evening's next games at the same
    table while the host asks for one more (再来一局; a demo: until the evening has its
    games); the review of the last game, with the evening's scores. The parts are made here
    and closed here, whatever happens: the table and its server, the voice, the box's
    controls (listener, terminal, keypad, host PIN), the moderator."""
    evening = evening or Evening(None)
    table, server, choice = await open_table(game, config, store, options)
    parts = Parts(server=server)
    try:
        parts.satellite = await open_satellite(config, options)
        parts.voice = voice = await open_voice(config, options, game.setup.seats, parts.satellite)
        clock: Clock = FastClock() if options.fast else Clock()
        if parts.satellite is not None:
            from narrator.moderator.satellite_notices import tell_the_table

            parts.notices = tell_the_table(parts.satellite, parts.voice, table, clock)
        parts.listener, parts.desk, host_pin = await open_controls(
            table, server, config, options, parts.voice, parts.satellite
        )
        table.evening.on_leave = lambda seat, _name: host_pin.announce("host_left", {"seat": seat})
        listen = partial(open_listener, config, voice, table.inbox, parts.satellite)  # (locale)
        table.evening.relocale = TableLanguage(choice, voice, host_pin, parts, listen)  # and between games
        table.evening.upcoming = lambda: RecordedGame(*next_settings(table, choice.config)[0].table())
        parts.bots = await phones_join(table, server, options, seed, resumed, parts.voice, host_pin, config)
        heard: list[Heard] = []  # the evening's real night steps: its pretended ones sound like them
        while True:
            if parts.desk is None and not await _wait_for_seats(table):
                # `q` (or the host's end) while the phones join
                await saved(partial(store.finish, game.game_id, None, "ended"), store, table.inbox)
                evening.close(store)
                return {**review(table.game), "evening": evening.scores(store)}
            if table.evening.dealer is not None:  # the first game: as the host's phone set it
                config = choice.config
            moderator = Moderator(
                table,
                parts.voice,
                timers=config.timers_for(table.game.rules),
                clock=clock,
                rng=random.Random(seed),
                desk=parts.desk,
                on_line=table.said,  # the phones follow what the judge says
            )
            moderator.pacing.heard = heard
            table.timers = moderator.timers
            played = await _play(table, moderator, store, config, resumed)
            choice.between = True  # the host sets the next game now
            word = await keep_the_end(played, table, moderator, store, options, clock, evening)
            if word != CommandWord.AGAIN:
                evening.close(store)
                return {**review(played), "evening": evening.scores(store)}
            game, config, seed = await next_game(table, store, choice.config, evening, seed, options)
            choice.next_game(game.game_id, config)
            resumed = False
            await moderator.say("host.again")
    finally:
        await parts.close()


async def _play(
    table: PhoneTable, moderator: Moderator, store: Store, config: PlayConfig, resumed: bool
) -> RecordedGame:
    """Deal (the board the host picked, the facts the players gave) and play to the end; the
    game played (its review is said while the end is shown: `keep_the_end`)."""
    table.evening.dealer = None
    game = table.game
    assert isinstance(game, RecordedGame)
    if not game.log:
        game = await _with_facts(game, table, store)
    await moderator.run(from_event=anchor(game.events) if resumed else 0)
    played = moderator.game
    assert isinstance(played, RecordedGame)
    return played


async def _wait_for_seats(table: PhoneTable) -> bool:
    """Wait until every seat has joined (True), or the game is ended first (False); the
    commands given meanwhile, but "end", count for nothing."""
    while any(entry["name"] is None for entry in table.registry.lobby()):
        item = await table.inbox.get()
        if isinstance(item, Command) and item.word == CommandWord.END:
            return False
    return True


async def _with_facts(game: RecordedGame, table: PhoneTable, store: Store) -> RecordedGame:
    """The game, not started yet, dealt again with the facts the players gave at joining
    (for the New Moon cards); the stored setup holds them too, so a resume deals the same
    (a store that refuses it is waited for: `written`)."""
    facts = {**game.setup.facts, **table.links.facts()}
    if facts == dict(game.setup.facts):
        return game
    setup = game.setup.model_copy(update={"facts": facts})
    await written(partial(store.replace_setup, game.game_id, setup), table.inbox)
    again = RecordedGame(setup, game.rules).record_to(store, game.game_id)
    table.deal_again(again)
    return again
