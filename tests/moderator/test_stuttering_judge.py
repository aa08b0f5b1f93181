"""The moderator and the stuttering judge's request: a game resumed at his request, or in his
vote, is narrated again from that step's own line, not from the day's first vote."""

from __future__ import annotations

from engine.game import Game
from engine.roles.stuttering_judge import JudgeRequest
from engine.rules import make_rules
from engine.setup import Setup
from narrator.moderator.loop import anchor

JUDGE_8 = ["villager", "werewolf", "stuttering_judge", "villager", "werewolf", "seer", "witch", "villager"]


def test_a_resume_narrates_from_the_judges_request_or_his_vote_not_from_the_first_vote() -> None:
    game = Game(Setup(seats=8, roles=JUDGE_8), make_rules({"sheriff": False}))
    while game.pending is not None and game.pending.step != "judge":
        game.apply(game.default())
    assert game.events[anchor(game.events)].data["key"] == "stuttering_judge.ask"
    game.apply(JudgeRequest(second_vote=True))
    assert game.events[anchor(game.events)].data["key"] == "stuttering_judge.second_vote"
