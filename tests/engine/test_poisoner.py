"""毒师 (poisoner, RULES-CLUB-MORE.md; its board 盗宝大师 waits for the treasure master) through game
records: one poison a game at 12a (0 keeps it), the poisoned dead at dawn (cause `poison`, no
shot, a dreamwalker spared), and no night-1 kill while a 毒师 card is in the game, seated or face
down. Each fine point is a test."""

from __future__ import annotations

from engine.game import Game
from engine.roles.poisoner import PoisonerChoice
from engine.roles.werewolves import WerewolvesChoice
from tests.engine.harness import club, deaths, game_of, refused, steps, table, told

# 1-3 werewolves, 4 poisoner, 5 seer, 6 witch, 7 hunter, 8 dreamcatcher, 9-12 villagers.
POISONER_12 = (
    '["werewolf", "werewolf", "werewolf", "poisoner", "seer", "witch", "hunter", "dreamcatcher",'
    ' "villager", "villager", "villager", "villager"]'
)
RULES = "witch_self_heal = false\n"


def night(poison: int | None = 0, wolves: int = 0, dream: int = 12, witch: str = "{}") -> str:
    key = f"poisoner = {poison}\n" if poison is not None else ""
    return f"[[night]]\ndreamcatcher = {dream}\nwerewolves = {wolves}\nwitch = {witch}\n{key}seer = 1\n"


def poisoner_game(*nights: str) -> Game:
    return game_of(club(POISONER_12, RULES) + "[[day]]\nvote = {}\n".join(nights))


def test_his_step_is_12a_after_the_witch_before_the_seer() -> None:
    game = poisoner_game(night(9))
    assert steps(game) == ["dreamcatcher", "werewolves", "witch", "poisoner", "seer"]
    assert told(game, "poisoner") == [("poisoner", {"target": 9})]


def test_the_poisoned_dies_at_dawn_of_poison_and_a_poisoned_hunter_does_not_shoot() -> None:
    assert deaths(poisoner_game(night(9))) == [(9, "poison")]
    game = poisoner_game(night(7))
    assert deaths(game) == [(7, "poison")] and "hunter" not in steps(game)


def test_one_poison_a_game_then_his_step_is_pretended_on_the_same_lines() -> None:
    game = poisoner_game(night(9), night(None, wolves=10, dream=11))
    assert [p.phase.number for p, _ in game.history if p.step == "poisoner"] == [1]
    said = [
        e.data["key"] for e in game.events if e.kind == "cue" and str(e.data["key"]).startswith("poisoner.")
    ]
    assert said == ["poisoner.wake", "poisoner.act", "poisoner.sleep"] * 2


def test_nobody_keeps_the_poison_for_a_later_night() -> None:
    game = poisoner_game(night(0), night(10, wolves=9, dream=11))
    assert told(game, "poisoner") == [("poisoner_nobody", {}), ("poisoner", {"target": 10})]
    assert deaths(game) == [(9, "werewolves"), (10, "poison")]


def test_a_dreamwalker_is_spared_his_poison_and_poisoned_and_bitten_is_one_death_of_poison() -> None:
    assert deaths(poisoner_game(night(12))) == []
    assert deaths(poisoner_game(night(0), night(9, wolves=9, dream=11))) == [(9, "poison")]


def test_the_wolves_kill_nobody_on_night_1_while_a_poisoner_is_dealt() -> None:
    game = game_of(club(POISONER_12, RULES) + "[[night]]\ndreamcatcher = 12\n")
    assert game.pending is not None and game.pending.step == "werewolves" and game.pending.targets == ()
    assert refused(game, WerewolvesChoice(victim=9)) == "poisoner_first_night"
    assert game.is_legal(WerewolvesChoice(victim=0))
    game = game_of(club(POISONER_12, RULES) + night(0) + "[[day]]\nvote = {}\n[[night]]\ndreamcatcher = 11\n")
    assert game.is_legal(WerewolvesChoice(victim=9))


def test_the_night_1_ban_holds_with_the_poisoner_face_down() -> None:
    roles = '["thief", "werewolf", "werewolf", "seer", "witch", "villager", "villager", "villager"]'
    record = table(roles, rules='night_order = "club"\nsheriff = false\n', extra='["poisoner", "villager"]')
    game = game_of(record + "[[night]]\nthief = 0\n")
    while game.pending is not None and game.pending.step != "werewolves":
        game.apply(game.default())
    assert refused(game, WerewolvesChoice(victim=6)) == "poisoner_first_night"
    assert game.pending is not None and not game.is_legal(PoisonerChoice(target=6))
