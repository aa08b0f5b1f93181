"""灯影预言家 (mirror-seer-12, RULES-CLUB-MORE.md): the labels drawn at the deal, the two labelled
steps narrated instead of the seer's, the mirror seer told the opposite of the truth, and each fine
point the doc names."""

from __future__ import annotations

import random

from engine.boards import find_board
from engine.bots import random_decision
from engine.game import Game, state_of
from engine.roles.mirror_seer import label_of
from engine.views import seat_view
from tests.engine.harness import answers, club, deaths, game_of, steps, told

# 1-3 werewolves, 4 wolf king, 5 seer, 6 witch, 7 guard, 8 knight, 9-11 villagers, 12 mirror seer.
MIRROR_12 = (
    '["werewolf", "werewolf", "werewolf", "wolf_king", "seer", "witch", "guard", "knight",'
    ' "villager", "villager", "villager", "mirror_seer"]'
)
SEER, MIRROR = 5, 12


def labelled() -> dict[int, str]:
    """Seat → its labelled step (`seer_one`, `seer_two`) in a game of MIRROR_12."""
    state = state_of(game_of(club(MIRROR_12)))
    return {seat: ("seer_one", "seer_two")[label_of(state, seat) - 1] for seat in (SEER, MIRROR)}


def night(seer: int = 0, mirror: int = 0, wolves: int = 0) -> str:
    steps = labelled()
    first, second = sorted(steps.items(), key=lambda item: item[1])
    checks = {SEER: seer, MIRROR: mirror}
    return (
        f"[[night]]\nguard = 0\nwerewolves = {wolves}\nwitch = {{}}\n"
        f"{first[1]} = {checks[first[0]]}\n{second[1]} = {checks[second[0]]}\n"
    )


def test_the_board_deals_him_with_the_seer_under_the_club_preset() -> None:
    board = find_board("灯影预言家")
    assert board.id == "mirror-seer-12" and board.seats == 12 and find_board("燈影預言家") is board
    assert {c.value for c in board.roles()} >= {"seer", "mirror_seer", "wolf_king", "knight"}


def test_the_labels_are_drawn_at_the_deal_one_to_each_seer_card() -> None:
    state = state_of(game_of(club(MIRROR_12)))
    assert sorted(label_of(state, s) for s in (SEER, MIRROR)) == [1, 2]
    assert all(label_of(state, s) == 0 for s in range(1, 13) if s not in (SEER, MIRROR))
    board = find_board("mirror-seer-12")
    firsts = set()
    for seed in range(12):  # drawn, not fixed: over several deals each card is labelled 1
        game = Game(board.deal(seed), board.rules({}))
        state = state_of(game)
        firsts |= {state.player(s).card.value for s in range(1, 13) if label_of(state, s) == 1}
    assert firsts == {"seer", "mirror_seer"}


def test_each_holder_is_told_seer_and_his_label_never_his_card() -> None:
    game = game_of(club(MIRROR_12))
    views = {seat: seat_view(game, seat) for seat in (SEER, MIRROR)}
    assert views[MIRROR].card == "seer" and views[MIRROR].dealt_card == "seer"
    assert views[SEER].card == "seer"
    state = state_of(game)
    assert {seat: view.seer_label for seat, view in views.items()} == {s: label_of(state, s) for s in views}
    assert seat_view(game, 1).seer_label is None


def test_the_night_narrates_seer_one_then_seer_two_instead_of_the_seer() -> None:
    game = game_of(club(MIRROR_12) + night())
    said = [e.data["key"] for e in game.events if e.kind == "cue"]
    assert said.index("seer_one.wake") < said.index("seer_two.wake")
    assert "seer.wake" not in said
    assert "seer" not in steps(game) and {"seer_one", "seer_two"} <= set(steps(game))


def test_the_mirror_seer_is_told_the_opposite_of_the_seers_answer() -> None:
    game = game_of(club(MIRROR_12) + night(seer=1, mirror=1))
    assert answers(game, SEER) == [{"night": 1, "target": 1, "result": "werewolf"}]
    assert answers(game, MIRROR) == [{"night": 1, "target": 1, "result": "not_werewolf"}]
    assert state_of(game).seer_results == [(1, 1, "werewolf")]
    mirror_step = labelled()[MIRROR]
    assert told(game, mirror_step) == [("mirror_seer_good", {"target": 1})]


def test_checking_the_seer_he_is_told_wolf_and_the_wolf_king_good() -> None:
    game = game_of(club(MIRROR_12) + night(mirror=SEER) + "[[day]]\nvote = {}\n" + night(mirror=4))
    assert [a["result"] for a in answers(game, MIRROR)] == ["werewolf", "not_werewolf"]


def test_the_seer_sees_him_good() -> None:
    game = game_of(club(MIRROR_12) + night(seer=MIRROR))
    assert answers(game, SEER) == [{"night": 1, "target": MIRROR, "result": "not_werewolf"}]


def test_a_duel_on_him_kills_the_knight() -> None:
    game = game_of(club(MIRROR_12) + night() + f"[[day]]\nduel = {{ seat = 8, target = {MIRROR} }}\n")
    assert (8, "duel") in deaths(game) and (MIRROR, "duel") not in deaths(game)


def test_a_dead_holders_step_is_still_narrated_and_pretended() -> None:
    game = game_of(club(MIRROR_12) + night(wolves=MIRROR) + "[[day]]\nvote = {}\n" + night())
    said = [e.data["key"] for e in game.events if e.kind == "cue"]
    assert said.count("seer_one.wake") == 2 and said.count("seer_two.wake") == 2
    assert [e for e in game.events if e.kind == "pretend" and e.data.get("step") == labelled()[MIRROR]]


def test_random_games_on_the_board_use_both_labels() -> None:
    board = find_board("mirror-seer-12")
    used = set()
    for seed in range(6):
        rng = random.Random(seed)
        game = Game(board.deal(seed), board.rules({}))
        while not game.over:
            game.apply(random_decision(game, rng))
        used |= {p.step for p, d in game.history if getattr(d, "target", 0) and p.step.startswith("seer_")}
    assert used == {"seer_one", "seer_two"}
