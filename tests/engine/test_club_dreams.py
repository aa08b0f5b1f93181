"""The dreamcatcher, the nightmare, the wolf beauty and the spirit knight (RULES-CLUB.md), each
through game records: what each does, its fine points, both sides of each setting; and random
club games that reach every power and every death cause of theirs."""

from __future__ import annotations

import pytest

from engine.game import Game
from engine.roles.dreamcatcher import DreamcatcherChoice
from engine.state import IllegalDecision
from tests.engine.harness import game_of, table

NO_SHERIFF = "sheriff = false\n"


def club(roles: str, rules: str = "") -> str:
    """The [setup] and [rules] of a club game (night_order club, no sheriff)."""
    return table(roles, rules='night_order = "club"\n' + NO_SHERIFF + rules)


def deaths(game: Game) -> list[tuple[int, str]]:
    return [(d.seat, d.cause) for d in game.state.deaths]


def steps(game: Game) -> list[str]:
    return [p.step for p, _ in game.history]


def refused(game: Game, decision: object) -> str:
    with pytest.raises(IllegalDecision) as caught:
        game.check(decision)  # type: ignore[arg-type]
    return caught.value.rule


# 摄梦人: 1 wolf king, 2-4 werewolves, 5 seer, 6 witch, 7 hunter, 8 dreamcatcher, 9-12 villagers.
DREAM_12 = (
    '["wolf_king", "werewolf", "werewolf", "werewolf", "seer", "witch", "hunter", "dreamcatcher",'
    ' "villager", "villager", "villager", "villager"]'
)
# With a guard in the hunter's place (同守同救).
DREAM_GUARD_12 = DREAM_12.replace('"hunter"', '"guard"')
QUIET_DAY = "[[day]]\nvote = {}\n"


def night(dream: int, wolves: int, witch: str = "{}", seer: int = 2, extra: str = "") -> str:
    return (
        f"[[night]]\n{extra}dreamcatcher = {dream}\nwerewolves = {wolves}\nwitch = {witch}\nseer = {seer}\n"
    )


def test_the_dreamwalker_survives_the_knife() -> None:
    game = game_of(club(DREAM_12) + night(9, 9) + QUIET_DAY)
    assert deaths(game) == [] and game.state.day == 1


def test_the_dreamwalker_survives_the_poison_and_the_potion_is_spent() -> None:
    game = game_of(club(DREAM_12) + night(9, 0, "{ poison = 9 }") + QUIET_DAY)
    assert deaths(game) == [] and not game.state.poison_left


def test_the_same_dreamwalker_two_nights_running_dies_of_the_dream() -> None:
    game = game_of(club(DREAM_12) + night(9, 0) + QUIET_DAY + night(9, 0) + QUIET_DAY)
    assert deaths(game) == [(9, "dream")]


def test_another_dreamwalker_between_breaks_the_chain() -> None:
    game = game_of(club(DREAM_12) + (night(9, 0) + QUIET_DAY + night(10, 0) + QUIET_DAY) + night(9, 0))
    assert deaths(game) == []


def test_the_dreamcatcher_knifed_takes_his_dreamwalker() -> None:
    game = game_of(club(DREAM_12) + night(9, 8) + QUIET_DAY)
    assert deaths(game) == [(8, "werewolves"), (9, "dream_link")]


def test_the_dreamcatcher_exiled_by_day_takes_nobody() -> None:
    votes = "{ 1 = 8, 2 = 8, 3 = 8, 4 = 8, 5 = 8 }"
    game = game_of(club(DREAM_12) + night(9, 0) + f"[[day]]\nvote = {votes}\n")
    assert deaths(game) == [(8, "vote")]


def test_a_dream_death_cannot_be_healed() -> None:
    game = game_of(club(DREAM_12) + night(9, 0) + QUIET_DAY + night(9, 9, "{ heal = true }") + QUIET_DAY)
    assert deaths(game) == [(9, "dream")] and not game.state.heal_left


def test_dream_deaths_give_no_shot() -> None:
    dreamt = game_of(club(DREAM_12) + night(7, 0) + QUIET_DAY + night(7, 0) + QUIET_DAY)
    assert deaths(dreamt) == [(7, "dream")] and "hunter" not in steps(dreamt)
    linked = game_of(club(DREAM_12) + night(1, 8) + QUIET_DAY)
    assert deaths(linked) == [(1, "dream_link"), (8, "werewolves")] and "wolf_king" not in steps(linked)


def test_guarded_and_healed_the_dreamwalker_lives() -> None:
    rules = 'guard_and_heal = "dies"\n'
    record = club(DREAM_GUARD_12, rules) + night(9, 9, "{ heal = true }", extra="guard = 9\n") + QUIET_DAY
    game = game_of(record)
    assert deaths(game) == [] and not game.state.heal_left
    # Without the dream the same night kills him (同守同救).
    plain = game_of(club(DREAM_GUARD_12, rules) + night(10, 9, "{ heal = true }", extra="guard = 9\n"))
    assert plain.state.day == 1 and deaths(plain) == [(9, "werewolves")]


def test_a_guard_on_a_second_night_dreamwalker_does_nothing() -> None:
    first = night(9, 0, extra="guard = 10\n")
    game = game_of(club(DREAM_GUARD_12) + first + QUIET_DAY + night(9, 0, extra="guard = 9\n") + QUIET_DAY)
    assert deaths(game) == [(9, "dream")]


def test_the_dreamcatcher_must_name_another_living_player() -> None:
    game = game_of(club(DREAM_12))
    assert game.pending is not None and game.pending.step == "dreamcatcher"
    assert not game.pending.allow_none and 8 not in game.pending.targets
    assert refused(game, DreamcatcherChoice(target=0)) == "dreamcatcher_nobody"
    assert refused(game, DreamcatcherChoice(target=8)) == "dreamcatcher_self"
    dead = game_of(club(DREAM_12) + night(9, 10) + QUIET_DAY)
    assert refused(dead, DreamcatcherChoice(target=10)) == "dead_target"


def test_the_dreamwalker_is_not_told_and_the_dreamcatcher_is() -> None:
    game = game_of(club(DREAM_12) + night(9, 0))
    told = [e for e in game.events if e.kind == "dreamcatcher.dreams"]
    assert [(e.audience, e.data["target"]) for e in told] == [(frozenset({8}), 9)]
    assert not any(9 in (e.audience or ()) for e in game.events if e.kind != "cue")
