"""假面舞会 (masquerade-12, RULES-CLUB-MORE.md): the 假面 (masquerade) through game records: a wolf
alone (never meets the pack, no self-destruct, may be knifed, the seer sees a wolf), poison doing
nothing to him; from night 2 at 10a, after the dancer, his check (told yes or no: does that player
dance tonight) and his mask, each may be 0, neither the seat he named for it the night before; the
kill alone once every other wolf-team card is dead; one record key for both choices."""

from __future__ import annotations

from engine.decisions import SelfDestruct
from engine.record import parse_record, replay, summary, write_record
from engine.roles.masquerade import MasqueradeCheck, MasqueradeMask
from tests.engine.harness import answers, deaths, refused, steps, told
from tests.engine.test_dancer import BALL_12, DAY, RULES, at, ball, club, night

QUIET = "[[night]]\nwerewolves = 0\nwitch = {}\nseer = 0\n"


def test_he_never_meets_the_pack_and_checks_after_the_dancer_from_night_2() -> None:
    game = ball(night((9, 10, 11), check=9))
    packs = [p.seats for p, _ in game.history if p.step == "werewolves"]
    assert packs == [(1, 2, 3), (1, 2, 3)]
    assert steps(game)[4:8] == ["dancer", "werewolves", "masquerade", "masquerade_mask"]
    assert not any(e.kind == "werewolves.pack" and 4 in e.audience for e in game.events)


def test_the_seer_sees_him_a_wolf() -> None:
    game = ball(night((9, 10, 11), seer=4))
    assert [a["result"] for a in answers(game, 5)] == ["werewolf"]


def test_he_may_not_self_destruct_and_may_be_knifed() -> None:
    game = at(ball(night((9, 10, 11), wolves=4)), "vote")
    assert deaths(game) == [(4, "werewolves")]
    alive = at(ball(night((9, 10, 11))), "vote")
    assert refused(alive, SelfDestruct(seat=4), by=4) == "self_destruct_werewolf"


def test_poison_does_nothing_to_him_and_is_spent() -> None:
    game = ball(night((9, 10, 11), witch="{ poison = 4 }"))
    assert deaths(game) == []
    used = [e.data for e in game.events if e.kind == "witch.used"]
    assert used[-1]["poison"] and not used[-1]["poison_left"]


def test_he_is_told_yes_for_a_dancer_and_no_for_anyone_else() -> None:
    assert [a["result"] for a in answers(ball(night((9, 10, 11), check=10)), 4)] == ["in_pool"]
    assert [a["result"] for a in answers(ball(night((9, 10, 11), check=12)), 4)] == ["not_in_pool"]
    assert [a["result"] for a in answers(ball(night((4, 10, 11), check=4, mask=4)), 4)] == ["in_pool"]


def test_no_dance_tonight_the_answer_is_no_and_the_mask_does_nothing() -> None:
    # The dancer knifed on night 1: no dance on night 2.
    record = club(BALL_12, RULES) + "[[night]]\nwerewolves = 7\nwitch = {}\nseer = 0\n" + DAY
    record += "[[night]]\nwerewolves = 0\nmasquerade = { check = 9, mask = 1 }\nwitch = {}\nseer = 0\n"
    game = replay(parse_record(record)).game
    assert [a["result"] for a in answers(game, 4)] == ["not_in_pool"]
    assert deaths(game) == [(7, "werewolves")]
    assert "dancer" not in steps(game)


def test_each_may_be_nobody() -> None:
    game = ball(night((9, 10, 11)))
    assert answers(game, 4) == []
    assert told(game, "masquerade") == [("masquerade_nobody", {})]
    assert told(game, "masquerade_mask") == [("masquerade_mask_nobody", {})]


def test_neither_choice_may_repeat_last_nights() -> None:
    game = at(ball(night((9, 10, 11), check=5, mask=6)), "vote")
    game.apply(game.default())
    game = at(game, "masquerade")
    assert refused(game, MasqueradeCheck(target=5)) == "masquerade_check_repeat"
    game.check(MasqueradeCheck(target=6))  # last night's mask may be checked
    game.apply(MasqueradeCheck(target=6))
    assert refused(game, MasqueradeMask(target=6)) == "masquerade_mask_repeat"
    game.check(MasqueradeMask(target=5))
    game.check(MasqueradeMask(target=0))


def test_a_choice_two_nights_back_may_be_named_again() -> None:
    game = ball(
        night((9, 10, 11), check=5, mask=6),
        night((1, 2, 3), check=6, mask=5),
        night((4, 8, 12), check=5, mask=6),
    )
    assert [a["target"] for a in answers(game, 4)] == [5, 6, 5]


def test_a_dead_player_is_neither_checked_nor_masked() -> None:
    game = at(ball(night((9, 10, 11), wolves=12)), "vote")
    game.apply(game.default())
    game = at(game, "masquerade")
    assert refused(game, MasqueradeCheck(target=12)) == "dead_target"


def test_the_last_of_the_wolf_team_he_chooses_the_kill_alone() -> None:
    # The three werewolves knifed one a night (night 1 through 3), the witch's potions unused.
    record = club(BALL_12, RULES) + "[[night]]\nwerewolves = 1\nwitch = {}\nseer = 0\n" + DAY
    record += night((5, 6, 8), wolves=2) + DAY + night((9, 10, 11), wolves=3) + DAY
    game = at(replay(parse_record(record)).game, "werewolves")
    assert sorted(deaths(game)) == [(1, "werewolves"), (2, "werewolves"), (3, "werewolves")]
    assert game.pending is not None and game.pending.seats == (4,)


def test_one_record_key_holds_both_choices_and_replays() -> None:
    game = ball(night((1, 9, 10), check=9, mask=1), night((2, 11, 12), check=0, mask=9))
    text = write_record(game)
    assert "masquerade = { check = 9, mask = 1 }" in text and "masquerade = { check = 0, mask = 9 }" in text
    again = replay(parse_record(text))
    assert again.error is None and deaths(again.game) == deaths(game) == [(2, "dance")]
    assert summary(again)["masquerade"] == [{"night": 2, "target": 9, "result": "yes"}]
    left_out = club(BALL_12, RULES) + QUIET + DAY + "[[night]]\ndancer = [1, 9, 10]\nwerewolves = 0\n"
    partial = replay(parse_record(left_out + "masquerade = { mask = 1 }\nwitch = {}\nseer = 0\n"))
    assert partial.error is None and deaths(partial.game) == []  # a part left out is 0


def test_the_review_tells_his_check_and_mask() -> None:
    game = ball(night((1, 9, 10), check=9, mask=1), night((2, 11, 12), check=5, mask=0))
    assert told(game, "masquerade") == [("masquerade_yes", {"target": 9}), ("masquerade_no", {"target": 5})]
    assert told(game, "masquerade_mask") == [
        ("masquerade_mask", {"target": 1}),
        ("masquerade_mask_nobody", {}),
    ]
