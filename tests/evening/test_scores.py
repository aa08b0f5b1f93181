"""The evening's scores, read from the engine's public view at the end of real games."""

from __future__ import annotations

import random
from pathlib import Path

from engine.bots import random_decision
from engine.game import Game, state_of
from engine.record import parse_record, replay
from engine.roles import Role
from engine.setup import deal
from engine.views import public_view
from narrator.evening.scores import results, tally
from tests.engine.randomgames import random_rules, random_setup

SCENARIOS = Path(__file__).resolve().parents[2] / ".." / "shared" / "scenarios"
NAMES = {seat: f"玩家{seat}" for seat in range(1, 19)}


def scenario(name: str) -> Game:
    return replay(parse_record((SCENARIOS / f"{name}.toml").read_text(encoding="utf-8"))).game


def played(game: Game, rng: random.Random) -> Game:
    while not game.over:
        game.apply(random_decision(game, rng))
    return game


def test_the_village_wins_together_the_dead_with_the_living() -> None:
    seat_results = results(public_view(scenario("01-villagers-win")), NAMES)
    won = {r.seat for r in seat_results if r.won}
    assert won == {3, 4, 5, 6, 7, 8, 9}  # the seer's night-2 victim (4) wins too
    assert {r.seat: r.camp for r in seat_results if not r.won} == {1: "wolves", 2: "wolves"}
    assert all(r.camp == "good" for r in seat_results if r.won)
    assert [r.card for r in seat_results][:3] == ["werewolf", "werewolf", "seer"]


def test_a_game_that_goes_on_gives_no_results() -> None:
    game = Game(deal([Role.WEREWOLF, Role.SEER, Role.WITCH, Role.VILLAGER, Role.VILLAGER], 5, seed=1))
    assert public_view(game).won is None
    assert results(public_view(game), NAMES) == []


def test_in_random_games_the_winners_are_exactly_the_winning_side() -> None:
    rng = random.Random(23)
    camps_seen: set[str] = set()
    for _ in range(300):
        game = played(Game(random_setup(rng), random_rules(rng)), rng)
        public = public_view(game)
        seat_results = results(public, NAMES)
        assert len(seat_results) == game.setup.seats
        winners = [r for r in seat_results if r.won]
        if public.winner == "none":
            assert winners == []
            continue
        if not winners:
            # the werewolves' win (屠边, or both sides' at once under `simultaneous_win =
            # "werewolves"`) where every werewolf card is a mixed lover, on the lovers' team:
            # nobody played for the side that won
            state = state_of(game)
            wolves = [p.seat for p in state.players if p.card in state.catalogue.wolf_team]
            assert public.winner == "werewolves" and public.sides is not None, public.winner
            assert wolves and all(public.sides[s] == "lovers" for s in wolves), (public.sides, wolves)
            continue
        assert len({r.camp for r in winners}) == 1
        camps_seen |= {r.camp for r in winners}
        for r in seat_results:
            if public.winner == "werewolves":
                assert r.won == (public.sides is not None and public.sides[r.seat] == "werewolves")
            if public.winner == "villagers" and r.card == Role.WEREWOLF.value:
                assert not r.won
    assert camps_seen == {"good", "wolves", "third"}


def test_the_tally_counts_games_wins_camps_and_cards_by_name() -> None:
    first = results(public_view(scenario("01-villagers-win")), NAMES)
    names_again = {seat: name + " " for seat, name in NAMES.items()}  # typed again, a space after
    second = results(public_view(scenario("01-villagers-win")), names_again)
    scores = {s.name: s for s in tally([first, second])}
    assert scores["玩家3"].games == 2 and scores["玩家3"].wins == 2
    assert scores["玩家3"].wins_by_camp["good"] == 2 and scores["玩家3"].cards == {"seer": 2}
    assert scores["玩家1"].wins == 0 and scores["玩家1"].cards == {"werewolf": 2}
    ordered = [s.name for s in tally([first, second])]
    assert ordered.index("玩家3") < ordered.index("玩家1")
    assert scores["玩家1"].as_json()["wins_by_camp"] == {"good": 0, "wolves": 0, "third": 0}


def test_an_empty_seat_name_is_not_a_player() -> None:
    names = {**NAMES, 9: "  "}
    assert 9 not in {r.seat for r in results(public_view(scenario("01-villagers-win")), names)}
