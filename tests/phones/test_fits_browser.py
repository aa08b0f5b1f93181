"""Every screen fits the phone: at a small Android's 360×740, twelve seats (狼王守卫, the club
day), in Chinese and in English, a whole game played on real Chromium phones, and at no step
does any page scroll (down or across), nor come closer than `SPARE` (40 px) to the bottom: a
page that fits by less than a line on this machine's fonts scrolls on another's. The nine- and twelve-seat games of test_page_browser
check the same at 390×844.

What a screen holds at its fullest: the twelve-seat board, the card, the witch's step (the
sealed box, 使用解药, twelve seats, 不选/确定), a PK's speeches with the tie's count and the
self-destruct button, the end's table of every seat (the review folds under its title)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.game import Game
from narrator.moderator.config import PlayConfig
from tests.phones.chromium_table import PHONE, ChromiumTable

pytest.importorskip("playwright.sync_api", reason="playwright is not installed (dev)")

SMALL = {"width": 360, "height": 740}


@pytest.mark.parametrize("locale", ["zh-CN", "en"])
def test_a_twelve_seat_game_fits_a_small_phone(browser: Any, locale: str) -> None:
    setup, rules = PlayConfig(board="wolf-king-guard-12", seed=5).table()
    phone = dict(PHONE, viewport=SMALL, locale=locale)
    table = ChromiumTable(browser, Game(setup, rules), seed=5, phone=phone)
    try:
        table.start()
        table.play_to_the_end()
        assert table.game.over
    finally:
        table.stop()
    assert table.looked > 200  # screens were looked at, from the first night to the end
    worst: dict[str, int] = {}  # each screen that does not fit, by how much at most
    for over in table.overflow:
        worst[over.title] = max(worst.get(over.title, 0), over.down, over.across)
    assert table.overflow == [], worst
