"""The day's stage for the public screen follows the judge's lines (narrator/phones/stage.py)."""

from __future__ import annotations

from narrator.phones.stage import Stage


def test_the_election_its_withdrawals_and_its_end() -> None:
    stage = Stage()
    stage.hear("sheriff.candidates", {"seats": [3, 5, 7]})
    assert stage.shown() == {"contest": "election", "withdrawn": [], "last_words": False}
    stage.hear("sheriff.withdrawn", {"seats": [5]})
    stage.hear("sheriff.vote", {})
    assert stage.shown()["contest"] == "election" and stage.shown()["withdrawn"] == [5]
    stage.hear("sheriff.pk", {"seats": [3, 7]})
    stage.hear("sheriff.vote", {})
    assert stage.shown()["contest"] == "election_pk"  # the election's PK stays one to its end
    stage.hear("sheriff.elected", {"seat": 3})
    assert stage.shown() == {"contest": None, "withdrawn": [], "last_words": False}


def test_a_pk_and_last_words() -> None:
    stage = Stage()
    stage.hear("vote.start", {})
    assert stage.contest is None
    stage.hear("vote.tie", {"seats": [1, 9]})
    assert stage.contest is None  # a tie alone calls no PK (the seeds' rules: nobody is exiled)
    stage.hear("vote.revote", {"seats": [1, 9]})
    assert stage.contest == "pk"
    stage.hear("vote.out", {"seat": 1})
    stage.hear("last_words", {"seat": 1})
    assert stage.contest is None and stage.last_words
    stage.hear("timer.remaining", {"seconds": 10})  # the speech's own timer: still last words
    assert stage.last_words
    stage.hear("night.falls", {"night": 2})
    assert not stage.last_words


def test_the_club_elections_vote_below_the_stage_is_the_election_not_its_pk() -> None:
    stage = Stage()
    stage.hear("sheriff.stand", {})
    stage.hear("sheriff.candidates", {"seats": [2, 4]})
    stage.hear("sheriff.vote_below", {})  # the club's first vote: those off the stage vote
    assert stage.shown()["contest"] == "election"
    stage.hear("sheriff.pk", {"seats": [2, 4]})
    assert stage.shown()["contest"] == "election_pk"
