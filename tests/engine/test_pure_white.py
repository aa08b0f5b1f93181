"""纯白夜影 (pure-white-wolf-witch-12, RULES-CLUB-MORE.md): the 纯白之女 (pure_white) and the 狼巫
(wolf_witch) through game records: their checks, the `check` death from night 2, and each fine
point the doc names."""

from __future__ import annotations

from engine.boards import find_board
from engine.decisions import SelfDestruct
from engine.game import state_of
from engine.roles.pure_white import PureWhiteCheck
from engine.roles.wolf_witch import WolfWitchCheck
from tests.engine.harness import answers, club, deaths, game_of, play, refused, told

# 1-3 werewolves, 4 wolf witch, 5 guard, 6 witch, 7 hunter, 8 pure white, 9-12 villagers.
PURE_WHITE_12 = (
    '["werewolf", "werewolf", "werewolf", "wolf_witch", "guard", "witch", "hunter", "pure_white",'
    ' "villager", "villager", "villager", "villager"]'
)


def night(wolves: int = 0, witch_check: int = 0, pure: int = 0, guard: int = 0, witch: str = "{}") -> str:
    return (
        f"[[night]]\nguard = {guard}\nwerewolves = {wolves}\nwolf_witch = {witch_check}\nwitch = {witch}\n"
        f"pure_white = {pure}\n"
    )


QUIET_DAY = "[[day]]\nvote = {}\n"


def test_the_board_deals_the_two_checkers_under_the_club_preset() -> None:
    board = find_board("纯白夜影")
    assert board.id == "pure-white-wolf-witch-12" and board.seats == 12
    assert {c.value for c in board.roles()} == {
        "werewolf",
        "wolf_witch",
        "guard",
        "witch",
        "hunter",
        "pure_white",
        "villager",
    }
    assert find_board("純白夜影") is board and board.rules({}).witch_self_heal is False


def test_the_pure_white_is_told_the_exact_card_and_night_1_is_information_only() -> None:
    game = game_of(club(PURE_WHITE_12) + night(pure=4))
    assert answers(game, 8) == [{"night": 1, "target": 4, "result": "wolf_witch"}]
    assert deaths(game) == []
    assert told(game, "pure_white") == [("pure_white", {"target": 4, "role": "wolf_witch"})]


def test_from_night_2_a_checked_wolf_dies_past_guard_and_antidote_and_the_witch_is_not_told() -> None:
    # Night 2: the wolves knife their own 1, the guard guards 1, the witch heals 1; the pure white
    # checks 1: he dies of the check all the same.
    record = (
        club(PURE_WHITE_12) + night() + QUIET_DAY + night(wolves=1, guard=1, pure=1, witch="{ heal = true }")
    )
    game = game_of(record)
    assert deaths(game) == [(1, "check")]
    # the witch is told the knife's victim only: seat 1 as knifed, nothing of the check
    witch_told = [e.data["victim"] for e in game.events if e.kind == "witch.told"]
    assert witch_told == [0, 1]
    assert told(game, "pure_white")[-1] == ("pure_white_kills", {"target": 1})


def test_the_pure_white_may_check_the_same_player_again_but_not_herself() -> None:
    game = game_of(club(PURE_WHITE_12) + night(pure=9) + QUIET_DAY + night(pure=9))
    assert [a["target"] for a in answers(game, 8)] == [9, 9] and deaths(game) == []
    at_her_step = game_of(
        club(PURE_WHITE_12) + "[[night]]\nguard = 0\nwerewolves = 0\nwolf_witch = 0\nwitch = {}\n"
    )
    assert refused(at_her_step, PureWhiteCheck(target=8), 8) == "pure_white_self"


def test_a_checked_good_player_lives() -> None:
    game = game_of(club(PURE_WHITE_12) + night() + QUIET_DAY + night(pure=7))
    assert deaths(game) == [] and answers(game, 8)[-1]["result"] == "hunter"


def test_the_wolf_witch_meets_kills_with_the_wolves_and_may_self_destruct() -> None:
    game = game_of(club(PURE_WHITE_12) + "[[night]]\nguard = 0\n")
    pending = game.pending
    assert pending is not None and pending.step == "werewolves" and 4 in pending.seats
    assert 4 in pending.targets  # the wolves may name him
    day = game_of(club(PURE_WHITE_12) + night())
    assert day.is_legal(SelfDestruct(seat=4))


def test_the_wolf_witch_checks_alone_after_the_kill_and_cannot_name_a_wolf_team_card() -> None:
    game = game_of(club(PURE_WHITE_12) + "[[night]]\nguard = 0\nwerewolves = 9\n")
    pending = game.pending
    assert pending is not None and pending.step == "wolf_witch" and pending.seats == (4,)
    assert not {1, 2, 3, 4} & set(pending.targets) and pending.allow_none
    assert refused(game, WolfWitchCheck(target=2), 4) == "wolf_witch_wolf"
    assert refused(game, WolfWitchCheck(target=4), 4) == "wolf_witch_wolf"


def test_the_wolf_witch_is_told_the_exact_card_even_if_he_dies_that_night() -> None:
    game = game_of(club(PURE_WHITE_12) + night(witch_check=7, witch="{ poison = 4 }"))
    assert answers(game, 4) == [{"night": 1, "target": 7, "result": "hunter"}]
    assert deaths(game) == [(4, "poison")]
    assert told(game, "wolf_witch") == [("wolf_witch", {"target": 7, "role": "hunter"})]


def test_from_night_2_the_pure_white_the_wolf_witch_checks_dies_guarded_and_healed() -> None:
    first = game_of(club(PURE_WHITE_12) + night(witch_check=8))
    assert deaths(first) == [] and answers(first, 4)[0]["result"] == "pure_white"
    record = (
        club(PURE_WHITE_12)
        + night()
        + QUIET_DAY
        + night(wolves=8, guard=8, witch_check=8, witch="{ heal = true }")
    )
    game = game_of(record)
    assert deaths(game) == [(8, "check")]
    assert told(game, "wolf_witch")[-1] == ("wolf_witch_kills", {"target": 8})


def test_the_wolf_witch_checks_repeat_and_kill_only_the_pure_white() -> None:
    game = game_of(club(PURE_WHITE_12) + night(witch_check=7) + QUIET_DAY + night(witch_check=7))
    assert [a["target"] for a in answers(game, 4)] == [7, 7] and deaths(game) == []


def test_checking_each_other_from_night_2_both_die() -> None:
    record = club(PURE_WHITE_12) + night(witch_check=8, pure=4) + QUIET_DAY + night(witch_check=8, pure=4)
    game = game_of(record)
    assert deaths(game) == [(4, "check"), (8, "check")]


def test_a_check_death_outranks_the_poison_and_the_knife() -> None:
    record = club(PURE_WHITE_12) + night() + QUIET_DAY + night(wolves=1, pure=1, witch="{ poison = 1 }")
    assert deaths(game_of(record)) == [(1, "check")]


def last_wolf_and_last_gods(rule: str) -> str:
    # Night 1 the hunter is poisoned (no shot), day 1 seat 1 is exiled; night 2 the witch is
    # knifed and the pure white checks 3 to death; day 2 seat 2 is exiled. Night 3: the wolf
    # witch, the last wolf, knifes the guard and checks the pure white, who checks him.
    record = (
        club(PURE_WHITE_12, f'win = "side"\nsimultaneous_win = "{rule}"\n')
        + night(wolves=9, witch="{ poison = 7 }")
        + "[[day]]\nvote = { 5 = 1 }\n"
        + night(wolves=6, pure=3)
        + "[[day]]\nvote = { 5 = 2 }\n"
        + "[[night]]\nguard = 0\nwerewolves = 5\nwolf_witch = 8\npure_white = 4\n"
    )
    return record


def test_the_last_wolf_and_the_last_gods_dying_at_one_dawn_is_simultaneous_win() -> None:
    out = play(last_wolf_and_last_gods("werewolves"))
    assert out["winner"] == "werewolves", out
    assert [(d["seat"], d["cause"]) for d in out["deaths"]][-3:] == [
        (4, "check"),
        (5, "werewolves"),
        (8, "check"),
    ]
    assert play(last_wolf_and_last_gods("villagers"))["winner"] == "villagers"


def test_the_check_is_in_the_state_as_a_night_death_the_judge_announces_without_cause() -> None:
    game = game_of(club(PURE_WHITE_12) + night() + QUIET_DAY + night(pure=2))
    assert [(d.seat, d.cause, str(d.phase)) for d in state_of(game).deaths] == [(2, "check", "night 2")]
    public = [e for e in game.events if e.public and "check" in str(e.data)]
    assert public == []
    assert [e.data["victim"] for e in game.events if e.kind == "witch.told"] == [0, 0]  # not told it
