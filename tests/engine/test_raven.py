"""The raven (乌鸦, RULES-CHARACTERS.md's Raven; RULES-CLUB-MORE.md's 11a) through game records:
the mark, told to nobody; its votes at the next day's first vote, announced and in the tally;
when it is void; both sides of `raven_votes`, `raven_self`, `raven_repeat`, `raven_in_revote`;
its place in both night orders; and each fine point the two docs name."""

from __future__ import annotations

from typing import Any

import pytest

from engine.game import Game, state_of
from engine.roles.raven import RavenMark
from engine.rules import PRESETS, make_rules
from tests.engine.harness import club, deaths, game_of, play, refused, table, told

# 1-4 werewolves, 5 seer, 6 witch, 7 hunter, 8 raven, 9 idiot, 10-12 villagers.
RAVEN_12 = (
    '["werewolf", "werewolf", "werewolf", "werewolf", "seer", "witch", "hunter", "raven",'
    ' "idiot", "villager", "villager", "villager"]'
)


def night(raven: int, wolves: int = 0, witch: str = "{}", seer: int = 2) -> str:
    return f"[[night]]\nwerewolves = {wolves}\nraven = {raven}\nwitch = {witch}\nseer = {seer}\n"


def rules(**settings: object) -> str:
    return "".join(f"{name} = {_toml(value)}\n" for name, value in settings.items())


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return f'"{value}"' if isinstance(value, str) else repr(value)


def cues(game: Game, key: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in game.events if e.kind == "cue" and e.data["key"] == key]


def tallies(game: Game) -> list[dict[str, Any]]:
    return [dict(e.data) for e in game.events if e.kind == "votes"]


def test_the_marked_player_starts_the_vote_with_two_votes_and_is_out_if_everyone_abstains() -> None:
    game = game_of(club(RAVEN_12) + night(10) + "[[day]]\nvote = {}\n")
    assert cues(game, "raven.mark") == [{"key": "raven.mark", "seat": 10, "votes": 2}]
    assert tallies(game)[0]["marked"] == {"10": 2}
    assert deaths(game) == [(10, "vote")]


def test_the_mark_is_announced_as_the_vote_opens_without_naming_the_raven() -> None:
    game = game_of(club(RAVEN_12) + night(10) + "[[day]]\nvote = {}\n")
    said = [e.data["key"] for e in game.events if e.kind == "cue"]
    assert said.index("raven.mark") == said.index("vote.start") + 1
    assert set(cues(game, "raven.mark")[0]) == {"key", "seat", "votes"}  # no raven's seat in it


def test_nobody_is_told_the_mark_at_night_but_the_raven_himself() -> None:
    game = game_of(club(RAVEN_12) + night(10))
    dawn = next(i for i, e in enumerate(game.events) if e.kind == "cue" and e.data["key"] == "day.breaks")
    marks = [e for e in game.events if e.kind == "raven.marks"]
    assert [e.audience for e in marks] == [frozenset({8})] and marks[0].data["target"] == 10
    assert not any(e.audience is not None and 10 in e.audience for e in game.events)
    assert not any(e.kind == "cue" and e.data["key"] == "raven.mark" for e in game.events[:dawn])


def test_the_extra_votes_count_before_a_tie_is_judged() -> None:
    # The mark's two votes against 10 beat one vote against 11; one mark vote ties with it.
    two = game_of(club(RAVEN_12) + night(10) + "[[day]]\nvote = { 1 = 11 }\n")
    assert deaths(two) == [(10, "vote")]
    one = game_of(club(RAVEN_12, rules(raven_votes=1)) + night(10) + "[[day]]\nvote = { 1 = 11 }\n")
    assert deaths(one) == [] and cues(one, "vote.tie")[0]["seats"] == [10, 11]


def test_the_sheriffs_weight_is_his_ballots_only() -> None:
    # The raven is the sheriff: his mark counts 1 (raven_votes = 1), not his weight of 2.
    record = table(RAVEN_12, rules='night_order = "club"\n' + rules(raven_votes=1))
    day = '[[day]]\nsheriff = { candidates = [8] }\nspeech_order = "up"\nvote = { 1 = 11 }\n'
    game = game_of(record + night(10) + day)
    assert state_of(game).sheriff == 8
    tally = tallies(game)[-1]
    assert tally["marked"] == {"10": 1} and "weights" not in tally
    assert deaths(game) == [] and cues(game, "vote.tie")[0]["seats"] == [10, 11]
    # The sheriff's own ballot weighs 2 against the mark's 1.
    day = '[[day]]\nsheriff = { candidates = [5] }\nspeech_order = "up"\nvote = { 5 = 11 }\n'
    game = game_of(record + night(10) + day)
    assert tallies(game)[-1]["weights"] == {"5": 2.0} and deaths(game) == [(11, "vote")]


def test_the_mark_never_counts_in_a_sheriff_election() -> None:
    record = table(RAVEN_12, rules='night_order = "club"\n')
    game = game_of(record + night(10) + "[[day]]\nsheriff = { candidates = [10, 11], votes = { 1 = 11 } }\n")
    assert state_of(game).sheriff == 11
    assert [e for e in game.events if e.kind == "sheriff.votes"][0].data.get("marked") is None


def test_the_mark_lapses_after_that_day() -> None:
    record = club(RAVEN_12) + night(10) + "[[day]]\nvote = { 1 = 11 }\n" + night(0) + "[[day]]\nvote = {}\n"
    game = game_of(record)
    assert deaths(game) == [(10, "vote")]
    record = club(RAVEN_12) + night(12) + "[[day]]\nvote = { 1 = 11, 2 = 11, 3 = 11 }\n"
    game = game_of(record + night(0) + "[[day]]\nvote = {}\n")
    assert deaths(game) == [(11, "vote")] and len(cues(game, "raven.mark")) == 1


def test_a_dead_raven_s_mark_is_void() -> None:
    # The wolves kill the raven the night he marks: no mark at the vote.
    game = game_of(club(RAVEN_12) + night(10, wolves=8) + "[[day]]\nvote = {}\n")
    assert deaths(game) == [(8, "werewolves")] and cues(game, "raven.mark") == []
    assert "marked" not in tallies(game)[0]


def test_a_dead_marked_player_s_mark_is_void() -> None:
    game = game_of(club(RAVEN_12) + night(10, wolves=10) + "[[day]]\nvote = {}\n")
    assert deaths(game) == [(10, "werewolves")] and cues(game, "raven.mark") == []


def test_a_raven_shot_before_the_vote_leaves_no_mark() -> None:
    # The raven marks 10 and lives the night; the hunter, killed, shoots him at dawn.
    game = game_of(club(RAVEN_12) + night(10, wolves=7) + "[[day]]\nhunter = 8\nvote = {}\n")
    assert deaths(game) == [(7, "werewolves"), (8, "hunter")]
    assert cues(game, "raven.mark") == [] and deaths(game)[-1] != (10, "vote")


@pytest.mark.parametrize("votable", [True, False])
def test_a_revealed_idiot_unvotable_voids_the_mark(votable: bool) -> None:
    setting = rules(idiot_votable_after_reveal=votable)
    record = club(RAVEN_12, setting) + night(0) + "[[day]]\nvote = { 1 = 9, 2 = 9 }\n"
    game = game_of(record + night(9) + "[[day]]\nvote = {}\n")
    assert state_of(game).player(9).revealed_idiot
    if votable:  # he is voted out by the mark alone, and dies this time
        assert cues(game, "raven.mark") == [{"key": "raven.mark", "seat": 9, "votes": 2}]
        assert deaths(game) == [(9, "vote")]
    else:
        assert cues(game, "raven.mark") == [] and deaths(game) == []


@pytest.mark.parametrize("in_revote", [False, True])
def test_raven_in_revote_counts_the_mark_in_the_pk_when_the_marked_player_is_tied(in_revote: bool) -> None:
    setting = rules(vote_tie="revote", raven_votes=1, raven_in_revote=in_revote)
    record = club(RAVEN_12, setting) + night(10) + "[[day]]\nvote = { 1 = 11 }\n"
    # The PK: one vote for 11; the mark again (in_revote) ties it, else 11 is out.
    game = game_of(record + "revote = { 2 = 11 }\n")
    pk = tallies(game)[-1]
    assert pk["revote"] is True
    if in_revote:
        assert pk["marked"] == {"10": 1} and cues(game, "raven.mark_pk")[0]["seat"] == 10
        assert deaths(game) == []
    else:
        assert "marked" not in pk and cues(game, "raven.mark_pk") == []
        assert deaths(game) == [(11, "vote")]


def test_the_mark_does_not_count_in_a_pk_without_the_marked_player() -> None:
    setting = rules(vote_tie="revote", raven_votes=1, raven_in_revote=True)
    record = club(RAVEN_12, setting) + night(12) + "[[day]]\nvote = { 1 = 11, 2 = 11, 3 = 10, 4 = 10 }\n"
    game = game_of(record + "revote = { 5 = 11 }\n")
    assert "marked" not in tallies(game)[-1] and deaths(game) == [(11, "vote")]


@pytest.mark.parametrize("allowed", [True, False])
def test_raven_self_lets_him_mark_himself_or_not(allowed: bool) -> None:
    game = game_of(club(RAVEN_12, rules(raven_self=allowed)) + "[[night]]\nwerewolves = 0\n")
    assert game.pending is not None and game.pending.step == "raven"
    assert (8 in game.pending.targets) is allowed
    if allowed:
        assert game.is_legal(RavenMark(target=8))
    else:
        assert refused(game, RavenMark(target=8)) == "raven_self"


@pytest.mark.parametrize("repeat", [True, False])
def test_raven_repeat_lets_him_mark_last_night_s_player_again_or_not(repeat: bool) -> None:
    record = (
        club(RAVEN_12, rules(raven_repeat=repeat))
        + night(10)
        + "[[day]]\nvote = { 1 = 11, 2 = 11, 3 = 11 }\n"
    )
    game = game_of(record + "[[night]]\nwerewolves = 0\n")
    assert game.pending is not None and game.pending.step == "raven"
    if repeat:
        assert game.is_legal(RavenMark(target=10))
    else:
        assert refused(game, RavenMark(target=10)) == "raven_repeat" and 10 not in game.pending.targets
    # A night between: the same player again, under both.
    later = record + night(0) + "[[day]]\nvote = { 1 = 12, 2 = 12, 3 = 12 }\n[[night]]\nwerewolves = 0\n"
    assert game_of(later).is_legal(RavenMark(target=10))


def test_the_raven_may_pass_and_may_not_mark_a_dead_player() -> None:
    game = game_of(club(RAVEN_12) + night(0, wolves=12) + "[[day]]\nvote = {}\n[[night]]\nwerewolves = 0\n")
    assert deaths(game) == [(12, "werewolves")] and cues(game, "raven.mark") == []
    assert refused(game, RavenMark(target=12)) == "dead_target"
    assert game.is_legal(RavenMark(target=0))


def test_the_raven_wakes_after_the_wolves_and_before_the_witch_in_the_club_order() -> None:
    game = game_of(club(RAVEN_12) + night(10) + "[[day]]\nvote = {}\n")
    night_1 = [p.step for p, _ in game.history if str(p.phase) == "night 1"]
    assert night_1 == ["werewolves", "raven", "witch", "seer"]


def test_the_raven_wakes_after_the_lovers_and_before_the_guard_in_the_thiercelieux_order() -> None:
    deck = '["werewolf", "werewolf", "cupid", "guard", "seer", "raven", "witch", "villager", "villager"]'
    night_1 = "[[night]]\ncupid = [8, 9]\nraven = 8\nguard = 8\nseer = 1\nwerewolves = 8\nwitch = {}\n"
    game = game_of(table(deck, rules="sheriff = false\n") + night_1)
    said = [e.data["key"] for e in game.events if e.kind == "cue"]
    assert said.index("lovers.wake") < said.index("raven.wake") < said.index("guard.wake")
    first = game_of(table(deck, rules='sheriff = false\nnight_order = "seer_first"\n') + night_1)
    said = [e.data["key"] for e in first.events if e.kind == "cue"]
    assert said.index("seer.wake") < said.index("raven.wake") < said.index("guard.wake")


def test_a_dead_ravens_step_is_still_narrated_and_pretended() -> None:
    record = club(RAVEN_12) + night(10, wolves=8) + "[[day]]\nvote = {}\n"
    game = game_of(record + "[[night]]\nwerewolves = 0\nwitch = {}\nseer = 2\n")
    said = [e.data["key"] for e in game.events if e.kind == "cue"]
    assert said.count("raven.wake") == 2 and said.count("raven.sleep") == 2
    assert any(e.kind == "pretend" and e.data["step"] == "raven" for e in game.events)


def test_a_feared_raven_marks_nobody() -> None:
    deck = RAVEN_12.replace(
        '"werewolf", "werewolf", "werewolf", "werewolf"', '"nightmare", "werewolf", "werewolf", "werewolf"'
    )
    game = game_of(
        club(deck) + "[[night]]\nnightmare = 8\nwerewolves = 0\nwitch = {}\nseer = 2\n[[day]]\nvote = {}\n"
    )
    assert not any(p.step == "raven" for p, _ in game.history)
    assert cues(game, "raven.mark") == [] and deaths(game) == []
    assert any(e.kind == "blocked" and e.data["step"] == "raven" for e in game.events)


def test_the_elders_curse_takes_the_ravens_power() -> None:
    deck = '["werewolf", "werewolf", "elder", "raven", "seer", "witch", "villager", "villager", "villager"]'
    record = table(deck, rules="sheriff = false\n")
    day = "[[day]]\nvote = { 1 = 3, 2 = 3, 5 = 3 }\n"  # the elder voted out: the curse
    game = game_of(record + "[[night]]\nraven = 7\nseer = 1\nwerewolves = 0\nwitch = {}\n" + day)
    assert state_of(game).cursed
    game = game_of(
        record
        + "[[night]]\nraven = 7\nseer = 1\nwerewolves = 0\nwitch = {}\n"
        + day
        + "[[night]]\nseer = 2\nwerewolves = 0\nwitch = {}\n[[day]]\nvote = {}\n"
    )
    assert not any(p.step == "raven" and str(p.phase) == "night 2" for p, _ in game.history)
    assert cues(game, "raven.mark")[-1]["seat"] == 7 and len(cues(game, "raven.mark")) == 1


def test_the_review_tells_the_mark() -> None:
    game = game_of(club(RAVEN_12) + night(10) + "[[day]]\nvote = {}\n" + night(0))
    assert told(game, "raven") == [("raven", {"target": 10}), ("raven_nobody", {})]


def test_the_record_keeps_the_mark_and_replays() -> None:
    out = play(club(RAVEN_12) + night(10) + "[[day]]\nvote = {}\n")
    assert out["error"] is None and [d["seat"] for d in out["deaths"]] == [10]


def test_the_presets_play_the_raven_settings_the_docs_name() -> None:
    seeds = make_rules()
    assert (seeds.raven_votes, seeds.raven_self, seeds.raven_repeat, seeds.raven_in_revote) == (
        2,
        True,
        True,
        False,
    )
    club_rules = make_rules(preset="chinese-club")
    assert (
        club_rules.raven_votes,
        club_rules.raven_self,
        club_rules.raven_repeat,
        club_rules.raven_in_revote,
    ) == (
        1,
        True,
        False,
        True,
    )
    assert {"raven_votes", "raven_repeat", "raven_in_revote"} <= set(PRESETS["chinese-club"])
