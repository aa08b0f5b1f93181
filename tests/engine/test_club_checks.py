"""The checkers and lone wolves of RULES-CLUB.md (通灵师, 守墓人, 石像鬼, 隐狼, 猎魔人), through game
records: what each does, its fine points, and random club games that use every power."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import WerewolvesChoice
from engine.bots import random_decision
from engine.decisions import SelfDestruct
from engine.game import Game, state_of
from engine.roles import Role
from engine.roles.demon_hunter import DemonHunterHunt
from engine.roles.gargoyle import GargoyleCheck
from engine.roles.psychic import PsychicCheck
from engine.roles.witch import potions
from engine.rules import make_rules
from engine.setup import deal
from tests.engine.harness import answers, club, deaths, game_of, refused, told

# 通灵师 Psychic

PSYCHIC_12 = (
    '["werewolf", "werewolf", "werewolf", "wolf_king", "psychic", "witch", "hunter", "guard",'
    ' "villager", "villager", "villager", "villager"]'
)


def test_the_psychic_learns_the_exact_card_of_a_wolf_and_of_a_good_player() -> None:
    night = "[[night]]\nguard = 9\nwerewolves = 0\nwitch = {}\npsychic = 4\n"
    game = game_of(
        club(PSYCHIC_12)
        + night
        + "[[day]]\nvote = {}\n[[night]]\nguard = 10\nwerewolves = 0\nwitch = {}\npsychic = 7\n"
    )
    assert answers(game, 5) == [
        {"night": 1, "target": 4, "result": "wolf_king"},
        {"night": 2, "target": 7, "result": "hunter"},
    ]
    assert told(game, "psychic") == [
        ("psychic", {"target": 4, "role": "wolf_king"}),
        ("psychic", {"target": 7, "role": "hunter"}),
    ]
    assert all(not e.public for e in game.events if e.kind == "seer.result")


def test_the_psychic_checks_another_living_player_or_nobody() -> None:
    game = game_of(club(PSYCHIC_12) + "[[night]]\nguard = 9\nwerewolves = 0\nwitch = {}\n")
    pending = game.pending
    assert pending is not None and pending.step == "psychic" and pending.seats == (5,)
    assert 5 not in pending.targets and pending.allow_none
    assert refused(game, PsychicCheck(target=5), 5) == "psychic_self"
    assert refused(game, PsychicCheck(target=13), 5) == "no_such_seat"
    nobody = game_of(club(PSYCHIC_12) + "[[night]]\nguard = 9\nwerewolves = 0\nwitch = {}\npsychic = 0\n")
    assert answers(nobody, 5) == [] and told(nobody, "psychic") == [("psychic_nobody", {})]


def test_a_dead_psychic_is_pretended_at_his_place_in_the_club_order() -> None:
    record = club(PSYCHIC_12) + (
        "[[night]]\nguard = 9\nwerewolves = 5\nwitch = {}\npsychic = 1\n[[day]]\nvote = {}\n"
        "[[night]]\nguard = 10\nwerewolves = 0\nwitch = {}\n"
    )
    game = game_of(record)
    assert (5, "werewolves") in deaths(game)
    night_2 = [e for e in game.events if e.kind == "cue"]
    keys = [e.data["key"] for e in night_2]
    last = len(keys) - 1 - keys[::-1].index("night.falls")
    woken = [k for k in keys[last:] if k.endswith(".wake")]
    assert woken == ["guard.wake", "werewolves.wake", "witch.wake", "psychic.wake"]
    assert any(e.kind == "pretend" and e.data["step"] == "psychic" for e in game.events)


# 守墓人 Gravekeeper

GRAVEKEEPER_12 = (
    '["werewolf", "werewolf", "werewolf", "wolf_king", "seer", "witch", "hunter", "gravekeeper",'
    ' "idiot", "villager", "villager", "villager"]'
)
QUIET_1 = "[[night]]\nwerewolves = 0\nwitch = {}\nseer = 1\ngravekeeper = true\n"
QUIET_2 = "[[night]]\nwerewolves = 0\nwitch = {}\nseer = 3\n"


def shown(game: Game) -> dict[str, Any]:
    """What the gravekeeper is shown now (the pending step must be his)."""
    pending = game.pending
    assert pending is not None and pending.step == "gravekeeper" and pending.seats == (8,)
    return dict(pending.info)


def test_the_gravekeeper_is_told_nobody_on_night_1() -> None:
    game = game_of(club(GRAVEKEEPER_12) + "[[night]]\nwerewolves = 0\nwitch = {}\nseer = 1\n")
    assert shown(game) == {"result": "no_exile"}
    game = game_of(club(GRAVEKEEPER_12) + QUIET_1)
    assert answers(game, 8) == [] and told(game, "gravekeeper") == [("gravekeeper_nobody", {})]


def test_the_gravekeeper_sees_an_exiled_wolf_as_a_werewolf_and_a_villager_as_good() -> None:
    wolf_out = "[[day]]\nvote = { 5 = 2, 6 = 2, 7 = 2, 8 = 2, 10 = 2 }\n"
    game = game_of(club(GRAVEKEEPER_12) + QUIET_1 + wolf_out + QUIET_2)
    assert (2, "vote") in deaths(game)
    assert shown(game) == {"target": 2, "result": "werewolf"}
    villager_out = "[[day]]\nvote = { 1 = 10, 3 = 10, 4 = 10, 6 = 10 }\n"
    game = game_of(
        club(GRAVEKEEPER_12)
        + QUIET_1
        + wolf_out
        + QUIET_2
        + "gravekeeper = true\n"
        + villager_out
        + "[[night]]\nwerewolves = 0\nwitch = {}\nseer = 4\n"
    )
    assert shown(game) == {"target": 10, "result": "not_werewolf"}
    assert answers(game, 8) == [{"night": 2, "target": 2, "result": "werewolf"}]
    assert told(game, "gravekeeper")[1] == ("gravekeeper_werewolf", {"target": 2})


def test_the_gravekeeper_sees_a_wolf_king_as_a_werewolf_not_his_card() -> None:
    record = (
        club(GRAVEKEEPER_12) + QUIET_1 + "[[day]]\nvote = { 5 = 4, 6 = 4, 7 = 4 }\nwolf_king = 0\n" + QUIET_2
    )
    assert shown(game_of(record)) == {"target": 4, "result": "werewolf"}


@pytest.mark.parametrize(
    "day",
    [
        "[[day]]\nvote = {}\n",  # nobody voted
        "[[day]]\nvote = { 1 = 5, 2 = 6 }\n",  # a tie (vote_tie = "none")
        "[[day]]\nvote = { 1 = 9, 2 = 9, 3 = 9 }\n",  # the idiot is revealed, not exiled
        "[[day]]\nself_destruct = 1\n",  # a self-destruct: no vote
    ],
)
def test_the_gravekeeper_is_told_nobody_after_a_day_with_no_exile(day: str) -> None:
    game = game_of(club(GRAVEKEEPER_12, "self_destruct = true\n") + QUIET_1 + day + QUIET_2)
    assert not any(cause == "vote" for _, cause in deaths(game))
    assert shown(game) == {"result": "no_exile"}


# 石像鬼 Gargoyle

GARGOYLE_12 = (
    '["werewolf", "werewolf", "werewolf", "gargoyle", "seer", "witch", "hunter", "gravekeeper",'
    ' "villager", "villager", "villager", "villager"]'
)
"""gargoyle-gravekeeper-12 (石像鬼守墓人)."""


def test_the_gargoyle_wakes_alone_after_the_pack_and_learns_the_exact_card() -> None:
    game = game_of(club(GARGOYLE_12) + "[[night]]\nwerewolves = 0\n")
    pending = game.pending
    assert pending is not None and pending.step == "gargoyle" and pending.seats == (4,)
    assert 4 not in pending.targets
    game = game_of(
        club(GARGOYLE_12)
        + "[[night]]\nwerewolves = 0\ngargoyle = 5\nwitch = {}\nseer = 4\ngravekeeper = true\n"
    )
    wakes = [e.data["key"] for e in game.events if e.kind == "cue" and e.data["key"].endswith(".wake")]
    assert wakes == ["werewolves.wake", "gargoyle.wake", "witch.wake", "seer.wake", "gravekeeper.wake"]
    assert answers(game, 4) == [{"night": 1, "target": 5, "result": "seer"}]
    assert answers(game, 5) == [{"night": 1, "target": 4, "result": "werewolf"}]
    assert told(game, "gargoyle") == [("gargoyle", {"target": 5, "role": "seer"})]


def test_the_pack_and_the_gargoyle_do_not_meet() -> None:
    game = game_of(club(GARGOYLE_12) + "[[night]]\n")
    pending = game.pending
    assert pending is not None and pending.step == "werewolves" and pending.seats == (1, 2, 3)
    pack = [e for e in game.events if e.kind == "werewolves.pack"]
    assert pack and all(4 not in e.audience for e in pack if e.audience is not None)


def test_the_gargoyle_never_checks_the_same_player_twice_nor_himself() -> None:
    night_1 = "[[night]]\nwerewolves = 0\ngargoyle = 5\nwitch = {}\nseer = 4\ngravekeeper = true\n"
    game = game_of(club(GARGOYLE_12) + night_1 + "[[day]]\nvote = {}\n[[night]]\nwerewolves = 0\n")
    pending = game.pending
    assert pending is not None and pending.step == "gargoyle"
    assert 5 not in pending.targets and 6 in pending.targets
    assert refused(game, GargoyleCheck(target=5), 4) == "gargoyle_repeat"
    assert refused(game, GargoyleCheck(target=4), 4) == "gargoyle_self"
    game.apply(GargoyleCheck(target=6), by=4)
    assert [a["target"] for a in answers(game, 4)] == [5, 6]


def test_the_gargoyle_may_be_knifed_and_may_not_self_destruct() -> None:
    game = game_of(
        club(GARGOYLE_12, "self_destruct = true\n")
        + "[[night]]\nwerewolves = 4\ngargoyle = 0\nwitch = {}\nseer = 1\ngravekeeper = true\n"
    )
    assert deaths(game) == [(4, "werewolves")]
    game = game_of(
        club(GARGOYLE_12, "self_destruct = true\n")
        + "[[night]]\nwerewolves = 9\ngargoyle = 5\nwitch = {}\nseer = 1\ngravekeeper = true\n"
    )
    assert game.pending is not None and game.pending.step == "vote"
    assert refused(game, SelfDestruct(seat=4), 4) == "self_destruct_werewolf"
    assert SelfDestruct(seat=1) in game.legal_decisions(1)
    assert SelfDestruct(seat=4) not in game.legal_decisions(4)


def test_the_gravekeeper_sees_an_exiled_gargoyle_as_a_werewolf() -> None:
    night_1 = "[[night]]\nwerewolves = 0\ngargoyle = 5\nwitch = {}\nseer = 1\ngravekeeper = true\n"
    night_2 = "[[night]]\nwerewolves = 0\nwitch = {}\nseer = 2\n"
    exile = "[[day]]\nvote = { 5 = 4, 6 = 4, 7 = 4, 8 = 4 }\n"
    game = game_of(club(GARGOYLE_12) + night_1 + exile + night_2)
    pending = game.pending
    assert (4, "vote") in deaths(game) and pending is not None and pending.step == "gravekeeper"
    assert pending.info == {"target": 4, "result": "werewolf"}


LONE_GARGOYLE_8 = (
    '["werewolf", "gargoyle", "seer", "witch", "gravekeeper", "villager", "villager", "villager"]'
)


def test_the_gargoyle_kills_alone_once_no_pack_card_lives() -> None:
    night_1 = (
        "[[night]]\nwerewolves = 6\ngargoyle = 3\nwitch = { poison = 1 }\nseer = 2\ngravekeeper = true\n"
    )
    game = game_of(club(LONE_GARGOYLE_8) + night_1 + "[[day]]\nvote = {}\n[[night]]\n")
    assert (1, "poison") in deaths(game)
    pending = game.pending
    assert pending is not None and pending.step == "werewolves" and pending.seats == (2,)
    game = game_of(
        club(LONE_GARGOYLE_8) + night_1 + "[[day]]\nvote = {}\n[[night]]\nwerewolves = 7\ngargoyle = 4\n"
    )
    pending = game.pending
    assert pending is not None and pending.step == "witch" and pending.info.get("victim") == 7


# 隐狼 Hidden wolf

HIDDEN_12 = (
    '["werewolf", "werewolf", "werewolf", "hidden_wolf", "seer", "witch", "hunter", "psychic",'
    ' "villager", "villager", "villager", "villager"]'
)


def test_the_hidden_wolf_is_shown_the_pack_on_night_1_and_they_are_not_shown_him() -> None:
    game = game_of(club(HIDDEN_12) + "[[night]]\nwerewolves = 9\n")
    pending = game.pending
    assert pending is not None and pending.step == "hidden_wolf" and pending.seats == (4,)
    assert pending.info == {"seats": [1, 2, 3]}
    game = game_of(club(HIDDEN_12) + "[[night]]\nwerewolves = 9\nhidden_wolf = true\n")
    shown = [e for e in game.events if e.kind == "hidden_wolf.pack"]
    assert [(e.audience, e.data["seats"]) for e in shown] == [(frozenset({4}), [1, 2, 3])]
    pack = [e for e in game.events if e.kind == "werewolves.pack"]
    assert pack and all(e.audience == frozenset({1, 2, 3}) for e in pack)
    assert told(game, "hidden_wolf") == [("hidden_wolf", {"seats": [1, 2, 3]})]
    wakes = [e.data["key"] for e in game.events if e.kind == "cue" and e.data["key"].endswith(".wake")]
    assert wakes == ["werewolves.wake", "hidden_wolf.wake", "witch.wake"]


def test_the_seer_sees_the_hidden_wolf_as_good_and_the_psychic_as_the_hidden_wolf() -> None:
    night_1 = "[[night]]\nwerewolves = 9\nhidden_wolf = true\nwitch = {}\nseer = 4\npsychic = 4\n"
    game = game_of(club(HIDDEN_12) + night_1)
    assert answers(game, 5) == [{"night": 1, "target": 4, "result": "not_werewolf"}]
    assert answers(game, 8) == [{"night": 1, "target": 4, "result": "hidden_wolf"}]


def test_the_hidden_wolf_wakes_on_night_1_only_and_may_not_self_destruct() -> None:
    night_1 = "[[night]]\nwerewolves = 9\nhidden_wolf = true\nwitch = {}\nseer = 4\npsychic = 4\n"
    game = game_of(club(HIDDEN_12, "self_destruct = true\n") + night_1)
    assert game.pending is not None and game.pending.step == "vote"
    assert SelfDestruct(seat=4) not in game.legal_decisions(4)
    assert refused(game, SelfDestruct(seat=4), 4) == "self_destruct_werewolf"
    game = game_of(club(HIDDEN_12) + night_1 + "[[day]]\nvote = {}\n[[night]]\nwerewolves = 10\nwitch = {}\n")
    last = max(i for i, e in enumerate(game.events) if e.kind == "cue" and e.data["key"] == "night.falls")
    wakes = [e.data["key"] for e in game.events[last:] if e.kind == "cue" and e.data["key"].endswith(".wake")]
    assert "hidden_wolf.wake" not in wakes and wakes[0] == "werewolves.wake"


LONE_HIDDEN_8 = '["werewolf", "hidden_wolf", "seer", "witch", "villager", "villager", "villager", "villager"]'


def test_the_hidden_wolf_kills_alone_once_no_pack_card_lives_and_keeps_the_game_going() -> None:
    night_1 = "[[night]]\nwerewolves = 5\nhidden_wolf = true\nwitch = { poison = 1 }\nseer = 2\n"
    game = game_of(club(LONE_HIDDEN_8) + night_1 + "[[day]]\nvote = {}\n[[night]]\n")
    assert deaths(game) == [(1, "poison"), (5, "werewolves")] and not game.over
    pending = game.pending
    assert pending is not None and pending.step == "werewolves" and pending.seats == (2,)
    game = game_of(club(LONE_HIDDEN_8) + night_1 + "[[day]]\nvote = { 3 = 2, 4 = 2, 6 = 2 }\n")
    outcome = game.outcome()
    assert game.over and outcome is not None and outcome.winner == "villagers"


# 猎魔人 Demon hunter

HUNTER_12 = (
    '["werewolf", "werewolf", "werewolf", "wolf_king", "seer", "witch", "guard", "demon_hunter",'
    ' "villager", "villager", "villager", "villager"]'
)
NIGHT_1 = "[[night]]\nguard = 0\nwerewolves = 0\nwitch = {}\nseer = 1\n[[day]]\nvote = {}\n"


def test_the_demon_hunter_wakes_from_night_2() -> None:
    game = game_of(club(HUNTER_12) + "[[night]]\nguard = 0\nwerewolves = 0\nwitch = {}\nseer = 1\n")
    wakes = [e.data["key"] for e in game.events if e.kind == "cue" and e.data["key"].endswith(".wake")]
    assert "demon_hunter.wake" not in wakes
    game = game_of(club(HUNTER_12) + NIGHT_1 + "[[night]]\nguard = 0\nwerewolves = 0\nwitch = {}\nseer = 2\n")
    pending = game.pending
    assert pending is not None and pending.step == "demon_hunter" and pending.seats == (8,)
    assert 8 not in pending.targets and pending.allow_none
    assert refused(game, DemonHunterHunt(target=8), 8) == "demon_hunter_self"


def test_a_hunted_wolf_dies_and_neither_guard_nor_heal_stops_it() -> None:
    night_2 = "[[night]]\nguard = 2\nwerewolves = 2\nwitch = { heal = true }\nseer = 3\ndemon_hunter = 2\n"
    game = game_of(club(HUNTER_12) + NIGHT_1 + night_2)
    assert deaths(game) == [(2, "hunt")]
    assert told(game, "demon_hunter") == [("demon_hunter", {"target": 2})]


def test_hunting_a_good_player_kills_the_demon_hunter_at_dawn() -> None:
    night_2 = "[[night]]\nguard = 0\nwerewolves = 0\nwitch = {}\nseer = 3\ndemon_hunter = 9\n"
    game = game_of(club(HUNTER_12) + NIGHT_1 + night_2)
    assert deaths(game) == [(8, "hunt")]
    nobody = game_of(club(HUNTER_12) + NIGHT_1 + night_2.replace("demon_hunter = 9", "demon_hunter = 0"))
    assert deaths(nobody) == [] and told(nobody, "demon_hunter") == [("demon_hunter_nobody", {})]


def test_a_hunted_wolf_king_does_not_shoot_even_when_knifed_too() -> None:
    for knife in (0, 4):
        night_2 = f"[[night]]\nguard = 0\nwerewolves = {knife}\nwitch = {{}}\nseer = 3\ndemon_hunter = 4\n"
        game = game_of(club(HUNTER_12) + NIGHT_1 + night_2)
        assert deaths(game) == [(4, "hunt")]
        assert game.pending is None or game.pending.step != "wolf_king"


def test_poison_does_nothing_to_the_demon_hunter_and_is_spent() -> None:
    game = game_of(
        club(HUNTER_12) + "[[night]]\nguard = 0\nwerewolves = 0\nwitch = { poison = 8 }\nseer = 1\n"
    )
    assert deaths(game) == [] and not potions(state_of(game))[1]


def test_the_demon_hunter_may_hunt_the_same_player_again_and_the_dream_outranks_the_hunt() -> None:
    roles = HUNTER_12.replace('"guard"', '"dreamcatcher"')
    night_1 = "[[night]]\ndreamcatcher = 9\nwerewolves = 0\nwitch = {}\nseer = 1\n[[day]]\nvote = {}\n"
    night_2 = "[[night]]\ndreamcatcher = 2\nwerewolves = 0\nwitch = {}\nseer = 3\ndemon_hunter = 2\n"
    game = game_of(club(roles) + night_1 + night_2 + "[[day]]\nvote = {}\n[[night]]\ndreamcatcher = 9\n")
    assert deaths(game) == []
    game = game_of(
        club(roles)
        + night_1
        + night_2
        + "[[day]]\nvote = {}\n[[night]]\ndreamcatcher = 9\nwerewolves = 0\nwitch = {}\nseer = 3\n"
    )
    pending = game.pending
    assert pending is not None and pending.step == "demon_hunter" and 2 in pending.targets
    game.apply(DemonHunterHunt(target=2), by=8)
    assert (2, "hunt") in deaths(game)


# Feared by the nightmare: the power does nothing that night

FEARED_12 = (
    '["werewolf", "werewolf", "werewolf", "nightmare", "psychic", "witch", "gravekeeper", "demon_hunter",'
    ' "villager", "villager", "villager", "villager"]'
)
CALM_1 = "[[night]]\nnightmare = 9\nwerewolves = 0\nwitch = {}\npsychic = 1\ngravekeeper = true\n"


def blocked(game: Game) -> list[tuple[int, str]]:
    return [(min(e.audience or {0}), e.data["step"]) for e in game.events if e.kind == "blocked"]


def test_a_feared_psychic_checks_nobody_and_a_feared_gravekeeper_is_shown_nothing() -> None:
    night_2 = "[[night]]\nnightmare = {}\nwerewolves = 0\nwitch = {{}}\n"
    exile = "[[day]]\nvote = { 5 = 1, 6 = 1, 7 = 1, 8 = 1 }\n"
    game = game_of(
        club(FEARED_12) + CALM_1 + exile + night_2.format(5) + "gravekeeper = true\ndemon_hunter = 0\n"
    )
    assert blocked(game) == [(5, "psychic")] and len(answers(game, 5)) == 1
    game = game_of(club(FEARED_12) + CALM_1 + exile + night_2.format(7) + "psychic = 2\ndemon_hunter = 0\n")
    assert blocked(game) == [(7, "gravekeeper")] and answers(game, 7) == []


def test_a_feared_demon_hunter_hunts_nobody() -> None:
    night_2 = "[[night]]\nnightmare = 8\nwerewolves = 0\nwitch = {}\npsychic = 2\ngravekeeper = true\n"
    game = game_of(club(FEARED_12) + CALM_1 + "[[day]]\nvote = {}\n" + night_2)
    assert blocked(game) == [(8, "demon_hunter")] and state_of(game).day == 2 and deaths(game) == []


# 骑士 The knight's duel: the gargoyle and the hidden wolf are of the wolf team

DUEL_12 = (
    '["werewolf", "werewolf", "gargoyle", "hidden_wolf", "seer", "witch", "gravekeeper", "knight",'
    ' "villager", "villager", "villager", "villager"]'
)
DUEL_NIGHT = (
    "[[night]]\nwerewolves = 0\nhidden_wolf = true\ngargoyle = 5\nwitch = {}\nseer = 4\ngravekeeper = true\n"
)


@pytest.mark.parametrize("target", [3, 4])
def test_a_duel_kills_the_gargoyle_or_the_hidden_wolf_and_the_gravekeeper_is_told_nobody(target: int) -> None:
    game = game_of(club(DUEL_12) + DUEL_NIGHT + f"[[day]]\nduel = {{ seat = 8, target = {target} }}\n")
    assert deaths(game) == [(target, "duel")]
    night_2 = (
        "[[night]]\nwerewolves = 0\n" + ("" if target == 3 else "gargoyle = 6\n") + "witch = {}\nseer = 1\n"
    )
    game = game_of(
        club(DUEL_12) + DUEL_NIGHT + f"[[day]]\nduel = {{ seat = 8, target = {target} }}\n" + night_2
    )
    pending = game.pending
    assert pending is not None and pending.step == "gravekeeper" and pending.info == {"result": "no_exile"}


# Random club games with these roles

LONE_BOARDS = (
    [Role.WEREWOLF] * 3 + [Role.GARGOYLE, Role.SEER, Role.WITCH, Role.HUNTER, Role.GRAVEKEEPER],
    [Role.WEREWOLF] * 3 + [Role.HIDDEN_WOLF, Role.PSYCHIC, Role.WITCH, Role.HUNTER, Role.DEMON_HUNTER],
)


def test_random_club_games_use_every_power_and_reach_every_death_cause() -> None:
    rng = random.Random(14)
    used: set[str] = set()
    for n in range(200):
        deck = LONE_BOARDS[n % 2] + [Role.VILLAGER] * 4
        settings = {
            "shot_status_signal": rng.random() < 0.5,
            "win_check": rng.choice(["before_triggers", "after_triggers"]),
        }
        game = Game(deal(deck, 12, seed=n), make_rules(settings, preset="chinese-club"))
        state = state_of(game)
        for _ in range(3000):
            if game.over:
                break
            pending = game.pending
            assert pending is not None
            decision = random_decision(game, rng)
            if pending.step == "werewolves" and len(pending.seats) == 1:
                lone = state.player(pending.seats[0]).card
                if (
                    lone in (Role.GARGOYLE, Role.HIDDEN_WOLF)
                    and isinstance(decision, WerewolvesChoice)
                    and decision.victim
                ):
                    used.add(f"{lone.value} kills alone")
            if pending.step == "gravekeeper":
                used.add(
                    "gravekeeper told a seat" if pending.info.get("target") else "gravekeeper told nobody"
                )
            if isinstance(decision, PsychicCheck | GargoyleCheck | DemonHunterHunt) and decision.target:
                used.add(pending.step)
            if pending.step == "hidden_wolf":
                assert pending.info["seats"] == [
                    s for s in state.alive() if state.player(s).card == Role.WEREWOLF
                ]
                used.add("hidden_wolf")
            game.apply(decision)
        else:
            raise AssertionError("a random club game never ended")
        assert game.outcome() is not None
        for death in state.deaths:
            if death.cause == "hunt":
                hunter = state.player(death.seat).card == Role.DEMON_HUNTER
                used.add("hunt kills the demon hunter" if hunter else "hunt kills a wolf")
                assert hunter or state.is_werewolf(death.seat)
    assert used == {
        "gargoyle kills alone",
        "hidden_wolf kills alone",
        "gravekeeper told a seat",
        "gravekeeper told nobody",
        "psychic",
        "gargoyle",
        "demon_hunter",
        "hidden_wolf",
        "hunt kills the demon hunter",
        "hunt kills a wolf",
    }
