"""The two sisters (两姐妹) and the three brothers (三兄弟), RULES-CHARACTERS.md, through game
records: their meeting on their nights (`sisters_nights`, `brothers_nights`, each value), told
to the living ones alone; the sisters need both alive, the brothers two; narrated alike when
nobody meets; dealt as a set only, never face down; their place in the night orders."""

from __future__ import annotations

import pytest

from engine.game import Game
from engine.roles import Role
from engine.setup import Setup
from tests.engine.harness import club, game_of, table

# 1 werewolf, 2 sister, 3 villager, 4 sister, 5 seer, 6 witch, 7 werewolf, 8 villager.
SISTERS_8 = '["werewolf", "two_sisters", "villager", "two_sisters", "seer", "witch", "werewolf", "villager"]'
# 1 werewolf, 2-4 brothers, 5 seer, 6 witch, 7 werewolf, 8 villager, 9 villager.
BROTHERS_9 = (
    '["werewolf", "three_brothers", "three_brothers", "three_brothers", "seer", "witch", "werewolf",'
    ' "villager", "villager"]'
)
NIGHT = "[[night]]\nseer = 1\nwerewolves = {victim}\nwitch = {{}}\n"
DAY = "[[day]]\nvote = {}\n"


def nights(victims: list[int]) -> str:
    return DAY.join(NIGHT.format(victim=v) for v in victims)


def met(game: Game, step: str) -> list[tuple[str, list[int], frozenset[int] | None]]:
    return [(e.phase, e.data["seats"], e.audience) for e in game.events if e.kind == step]


def said(game: Game, key: str) -> list[str]:
    """The nights the judge said `key` on (the public lines carry no phase: counted by nightfall)."""
    nights, night = [], 0
    for event in game.events:
        if event.kind == "cue" and event.data["key"] == "night.falls":
            night = event.data["night"]
        elif event.kind == "cue" and event.data["key"] == key:
            nights.append(f"night {night}")
    return nights


def test_the_sisters_meet_on_odd_nights_and_each_is_told_both_seats() -> None:
    game = game_of(table(SISTERS_8, rules="sheriff = false\n") + nights([8, 3, 0]) + DAY)
    assert met(game, "two_sisters") == [
        ("night 1", [2, 4], frozenset({2, 4})),
        ("night 3", [2, 4], frozenset({2, 4})),
    ]
    assert said(game, "two_sisters.wake") == ["night 1", "night 3"]  # night 2: not narrated


@pytest.mark.parametrize(
    ("nights_rule", "woken"), [("every", 4), ("first", 1), ("odd", 2)]
)  # night 4 has begun
def test_sisters_nights_each_value(nights_rule: str, woken: int) -> None:
    rules = f'sheriff = false\nsisters_nights = "{nights_rule}"\n'
    game = game_of(table(SISTERS_8, rules=rules) + nights([8, 3, 0]) + DAY)
    assert len(said(game, "two_sisters.wake")) == woken == len(met(game, "two_sisters"))


def test_a_lone_sister_is_woken_on_the_same_lines_and_told_nothing() -> None:
    game = game_of(table(SISTERS_8, rules="sheriff = false\n") + nights([2, 3, 0]) + DAY)
    assert [phase for phase, *_ in met(game, "two_sisters")] == ["night 1"]
    assert said(game, "two_sisters.wake") == ["night 1", "night 3"]
    assert said(game, "two_sisters.sleep") == ["night 1", "night 3"]


def test_two_living_brothers_still_meet_and_one_alone_does_not() -> None:
    rules = 'sheriff = false\nbrothers_nights = "every"\n'
    game = game_of(table(BROTHERS_9, rules=rules) + nights([2, 3, 9]) + DAY)
    assert met(game, "three_brothers") == [
        ("night 1", [2, 3, 4], frozenset({2, 3, 4})),
        ("night 2", [2, 3, 4], frozenset({3, 4})),
    ]
    assert said(game, "three_brothers.wake") == ["night 1", "night 2", "night 3", "night 4"]


def test_they_are_dealt_as_a_set_or_not_at_all_and_never_face_down() -> None:
    roles = [Role.WEREWOLF, Role.TWO_SISTERS, Role.SEER, Role.WITCH, Role.WEREWOLF] + [Role.VILLAGER] * 3
    with pytest.raises(ValueError, match="dealt 2 together"):
        Setup(seats=8, roles=roles)
    thief = [Role.THIEF, Role.TWO_SISTERS, Role.SEER, Role.WITCH, Role.WEREWOLF] + [Role.VILLAGER] * 3
    with pytest.raises(ValueError, match="never left face down"):
        Setup(seats=8, roles=thief, extra_cards=[Role.TWO_SISTERS, Role.WEREWOLF])
    brothers = [Role.WEREWOLF, Role.THREE_BROTHERS, Role.THREE_BROTHERS, Role.SEER] + [Role.VILLAGER] * 4
    with pytest.raises(ValueError, match="dealt 3 together"):
        Setup(seats=8, roles=brothers)


def test_they_meet_after_the_lovers_and_before_the_seer_and_the_club_puts_them_before_the_guard() -> None:
    game = game_of(table(SISTERS_8, rules="sheriff = false\n") + NIGHT.format(victim=8))
    order = [p.step for p, _ in game.history if p.phase == "night 1"]  # meetings ask no decision
    assert order == ["seer", "werewolves", "witch"]
    cues = [e.data["key"] for e in game.events if e.kind == "cue"]
    assert cues.index("two_sisters.sleep") < cues.index("seer.wake")
    twelve = (
        '["werewolf", "werewolf", "werewolf", "two_sisters", "two_sisters", "seer", "witch", "guard",'
        ' "werewolf", "villager", "villager", "villager"]'
    )
    club_game = game_of(club(twelve) + "[[night]]\nguard = 0\nwerewolves = 12\nwitch = {}\nseer = 1\n")
    club_cues = [e.data["key"] for e in club_game.events if e.kind == "cue"]
    assert club_cues.index("two_sisters.sleep") < club_cues.index("guard.wake")
