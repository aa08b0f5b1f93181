"""The public screen's tally counts the raven's mark and names it, as the phones and the review
do: the marked seat's votes include the mark's, and a seat nobody voted for is listed for it."""

from __future__ import annotations

from typing import Any

import pytest

from engine.record import parse_record, replay
from narrator.phones import BackgroundServer, PhoneTable
from tests.engine.harness import table
from tests.engine.test_raven import RAVEN_12, night
from tests.phones.test_browser import browser
from tests.phones.test_club_more_steps_browser import shot

__all__ = ["browser"]

pytest.importorskip("playwright.sync_api", reason="playwright is not installed (dev)")


def test_the_screens_tally_counts_the_ravens_mark(browser: Any) -> None:
    rules = 'night_order = "club"\nsheriff = false'
    record = table(RAVEN_12, rules=rules) + night(10) + "[[day]]\nvote = { 2 = 11, 3 = 11, 4 = 11 }\n"
    game = replay(parse_record(record)).game
    box = BackgroundServer(lambda: PhoneTable(game))
    box.start()
    try:
        assert box.server is not None
        page = browser.new_context(viewport={"width": 1280, "height": 800}, locale="zh-CN").new_page()
        page.goto(f"http://127.0.0.1:{box.server.port}/screen")
        page.wait_for_selector("#facts .tally >> nth=1")
        lines = page.locator("#facts .tally").all_inner_texts()
        assert lines == ["11号 3票：2号、3号、4号", "10号 2票：（乌鸦诅咒2票）"], lines
        shot(page, "tally-raven-screen")
    finally:
        box.stop()
