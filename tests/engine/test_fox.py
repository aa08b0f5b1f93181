"""The fox (狐狸, RULES-CHARACTERS.md's Fox) through game records: his sniff covers the player and
his living neighbours, told to him alone; a "no" takes his power (`fox_loses_power`, both sides);
a pass costs nothing; the dead are skipped; a hidden wolf is not sniffed out; his place in the
night orders; the review and the replay's `fox`."""

from __future__ import annotations

from typing import Any

from engine.game import Game
from engine.roles.fox import FoxSniff
from tests.engine.harness import club, game_of, play, refused, table, told

# 1 werewolf, 2 villager, 3 fox, 4 villager, 5 seer, 6 witch, 7 werewolf, 8 villager.
FOX_8 = '["werewolf", "villager", "fox", "villager", "seer", "witch", "werewolf", "villager"]'
NO_SHERIFF = "sheriff = false\n"
QUIET_DAY = "[[day]]\nvote = {}\n"


def night(fox: int, wolves: int = 8, witch: str = "{ heal = true }", seer: int = 1) -> str:
    return f"[[night]]\nseer = {seer}\nfox = {fox}\nwerewolves = {wolves}\nwitch = {witch}\n"


def results(game: Game) -> list[dict[str, Any]]:
    return [{**dict(e.data), "to": e.audience} for e in game.events if e.kind == "fox.result"]


def steps_of_night(game: Game, night: int) -> list[str]:
    return [p.step for p, _ in game.history if p.phase == f"night {night}"]


def test_a_sniff_beside_a_werewolf_says_yes_to_the_fox_alone_and_keeps_his_power() -> None:
    game = game_of(table(FOX_8, rules=NO_SHERIFF) + night(2) + QUIET_DAY + night(4, witch="{}"))
    first = results(game)[0]
    assert (first["seats"], first["found"], first["to"]) == ([1, 2, 3], True, frozenset({3}))
    assert "fox" in steps_of_night(game, 2)  # he still acts


def test_a_sniff_with_no_werewolf_takes_his_power_and_his_step_is_then_narrated_for_nobody() -> None:
    record = (
        table(FOX_8, rules=NO_SHERIFF)
        + night(4)
        + QUIET_DAY
        + "[[night]]\nseer = 1\nwerewolves = 8\nwitch = {}\n"
    )
    game = game_of(record)
    assert (results(game)[0]["seats"], results(game)[0]["found"]) == ([3, 4, 5], False)
    assert "fox" not in steps_of_night(game, 2)
    said = [e.data["key"] for e in game.events if e.kind == "cue"]
    assert said.count("fox.wake") == 2 and said.count("fox.sleep") == 2  # night 2 pretended, on its lines


def test_with_fox_loses_power_false_a_no_costs_nothing() -> None:
    rules = NO_SHERIFF + "fox_loses_power = false\n"
    game = game_of(table(FOX_8, rules=rules) + night(4) + QUIET_DAY + night(2, witch="{}"))
    assert [r["found"] for r in results(game)] == [False, True]


def test_a_pass_costs_nothing_and_the_fox_may_sniff_himself() -> None:
    game = game_of(table(FOX_8, rules=NO_SHERIFF) + night(0) + QUIET_DAY + night(3, witch="{}"))
    assert [(r["night"], r["seats"], r["found"]) for r in results(game)] == [(2, [2, 3, 4], False)]


def test_the_neighbours_skip_the_dead() -> None:
    # night 1: seat 4 is bitten; night 2 the fox sniffs 5: its living neighbours are 3 and 6
    game = game_of(
        table(FOX_8, rules=NO_SHERIFF) + night(0, wolves=4, witch="{}") + QUIET_DAY + night(5, witch="{}")
    )
    assert results(game)[0]["seats"] == [3, 5, 6]


def test_a_dead_player_cannot_be_sniffed() -> None:
    game = game_of(
        table(FOX_8, rules=NO_SHERIFF) + night(0, wolves=4, witch="{}") + QUIET_DAY + "[[night]]\nseer = 1\n"
    )
    assert game.pending is not None and game.pending.step == "fox"
    assert refused(game, FoxSniff(target=4)) == "dead_target"


def test_the_review_and_the_replay_tell_each_sniff() -> None:
    record = table(FOX_8, rules=NO_SHERIFF) + night(2) + QUIET_DAY + night(4, witch="{}")
    game = game_of(record)
    assert told(game, "fox") == [
        ("fox_found", {"target": 2, "seats": [1, 2, 3]}),
        ("fox_none", {"target": 4, "seats": [3, 4, 5]}),
    ]
    assert play(record)["fox"] == [
        {"night": 1, "target": 2, "group": [1, 2, 3], "result": "yes"},
        {"night": 2, "target": 4, "group": [3, 4, 5], "result": "no"},
    ]


def test_he_wakes_after_the_seer_before_the_werewolves_and_in_the_club_order_after_the_seer() -> None:
    game = game_of(table(FOX_8, rules=NO_SHERIFF) + night(2))
    order = steps_of_night(game, 1)
    assert order.index("seer") + 1 == order.index("fox") < order.index("werewolves")
    # 1-3 werewolves, 4 hidden wolf, 5 fox, 6 seer, 7 witch, 8 hunter, 9-12 villagers
    hidden = (
        '["werewolf", "werewolf", "werewolf", "hidden_wolf", "fox", "seer", "witch", "hunter",'
        ' "villager", "villager", "villager", "villager"]'
    )
    club_game = game_of(
        club(hidden) + "[[night]]\nwerewolves = 12\nhidden_wolf = true\nwitch = {}\nseer = 1\nfox = 4\n"
    )
    club_order = steps_of_night(club_game, 1)
    assert (
        club_order.index("werewolves")
        < club_order.index("witch")
        < club_order.index("seer")
        < club_order.index("fox")
    )
    assert results(club_game)[0]["seats"] == [3, 4, 5] and results(club_game)[0]["found"]  # 3 is a werewolf


def test_a_hidden_wolf_alone_is_not_sniffed_out() -> None:
    hidden = (
        '["villager", "werewolf", "werewolf", "hidden_wolf", "fox", "seer", "witch", "hunter",'
        ' "werewolf", "villager", "villager", "villager"]'
    )
    game = game_of(
        club(hidden) + "[[night]]\nwerewolves = 12\nhidden_wolf = true\nwitch = {}\nseer = 1\nfox = 5\n"
    )
    assert (results(game)[0]["seats"], results(game)[0]["found"]) == ([4, 5, 6], False)
