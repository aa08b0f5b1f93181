"""The public screen (公屏) through a scripted first day, in real Chromium at 1920×1080, 1280×800
and a tablet upright: the sheriff election (three candidates, one withdrawing, the candidates'
speeches with their countdown, the sheriff vote seat by seat), a day vote forced to a tie and
its PK (the tied seats, their speeches, the PK vote, which the sheriff's 1.5 decides: counted
and said), and last words with their countdown.

The real table, server and moderator on the real clock with short timers; bot phones whose
votes are scripted (tests/evening/test_screen_day_browser.Scripted) so the tie always comes;
a voice that says nothing but holds a few lines as long as a table would need to read them.
A screenshot at each moment, kept under docs/screen/ when $SCREEN_SHOTS names it, and on every
page at every moment nothing scrolls (the page fits its window).
"""

from __future__ import annotations

import asyncio
import os
import queue
import random
import threading
import time
from pathlib import Path
from typing import Any

from engine.boards import find_board
from engine.game import Game, state_of
from narrator.moderator.botphones import BotPhone
from narrator.moderator.loop import Moderator
from narrator.phones import PhoneServer, PhoneTable
from narrator.timing import Clock, Timers
from tests.evening.test_screen_browser import SIZES, shoot
from tests.phones.test_browser import browser

__all__ = ["browser"]

CANDIDATES, WITHDRAWS = (3, 5, 7), 5
HOLD = {
    "sheriff.withdrawn": 3.0, "sheriff.elected": 3.0, "vote.pk": 3.0, "vote.tie": 3.0,
    "vote.sheriff_decides": 3.0, "vote.out": 2.0,
}  # fmt: skip
TIMERS = Timers(
    decision=3, vote=6, reminder=1, night_step=1, meeting=1, speech=4, last_speech=4, last_words=6,
    self_destruct_last_words=2, warning=1, peek=1,
)  # fmt: skip


class Scripted(BotPhone):
    """A bot whose day is scripted: 3, 5 and 7 stand for sheriff, 5 withdraws, the sheriff vote
    goes to 3; the day's vote splits evenly between the lowest and the highest seat that can be
    voted out but the sheriff (who abstains, and one more when the voters are odd), and the PK's vote
    gives the highest one vote more but the sheriff's 1.5 goes to the lowest and decides: a tie
    by heads, as the club tables saw it.
    Everything else as any bot."""

    async def _act(self, screen: dict[str, Any], abstain: bool = False, attempt: int = 0) -> None:
        step, choices = screen.get("step"), sorted(screen.get("choices") or [])
        act: dict[str, Any] = {"type": "act", "step": step, "targets": []}
        public = self.view.get("public", {})
        if step == "sheriff_candidacy":
            act["stand"] = self.seat in CANDIDATES
        elif step == "sheriff_withdraw":
            act["yes"] = self.seat == WITHDRAWS
        elif step == "sheriff_vote":
            act["targets"] = [3 if 3 in choices else choices[0]] if choices else []
        elif step == "vote" and choices:
            voters = sorted(s for s in public.get("alive", []) if s != public.get("sheriff"))
            voters = voters[: len(voters) // 2 * 2]
            votable = [s for s in choices if s != public.get("sheriff")]  # the sheriff votes in the PK
            low, high = votable[0], votable[-1]
            if self.seat in voters:
                act["targets"] = [high if voters.index(self.seat) < len(voters) // 2 else low]
        elif step == "revote" and choices:
            sheriff = public.get("sheriff")
            voters = sorted(s for s in public.get("alive", []) if s not in choices and s != sheriff)
            voters = voters[: len(voters) - 1 + len(voters) % 2]  # an odd count: one vote apart
            if self.seat == sheriff:
                act["targets"] = [choices[0]]
            elif self.seat in voters:
                act["targets"] = [
                    choices[-1] if voters.index(self.seat) < (len(voters) + 1) // 2 else choices[0]
                ]
        else:
            await super()._act(screen, abstain, attempt)
            return
        await asyncio.sleep(0.5)  # a player takes a moment
        await self._send(act)


class HeldLines:
    """A voice that says nothing, each line taking the time a table needs to read it."""

    def say(self, key: str, /, *, wait: bool = True, **params: object) -> None:
        time.sleep(HOLD.get(key, 0.1))

    def say_text(self, text: str, /, *, wait: bool = True, label: str = "say") -> None:
        pass

    def night(self, on: bool) -> None:
        pass


class Day(threading.Thread):
    """The table, its server, the scripted bots and the moderator on a loop of their own; what
    the table is doing is put in `moments` as it happens."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.moments: queue.Queue[str] = queue.Queue()
        self.port: int | None = None
        self.started = threading.Event()
        self.error: BaseException | None = None
        self.table: PhoneTable | None = None
        self._halt: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as error:  # noqa: BLE001 - raised again in the test
            self.error = error
            self.started.set()

    def stop(self) -> None:
        if self._loop is not None and self._halt is not None and self.is_alive():
            self._loop.call_soon_threadsafe(self._halt.set)
        self.join(timeout=60)

    async def _main(self) -> None:
        self._loop, self._halt = asyncio.get_running_loop(), asyncio.Event()
        board = find_board("beginner-9")
        game = Game(board.deal(3), board.rules({}))
        table = PhoneTable(game, auto_narrate=False, board=board)
        self.table = table
        self._watch(table)
        server = PhoneServer(table, host="127.0.0.1", port=0)
        await server.start()
        self.port = server.port
        self.started.set()
        url = f"ws://127.0.0.1:{server.port}/ws"
        bots = [Scripted(url, seat, 3) for seat in range(1, 10)]
        for bot in bots:
            await bot.start()
        while any(entry["name"] is None for entry in table.registry.lobby()):
            await asyncio.sleep(0.05)
        moderator = Moderator(
            table, HeldLines(), timers=TIMERS, clock=Clock(), rng=random.Random(3), on_line=table.said
        )
        table.timers = moderator.timers
        play = asyncio.create_task(moderator.run())
        stop = asyncio.create_task(self._halt.wait())
        await asyncio.wait({play, stop}, return_when=asyncio.FIRST_COMPLETED)
        play.cancel()
        for bot in bots:
            await bot.stop()
        await server.stop()

    def _watch(self, table: PhoneTable) -> None:
        """Note the moments to shoot: a line said, a speech begun (in the election, the PK,
        last words)."""
        said, speaking = table.said, table.speaking

        def heard(key: str, params: dict[str, Any]) -> None:
            said(key, params)
            self.moments.put(key)

        def speech(seat: int | None, seconds: float | None = None) -> None:
            speaking(seat, seconds)
            shown = table.public.message()["stage"]
            if seat is not None:
                self.moments.put(
                    "speech: " + ("last_words" if shown["last_words"] else str(shown["contest"]))
                )

        table.said = heard  # type: ignore[method-assign]
        table.speaking = speech  # type: ignore[method-assign]


def _votes(day: Day) -> list[dict[str, Any]]:
    """The votes of the game so far, and who was sheriff: what to look at when the day went
    otherwise than scripted."""
    game = day.table.game if day.table is not None else None
    said = [dict(e.data) for e in game.events if e.kind in ("votes", "sheriff.votes")] if game else []
    return [*said, {"sheriff": state_of(game).sheriff if game else None}]


# moment (what the table is doing) → the screenshot's name
WANTED = {
    "speech: election": "election-speech",
    "sheriff.withdrawn": "election-withdraw",
    "sheriff.elected": "election-vote",
    "vote.pk": "pk-tie",  # the PK called (the tie alone, "vote.tie", calls none)
    "speech: pk": "pk-speech",
    "vote.sheriff_decides": "sheriff-decides",
    "speech: last_words": "last-words",
}


# what the big screen shows at each moment
EXPECTED = {
    "election-speech": ("警长竞选", "3号", "正在发言"),
    "election-withdraw": ("退水", "5号"),
    "election-vote": ("3号 6票：1号、2号、4号",),
    "pk-tie": ("PK",),
    "pk-speech": ("PK",),
    "sheriff-decides": ("PK投票", "票（警长1.5票）：", "警长投"),
    "last-words": ("遗言", "秒"),
}


def test_the_public_screen_through_an_election_a_pk_and_last_words(browser: Any, tmp_path: Path) -> None:
    folder = Path(os.environ.get("SCREEN_SHOTS") or tmp_path / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    day = Day()
    day.start()
    assert day.started.wait(30) and day.port is not None, day.error
    pages = {}
    for name, (width, height) in SIZES.items():
        page = browser.new_context(viewport={"width": width, "height": height}, locale="zh-CN").new_page()
        page.goto(f"http://127.0.0.1:{day.port}/screen")
        pages[name] = page
    shot: set[str] = set()
    said: list[str] = []
    try:
        deadline = time.monotonic() + 400
        while not set(WANTED.values()) <= shot:
            assert time.monotonic() < deadline and day.is_alive(), (shot, said[-20:], day.error, _votes(day))
            try:
                moment = day.moments.get(timeout=1)
            except queue.Empty:
                continue
            said.append(moment)
            name = WANTED.get(moment)
            if name is None or name in shot:
                continue
            # the screen draws what it was sent: under load that takes a moment, and each of these
            # moments is held (HOLD, the speeches' seconds) long enough to wait for it
            expected = EXPECTED[name]
            until = time.monotonic() + 2.5
            for page in pages.values():  # every page, so that each picture shows the moment
                drawn = page.locator("body").inner_text()
                while not all(part in drawn for part in expected) and time.monotonic() < until:
                    time.sleep(0.1)
                    drawn = page.locator("body").inner_text()
            big = pages["1920x1080"].locator("body").inner_text()
            shoot(pages, name, folder, shot)
            assert all(part in big for part in expected), (expected, big)
    finally:
        day.stop()
        for page in pages.values():
            page.context.close()
    assert day.error is None, day.error
