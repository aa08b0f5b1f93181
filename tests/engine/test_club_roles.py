"""The roles of RULES-CLUB.md, each through a game record: what it does, and its fine points."""

from __future__ import annotations

import copy

import pytest

from engine.game import state_of
from engine.roles.knight import KnightDuel
from engine.roles.white_wolf_king import WhiteWolfKingBlow
from engine.rules import PRESETS
from engine.state import IllegalDecision
from tests.engine.harness import club, deaths, game_of, play

WOLF_KING_12 = (
    '["wolf_king", "werewolf", "werewolf", "werewolf", "seer", "witch", "hunter", "guard",'
    ' "villager", "villager", "villager", "villager"]'
)


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


WHITE_WOLF_KNIGHT_12 = (
    '["white_wolf_king", "werewolf", "werewolf", "werewolf", "seer", "witch", "hunter", "knight",'
    ' "villager", "villager", "villager", "villager"]'
)
QUIET_NIGHT = "[[night]]\nwerewolves = 0\nwitch = {}\nseer = 2\n"


def test_the_white_wolf_king_takes_a_player_with_him_and_night_falls() -> None:
    game = game_of(
        club(WHITE_WOLF_KNIGHT_12) + QUIET_NIGHT + "[[day]]\nwhite_wolf_king = { seat = 1, target = 5 }\n"
    )
    assert deaths(game) == [(1, "self_destruct"), (5, "white_wolf_king")]
    assert game.phase.night and game.phase.number == 2


def test_the_white_wolf_king_takes_the_hunter_who_shoots_only_with_the_setting() -> None:
    day = "[[day]]\nwhite_wolf_king = { seat = 1, target = 7 }\nhunter = 2\n"
    shoots = game_of(club(WHITE_WOLF_KNIGHT_12) + QUIET_NIGHT + day)
    assert (2, "hunter") in deaths(shoots)
    silent = game_of(
        club(WHITE_WOLF_KNIGHT_12, "white_wolf_king_victim_shoots = false\n") + QUIET_NIGHT + day
    )
    assert (2, "hunter") not in deaths(silent) and (7, "white_wolf_king") in deaths(silent)


def test_only_the_white_wolf_king_blows_and_never_himself() -> None:
    game = game_of(club(WHITE_WOLF_KNIGHT_12) + QUIET_NIGHT)
    assert game.pending is not None and game.pending.step == "vote"
    for decision, rule in (
        (WhiteWolfKingBlow(seat=2, target=5), "blow_white_wolf_king"),
        (WhiteWolfKingBlow(seat=1, target=1), "blow_self"),
    ):
        with pytest.raises(IllegalDecision) as refused:
            game.check(decision, by=decision.seat)
        assert refused.value.rule == rule
    assert WhiteWolfKingBlow(seat=1, target=9) in game.legal_decisions(1)


def test_the_knight_duels_a_wolf_who_dies_and_night_falls_without_a_vote() -> None:
    game = game_of(club(WHITE_WOLF_KNIGHT_12) + QUIET_NIGHT + "[[day]]\nduel = { seat = 8, target = 2 }\n")
    assert deaths(game) == [(2, "duel")]
    assert game.phase.night and game.phase.number == 2
    cues = [e.data["key"] for e in game.events if e.kind == "cue"]
    assert "knight.wolf" in cues and "death.card" not in cues


def test_the_knight_who_duels_a_good_player_dies_and_the_discussion_goes_on_to_the_vote() -> None:
    game = game_of(club(WHITE_WOLF_KNIGHT_12) + QUIET_NIGHT + "[[day]]\nduel = { seat = 8, target = 9 }\n")
    assert deaths(game) == [(8, "duel")]
    assert game.pending is not None and game.pending.step == "vote" and 8 not in game.pending.seats
    again = game_of(
        club(WHITE_WOLF_KNIGHT_12)
        + QUIET_NIGHT
        + "[[day]]\nduel = { seat = 8, target = 9 }\nvote = { 2 = 5, 3 = 5, 4 = 5, 1 = 5 }\n"
    )
    assert deaths(again) == [(8, "duel"), (5, "vote")]


def test_the_knight_duels_once_and_only_in_the_discussion() -> None:
    game = game_of(
        club(WHITE_WOLF_KNIGHT_12)
        + QUIET_NIGHT
        + "[[day]]\nduel = { seat = 8, target = 2 }\n"
        + QUIET_NIGHT.replace("seer = 2", "seer = 3")
    )
    assert game.pending is not None and game.pending.step == "vote"
    before = copy.deepcopy(state_of(game))
    with pytest.raises(IllegalDecision) as refused:
        game.apply(KnightDuel(seat=8, target=3), by=8)
    assert refused.value.rule == "duel_used" and state_of(game) == before
    fresh = game_of(club(WHITE_WOLF_KNIGHT_12) + QUIET_NIGHT)
    with pytest.raises(IllegalDecision) as refused:
        fresh.check(KnightDuel(seat=9, target=2), by=9)
    assert refused.value.rule == "duel_knight"
    night = game_of(club(WHITE_WOLF_KNIGHT_12))
    with pytest.raises(IllegalDecision) as refused:
        night.check(KnightDuel(seat=8, target=2), by=8)
    assert refused.value.rule == "duel_when"


def test_a_dueled_wolf_king_shoots_only_when_duels_trigger_skills() -> None:
    day = "[[day]]\nduel = { seat = 8, target = 1 }\nwolf_king = 5\n"
    roles = WOLF_KING_12.replace('"guard"', '"knight"')
    assert (5, "wolf_king") not in deaths(game_of(club(roles) + QUIET_NIGHT + day))
    assert (5, "wolf_king") in deaths(
        game_of(club(roles, "duel_triggers_skills = true\n") + QUIET_NIGHT + day)
    )


# Fine points of RULES-CLUB.md that cross roles


def _club_preset(roles: str, **changed: object) -> str:
    """A table under the whole chinese-club preset (the election on day 1), shot status off."""
    from tests.engine.test_club_day import _toml

    settings = {**PRESETS["chinese-club"], "shot_status_signal": False, **changed}
    rules = "\n".join(f"{name} = {_toml(value)}" for name, value in settings.items())
    return f"[setup]\nseats = 12\nroles = {roles}\n[rules]\n{rules}\n"


ELECTION_BLOW = "[[day]]\nsheriff = { candidates = [5, 6, 9] }\nwhite_wolf_king = { seat = 1, target = 5 }\n"


@pytest.mark.parametrize("swallow", ["double", "single"])
def test_the_white_wolf_kings_blow_in_the_election_loses_the_badge_at_once_under_both_swallow_rules(
    swallow: str,
) -> None:
    record = _club_preset(WHITE_WOLF_KNIGHT_12, badge_swallow=swallow) + QUIET_NIGHT + ELECTION_BLOW
    game = game_of(record)
    assert deaths(game)[:2] == [(1, "self_destruct"), (5, "white_wolf_king")]
    said = [e.data["key"] for e in game.events if e.kind == "cue"]
    assert "badge.swallowed" in said and "sheriff.postponed" not in said
    night_2 = game_of(record + QUIET_NIGHT.replace("seer = 2", "seer = 0"))
    assert night_2.phase.number == 2 and state_of(night_2).sheriff == 0
    assert not state_of(night_2).election_due


def test_a_duel_on_the_spirit_knight_kills_him_with_no_reflect() -> None:
    roles = (
        '["spirit_knight", "werewolf", "werewolf", "werewolf", "seer", "witch", "hunter", "knight",'
        ' "villager", "villager", "villager", "villager"]'
    )
    game = game_of(
        club(roles)
        + "[[night]]\nwerewolves = 0\nwitch = {}\nseer = 1\n"
        + "[[day]]\nduel = { seat = 8, target = 1 }\n"
    )
    assert (1, "duel") in deaths(game) and (8, "duel") not in deaths(game)
    assert (5, "reflect") in deaths(game)  # the seer's check that night reflects at dawn, the duel does not
    assert [d for d in deaths(game) if d[1] == "reflect"] == [(5, "reflect")]


@pytest.mark.parametrize(("rule", "winner"), [("werewolves", "werewolves"), ("villagers", "villagers")])
def test_both_sides_win_in_one_moment_and_simultaneous_win_decides(rule: str, winner: str) -> None:
    # The last wolf (1) knifes the witch (2), the only 神, who poisons him: at dawn every wolf and
    # every 神 is dead at once.
    roles = '["werewolf", "witch", "villager", "villager", "villager", "villager", "villager", "villager"]'
    rules = f'win = "side"\nsimultaneous_win = "{rule}"\n'
    record = club(roles, rules) + "[[night]]\nwerewolves = 2\nwitch = { poison = 1 }\n"
    out = play(record)
    assert out["winner"] == winner, out


def test_a_sheriff_taken_by_the_white_wolf_king_still_hands_the_badge_on() -> None:
    day_1 = '[[day]]\nsheriff = { candidates = [5] }\nspeech_order = "up"\nvote = {}\n'
    record = (
        _club_preset(WHITE_WOLF_KNIGHT_12)
        + QUIET_NIGHT
        + day_1
        + QUIET_NIGHT.replace("seer = 2", "seer = 3")
        + "[[day]]\nwhite_wolf_king = { seat = 1, target = 5 }\nbadge = 9\n"
    )
    game = game_of(record)
    assert (5, "white_wolf_king") in deaths(game) and state_of(game).sheriff == 9


def test_the_last_god_who_duels_a_good_player_dies_and_the_game_ends() -> None:
    roles = '["werewolf", "werewolf", "knight", "villager", "villager", "villager", "villager", "villager"]'
    record = (
        club(roles, 'win = "side"\n')
        + "[[night]]\nwerewolves = 0\n[[day]]\nduel = { seat = 3, target = 4 }\n"
    )
    out = play(record)
    assert out["winner"] == "werewolves" and out["ended"] == "day 1", out
    assert [(d["seat"], d["cause"]) for d in out["deaths"]] == [(3, "duel")]
