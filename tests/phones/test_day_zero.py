"""The angel's day 0 at the phone table: when the judge says day 0 the game begins on every phone
and their picture is of day 0 (a day: every line said refreshes it); the phones' written review
and the judge's spoken one tell day 0's vote, under day 0, before night 1."""

from __future__ import annotations

from engine import Game, make_rules
from engine.setup import Setup
from engine.views import public_view
from narrator.moderator.review import days
from narrator.phones import PhoneTable
from narrator.phones.recap import written_review
from tests.engine.harness import game_of, table

# 1 angel, 2 werewolf, 3 seer, 4 witch, 5 villager, 6 villager, 7 werewolf, 8 hunter.
ANGEL_8 = '["angel", "werewolf", "seer", "witch", "villager", "villager", "werewolf", "hunter"]'
RECORD = (
    table(ANGEL_8, rules="sheriff = false\n")
    + "[[day]]\nvote = { 2 = 5, 3 = 5 }\n"
    + "[[night]]\nseer = 2\nwerewolves = 1\nwitch = {}\n"
)


def test_the_written_review_tells_day_0_first() -> None:
    review = written_review(game_of(RECORD), "zh-CN")
    assert review[0] == "第零天，放逐投票结果：5号得2票，5号被投票放逐。"
    assert review[1].startswith("第一夜")
    assert written_review(game_of(RECORD), "en")[0].startswith("Day 0, the exile vote gave 2 to seat 5")


def test_the_spoken_review_keeps_day_0s_vote() -> None:
    assert days(game_of(RECORD)) == {0: [("vote_out", {"seat": 5})]}


def test_the_judge_saying_day_0_begins_the_game_and_heads_every_phone_day_0() -> None:
    roles = ANGEL_8.strip("[]").replace('"', "").split(", ")
    game = Game(Setup(seats=8, roles=roles), make_rules({"sheriff": False}))
    table = PhoneTable(game)
    assert not table.judge.began and table.judge.phase is None
    table.said("day.zero", {})
    assert table.judge.began and table.judge.by_day()
    assert table.views.as_said(public_view(game)).phase == "day 0"
