"""The host picks a bare seat count between games from the real page in Chromium: three games
at one table, the first on the nine-seat beginners' board, the second on eight seats (seat 9
is told in its language that it is not in it, and let go), the third on ten (seats 9 and 10
open to phones that take them); each later game dealt the judge's default cards for its
count, as `narrator play --seats N` deals them, and the scores each phone shows after each
game checked against the game records.

The session and the bot phones as in test_evening_browser.py (the real `run_session` on the
fast clock, a real SQLite store, bots on real WebSockets at seats 3 to 8)."""

from __future__ import annotations

import socket
import time
from collections import Counter
from pathlib import Path
from typing import Any

from engine.setup import suggested_roles
from narrator.store import Store
from tests.evening.test_evening_browser import Bots, Session, _after_game, _phone, _sit, _start
from tests.phones.test_browser import browser, expect
from tests.support.ports import free_port

__all__ = ["browser"]


def _pick_seats(host: Any, seats: int) -> None:
    if not host.locator("#host-seats").is_visible():  # the boards wait in 更多 at the end
        host.click("#menu summary")
    expect(host.locator("#host-seats")).to_be_visible()
    host.select_option("#host-seats-select", str(seats))
    host.click("#host-seats-pick")


def _dealt_by_default(store: Store, game_id: str, seats: int) -> None:
    stored = store.load(game_id)
    assert stored.setup.seats == seats and stored.config["board"] is None
    assert Counter(stored.setup.roles) == Counter(suggested_roles(seats))


def test_the_host_picks_seat_counts_between_games_from_chromium(browser: Any, tmp_path: Path) -> None:
    store_dir, port = tmp_path / "store", free_port()
    session = Session(store_dir, port)
    session.start()
    url, ws = f"http://127.0.0.1:{port}/", f"ws://127.0.0.1:{port}/ws"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                break
        time.sleep(0.1)
    host, bo, cy = _phone(browser, url, host=True), _phone(browser, url), _phone(browser, url)
    _sit(host, 1, "Ann")
    _sit(bo, 2, "Bo")
    _sit(cy, 9, "Cy")
    bots = Bots(ws, [3, 4, 5, 6, 7, 8])
    bots.start()
    try:
        assert bots.ready.wait(60)
        _start(host, [host, bo, cy])
        _after_game([host, bo, cy], store_dir, 1)

        # Eight seats: the picker lists the counts with their cards; seat 9 is told at once.
        option = host.locator("#host-seats-select option[value='8']")
        expect(option).to_have_text("8人 · 狼人×2、预言家、女巫、猎人、普通村民×3")
        _pick_seats(host, 8)
        expect(cy.locator("#toast")).to_contain_text("9号座位不在下一局")
        expect(bo.locator("#toast")).to_contain_text("下一局：8人")
        host.click("#host-again")
        expect(cy.locator("#toast")).to_contain_text("这一局不需要你的座位了")  # let go, in its language
        expect(cy.locator("#lobby")).to_be_visible()
        expect(cy.locator("#lobby-seats button")).to_have_count(8)
        assert session.error is None, session.error
        _start(host, [host, bo])
        two = _after_game([host, bo], store_dir, 2)
        store = Store(store_dir)
        _dealt_by_default(store, two[1], 8)
        assert 9 not in store.seats(two[1])

        # Ten seats: seats 9 and 10 open to phones (Cy again, as a newcomer, and Dee).
        _pick_seats(host, 10)
        expect(bo.locator("#toast")).to_contain_text("下一局：10人")
        host.click("#host-again")
        expect(cy.locator("#lobby-seats button")).to_have_count(10)
        _sit(cy, 9, "Cy")
        dee = _phone(browser, url)
        _sit(dee, 10, "Dee")
        _start(host, [host, bo, cy, dee])
        games = _after_game([host, bo, cy, dee], store_dir, 3)
        _dealt_by_default(store, games[2], 10)
        names = [{seat: name for seat, (name, _t) in store.seats(g).items()} for g in games]
        assert names[0][9] == names[2][9] == "Cy" and names[2][10] == "Dee" and len(names[1]) == 8
        assert store.seats(games[0])[1] == store.seats(games[1])[1] == store.seats(games[2])[1]

        host.click("#menu summary")  # at the end the host's controls wait in 更多
        host.click("#host-end")
        host.click("#host-end")
        session.join(timeout=60)
        assert session.error is None and session.result is not None
        assert session.result["evening"]["games"] == 3
    finally:
        bots.stop()
        if session.is_alive():
            session.join(timeout=5)
