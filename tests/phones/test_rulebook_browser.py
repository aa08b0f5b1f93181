"""What a card does, on real Chromium phones: the held card says under its name what the card
does and how its side wins, in a face of one size for every card; the 规则 page shows the board
in play and the rules in force, the same on every phone; a phone that finds every seat taken is
told the table is full, and what to do.

Screenshots go to $PHONES_SCREENSHOTS when it is set (docs/phone/ keeps them)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.game import Game
from engine.role import Role
from narrator.moderator.config import PlayConfig
from narrator.phones import BackgroundServer, PhoneTable
from narrator.phones.catalogue import LOCALES, text
from tests.phones.harness import classic_game
from tests.phones.test_browser import PHONE, shots, sit

pytest.importorskip("playwright.sync_api", reason="playwright is not installed (dev)")

SMALL = {"width": 360, "height": 740}

# Holding the card: its face's size, and what it says under the card's name
HOLD_CARD = """() => {
  const card = document.querySelector('#card');
  card.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true, pointerId: 1}));
  const face = document.querySelector('#card-face');
  const r = face.getBoundingClientRect();
  const power = face.querySelector('p.power'), goal = face.querySelector('p.goal');
  const seen = {height: r.height, width: r.width, bottom: r.bottom, role: face.querySelector('.role').textContent,
                power: power ? power.textContent : null, goal: goal ? goal.textContent : null,
                cut: power ? power.scrollHeight > power.clientHeight + 1 : null};
  card.dispatchEvent(new PointerEvent('pointerup', {bubbles: true, pointerId: 1}));
  seen.hidden = face.hidden;
  return seen;
}"""
# Every card's power in the held card's box, in the page's fonts: does any need a fourth line?
# Every side's goal on its one line: is any cut? Each with 8% of the width to spare.
EVERY_POWER_FITS = """([powers, goals]) => {
  const face = document.querySelector('#card-face');
  face.hidden = false;
  const box = document.createElement('p'); box.className = 'power'; face.appendChild(box);
  const line = document.createElement('p'); line.className = 'goal'; face.appendChild(line);
  box.style.width = line.style.width = '92%';  // room to spare: another machine's fonts are wider
  const cut = box.clientHeight > 0 ? [] : ['(the box is not shown)'];
  for (const [role, text] of Object.entries(powers)) {
    box.textContent = text;
    if (box.scrollHeight > box.clientHeight + 1) { cut.push(role); }
  }
  for (const [goal, text] of Object.entries(goals)) {
    line.textContent = text;
    if (line.scrollWidth > line.clientWidth + 1) { cut.push(goal); }
  }
  box.remove(); line.remove(); face.hidden = true;
  return cut;
}"""


@pytest.fixture
def club() -> Iterator[BackgroundServer]:
    setup, rules = PlayConfig(board="wolf-king-guard-12", seed=5).table()
    background = BackgroundServer(lambda: PhoneTable(Game(setup, rules)))
    background.start()
    yield background
    background.stop()


def _url(box: BackgroundServer) -> str:
    return f"http://127.0.0.1:{box.server.port}/"  # type: ignore[union-attr]


def test_the_held_card_says_what_it_does_in_a_face_of_one_size(
    browser: Any, club: BackgroundServer, tmp_path: Path
) -> None:
    folder = shots(tmp_path)
    game = club.server.table.game  # type: ignore[union-attr]
    seats = {
        card: game.setup.roles.index(Role(card)) + 1 for card in ("werewolf", "seer", "villager", "wolf_king")
    }
    faces = {}
    for card, seat in seats.items():
        page = sit(browser, _url(club), seat, f"玩家{seat}")
        seen = page.evaluate(HOLD_CARD)
        assert seen["role"] == text("zh-CN", f"roles.{card}")
        assert seen["power"] == text("zh-CN", f"powers.{card}")
        side = "goals.wolves_side" if card in ("werewolf", "wolf_king") else "goals.village"
        assert seen["goal"] == text("zh-CN", side)
        assert not seen["cut"] and seen["hidden"]  # shown only while held, nothing cut
        assert seen["bottom"] <= PHONE["viewport"]["height"]  # type: ignore[index]
        faces[card] = (seen["height"], seen["width"])
        if card != "wolf_king":  # the face held, for docs/phone
            box = page.locator("#card").bounding_box()
            page.mouse.move(box["x"] + 30, box["y"] + 20)
            page.mouse.down()
            page.screenshot(path=str(folder / f"card-held-{card}.png"))
            page.mouse.up()
        page.context.close()
    assert len(set(faces.values())) == 1, faces  # one size, whatever the card


@pytest.mark.parametrize("locale", LOCALES)
def test_every_cards_power_fits_the_held_cards_box_on_a_small_phone(browser: Any, locale: str) -> None:
    box = BackgroundServer(lambda: PhoneTable(classic_game()))
    box.start()
    try:
        page = browser.new_context(**dict(PHONE, viewport=SMALL, locale=locale)).new_page()
        page.goto(_url(box))
        page.locator("#lobby-seats button", has_text="1").first.click()
        page.fill("#name", "P1")
        page.click("#join")
        page.wait_for_selector("#game:not([hidden])")
        powers = {role.value: text(locale, f"powers.{role.value}") for role in Role}  # type: ignore[arg-type]
        goals = {
            name: text(locale, f"goals.{name}") for name in ("wolves_all", "wolves_side", "village", "piper")
        }  # type: ignore[arg-type]
        cut = page.evaluate(EVERY_POWER_FITS, [powers, goals])
        assert cut == [], ", ".join(cut)
        page.context.close()
    finally:
        box.stop()


def test_the_rules_page_shows_the_board_and_its_rules_alike_on_every_phone(
    browser: Any, club: BackgroundServer, tmp_path: Path
) -> None:
    folder = shots(tmp_path)
    pages = [sit(browser, _url(club), seat, f"玩家{seat}") for seat in (1, 2, 3)]
    seen = []
    for page in pages:
        page.click("header .rules-open")
        page.wait_for_selector("#rules:not([hidden])")
        seen.append(page.locator("#rules").inner_text())
        cards = page.locator(".rules-card").evaluate_all("(cs) => cs.map(c => c.getAttribute('data-role'))")
        assert cards == ["werewolf", "villager", "seer", "witch", "hunter", "guard", "wolf_king"]
    assert seen[0] == seen[1] == seen[2]  # a werewolf's, a villager's and the seer's alike
    assert "屠边：神职全部出局或平民全部出局，狼人获胜。" in seen[0]
    assert "女巫不能自救。" in seen[0] and text("zh-CN", "powers.wolf_king") in seen[0]
    pages[0].screenshot(path=str(folder / "rules.png"))
    pages[0].locator("#rules").evaluate("(box) => { box.scrollTop = box.scrollHeight; }")
    pages[0].screenshot(path=str(folder / "rules-in-force.png"))
    pages[0].click("#rules-close")
    assert pages[0].locator("#rules").is_hidden()
    for page in pages:
        page.context.close()


def test_the_rules_page_opens_in_the_lobby_and_in_english(browser: Any, tmp_path: Path) -> None:
    folder = shots(tmp_path)
    box = BackgroundServer(lambda: PhoneTable(classic_game()))
    box.start()
    try:
        page = browser.new_context(**dict(PHONE, locale="en")).new_page()
        page.goto(_url(box))
        page.wait_for_selector("#lobby:not([hidden])")
        page.click("#lobby .rules-open")
        shown = page.locator("#rules").inner_text()
        assert "A tied vote: nobody is out, no run-off." in shown
        assert text("en", "powers.witch") in shown
        page.screenshot(path=str(folder / "rules-en.png"))
        page.click("#rules-close")
        page.locator("#lobby-seats button", has_text="4").first.click()  # the witch
        page.fill("#name", "Ann")
        page.click("#join")
        page.wait_for_selector("#game:not([hidden])")
        seen = page.evaluate(HOLD_CARD)
        assert (seen["power"], seen["goal"]) == (text("en", "powers.witch"), text("en", "goals.village"))
        card = page.locator("#card").bounding_box()
        page.mouse.move(card["x"] + 30, card["y"] + 20)
        page.mouse.down()
        page.screenshot(path=str(folder / "card-held-witch-en.png"))
        page.mouse.up()
        page.context.close()
    finally:
        box.stop()


@pytest.mark.parametrize("locale", ["zh-CN", "en"])
def test_a_phone_that_finds_every_seat_taken_is_told_the_table_is_full(
    browser: Any, locale: str, tmp_path: Path
) -> None:
    folder = shots(tmp_path)
    box = BackgroundServer(lambda: PhoneTable(classic_game()))
    box.start()
    try:
        seated = [sit(browser, _url(box), seat, f"玩家{seat}") for seat in range(1, 10)]
        late = [browser.new_context(**dict(PHONE, locale=locale)).new_page() for _ in range(3)]
        for page in late:  # the 10th, 11th and 12th phone
            page.goto(_url(box))
            page.wait_for_selector("#lobby:not([hidden])")
            page.wait_for_selector("#table-full:not([hidden])")
            told = page.locator("#table-full").inner_text()
            assert text(locale, "ui.table_full", seats=9) in told  # type: ignore[arg-type]
            assert text(locale, "ui.table_full_what") in told  # type: ignore[arg-type]
            assert page.locator("#join").is_hidden() and page.locator("#name").is_hidden()
            assert not page.get_by_text(text(locale, "ui.pick_seat")).is_visible()  # type: ignore[arg-type]
        late[0].screenshot(path=str(folder / f"table-full-{locale}.png"))
        seated[4].context.close()  # seat 5's phone goes: the seat stays taken, the table full
        assert late[0].locator("#table-full").is_visible()
        for page in seated[:4] + seated[5:] + late:
            page.context.close()
    finally:
        box.stop()
