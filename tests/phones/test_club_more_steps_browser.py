"""RULES-CLUB-MORE's night steps on their boards in real headless Chromium: the thief on
盗贼丘比特 (two face-down cards) and the raven on 隐狼乌鸦 show the actor's phone and a villager's
the same picture, and only under the actor's finger what he alone may know. With
$PHONES_SCREENSHOTS set, pictures of each (the box held) go to its `club-more/`."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine import Game, find_board
from engine.setup import Setup
from narrator.phones import BackgroundServer, PhoneTable
from tests.phones.test_browser import assert_same_picture, hold, sit
from tests.phones.test_page_browser import screenshots

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (dev)")

# 盗贼丘比特: 1 thief, 2 cupid, 3-4 werewolves, 5 seer, 6 witch, 7 hunter, 8 idiot, 9-12 villagers;
# a villager and a werewolf face down (the club rule: he must take the wolf card).
THIEF_CUPID = ["thief", "cupid"] + ["werewolf"] * 2 + ["seer", "witch", "hunter", "idiot"] + ["villager"] * 4
# 隐狼乌鸦: 1-3 werewolves, 4 hidden wolf, 5 seer, 6 witch, 7 hunter, 8 raven, 9-12 villagers.
HIDDEN_WOLF_RAVEN = ["werewolf"] * 3 + ["hidden_wolf", "seer", "witch", "hunter", "raven"] + ["villager"] * 4


def at_the_step(board: str, setup: Setup, step: str) -> Game:
    game = Game(setup, find_board(board).rules({"sheriff": False}))
    while game.pending is not None and game.pending.step != step:
        game.apply(game.default())
    assert game.pending is not None, f"the game never came to {step}"
    return game


def shot(page: Any, name: str) -> None:
    """A picture of the page as `club-more/<name>.png` under $PHONES_SCREENSHOTS, when set."""
    folder = screenshots("club-more")
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(folder / f"{name}.png"), animations="disabled")


def held_shot(page: Any, name: str) -> None:
    """The same, a finger on the page's sealed box."""
    area = page.locator("#step-secret").bounding_box()
    page.mouse.move(area["x"] + 20, area["y"] + 10)
    page.mouse.down()
    shot(page, name)
    page.mouse.up()


def asked(page: Any) -> str:
    """What the step asks in words, then its buttons but the seats', as one line."""
    buttons = page.locator("#step button:visible").filter(has_not_text=re.compile(r"^\d"))
    return " ".join([page.locator("#step-info").inner_text(), *buttons.all_inner_texts()])


def told_at(browser: Any, game: Game, step: str, actor: int, decoy: int) -> tuple[str, str, str]:
    """What the actor's and a decoy's phones show under the finger at `step`, once their
    pictures are checked to be the same (and kept, held, when $PHONES_SCREENSHOTS is set), and
    what the step asks of everyone in words, its buttons (but the seats) after it."""
    table = PhoneTable(game)
    background = BackgroundServer(lambda: table)
    background.start()
    try:
        assert background.server is not None
        url = f"http://127.0.0.1:{background.server.port}/"
        actor_page, decoy_page = sit(browser, url, actor, "P"), sit(browser, url, decoy, "Q")
        background.call(table.narrate, step)
        assert_same_picture(actor_page, decoy_page, step)
        held_shot(actor_page, f"night-{step}-actor-held")
        held_shot(decoy_page, f"night-{step}-decoy-held")
        return hold(actor_page, "#step-secret"), hold(decoy_page, "#step-secret"), asked(decoy_page)
    finally:
        background.stop()


def test_the_thief_sees_his_two_cards_under_his_finger_on_thief_cupid_12(browser: Any) -> None:
    setup = Setup(seats=12, roles=THIEF_CUPID, extra_cards=["villager", "werewolf"])
    game = at_the_step("thief-cupid-12", setup, "thief")
    actor, decoy, words = told_at(browser, game, "thief", 1, 11)
    assert "两张底牌：第1张是普通村民，第2张是狼人" in actor, actor
    assert "必须换2号底牌（狼人阵营的牌）" in actor, actor
    # the club rule (public) always takes a card: nobody is offered to keep his
    assert words == "换一张底牌 换第1张 换第2张", words
    assert "底牌" not in decoy, decoy


def test_the_raven_is_told_he_acts_only_under_his_finger_on_hidden_wolf_raven_12(browser: Any) -> None:
    setup = Setup(seats=12, roles=HIDDEN_WOLF_RAVEN)
    game = at_the_step("hidden-wolf-raven-12", setup, "raven")
    actor, decoy, words = told_at(browser, game, "raven", 8, 11)
    assert "这一步轮到你" in actor, actor
    assert "这一步轮到你" not in decoy, decoy
    assert words.startswith("请选择一名玩家 "), words
