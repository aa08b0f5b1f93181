"""唯邻是从 (awakened-gargoyle-12, RULES-CLUB-MORE.md): the 觉醒石像鬼 (awakened_gargoyle) through
game records: his night-1 convert (a good neighbour of the werewolves' team), the convert told
alone, of the werewolves' team without meeting the pack, and the kill his once the others are
dead."""

from __future__ import annotations

from engine.boards import find_board
from engine.decisions import SelfDestruct
from engine.game import state_of
from engine.roles.awakened_gargoyle import Awakening
from engine.views import seat_view
from tests.engine.harness import club, deaths, game_of, play, refused, steps, told

# 1-2 werewolves, 3 awakened gargoyle, 4 seer, 5 witch, 6 hunter, 7 guard, 8 gravekeeper,
# 9-12 villagers: the good neighbours of the wolf team are 4 (beside 3) and 12 (beside 1).
GARGOYLE_12 = (
    '["werewolf", "werewolf", "awakened_gargoyle", "seer", "witch", "hunter", "guard", "gravekeeper",'
    ' "villager", "villager", "villager", "villager"]'
)


def night_1(convert: int = 12, wolves: int = 9, seer: int = 0) -> str:
    return (
        f"[[night]]\nguard = 0\nwerewolves = {wolves}\nwitch = {{}}\nseer = {seer}\n"
        f"gravekeeper = true\nawakened_gargoyle = {convert}\nawakened_convert = true\n"
    )


def before_the_pick() -> str:
    return (
        club(GARGOYLE_12) + "[[night]]\nguard = 0\nwerewolves = 9\nwitch = {}\nseer = 0\ngravekeeper = true\n"
    )


def test_the_board_deals_him_with_the_guard_and_the_gravekeeper_under_the_club_preset() -> None:
    board = find_board("唯邻是从")
    assert board.id == "awakened-gargoyle-12" and board.seats == 12
    assert sorted(c.value for c in board.roles()) == sorted(
        ["werewolf"] * 2
        + ["awakened_gargoyle", "seer", "witch", "hunter", "guard", "gravekeeper"]
        + ["villager"] * 4
    )


def test_on_night_1_he_turns_after_the_gravekeeper_and_the_convert_is_told_last() -> None:
    game = game_of(club(GARGOYLE_12) + night_1())
    night = [s for s in steps(game) if s in ("seer", "gravekeeper", "awakened_gargoyle", "awakened_convert")]
    assert night == ["seer", "gravekeeper", "awakened_gargoyle", "awakened_convert"]
    told_convert = [e for e in game.events if e.kind == "awakened_gargoyle.converted"]
    assert [e.audience for e in told_convert] == [frozenset({12})]
    assert told(game, "awakened_gargoyle") == [("awakened_gargoyle", {"target": 12})]


def test_he_may_turn_only_a_good_player_sitting_next_to_the_wolf_team_and_must_turn_one() -> None:
    game = game_of(before_the_pick())
    pending = game.pending
    assert pending is not None and pending.step == "awakened_gargoyle" and pending.seats == (3,)
    assert set(pending.targets) == {4, 12}  # beside 3 and beside 1 (the last seat beside the first)
    assert refused(game, Awakening(target=10)) == "awakened_gargoyle_neighbour"
    assert refused(game, Awakening(target=2)) == "awakened_gargoyle_neighbour"  # of the wolf team
    assert refused(game, Awakening(target=0)) == "awakened_gargoyle_pick"


def test_the_convert_is_of_the_wolf_team_in_the_record_and_to_a_check_from_the_next_night() -> None:
    day = "[[day]]\nvote = {}\n"
    record = club(GARGOYLE_12) + night_1(convert=12, seer=12) + day
    record += "[[night]]\nguard = 0\nwerewolves = 10\nwitch = {}\nseer = 12\ngravekeeper = true\n"
    game = game_of(record)
    state = state_of(game)
    assert state.is_werewolf(12) and not state.wakes_with_pack(12)
    results = [e.data["result"] for e in game.events if e.kind == "seer.result"]
    assert results == ["not_werewolf", "werewolf"]  # the seer checks first: good, then a wolf
    assert play(record)["converted"] == [{"seat": 12, "phase": "night 1", "by": "awakened_gargoyle"}]


def test_the_convert_never_meets_the_pack_nor_may_self_destruct() -> None:
    game = game_of(club(GARGOYLE_12) + night_1(convert=12) + "[[day]]\n")
    assert refused(game, SelfDestruct(seat=12), by=12) == "self_destruct_werewolf"
    game = game_of(club(GARGOYLE_12) + night_1(convert=12) + "[[day]]\nvote = {}\n")
    while game.pending is not None and game.pending.step != "werewolves":
        game.apply(game.default())
    assert game.pending is not None and game.pending.seats == (1, 2, 3)  # night 2: the pack, not him
    assert seat_view(game, 12).fellow_werewolves == []
    assert seat_view(game, 1).fellow_werewolves == [2, 3]  # the pack does not know him either


def test_the_village_needs_him_dead_and_alone_he_kills_with_his_card_powerless() -> None:
    # Night 1 he turns the seer (4); the wolves 1, 2, 3 are voted out day by day; the game goes
    # on; the next night the seer is the lone killer, and has no check left.
    record = club(GARGOYLE_12) + night_1(convert=4, wolves=9)
    for wolf in (1, 2, 3):
        record += f"[[day]]\nvote = {{ 5 = {wolf}, 6 = {wolf}, 7 = {wolf}, 8 = {wolf}, 10 = {wolf}, 11 = {wolf} }}\n"
        if wolf != 3:
            record += "[[night]]\nguard = 0\nwerewolves = 0\nwitch = {}\nseer = 0\ngravekeeper = true\n"
    game = game_of(record)
    assert {seat for seat, _ in deaths(game)} >= {1, 2, 3} and not game.over
    while game.pending is not None and game.pending.step != "werewolves":
        game.apply(game.default())  # the guard's step comes first
    pending = game.pending
    assert pending is not None and pending.step == "werewolves" and pending.seats == (4,)
    assert not state_of(game).has_power(4)


def test_a_replay_of_the_board_counts_the_convert_among_the_wolves() -> None:
    result = play(club(GARGOYLE_12) + night_1(convert=12))
    assert result["error"] is None
