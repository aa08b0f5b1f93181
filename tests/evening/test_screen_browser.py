"""The public screen (公屏) in real Chromium at 1920×1080, 1280×800 and a tablet upright, over a
whole game at a table of bot phones (the real session on the real clock with short timers):
a screenshot at each phase (before the deal, night, election, speech, vote, end), kept under
docs/screen/ when $SCREEN_SHOTS names it, and on every page at every phase nothing scrolls;
and the secrecy audit of its feed: every message the screen got is the public view the phones
show, the names and the judge's lines, nothing more (0 items beyond the public view)."""

from __future__ import annotations

import json
import os
import socket
import time
from pathlib import Path
from typing import Any

import pytest

from narrator.phones.public import PublicScreen
from narrator.phones.table import PhoneTable
from narrator.timing import Timers
from tests.evening.test_evening_browser import Bots, Session
from tests.phones.audit import audit_seat
from tests.phones.test_browser import browser
from tests.support.ports import free_port

__all__ = ["browser"]

SIZES = {"1920x1080": (1920, 1080), "1280x800": (1280, 800), "tablet": (820, 1180)}
ALLOWED = {
    "type", "locale", "strings", "public", "seats", "lobby", "names", "board", "board_cards", "line",
    "join", "speaking", "clock", "started", "candidates", "votes_from", "stage", "review", "scores",
}  # fmt: skip


def _phase(page: Any) -> str | None:
    """Which phase the screen shows now, by what it draws."""
    if page.locator("#end").is_visible():
        return "end"
    if page.locator("#join").is_visible():
        return "lobby"
    facts = page.locator("#facts").inner_text()
    if "票：" in facts:  # the tally of a vote made public
        return "vote"
    if "候选人" in facts:
        return "election"
    if page.locator("#speaker").is_visible():
        return "speech"
    if "夜" in page.locator("#phase").inner_text():
        return "night"
    return None


def test_the_public_screen_over_a_whole_game(
    browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sent: list[tuple[dict[str, Any], dict[str, Any], dict[int, str]]] = []
    stamps: list[int] = []
    tables: list[PhoneTable] = []
    original = PublicScreen.message

    def recorded(screen: PublicScreen) -> dict[str, Any]:
        message = original(screen)
        table = screen._table
        assert isinstance(table, PhoneTable)
        truth = table.views.shown[1].public.model_dump(mode="json")  # what the phones show
        sent.append((message, truth, table.registry.names()))
        stamps.append(len(table.game.events))
        tables[:] = [table]
        return message

    monkeypatch.setattr(PublicScreen, "message", recorded)
    port = free_port()
    session = Session(tmp_path / "store", port)
    session.config = session.config.model_copy(
        update={
            "timers": Timers(
                decision=3, vote=3, night_step=1, meeting=1, speech=2, last_speech=2, last_words=1,
                self_destruct_last_words=1, warning=1, peek=2, reminder=30, final_screen=4,
            )
        }
    )  # fmt: skip
    session.fast = False
    folder = Path(os.environ.get("SCREEN_SHOTS") or tmp_path / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    session.start()
    _wait_for(port)
    pages = {}
    for name, (width, height) in SIZES.items():
        page = browser.new_context(viewport={"width": width, "height": height}, locale="zh-CN").new_page()
        page.goto(f"http://127.0.0.1:{port}/screen")
        pages[name] = page
    big = pages["1920x1080"]
    shot: set[str] = set()
    bots = Bots(f"ws://127.0.0.1:{port}/ws", list(range(1, 10)), pause=True)
    try:
        time.sleep(1.0)
        shoot(pages, "lobby", folder, shot)  # before anyone sits: the address, its QR, the board
        big.wait_for_function("() => document.getElementById('join-qr').naturalWidth > 0", timeout=10_000)
        qr = big.evaluate(
            "() => { const i = document.getElementById('join-qr');"
            " return [i.complete ? i.naturalWidth : 0, i.getAttribute('src') || ''] }"
        )
        assert qr[0] > 0 and qr[1].startswith("/screen/join.svg"), qr  # the join QR drawn
        bots.start()
        assert bots.ready.wait(60)
        deadline = time.monotonic() + 600
        while session.is_alive() and time.monotonic() < deadline:
            phase = _phase(big)
            if phase == "end":  # the end with the evening's scores, which follow the winner
                big.wait_for_selector("#scores:not([hidden])", timeout=60_000)
                time.sleep(0.5)
                rows = big.evaluate(
                    "() => [...document.querySelectorAll('#scores-table tr')]"
                    ".map(r => [...r.children].map(c => c.textContent))"
                )
                assert rows[0][-1] == "拿过的牌", rows[0]
                dealt = big.evaluate(
                    "() => [...document.querySelectorAll('span.card:not(.side)')].map(c => c.textContent)"
                )
                assert len(rows) == 1 + 9 and sorted(row[-1] for row in rows[1:]) == sorted(dealt), (
                    rows,
                    dealt,
                )
            if phase == "end":  # each card whole on its line, its side under it or said by it
                sides = big.evaluate(
                    "() => [...document.querySelectorAll('span.card.side')].map(c => c.textContent)"
                )
                assert all(side in ("村民阵营", "狼人阵营") for side in sides) and "狼人阵营" not in sides, (
                    sides
                )
            if phase is not None and phase not in shot:
                shoot(pages, phase, folder, shot)
            if phase == "end":
                break
            time.sleep(0.25)
        assert {"lobby", "night", "speech", "vote", "end"} <= shot, shot
    finally:
        bots.stop()
        session.join(timeout=60)
    assert session.error is None, session.error
    # The audit: every message of the feed holds the public view as said and nothing else.
    assert len(sent) > 50
    beyond = []
    for message, truth, names in sent:
        beyond += sorted(set(message) - ALLOWED)
        if message["public"] != truth:
            beyond.append("public")
        if {int(k): v for k, v in message["names"].items()} != names:
            beyond.append("names")
    assert beyond == []
    # And the phones' own secrecy audit (tests/phones/audit.py) over the same feed, as a seat
    # that is nobody's: no card, night action or token it could not know.
    (table,) = tables
    tokens = {seat: holder.token for seat in range(1, 10) if (holder := table.registry.holder(seat))}
    raw = [json.dumps(message, ensure_ascii=False) for message, _truth, _names in sent]
    messages = [json.loads(text) for text in raw]  # as the screen reads them off the wire
    assert table.game.over
    assert audit_seat(table.game, 0, messages, stamps, raw, tokens) == []


def _wait_for(port: int) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise AssertionError("the judge's server did not start")


def shoot(pages: dict[str, Any], phase: str, folder: Path, shot: set[str]) -> None:
    """A screenshot of every page, `phase` named; on none does anything scroll (the screen is
    read from across the table: nobody scrolls it)."""
    for size, page in pages.items():
        page.screenshot(path=str(folder / f"{phase}-{size}.png"))
        tall, wide, height, width = page.evaluate(
            "() => { const r = document.documentElement, b = document.body,"
            " s = document.getElementById('screen').getBoundingClientRect();"
            " return [Math.max(r.scrollHeight, b.scrollHeight, Math.ceil(s.bottom)),"
            " Math.max(r.scrollWidth, b.scrollWidth), window.innerHeight, window.innerWidth] }"
        )
        assert tall <= height and wide <= width, ("it scrolls", phase, size, tall, wide, height, width)
    shot.add(phase)
