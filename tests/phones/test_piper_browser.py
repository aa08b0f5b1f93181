"""The club piper (吹笛者, `piper_charms = "up_to_two"`) in real headless Chromium: his phone and a
villager's show the same picture at his step and take one seat or two alike; only under his
finger is he told he may name up to two."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Game, find_board
from engine.roles.piper import PiperChoice
from engine.setup import Setup
from narrator.phones import BackgroundServer, PhoneTable
from tests.phones.test_browser import assert_same_picture, hold, seat_button, sit
from tests.phones.test_club_checks_browser import chromium
from tests.phones.test_club_more_steps_browser import held_shot, shot

__all__ = ["chromium"]  # the fixture

expect = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (dev)").expect

# 吹笛者: 1-4 werewolves, 5 seer, 6 witch, 7 hunter, 8 guard, 9-11 villagers, 12 piper.
CARDS = ["werewolf"] * 4 + ["seer", "witch", "hunter", "guard"] + ["villager"] * 3 + ["piper"]


def at_the_pipers_step() -> Game:
    board = find_board("piper-12")
    game = Game(Setup(seats=12, roles=CARDS), board.rules({"sheriff": False}))
    while game.pending is not None and game.pending.step != "piper":
        game.apply(game.default())
    return game


def test_the_club_piper_and_a_decoy_take_one_seat_alike_in_chromium(chromium: Any) -> None:
    game = at_the_pipers_step()
    table = PhoneTable(game)
    background = BackgroundServer(lambda: table)
    background.start()
    try:
        assert background.server is not None
        url = f"http://127.0.0.1:{background.server.port}/"
        piper, decoy = sit(chromium, url, 12, "P"), sit(chromium, url, 11, "Q")
        background.call(table.narrate, "piper")
        assert_same_picture(piper, decoy, "piper")
        # up to two, the rules say (public): every phone says so
        expect(decoy.locator("#step-info")).to_have_text("最多选择2名玩家")
        held_shot(piper, "night-piper-actor-held")
        held_shot(decoy, "night-piper-decoy-held")
        assert "最多可选2人" in hold(piper, "#step-secret")
        assert "最多可选" not in hold(decoy, "#step-secret")
        for page in (piper, decoy):
            seat_button(page, 9).click()
            assert page.locator("#confirm").is_enabled(), "one seat is enough to confirm"
        assert_same_picture(piper, decoy, "piper")
        shot(decoy, "night-piper-one-seat")
        piper.locator("#confirm").click()
        piper.wait_for_function("() => document.querySelector('#confirm').disabled")
        assert background.call(lambda: table.game.history[-1][1]) == PiperChoice(charmed=(9,))
    finally:
        background.stop()
