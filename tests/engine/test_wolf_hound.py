"""The wolf-hound (狼狗, RULES-CHARACTERS.md's Wolf-hound) through game records: night 1 only, he
names a side and may not pass; told to nobody; the werewolves' side makes him wake with the pack
that same night (the pack sees him), read as a werewolf by the next check and listed in the
record's `converted`; `wolf_hound_announced` says the side in the morning."""

from __future__ import annotations

import pytest

from engine.game import state_of
from engine.record import RecordError, parse_record, replay, write_record
from engine.roles.wolf_hound import WolfHoundSide
from tests.engine.harness import club, game_of, play, refused, steps, table, told

# 1-2 werewolves, 3 seer, 4 witch, 5 wolf-hound, 6-8 villagers.
HOUND_8 = '["werewolf", "werewolf", "seer", "witch", "wolf_hound", "villager", "villager", "villager"]'


def night(side: str | None = None, wolves: int = 0, seer: int = 0) -> str:
    hound = f'wolf_hound = "{side}"\n' if side is not None else ""
    return f"[[night]]\n{hound}werewolves = {wolves}\nseer = {seer}\nwitch = {{}}\n"


def test_his_step_comes_first_in_both_orders_on_night_1_only() -> None:
    game = game_of(table(HOUND_8, rules="sheriff = false\n") + night("villagers") + "[[day]]\n" + night())
    assert steps(game)[0] == "wolf_hound" and steps(game).count("wolf_hound") == 1
    pending = state_of(game_of(club(HOUND_8))).pending
    assert pending is not None and pending.step == "wolf_hound" and pending.seats == (5,)


def test_he_may_not_pass() -> None:
    with pytest.raises(RecordError, match="'wolf_hound' must be 'werewolves' or 'villagers'"):
        parse_record(club(HOUND_8) + "[[night]]\nwolf_hound = 0\nwerewolves = 0\n")
    assert game_of(club(HOUND_8)).is_legal(WolfHoundSide(side="villagers"))


def test_the_werewolves_side_wakes_him_with_the_pack_that_same_night() -> None:
    game = game_of(club(HOUND_8) + '[[night]]\nwolf_hound = "werewolves"\n')
    pending = state_of(game).pending
    assert pending is not None and pending.step == "werewolves" and pending.seats == (1, 2, 5)
    packs = [e for e in game.events if e.kind == "werewolves.pack"]
    assert packs[0].data["seats"] == [1, 2, 5] and packs[0].audience == frozenset({1, 2, 5})


def test_the_villagers_side_leaves_him_a_villager() -> None:
    out = play(club(HOUND_8) + night("villagers", wolves=6) + "[[day]]\nvote = { 1 = 8 }\n" + night(seer=5))
    assert "converted" not in out
    assert out["seer"] == [{"night": 2, "target": 5, "result": "not_werewolf"}]


def test_his_side_is_told_to_nobody_but_him() -> None:
    game = game_of(club(HOUND_8) + night("werewolves"))
    sides = [e for e in game.events if e.kind.startswith("wolf_hound.")]
    assert [(e.kind, e.audience) for e in sides] == [("wolf_hound.werewolves", frozenset({5}))]
    assert not any(e.kind == "cue" and e.data["key"].startswith("wolf_hound.announced") for e in game.events)
    assert told(game, "wolf_hound") == [("wolf_hound_werewolves", {})]


def test_the_next_check_reads_him_as_a_werewolf_and_the_record_lists_him_converted() -> None:
    out = play(club(HOUND_8) + night("werewolves", seer=5))
    assert out["seer"] == [{"night": 1, "target": 5, "result": "werewolf"}]
    assert out["converted"] == [{"seat": 5, "phase": "night 1", "by": "wolf_hound"}]


def test_the_judge_says_the_side_in_the_morning_only_with_wolf_hound_announced() -> None:
    game = game_of(club(HOUND_8, "wolf_hound_announced = true\n") + night("villagers"))
    said = [e for e in game.events if e.kind == "cue" and e.data["key"].startswith("wolf_hound.announced")]
    assert [e.data["key"] for e in said] == ["wolf_hound.announced_villagers"] and said[0].public


def test_the_village_does_not_win_while_a_werewolf_hound_lives() -> None:
    # 1 werewolf, 2 wolf-hound, 3 seer, 4-5 villagers: the only werewolf card exiled.
    roles = '["werewolf", "wolf_hound", "seer", "villager", "villager"]'
    game = game_of(club(roles) + night("werewolves") + "[[day]]\nvote = { 3 = 1, 4 = 1, 5 = 1 }\n")
    assert state_of(game).outcome is None and state_of(game).living_wolf_team() == [2]


def test_the_record_replays_to_the_same_side() -> None:
    played = replay(parse_record(club(HOUND_8) + night("werewolves", wolves=6)))
    assert played.error is None and state_of(played.game).turned[5].by == "wolf_hound"


def test_with_wolf_hound_random_the_side_is_drawn_from_the_deal_and_the_record_holds_it() -> None:
    record = club(HOUND_8, "wolf_hound_random = true\n")
    pending = state_of(game_of(record)).pending
    assert pending is not None and pending.step == "wolf_hound"
    drawn = pending.info["side"]
    assert drawn in ("werewolves", "villagers") and state_of(game_of(record)).pending == pending
    other = "villagers" if drawn == "werewolves" else "werewolves"
    assert refused(game_of(record), WolfHoundSide(side=other)) == "wolf_hound_drawn"
    game = game_of(record + night(drawn))
    assert (5 in state_of(game).turned) == (drawn == "werewolves")
    assert f'wolf_hound = "{drawn}"' in write_record(game)


def test_without_wolf_hound_random_either_side_may_be_named() -> None:
    game = game_of(club(HOUND_8))
    assert game.is_legal(WolfHoundSide(side="werewolves")) and game.is_legal(WolfHoundSide(side="villagers"))
