"""The written review tells a day as the table lived it (issue 30, items 1 and 5): the tally
counts the sheriff's weight and names it, a PK's count is called one, and a morning shot is
told before the vote it came before."""

from __future__ import annotations

from narrator.phones.catalogue import Locale
from narrator.phones.recap import written_review
from tests.engine.harness import game_of, table

# 1-2 werewolves, 3 seer, 4 witch, 5 guard, 6 hunter, 7-9 villagers; the wolves knife the hunter.
KNIFED_HUNTER = "[[night]]\nguard = 5\nseer = 1\nwerewolves = 6\nwitch = {}\n"
RULES = 'sheriff_weight = 1.5\nvote_tie = "revote"'


def _day_1(record: str, locale: Locale = "zh-CN") -> str:
    return written_review(game_of(table(rules=RULES) + record), locale)[1]


def test_the_sheriffs_weight_is_counted_and_named() -> None:
    day = _day_1(KNIFED_HUNTER + "[[day]]\nsheriff = 3\nhunter = 0\nvote = { 3 = 1, 4 = 1, 5 = 2, 8 = 2 }\n")
    assert "放逐投票结果：1号得2.5票（警长1.5票）、2号得2票" in day, day
    english = _day_1(
        KNIFED_HUNTER + "[[day]]\nsheriff = 3\nhunter = 0\nvote = { 3 = 1, 4 = 1, 5 = 2, 8 = 2 }\n", "en"
    )
    assert "2.5 to seat 1 (the sheriff's 1.5 included)" in english, english


def test_a_pk_is_called_a_pk() -> None:
    day = _day_1(
        KNIFED_HUNTER
        + "[[day]]\nsheriff = 3\nhunter = 0\nvote = { 4 = 1, 5 = 2 }\nrevote = { 3 = 1, 4 = 1, 5 = 2 }\n"
    )
    assert (
        "放逐投票结果：1号得1票、2号得1票" in day and "PK投票结果：1号得2.5票（警长1.5票）、2号得1票" in day
    ), day
    assert day.count("放逐投票结果") == 1, day


def test_the_morning_shot_is_told_before_the_vote() -> None:
    day = _day_1(KNIFED_HUNTER + "[[day]]\nsheriff = 3\nhunter = 7\nvote = { 3 = 1, 4 = 1, 5 = 2 }\n")
    assert day.index("猎人开枪带走了7号") < day.index("放逐投票结果") < day.index("1号被投票放逐"), day
    assert "没有人出局" not in day, day


def test_the_ravens_mark_is_counted_and_named() -> None:
    """The raven's mark starts 10 with two votes: the tally counts them and says whose they are,
    for a seat nobody voted for too."""
    from tests.engine.test_raven import RAVEN_12, night

    record = table(RAVEN_12, rules='night_order = "club"\nsheriff = false') + night(10)
    voted = " ".join(written_review(game_of(record + "[[day]]\nvote = { 1 = 10, 2 = 11 }\n"), "zh-CN"))
    assert "放逐投票结果：10号得3票（乌鸦诅咒2票）、11号得1票" in voted, voted
    alone = " ".join(written_review(game_of(record + "[[day]]\nvote = {}\n"), "zh-CN"))
    assert "放逐投票结果：10号得2票（乌鸦诅咒2票）" in alone, alone
    english = " ".join(written_review(game_of(record + "[[day]]\nvote = {}\n"), "en"))
    assert "2 to seat 10 (the raven's mark, 2, included)" in english, english


def test_the_review_tells_each_night_the_raven_marked_or_did_not() -> None:
    """A finished game on 隐狼乌鸦: each night's sentence says whom the raven marked, in every
    language (a night he passed says so)."""
    import random

    from engine.boards import find_board
    from engine.bots import random_decision
    from engine.game import Game
    from engine.roles.raven import RavenMark

    board = find_board("hidden-wolf-raven-12")
    game = Game(board.deal(3), board.rules())
    rng = random.Random(3)
    while not game.over:
        game.apply(random_decision(game, rng))
    marks = [d.target for _, d in game.history if isinstance(d, RavenMark)]
    assert marks, "the raven acted at least once"
    said = " ".join(written_review(game, "zh-CN"))
    for target in marks:
        assert (f"乌鸦诅咒了{target}号" if target else "乌鸦没有诅咒任何人") in said, said
    assert "raven" in " ".join(written_review(game, "en"))
