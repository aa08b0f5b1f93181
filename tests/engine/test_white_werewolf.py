"""The white werewolf (白狼, RULES-CHARACTERS.md's White werewolf) through game records: he wakes
with the pack and, on his nights (`white_werewolf_nights`), alone may kill another werewolf or
nobody; his kill is a werewolf attack (the guard, the witch); a player attacked twice dies
once; he wins alone as the only living player, and `white_werewolf_team` says whether he
otherwise counts with the pack; his kills take the big bad wolf's power too."""

from __future__ import annotations

import pytest

from engine.game import state_of
from engine.roles.white_werewolf import WhiteWerewolfKill
from engine.views import public_view
from tests.engine.harness import club, deaths, game_of, play, refused, steps, table, told

# 1 werewolf, 2 white werewolf, 3 werewolf, 4 seer, 5 witch, 6 guard, 7-9 villager.
WHITE_9 = (
    '["werewolf", "white_werewolf", "werewolf", "seer", "witch", "guard", "villager", "villager", "villager"]'
)
NO_SHERIFF = "sheriff = false\n"


def night(wolves: int = 9, white: int = 1, witch: str = "{}", guard: int = 4) -> str:
    return f"[[night]]\nguard = {guard}\nseer = 1\nwerewolves = {wolves}\nwhite_werewolf = {white}\nwitch = {witch}\n"


def cues(game: object, key: str) -> int:
    return [e.data["key"] for e in game.events if e.kind == "cue"].count(key)  # type: ignore[attr-defined]


def test_on_his_night_he_kills_another_werewolf_at_dawn_cause_white_werewolf() -> None:
    record = table(WHITE_9, rules=NO_SHERIFF) + night()
    game = game_of(record)
    assert deaths(game) == [(1, "white_werewolf"), (9, "werewolves")]
    assert told(game, "white_werewolf") == [("white_werewolf", {"target": 1})]
    assert [d["cause"] for d in play(record)["deaths"]] == ["white_werewolf", "werewolves"]
    order = steps(game)
    assert order.index("werewolves") + 1 == order.index("white_werewolf") < order.index("witch")
    club_game = game_of(club(WHITE_9) + night())
    assert (
        steps(club_game).index("werewolves")
        < steps(club_game).index("white_werewolf")
        < steps(club_game).index("witch")
    )


def test_he_kills_only_another_living_werewolf_or_nobody() -> None:
    game = game_of(table(WHITE_9, rules=NO_SHERIFF) + "[[night]]\nguard = 4\nseer = 1\nwerewolves = 9\n")
    assert game.pending is not None and game.pending.step == "white_werewolf"
    assert game.pending.targets == (1, 3)
    assert refused(game, WhiteWerewolfKill(target=2)) == "white_werewolf_self"
    assert refused(game, WhiteWerewolfKill(target=7)) == "white_werewolf_target"
    passed = game_of(table(WHITE_9, rules=NO_SHERIFF) + night(white=0))
    assert deaths(passed) == [(9, "werewolves")]
    assert told(passed, "white_werewolf") == [("white_werewolf_nobody", {})]


@pytest.mark.parametrize(
    ("nights", "asked"), [("odd", [True, False, True]), ("even", [False, True, False]), ("every", [True] * 3)]
)
def test_he_wakes_alone_on_his_nights_only(nights: str, asked: list[bool]) -> None:
    record = table(WHITE_9, rules=NO_SHERIFF + f'white_werewolf_nights = "{nights}"\n')
    game = game_of(record)
    for n in range(1, 4):
        game = game_of(record)
        assert game.pending is not None
        said = cues(game, "white_werewolf.wake")
        record += f"[[night]]\nguard = {4 + n % 2}\nseer = 1\nwerewolves = {6 + n}\n"
        if asked[n - 1]:
            record += "white_werewolf = 0\n"
        record += "witch = {}\n[[day]]\nvote = {}\n"
        assert cues(game_of(record), "white_werewolf.wake") == said + asked[n - 1]


def test_he_may_name_the_pack_s_victim_who_dies_once_of_the_pack() -> None:
    game = game_of(table(WHITE_9, rules=NO_SHERIFF) + night(wolves=3, white=3))
    assert deaths(game) == [(3, "werewolves")]


def test_the_guard_stops_his_kill_and_the_witch_may_heal_his_victim() -> None:
    assert deaths(game_of(table(WHITE_9, rules=NO_SHERIFF) + night(guard=1))) == [(9, "werewolves")]
    partial = game_of(table(WHITE_9, rules=NO_SHERIFF) + night()[: -len("witch = {}\n")])
    assert partial.pending is not None and partial.pending.info["victims"] == [1, 9]
    healed = game_of(table(WHITE_9, rules=NO_SHERIFF) + night(witch="{ heal = 1 }"))
    assert deaths(healed) == [(9, "werewolves")]


# 1 werewolf, 2 white werewolf, 3-5 villager.
SMALL = '["werewolf", "white_werewolf", "villager", "villager", "villager"]'
TO_TWO_WOLVES = (
    "[[night]]\nwerewolves = 3\nwhite_werewolf = 0\n[[day]]\nvote = { 1 = 4, 2 = 4, 4 = 1, 5 = 4 }\n"
    "[[night]]\nwerewolves = 5\n"
)


def test_with_the_team_wolves_the_pack_s_win_is_his() -> None:
    record = table(SMALL, rules=NO_SHERIFF) + TO_TWO_WOLVES
    assert play(record)["winner"] == "werewolves"
    view = public_view(game_of(record))
    assert view.won == [1, 2]


def test_alone_neither_side_wins_while_he_lives_and_as_the_last_alive_he_wins_alone() -> None:
    record = table(SMALL, rules=NO_SHERIFF + 'white_werewolf_team = "alone"\n') + TO_TWO_WOLVES
    game = game_of(record)
    assert game.outcome() is None and state_of(game).alive() == [1, 2]
    record += "[[day]]\nvote = {}\n[[night]]\nwerewolves = 0\nwhite_werewolf = 1\n"
    assert play(record)["winner"] == "white_werewolf"
    assert public_view(game_of(record)).won == [2]


def test_as_the_only_living_player_he_wins_alone_with_the_team_wolves_too() -> None:
    # the pack (he alone) eats the last villager
    record = (
        table(SMALL, rules=NO_SHERIFF)
        + "[[night]]\nwerewolves = 3\nwhite_werewolf = 1\n[[day]]\nvote = { 2 = 4, 4 = 5, 5 = 4 }\n"
        + "[[night]]\nwerewolves = 5\n"
    )
    assert play(record)["winner"] == "white_werewolf"
    assert public_view(game_of(record)).won == [2]


def test_his_kill_of_a_werewolf_takes_the_big_bad_wolf_s_power_from_the_next_night() -> None:
    roles = (
        '["werewolf", "white_werewolf", "big_bad_wolf", "seer", "witch", "villager", "villager", "villager"]'
    )
    record = table(roles, rules=NO_SHERIFF)
    record += "[[night]]\nseer = 1\nwerewolves = 8\nwhite_werewolf = 1\nbig_bad_wolf = 7\nwitch = {}\n"
    record += "[[day]]\nvote = {}\n[[night]]\nseer = 2\nwerewolves = 6\nwitch = {}\n"
    game = game_of(record)
    assert [s for s in steps(game) if s == "big_bad_wolf"] == ["big_bad_wolf"]
    assert deaths(game)[:3] == [(1, "white_werewolf"), (7, "big_bad_wolf"), (8, "werewolves")]
