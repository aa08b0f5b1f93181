"""Whole games on RULES-CLUB-MORE.md's new boards from real Chromium phones, every phone driven by
what it shows, the real moderator narrating (issue 36): 纯白夜影 (the pure white's and the wolf
witch's checks), 咒狐乌鸦 (the raven's mark, the cursed fox) and 假面舞会 (the dancer's three seats,
the masquerade's check and mask); and a fifteen-seat game of seven of RULES-CHARACTERS.md's roles,
`characters-15` (issue 37). At every night step every phone's sealed box has one size; every
screen fits the phone; the end lists every seat, the wolves marked. With $PHONES_SCREENSHOTS set,
a picture of each screen goes to its `more-boards/<board>/`."""

from __future__ import annotations

from typing import Any

import pytest

from engine.game import Game
from narrator.moderator.config import PlayConfig
from narrator.phones.catalogue import text
from tests.phones.chromium_table import ChromiumTable
from tests.phones.test_browser import expect
from tests.phones.test_page_browser import assert_one_sealed_size, screenshots

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (dev)")


@pytest.mark.parametrize(("board", "wolves", "steps"), [
    ("pure-white-wolf-witch-12", 4, {"pure_white", "wolf_witch"}),
    ("cursed-fox-raven-12", 3, {"raven"}),
    ("masquerade-12", 4, {"dancer", "masquerade", "masquerade_mask"}),
    # seven of the Characters' roles (issue 37): the big bad wolf, the fox, the bear tamer, the
    # three brothers, the stuttering judge, the rusty sword knight, the villager-villager
    ("characters-15", 3, {"big_bad_wolf", "fox", "three_brothers"}),
])  # fmt: skip
def test_a_whole_game_on_a_new_board_on_chromium_phones(
    browser: Any, board: str, wolves: int, steps: set[str]
) -> None:
    setup, rules = PlayConfig(board=board, seed=3).table()
    table = ChromiumTable(browser, Game(setup, rules), seed=3, shots=screenshots(f"more-boards/{board}"))
    try:
        table.start()
        table.play_to_the_end()
        assert table.game.over
        held = {h.step.split(" ", 1)[1] for h in table.held}  # "第1夜 狼巫请行动": the step's title
        assert {text("zh-CN", f"steps.{step}") for step in steps} <= held, sorted(held)
        assert_one_sealed_size(table.held)
        assert table.overflow == [], table.overflow[:10]  # every screen fits the phone
        for player in table.players:
            expect(player.page.locator("table.end tr")).to_have_count(setup.seats + 1)
            assert player.page.locator("table.end tr.wolf").count() == wolves  # the wolves marked
    finally:
        table.stop()
