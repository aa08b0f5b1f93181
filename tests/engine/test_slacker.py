"""The slacker (混血儿, RULES-CLUB-MORE.md's 3a) through game records: the idol, named on night 1
and told to nobody; his side from the idol's card; the seer sees him good always; he wins iff his
side wins; `slacker_blocks_wolves` (both sides): the werewolves cannot win while he lives, and he
never keeps the village from winning; the board 预女猎白混."""

from __future__ import annotations

from engine.boards import find_board
from engine.cards.spirits import team
from engine.game import state_of
from engine.roles.slacker import SlackerIdol
from engine.views import public_view
from tests.engine.harness import club, game_of, refused, steps, told

# 1-4 werewolves, 5 seer, 6 witch, 7 hunter, 8 idiot, 9 slacker, 10-12 villagers.
SLACKER_12 = (
    '["werewolf", "werewolf", "werewolf", "werewolf", "seer", "witch", "hunter", "idiot", "slacker",'
    ' "villager", "villager", "villager"]'
)
# 1 werewolf, 2 seer (the only 神), 3 slacker, 4-5 villagers.
SMALL = '["werewolf", "seer", "slacker", "villager", "villager"]'
SIDE = 'win = "side"\n'


def night(idol: int | None = None, wolves: int = 0, seer: int = 0) -> str:
    slacker = f"slacker = {idol}\n" if idol is not None else ""
    return f"[[night]]\n{slacker}werewolves = {wolves}\nwitch = {{}}\nseer = {seer}\n"


def test_the_idol_is_told_to_nobody_but_the_slacker() -> None:
    game = game_of(club(SLACKER_12) + night(10))
    idols = [e for e in game.events if e.kind == "slacker.idol"]
    assert [e.audience for e in idols] == [frozenset({9})] and idols[0].data["target"] == 10
    assert not any(e.audience is not None and 10 in e.audience for e in game.events)
    assert told(game, "slacker") == [("slacker", {"target": 10})]


def test_he_must_name_another_player_on_night_1_before_the_wolves() -> None:
    game = game_of(club(SLACKER_12))
    assert refused(game, SlackerIdol(target=0)) == "slacker_idol"
    assert refused(game, SlackerIdol(target=9)) == "slacker_self"
    played = game_of(club(SLACKER_12) + night(10) + "[[day]]\nvote = {}\n" + night())
    assert steps(played)[:2] == ["slacker", "werewolves"] and steps(played).count("slacker") == 1


def test_a_wolf_idol_makes_him_play_for_the_wolves_yet_the_seer_sees_him_good() -> None:
    game = game_of(club(SLACKER_12) + night(1, seer=9))
    state = state_of(game)
    assert team(state, 9) == "werewolves" and 9 not in state.living_wolf_team()
    assert [e.data["result"] for e in game.events if e.kind == "seer.result"] == ["not_werewolf"]
    good = state_of(game_of(club(SLACKER_12) + night(10)))
    assert team(good, 9) == "village"


def test_the_wolves_cannot_win_while_he_lives() -> None:
    game = game_of(club(SMALL, SIDE) + night(1, wolves=2))  # the only 神 dead at dawn
    assert state_of(game).outcome is None
    free = game_of(club(SMALL, SIDE + "slacker_blocks_wolves = false\n") + night(1, wolves=2))
    outcome = state_of(free).outcome
    assert outcome is not None and outcome.winner.value == "werewolves"
    won = public_view(free).won
    assert won is not None and 3 in won  # his idol is the wolf: he wins with them


def test_he_never_keeps_the_village_from_winning_and_loses_with_his_wolf_idol() -> None:
    game = game_of(club(SMALL, SIDE) + night(1) + "[[day]]\nvote = { 2 = 1 }\n")
    outcome = state_of(game).outcome
    assert outcome is not None and outcome.winner.value == "villagers"
    won = public_view(game).won
    assert won is not None and 3 not in won and 2 in won
    village = game_of(club(SMALL, SIDE) + night(4) + "[[day]]\nvote = { 2 = 1 }\n")
    assert 3 in (public_view(village).won or [])


def test_the_board_slacker_12_deals_him_blocking_the_wolves() -> None:
    board = find_board("预女猎白混")
    assert board.id == "slacker-12" and board.deck.count("slacker") == 1 and board.deck.count("werewolf") == 4
    assert board.rules().slacker_blocks_wolves
