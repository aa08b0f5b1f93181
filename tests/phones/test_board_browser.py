"""The board at the top of every phone says each dead seat's card whole (the seeds' rules show
it at death): at 390×844 and 360×740, "普通村民" and a dead sheriff's "警长" beside it are not cut
to "普通…" / "警长 …" (issue 40), and the board fits across the phone."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from engine import GuardChoice, SeerChoice, WerewolvesChoice, WitchChoice
from narrator.phones import BackgroundServer, PhoneTable
from tests.phones.chromium_table import PHONE
from tests.phones.harness import classic_game
from tests.phones.test_browser import browser

__all__ = ["browser"]

pytest.importorskip("playwright.sync_api", reason="playwright is not installed (dev)")

# Every tag of the board: its text, whether it is cut (wider than shown), whether it leaves its seat
TAGS = """() => [...document.querySelectorAll('#board .seat i')].map(tag => {
  const seat = tag.closest('.seat').getBoundingClientRect(), r = tag.getBoundingClientRect();
  const row = tag.parentElement;
  return {text: tag.textContent, cut: tag.scrollWidth > tag.clientWidth + 1 || row.scrollWidth > row.clientWidth + 1,
          out: r.left < seat.left - 0.5 || r.right > seat.right + 0.5,
          lines: Math.round(r.height / parseFloat(getComputedStyle(tag).lineHeight))};
})"""


@pytest.mark.parametrize("size", [(390, 844), (360, 740)])
def test_a_dead_seats_card_is_said_whole_on_the_board(browser: Any, size: tuple[int, int]) -> None:
    game = classic_game(sheriff=False)  # the night's deaths said at dawn, no election before
    for decision in (GuardChoice(target=3), SeerChoice(target=1), WerewolvesChoice(victim=8)):
        game.apply(decision)
    box = BackgroundServer(lambda: PhoneTable(game))
    box.start()
    try:
        assert box.server is not None
        table, url = box.server.table, f"http://127.0.0.1:{box.server.port}/"
        page = browser.new_context(**dict(PHONE, viewport={"width": size[0], "height": size[1]})).new_page()
        page.goto(url)
        page.locator("#lobby-seats button", has_text="7").first.click()
        page.fill("#name", "村民")
        page.click("#join")
        page.wait_for_selector("#game:not([hidden])")
        box.call(table.apply, WitchChoice())
        page.wait_for_selector('#board [data-seat="8"].dead')
        tags = page.evaluate(TAGS)
        assert {"text": "普通村民", "cut": False, "out": False, "lines": 1} in tags, tags  # one line
        assert not [tag for tag in tags if tag["cut"] or tag["out"]], tags
        # a dead sheriff's two tags, as the page draws them for a seat holding the badge at its death
        page.evaluate("""() => {
          const tags = document.querySelector('#board [data-seat="8"] .tags');
          const badge = document.createElement('i'); badge.className = 'badge'; badge.textContent = '警长';
          tags.insertBefore(badge, tags.firstChild);
        }""")
        tags = page.evaluate(TAGS)
        assert not [tag for tag in tags if tag["cut"] or tag["out"] or tag["lines"] != 1], tags
        assert page.evaluate("document.scrollingElement.scrollWidth") <= size[0]
        folder = os.environ.get("PHONES_SCREENSHOTS")
        if folder:
            (Path(folder) / "more").mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(Path(folder) / "more" / f"board-dead-{size[0]}.png"))
    finally:
        box.stop()
