"""我的记录 (my notes): what a seat learned and did at night stays on its card for the rest of
the game, behind the same hold, on a face of one size for every seat.

The engine stamps a seat's own events with the night they happened in; the seat's feed carries
them to its phone alone (`narrator.phones.feed`); the page writes one line per night. A night
played on the real table, then each phone's card held in real Chromium at a phone's size: the
seer's check, the witch's victim and potion, the guard's protection, the wolves' kill; a
villager with nothing learned sees a face as tall as theirs."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine import GuardChoice, SeerChoice, WerewolvesChoice, WitchChoice
from engine.events import Event, private
from engine.game import Game
from engine.record import parse_record, replay
from narrator.phones import BackgroundServer, PhoneTable
from narrator.phones.feed import Feeds
from tests.engine.harness import table as record_table
from tests.phones.harness import CLASSIC_9, classic_game
from tests.phones.test_browser import browser, expect, seat_button, sit

__all__ = ["browser"]

pytest.importorskip("playwright.sync_api", reason="playwright is not installed (dev)")

# Classic 9: 1, 2 werewolves; 3 seer; 4 witch; 5 guard; 6 hunter; 7, 8, 9 villagers.


def test_a_seats_own_events_carry_their_night_into_its_feed_alone() -> None:
    game = classic_game()
    game.apply(GuardChoice(target=3))
    game.apply(SeerChoice(target=1))
    told = [e for e in game.events if e.kind in ("guard.protects", "seer.result")]
    assert [(e.kind, e.phase) for e in told] == [("guard.protects", "night 1"), ("seer.result", "night 1")]
    assert Event("x", {}, frozenset({1})) == Event("x", {}, frozenset({1}), "night 2")  # not compared
    feeds = Feeds(9)
    feeds.absorb(game.events)
    mine = [e for e in feeds.everything(5) if e["kind"] == "guard.protects"]
    assert mine == [{"i": mine[0]["i"], "kind": "guard.protects", "data": {"target": 3}, "phase": "night 1"}]
    assert not [e for e in feeds.everything(7) if "phase" in e]  # a villager's feed: nothing of theirs
    assert private("x", 2).phase == ""  # stamped when emitted, not before


@pytest.fixture
def box() -> Iterator[BackgroundServer]:
    background = BackgroundServer(lambda: PhoneTable(classic_game()))
    background.start()
    yield background
    background.stop()


def held(page: Any, shot: str = "") -> tuple[str, float, int]:
    """The card's face while a finger holds the card: its text, height and line count (and a
    picture of it as `more/notes-<shot>.png` under $PHONES_SCREENSHOTS, when set)."""
    card = page.locator("#card").bounding_box()
    page.mouse.move(card["x"] + 30, card["y"] + 30)
    page.mouse.down()
    face = page.locator("#card-face")
    found = (face.inner_text(), face.bounding_box()["height"], face.locator("p").count())
    folder = os.environ.get("PHONES_SCREENSHOTS")
    if folder and shot:
        (Path(folder) / "more").mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / "more" / f"notes-{shot}.png"))
    page.mouse.up()
    return found


def test_my_notes_on_the_card_night_by_night_one_size_for_all(box: BackgroundServer, browser: Any) -> None:
    assert box.server is not None
    table, url = box.server.table, f"http://127.0.0.1:{box.server.port}/"
    phones = {
        seat: sit(browser, url, seat, name)
        for seat, name in ((1, "狼王"), (3, "小美"), (4, "阿花"), (5, "老王"), (7, "玩家"))
    }
    box.call(table.apply, GuardChoice(target=3))
    box.call(table.apply, SeerChoice(target=1))
    box.call(table.apply, WerewolvesChoice(victim=8))
    box.call(table.apply, WitchChoice(heal=True))
    for page in phones.values():
        page.wait_for_function("() => !/夜/.test(document.getElementById('phase').textContent)")
    names = {1: "wolf", 3: "seer", 4: "witch", 5: "guard", 7: "villager"}
    faces = {seat: held(page, names[seat]) for seat, page in phones.items()}
    text = {seat: face[0] for seat, face in faces.items()}
    assert "我的记录" in text[7] and "还没有记录" in text[7], text[7]
    assert "第1夜：1号是狼人" in text[3], text[3]
    assert "第1夜：刀口8号、用了解药" in text[4], text[4]
    assert "第1夜：守护3号" in text[5], text[5]
    assert "第1夜：刀了8号" in text[1], text[1]
    for seat, words in text.items():  # nothing of another seat's night
        others = {"1号是狼人", "刀口8号", "守护3号", "刀了8号"} - {
            {3: "1号是狼人", 4: "刀口8号", 5: "守护3号", 1: "刀了8号"}.get(seat, "")
        }
        assert not [w for w in others if w in words], (seat, words)
    assert len({(height, lines) for _, height, lines in faces.values()}) == 1, faces
    assert "1号是狼人" not in phones[3].locator("body").inner_text()  # only while the finger holds


def test_my_notes_are_of_this_game_only_after_the_evenings_next_game(
    box: BackgroundServer, browser: Any
) -> None:
    """再来一局: the next game's card starts with no notes; the last game's nights (the wolf's
    kill) are not its (issue 40: a villager's card read "第1夜：刀了8号" from the game before)."""
    assert box.server is not None
    table, url = box.server.table, f"http://127.0.0.1:{box.server.port}/"
    wolf = sit(browser, url, 1, "狼王")
    box.call(table.apply, GuardChoice(target=3))
    box.call(table.apply, SeerChoice(target=1))
    box.call(table.apply, WerewolvesChoice(victim=8))
    box.call(table.apply, WitchChoice())
    wolf.wait_for_function("() => !/夜/.test(document.getElementById('phase').textContent)")
    assert "第1夜：刀了8号" in held(wolf)[0]
    villager_first = tuple(reversed(CLASSIC_9))  # the next game deals seat 1 a villager's card
    box.call(table.evening.next_game, classic_game(villager_first), table.registry, None)
    box.call(table.apply, GuardChoice(target=9))  # the next game's first night goes on
    face = held(wolf)[0]
    for _ in range(50):  # until the next game's state has come (its card is a villager's)
        if "普通村民" in face:
            break
        wolf.wait_for_timeout(100)
        face = held(wolf)[0]
    face = held(wolf, "next-game")[0]
    assert "普通村民" in face and "还没有记录" in face, face
    assert "刀了8号" not in face, face


def witch_held(browser: Any, game: Game, decision: WitchChoice, shot: str) -> str:
    """The witch's card (seat 4) held once her `decision` in `game` is taken and day has come."""
    background = BackgroundServer(lambda: PhoneTable(game))
    background.start()
    try:
        assert background.server is not None
        table, url = background.server.table, f"http://127.0.0.1:{background.server.port}/"
        witch = sit(browser, url, 4, "阿花")
        background.call(table.apply, decision)
        witch.wait_for_function("() => !/夜/.test(document.getElementById('phase').textContent)")
        return held(witch, shot)[0]
    finally:
        background.stop()


def test_the_witchs_potions_line_agrees_with_her_notes_the_night_she_used_one(browser: Any) -> None:
    """The seeds' rules, the judge narrating: the night she poisons 8号 from her phone, her card
    says the poison is spent, above "毒了8号", while the judge tells the morning (issue 40: "毒药：
    还在" above "毒了3号", the potions a day behind: her view is refreshed only at the vote)."""
    game = classic_game()
    for decision in (GuardChoice(target=3), SeerChoice(target=1), WerewolvesChoice(victim=7)):
        game.apply(decision)
    background = BackgroundServer(lambda: PhoneTable(game, auto_narrate=False))
    background.start()
    try:
        assert background.server is not None
        table, url = background.server.table, f"http://127.0.0.1:{background.server.port}/"
        witch = sit(browser, url, 4, "阿花")
        background.call(table.narrate, "witch")
        seat_button(witch, 8).click()
        witch.click("#confirm")
        expect(witch.locator("#toast")).to_contain_text("收到")
        while table.game.phase.night:
            witch.wait_for_timeout(50)  # her touch, applied in its turn
        background.call(table.narrate, None)
        background.call(table.said, "day.breaks", {"day": 1})
        background.call(table.said, "deaths.announce", {"seats": [7, 8]})
        witch.wait_for_function("() => !/夜/.test(document.getElementById('phase').textContent)")
        face = held(witch, "witch-poisoned")[0]
    finally:
        background.stop()
    assert "解药：还在　毒药：已用" in face and "第1夜：刀口7号、毒了8号" in face, face


def test_the_club_witch_not_told_the_victim_reads_not_told(browser: Any) -> None:
    """Club rules (`witch_sees_victim = "while_antidote"`): the antidote spent on night 1, she is
    told nobody on night 2, when 8号 is killed: her notes say she was not told, never "今晚没有人被刀"."""
    record = record_table(rules='sheriff = false\nwitch_sees_victim = "while_antidote"') + (
        "[[night]]\nguard = 5\nseer = 1\nwerewolves = 7\nwitch = { heal = true }\n"
        "[[day]]\nvote = { 3 = 2 }\n"
        "[[night]]\nguard = 3\nseer = 4\nwerewolves = 8\n"
    )
    game = replay(parse_record(record)).game
    assert game.pending is not None and game.pending.step == "witch"
    face = witch_held(browser, game, WitchChoice(), "witch-not-told")
    assert "第2夜：解药已用完，不知道刀口" in face and "没有人被刀" not in face, face
    assert "解药：已用　毒药：还在" in face, face
