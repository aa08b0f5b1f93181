"""What each seat may know: the views and the audiences of events keep every secret."""

from __future__ import annotations

import json
import random

from engine.bots import random_decision
from engine.game import Game, state_of
from engine.roles import Role
from engine.views import public_view, seat_view
from tests.engine.harness import game_of, table
from tests.engine.randomgames import random_rules, random_setup

LOVERS_TABLE = (
    '["werewolf", "werewolf", "seer", "witch", "cupid", "hunter", "villager", "villager", "villager"]'
)


def test_a_seat_sees_its_own_card_and_no_other() -> None:
    game = game_of(table())
    for seat in range(1, 10):
        view = seat_view(game, seat)
        assert view.card == state_of(game).player(seat).card.value
        assert view.public.cards is None


def test_werewolves_know_each_other_once_they_met() -> None:
    game = game_of(table())
    assert seat_view(game, 1).fellow_werewolves == []
    game = game_of(table() + "[[night]]\nguard = 5\nseer = 1\n")
    assert seat_view(game, 1).fellow_werewolves == [2]
    assert seat_view(game, 3).fellow_werewolves == []


def test_the_witch_sees_tonights_victim_only_while_she_decides() -> None:
    game = game_of(table() + "[[night]]\nguard = 5\nseer = 1\nwerewolves = 7\n")
    witch = seat_view(game, 4)
    assert witch.prompt is not None and witch.prompt.info["victim"] == 7
    assert witch.potions == {"heal": True, "poison": True}
    for seat in (1, 2, 3, 5, 6, 7, 8, 9):
        assert seat_view(game, seat).prompt is None
        assert "victim" not in seat_view(game, seat).model_dump_json()


def test_the_seers_results_are_hers_alone() -> None:
    game = game_of(table() + "[[night]]\nguard = 5\nseer = 1\nwerewolves = 7\n")
    assert seat_view(game, 3).seer_results == [{"night": 1, "target": 1, "result": "werewolf"}]
    for seat in (1, 2, 4, 5, 6, 7, 8, 9):
        assert seat_view(game, seat).seer_results == []


def test_lovers_learn_the_partner_as_the_rules_say() -> None:
    night = "[[night]]\ncupid = [2, 7]\nseer = 1\n"
    game = game_of(table(LOVERS_TABLE) + night)
    assert seat_view(game, 2).lover == {"partner": 7}
    assert seat_view(game, 7).lover == {"partner": 2}
    assert seat_view(game, 5).lovers == [2, 7]
    assert seat_view(game, 3).lover is None and seat_view(game, 3).lovers == []
    faction = game_of(table(LOVERS_TABLE, rules='lovers_see = "faction"') + night)
    assert seat_view(faction, 7).lover == {"partner": 2, "faction": "werewolf"}
    role = game_of(table(LOVERS_TABLE, rules='lovers_see = "role"') + night)
    assert seat_view(role, 2).lover == {"partner": 7, "role": "villager"}


def test_night_deaths_are_public_without_their_cause_and_day_deaths_with_it() -> None:
    game = game_of(
        table(rules="sheriff = false")
        + (
            "[[night]]\nguard = 5\nseer = 1\nwerewolves = 7\nwitch = { poison = 8 }\n"
            "[[day]]\nvote = { 1 = 9 }\n"
        )
    )
    deaths = public_view(game).deaths
    assert deaths[0] == {"seat": 7, "phase": "night 1", "card": "villager"}
    assert deaths[1] == {"seat": 8, "phase": "night 1", "card": "villager"}
    assert deaths[2] == {"seat": 9, "phase": "day 1", "cause": "vote", "card": "villager"}


def test_cards_stay_hidden_on_death_when_the_rules_say_so() -> None:
    game = game_of(
        table(rules="sheriff = false\nreveal_on_death = false")
        + ("[[night]]\nguard = 5\nseer = 1\nwerewolves = 7\nwitch = {}\n")
    )
    assert "card" not in public_view(game).deaths[0]


def test_everything_is_public_when_the_game_is_over() -> None:
    game = game_of(
        '[setup]\nseats = 9\nroles = ["werewolf", "werewolf", "seer", "witch", "guard", '
        '"hunter", "villager", "villager", "villager"]\n[rules]\nsheriff = false\n'
        "[[night]]\nguard = 5\nseer = 1\nwerewolves = 7\nwitch = { poison = 1 }\n"
        "[[day]]\nvote = { 3 = 2 }\n"
    )
    assert game.over
    view = public_view(game)
    assert view.winner == "villagers" and view.cards is not None and view.cards[1] == "werewolf"


def test_no_event_tells_a_seat_another_seats_secret() -> None:
    """Over random games: every event a seat may see is public, or about the seat's own role."""
    rng = random.Random(3)
    own_kinds = {
        Role.THIEF: {"thief.cards", "thief.took"},
        Role.CUPID: {"cupid.lovers"},
        Role.GUARD: {"guard.protects"},
        Role.SEER: {"seer.result"},
        Role.WITCH: {"witch.told", "witch.used"},
        Role.PIPER: {"piper.charmed"},
        Role.WEREWOLF: {"werewolves.pack", "werewolves.victim"},
    }
    for _ in range(300):
        game = Game(random_setup(rng), random_rules(rng))
        while not game.over:
            game.apply(random_decision(game, rng))
        state = state_of(game)
        for event in state.events:
            if event.public:
                assert event.kind in {"cue", "votes", "sheriff.votes", "speakers"}
                continue
            for seat in event.audience or ():
                card = state.player(seat).card
                dealt = state.setup.roles[seat - 1]
                allowed = own_kinds.get(card, set()) | own_kinds.get(dealt, set()) | {"lover", "charmed"}
                assert event.kind in allowed, (event.kind, card)
                if event.kind == "lover":
                    assert state.lovers and seat in state.lovers
                if event.kind == "charmed":
                    assert state.player(seat).charmed


def test_public_cues_never_name_a_role_before_it_is_shown() -> None:
    rng = random.Random(4)
    for _ in range(200):
        game = Game(random_setup(rng), random_rules(rng))
        while not game.over:
            game.apply(random_decision(game, rng))
        for event in state_of(game).events:
            if event.kind == "cue":
                data = json.dumps(dict(event.data))
                if event.data["key"] not in ("death.card", "game.over"):
                    assert not any(f'"{r.value}"' in data for r in Role), data


def test_the_night_by_night_review_is_public_only_when_the_game_is_over() -> None:
    record = table(rules="sheriff = false") + (
        "[[night]]\nguard = 5\nseer = 1\nwerewolves = 7\nwitch = { poison = 1 }\n"
    )
    game = game_of(record)
    assert public_view(game).review is None
    game = game_of(record + "[[day]]\nvote = { 3 = 2 }\n")
    review = public_view(game).review
    assert review is not None and review[0]["phase"] == "night 1"
    actions = {a["step"]: a for a in review[0]["actions"]}
    assert (
        actions["seer"]["told"] == [["seer_werewolf", {"target": 1}]] and actions["werewolves"]["victim"] == 7
    )
    assert actions["witch"] == {**actions["witch"], "poison": 1, "told": [["poison", {"target": 1}]]}
    assert review[-1]["deaths"] == [{"seat": 2, "cause": "vote"}]


def test_seer_results_stay_with_the_seat_that_was_told() -> None:
    game = game_of(table() + "[[night]]\nguard = 5\nseer = 1\nwerewolves = 7\n")
    state_of(game).player(3).card, state_of(game).player(8).card = Role.VILLAGER, Role.SEER  # a card swap
    assert seat_view(game, 8).seer_results == []
    assert seat_view(game, 3).seer_results == [{"night": 1, "target": 1, "result": "werewolf"}]


def test_fellow_werewolves_are_the_living_ones() -> None:
    game = game_of(
        table(rules="sheriff = false")
        + ("[[night]]\nguard = 5\nseer = 1\nwerewolves = 7\nwitch = { poison = 2 }\n")
    )
    assert seat_view(game, 1).fellow_werewolves == []
