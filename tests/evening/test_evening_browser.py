"""Three games in a row at one table with Chromium phones, no rejoin: the second on another
board the host picks between games (a seat more, taken by a new phone), a player leaving and
a newcomer taking his seat between the second and the third; the scores each phone shows
after each game checked against the game records.

The real session (`run_session`: one server, the moderator on the fast clock, the store a
real SQLite file) runs in a thread of its own; Chromium phones hold seats 1 (the host), 2, 3
and the new seats; bot phones on real WebSockets hold the others and play (the Chromium
phones let their deadlines pass). The host's key is put in the store before the session
starts, as a claim with the PIN would (the claim itself: tests/phones/test_host_browser.py).
"""

from __future__ import annotations

import asyncio
import os
import socket
import threading
import time
from pathlib import Path
from typing import Any

from narrator.evening.scores import CAMPS
from narrator.moderator.botphones import BotPhone
from narrator.moderator.config import PlayConfig
from narrator.moderator.evening import Evening
from narrator.moderator.options import Options
from narrator.moderator.session import run_session
from narrator.recorded import RecordedGame
from narrator.store import Store
from narrator.timing import Timers
from tests.evening.test_evening_play import _scores_from_records
from tests.phones.test_browser import PHONE, browser, expect
from tests.support.ports import free_port

__all__ = ["browser"]

HOST_TOKEN = "host-key-of-the-evening-0123456789"


class Session(threading.Thread):
    """`run_session` of a new game in an evening, on a loop of its own."""

    def __init__(self, store_dir: Path, port: int, board: str = "beginner-9") -> None:
        super().__init__(daemon=True)
        self.config = PlayConfig(
            board=board,
            seed=3,
            listen=False,
            host="127.0.0.1",
            port=port,
            store=store_dir,
            # short decisions: the Chromium players here look, they do not act, and the fast
            # clock gives each unanswered turn of a step a moment of real time (timing.py Rule 2)
            timers=Timers(decision=10, vote=10, reminder=3, final_screen=300),
        )
        self.store = Store(store_dir)
        self.evening = self.store.open_evening()
        setup, rules = self.config.table()
        game_id = self.store.create(setup, rules, self.config.model_dump(mode="json"), evening=self.evening)
        self.store.bind_host(game_id, HOST_TOKEN)
        self.game = RecordedGame(setup, rules).record_to(self.store, game_id)
        self.result: dict[str, Any] | None = None
        self.error: BaseException | None = None
        self.fast = True

    def run(self) -> None:
        options = Options(fast=self.fast, silent=True, voiceless=True)
        try:
            self.result = asyncio.run(
                run_session(
                    self.game, self.config, self.store, options, seed=3, evening=Evening(self.evening)
                )
            )
        except BaseException as error:  # noqa: BLE001 - raised again in the test
            self.error = error


class Bots(threading.Thread):
    """Bot phones at `seats`, on a loop of their own, until `stop`."""

    def __init__(self, url: str, seats: list[int], pause: bool = False) -> None:
        super().__init__(daemon=True)
        self.url, self.seats, self.pause = url, seats, pause
        self.ready = threading.Event()
        self._stop_now: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        self._loop, self._stop_now = asyncio.get_running_loop(), asyncio.Event()
        bots = [BotPhone(self.url, seat, 11) for seat in self.seats]
        for bot in bots:
            await bot.start()
            if self.pause:  # the seats fill one by one, as at a table
                await asyncio.sleep(0.3)
        self.ready.set()
        await self._stop_now.wait()
        for bot in bots:
            await bot.stop()

    def stop(self) -> None:
        if self._loop is not None and self._stop_now is not None:
            self._loop.call_soon_threadsafe(self._stop_now.set)
        self.join(timeout=30)


def _phone(browser: Any, url: str, host: bool = False) -> Any:
    context = browser.new_context(**PHONE)
    if host:
        context.add_init_script(f"localStorage.setItem('werewolf.host', '{HOST_TOKEN}')")
    page = context.new_page()
    page.goto(url)
    return page


def _sit(page: Any, seat: int, name: str) -> None:
    page.locator("#lobby-seats button", has_text=str(seat)).first.click()
    page.fill("#name", name)
    page.click("#join")
    page.wait_for_selector("#game:not([hidden])")


def _start(host: Any, pages: list[Any]) -> None:
    """Every Chromium player looks at the new card (the finger down on it, then up), once the
    phone has the new game (the evening's scores hidden by its welcome); then the host presses
    start (everyone has seen their card) for good measure."""
    for page in pages:
        expect(page.locator("#evening")).to_be_hidden()
        expect(page.locator("#card")).to_be_visible()
        time.sleep(0.3)
        page.locator("#card").dispatch_event("pointerdown")
        page.locator("#card").dispatch_event("pointerup")
    time.sleep(0.5)
    ready = host.locator("#host [data-command=ready]")
    if ready.is_visible():  # 开始 is offered until the night falls, not in the middle of a game
        ready.click()
    expect(ready).to_be_hidden(timeout=60_000)
    expect(host.locator("#host-again")).to_be_hidden()  # 再来一局 between two games only


def _token(page: Any) -> str:
    return str(page.evaluate("localStorage.getItem('werewolf.token')"))


def _shown_scores(page: Any) -> dict[str, list[str]]:
    """The evening's scores as the phone shows them: name → games, wins, wins by camp."""
    rows = page.locator("#evening-scores tr").all()[1:]
    return {cells[0]: cells[1:6] for cells in (row.locator("td").all_inner_texts() for row in rows)}


def _expected(store_dir: Path, games: list[str]) -> dict[str, list[str]]:
    return {
        p["name"]: [str(p["games"]), str(p["wins"]), *(str(p["wins_by_camp"][c]) for c in CAMPS)]
        for p in _scores_from_records(store_dir, games)  # type: ignore[index]
    }


def _after_game(pages: list[Any], store_dir: Path, n: int) -> list[str]:
    """Every Chromium phone shows the evening's scores of `n` games, those of the records."""
    for page in pages:
        expect(page.locator("#evening-title")).to_contain_text(f"共{n}局", timeout=180_000)
    store = Store(store_dir)
    (evening,) = store.evenings()
    games = evening["games"]
    assert len(games) == n and all(store.load(g).status == "over" for g in games)
    expected = _expected(store_dir, games)
    for page in pages:
        page.click("#evening-fold summary")  # the scores fold under their title: a tap opens them
        assert _shown_scores(page) == expected
        # a name on one line, however many games (issue 30: 玩/家, 小/美 after two)
        tall = page.evaluate(
            """() => [...document.querySelectorAll('#evening-scores td:first-child')]
                 .filter(td => { const r = document.createRange(); r.selectNodeContents(td);
                                 return r.getClientRects().length > 1; })  // its text on several lines
                 .map(td => td.textContent)"""
        )
        assert tall == [], tall
    expect(pages[0].locator("#host-again")).to_be_visible()
    shots = os.environ.get("PHONES_SCREENSHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        pages[0].locator("#evening").screenshot(path=str(Path(shots) / f"scores-after-{n}.png"))
    for page in pages:
        page.click("#evening-fold summary")  # folded again
    store.close()
    return games


def test_three_games_at_one_table_of_chromium_phones(browser: Any, tmp_path: Path) -> None:
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
    _sit(host, 1, "小美")
    _sit(bo, 2, "Bo")
    _sit(cy, 3, "玩家")
    tokens = {name: _token(page) for name, page in (("小美", host), ("Bo", bo), ("Cy", cy))}
    bots = Bots(ws, [4, 5, 6, 7, 8, 9])
    bots.start()
    try:
        assert bots.ready.wait(60)
        _start(host, [host, bo, cy])
        first = _after_game([host, bo, cy], store_dir, 1)

        # Between the games: the host picks a ten-seat board; a new phone takes seat 10.
        host.click("#menu summary")  # the boards wait in 更多 at the end
        expect(host.locator("#host-board")).to_be_visible()
        host.select_option("#host-board-select", "beginner-10")
        host.click("#host-board-pick")
        expect(cy.locator("#toast")).to_contain_text("下一局")
        host.click("#host-again")
        expect(host.locator("#evening")).to_be_hidden()  # the next game is dealt
        assert session.error is None, session.error
        dee = _phone(browser, url)
        expect(dee.locator("#lobby-seats button")).to_have_count(10)
        _sit(dee, 10, "Dee")
        _start(host, [host, bo, cy, dee])
        two = _after_game([host, bo, cy, dee], store_dir, 2)
        assert two[0] == first[0]
        store = Store(store_dir)
        assert store.load(two[1]).setup.seats == 10
        assert store.load(two[1]).config["board"] == "beginner-10"

        # Between the second and the third: Bo leaves (pressed twice), Eve takes his seat.
        bo.click("#leave")
        bo.click("#leave")
        expect(bo.locator("#lobby")).to_be_visible()
        expect(cy.locator("#toast")).to_contain_text("Bo")
        eve = _phone(browser, url)
        _sit(eve, 2, "Eve")
        host.click("#host-again")
        _start(host, [host, cy, dee, eve])
        games = _after_game([host, cy, dee, eve], store_dir, 3)
        seats = [store.seats(g) for g in games]
        names = [{seat: name for seat, (name, _t) in s.items()} for s in seats]
        assert names[0][2] == names[1][2] == "Bo" and names[2][2] == "Eve"
        assert 10 not in names[0] and names[1][10] == names[2][10] == "Dee"
        # No rejoin: the phones that stayed kept their tokens, in the pages and in the store.
        assert _token(host) == tokens["小美"] == seats[0][1][1] == seats[1][1][1] == seats[2][1][1]
        assert _token(cy) == tokens["Cy"] == seats[2][3][1]
        assert seats[0][4] == seats[1][4] == seats[2][4]  # a bot's seat too
        assert {store.load(g).setup.roles != store.load(games[0]).setup.roles for g in games[1:]} == {True}

        host.click("#menu summary")  # at the end the host's controls wait in 更多
        host.click("#host-end")
        host.click("#host-end")
        session.join(timeout=60)
        assert session.error is None and session.result is not None
        assert session.result["evening"]["games"] == 3
        (evening,) = store.evenings()
        assert evening["status"] == "closed"
    finally:
        bots.stop()
        if session.is_alive():
            session.join(timeout=5)
