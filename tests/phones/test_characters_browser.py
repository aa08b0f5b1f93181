"""RULES-CHARACTERS.md's cards on real Chromium phones: the villager-villager's card, shown to
everyone at the start, stands beside his seat on every phone and on the public screen (on
`characters-8`, RULES.md's rules). With $PHONES_SCREENSHOTS set, a picture goes to its
`characters/`."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Game, find_board
from engine.setup import Setup
from narrator.phones import BackgroundServer, PhoneTable
from tests.phones.test_browser import sit
from tests.phones.test_page_browser import cell, screenshots

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (dev)")

# characters-8: 1-2 werewolves, 3 seer, 4 witch, 5 bear tamer, 6 villager-villager, 7-8 villagers.
CHARACTERS_8 = [
    "werewolf",
    "werewolf",
    "seer",
    "witch",
    "bear_tamer",
    "villager_villager",
    "villager",
    "villager",
]


def test_the_villager_villagers_card_stands_by_his_seat_on_every_phone_and_the_screen(browser: Any) -> None:
    game = Game(Setup(seats=8, roles=CHARACTERS_8), find_board("characters-8").rules({"sheriff": False}))
    while game.pending is not None and game.pending.step != "seer":
        game.apply(game.default())
    table = PhoneTable(game)
    background = BackgroundServer(lambda: table)
    background.start()
    try:
        assert background.server is not None
        url = f"http://127.0.0.1:{background.server.port}/"
        wolf, villager = sit(browser, url, 1, "狼"), sit(browser, url, 7, "民")
        screen = browser.new_page(viewport={"width": 1280, "height": 720})
        screen.goto(url + "screen")
        background.call(table.narrate, "seer")
        for page in (wolf, villager):
            page.wait_for_selector("#board:not([hidden])")
            shown = cell(page, 6).locator(".open")
            assert shown.inner_text() == "村民村民"
            assert shown.evaluate(
                "e => e.scrollWidth <= e.clientWidth + 1 && e.getClientRects().length === 1"
            ), "the card's name is cut"
            assert cell(page, 7).locator(".open").count() == 0 and cell(page, 1).locator(".open").count() == 0
        folder = screenshots("characters")
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
            villager.screenshot(path=str(folder / "board-villager-villager.png"), animations="disabled")
            screen.screenshot(path=str(folder / "screen-villager-villager.png"), animations="disabled")
        seat_six = screen.locator("#seats .seat").nth(5)
        screen.wait_for_function("() => document.querySelectorAll('#seats .seat .card').length > 0")
        assert "村民村民" in seat_six.inner_text()
        assert screen.locator("#seats .seat .card").count() == 1
    finally:
        background.stop()
