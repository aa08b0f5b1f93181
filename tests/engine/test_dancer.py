"""假面舞会 (masquerade-12, RULES-CLUB-MORE.md): the 舞者 (dancer) through game records: three
dancers from night 2 (7a), nobody twice under `dance_repeat = "never"`, the lone dancer of the
smaller faction dies at dawn (cause `dance`, past guard and antidote, no shot), the mask turning
one dancer's faction, the dancer's pool immune to the knife, poison doing nothing to him. Each
fine point of the rules doc is a test."""

from __future__ import annotations

import pytest

from engine.boards import find_board
from engine.game import Game, state_of
from engine.record import RecordError, parse_record, replay, write_record
from engine.roles.dancer import DancerChoice
from tests.engine.harness import club, deaths, game_of, refused, steps, told

# 1-3 werewolves, 4 masquerade, 5 seer, 6 witch, 7 dancer, 8 idiot, 9-12 villagers.
BALL_12 = (
    '["werewolf", "werewolf", "werewolf", "masquerade", "seer", "witch", "dancer", "idiot",'
    ' "villager", "villager", "villager", "villager"]'
)
RULES = "witch_self_heal = false\n"
FIRST = "[[night]]\nwerewolves = 0\nwitch = {}\nseer = 0\n"
DAY = "[[day]]\nvote = {}\n"


def night(
    dancers: tuple[int, ...] | None = None,
    wolves: int = 0,
    check: int = 0,
    mask: int = 0,
    witch: str = "{}",
    seer: int = 0,
) -> str:
    text = "[[night]]\n" + (f"dancer = {list(dancers)}\n" if dancers is not None else "")
    return text + (
        f"werewolves = {wolves}\nmasquerade = {{ check = {check}, mask = {mask} }}\n"
        f"witch = {witch}\nseer = {seer}\n"
    )


def ball(*nights: str, roles: str = BALL_12, rules: str = RULES) -> Game:
    """Night 1 quiet, then `nights` (each after a day nobody is voted out in)."""
    return game_of(club(roles, rules) + FIRST + "".join(DAY + n for n in nights))


def at(game: Game, name: str) -> Game:
    while game.pending is not None and game.pending.step != name:
        game.apply(game.default())
    return game


def test_the_board_deals_him_with_the_masquerade_seer_witch_and_idiot() -> None:
    board = find_board("假面舞会")
    assert board.id == "masquerade-12" and board.seats == 12 and board.playable
    assert sorted(c.value for c in board.roles()) == sorted(
        ["werewolf"] * 3 + ["masquerade", "seer", "witch", "dancer", "idiot"] + ["villager"] * 4
    )
    assert board.rules().witch_self_heal is False and board.rules().dance_repeat == "never"


def test_he_dances_from_night_2_before_the_wolves_and_the_masquerade_follows() -> None:
    game = ball(night((9, 10, 11)))
    assert steps(game) == [
        *("werewolves", "witch", "seer"),
        "vote",
        *("dancer", "werewolves", "masquerade", "masquerade_mask", "witch", "seer"),
    ]


def test_he_names_three_different_living_players_himself_allowed() -> None:
    game = at(ball(night((1, 2, 3))), "vote")
    game.apply(game.default())
    game = at(game, "dancer")
    assert refused(game, DancerChoice(dancers=(9, 10))) == "dancer_count"
    assert refused(game, DancerChoice(dancers=(9, 9, 10))) == "dancer_count"
    assert refused(game, DancerChoice(dancers=(9, 10, 11, 12))) == "dancer_count"
    assert refused(game, DancerChoice(dancers=(9, 10, 13))) == "no_such_seat"
    game.check(DancerChoice(dancers=(7, 9, 10)))  # himself allowed


def test_a_dead_player_does_not_dance() -> None:
    game = at(ball(night((9, 10, 11), wolves=12)), "vote")
    game.apply(game.default())
    game = at(game, "dancer")
    assert refused(game, DancerChoice(dancers=(5, 6, 12))) == "dead_target"


def test_nobody_dances_twice_by_default() -> None:
    game = at(ball(night((9, 10, 11))), "vote")
    game.apply(game.default())
    game = at(game, "dancer")
    assert refused(game, DancerChoice(dancers=(5, 6, 9))) == "dancer_repeat"
    assert refused(game, DancerChoice(dancers=(7, 12, 11))) == "dancer_repeat"  # the dancer too
    game.check(DancerChoice(dancers=(5, 6, 12)))


def test_dance_repeat_allowed_lets_anyone_dance_again() -> None:
    game = ball(night((9, 10, 11)), night((9, 10, 11)), rules=RULES + 'dance_repeat = "allowed"\n')
    assert [d.dancers for p, d in game.history if p.step == "dancer"] == [(9, 10, 11), (9, 10, 11)]


def test_fewer_than_three_who_never_danced_means_no_dance_and_nothing_asked() -> None:
    # Nights 2-5 dance twelve players without a death (one faction each; the masquerade masked
    # himself among two villagers): on night 6 nobody may dance, the step is pretended.
    nights = (
        night((5, 6, 7)),
        night((8, 9, 10)),
        night((1, 2, 3)),
        night((4, 11, 12), mask=4),
    )
    game = at(ball(*nights), "vote")
    assert deaths(game) == []
    game.apply(game.default())
    game = at(game, "werewolves")
    assert [p.step for p, _ in game.history].count("dancer") == 4
    said = [e.data.get("step") for e in game.events if e.kind == "pretend"]
    assert said[-1] == "dancer"
    again = ball(*nights, rules=RULES + 'dance_repeat = "allowed"\n')
    again = at(at(again, "vote"), "dancer")
    assert again.pending is not None and again.pending.step == "dancer"


def test_a_mixed_pool_loses_its_lone_dancer_of_the_smaller_faction() -> None:
    assert deaths(ball(night((1, 9, 10)))) == [(1, "dance")]
    assert deaths(ball(night((1, 2, 9)))) == [(9, "dance")]


def test_one_faction_dances_and_nobody_dies() -> None:
    assert deaths(ball(night((9, 10, 11)))) == []
    assert deaths(ball(night((1, 2, 3)))) == []


def test_the_dancer_with_two_wolves_dies() -> None:
    assert deaths(ball(night((7, 1, 2)))) == [(7, "dance")]


def test_a_masked_wolf_counts_good_and_a_masked_good_player_wolf() -> None:
    assert deaths(ball(night((1, 9, 10), mask=1))) == []
    assert deaths(ball(night((1, 9, 10), mask=9))) == [(10, "dance")]
    assert deaths(ball(night((1, 9, 10), mask=11))) == [(1, "dance")]  # a mask outside the pool


def test_the_dance_kills_past_guard_and_antidote_with_no_shot() -> None:
    # 9, the lone good dancer, is knifed and healed: the heal stops the knife, not the dance.
    game = ball(night((1, 2, 9), wolves=9, witch="{ heal = true }"))
    assert deaths(game) == [(9, "dance")]
    guarded = BALL_12.replace('"seer"', '"guard"').replace('"idiot"', '"hunter"')
    first = "[[night]]\nguard = 0\nwerewolves = 0\nwitch = {}\n"
    second = "[[night]]\ndancer = [1, 2, 8]\nguard = 8\nwerewolves = 0\nmasquerade = {}\nwitch = {}\n"
    game = game_of(club(guarded, RULES) + first + DAY + second)
    assert deaths(game) == [(8, "dance")]  # the guarded hunter dies of the dance
    assert "hunter" not in [step.name for step in state_of(game).agenda] and "hunter" not in steps(game)


def test_one_death_a_knifed_lone_dancer_dies_of_the_dance_a_poisoned_one_of_poison() -> None:
    assert deaths(ball(night((1, 2, 9), wolves=9))) == [(9, "dance")]
    assert deaths(ball(night((1, 2, 9), witch="{ poison = 9 }"))) == [(9, "poison")]


def test_with_the_dancer_in_the_pool_the_knife_does_nothing_to_the_three() -> None:
    game = ball(night((7, 9, 10), wolves=9, witch="{ heal = true }"))
    assert deaths(game) == []
    told_witch = [e.data for e in game.events if e.kind == "witch.told" and e.audience == frozenset({6})]
    assert told_witch[-1]["victim"] == 9  # she is still told the victim
    used = [e.data for e in game.events if e.kind == "witch.used"]
    assert used[-1]["heal"] and not used[-1]["heal_left"]  # and the heal is spent
    assert deaths(ball(night((7, 9, 10), wolves=10))) == []
    assert deaths(ball(night((8, 9, 10), wolves=9))) == [(9, "werewolves")]  # the dancer not in it


def test_a_dancing_pool_member_bitten_guarded_and_healed_lives() -> None:
    # 同守同救 kills nobody: the dance makes him immune to the knife.
    guarded = BALL_12.replace('"seer"', '"guard"')
    rules = RULES + 'guard_and_heal = "dies"\n'
    first = "[[night]]\nguard = 0\nwerewolves = 0\nwitch = {}\n"
    second = (
        "[[night]]\ndancer = {}\nguard = 9\nwerewolves = 9\nmasquerade = {{ check = 0, mask = 0 }}\n"
        "witch = {{ heal = true }}\n"
    )
    record = club(guarded, rules) + first + DAY + second.format([7, 9, 10])
    assert deaths(game_of(record)) == []
    record = club(guarded, rules) + first + DAY + second.format([8, 10, 11])
    assert deaths(game_of(record)) == [(9, "werewolves")]


def test_poison_does_nothing_to_the_dancer_and_is_spent() -> None:
    game = ball(night((9, 10, 11), witch="{ poison = 7 }"))
    assert deaths(game) == []
    used = [e.data for e in game.events if e.kind == "witch.used"]
    assert used[-1]["poison"] and not used[-1]["poison_left"]


def test_he_is_told_nothing_but_his_own_choice() -> None:
    game = ball(night((1, 9, 10)))
    his = [e.kind for e in game.events if e.audience == frozenset({7})]
    assert his == ["dancer.dances"]


def test_the_review_tells_the_dance_and_its_death() -> None:
    game = ball(night((1, 9, 10)))
    assert told(game, "dancer") == [("dancer", {"seats": [1, 9, 10]}), ("dancer_kills", {"target": 1})]


def test_the_record_holds_the_three_dancers_and_replays() -> None:
    game = ball(night((1, 9, 10)), night((2, 11, 12)))
    text = write_record(game)
    assert "dancer = [1, 9, 10]" in text and "dancer = [2, 11, 12]" in text
    again = replay(parse_record(text))
    assert again.error is None and deaths(again.game) == deaths(game)
    with pytest.raises(RecordError, match="'dancer' must name 3 seats"):
        parse_record(club(BALL_12, RULES) + FIRST + DAY + "[[night]]\ndancer = [1, 9]\n")
