"""永序之轮 (eternal-order-12, RULES-CLUB-MORE.md): the 蚀时狼妃 (eclipse_wolf_queen) through game
records: her lock at 3e, good players' choices naming the locked seat applied to their choosers
(the antidote excepted, the wolves untouched, nobody told), the guard's repeat ban on the seat as
named, and her power spent after the first night a choice is reflected (told at 3e the next
night). Each official Q&A case is a test."""

from __future__ import annotations

from engine.boards import find_board
from engine.game import Game
from engine.roles.eclipse_wolf_queen import EclipseLock
from engine.roles.guard import GuardChoice
from tests.engine.harness import answers, club, deaths, game_of, play, refused, steps, told

# 1-3 werewolves, 4 eclipse wolf queen, 5 seer, 6 witch, 7 guard, 8 sequence prince, 9-12 villagers.
ETERNAL_12 = (
    '["werewolf", "werewolf", "werewolf", "eclipse_wolf_queen", "seer", "witch", "guard", "sequence_prince",'
    ' "villager", "villager", "villager", "villager"]'
)
RULES = 'guard_and_heal = "dies"\nwitch_self_heal = false\n'


def night(lock: int, guard: int = 0, wolves: int = 0, witch: str = "{}", seer: int = 0) -> str:
    return (
        f"[[night]]\neclipse_wolf_queen = {lock}\nguard = {guard}\nwerewolves = {wolves}\n"
        f"witch = {witch}\nseer = {seer}\n"
    )


def eternal(*nights: str, day: str = "[[day]]\nvote = {}\n") -> Game:
    return game_of(club(ETERNAL_12, RULES) + day.join(nights))


def to_step(game: Game, name: str) -> Game:
    while game.pending is not None and game.pending.step != name:
        game.apply(game.default())
    return game


def test_the_board_deals_her_with_the_seer_witch_guard_and_the_sequence_prince() -> None:
    board = find_board("永序之轮")
    assert board.id == "eternal-order-12" and board.seats == 12
    assert sorted(c.value for c in board.roles()) == sorted(
        ["werewolf"] * 3
        + ["eclipse_wolf_queen", "seer", "witch", "guard", "sequence_prince"]
        + ["villager"] * 4
    )


def test_she_locks_at_3e_before_every_other_power_and_meets_the_pack() -> None:
    game = eternal(night(9, wolves=10))
    assert steps(game)[:3] == ["eclipse_wolf_queen", "guard", "werewolves"]
    pack = next(p for p, _ in game.history if p.step == "werewolves")
    assert pack.seats == (1, 2, 3, 4)
    locks = [e for e in game.events if e.kind == "eclipse_wolf_queen.locks"]
    assert [(e.audience, e.data["target"]) for e in locks] == [(frozenset({4}), 9)]
    assert told(game, "eclipse_wolf_queen") == [("eclipse_wolf_queen", {"target": 9})]


def test_official_qa_locked_wolf_poisoned_checked_guarded_knifed() -> None:
    # Locked wolf 1 poisoned, checked, guarded, knifed: the witch dies of her own poison, the
    # seer is told "good" (of himself), the guard guarded himself, 1 dies of the knife.
    game = eternal(night(1, guard=1, wolves=1, witch="{ poison = 1 }", seer=1), day="")
    assert sorted(deaths(game)) == [(1, "werewolves"), (6, "poison")]
    assert [(a["target"], a["result"]) for a in answers(game, 5)] == [(1, "not_werewolf")]
    assert told(game, "eclipse_wolf_queen") == [
        ("eclipse_wolf_queen", {"target": 1}),
        *(("eclipse_wolf_queen_reflected", {"target": chooser}) for chooser in (7, 6, 5)),  # in step order
    ]


def test_official_qa_guard_names_the_locked_seat_then_may_not_name_it_but_may_guard_himself() -> None:
    # Night 1 the guard guards himself; night 2 he names locked 9 (allowed: the ban reads the
    # seat as named) and guards himself, so 9, bitten, dies; night 3 he may not name 9.
    game = eternal(night(0, guard=7), night(9, guard=9, wolves=9))
    assert deaths(game) == [(9, "werewolves")]
    game = to_step(
        eternal(night(0, guard=7), night(9, guard=9, wolves=10), day="[[day]]\nvote = {}\n"), "guard"
    )
    game = to_step(game, "guard")
    assert refused(game, GuardChoice(target=9)) == "guard_repeat"
    game.check(GuardChoice(target=7))


def test_official_qa_locked_bitten_guarded_and_healed_lives_unless_the_guard_is_the_locked() -> None:
    # X = 9, not the guard: the guard's protection lands on himself, the heal alone saves 9.
    game = eternal(night(9, guard=9, wolves=9, witch="{ heal = true }"), day="")
    assert deaths(game) == []
    # X = the guard (7): he guards himself as named, healed too: 同守同救, he dies.
    game = eternal(night(7, guard=7, wolves=7, witch="{ heal = true }"), day="")
    assert deaths(game) == [(7, "werewolves")]


def test_official_qa_she_locks_herself_the_seer_is_told_good_and_her_power_is_spent() -> None:
    game = eternal(night(4, wolves=10, seer=4))
    assert [(a["target"], a["result"]) for a in answers(game, 5)] == [(4, "not_werewolf")]
    game = to_step(game, "guard")  # night 2: her step was pretended, she is told why
    assert "eclipse_wolf_queen" not in [p.step for p, _ in game.history if p.phase == "night 2"]
    told_why = [e for e in game.events if e.kind == "blocked" and e.data.get("step") == "eclipse_wolf_queen"]
    assert [(e.audience, e.data["by"], e.data["night"]) for e in told_why] == [
        (frozenset({4}), "powerless", 2)
    ]
    pretended = [e for e in game.events if e.kind == "pretend" and e.data.get("step") == "eclipse_wolf_queen"]
    assert len(pretended) == 1


def test_wolf_team_choices_are_untouched() -> None:
    game = eternal(night(9, wolves=9), day="")
    assert deaths(game) == [(9, "werewolves")]


def test_the_antidote_is_not_reflected() -> None:
    game = eternal(night(9, wolves=9, witch="{ heal = true }"), day="")
    assert deaths(game) == []


def test_a_lock_nobody_names_leaves_her_power_whole_and_she_may_not_lock_the_same_seat_twice_running() -> (
    None
):
    game = to_step(eternal(night(9, wolves=10)), "eclipse_wolf_queen")
    pending = game.pending
    assert pending is not None and pending.seats == (4,) and 9 not in pending.targets and 4 in pending.targets
    assert refused(game, EclipseLock(target=9)) == "eclipse_wolf_queen_repeat"
    game.check(EclipseLock(target=4))


def test_nobody_is_told_of_a_reflection() -> None:
    game = eternal(night(1, guard=1, wolves=10, witch="{ poison = 1 }", seer=1), day="")
    private = {e.kind for e in game.events if e.audience and e.audience != frozenset({4})}
    assert not any("eclipse" in kind for kind in private)


def test_the_record_replays() -> None:
    result = play(club(ETERNAL_12, RULES) + night(9, guard=7, wolves=10))
    assert result["error"] is None
