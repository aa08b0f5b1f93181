"""The checkers' night screens in real headless Chromium (Debian's): the gravekeeper and the
hidden wolf see the same picture as a villager, and only their finger shows what they are told."""

from __future__ import annotations

from typing import Any

import pytest

from engine.game import Game
from narrator.phones import BackgroundServer, PhoneTable
from tests.engine.harness import game_of
from tests.engine.test_club_checks import GRAVEKEEPER_12, HIDDEN_12, QUIET_1, QUIET_2, club
from tests.phones.test_browser import assert_same_picture, hold, sit
from tests.phones.test_club_checks import WOLF_OUT

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (dev)")


@pytest.fixture
def chromium(browser: Any) -> Any:
    """The browser (`tests.phones.chromium`), by the name test_club_blocked_browser imports."""
    return browser


def told_on_the_phones(browser: Any, game: Game, step: str, actor: int, decoy: int) -> tuple[str, str]:
    """What the actor's and a decoy's phones show under the finger at `step`, once their
    pictures are checked to be the same (seats of as many digits and one name, so the masked seat is as wide)."""
    background = BackgroundServer(lambda: PhoneTable(game))
    background.start()
    try:
        assert background.server is not None
        url = f"http://127.0.0.1:{background.server.port}/"
        actor_page, decoy_page = sit(browser, url, actor, "P"), sit(browser, url, decoy, "Q")
        assert_same_picture(actor_page, decoy_page, step)
        return hold(actor_page, "#step-secret"), hold(decoy_page, "#step-secret")
    finally:
        background.stop()


def test_the_gravekeeper_sees_yesterdays_exile_under_his_finger_in_chromium(browser: Any) -> None:
    game = game_of(club(GRAVEKEEPER_12) + QUIET_1 + WOLF_OUT + QUIET_2)
    actor, decoy = told_on_the_phones(browser, game, "gravekeeper", 8, 9)
    assert "昨天被放逐的玩家：狼人" in actor
    assert "狼人" not in decoy


def test_the_gravekeeper_is_told_nobody_was_exiled_in_chromium(browser: Any) -> None:
    game = game_of(club(GRAVEKEEPER_12) + QUIET_1 + "[[day]]\nvote = {}\n" + QUIET_2)
    actor, _ = told_on_the_phones(browser, game, "gravekeeper", 8, 9)
    assert "昨天被放逐的玩家：没有（昨天没有人被放逐）" in actor


def test_the_hidden_wolf_sees_the_packs_seats_under_his_finger_in_chromium(browser: Any) -> None:
    game = game_of(club(HIDDEN_12) + "[[night]]\nwerewolves = 9\n")
    actor, decoy = told_on_the_phones(browser, game, "hidden_wolf", 4, 9)
    assert "狼人是：1号、2号、3号" in actor
    assert "1号" not in decoy
