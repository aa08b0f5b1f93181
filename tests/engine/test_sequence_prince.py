"""永序之轮 (eternal-order-12, RULES-CLUB-MORE.md): the 定序王子 (sequence_prince) through game records:
his flip after the tally of the day's first exile vote and before its verdict (a tie and all
abstaining too), the vote void, his extra speech, everybody's free revote (`prince_vote`, its PK
`prince_revote`), once a game, never after a PK, his own revote or a sheriff vote, a dead
prince's step pretended, no self-destruct while his revote waits, the raven's mark in his
revote, and the record keys (`prince = true`; absent: he declines)."""

from __future__ import annotations

import json

from engine.decisions import SelfDestruct
from engine.game import Game, state_of
from engine.record import parse_record, replay, write_record
from engine.roles.sequence_prince import PrinceFlip
from engine.rules import PRESETS
from engine.steps import Kind
from tests.engine.harness import club, deaths, game_of, refused, told
from tests.support.usual import STEPS

# 1-3 werewolves, 4 eclipse wolf queen, 5 seer, 6 witch, 7 guard, 8 sequence prince, 9-12 villagers.
ETERNAL_12 = (
    '["werewolf", "werewolf", "werewolf", "eclipse_wolf_queen", "seer", "witch", "guard", "sequence_prince",'
    ' "villager", "villager", "villager", "villager"]'
)
NIGHT = "[[night]]\neclipse_wolf_queen = 0\nguard = 0\nwerewolves = {victim}\nwitch = {{}}\nseer = 0\n"


def night(victim: int = 12) -> str:
    return NIGHT.format(victim=victim)


PK = 'vote_tie = "revote"\n'


def prince_day(day: str, roles: str = ETERNAL_12, rules: str = PK) -> Game:
    return game_of(club(roles, rules) + night() + "[[day]]\n" + day)


def said(game: Game) -> list[str]:
    return [e.data["key"] for e in game.events if e.kind == "cue"]


def day_keys(game: Game, day: int = 1) -> list[str]:
    return [p.key for p, _ in game.history if p.phase == f"day {day}"]


def test_after_the_first_tally_and_before_the_exile_he_flips_and_everybody_votes_again() -> None:
    game = prince_day(
        "vote = { 1 = 9, 2 = 9, 3 = 9 }\nprince = true\nprince_vote = { 8 = 1, 9 = 1, 10 = 1 }\n"
    )
    assert deaths(game) == [(12, "werewolves"), (1, "vote")]  # 9 was not exiled: the vote is void
    lines = said(game)
    tally = next(i for i, e in enumerate(game.events) if e.kind == "votes")
    ask = lines.index("sequence_prince.ask")
    assert "vote.out" not in [k for k in lines[:ask]]
    flips = lines.index("sequence_prince.flips")
    assert ask < flips < lines.index("sequence_prince.speech") < lines.index("sequence_prince.revote")
    assert tally < [i for i, e in enumerate(game.events) if e.kind == "cue"][ask]
    assert day_keys(game) == ["vote", "prince", "prince_vote"]
    flipped = next(e for e in game.events if e.kind == "cue" and e.data["key"] == "sequence_prince.flips")
    assert flipped.audience is None and flipped.data["seat"] == 8  # shown to all
    speech = next(e for e in game.events if e.kind == "cue" and e.data["key"] == "sequence_prince.speech")
    assert speech.data["seats"] == [8]
    assert told(game, "prince") == [("sequence_prince", {"target": 8})]


def test_his_revote_is_free_for_any_living_player_and_every_voter_of_the_first() -> None:
    game = prince_day("vote = { 1 = 9 }\nprince = true\n")
    first = next(p for p, _ in game.history if p.key == "vote")
    revote = game.pending
    assert revote is not None and revote.key == "prince_vote"
    assert revote.seats == first.seats and revote.targets == first.targets


def test_a_day_without_the_key_declines_and_the_vote_is_settled_as_counted() -> None:
    game = prince_day("vote = { 1 = 9, 2 = 9 }\n")
    assert deaths(game) == [(12, "werewolves"), (9, "vote")]
    assert day_keys(game) == ["vote", "prince"]
    assert said(game).index("sequence_prince.ask") < said(game).index("vote.out")


def test_after_a_tie_he_may_flip_no_pk_happens_and_his_revote_may_tie_to_a_pk() -> None:
    game = prince_day(
        "vote = { 1 = 9, 2 = 10 }\nprince = true\nprince_vote = { 1 = 9, 2 = 10 }\nprince_revote = { 3 = 10 }\n"
    )
    assert deaths(game) == [(12, "werewolves"), (10, "vote")]
    assert day_keys(game) == ["vote", "prince", "prince_vote", "prince_revote"]
    assert said(game).count("vote.pk") == 1  # only after his revote


def test_offered_when_everybody_abstains() -> None:
    game = prince_day("vote = {}\nprince = true\nprince_vote = { 1 = 9 }\n")
    assert deaths(game) == [(12, "werewolves"), (9, "vote")]


def test_never_after_a_pk_nor_his_own_revote_and_once_a_game() -> None:
    # a tie declined: the PK's revote holds no flip
    game = prince_day("vote = { 1 = 9, 2 = 10 }\nrevote = { 3 = 10 }\n")
    assert day_keys(game) == ["vote", "prince", "revote"]
    # flipped: his revote holds none; the next day's vote holds none either
    record = (
        club(ETERNAL_12, PK) + night() + "[[day]]\nvote = { 1 = 9 }\nprince = true\nprince_vote = { 1 = 9 }\n"
    )
    game = game_of(record + night(11) + "[[day]]\nvote = { 1 = 10 }\n")
    assert day_keys(game, 1) == ["vote", "prince", "prince_vote"]
    assert day_keys(game, 2) == ["vote"]
    assert not state_of(game).has_power(8)


def test_a_dead_prince_step_is_pretended_and_the_verdict_follows() -> None:
    game = game_of(club(ETERNAL_12) + night(8) + "[[day]]\nvote = { 1 = 9 }\n")
    assert deaths(game) == [(8, "werewolves"), (9, "vote")]
    pretended = [e for e in game.events if e.kind == "pretend" and e.data.get("step") == "prince"]
    assert len(pretended) == 1
    assert "prince" not in day_keys(game)


def test_the_flip_is_a_secret_step_asked_of_him_alone() -> None:
    game = prince_day("vote = { 1 = 9 }\n")
    assert STEPS["prince"].kind is Kind.SECRET
    prince = next(p for p, _ in game.history if p.key == "prince")
    assert prince.seats == (8,)


def test_flipped_he_votes_and_may_be_voted_out() -> None:
    game = prince_day("vote = { 1 = 9 }\nprince = true\nprince_vote = { 1 = 8, 2 = 8, 8 = 1 }\n")
    assert deaths(game) == [(12, "werewolves"), (8, "vote")]


def test_no_self_destruct_while_his_revote_waits_but_at_its_pk() -> None:
    game = prince_day("vote = { 1 = 9 }\nprince = true\n")
    assert refused(game, SelfDestruct(seat=1), by=1) == "self_destruct_when"
    game = prince_day("vote = { 1 = 9 }\nprince = true\nprince_vote = { 1 = 9, 2 = 10 }\n")
    assert game.pending is not None and game.pending.key == "prince_revote"
    game.check(SelfDestruct(seat=1), by=1)


def test_the_ravens_mark_counts_in_his_revote() -> None:
    roles = (
        '["werewolf", "werewolf", "werewolf", "raven", "seer", "witch", "guard", "sequence_prince",'
        ' "villager", "villager", "villager", "villager"]'
    )
    record = (
        club(roles, "raven_votes = 1\n")
        + "[[night]]\nguard = 0\nwerewolves = 12\nraven = 9\nwitch = {}\nseer = 0\n"
    )
    game = game_of(record + "[[day]]\nvote = { 1 = 10 }\nprince = true\nprince_vote = {}\n")
    assert deaths(game) == [(12, "werewolves"), (9, "vote")]  # the mark's vote against 9 counts again
    marked = [e.data.get("marked") for e in game.events if e.kind == "votes"]
    assert marked == [{"9": 1}, {"9": 1}]


def test_a_refused_flip_is_none_the_written_record_leaves_a_no_out_and_replays() -> None:
    for day in ("vote = { 1 = 9 }\n", "vote = { 1 = 9 }\nprince = true\nprince_vote = { 1 = 10 }\n"):
        game = prince_day(day)
        written = write_record(game)
        assert ("prince = true" in written) == ("prince = true" in day)
        again = replay(parse_record(written)).game
        assert state_of(again).deaths == state_of(game).deaths and again.history == game.history
    game = prince_day("vote = { 1 = 9 }\nprince = true\n")
    assert refused(game, PrinceFlip(flip=True)) == "out_of_turn"


def test_never_after_the_sheriff_vote_but_after_the_days_first_exile_vote_under_the_club_preset() -> None:
    settings = {**PRESETS["chinese-club"], "shot_status_signal": False}
    rules = "\n".join(f"{name} = {json.dumps(value)}" for name, value in settings.items())
    record = (
        f"[setup]\nseats = 12\nroles = {ETERNAL_12}\n[rules]\n{rules}\n"
        + night()
        + "[[day]]\nsheriff = { candidates = [5, 9], votes = { 1 = 5, 2 = 5, 3 = 9 } }\n"
    )
    game = game_of(record)
    assert game.pending is not None and game.pending.key != "prince"
    game = game_of(record + 'speech_order = "up"\nvote = { 1 = 9 }\n')
    assert day_keys(game)[-2:] == ["vote", "prince"]
    assert [p.key for p, _ in game.history].count("prince") == 1
