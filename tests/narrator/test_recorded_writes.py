"""One write path for a game (`narrator.recorded.RecordedGame`): every change is awaited
through `take` / `take_back`, with a store or with none (the same object, writing nothing); a
stored game refuses the engine's unwritten `apply` / `pop`, changing nothing."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from engine.bots import random_decision
from engine.rules import make_rules
from engine.setup import deal, suggested_roles
from narrator.moderator.stored_seats import StoredSeats
from narrator.recorded import RecordedGame, WritesAhead
from narrator.store import Store


def _dealt() -> RecordedGame:
    return RecordedGame(deal(suggested_roles(9), 9, 4), make_rules(preset="seeds"))


def test_a_game_with_and_without_a_store_take_the_same_decisions_the_same_way(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3")
    stored, alone = _dealt(), _dealt()
    stored.record_to(store, store.create(stored.setup, stored.rules))
    rng = random.Random(4)

    async def play() -> None:
        for _ in range(12):
            decision = random_decision(stored, rng)
            assert await stored.take(decision) == await alone.take(decision)
        assert await stored.take_back() == await alone.take_back()

    asyncio.run(play())
    assert stored.log == alone.log
    assert store.load(stored.game_id).decisions == list(stored.log)
    store.close()


def test_a_stored_game_refuses_a_change_that_is_not_written(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3")
    game = _dealt()
    game.record_to(store, store.create(game.setup, game.rules))
    asyncio.run(game.take(game.default()))
    before = (list(game.log), game.pending, len(game.events))
    with pytest.raises(WritesAhead):
        game.apply(game.default())
    with pytest.raises(WritesAhead):
        game.pop()
    assert (list(game.log), game.pending, len(game.events)) == before
    assert store.load(game.game_id).decisions == list(game.log)
    store.close()
    alone = _dealt()
    alone.apply(alone.default())  # a game with no store is the engine's own
    assert alone.pop() == game.log[0]


def test_stored_seats_change_only_through_their_awaited_writes(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3")
    game = _dealt()
    game_id = store.create(game.setup, game.rules)
    seats = StoredSeats(store, game_id, 9)
    with pytest.raises(WritesAhead):
        seats.join(3, "Ann")
    with pytest.raises(WritesAhead):
        seats.claim_host(seats.host_pin())

    async def sit() -> None:
        await seats.take(3, "Ann")
        await seats.claim(seats.host_pin())

    asyncio.run(sit())
    with pytest.raises(WritesAhead):
        seats.free(3)
    assert store.seats(game_id) == {3: ("Ann", seats.tokens()[3])}
    assert store.host_token(game_id) == seats.host_token
    asyncio.run(seats.let_go(3))
    assert store.seats(game_id) == {}
    store.close()
