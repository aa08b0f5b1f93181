"""The day actions' buttons in real headless Chromium, on a 白狼王骑士 table at its first
discussion: the same buttons on every living phone, a villager's 决斗 refused in Chinese, the
knight's duel and the white wolf king's blow taken by tapping, the table shown the result."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from engine.decisions import SelfDestruct
from engine.game import Game
from engine.roles import Role
from engine.roles.knight import KnightDuel
from engine.roles.white_wolf_king import WhiteWolfKingBlow
from narrator.phones import BackgroundServer, PhoneTable
from tests.moderator.test_day_actions import at_the_discussion, seat_of
from tests.phones.test_browser import browser, shots, sit  # noqa: F401  (the browser fixture)
from tests.phones.test_day_actions import seats_holding

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (dev)")
expect = sync_api.expect
LABELS = ["自爆", "决斗", "白狼王自爆带人"]


@contextmanager
def served(game: Game) -> Iterator[tuple[BackgroundServer, str]]:
    box = BackgroundServer(lambda: PhoneTable(game))
    box.start()
    assert box.server is not None
    try:
        yield box, f"http://127.0.0.1:{box.server.port}/"
    finally:
        box.stop()


def take(page: Any, label: str, seat: int) -> None:
    """Tap the day action `label`, the seat it names, and confirm."""
    page.locator("#day-action-buttons button", has_text=label).first.click()
    expect(page.locator("#day-action-pick")).to_be_visible()
    assert page.locator("#day-action-seats button").count() == 12, "every living seat, one's own included"
    expect(page.locator("#day-action-confirm")).to_be_disabled()
    page.locator("#day-action-seats button").filter(has_text=str(seat)).first.click()
    page.click("#day-action-confirm")


def test_day_action_buttons_on_every_living_phone_in_chromium(browser: Any, tmp_path: Path) -> None:  # noqa: F811
    folder = shots(tmp_path)
    game = at_the_discussion(5)
    knight, wolf = seat_of(game, Role.KNIGHT), seats_holding(game, Role.WEREWOLF)[0]
    villager, king = seats_holding(game, Role.VILLAGER)[0], seat_of(game, Role.WHITE_WOLF_KING)
    with served(game) as (box, url):
        pages = {seat: sit(browser, url, seat, f"P{seat}") for seat in (knight, wolf, villager, king)}
        for page in pages.values():
            expect(page.locator("#day-actions")).to_be_visible()
            assert page.locator("#day-action-buttons button").all_inner_texts() == LABELS
        looks = {page.inner_html("#day-actions") for page in pages.values()}
        assert len(looks) == 1, "the same buttons, the same markup, on every living phone"
        pages[knight].screenshot(path=str(folder / "day-actions.png"))

        take(pages[villager], "决斗", wolf)
        expect(pages[villager].locator("#toast")).to_have_text("只有骑士才能决斗。")
        assert box.call(lambda: game.is_alive(wolf)), "a refused duel changes nothing"

        take(pages[knight], "决斗", wolf)
        for page in pages.values():
            expect(page.locator("#phase")).to_have_text("第2夜")
            expect(page.locator(f'#board [data-seat="{wolf}"]')).to_have_class(re.compile(r"\bdead\b"))
            expect(page.locator("#day-actions")).to_be_hidden()
        assert box.call(lambda: game.log[-1]) == KnightDuel(seat=knight, target=wolf)
        pages[villager].screenshot(path=str(folder / "after-duel.png"))

    game = at_the_discussion(5)
    seer = seat_of(game, Role.SEER)
    with served(game) as (box, url):
        pages = {seat: sit(browser, url, seat, f"P{seat}") for seat in (wolf, king, seer)}
        destruct = pages[wolf].locator("#day-action-buttons button", has_text="自爆").first
        destruct.click()
        expect(destruct).to_have_text("再按一次确认自爆")  # pressed once: nothing sent yet
        assert box.call(lambda: game.is_alive(wolf))
        take(pages[king], "白狼王自爆带人", seer)
        for page in pages.values():
            expect(page.locator("#phase")).to_have_text("第2夜")
        assert box.call(lambda: game.log[-1]) == WhiteWolfKingBlow(seat=king, target=seer)
        assert box.call(lambda: (game.is_alive(king), game.is_alive(seer))) == (False, False)
        expect(pages[seer].locator("#step-title")).to_have_text("你已出局")


def test_after_a_self_destruct_is_said_no_phone_shows_the_day_actions(browser: Any, tmp_path: Path) -> None:  # noqa: F811
    """The judge narrating: a wolf self-destructs in the discussion; as the judge says "N号自爆，
    直接进入黑夜" every phone drops the day actions' buttons (issue 40: a villager's phone still
    showed the red 自爆 after it)."""
    folder = shots(tmp_path)
    game = at_the_discussion(5)
    wolf, villager = seats_holding(game, Role.WEREWOLF)[0], seats_holding(game, Role.VILLAGER)[0]
    box = BackgroundServer(lambda: PhoneTable(game, auto_narrate=False))
    box.start()
    try:
        assert box.server is not None
        table, url = box.server.table, f"http://127.0.0.1:{box.server.port}/"
        box.call(table.said, "day.breaks", {"day": 1})
        page = sit(browser, url, villager, "村民")
        expect(page.locator('#day-action-buttons button[data-action="self_destruct"]')).to_be_visible()
        box.call(table.apply, SelfDestruct(seat=wolf))
        box.call(table.said, "self_destruct", {"seat": wolf})
        expect(page.locator("#day-actions")).to_be_hidden()
        page.screenshot(path=str(folder / "after-self-destruct.png"))
    finally:
        box.stop()
