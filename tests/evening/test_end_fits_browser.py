"""The end screen fits the phone: after the first and after the third game of an evening (nine
seats, and twelve on 狼王守卫 with the club rules), on the host's phone and a player's, at 390×844 and at a small Android's 360×740, the page does
not scroll and keeps a margin (`SPARE`, tests/phones/chromium_table.py), and 离开牌桌 and 再来一局
are in view without scrolling. The scores and the review fold under their titles (▸).

The session and the bot phones as in test_evening_browser.py (the real `run_session` on the
fast clock, a real SQLite store, bots on real WebSockets at the seats from 3 on)."""

from __future__ import annotations

import os
import socket
import time
from pathlib import Path
from typing import Any

import pytest

from tests.evening.test_evening_browser import Bots, Session, _after_game, _phone, _sit, _start
from tests.phones.chromium_table import FITS, SPARE
from tests.phones.test_browser import browser, expect
from tests.support.ports import free_port

__all__ = ["browser"]

SIZES = ({"width": 390, "height": 844}, {"width": 360, "height": 740})


def _end_fits(pages: list[Any], games: int) -> list[str]:
    """What does not fit at the end, on each page at each size (nothing, when all is well); a
    picture of each at each size in $PHONES_SCREENSHOTS when it is set."""
    wrong = []
    shots = os.environ.get("PHONES_SCREENSHOTS")
    for page in pages:
        role = "host" if page is pages[0] else "player"
        seats = page.locator("table.end tr").count() - 1
        for size in SIZES:
            page.set_viewport_size(size)
            time.sleep(0.2)  # one frame at the new size
            over = page.evaluate(FITS)
            who = f"{role} {size['width']}×{size['height']} after {games}"
            if over["scroll"] > 0 or over["wide"] > 0:
                wrong.append(f"{who}: {over['scroll']} px too tall (with {SPARE} px to spare)")
            buttons = ["#leave"] + (["#host-again"] if page is pages[0] else [])
            for button in buttons:
                box = page.locator(button).bounding_box()
                if box is None or box["y"] + box["height"] > size["height"]:
                    wrong.append(f"{who}: {button} below the fold")
            if shots:
                name = f"end-{role}-{seats}-after-{games}-{size['width']}.png"
                page.screenshot(path=str(Path(shots) / name))
        page.set_viewport_size(SIZES[0])
    return wrong


@pytest.mark.parametrize(("board", "seats"), [("beginner-9", 9), ("wolf-king-guard-12", 12)])
def test_the_end_screen_fits_every_phone_after_one_and_after_three_games(
    browser: Any, tmp_path: Path, board: str, seats: int
) -> None:
    store_dir, port = tmp_path / "store", free_port()
    session = Session(store_dir, port, board)
    session.start()
    url, ws = f"http://127.0.0.1:{port}/", f"ws://127.0.0.1:{port}/ws"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                break
        time.sleep(0.1)
    host, bo = _phone(browser, url, host=True), _phone(browser, url)
    _sit(host, 1, "小美")
    _sit(bo, 2, "Bo")
    bots = Bots(ws, list(range(3, seats + 1)))
    bots.start()
    try:
        assert bots.ready.wait(60)
        _start(host, [host, bo])
        _after_game([host, bo], store_dir, 1)
        expect(host.locator("table.end")).to_be_visible()
        assert _end_fits([host, bo], 1) == []
        for n in (2, 3):
            host.click("#host-again")
            _start(host, [host, bo])
            _after_game([host, bo], store_dir, n)
        expect(host.locator("table.end")).to_be_visible()
        assert _end_fits([host, bo], 3) == []
        host.click("#menu summary")  # at the end the host's controls wait in 更多
        host.click("#host-end")
        host.click("#host-end")
        session.join(timeout=60)
        assert session.error is None, session.error
    finally:
        bots.stop()
        if session.is_alive():
            session.join(timeout=5)
        for page in (host, bo):
            page.context.close()
