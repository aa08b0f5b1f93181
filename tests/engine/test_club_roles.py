"""The roles of RULES-CLUB.md, each through a game record: what it does, and its fine points."""

from __future__ import annotations

from engine.game import Game
from tests.engine.harness import game_of, table

NO_SHERIFF = "sheriff = false\n"


def club(roles: str, rules: str = "") -> str:
    """The [setup] and [rules] of a club game (night_order club, no sheriff unless asked)."""
    return table(roles, rules='night_order = "club"\n' + NO_SHERIFF + rules)


WOLF_KING_12 = (
    '["wolf_king", "werewolf", "werewolf", "werewolf", "seer", "witch", "hunter", "guard",'
    ' "villager", "villager", "villager", "villager"]'
)


def deaths(game: Game) -> list[tuple[int, str]]:
    return [(d.seat, d.cause) for d in game.state.deaths]


def test_the_wolf_king_knifed_shoots_at_dawn() -> None:
    record = club(WOLF_KING_12) + (
        "[[night]]\nguard = 9\nwerewolves = 1\nwitch = {}\nseer = 2\n[[day]]\nwolf_king = 5\n"
    )
    game = game_of(record)
    assert (1, "werewolves") in deaths(game) and (5, "wolf_king") in deaths(game)


def test_the_wolf_king_poisoned_does_not_shoot() -> None:
    record = club(WOLF_KING_12) + (
        "[[night]]\nguard = 9\nwerewolves = 10\nwitch = { poison = 1 }\nseer = 2\n[[day]]\nvote = {}\n"
    )
    game = game_of(record)
    assert (1, "poison") in deaths(game)
    assert not any(p.step == "wolf_king" for p, _ in game.history)


def test_the_wolf_king_voted_out_shoots_and_a_shot_hunter_shoots_back() -> None:
    votes = "{ 2 = 1, 3 = 1, 5 = 1, 6 = 1, 7 = 1 }"
    record = club(WOLF_KING_12) + (
        "[[night]]\nguard = 9\nwerewolves = 0\nwitch = {}\nseer = 2\n"
        f"[[day]]\nvote = {votes}\nwolf_king = 7\nhunter = 2\n"
    )
    game = game_of(record)
    assert deaths(game) == [(1, "vote"), (7, "wolf_king"), (2, "hunter")]


def test_a_shot_wolf_king_shoots_only_with_wolf_king_shoots_when_shot() -> None:
    votes = "{ 1 = 7, 2 = 7, 3 = 7, 5 = 7, 6 = 7 }"
    base = (
        "[[night]]\nguard = 9\nwerewolves = 0\nwitch = {}\nseer = 2\n"
        f"[[day]]\nvote = {votes}\nhunter = 1\nwolf_king = 5\n"
    )
    shoots = game_of(club(WOLF_KING_12) + base)
    assert deaths(shoots)[:3] == [(7, "vote"), (1, "hunter"), (5, "wolf_king")]
    silent = game_of(club(WOLF_KING_12, "wolf_king_shoots_when_shot = false\n") + base)
    assert deaths(silent)[:2] == [(7, "vote"), (1, "hunter")]
    assert (5, "wolf_king") not in deaths(silent)


def test_the_shot_status_signal_shows_thumbs_to_the_hunter_and_the_wolf_king() -> None:
    rules = "shot_status_signal = true\n"
    game = game_of(
        club(WOLF_KING_12, rules)
        + "[[night]]\nguard = 9\nwerewolves = 10\nwitch = { poison = 7 }\nseer = 2\n"
    )
    pending = game.pending
    assert pending is not None and pending.step == "hunter_status"
    assert pending.seats == (7,) and pending.info["status"] == "👎"
    record = club(WOLF_KING_12, rules) + (
        "[[night]]\nguard = 9\nwerewolves = 10\nwitch = { poison = 7 }\nseer = 2\nhunter_status = true\n"
    )
    game = game_of(record)
    pending = game.pending
    assert pending is not None and pending.step == "wolf_king_status" and pending.info["status"] == "👍"
    off = game_of(
        club(WOLF_KING_12) + "[[night]]\nguard = 9\nwerewolves = 10\nwitch = { poison = 7 }\nseer = 2\n"
    )
    assert off.pending is not None and off.pending.step not in ("hunter_status", "wolf_king_status")


def test_the_club_night_order_wakes_the_guard_and_the_wolves_before_the_witch_then_the_seer() -> None:
    game = game_of(club(WOLF_KING_12) + "[[night]]\nguard = 9\nwerewolves = 10\nwitch = {}\nseer = 2\n")
    order = [e.data["key"] for e in game.events if e.kind == "cue" and e.data["key"].endswith(".wake")]
    assert order[:4] == ["guard.wake", "werewolves.wake", "witch.wake", "seer.wake"]
