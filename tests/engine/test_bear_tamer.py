"""The bear tamer (驯熊师, RULES-CHARACTERS.md's Bear tamer) through game records: each morning,
right after the night's deaths, the judge tells the whole table whether the bear growls (a living
neighbour on the werewolves' side); the neighbours skip the dead; a hidden wolf does not make it
growl; a dead or cursed tamer's bear says nothing; the replay's `growls`."""

from __future__ import annotations

from typing import Any

from engine.boards import find_board
from engine.game import Game
from tests.engine.harness import club, deaths, game_of, play, table

# 1 villager, 2 bear tamer, 3 villager, 4 werewolf, 5 seer, 6 witch, 7 werewolf, 8 elder.
TAMER_8 = '["villager", "bear_tamer", "villager", "werewolf", "seer", "witch", "werewolf", "elder"]'
NO_SHERIFF = "sheriff = false\n"


def night(wolves: int, witch: str = "{}", seer: int = 1) -> str:
    return f"[[night]]\nwerewolves = {wolves}\nseer = {seer}\nwitch = {witch}\n"


def said(game: Game) -> list[str]:
    return [e.data["key"] for e in game.events if e.kind == "cue"]


def public(game: Game, key: str) -> list[dict[str, Any]]:
    return [
        dict(e.data) for e in game.events if e.kind == "cue" and e.data["key"] == key and e.audience is None
    ]


def test_the_bear_is_silent_beside_two_villagers_and_growls_once_a_death_brings_a_werewolf_beside_him() -> (
    None
):
    game = game_of(table(TAMER_8, rules=NO_SHERIFF) + night(3) + "[[day]]\nvote = {}\n")
    # night 1: seat 3 dies; this morning the tamer's neighbours are 1 and 4 (a werewolf)
    assert deaths(game)[0] == (3, "werewolves")
    lines = said(game)
    announced, growled = lines.index("deaths.announce"), lines.index("bear_tamer.growl")
    assert announced < growled and all(key.startswith("death.") for key in lines[announced + 1 : growled])
    assert len(public(game, "bear_tamer.growl")) == 1 and not public(game, "bear_tamer.silent")


def test_a_peaceful_night_beside_villagers_is_silent_and_said_after_the_peaceful_night() -> None:
    game = game_of(
        table(TAMER_8, rules=NO_SHERIFF) + night(3, witch="{ heal = true }") + "[[day]]\nvote = {}\n"
    )
    lines = said(game)
    assert lines.index("bear_tamer.silent") == lines.index("deaths.peaceful") + 1
    assert not public(game, "bear_tamer.growl")


def test_each_morning_reads_the_neighbours_anew_and_the_replay_lists_the_growls() -> None:
    record = (
        table(TAMER_8, rules=NO_SHERIFF)
        + night(1, witch="{ heal = true }")
        + "[[day]]\nvote = { 1 = 3, 2 = 3, 3 = 1, 4 = 3, 5 = 3, 6 = 3, 7 = 3, 8 = 3 }\n"
        + night(1)
        + "[[day]]\nvote = {}\n"
    )
    # day 1: nobody died, neighbours 1 and 3: silent; seat 3 exiled by day; night 2 seat 1 dies:
    # day 2 the neighbours are 8 (the elder) and 4 (a werewolf): it growls
    out = play(record)
    assert out["error"] is None
    assert out["growls"] == [{"day": 1, "growl": False}, {"day": 2, "growl": True}]


def test_a_dead_tamers_bear_says_nothing() -> None:
    game = game_of(table(TAMER_8, rules=NO_SHERIFF) + night(2) + "[[day]]\nvote = {}\n")
    assert (2, "werewolves") in deaths(game)
    assert "bear_tamer.growl" not in said(game) and "bear_tamer.silent" not in said(game)
    assert play(table(TAMER_8, rules=NO_SHERIFF) + night(2))["growls"] == []


def test_the_elders_curse_takes_the_bear() -> None:
    record = (
        table(TAMER_8, rules=NO_SHERIFF)
        + night(3, witch="{ heal = true }")
        + "[[day]]\nvote = { 1 = 8, 2 = 8, 3 = 8, 4 = 8, 5 = 8, 6 = 8, 7 = 8 }\n"
        + night(5)
        + "[[day]]\nvote = {}\n"
    )
    game = game_of(record)
    assert (8, "vote") in deaths(game)
    assert play(record)["growls"] == [{"day": 1, "growl": False}]  # cursed from day 1's vote on


# 1-3 werewolves, 4 hidden wolf, 5 bear tamer, 6 witch, 7 hunter, 8 idiot, 9-12 villagers.
BEAR_12 = (
    '["werewolf", "werewolf", "werewolf", "hidden_wolf", "bear_tamer", "witch", "hunter", "idiot",'
    ' "villager", "villager", "villager", "villager"]'
)


def test_a_hidden_wolf_beside_the_tamer_does_not_make_the_bear_growl() -> None:
    record = (
        club(BEAR_12) + "[[night]]\nwerewolves = 12\nhidden_wolf = true\nwitch = {}\n[[day]]\nvote = {}\n"
    )
    game = game_of(record)
    assert public(game, "bear_tamer.silent") and not public(game, "bear_tamer.growl")


def test_the_board_deals_the_tamer_and_the_hidden_wolf_under_the_club_preset() -> None:
    board = find_board("驯熊师隐狼")
    assert board.id == "bear-hidden-wolf-12" and board.seats == 12
    assert board.rules().night_order == "club" and board.rules().witch_self_heal is False
    assert sorted(board.deck).count("bear_tamer") == 1
