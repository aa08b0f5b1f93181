"""A whole table of real Chromium phones playing a game the real moderator narrates.

Every seat is a Chromium page (390×844, zh-CN) that a seeded player drives by what the page
shows: it holds the card once, at night holds the sealed box (its size and line count noted),
taps a seat and 确定 (or 不选, 知道了, a card, a yes or no), by day answers what its screen asks
and ends its own speech with 过. The moderator runs on its real clock with short timers, on
the server's loop; the voice only notes what it is asked to say (when), and may hold on a
line until the test lets it go (to look at the phones while the judge says it).
"""

from __future__ import annotations

import asyncio
import random
import threading
import time
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.game import Game
from narrator.inbox import Command
from narrator.moderator.loop import Moderator
from narrator.phones import BackgroundServer, PhoneTable
from narrator.timing import Clock, Timers

PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 1,
    "is_mobile": True,
    "has_touch": True,
    "locale": "zh-CN",
}
QUICK = Timers(
    decision=5,
    vote=5,
    reminder=1,
    night_step=1,
    meeting=1,
    speech=1.5,
    last_speech=1.5,
    last_words=1,
    self_destruct_last_words=1,
    warning=0.5,
    peek=1,
    final_screen=5,
)

# A screen fits when its content leaves SPARE px of the phone's height unused: a page that fits
# by less than a line of text on this machine's fonts scrolls on another's (issue 40, 12).
SPARE = 40
# How far the content passes the phone, SPARE kept free (> 0: it does not fit): `scroll` down
# (the bottom of the page's content, scrolled or not), `wide` across.
FITS = """() => {
  const app = document.querySelector('#app');
  return {
    scroll: Math.ceil(app.getBoundingClientRect().bottom + window.scrollY) + SPARE - window.innerHeight,
    wide: document.scrollingElement.scrollWidth - window.innerWidth,
  };
}""".replace("SPARE", str(SPARE))
# What a player reads off the page in one look (one round trip to the page)
LOOK = """() => {
  const q = s => document.querySelector(s);
  const shown = n => !!n && !n.hidden && n.getClientRects().length > 0;
  const on = n => shown(n) && !n.disabled;
  const texts = sel => [...document.querySelectorAll(sel)].filter(on).map(b => b.textContent);
  return {
    game: shown(q('#game')), title: q('#step-title').textContent, phase: q('#phase').textContent,
    info: q('#step-info').textContent, night: document.body.className === 'night',
    out: document.body.className === 'out', secret: shown(q('#step-secret')),
    seats: [...document.querySelectorAll('#step-seats button')].filter(on).map(b => Number(b.firstChild.textContent)),
    extra: texts('#step-extra button'), none: on(q('#none')) ? q('#none').textContent : '',
    confirm: on(q('#confirm')), done: on(q('#done-speaking')), over: !!q('table.end'),
    actions: texts('#day-action-buttons button'), timer: (q('#step-timer') || {}).textContent || '',
    step: q('#step').getAttribute('data-step') || '', speaking: shown(q('#speech')),
    started: !!q('#phase').textContent,
    ...(FITS)(),
  };
}""".replace("FITS", FITS)
# Holding the sealed box with a finger: what it shows, its size, its lines
HOLD = """() => {
  const box = document.querySelector('#step-secret');
  box.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true, pointerId: 1}));
  const face = document.querySelector('#secret-face');
  const r = box.getBoundingClientRect();
  const seen = {height: r.height, width: r.width, lines: face.querySelectorAll('p').length,
                text: face.innerText, shown: !box.hidden && r.height > 0,
                title: document.querySelector('#step-title').textContent};
  box.dispatchEvent(new PointerEvent('pointerup', {bubbles: true, pointerId: 1}));
  return seen;
}"""


class NotingVoice:
    """A voice that notes each line it is asked to say, with the time; it holds on a line of
    `hold_on` until `go_on` (to look at the phones while the judge says it)."""

    def __init__(self) -> None:
        self.said: list[tuple[float, str, dict[str, Any]]] = []
        self.hold_on: set[str] = set()
        self.holding = threading.Event()
        self.held: tuple[str, dict[str, Any]] | None = None
        self._go = threading.Event()

    def say(self, key: str, /, *, wait: bool = True, **params: object) -> None:
        self.said.append((time.monotonic(), key, dict(params)))
        if key in self.hold_on:
            self.hold_on.discard(key)
            self.held = (key, dict(params))
            self._go.clear()
            self.holding.set()
            self._go.wait(60)
            self.holding.clear()

    def say_text(self, text: str, /, *, wait: bool = True, label: str = "say") -> None:
        self.said.append((time.monotonic(), label, {"text": text}))

    def night(self, on: bool) -> None:
        pass

    def go_on(self) -> None:
        self._go.set()


@dataclass
class Held:
    """One look under the finger at a night step."""

    step: str
    seat: int
    real: bool
    height: float
    lines: int


@dataclass
class Overflow:
    """A screen taller (or wider) than the phone, SPARE kept free: by this many pixels."""

    seat: int
    phase: str
    title: str
    step: str
    down: int
    across: int


@dataclass
class Player:
    """A Chromium page at one seat, driven by what it shows."""

    seat: int
    page: Any
    rng: random.Random
    seed: int = 0
    peeked: bool = False
    done: set[tuple[str, str]] = field(default_factory=set)
    held: set[tuple[str, str]] = field(default_factory=set)
    moves: int = 0  # clicks made

    def look(self) -> dict[str, Any]:
        return dict(self.page.evaluate(LOOK))

    def hold_secret(self) -> dict[str, Any]:
        return dict(self.page.evaluate(HOLD))

    def peek(self) -> None:
        card = self.page.locator("#card").bounding_box()
        self.page.mouse.move(card["x"] + 30, card["y"] + 30)
        self.page.mouse.down()
        self.page.mouse.up()
        self.peeked = True

    def click(self, selector: str, name: str | None = None) -> None:
        self.moves += 1
        locator = self.page.locator(selector)
        if name is not None:
            locator = locator.filter(has_text=name)
        try:
            locator.first.click(timeout=1500)
        except Exception:  # noqa: BLE001 - the screen changed under the finger: the next look sees it
            pass

    def play(self, seen: dict[str, Any]) -> None:
        """One move, from what the page shows now."""
        key = (seen["phase"], seen["title"])
        if seen["done"]:
            self.click("#done-speaking")
            return
        if key in self.done or seen["out"]:
            return
        if seen["extra"] and not seen["seats"]:  # a yes or no, 上警, the thief's cards
            self.click("#step-extra button", self.rng.choice(seen["extra"]))
            self.done.add(key)
            return
        if seen["seats"] and seen["confirm"] is False and seen["title"]:
            wants = 2 if "2名" in seen["info"] or "两" in seen["info"] else 1
            # every phone draws alike at one step (the pack agrees; a decoy's pick counts for nothing)
            drawn = random.Random(f"{self.seed}:{key}") if seen["night"] else self.rng
            for seat in drawn.sample(seen["seats"], min(wants, len(seen["seats"]))):
                self.click("#step-seats button", str(seat))
            if self.rng.random() < 0.1 and seen["none"] and not seen["night"]:
                self.click("#none")
            else:
                self.click("#confirm")
            self.done.add(key)
            return
        if seen["confirm"]:  # a notice (知道了) or a choice already made
            self.click("#confirm")
            self.done.add(key)
            return
        if seen["none"]:
            self.click("#none")
            self.done.add(key)


IDLE = 0.2
"""Seconds a table of phones waits after a round in which no phone moved."""


class ChromiumTable:
    """A game at a table of Chromium phones, narrated by the real moderator."""

    def __init__(
        self,
        browser: Any,
        game: Game,
        seed: int,
        timers: Timers = QUICK,
        shots: Path | None = None,
        phone: dict[str, Any] | None = None,
    ) -> None:
        self.game = game
        self.shots = shots  # where to keep one screenshot of each screen seen (None: none)
        self.shot: set[str] = set()
        self.voice = NotingVoice()
        self.box = BackgroundServer(lambda: PhoneTable(game, auto_narrate=False))
        server = self.box.start()
        self.table = server.table
        self.url = f"http://127.0.0.1:{server.port}/"
        self.timers = timers
        self.rng = random.Random(seed)
        self.players: list[Player] = []
        self.held: list[Held] = []
        self.overflow: list[Overflow] = []  # every screen seen that scrolls (it should fit)
        self.looked = 0  # screens looked at
        self.moderator: Moderator | None = None
        self.running: Future[None] | None = None
        for seat in range(1, game.setup.seats + 1):
            page = browser.new_context(**(phone or PHONE)).new_page()
            page.goto(self.url)
            page.locator("#lobby-seats button", has_text=str(seat)).first.click()
            page.fill("#name", f"玩家{seat}")
            page.click("#join")
            page.wait_for_selector("#game:not([hidden])")
            self.players.append(Player(seat, page, random.Random(seed * 100 + seat), seed))

    def start(self) -> None:
        """The judge begins (every seat is taken)."""

        def make() -> Moderator:
            moderator = Moderator(
                self.table,
                self.voice,
                timers=self.timers,
                clock=Clock(),
                rng=random.Random(self.rng.random()),
                on_line=getattr(self.table, "said", None),
            )
            self.table.timers = moderator.timers
            return moderator

        if self.shots is not None:  # before the deal: every seat taken, nothing of the night
            self.screenshot(self.players[0], self.players[0].look())
        self.moderator = self.box.call(make)
        loop = self.box._loop  # noqa: SLF001 - the server's own loop runs the judge too
        self.running = asyncio.run_coroutine_threadsafe(self.moderator.run(), loop)

    def round(self, measure: bool = True) -> None:
        """Every phone looks once and makes its move; when none moved, a short pause before the
        next round, as a player's eyes take (looking again at once, twelve pages at a time, kept
        two cores busy with layouts that showed nothing new)."""
        moves = sum(player.moves for player in self.players)
        self._look_round(measure)
        if sum(player.moves for player in self.players) == moves:
            time.sleep(IDLE)

    def _look_round(self, measure: bool) -> None:
        for player in self.players:
            if not player.peeked:
                player.peek()
                continue
            seen = player.look()
            key = (seen["phase"], seen["title"])
            self.looked += 1
            if seen["scroll"] > 0 or seen["wide"] > 0:
                self.overflow.append(
                    Overflow(
                        player.seat, seen["phase"], seen["title"], seen["step"], seen["scroll"], seen["wide"]
                    )
                )
            self.screenshot(player, seen)
            if measure and seen["secret"] and seen["night"] and key not in player.held:
                under = player.hold_secret()
                if under["shown"] and under["title"] == seen["title"]:  # not a step that just ended
                    player.held.add(key)
                    real = "这一步轮到你" in under["text"]
                    self.held.append(
                        Held(f"{key[0]} {key[1]}", player.seat, real, under["height"], under["lines"])
                    )
            player.play(seen)

    def screenshot(self, player: Player, seen: dict[str, Any]) -> None:
        """The first time a screen is seen, a picture of it (and, at night, one held)."""
        if self.shots is None:
            return
        if seen["over"]:
            name = "end"
        elif seen["out"]:
            name = "out"
        elif not seen["started"]:
            name = "waiting"
        elif seen["night"] and seen["secret"]:
            under = player.hold_secret()
            name = f"night-{seen['step']}-{'actor' if '这一步轮到你' in under['text'] else 'decoy'}"
        elif seen["speaking"]:
            name = "speech-mine" if seen["done"] else "speech"
        else:
            name = seen["step"] or ("night" if seen["night"] else "day")
            name += "-asked" if seen["seats"] or seen["extra"] or seen["confirm"] else ""
        if name in self.shot:
            return
        self.shot.add(name)
        self.shots.mkdir(parents=True, exist_ok=True)
        page = player.page
        page.screenshot(path=str(self.shots / f"{name}.png"), full_page=True)
        if name.startswith("night-"):  # the same, a finger holding the sealed box
            area = page.locator("#step-secret").bounding_box()
            if area is not None:
                page.mouse.move(area["x"] + 20, area["y"] + 10)
                page.mouse.down()
                page.screenshot(path=str(self.shots / f"{name}-held.png"))
                page.mouse.up()

    def play_to_the_end(self, limit: float = 900) -> None:
        assert self.running is not None
        end = time.monotonic() + limit
        while not self.running.done():
            assert time.monotonic() < end, f"the game is stuck: last line {self.voice.said[-1][1:]}"
            self.round()
        self.running.result()
        for player in self.players:  # the end, as every phone shows it
            self.screenshot(player, player.look())

    def stop(self) -> None:
        self.voice.go_on()
        if self.running is not None and not self.running.done():  # the host ends it
            self.box.call(self.table.inbox.put, Command("end", "host"))
            try:
                self.running.result(30)
            except Exception:  # noqa: BLE001 - ended by the test: what it did is asserted there
                pass
        for player in self.players:
            player.page.context.close()
        self.box.stop()
