"""The angel's day 0 and the prejudiced manipulator's groups on real Chromium phones (390×844):
the vote screen of day 0 says it is day 0, before the first night, on every phone and the public
screen; each seat shows its public group. With $PHONES_SCREENSHOTS set, a picture goes to its
`characters/`."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Game, make_rules
from engine.setup import Setup
from narrator.phones.catalogue import text
from tests.phones.test_browser import expect, seat_button, sit
from tests.phones.test_characters_browser import served
from tests.phones.test_page_browser import cell, screenshots

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (dev)")

# 1 angel, 2 werewolf, 3 seer, 4 witch, 5 prejudiced manipulator, 6 villager, 7 werewolf, 8 villager.
ANGEL_8 = ["angel", "werewolf", "seer", "witch", "prejudiced_manipulator", "villager", "werewolf", "villager"]
GROUPS = ("a", "b", "a", "b", "a", "b", "a", "b")


def test_the_day_0_vote_says_day_0_before_the_first_night_and_every_seat_shows_its_group(
    browser: Any,
) -> None:
    game = Game(Setup(seats=8, roles=ANGEL_8, groups=GROUPS), make_rules({"sheriff": False}))
    assert game.pending is not None and (game.pending.phase, game.pending.step) == ("day 0", "vote")
    day_zero = text("zh-CN", "ui.phase_day_zero")
    with served(game) as (table, background, url):
        angel, villager = sit(browser, url, 1, "天"), sit(browser, url, 8, "民")
        screen = browser.new_page(viewport={"width": 1280, "height": 720})
        screen.goto(url + "screen")
        background.call(table.narrate, "vote")
        for page in (angel, villager):
            expect(page.locator("#step-title")).to_have_text(text("zh-CN", "steps.vote"))
            expect(page.locator("#phase")).to_have_text(day_zero)
            assert day_zero == "第0天（第一夜之前）"
            for seat, label in enumerate(GROUPS, start=1):
                tag = cell(page, seat).locator(".group")
                assert tag.inner_text() == {"a": "甲组", "b": "乙组"}[label]
                assert tag.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), "the group's name is cut"
        expect(screen.locator("#phase")).to_have_text(day_zero)
        assert screen.locator("#seats .seat .group").count() == 8
        seat_button(villager, 1).click()
        folder = screenshots("characters")
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
            villager.screenshot(path=str(folder / "day-0-vote.png"), animations="disabled")
            screen.screenshot(path=str(folder / "screen-day-0-groups.png"), animations="disabled")
