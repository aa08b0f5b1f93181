"""The sealed box (按住查看) has one size and one line count on every phone at every night step
of whole games on every board the engine has (and the New Moon tables), whoever acts: what a
neighbour sees of a held box never tells who acts. Every board is played; the fewest games that
together told every kind of sealed content at every step are held in Chromium.

Whole games are played fast (the real moderator on the fast clock, bot phones, every board's
own rules with the shot status on); every message each phone got is kept. Then ONE real
Chromium page (390×844, zh-CN) is given each seat's messages in turn as its server would (the
page's WebSocket routed to the recording), and at every night step, as it opens and as it
closes, the box is held: its size, its paragraphs, the rows its text fills and its content's
height are noted, for the actor and for every decoy alike. A notice (the shot status, the
gravekeeper, the hidden wolf) shows 知道了 and nothing to decide."""

from __future__ import annotations

import asyncio
import json
import os
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from engine.boards import BOARDS
from engine.game import Game
from engine.roles import Role
from engine.rules import make_rules
from engine.setup import deal
from engine.steps import Form
from narrator.moderator.botphones import BotPhone
from narrator.moderator.loop import Moderator
from narrator.phones import BackgroundServer, PhoneServer, PhoneTable
from narrator.timing import FastClock, Timers
from tests.engine.test_club_checks import LONE_BOARDS
from tests.phones.chromium import ARGS, CHROMIUM
from tests.phones.chromium_table import NotingVoice
from tests.phones.harness import Phone, classic_game, event_game
from tests.phones.test_browser import PHONE
from tests.phones.test_secrecy import DECKS
from tests.support.usual import STEPS

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (dev)")

TIMERS = Timers(
    decision=6, vote=6, reminder=2, night_step=1, meeting=1, speech=1, last_speech=1, last_words=1
)
# Holding the box: its size, its paragraphs, the rows of text they fill, its content's height
HOLD = """() => {
  const box = document.querySelector('#step-secret');
  box.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true, pointerId: 1}));
  const face = document.querySelector('#secret-face');
  const r = box.getBoundingClientRect();
  const ps = [...face.querySelectorAll('p')];
  const rows = ps.map(p => {
    const range = document.createRange(); range.selectNodeContents(p);
    return Math.max(1, new Set([...range.getClientRects()].map(x => Math.round(x.top))).size);
  });
  const buttons = [...document.querySelectorAll('#step-extra button, #confirm, #none')]
    .filter(b => !b.hidden && b.getClientRects().length > 0).map(b => b.textContent);
  const cut = ps.filter(p => p.scrollWidth > p.clientWidth + 1).length;
  const seen = {cut, width: r.width, height: r.height, lines: ps.length, rows: rows.reduce((a, b) => a + b, 0),
                content: face.scrollHeight, text: face.innerText, shown: !box.hidden && r.height > 0,
                step: document.querySelector('#step').getAttribute('data-step'), buttons};
  box.dispatchEvent(new PointerEvent('pointerup', {bubbles: true, pointerId: 1}));
  return seen;
}"""
RECORDED_SOCKET = """(() => {  // the page's WebSocket: fed by the test with what its server sent
  window.WebSocket = class {
    constructor() { this.readyState = 1; window.__ws = this; setTimeout(() => this.onopen && this.onopen(), 0); }
    send() {}
    close() {}
  };
})();"""
# Each message given to the page's own handler in turn, the box held at the points named
REPLAY = f"""([messages, points]) => {{
  const hold = {HOLD};
  const seen = [];
  messages.forEach((raw, at) => {{
    window.__ws.onmessage({{data: raw}});
    if (points.includes(at)) {{ seen.push(hold()); }}
  }});
  return seen;
}}"""


class Tape:
    """A bot's WebSocket that keeps every message it reads."""

    def __init__(self, ws: Any, kept: list[str]) -> None:
        self.ws, self.kept = ws, kept

    async def recv(self) -> Any:
        raw = await self.ws.recv()
        self.kept.append(raw)
        return raw

    def __aiter__(self) -> Iterator[Any]:
        return self._read()  # type: ignore[return-value]

    async def _read(self) -> Any:
        async for raw in self.ws:
            self.kept.append(raw)
            yield raw

    async def send(self, message: str) -> None:
        await self.ws.send(message)

    async def close(self) -> None:
        await self.ws.close()


class RecordedBot(BotPhone):
    """A bot phone whose every message is kept, as its page would get them."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.kept: list[str] = []

    async def start(self) -> None:
        await super().start()
        self._ws = Tape(self._ws, self.kept)  # type: ignore[assignment]  # before its reader runs


def tables() -> Iterator[tuple[str, Game]]:
    """Every board (its own rules, the shot status on), the default nine, the New Moon tables,
    the hidden wolf's club table."""
    for board in BOARDS:
        yield board.id, Game(board.deal(11), board.rules({"shot_status_signal": True}))
    yield "classic-9", classic_game(sheriff=True)
    cards, rules = DECKS["new-moon-10"]
    yield "new-moon-10", Game(deal(cards, len(cards) - 2, seed=3), make_rules(rules))
    yield "event-cards", event_game(5)
    lone = [*LONE_BOARDS[1], *[Role.VILLAGER] * 4]  # the hidden wolf, on no board yet
    yield "hidden-wolf-12", Game(deal(lone, 12, seed=2), make_rules({}, preset="chinese-club"))


@dataclass
class Played:
    name: str
    welcome: str
    kept: dict[int, list[str]]


async def play(name: str, game: Game, seed: int) -> Played:
    table = PhoneTable(game, auto_narrate=False)
    server = PhoneServer(table, host="127.0.0.1", port=0)
    await server.start()
    url = f"ws://127.0.0.1:{server.port}/ws"
    watcher = Phone(url)
    await watcher.open()  # the welcome a page gets as it opens
    bots = [RecordedBot(url, seat, seed, speech_done=True) for seat in range(1, game.setup.seats + 1)]
    for bot in bots:
        await bot.start()
    moderator = Moderator(
        table, NotingVoice(), timers=TIMERS, clock=FastClock(), rng=random.Random(seed), on_line=table.said
    )
    table.timers = moderator.timers
    try:
        await asyncio.wait_for(moderator.run(), 300)
    finally:
        for bot in bots:
            await bot.stop()
        await watcher.close()
        await server.stop()
    assert game.over, f"{name}: no winner"
    return Played(name, watcher.raw[0], {bot.seat: bot.kept for bot in bots})


async def play_all(games: list[tuple[str, Game]]) -> list[Played]:
    """Every table's game, a few at a time on one loop: each waits on its phones more than
    it computes, and each has its own server, phones and clock."""
    side_by_side = asyncio.Semaphore(SIDE_BY_SIDE)

    async def one(name: str, game: Game) -> Played:
        async with side_by_side:
            return await play(name, game, 7)

    return list(await asyncio.gather(*(one(name, game) for name, game in games)))


SIDE_BY_SIDE = 5
"""Games played at once (on a 2-core box, five keep it busy without starving the phones)."""


@dataclass
class Held:
    table: str
    seat: int
    phase: str
    step: str
    real: bool
    seen: dict[str, Any]

    @property
    def size(self) -> tuple[float, float, int, int, int]:
        s = self.seen
        return (round(s["width"]), round(s["height"]), s["lines"], s["rows"], s["content"])


def night_points(kept: list[str]) -> list[tuple[int, str, str, bool]]:
    """Where to hold the box in a seat's messages: (index, phase, step, real) at each night
    step of a living seat, as it opens and at its last message."""
    points: list[tuple[int, str, str, bool]] = []
    current: tuple[str, str] | None = None
    for i, raw in enumerate(kept):
        message = json.loads(raw)
        if message.get("type") != "state":
            continue
        screen, view = message["screen"], message["view"]
        night = screen["kind"] == "night" and screen["step"] and screen["form"] != "sleep" and view["alive"]
        key = (view["public"]["phase"], str(screen["step"])) if night else None
        if current is not None and key != current and points and points[-1][0] != i - 1:
            points.append((i - 1, *current, points[-1][3]))  # the step's last message
        if key is not None and key != current:
            sealed = json.loads(screen["sealed"]) if screen.get("sealed") else {}
            points.append((i, *key, bool(sealed.get("real"))))
        current = key
    return points


def told_shapes(kept: list[str]) -> set[tuple[str, str]]:
    """What a seat was told at night, as (step, shape): the keys of each real sealed content and
    the length of each list in it (several victims, several names), never the values."""
    shapes: set[tuple[str, str]] = set()
    for raw in kept:
        message = json.loads(raw)
        if message.get("type") != "state" or message["screen"]["kind"] != "night":
            continue
        content = json.loads(message["screen"]["sealed"]) if message["screen"].get("sealed") else {}
        if content.get("real"):
            shape = sorted((k, len(v) if isinstance(v, list) else -1) for k, v in content.items())
            shapes.add((str(message["screen"]["step"]), json.dumps(shape)))
    return shapes


def covering(played: list[Played]) -> list[Played]:
    """The fewest games (greedily) whose seats were told every (step, shape) any game's seat was
    told: replaying those holds the box at every step and every kind of content each table
    has, without replaying each board whole (each replay is seconds of Chromium)."""
    shapes = {
        game.name: {shape for kept in game.kept.values() for shape in told_shapes(kept)} for game in played
    }
    needed = {shape for told in shapes.values() for shape in told}
    chosen: list[Played] = []
    while needed:
        best = max(played, key=lambda game: len(shapes[game.name] & needed))
        chosen.append(best)
        needed -= shapes[best.name]
    print(f"replayed {len(chosen)} of {len(played)} games: {[game.name for game in chosen]}")
    return chosen


UNSEEN = ("clock", "speaking", "lobby", "pong", "notice", "scores")
"""Messages that change nothing under the finger: left out of the replay, to keep it short."""


def replay(page: Any, played: Played, holds: list[Held]) -> None:
    """Give the page each seat's messages as its server did, holding the box at each point:
    every seat that acts at some night step, and two that never do. The page's own message
    handler takes them one after another in the page (it draws each at once), so a seat's
    whole game is one call."""
    points_of = {seat: night_points(kept) for seat, kept in played.kept.items()}
    actors = [seat for seat, points in points_of.items() if any(real for *_, real in points)]
    others = [seat for seat, points in points_of.items() if seat not in actors and points]
    for seat in actors + others[:2]:
        points = {i: rest for i, *rest in points_of[seat]}
        page.goto(URL[0])
        page.wait_for_function("() => window.__ws && window.__ws.onmessage")
        given: list[str] = []
        held_at: list[int] = []  # where in `given` the box is held
        for at, raw in enumerate([played.welcome, *played.kept[seat][: max(points) + 1]], start=-1):
            if at in points:
                held_at.append(len(given))
            elif json.loads(raw)["type"] in UNSEEN:
                continue
            given.append(raw)
        seen_at_points = page.evaluate(REPLAY, [given, held_at])
        for (phase, step, real), seen in zip(points.values(), seen_at_points, strict=True):
            if seen["shown"] and seen["step"] == step:
                holds.append(Held(played.name, seat, phase, step, real, seen))


URL: list[str] = []


@pytest.fixture(scope="module")
def holds() -> list[Held]:
    if not os.path.exists(CHROMIUM):
        pytest.skip(reason=f"{CHROMIUM} is missing: install Debian's chromium (scripts/install.sh --dev)")
    played = asyncio.run(play_all(list(tables())))
    box = BackgroundServer(lambda: PhoneTable(classic_game(), auto_narrate=False))  # the page's files
    server = box.start()
    URL[:] = [f"http://127.0.0.1:{server.port}/"]
    measured: list[Held] = []
    try:
        with sync_api.sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = chromium.new_context(**PHONE).new_page()
            page.add_init_script(RECORDED_SOCKET)
            for game in covering(played):
                replay(page, game, measured)
            chromium.close()
    finally:
        box.stop()
    return measured


def test_the_sealed_box_is_one_size_for_the_actor_and_every_decoy_on_every_board(holds: list[Held]) -> None:
    sizes: dict[tuple[float, float, int, int, int], list[Held]] = {}
    for held in holds:
        sizes.setdefault(held.size, []).append(held)
    steps = {h.step for h in holds if h.real}
    cut = sum(1 for h in holds if h.seen["cut"])
    print(
        f"{len(holds)} holds ({cut} with a line cut short), {len(steps)} night steps with an actor: {sorted(steps)}"
    )
    assert len(sizes) == 1, {
        size: sorted({(h.table, h.step, h.real) for h in seen})[:6] for size, seen in sizes.items()
    }
    assert len(steps) >= 20, sorted(steps)
    assert all(any(not h.real and h.step == step for h in holds) for step in steps), (
        "a step with no decoy held"
    )


def test_a_notice_shows_its_words_and_nothing_to_decide(holds: list[Held]) -> None:
    notices = [h for h in holds if STEPS[h.step].form == Form.NOTICE]
    assert {"gravekeeper", "hidden_wolf", "hunter_status", "wolf_king_status"} <= {h.step for h in notices}
    for held in notices:
        assert held.seen["buttons"] == ["知道了"], (held.table, held.step, held.seen["buttons"])
    told = [h.seen["text"] for h in notices if h.real]
    assert any("今晚可以开枪" in t or "今晚不能开枪" in t for t in told), told
    assert any("昨天被放逐的玩家" in t for t in told) and any("狼人是" in t for t in told), told
