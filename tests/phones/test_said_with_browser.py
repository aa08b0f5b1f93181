"""What the judge says reaches the phones as he says it, in real Chromium (390×844, zh-CN),
the real moderator narrating: a dead hunter's phone offers his shot while the judge asks
"6号，你可以开枪，你要带走谁？" (it said "你已出局" for those 3 s), and every phone shows the
end while the judge says "游戏结束，…获胜" (it showed the day, 5 to 8 s late: issue 40)."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest

from engine import GuardChoice, SeerChoice, WerewolvesChoice, WitchChoice
from engine.record import parse_record, replay
from tests.engine.harness import table as record_table
from tests.phones.chromium_table import QUICK, ChromiumTable
from tests.phones.harness import classic_game
from tests.phones.test_browser import browser

__all__ = ["browser"]

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (dev)")
expect = sync_api.expect
TIMERS = QUICK.model_copy(update={"decision": 30})


def held_on(table: ChromiumTable, key: str) -> None:
    end = time.monotonic() + 60
    while not table.voice.holding.is_set():
        assert time.monotonic() < end, " ".join(s[1] for s in table.voice.said)
        time.sleep(0.1)
    assert table.voice.held is not None and table.voice.held[0] == key


def shoot(page: Any, name: str) -> None:
    folder = os.environ.get("PHONES_SCREENSHOTS")
    if folder:
        (Path(folder) / "more").mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / "more" / f"{name}.png"))


def test_a_dead_hunters_phone_offers_the_shot_while_the_judge_asks(browser: Any) -> None:
    game = classic_game(sheriff=False)  # 6 is the hunter; the wolves kill him on night 1
    for decision in (GuardChoice(target=3), SeerChoice(target=1), WerewolvesChoice(victim=6), WitchChoice()):
        game.apply(decision)
    assert game.pending is not None and game.pending.step == "hunter"
    table = ChromiumTable(browser, game, seed=0, timers=TIMERS)
    hunter = next(player.page for player in table.players if player.seat == 6)
    try:
        table.voice.hold_on = {"hunter.shoot"}
        table.start()
        for player in table.players:
            player.peek()
        held_on(table, "hunter.shoot")
        expect(hunter.locator("#step")).to_have_attribute("data-step", "hunter")
        expect(hunter.locator("#step-seats button")).not_to_have_count(0)
        assert "你已出局" not in hunter.locator("#step-title").inner_text()
        shoot(hunter, "hunter-asked-at-once")
        table.voice.go_on()
    finally:
        table.stop()


def test_every_phone_shows_the_end_while_the_judge_says_it(browser: Any) -> None:
    record = record_table(rules="sheriff = false") + (
        "[[night]]\nguard = 5\nseer = 1\nwerewolves = 7\nwitch = { heal = true }\n"
        "[[day]]\nvote = { 3 = 2 }\n"
        "[[night]]\nguard = 3\nseer = 4\nwerewolves = 8\n"
    )
    game = replay(parse_record(record)).game  # the witch's poison on 1, the last wolf, ends it
    table = ChromiumTable(browser, game, seed=0, timers=TIMERS)
    pages = {player.seat: player.page for player in table.players}
    try:
        table.voice.hold_on = {"game.over"}
        table.start()
        for player in table.players:
            player.peek()
        witch = pages[4]
        expect(witch.locator("#step")).to_have_attribute("data-step", "witch", timeout=60000)
        witch.locator("#step-seats button").filter(has_text="1").first.click()
        witch.click("#confirm")
        held_on(table, "game.over")
        for page in pages.values():
            expect(page.locator("table.end")).to_be_visible()
        shoot(pages[3], "end-as-said")
        table.voice.go_on()
    finally:
        table.stop()
