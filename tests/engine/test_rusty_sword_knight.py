"""The rusty sword knight (锈剑骑士, RULES-CHARACTERS.md) through game records: bitten, he rusts
the first living werewolf on his left, who dies of `rusty_sword` at dusk that day (announced) or,
with `rusty_sword_death = "dawn"`, at the end of the next night; `rusty_sword_side` both ways; no
rust from poison, the vote, a heal; the elder's curse takes it; a rusted wolf already dead."""

from __future__ import annotations

from engine.game import Game, state_of
from tests.engine.harness import deaths, game_of, table

# 1 villager, 2 werewolf, 3 rusty sword knight, 4 villager, 5 werewolf, 6 seer, 7 witch, 8 villager,
# 9 elder.
KNIGHT_9 = (
    '["villager", "werewolf", "rusty_sword_knight", "villager", "werewolf", "seer", "witch", "villager",'
    ' "elder"]'
)
NO_SHERIFF = "sheriff = false\n"


def night(victim: int, witch: str = "{}") -> str:
    return f"[[night]]\nseer = 1\nwerewolves = {victim}\nwitch = {witch}\n"


def said(game: Game) -> list[str]:
    return [e.data["key"] for e in game.events if e.kind == "cue"]


def test_bitten_he_rusts_the_first_werewolf_upward_who_dies_at_dusk_after_the_vote() -> None:
    game = game_of(table(KNIGHT_9, rules=NO_SHERIFF) + night(3) + "[[day]]\nvote = {}\n")
    assert deaths(game) == [(3, "werewolves"), (5, "rusty_sword")]  # 4 is a villager: 5 is next
    lines = said(game)
    last_nightfall = len(lines) - 1 - lines[::-1].index("night.falls")
    assert lines.index("vote.start") < lines.index("rusty_sword.dies") < last_nightfall
    died = next(e.data for e in game.events if e.kind == "cue" and e.data["key"] == "rusty_sword.dies")
    assert died["seat"] == 5


def test_downward_it_is_the_seat_below() -> None:
    game = game_of(
        table(KNIGHT_9, rules=NO_SHERIFF + 'rusty_sword_side = "lower"\n') + night(3) + "[[day]]\nvote = {}\n"
    )
    assert deaths(game) == [(3, "werewolves"), (2, "rusty_sword")]


def test_with_dawn_the_rusted_wolf_takes_part_in_the_next_night_and_dies_at_its_end() -> None:
    record = (
        table(KNIGHT_9, rules=NO_SHERIFF + 'rusty_sword_death = "dawn"\n') + night(3) + "[[day]]\nvote = {}\n"
    )
    record += night(8) + "[[day]]\nvote = {}\n"
    game = game_of(record)
    assert deaths(game) == [(3, "werewolves"), (5, "rusty_sword"), (8, "werewolves")]
    assert [str(d.phase) for d in state_of(game).deaths] == ["night 1", "night 2", "night 2"]


def test_a_healed_knight_and_a_poisoned_or_exiled_one_rust_nobody() -> None:
    healed = game_of(table(KNIGHT_9, rules=NO_SHERIFF) + night(3, "{ heal = true }") + "[[day]]\nvote = {}\n")
    assert deaths(healed) == []
    poisoned = game_of(
        table(KNIGHT_9, rules=NO_SHERIFF) + night(8, "{ poison = 3 }") + "[[day]]\nvote = {}\n"
    )
    assert sorted(deaths(poisoned)) == [(3, "poison"), (8, "werewolves")]
    votes = ", ".join(f"{v} = 3" for v in range(1, 10) if v != 8)
    exiled = game_of(
        table(KNIGHT_9, rules=NO_SHERIFF) + night(8) + f"[[day]]\nvote = {{ {votes} }}\n" + night(1)
    )
    assert (3, "vote") in deaths(exiled) and not [d for d in deaths(exiled) if d[1] == "rusty_sword"]


def test_the_elders_curse_takes_the_rust() -> None:
    votes = ", ".join(f"{v} = 9" for v in range(1, 10) if v != 8)
    record = table(KNIGHT_9, rules=NO_SHERIFF) + night(8) + f"[[day]]\nvote = {{ {votes} }}\n"
    record += night(3) + "[[day]]\nvote = {}\n"
    game = game_of(record)
    assert (9, "vote") in deaths(game) and (3, "werewolves") in deaths(game)
    assert not [d for d in deaths(game) if d[1] == "rusty_sword"]


def test_a_rusted_wolf_exiled_the_same_day_dies_once() -> None:
    votes = ", ".join(f"{v} = 5" for v in range(1, 10) if v != 3)
    game = game_of(table(KNIGHT_9, rules=NO_SHERIFF) + night(3) + f"[[day]]\nvote = {{ {votes} }}\n")
    assert deaths(game) == [(3, "werewolves"), (5, "vote")]
    assert "rusty_sword.dies" not in said(game)
