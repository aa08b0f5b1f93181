"""再来一局 on a disk that refuses to write: the evening's next game waits for the store (said
once, by the store) instead of stopping the judge, and is stored once, seats and all, when
the disk writes again. The disk is the SD card's stand-in turned read-only and back
(`tests.support.slowdisk.failing_card`: needs /dev/fuse and fusepy, and says so when it skips)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from narrator.moderator.config import PlayConfig
from narrator.moderator.evening import Evening, next_game
from narrator.moderator.options import Options
from narrator.moderator.stored_seats import StoredSeats
from narrator.phones import PhoneTable
from narrator.recorded import RecordedGame
from narrator.store import Store
from tests.support.slowdisk import failing_card, unavailable


def test_the_next_game_waits_for_a_refusing_store_and_is_stored_once(tmp_path: Path) -> None:
    reason = unavailable()
    if reason is not None:
        print(f"skipped: {reason}")
        pytest.skip(reason=reason)
    with failing_card(tmp_path) as card:
        store = Store(card.mount / "games.sqlite3")
        said: list[str] = []
        store.report = said.append
        evening = store.open_evening()
        config = PlayConfig(board="beginner-9", seed=3, listen=False, store=card.mount / "games.sqlite3")
        setup, rules = config.table()
        game_id = store.create(setup, rules, config.model_dump(mode="json"), evening=evening)
        game = RecordedGame(setup, rules).record_to(store, game_id)
        for seat in range(1, 10):
            store.bind_seat(game_id, seat, f"P{seat}", f"token-{seat}")

        async def again() -> tuple[bool, RecordedGame]:
            table = PhoneTable(game, auto_narrate=False)
            table.registry = StoredSeats(store, game_id, 9)
            card.read_only()
            dealing = asyncio.create_task(next_game(table, store, config, Evening(evening), 3, Options()))
            while not said:
                assert not dealing.done() or dealing.exception() is None
                await asyncio.sleep(0.05)
            await asyncio.sleep(1.0)  # real time: it waits, tried again and again
            waited = not dealing.done()
            card.writable()
            dealt, _config, _seed = await asyncio.wait_for(dealing, 30)
            return waited, dealt

        waited, dealt = asyncio.run(again())
        assert waited
        assert [g for e in store.evenings() for g in e["games"]] == [game_id, dealt.game_id]  # stored once
        assert {seat: name for seat, (name, _) in store.seats(dealt.game_id).items()} == {
            seat: f"P{seat}" for seat in range(1, 10)
        }
        assert [line.split(" / ")[0] for line in said] == ["存储写入失败", "存储恢复"], said  # once each way
        store.close()
