"""The angel (天使, RULES-CHARACTERS.md's Angel) through game records: dealt to a seat he holds a
day 0 before night 1 (the election moved there, the discussion, the vote; no deaths announced, no
growl, no raven mark), the first [[day]] is day 0; he wins alone at once when out in day 0 or
night 1 while powerful (`angel_wins_on`, both sides), checked before the lovers; the elder's
curse takes his chance; from day 1 a plain villager; an angel among the thief's cards holds
no day 0 and never wins; a game with a day 0 is written and replayed the same."""

from __future__ import annotations

from engine.game import Game, state_of
from engine.record import parse_record, replay, summary, write_record
from engine.views import public_view
from tests.engine.harness import deaths, game_of, play, steps, table

# 1 angel, 2 werewolf, 3 seer, 4 witch, 5 villager, 6 villager, 7 werewolf, 8 hunter.
ANGEL_8 = '["angel", "werewolf", "seer", "witch", "villager", "villager", "werewolf", "hunter"]'
NO_SHERIFF = "sheriff = false\n"


def night(wolves: int, witch: str = "{}", seer: int = 2) -> str:
    return f"[[night]]\nseer = {seer}\nwerewolves = {wolves}\nwitch = {witch}\n"


def day(votes: str = "") -> str:
    return f"[[day]]\nvote = {{ {votes} }}\n"


def said(game: Game) -> list[str]:
    return [e.data["key"] for e in game.events if e.kind == "cue"]


def test_an_angel_dealt_holds_day_0_before_night_1_with_a_discussion_and_a_vote() -> None:
    game = game_of(table(ANGEL_8, rules=NO_SHERIFF) + day("2 = 5, 3 = 5") + night(6) + day())
    lines = said(game)
    assert lines.index("day.zero") < lines.index("discussion.start") < lines.index("vote.start")
    assert lines.index("vote.start") < lines.index("night.falls")
    assert "day.breaks" not in lines[: lines.index("night.falls")]
    assert "deaths.peaceful" not in lines[: lines.index("night.falls")]  # no deaths to announce
    out = play(table(ANGEL_8, rules=NO_SHERIFF) + day("2 = 5, 3 = 5") + night(6) + day())
    assert out["deaths"][0] == {"seat": 5, "phase": "day 0", "cause": "vote"}
    assert out["pending"] == "night 2: seer"  # the second [[day]] was day 1
    plain = game_of(table(ANGEL_8.replace('"angel"', '"villager"'), rules=NO_SHERIFF) + night(6))
    assert said(plain)[2] == "night.falls"  # no angel, no day 0


def test_day_0_has_no_growl_and_no_raven_mark() -> None:
    roles = '["angel", "werewolf", "bear_tamer", "raven", "villager", "villager", "werewolf", "seer"]'
    record = table(roles, rules=NO_SHERIFF) + day("2 = 5, 3 = 5")
    game = game_of(record + "[[night]]\nraven = 6\nseer = 2\nwerewolves = 6\n" + day())
    before_night = said(game)[: said(game).index("night.falls")]
    assert not [line for line in before_night if line.startswith(("bear_tamer.", "raven."))]
    assert "bear_tamer.growl" in said(game)  # day 1's morning: the tamer's neighbour 2 is a werewolf


def test_the_angel_voted_out_on_day_0_wins_alone_at_once() -> None:
    out = play(table(ANGEL_8, rules=NO_SHERIFF) + day("2 = 1, 3 = 1, 4 = 1") + night(6))
    assert (out["winner"], out["ended"]) == ("angel", "day 0")


def test_the_angel_killed_by_the_werewolves_on_night_1_wins_alone() -> None:
    out = play(table(ANGEL_8, rules=NO_SHERIFF) + day() + night(1))
    assert (out["winner"], out["ended"]) == ("angel", "night 1")
    assert out["deaths"] == [{"seat": 1, "phase": "night 1", "cause": "werewolves"}]


def test_poisoned_on_night_1_he_wins_only_with_any_death() -> None:
    poisoned = table(ANGEL_8, rules=NO_SHERIFF) + day() + night(5, witch="{ poison = 1 }")
    assert play(poisoned)["winner"] is None
    anyhow = table(ANGEL_8, rules=NO_SHERIFF + 'angel_wins_on = "any_death"\n')
    out = play(anyhow + day() + night(5, witch="{ poison = 1 }"))
    assert (out["winner"], out["ended"]) == ("angel", "night 1")


def test_a_day_0_shot_wins_him_nothing_by_default_and_wins_with_any_death() -> None:
    shot = day("1 = 8, 2 = 8, 3 = 8") + "hunter = 1\n"
    out = play(table(ANGEL_8, rules=NO_SHERIFF) + shot)
    assert [(d["seat"], d["cause"]) for d in out["deaths"]] == [(8, "vote"), (1, "hunter")]
    assert out["winner"] is None
    anyhow = play(table(ANGEL_8, rules=NO_SHERIFF + 'angel_wins_on = "any_death"\n') + shot)
    assert (anyhow["winner"], anyhow["ended"]) == ("angel", "day 0")


def test_from_day_1_he_is_a_plain_villager_a_vote_wins_him_nothing() -> None:
    out = play(table(ANGEL_8, rules=NO_SHERIFF) + day() + night(5) + day("2 = 1, 3 = 1, 4 = 1"))
    assert {"seat": 1, "phase": "day 1", "cause": "vote"} in out["deaths"]
    assert out["winner"] is None


def test_a_day_0_revote_that_exiles_him_wins() -> None:
    rules = NO_SHERIFF + 'vote_tie = "revote"\n'
    record = table(ANGEL_8, rules=rules) + "[[day]]\nvote = { 2 = 1, 3 = 5 }\nrevote = { 2 = 1, 4 = 1 }\n"
    out = play(record)
    assert (out["winner"], out["ended"]) == ("angel", "day 0")


def test_the_sheriff_election_moves_to_day_0() -> None:
    election = "sheriff = { candidates = [3, 4], votes = { 1 = 3, 2 = 4, 5 = 3 } }\n"
    game = game_of(table(ANGEL_8) + "[[day]]\n" + election + "vote = {}\n" + night(6) + day())
    assert [p.phase for p, _ in game.history if p.step == "sheriff_candidacy"] == ["day 0"]
    lines = said(game)
    assert lines.index("day.zero") < lines.index("sheriff.election") < lines.index("night.falls")


def test_the_elders_curse_takes_his_chance() -> None:
    roles = ANGEL_8.replace('"hunter"', '"elder"')
    out = play(table(roles, rules=NO_SHERIFF) + day("2 = 8, 3 = 8") + night(1))
    assert out["deaths"][-1] == {"seat": 1, "phase": "night 1", "cause": "werewolves"}
    assert out["winner"] is None


def test_a_curse_of_his_own_moment_takes_it_too() -> None:
    roles = ANGEL_8.replace('"hunter"', '"elder"')
    out = play(table(roles, rules=NO_SHERIFF) + day() + night(1, witch="{ poison = 8 }"))
    assert {(d["seat"], d["cause"]) for d in out["deaths"]} == {(1, "werewolves"), (8, "poison")}
    assert out["winner"] is None


def test_an_angel_in_love_wins_alone_before_the_lovers() -> None:
    roles = '["angel", "werewolf", "cupid", "villager", "villager"]'
    record = table(roles, rules=NO_SHERIFF) + day() + "[[night]]\ncupid = [1, 2]\nwerewolves = 1\n"
    out = play(record)
    assert (out["winner"], out["ended"]) == ("angel", "night 1")
    assert [(d["seat"], d["cause"]) for d in out["deaths"]][0] == (1, "werewolves")
    assert public_view(game_of(record)).won == [1]  # he alone, not the lovers


def test_an_angel_among_the_thiefs_cards_holds_no_day_0_and_never_wins() -> None:
    roles = '["thief", "werewolf", "seer", "witch", "villager", "villager", "werewolf", "hunter"]'
    record = table(roles, rules=NO_SHERIFF, extra='["angel", "villager"]')
    game = game_of(record + "[[night]]\nthief = 1\nseer = 2\nwerewolves = 1\nwitch = {}\n")
    assert "day.zero" not in said(game)
    assert steps(game)[0] == "thief"
    assert deaths(game) == [(1, "werewolves")]
    assert game.outcome() is None


def test_a_game_with_day_0_is_written_with_day_0_first_and_replays_the_same() -> None:
    record = table(ANGEL_8, rules=NO_SHERIFF) + day("2 = 5, 3 = 5") + night(6) + day("1 = 7")
    written = write_record(game_of(record))
    assert written.index("[[day]]\nvote = { 2 = 5, 3 = 5 }") < written.index("[[night]]")
    again = replay(parse_record(written))
    assert summary(again) == summary(replay(parse_record(record)))
    assert [(d.seat, str(d.phase)) for d in state_of(again.game).deaths] == [
        (5, "day 0"),
        (6, "night 1"),
        (7, "day 1"),
    ]


def test_a_thief_voted_out_on_day_0_has_his_step_pretended_on_night_1() -> None:
    roles = '["angel", "werewolf", "seer", "witch", "villager", "villager", "werewolf", "thief"]'
    record = table(roles, rules=NO_SHERIFF, extra='["villager", "villager"]') + day("2 = 8, 3 = 8")
    game = game_of(record + night(5))
    assert "thief" not in steps(game)
    lines = said(game)
    assert lines.index("night.falls") < lines.index("thief.wake") < lines.index("thief.sleep")
