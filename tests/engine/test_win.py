"""Who wins, checked in RULES.md's order, and in which phase the game was decided."""

from __future__ import annotations

from tests.engine.harness import play, table

NO_SHERIFF = "sheriff = false"


def test_werewolves_win_when_no_one_else_is_alive() -> None:
    roles = '["werewolf", "villager", "villager", "villager", "villager"]'
    body = (
        "[[night]]\nwerewolves = 2\n[[day]]\nvote = { 1 = 3 }\n"
        "[[night]]\nwerewolves = 4\n[[day]]\nvote = { 1 = 5 }\n"
    )
    out = play(table(roles, rules=NO_SHERIFF) + body)
    assert out["winner"] == "werewolves" and out["ended"] == "day 2"
    assert out["alive"] == [1]


def test_parity_gives_the_werewolves_the_game_at_the_end_of_the_day() -> None:
    roles = '["werewolf", "werewolf", "villager", "villager", "villager", "villager"]'
    body = "[[night]]\nwerewolves = 3\n[[day]]\nvote = { 1 = 4 }\n"
    assert play(table(roles, rules=NO_SHERIFF) + body)["winner"] is None
    out = play(table(roles, rules=NO_SHERIFF + "\nparity = true") + body)
    assert out["winner"] == "werewolves" and out["ended"] == "day 1"


def test_side_win_kills_all_special_roles() -> None:
    roles = '["werewolf", "werewolf", "seer", "witch", "villager", "villager", "villager", "villager"]'
    body = (
        "[[night]]\nseer = 1\nwerewolves = 3\nwitch = {}\n[[day]]\nvote = { 1 = 8 }\n"
        "[[night]]\nwerewolves = 4\nwitch = {}\n"
    )
    assert play(table(roles, rules=NO_SHERIFF) + body)["winner"] is None
    out = play(table(roles, rules=NO_SHERIFF + '\nwin = "side"') + body)
    assert out["winner"] == "werewolves" and out["ended"] == "night 2"


def test_side_win_kills_all_plain_villagers_and_cupid_counts_as_one() -> None:
    roles = '["werewolf", "werewolf", "seer", "witch", "cupid", "villager", "hunter", "guard"]'
    body = (
        "[[night]]\ncupid = [3, 4]\nguard = 3\nseer = 1\nwerewolves = 6\nwitch = {}\n"
        "[[day]]\nvote = { 1 = 7 }\nhunter = 0\n"
        "[[night]]\nguard = 4\nseer = 2\nwerewolves = 5\nwitch = {}\n"
    )
    out = play(table(roles, rules=NO_SHERIFF + '\nwin = "side"') + body)
    assert out["winner"] == "werewolves" and out["ended"] == "night 2"


def test_mixed_lovers_with_cupid_win_when_only_they_are_left() -> None:
    roles = '["werewolf", "villager", "cupid", "villager", "villager"]'
    body = "[[night]]\ncupid = [1, 2]\nwerewolves = 4\n[[day]]\nvote = { 1 = 5, 2 = 5 }\n"
    out = play(table(roles, rules=NO_SHERIFF) + body)
    assert out["winner"] == "lovers" and out["ended"] == "day 1" and out["alive"] == [1, 2, 3]


def test_lovers_of_the_same_side_play_for_their_side() -> None:
    roles = '["werewolf", "villager", "cupid", "villager", "villager"]'
    body = "[[night]]\ncupid = [2, 4]\nwerewolves = 5\n[[day]]\nvote = { 2 = 3, 4 = 3 }\n"
    out = play(table(roles, rules=NO_SHERIFF) + body)
    assert out["winner"] is None  # a werewolf and two villagers are alive


def test_nobody_alive_is_a_win_for_no_one() -> None:
    roles = '["werewolf", "hunter", "villager", "villager", "villager"]'
    body = (
        "[[night]]\nwerewolves = 3\n[[day]]\nvote = { 1 = 4 }\n"
        "[[night]]\nwerewolves = 5\n[[day]]\nvote = { 1 = 2, 2 = 2 }\nhunter = 1\n"
    )
    out = play(table(roles, rules=NO_SHERIFF) + body)
    assert out["winner"] == "none" and out["alive"] == [] and out["ended"] == "day 2"


def test_a_win_waits_for_the_hunters_shot_of_the_same_moment() -> None:
    # The last villager (the hunter) is eaten; his shot kills the last werewolf: nobody left.
    roles = '["werewolf", "hunter", "villager", "villager", "villager"]'
    body = (
        "[[night]]\nwerewolves = 3\n[[day]]\nvote = { 1 = 4 }\n"
        "[[night]]\nwerewolves = 2\n[[day]]\nhunter = 1\n"
    )
    out = play(table(roles, rules=NO_SHERIFF) + body)
    assert out["deaths"][-2:] == [
        {"seat": 2, "phase": "night 2", "cause": "werewolves"},
        {"seat": 1, "phase": "day 2", "cause": "hunter"},
    ]
    assert out["winner"] == "villagers" and out["ended"] == "day 2"
