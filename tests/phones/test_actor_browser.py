"""The actor's step on `actor-10` in real headless Chromium: his phone and a villager's show the
same picture (one button per face-up card and "不拿牌"), and only under his finger the cards
he may take. With $PHONES_SCREENSHOTS set, pictures of each (the box held) go to its
`club-more/`."""

from __future__ import annotations

from typing import Any

import pytest

from engine import find_board
from engine.setup import Setup
from narrator.phones import BackgroundServer, PhoneTable
from tests.phones.test_browser import expect, sit
from tests.phones.test_club_more_steps_browser import at_the_step, told_at

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (dev)")

# actor-10: 1 actor, 2-3 werewolves, 4 wolf-hound, 5 seer, 6 witch, 7 devoted servant, 8-10
# villagers; his cards the guard, the hunter, the idiot.
ACTOR_10 = [
    "actor",
    "werewolf",
    "werewolf",
    "wolf_hound",
    "seer",
    "witch",
    "devoted_servant",
    *["villager"] * 3,
]


def test_the_actor_sees_his_cards_under_his_finger_on_actor_10(browser: Any) -> None:
    setup = Setup.model_validate(
        {"seats": 10, "roles": ACTOR_10, "actor_cards": ["guard", "hunter", "idiot"]}
    )
    find_board("actor-10").check(setup)
    game = at_the_step("actor-10", setup, "actor")
    actor, decoy, words = told_at(browser, game, "actor", 1, 9)
    assert "桌上剩下的牌：1 守卫、2 猎人、3 白痴" in actor, actor
    assert "守卫" not in decoy, decoy
    assert words == "拿一张翻开的牌，或者不拿 拿第1张 拿第2张 拿第3张 不拿牌", words


def test_every_phone_shows_the_actors_cards_left_face_up_on_its_board(browser: Any) -> None:
    setup = Setup.model_validate(
        {"seats": 10, "roles": ACTOR_10, "actor_cards": ["guard", "hunter", "idiot"]}
    )
    table = PhoneTable(at_the_step("actor-10", setup, "actor"))
    background = BackgroundServer(lambda: table)
    background.start()
    try:
        assert background.server is not None
        url = f"http://127.0.0.1:{background.server.port}/"
        villager = sit(browser, url, 9, "Q")
        background.call(table.narrate, "actor")
        expect(villager.locator("#board .face-up")).to_have_text("桌上明牌：守卫、猎人、白痴")
    finally:
        background.stop()
