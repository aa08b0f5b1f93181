"""RULES-CHARACTERS.md's cards on real Chromium phones: the villager-villager's card, shown to
everyone at the start, stands beside his seat on every phone and on the public screen (on
`characters-8`, RULES.md's rules); the fox's sniff, one picture for him and a decoy, its answer
under his finger alone. With $PHONES_SCREENSHOTS set, a picture goes to its
`characters/`."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from engine import Game, find_board, make_rules
from engine.setup import Setup
from narrator.phones import BackgroundServer, PhoneTable
from narrator.phones.catalogue import text
from tests.phones.test_browser import assert_same_picture, expect, hold, seat_button, sit
from tests.phones.test_notes_browser import held
from tests.phones.test_page_browser import cell, screenshots

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (dev)")


@contextmanager
def served(game: Game) -> Iterator[tuple[PhoneTable, BackgroundServer, str]]:
    """`game`'s phone table served on loopback: the table, its server and the page's address."""
    table = PhoneTable(game)
    background = BackgroundServer(lambda: table)
    background.start()
    try:
        assert background.server is not None
        yield table, background, f"http://127.0.0.1:{background.server.port}/"
    finally:
        background.stop()


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
    with served(game) as (table, background, url):
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


# A fox's table (RULES.md's rules): 1 werewolf, 2 villager, 3 fox, 4 villager, 5 seer, 6 witch,
# 7 werewolf, 8 villager.
FOX_8 = ["werewolf", "villager", "fox", "villager", "seer", "witch", "werewolf", "villager"]


def test_the_fox_sniffs_from_his_phone_and_only_his_finger_finds_the_answer(browser: Any) -> None:
    game = Game(Setup(seats=8, roles=FOX_8), make_rules({"sheriff": False}))
    while game.pending is not None and game.pending.step != "fox":
        game.apply(game.default())
    with served(game) as (table, background, url):
        fox, villager = sit(browser, url, 3, "狐"), sit(browser, url, 8, "民")
        background.call(table.narrate, "fox")
        assert_same_picture(fox, villager, "fox")
        assert fox.locator("#step-seats button").count() == 8  # every living seat, his own too
        for page in (villager, fox):  # the decoy touches too: answered alike, nothing applied
            seat_button(page, 2).click()
            page.click("#confirm")
        expect(fox.locator("#step-title")).not_to_have_text(text("zh-CN", "steps.fox"))
        told = held(fox)[0]
        assert "嗅探1号、2号、3号：有狼" in told, told
        assert "嗅探" not in held(villager)[0]
        sniffs = [e for e in game.events if e.kind == "fox.result"]
        assert [(e.data["seats"], e.data["found"]) for e in sniffs] == [([1, 2, 3], True)]
        folder = screenshots("characters")
        if folder is not None:
            card = fox.locator("#card").bounding_box()
            fox.mouse.move(card["x"] + 30, card["y"] + 30)
            fox.mouse.down()
            fox.screenshot(path=str(folder / "fox-notes-held.png"), animations="disabled")
            fox.mouse.up()


# The sisters' table: 1 werewolf, 2 sister, 3 villager, 4 sister, 5 seer, 6 witch, 7 werewolf, 8 villager.
SISTERS_8 = ["werewolf", "two_sisters", "villager", "two_sisters", "seer", "witch", "werewolf", "villager"]


def test_the_sisters_meeting_is_one_picture_and_only_a_sisters_card_names_the_other(browser: Any) -> None:
    game = Game(Setup(seats=8, roles=SISTERS_8), make_rules({"sheriff": False}))
    with served(game) as (table, background, url):
        sister, villager = sit(browser, url, 2, "姐"), sit(browser, url, 3, "民")
        background.call(table.narrate, "two_sisters")
        assert_same_picture(sister, villager, "two_sisters")
        assert "姐妹：2号、4号" in held(sister)[0]
        assert "姐妹" not in held(villager)[0].replace("两姐妹", "")


def _pictures(name: str, decoy: Any, holder: Any = None) -> None:
    """With $PHONES_SCREENSHOTS set: a decoy's picture of a secret step (`name`.png) and, given
    the holder, his with the sealed box held (`name`-held.png), under `characters/`."""
    folder = screenshots("characters")
    if folder is None:
        return
    folder.mkdir(parents=True, exist_ok=True)
    decoy.screenshot(path=str(folder / f"{name}.png"), animations="disabled")
    if holder is not None:
        area = holder.locator("#step-secret").bounding_box()
        holder.mouse.move(area["x"] + 20, area["y"] + 10)
        holder.mouse.down()
        holder.screenshot(path=str(folder / f"{name}-held.png"), animations="disabled")
        holder.mouse.up()


# The judge's table (RULES.md's rules, no sheriff): 1 villager, 2 werewolf, 3 stuttering judge,
# 4 villager, 5 werewolf, 6 seer, 7 witch, 8 villager.
JUDGE_8 = ["villager", "werewolf", "stuttering_judge", "villager", "werewolf", "seer", "witch", "villager"]


def test_the_judges_request_is_one_picture_on_every_phone_and_only_his_press_calls_the_vote(
    browser: Any,
) -> None:
    game = Game(Setup(seats=8, roles=JUDGE_8), make_rules({"sheriff": False}))
    while game.pending is not None and game.pending.step != "judge":
        game.apply(game.default())  # night 1 quiet, day 1's vote: nobody went out
    with served(game) as (table, background, url):
        judge, villager = sit(browser, url, 3, "法"), sit(browser, url, 8, "民")
        background.call(table.narrate, "judge")
        assert_same_picture(judge, villager, "judge")
        yes = text("zh-CN", "ui.judge_second_vote")
        assert "本局还可以要求再投票1次" in hold(judge, "#step-secret")
        assert "口吃法官" not in hold(villager, "#step-secret")
        villager.get_by_role("button", name=yes).click()  # a decoy: answered alike, nothing applied
        expect(villager.locator("#toast")).to_have_text(text("zh-CN", "ui.received"))
        assert game.pending is not None and game.pending.step == "judge"
        _pictures("judge-request", villager, judge)
        judge.get_by_role("button", name=yes).click()
        expect(judge.locator("#toast")).to_have_text(text("zh-CN", "ui.received"))
        assert [p.key for p, _ in game.history][-1] == "judge"
        assert game.pending is not None and game.pending.key == "judge_vote"


def test_the_servants_swap_is_one_picture_on_every_phone_and_only_her_press_takes_the_card(
    browser: Any,
) -> None:
    from tests.phones.test_devoted_servant import at_her_step

    game = at_her_step()  # night 1 the pack killed 8, the hunter: his death is announced
    with served(game) as (table, background, url):
        servant, villager = sit(browser, url, 3, "仆"), sit(browser, url, 9, "民")
        background.call(table.narrate, "servant")
        assert_same_picture(servant, villager, "servant")
        seat_button(villager, 8).click()  # a decoy: answered alike, nothing applied
        villager.click("#confirm")
        expect(villager.locator("#toast")).to_have_text(text("zh-CN", "ui.received"))
        assert game.pending is not None and game.pending.step == "servant"
        _pictures("servant-swap", villager)
        seat_button(servant, 8).click()
        servant.click("#confirm")
        expect(servant.locator("#toast")).to_have_text(text("zh-CN", "ui.received"))
        assert [p.key for p, _ in game.history][-1] == "servant"


def test_the_princes_flip_is_one_picture_on_every_phone_and_only_his_press_voids_the_vote(
    browser: Any,
) -> None:
    from tests.phones.test_sequence_prince import at_the_flip

    game = at_the_flip()  # 永序之轮: day 1's vote counted, its verdict held
    with served(game) as (table, background, url):
        prince, villager = sit(browser, url, 8, "王"), sit(browser, url, 9, "民")
        background.call(table.narrate, "prince")
        assert_same_picture(prince, villager, "prince")
        assert "你是定序王子：翻牌则本轮投票作废，全场重投" in hold(prince, "#step-secret")
        assert "定序王子" not in hold(villager, "#step-secret")
        flip = text("zh-CN", "ui.prince_flip")
        villager.get_by_role("button", name=flip).click()  # a decoy
        expect(villager.locator("#toast")).to_have_text(text("zh-CN", "ui.received"))
        assert game.pending is not None and game.pending.step == "prince"
        _pictures("prince-flip", villager, prince)
        prince.get_by_role("button", name=flip).click()
        expect(prince.locator("#toast")).to_have_text(text("zh-CN", "ui.received"))
        assert game.pending is not None and game.pending.key == "prince_vote"
