"""The sheriff's weight counted where everyone can see it (issue 30, item 1): the vote's event
names the votes that count for more than one, and when the sheriff's weight alone put a seat
ahead the judge says so before the exile; a real tie still goes to the PK."""

from __future__ import annotations

from typing import Any

from engine.game import Game
from narrator.moderator.review import spoken_review
from narrator.voice.catalogue import load_catalogue
from narrator.voice.numbers import read_votes
from tests.engine.harness import game_of, table

QUIET_NIGHT = "[[night]]\nguard = 5\nseer = 1\nwerewolves = 0\nwitch = {}\n"
WEIGHT = "sheriff_weight = 1.5"


def _events(game: Game, kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in game.events if e.kind == kind]


def _cues(game: Game) -> list[str]:
    return [e.data["key"] for e in game.events if e.kind == "cue"]


def test_the_sheriffs_decisive_vote_is_counted_and_said() -> None:
    # 2 against 2 by heads; the sheriff (3) voted 1: 1号 2.5票, 2号 2票.
    body = QUIET_NIGHT + "[[day]]\nsheriff = 3\nvote = { 3 = 1, 4 = 1, 5 = 2, 6 = 2 }\n"
    game = game_of(table(rules=WEIGHT) + body)
    assert _events(game, "votes")[-1] == {
        "step": "vote",
        "votes": {"3": 1, "4": 1, "5": 2, "6": 2},
        "weights": {"3": 1.5},
        "sheriff": 3,
    }
    decides = [e.data for e in game.events if e.kind == "cue" and e.data["key"] == "vote.sheriff_decides"]
    assert decides == [{"key": "vote.sheriff_decides", "target": 1, "votes": 2.5}]
    cues = _cues(game)
    assert cues.index("vote.sheriff_decides") + 1 == cues.index("vote.out")


def test_a_sheriffs_vote_that_decides_nothing_is_counted_but_not_said() -> None:
    body = QUIET_NIGHT + "[[day]]\nsheriff = 3\nvote = { 3 = 1, 4 = 1, 5 = 1, 6 = 2 }\n"
    game = game_of(table(rules=WEIGHT) + body)
    assert _events(game, "votes")[-1]["weights"] == {"3": 1.5}
    assert "vote.sheriff_decides" not in _cues(game)


def test_a_vote_without_the_sheriff_carries_no_weights() -> None:
    body = QUIET_NIGHT + "[[day]]\nsheriff = 3\nvote = { 4 = 1, 5 = 1, 6 = 2 }\n"
    game = game_of(table(rules=WEIGHT) + body)
    assert "weights" not in _events(game, "votes")[-1]
    assert "vote.sheriff_decides" not in _cues(game)


def test_a_real_tie_with_the_sheriffs_weight_still_goes_to_the_pk() -> None:
    # 1号 2票 against 2号 2票; the sheriff's 1.5 went to 4号, who is not in the tie.
    rules = WEIGHT + '\nvote_tie = "revote"'
    body = QUIET_NIGHT + "[[day]]\nsheriff = 3\nvote = { 3 = 4, 4 = 1, 5 = 1, 6 = 2, 7 = 2 }\n"
    game = game_of(table(rules=rules) + body)
    cues = _cues(game)
    assert "vote.tie" in cues and "vote.sheriff_decides" not in cues and "vote.out" not in cues


def test_the_judge_reads_half_votes_aloud() -> None:
    assert read_votes(6.5, "chinese") == "六点五" and read_votes(6.0, "chinese") == "六"
    assert read_votes(6.5, "english") == "six and a half" and read_votes(0.5, "english") == "half a"
    zh, en = load_catalogue("zh-CN"), load_catalogue("en")
    assert zh.text("vote.sheriff_decides", target=7, votes=6.5) == "警长投7号，7号以六点五票得票最多。"
    assert en.text("vote.sheriff_decides", target=7, votes=6.5).endswith("six and a half.")


def test_the_spoken_review_says_the_sheriffs_decisive_vote() -> None:
    body = QUIET_NIGHT + "[[day]]\nsheriff = 3\nvote = { 3 = 1, 4 = 1, 5 = 2, 6 = 2 }\n"
    game = game_of(table(rules=WEIGHT) + body)
    zh = load_catalogue("zh-CN")
    said = spoken_review(game, lambda key: key in zh, ended_by="host")
    at = said.index(("review.sheriff_decides", {"target": 1, "votes": 2.5}))
    assert said[at + 1] == ("review.vote_out", {"seat": 1})
    assert zh.text(said[at][0], **said[at][1]) == "警长的票投给1号，1号以二点五票得票最多。"
