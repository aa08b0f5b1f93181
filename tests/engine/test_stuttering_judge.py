"""The stuttering judge (口吃法官, RULES-CHARACTERS.md) through game records: his request after the
day's first vote is fully resolved (also when nobody went out), the second vote at once with the
same voters, weights and tie rules, the raven's mark left out, once a day, `judge_second_votes`
both ways, the record keys `judge`, `judge_vote`, `judge_revote` (absent means no), a dead or
cursed judge's request pretended, a hunter's shot on the judge's vote, and the rusty sword's dusk
after it."""

from __future__ import annotations

from engine.game import Game, state_of
from engine.record import parse_record, replay, write_record
from engine.roles.stuttering_judge import JudgeRequest
from tests.engine.harness import deaths, game_of, table, told

# 1 villager, 2 werewolf, 3 stuttering judge, 4 villager, 5 werewolf, 6 seer, 7 witch, 8 hunter,
# 9 villager, 10 villager, 11 villager.
JUDGE_11 = (
    '["villager", "werewolf", "stuttering_judge", "villager", "werewolf", "seer", "witch", "hunter",'
    ' "villager", "villager", "villager"]'
)
NO_SHERIFF = "sheriff = false\n"
NIGHT_1 = "[[night]]\nseer = 2\nwerewolves = 1\nwitch = {}\n"
QUIET_NIGHT = "[[night]]\nseer = 2\nwerewolves = 0\nwitch = {}\n"


def said(game: Game) -> list[str]:
    return [e.data["key"] for e in game.events if e.kind == "cue"]


def votes(game: Game) -> list[dict[str, object]]:
    return [dict(e.data) for e in game.events if e.kind == "votes"]


def judged(day: str, rules: str = NO_SHERIFF, roles: str = JUDGE_11, night: str = NIGHT_1) -> Game:
    return game_of(table(roles, rules=rules) + night + day)


def test_after_the_vote_the_judge_calls_a_second_vote_at_once_with_no_discussion() -> None:
    game = judged("[[day]]\nvote = { 3 = 9 }\njudge = true\njudge_vote = { 3 = 10, 4 = 10 }\n")
    assert deaths(game) == [(1, "werewolves"), (9, "vote"), (10, "vote")]
    lines = said(game)
    asked = lines.index("stuttering_judge.ask")
    assert lines.index("vote.out") < asked < lines.index("stuttering_judge.second_vote")
    assert "discussion.start" not in lines[asked:]
    history = [(p.key, type(d).__name__) for p, d in game.history if p.phase == "day 1"]
    assert history == [("vote", "DayVote"), ("judge", "JudgeRequest"), ("judge_vote", "DayVote")]


def test_the_second_vote_has_the_same_voters_and_targets_as_the_first() -> None:
    game = judged("[[day]]\nvote = { 3 = 9 }\njudge = true\n")
    first, second = next(p for p, _ in game.history if p.key == "vote"), game.pending
    assert second is not None and second.key == "judge_vote"
    assert second.seats == tuple(s for s in first.seats if s != 9)
    assert second.targets == tuple(s for s in first.targets if s != 9)


def test_the_request_is_offered_when_nobody_went_out() -> None:
    game = judged("[[day]]\nvote = {}\njudge = true\njudge_vote = { 3 = 10 }\n")
    assert deaths(game) == [(1, "werewolves"), (10, "vote")]


def test_a_day_without_the_key_holds_no_second_vote_and_the_game_goes_on() -> None:
    game = judged("[[day]]\nvote = { 3 = 9 }\n")
    assert deaths(game) == [(1, "werewolves"), (9, "vote")]
    assert "stuttering_judge.second_vote" not in said(game)
    assert game.pending is not None and game.pending.phase == "night 2"
    assert [type(d) for p, d in game.history if p.key == "judge"] == [JudgeRequest]


def test_the_written_record_leaves_a_no_out_and_replays_to_the_same_game() -> None:
    for day in ("[[day]]\nvote = { 3 = 9 }\n", "[[day]]\nvote = { 3 = 9 }\njudge = true\njudge_vote = {}\n"):
        game = judged(day + QUIET_NIGHT)
        written = write_record(game)
        assert ("judge = true" in written) == ("judge = true" in day)
        again = replay(parse_record(written)).game
        assert state_of(again).deaths == state_of(game).deaths and again.history == game.history


def test_no_further_request_that_day() -> None:
    game = judged(
        "[[day]]\nvote = {}\njudge = true\njudge_vote = {}\n",
        rules=NO_SHERIFF + "judge_second_votes = 3\n",
    )
    assert said(game).count("stuttering_judge.ask") == 1
    assert game.pending is not None and game.pending.phase == "night 2"


def test_one_second_vote_per_game_by_default_then_the_request_is_no_longer_offered() -> None:
    day = "[[day]]\nvote = {}\njudge = true\njudge_vote = {}\n"
    game = judged(day + QUIET_NIGHT + "[[day]]\nvote = {}\n")
    assert said(game).count("stuttering_judge.ask") == 1
    assert game.pending is not None and game.pending.phase == "night 3"


def test_with_two_second_votes_he_may_call_one_on_each_of_two_days() -> None:
    day = "[[day]]\nvote = {}\njudge = true\njudge_vote = {}\n"
    game = judged(
        day + QUIET_NIGHT + day + QUIET_NIGHT + "[[day]]\nvote = {}\n",
        NO_SHERIFF + "judge_second_votes = 2\n",
    )
    assert said(game).count("stuttering_judge.second_vote") == 2
    assert said(game).count("stuttering_judge.ask") == 2  # none on day 3: both are used


def test_the_ravens_mark_no_longer_counts_in_the_judges_vote() -> None:
    roles = JUDGE_11.replace('"villager"]', '"raven"]')  # 11 is the raven
    night = "[[night]]\nraven = 10\nseer = 2\nwerewolves = 1\nwitch = {}\n"
    game = judged("[[day]]\nvote = {}\njudge = true\njudge_vote = { 3 = 9 }\n", roles=roles, night=night)
    first, second = votes(game)
    assert first["marked"] == {"10": 2} and "marked" not in second
    assert deaths(game) == [(1, "werewolves"), (10, "vote"), (9, "vote")]


def test_the_sheriffs_weight_counts_in_the_judges_vote() -> None:
    election = "sheriff = { candidates = [4] }\n"
    game = judged(
        "[[day]]\n" + election + "vote = {}\njudge = true\njudge_vote = { 4 = 9, 3 = 10 }\n", rules=""
    )
    assert votes(game)[1]["weights"] == {"4": state_of(game).rules.sheriff_weight}
    assert deaths(game) == [(1, "werewolves"), (9, "vote")]


def test_a_tie_in_the_judges_vote_goes_to_its_own_revote() -> None:
    day = "[[day]]\nvote = {}\njudge = true\njudge_vote = { 3 = 9, 4 = 10 }\njudge_revote = { 3 = 9 }\n"
    game = judged(day, rules=NO_SHERIFF + 'vote_tie = "revote"\n')
    assert deaths(game) == [(1, "werewolves"), (9, "vote")]
    assert [p.key for p, _ in game.history if p.phase == "day 1"] == [
        "vote",
        "judge",
        "judge_vote",
        "judge_revote",
    ]


def test_a_tie_in_the_judges_vote_kills_the_scapegoat() -> None:
    roles = JUDGE_11.replace('"villager"]', '"scapegoat"]')  # 11 is the scapegoat
    day = "[[day]]\nvote = {}\njudge = true\njudge_vote = { 3 = 9, 4 = 10 }\nscapegoat = []\n"
    game = judged(day, roles=roles)
    assert deaths(game) == [(1, "werewolves"), (11, "scapegoat")]


def test_a_hunter_voted_out_by_the_judges_vote_shoots() -> None:
    game = judged("[[day]]\nvote = {}\njudge = true\njudge_vote = { 3 = 8 }\nhunter = 2\n")
    assert deaths(game) == [(1, "werewolves"), (8, "vote"), (2, "hunter")]


def test_the_request_comes_after_what_the_first_votes_death_triggers() -> None:
    game = judged("[[day]]\nvote = { 3 = 8 }\nhunter = 10\njudge = true\njudge_vote = {}\n")
    assert deaths(game) == [(1, "werewolves"), (8, "vote"), (10, "hunter")]
    keys = [p.key for p, _ in game.history if p.phase == "day 1"]
    assert keys == ["vote", "hunter", "judge", "judge_vote"]


def test_a_dead_judges_request_is_pretended_and_a_record_key_then_reads_nothing() -> None:
    night = "[[night]]\nseer = 2\nwerewolves = 3\nwitch = {}\n"
    game = judged("[[day]]\nvote = {}\n", night=night)
    assert "stuttering_judge.ask" in said(game)
    assert [e.data for e in game.events if e.kind == "pretend"][-1] == {"step": "judge"}
    assert not [p for p, _ in game.history if p.key == "judge"]
    assert game.pending is not None and game.pending.phase == "night 2"


def test_the_elders_curse_takes_the_judges_power() -> None:
    roles = JUDGE_11.replace('"villager"]', '"elder"]')  # 11 is the elder
    game = judged("[[day]]\nvote = { 3 = 11 }\n", roles=roles)
    assert state_of(game).cursed
    assert {"step": "judge"} in [e.data for e in game.events if e.kind == "pretend"]
    assert not [p for p, _ in game.history if p.key == "judge"]


def test_the_request_is_asked_of_the_judge_alone_and_the_village_hears_no_seat() -> None:
    game = judged("[[day]]\nvote = {}\n")
    asked = [p for p, _ in game.history if p.key == "judge"]
    assert [p.seats for p in asked] == [(3,)]
    for key in ("stuttering_judge.ask",):
        assert [set(e.data) for e in game.events if e.kind == "cue" and e.data["key"] == key] == [{"key"}]


def test_no_request_on_a_day_whose_vote_never_came() -> None:
    day = "[[day]]\nself_destruct = 2\n"  # a werewolf self-destructs: the talk ends, no vote
    game = game_of(table(JUDGE_11, rules=NO_SHERIFF + "self_destruct = true\n") + NIGHT_1 + day)
    assert "stuttering_judge.ask" not in said(game)
    assert game.pending is not None and game.pending.phase == "night 2"


def test_the_rusty_swords_dusk_death_comes_after_the_judges_vote() -> None:
    roles = JUDGE_11.replace(
        '"villager", "werewolf", "stuttering_judge"', '"rusty_sword_knight", "werewolf", "stuttering_judge"'
    )
    game = judged("[[day]]\nvote = {}\njudge = true\njudge_vote = { 3 = 9 }\n", roles=roles)
    lines = said(game)
    assert lines.index("stuttering_judge.second_vote") < lines.index("rusty_sword.dies")
    assert deaths(game) == [(1, "werewolves"), (9, "vote"), (2, "rusty_sword")]


def test_the_review_says_the_second_vote_was_the_judges() -> None:
    game = judged("[[day]]\nvote = {}\njudge = true\njudge_vote = {}\n")
    assert told(game, "judge") == [("stuttering_judge", {})]
    assert told(judged("[[day]]\nvote = {}\n" + QUIET_NIGHT), "judge") == []
