"""The cursed fox (咒狐, RULES-CLUB-MORE.md) through game records: the wolves' kill does nothing
to him (the witch told him, an antidote on him spent); `cursed_fox_poison` (both sides); the
seer's check kills him at dawn (cause `check`, before the poison and the wolves) and tells her
"good"; the vote and a shot kill him as anyone; he wins instead of a side whose condition is met
in a moment that began with him alive, his own death in it included; the board 咒狐乌鸦."""

from __future__ import annotations

from engine.boards import find_board
from engine.game import Game, state_of
from engine.roles.witch import potions
from engine.views import public_view
from tests.engine.harness import answers, club, deaths, game_of

# 1-2 werewolves, 3 wolf king, 4 seer, 5 witch, 6 hunter, 7 raven, 8-11 villagers, 12 cursed fox.
FOX_12 = (
    '["werewolf", "werewolf", "wolf_king", "seer", "witch", "hunter", "raven", "villager",'
    ' "villager", "villager", "villager", "cursed_fox"]'
)
# 1 werewolf, 2 seer, 3 witch, 4 villager, 5 cursed fox.
SMALL = '["werewolf", "seer", "witch", "villager", "cursed_fox"]'


def night(wolves: int = 0, witch: str = "{}", seer: int = 0) -> str:
    return f"[[night]]\nwerewolves = {wolves}\nraven = 0\nwitch = {witch}\nseer = {seer}\n"


def winner(game: Game) -> str | None:
    outcome = state_of(game).outcome
    return outcome.winner.value if outcome else None


def test_the_wolves_kill_does_nothing_to_him_and_an_antidote_on_him_is_spent() -> None:
    game = game_of(club(FOX_12) + night(wolves=12, witch="{ heal = true }"))
    told = [dict(e.data) for e in game.events if e.kind == "witch.told"]
    assert told[0]["victim"] == 12
    assert deaths(game) == [] and potions(state_of(game))[0] is False
    bitten = game_of(club(FOX_12) + night(wolves=12))
    assert deaths(bitten) == []


def test_poison_does_nothing_to_him_by_default_and_kills_him_with_cursed_fox_poison_dies() -> None:
    immune = game_of(club(FOX_12) + night(witch="{ poison = 12 }"))
    assert deaths(immune) == [] and potions(state_of(immune))[1] is False
    dies = game_of(club(FOX_12, 'cursed_fox_poison = "dies"\n') + night(witch="{ poison = 12 }"))
    assert deaths(dies) == [(12, "poison")]


def test_the_seers_check_kills_him_at_dawn_and_she_is_told_good() -> None:
    game = game_of(club(FOX_12) + night(seer=12))
    assert deaths(game) == [(12, "check")]
    assert [a["result"] for a in answers(game, 4)] == ["not_werewolf"]


def test_checked_bitten_and_poisoned_he_dies_of_the_check() -> None:
    record = club(FOX_12, 'cursed_fox_poison = "dies"\n') + night(wolves=12, witch="{ poison = 12 }", seer=12)
    assert deaths(game_of(record)) == [(12, "check")]


def test_the_vote_and_a_shot_kill_him_as_anyone() -> None:
    voted = game_of(club(FOX_12) + night() + "[[day]]\nvote = { 1 = 12 }\n")
    assert deaths(voted) == [(12, "vote")]
    shot = game_of(club(FOX_12) + night(wolves=6) + "[[day]]\nhunter = 12\n")
    assert (12, "hunter") in deaths(shot)


def test_he_wins_instead_of_the_village_when_he_lives() -> None:
    game = game_of(club(SMALL) + night() + "[[day]]\nvote = { 2 = 1 }\n")
    assert winner(game) == "cursed_fox"
    assert public_view(game).won == [5]


def test_he_wins_instead_when_he_dies_in_the_very_moment_a_side_wins() -> None:
    # The witch poisons the last wolf while the seer checks him: one dawn.
    game = game_of(club(SMALL) + night(witch="{ poison = 1 }", seer=5))
    assert deaths(game) == [(1, "poison"), (5, "check")]
    assert winner(game) == "cursed_fox"


def test_dead_before_the_moment_a_side_wins_he_does_not_win() -> None:
    record = club(SMALL) + night(seer=5) + "[[day]]\nvote = { 2 = 1 }\n"
    game = game_of(record)
    assert (5, "check") in deaths(game) and winner(game) == "villagers"


def test_the_board_cursed_fox_raven_12_swallows_the_badge_at_the_first_blast() -> None:
    board = find_board("咒狐乌鸦")
    assert board.id == "cursed-fox-raven-12" and board.deck.count("cursed_fox") == 1
    assert board.rules().badge_swallow == "single" and board.rules().cursed_fox_poison == "immune"
    assert find_board("wild-child-12").rules().badge_swallow == "double"
