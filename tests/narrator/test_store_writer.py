"""The store's writer thread: the event loop goes on while a commit is on its way to a slow
disk (the SD card's stand-in), and calls queued together are committed together, each one
refused alone."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.game import Game
from engine.rules import make_rules
from engine.setup import Setup
from narrator.store import Store, StoreError
from tests.support.slowdisk import sd_card, unavailable

ROLES = ("werewolf", "werewolf", "seer", "witch", "guard", "hunter", "villager", "villager", "villager")


@pytest.fixture
def card(tmp_path: Path) -> Iterator[Path]:
    """A folder on an SD card's stand-in whose fsync takes 120 ms more."""
    reason = unavailable()
    if reason is not None:
        print(f"skipped: {reason}")
        pytest.skip(reason=f"no SD card's stand-in here: {reason}")
    with sd_card(tmp_path, 120) as mounted:
        yield mounted


def new_game() -> Game:
    return Game(Setup(seats=9, roles=ROLES), make_rules({}))


def test_the_event_loop_runs_while_a_commit_waits_for_the_card(card: Path) -> None:
    store = Store(card / "games.sqlite3")
    game_id = store.create(new_game().setup, new_game().rules)

    async def scenario() -> int:
        ticks = 0
        stop = asyncio.Event()

        async def tick() -> None:
            nonlocal ticks
            while not stop.is_set():
                ticks += 1
                await asyncio.sleep(0)

        ticker = asyncio.get_running_loop().create_task(tick())
        await asyncio.sleep(0)
        before = ticks
        game = new_game()
        pending = game.pending
        assert pending is not None
        await store.write(store.append, game_id, 0, pending, game.default())
        stop.set()
        await ticker
        return ticks - before

    try:
        assert asyncio.run(scenario()) > 1  # the loop ran on while the commit was on its way
        assert len(store.load(game_id).decisions) == 1  # and the commit is there
    finally:
        store.close()


def test_calls_queued_together_commit_together_and_a_refused_one_changes_nothing(card: Path) -> None:
    store = Store(card / "games.sqlite3")
    game = new_game()
    game_id = store.create(game.setup, game.rules)
    decisions = []
    for _ in range(2):
        pending = game.pending
        assert pending is not None
        decision = game.default()
        decisions.append((pending, decision))
        game.apply(decision)

    async def scenario() -> list[object]:
        slow = store.write(store.touch, game_id)  # on the card while the others queue up
        first = store.write(store.append, game_id, 0, *decisions[0])
        wrong = store.write(store.append, game_id, 5, *decisions[1])  # not the next: refused
        second = store.write(store.append, game_id, 1, *decisions[1])
        return list(await asyncio.gather(slow, first, wrong, second, return_exceptions=True))

    try:
        answers = asyncio.run(scenario())
        assert answers[0] is None and answers[1] is None and answers[3] is None
        assert isinstance(answers[2], StoreError)
        assert store.load(game_id).decisions == [d for _, d in decisions]
    finally:
        store.close()


def test_a_closed_store_wrote_what_was_queued(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3")
    game = new_game()
    game_id = store.create(game.setup, game.rules)
    pending = game.pending
    assert pending is not None

    async def scenario() -> None:
        write = asyncio.ensure_future(store.write(store.append, game_id, 0, pending, game.default()))
        await asyncio.sleep(0)
        await write

    asyncio.run(scenario())
    store.close()
    again = Store(tmp_path / "games.sqlite3")
    try:
        assert len(again.load(game_id).decisions) == 1
    finally:
        again.close()
