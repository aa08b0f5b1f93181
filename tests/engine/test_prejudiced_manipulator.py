"""The prejudiced manipulator (RULES-CHARACTERS.md's Prejudiced manipulator) through game records:
`groups` split every seat in two public groups, said by the judge before night 1 and shown in the
public view; he wins alone, checked before the sides, once every player of the other group is
dead while he is alive and powerful (dead, cursed, or infected under
`wolf_side_manipulator_powerless`: not); never a face-down card; groups drawn from the deal when
a record names none, written in the record, and refused when malformed."""

from __future__ import annotations

import pytest

from engine.game import Game
from engine.record import RecordError, parse_record, write_record
from engine.setup import Setup, deal
from engine.views import public_view, seat_view
from tests.engine.harness import game_of, play, table

# 1 manipulator, 2 werewolf, 3 seer, 4 witch, 5 villager, 6 villager, 7 werewolf, 8 elder.
MANIPULATOR_8 = (
    '["prejudiced_manipulator", "werewolf", "seer", "witch", "villager", "villager", "werewolf", "elder"]'
)
# Group a: 1 2 3 4; group b: 5 6 7 8.
GROUPS = 'groups = ["a", "a", "a", "a", "b", "b", "b", "b"]\n'
NO_SHERIFF = "sheriff = false\n"


def setup(roles: str = MANIPULATOR_8, groups: str = GROUPS, rules: str = NO_SHERIFF) -> str:
    return table(roles, rules=rules).replace("[rules]", groups + "[rules]")


def night(wolves: int, witch: str = "{}", seer: int = 2) -> str:
    return f"[[night]]\nseer = {seer}\nwerewolves = {wolves}\nwitch = {witch}\n"


def day(votes: str = "") -> str:
    return f"[[day]]\nvote = {{ {votes} }}\n"


def said(game: Game) -> list[dict[str, object]]:
    return [dict(e.data) for e in game.events if e.kind == "cue" and e.audience is None]


def test_the_judge_says_both_groups_before_night_1_and_every_view_shows_them() -> None:
    game = game_of(setup() + night(5))
    keys = [line["key"] for line in said(game)]
    said_at = keys.index("prejudiced_manipulator.groups")
    assert keys.index("game.peek") < said_at < keys.index("night.falls")
    a, b = said(game)[said_at + 1], said(game)[said_at + 2]
    assert (a["key"], a["seats"], b["key"], b["seats"]) == (
        "prejudiced_manipulator.a",
        [1, 2, 3, 4],
        "prejudiced_manipulator.b",
        [5, 6, 7, 8],
    )
    groups = {1: "a", 2: "a", 3: "a", 4: "a", 5: "b", 6: "b", 7: "b", 8: "b"}
    assert public_view(game).groups == groups
    assert {seat_view(game, s).public.groups == groups for s in range(1, 9)} == {True}


def test_he_wins_alone_once_the_other_group_is_dead_before_the_village_would() -> None:
    # group b holds werewolf 7 and the elder: the elder's two lives, then the last of b voted out
    record = setup() + night(5, witch="{ poison = 6 }") + day("1 = 7, 2 = 7, 3 = 7")
    record += night(8) + day() + night(8) + day("1 = 2, 3 = 2, 4 = 2")
    out = play(setup() + night(5, witch="{ poison = 6 }") + day("1 = 7, 3 = 7, 4 = 7") + night(8) + night(8))
    assert out["winner"] is None  # 8 still alive (the elder's second life)
    out = play(record)
    assert out["winner"] == "prejudiced_manipulator"
    assert {d["seat"] for d in out["deaths"]} >= {5, 6, 7, 8}


def test_his_win_comes_before_the_villages_when_the_last_werewolf_is_of_the_other_group() -> None:
    roles = '["prejudiced_manipulator", "seer", "witch", "villager", "villager", "werewolf"]'
    groups = 'groups = ["a", "a", "a", "b", "b", "b"]\n'
    record = setup(roles, groups) + night(4, witch="{ poison = 5 }", seer=6) + day("1 = 6, 2 = 6, 3 = 6")
    out = play(record)
    assert (out["winner"], out["ended"]) == ("prejudiced_manipulator", "day 1")
    village = play(setup(roles, groups) + night(4, seer=6) + day("1 = 6, 2 = 6, 3 = 6"))
    assert village["winner"] == "villagers"  # 5 of group b lives


def test_a_dead_manipulator_wins_nothing() -> None:
    roles = '["prejudiced_manipulator", "seer", "witch", "villager", "villager", "werewolf"]'
    groups = 'groups = ["a", "a", "a", "b", "b", "b"]\n'
    record = setup(roles, groups) + night(1, witch="{ poison = 5 }", seer=6) + day("2 = 4, 3 = 4")
    record += night(2, seer=6) + day()
    out = play(record)
    assert out["winner"] != "prejudiced_manipulator"


def test_the_elders_curse_takes_his_power() -> None:
    # the elder (8, group b) voted out curses; then the rest of group b dies: no lone win
    record = setup() + night(5, witch="{ poison = 6 }") + day("1 = 8, 2 = 8, 3 = 8")
    record += night(3) + day("1 = 7, 2 = 7, 4 = 7")
    out = play(record)
    assert {d["seat"] for d in out["deaths"]} >= {5, 6, 7, 8}
    assert out["winner"] is None  # werewolf 2 lives; the cursed manipulator cannot win
    uncursed = record.replace('"elder"]', '"villager"]')
    assert play(uncursed)["winner"] == "prejudiced_manipulator"


@pytest.mark.parametrize(("powerless", "winner"), [(True, "werewolves"), (False, "prejudiced_manipulator")])
def test_infected_he_wins_alone_only_without_wolf_side_manipulator_powerless(
    powerless: bool, winner: str
) -> None:
    roles = '["prejudiced_manipulator", "accursed_wolf_father", "witch", "villager", "villager", "seer", "werewolf"]'
    groups = 'groups = ["a", "a", "b", "b", "b", "b", "a"]\n'
    rules = NO_SHERIFF + f"wolf_side_manipulator_powerless = {'true' if powerless else 'false'}\n"
    first = "[[night]]\nseer = 2\nwerewolves = 1\ninfect = 1\nwitch = {}\n"
    record = setup(roles, groups, rules) + first + day("1 = 4, 2 = 4, 7 = 4")
    record += night(5, witch="{ poison = 6 }") + day("1 = 3, 2 = 3, 7 = 3")
    out = play(record)
    assert out["converted"] == [{"seat": 1, "phase": "night 1", "by": "infect"}]
    assert out["winner"] == winner


def test_he_is_never_a_face_down_card() -> None:
    roles = ["thief", "werewolf", "seer", "witch", "villager", "villager"]
    with pytest.raises(ValueError, match="never left face down"):
        Setup(seats=6, roles=roles, extra_cards=["prejudiced_manipulator", "villager"])


def test_groups_a_deal_names_none_are_drawn_from_its_seed_not_its_cards_and_written() -> None:
    dealt = deal(
        ["prejudiced_manipulator", "werewolf", "werewolf", "seer", "witch", "villager", "villager"], 7, 3
    )
    again = Setup(seats=7, roles=dealt.roles, event_seed=dealt.event_seed)
    assert dealt.groups == again.groups
    # The same seed with the cards dealt otherwise draws the same groups: they tell nothing of
    # who holds what (drawn from the cards, they narrowed down the deal).
    others = Setup(seats=7, roles=(*dealt.roles[1:], dealt.roles[0]), event_seed=dealt.event_seed)
    assert others.groups == dealt.groups
    assert sorted(dealt.groups) == ["a", "a", "a", "a", "b", "b", "b"]
    game = Game(dealt)
    written = write_record(game)
    assert f"groups = {list(dealt.groups)!r}".replace("'", '"') in written
    assert parse_record(written).setup.groups == dealt.groups


@pytest.mark.parametrize(
    "groups",
    [
        'groups = ["a", "b"]\n',
        'groups = ["a", "a", "a", "a", "a", "a", "a", "a"]\n',
        'groups = ["a", "b", "c", "a", "b", "c", "a", "b"]\n',
    ],
)
def test_malformed_groups_stop_the_record(groups: str) -> None:
    with pytest.raises(RecordError, match='"a" or "b"'):
        parse_record(setup(groups=groups))


def test_groups_without_a_manipulator_stop_the_record() -> None:
    roles = MANIPULATOR_8.replace('"prejudiced_manipulator"', '"villager"')
    with pytest.raises(RecordError, match="prejudiced manipulator"):
        parse_record(setup(roles))
