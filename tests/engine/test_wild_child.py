"""The wild child (野孩子, RULES-CHARACTERS.md's Wild child; RULES-CLUB-MORE.md's 3b) through game
records: the model, told to nobody; the turn by `wild_child_trigger` (both sides), told to him
alone (the table only with `wild_child_announced`); turned, he is checked as a werewolf, may
self-destruct and kills with the pack from the next night; the last wolf exiled as his model wins
nothing for the village; the record's `converted` entry; the board 预女猎白野."""

from __future__ import annotations

from engine.boards import find_board
from engine.decisions import SelfDestruct
from engine.game import Game, state_of
from engine.roles.wild_child import WildChildModel
from tests.engine.harness import club, deaths, game_of, play, refused, steps, table, told

# 1-3 werewolves, 4 seer, 5 witch, 6 hunter, 7 idiot, 8 wild child, 9-12 villagers.
WILD_12 = (
    '["werewolf", "werewolf", "werewolf", "seer", "witch", "hunter", "idiot", "wild_child",'
    ' "villager", "villager", "villager", "villager"]'
)
VOTE = 'wild_child_trigger = "vote"\n'


def night(model: int | None = None, wolves: int = 0, seer: int = 0, witch: str = "{}") -> str:
    child = f"wild_child = {model}\n" if model is not None else ""
    return f"[[night]]\n{child}werewolves = {wolves}\nwitch = {witch}\nseer = {seer}\n"


def exile(seat: int) -> str:
    return f"[[day]]\nvote = {{ 9 = {seat} }}\n"


def said(game: Game, key: str) -> int:
    return sum(1 for e in game.events if e.kind == "cue" and e.data["key"] == key)


def test_the_model_is_told_to_nobody_but_the_wild_child() -> None:
    game = game_of(club(WILD_12) + night(10))
    models = [e for e in game.events if e.kind == "wild_child.model"]
    assert [e.audience for e in models] == [frozenset({8})] and models[0].data["target"] == 10
    assert not any(e.audience is not None and 10 in e.audience for e in game.events)
    assert told(game, "wild_child") == [("wild_child", {"target": 10})]


def test_he_must_name_another_living_player_on_night_1_only() -> None:
    game = game_of(club(WILD_12))
    assert state_of(game).pending is not None and state_of(game).pending.step == "wild_child"
    assert refused(game, WildChildModel(target=0)) == "wild_child_model"
    assert refused(game, WildChildModel(target=8)) == "wild_child_self"
    later = game_of(club(WILD_12) + night(10) + exile(12) + night())
    assert steps(later).count("wild_child") == 1


def test_his_step_comes_after_the_lovers_and_before_the_wolves_in_the_club_order() -> None:
    game = game_of(club(WILD_12) + night(10))
    assert steps(game)[:2] == ["wild_child", "werewolves"]


def test_any_death_of_the_model_turns_him_and_the_seer_sees_a_werewolf() -> None:
    out = play(club(WILD_12) + night(10, wolves=10) + exile(12) + night(seer=8))
    assert out["converted"] == [{"seat": 8, "phase": "night 1", "by": "wild_child"}]
    assert out["seer"] == [{"night": 2, "target": 8, "result": "werewolf"}]


def test_under_the_vote_trigger_a_night_death_leaves_him_a_villager_for_good() -> None:
    record = club(WILD_12, VOTE) + night(10, wolves=10) + exile(12) + night(seer=8)
    out = play(record)
    assert "converted" not in out
    assert out["seer"] == [{"night": 2, "target": 8, "result": "not_werewolf"}]


def test_under_the_vote_trigger_the_models_exile_turns_him_and_he_alone_is_told() -> None:
    game = game_of(club(WILD_12, VOTE) + night(10) + exile(10))
    turned = [e for e in game.events if e.kind == "wild_child.turned"]
    assert [e.audience for e in turned] == [frozenset({8})] and turned[0].data["target"] == 10
    assert state_of(game).turned[8].by == "wild_child" and said(game, "wild_child.turned") == 0
    assert told(game, "wild_child") == [("wild_child", {"target": 10}), ("wild_child_turned", {"target": 10})]


def test_the_table_is_told_the_turn_only_with_wild_child_announced() -> None:
    game = game_of(club(WILD_12, VOTE + "wild_child_announced = true\n") + night(10) + exile(10))
    assert said(game, "wild_child.turned") == 1


def test_turned_he_kills_with_the_pack_from_the_next_night() -> None:
    game = game_of(club(WILD_12, VOTE) + night(10) + exile(10))
    pending = state_of(game).pending
    assert pending is not None and pending.step == "werewolves" and pending.seats == (1, 2, 3, 8)
    first = game_of(club(WILD_12) + night(10, wolves=10))
    assert state_of(first).turned and 8 not in state_of(first).living_werewolves()


def test_turned_he_may_self_destruct() -> None:
    before = game_of(club(WILD_12, VOTE) + night(10) + "[[day]]\n")
    assert refused(before, SelfDestruct(seat=8)) == "self_destruct_werewolf"
    after = game_of(club(WILD_12) + night(10, wolves=10) + "[[day]]\n")
    assert after.is_legal(SelfDestruct(seat=8))


def test_dead_before_his_model_he_never_turns() -> None:
    out = play(club(WILD_12) + night(10, wolves=8) + exile(10))
    assert "converted" not in out and (8, "werewolves") in [(d["seat"], d["cause"]) for d in out["deaths"]]


def test_the_last_wolf_exiled_as_his_model_wins_nothing_for_the_village() -> None:
    roles = '["werewolf", "seer", "wild_child", "villager", "villager", "villager", "villager"]'
    game = game_of(
        club(roles) + "[[night]]\nwild_child = 1\nwerewolves = 0\nseer = 0\n" + "[[day]]\nvote = { 4 = 1 }\n"
    )
    state = state_of(game)
    assert deaths(game) == [(1, "vote")] and state.outcome is None
    assert state.living_wolf_team() == [3]


def test_the_board_wild_child_12_deals_him_with_the_chinese_club_trigger() -> None:
    board = find_board("预女猎白野")
    assert board.id == "wild-child-12" and board.deck.count("wild_child") == 1 and board.seats == 12
    assert board.rules().wild_child_trigger == "vote" and not board.rules().wild_child_announced


def test_until_he_turns_he_counts_in_neither_group_of_the_side_win() -> None:
    # 1 werewolf, 2 seer, 3 wild child, 4-5 villagers: the villagers dead, the wolves win.
    roles = '["werewolf", "seer", "wild_child", "villager", "villager"]'
    record = club(roles, 'win = "side"\n') + "[[night]]\nwild_child = 2\nwerewolves = 4\nseer = 0\n"
    game = game_of(record + "[[day]]\nvote = { 1 = 5 }\n")
    outcome = state_of(game).outcome
    assert outcome is not None and outcome.winner.value == "werewolves" and state_of(game).is_alive(3)


def test_in_the_thiercelieux_order_he_wakes_after_the_lovers_and_before_the_raven() -> None:
    roles = '["werewolf", "werewolf", "cupid", "wild_child", "raven", "seer", "guard", "villager"]'
    game = game_of(table(roles) + "[[night]]\ncupid = [7, 8]\nwild_child = 1\n")
    assert steps(game)[:2] == ["cupid", "wild_child"]
    assert state_of(game).pending is not None and state_of(game).pending.step == "raven"
