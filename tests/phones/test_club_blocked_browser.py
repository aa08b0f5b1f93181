"""A feared holder in real headless Chromium: at his step his phone shows the same picture as a
villager's, and only under his finger why he does nothing tonight."""

from __future__ import annotations

from typing import Any

from engine.game import state_of
from narrator.phones import BackgroundServer, PhoneTable
from tests.engine.harness import game_of
from tests.engine.test_club_dreams import NIGHTMARE_12, club
from tests.phones.test_browser import assert_same_picture, hold, sit
from tests.phones.test_club_checks_browser import chromium

__all__ = ["chromium"]  # the fixture


def test_the_feared_seer_is_told_why_under_her_finger_in_chromium(chromium: Any) -> None:
    # NIGHTMARE_12: 1 nightmare, 2-4 werewolves, 5 seer, 6 witch, 7 hunter, 8 dreamcatcher. The
    # seer's step is pretended (she is feared) and the game runs ahead to the day while the judge
    # still reads the seer's lines: the phones show the seer's step.
    game = game_of(
        club(NIGHTMARE_12) + "[[night]]\nnightmare = 5\ndreamcatcher = 9\nwerewolves = 10\nwitch = {}\n"
    )
    assert 5 in state_of(game).tonight.blocked
    table = PhoneTable(game)
    background = BackgroundServer(lambda: table)
    background.start()
    try:
        assert background.server is not None
        url = f"http://127.0.0.1:{background.server.port}/"
        actor, decoy = sit(chromium, url, 5, "P"), sit(chromium, url, 9, "Q")
        background.call(table.narrate, "seer")
        assert_same_picture(actor, decoy, "seer")
        assert "你被梦魇恐惧了" in hold(actor, "#step-secret")
        assert "梦魇" not in hold(decoy, "#step-secret")
    finally:
        background.stop()
