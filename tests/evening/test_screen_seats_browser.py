"""The public screen's seats read across a room: at 1280×800 and 1920×1080, twelve seats, the
names in type of at least 32 px (they were 26 px at 1280×800), and the sheriff's ★ on seat 12
whole inside its seat (it was clipped: issue 40); nothing scrolls."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from engine.record import parse_record, replay
from narrator.phones import BackgroundServer, PhoneTable
from tests.engine.test_club_day import NIGHT_9, club
from tests.phones.test_browser import browser

__all__ = ["browser"]

pytest.importorskip("playwright.sync_api", reason="playwright is not installed (dev)")

SEAT_12 = """() => {
  const seat = document.querySelectorAll('#seats .seat')[11], r = seat.getBoundingClientRect();
  const star = seat.querySelector('.star'), s = star && star.getBoundingClientRect();
  const head = seat.querySelector('b');
  return {star: !!star, inside: !!s && s.left >= r.left && s.right <= r.right && s.top >= r.top && s.bottom <= r.bottom,
          cut: head.scrollWidth > head.clientWidth + 1,
          name: parseFloat(getComputedStyle(seat.querySelector('.name')).fontSize),
          scroll: document.scrollingElement.scrollHeight - innerHeight};
}"""


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_twelve_seats_names_big_and_the_sheriffs_star_whole(browser: Any, size: tuple[int, int]) -> None:
    record = club() + NIGHT_9 + "[[day]]\nsheriff = { candidates = [12] }\n"
    game = replay(parse_record(record)).game
    box = BackgroundServer(lambda: PhoneTable(game))
    box.start()
    try:
        assert box.server is not None
        page = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale="zh-CN").new_page()
        page.goto(f"http://127.0.0.1:{box.server.port}/screen")
        page.wait_for_selector("#seats .seat >> nth=11")
        page.wait_for_function("() => /12号/.test(document.querySelectorAll('#seats .seat')[11].textContent)")
        seen = page.evaluate(SEAT_12)
        assert seen["star"] and seen["inside"] and not seen["cut"], seen
        assert seen["name"] >= 32, seen
        assert seen["scroll"] <= 0, seen
        folder = os.environ.get("SCREEN_SHOTS")
        if folder:
            page.screenshot(path=str(Path(folder) / f"seats-12-sheriff-{size[0]}x{size[1]}.png"))
    finally:
        box.stop()
