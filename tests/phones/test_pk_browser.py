"""A PK on the phones (平票 PK), in real Chromium, zh-CN at 390×844: a seeded game of 新手9人局
brought to its first exile vote, every seat a page; the votes are tapped to a tie (3号 and 5号,
three votes each, the sheriff abstaining); every phone shows the two in the PK the moment the judge says it, the tie's
tally, the PK speeches with their countdown, then the revote among the two alone. With
$PHONES_SCREENSHOTS set, a picture of each (`pk/`)."""

from __future__ import annotations

import os
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest

from engine.boards import find_board
from engine.bots import random_decision
from engine.game import Game
from tests.phones.chromium_table import QUICK, ChromiumTable

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (dev)")
expect = sync_api.expect

TIMERS = QUICK.model_copy(update={"vote": 30})  # time to tap the tie
TIE = {1: 3, 2: 3, 5: 3, 3: 5, 4: 5, 8: 5, 6: 0, 9: 0}  # voter → seat (0: 弃票): 3号 3票, 5号 3票
# (9 is the sheriff, elected in the morning: his vote would count 1.5 and break the tie)


def at_the_first_vote(seed: int = 0, **rules: Any) -> Game:
    """新手9人局 dealt with `seed` (with `rules` on top of the board's), played with random legal
    decisions to day 1's exile vote (seat 7 died in the night), rebuilt from its log."""
    board = find_board("beginner-9")
    game, rng = Game(board.deal(seed), board.rules(rules)), random.Random(seed)
    while game.pending is not None and game.pending.step != "vote":
        game.apply(random_decision(game, rng, self_destruct=0))
    assert game.pending is not None and game.pending.seats == (1, 2, 3, 4, 5, 6, 8, 9)
    return Game.replay(game.setup, game.rules, game.log)


def tap_vote(page: Any, target: int) -> None:
    if not target:
        page.click("#none")
        return
    page.locator("#step-seats button", has_text=re.compile(rf"^{target}")).first.click()
    page.click("#confirm")


def test_a_tie_goes_to_a_pk_every_phone_shows_it_then_the_revote(browser: Any) -> None:
    folder = os.environ.get("PHONES_SCREENSHOTS")
    shots = Path(folder) / "pk" if folder else None
    table = ChromiumTable(browser, at_the_first_vote(), seed=0, timers=TIMERS)
    pages = {player.seat: player.page for player in table.players}
    try:
        table.voice.hold_on = {"vote.pk"}
        table.start()
        for player in table.players:  # every card seen: the judge goes on
            player.peek()
        for voter, target in TIE.items():
            expect(pages[voter].locator("#step")).to_have_attribute("data-step", "vote", timeout=60000)
            tap_vote(pages[voter], target)
        end = time.monotonic() + 60
        while not table.voice.holding.is_set():
            assert time.monotonic() < end, " ".join(s[1] for s in table.voice.said)
            time.sleep(0.1)
        assert table.voice.held == ("vote.pk", {"seats": [3, 5]})
        for page in pages.values():  # the two in the PK, the tie's tally, on every phone alike
            for seat in (3, 5):
                expect(page.locator(f'#board [data-seat="{seat}"]')).to_have_class(
                    re.compile(r"\bcandidate\b")
                )
            expect(page.locator("#board .candidate")).to_have_count(2)
            expect(page.locator("#board .candidate .run")).to_have_text(["PK", "PK"])  # not 上警
            if page is not pages[7]:  # 7 died in the night: his phone says he is out
                expect(page.locator("#step-info")).to_contain_text("3号、5号平票，进入PK")
            expect(page.locator("#tally")).to_contain_text("3号 3票")
            expect(page.locator("#tally")).to_contain_text("5号 3票")
        if shots is not None:
            shots.mkdir(parents=True, exist_ok=True)
            pages[1].screenshot(path=str(shots / "pk-called.png"), full_page=True)
        table.voice.go_on()

        speaker = pages[1].locator("#speech")
        expect(speaker).to_be_visible(timeout=20000)
        expect(pages[1].locator("#speaking")).to_contain_text("号")
        expect(pages[1].locator("#step-title")).to_have_text("PK发言")
        if shots is not None:
            pages[1].screenshot(path=str(shots / "pk-speech.png"), full_page=True)
            pages[3].screenshot(path=str(shots / "pk-speech-mine.png"), full_page=True)

        revote = pages[1].locator("#step")
        expect(revote).to_have_attribute("data-step", re.compile("revote|vote"), timeout=30000)
        expect(pages[1].locator("#step-seats button")).to_have_count(2, timeout=30000)
        offered = [text.split()[0] for text in pages[1].locator("#step-seats button").all_inner_texts()]
        assert offered == ["3", "5"], offered  # the revote is among the two alone
        expect(pages[1].locator("#step-timer")).to_contain_text("还剩")
        if shots is not None:
            pages[1].screenshot(path=str(shots / "pk-revote.png"), full_page=True)
            pages[3].screenshot(path=str(shots / "pk-revote-candidate.png"), full_page=True)
    finally:
        table.stop()


def test_a_tie_under_the_seeds_rules_calls_no_pk_on_any_phone(browser: Any) -> None:
    """The seeds' rules (`vote_tie = "none"`): a tie exiles nobody. While the judge says
    "3号、5号平票。" and then "今天没有人出局", no phone says PK or marks the two (issue 40: every
    phone said "…平票，进入PK…" and marked the seats PK while the judge said nobody goes)."""
    table = ChromiumTable(browser, at_the_first_vote(vote_tie="none"), seed=0, timers=TIMERS)
    pages = {player.seat: player.page for player in table.players}
    try:
        table.voice.hold_on = {"vote.tie"}
        table.start()
        for player in table.players:
            player.peek()
        for voter, target in TIE.items():
            expect(pages[voter].locator("#step")).to_have_attribute("data-step", "vote", timeout=60000)
            tap_vote(pages[voter], target)
        end = time.monotonic() + 60
        while not table.voice.holding.is_set():
            assert time.monotonic() < end, " ".join(s[1] for s in table.voice.said)
            time.sleep(0.1)
        assert table.voice.held == ("vote.tie", {"seats": [3, 5]})
        for page in pages.values():
            expect(page.locator("#tally")).to_contain_text("3号 3票")
            expect(page.locator("#board .candidate")).to_have_count(0)
            assert "PK" not in page.locator("body").inner_text()
        folder = os.environ.get("PHONES_SCREENSHOTS")
        if folder:
            (Path(folder) / "pk").mkdir(parents=True, exist_ok=True)
            pages[1].screenshot(path=str(Path(folder) / "pk" / "tie-no-pk.png"), full_page=True)
        table.voice.go_on()
        end = time.monotonic() + 60
        while "vote.nobody" not in [s[1] for s in table.voice.said]:
            assert time.monotonic() < end, " ".join(s[1] for s in table.voice.said)
            time.sleep(0.1)
        for page in pages.values():
            assert "PK" not in page.locator("body").inner_text()
    finally:
        table.stop()
