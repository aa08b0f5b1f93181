"""The secrecy audit: whole games through the real server, one phone per seat, every byte kept."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from engine.bots import random_decision
from engine.game import Game, state_of
from engine.rules import make_rules
from engine.setup import deal
from narrator.phones.wire import seal
from tests.phones.audit import audit_seat
from tests.phones.harness import (
    Phone,
    close_all,
    event_game,
    parts_of,
    same_decision,
    seat_everyone,
    served,
    until_applied_and_shown,
    ws_url,
)

DECKS: dict[str, tuple[list[str], dict[str, Any]]] = {
    "classic-12": (
        ["werewolf"] * 4
        + ["seer", "witch", "hunter", "guard", "villager", "villager", "villager", "villager"],
        {},
    ),
    "new-moon-10": (
        [
            "werewolf",
            "werewolf",
            "werewolf",
            "seer",
            "witch",
            "cupid",
            "thief",
            "piper",
            "elder",
            "scapegoat",
            "idiot",
            "villager",
        ],
        {"seer_sees": "role", "lovers_see": "role", "vote_tie": "revote"},
    ),
    "club-9": (
        ["werewolf", "werewolf", "werewolf", "seer", "witch", "guard", "hunter", "little_girl", "villager"],
        {"guard_and_heal": "hidden", "sheriff_election": "after_discussion"},
    ),
}


async def play_through(game: Game, seed: int) -> dict[int, Phone]:
    """Play `game` to its end from phones; decoys touched by everyone else at night."""
    rng = random.Random(seed)
    async with served(game) as (server, _table):
        phones = {p.seat: p for p in await seat_everyone(server, game)}
        decisions = 0
        while not game.over:
            decisions += 1
            assert decisions < 400, "the game did not end"
            pending = game.pending
            assert pending is not None
            intended = random_decision(game, rng)
            parts = parts_of(intended, game)
            owing = {seat for seat, _ in parts}
            if pending.phase.startswith("night"):
                for seat in state_of(game).alive():
                    if seat not in owing:
                        touch = {
                            "type": "act",
                            "step": pending.step,
                            "targets": [rng.choice(state_of(game).alive())],
                        }
                        assert (await phones[seat].answer(touch))["type"] == "ack"
            if rng.random() < 0.1:
                seat = rng.choice(sorted(phones))
                phones[seat] = await _reconnect(phones[seat], ws_url(server), game)
            before = len(game.log)
            states = {s: p.count("state") for s, p in phones.items()}
            for seat, message in parts:
                answer = await phones[seat].answer(message)
                assert answer["type"] == "ack", (pending.step, seat, message, answer)
            await until_applied_and_shown(game, before, phones, states)
            assert same_decision(game.log[before], intended), (game.log[before], intended)
        await close_all(list(phones.values()))
    return phones


async def _reconnect(phone: Phone, url: str, game: Game) -> Phone:
    """The same seat on a new connection (a reload): the old phone's bytes are kept."""
    await phone.close()
    fresh = await Phone(url, game).open()
    answer = await fresh.answer({"type": "rejoin", "token": phone.token})
    assert answer["type"] == "joined" and answer["seat"] == phone.seat
    await fresh.expect("state")
    fresh.seat, fresh.token = phone.seat, phone.token
    fresh.raw = phone.raw + fresh.raw
    fresh.inbox = phone.inbox + fresh.inbox
    fresh.stamps = phone.stamps + fresh.stamps
    fresh.cursor = len(fresh.inbox)
    return fresh


@pytest.mark.parametrize(
    ("deck", "seed"),
    [
        ("classic-12", 1),
        ("classic-12", 2),
        ("new-moon-10", 3),
        ("new-moon-10", 4),
        ("club-9", 5),
        ("club-9", 6),
    ],
)
def test_no_seat_ever_receives_another_seats_secrets(deck: str, seed: int) -> None:
    cards, rules = DECKS[deck]
    seats = len(cards) - (2 if "thief" in cards else 0)
    game = Game(deal(cards, seats, seed=seed), make_rules(rules))
    phones = asyncio.run(play_through(game, seed))
    assert game.over
    tokens = {seat: phone.token for seat, phone in phones.items()}
    problems = []
    for seat, phone in phones.items():
        problems += audit_seat(game, seat, phone.inbox, phone.stamps, phone.raw, tokens)
    assert problems == []
    assert all(phone.inbox for phone in phones.values())


def test_the_audit_catches_a_planted_leak() -> None:
    game = Game(deal(DECKS["classic-12"][0], 12, seed=1), make_rules())
    wolf = state_of(game).living_werewolves()[0]
    seer = state_of(game).seat_of(state_of(game).player(1).card.__class__("seer"))
    villager = next(s for s in state_of(game).alive() if state_of(game).player(s).card.value == "villager")
    stamp = len(game.events)
    planted = [
        {"type": "state", "view": {"seat": villager}, "feed": [], "x": {"seat": wolf, "card": "werewolf"}},
        {"type": "picks", "picks": {str(wolf): 3}},
        {
            "type": "result",
            "feed": [
                {"i": 0, "kind": "seer.result", "data": {"night": 1, "target": wolf, "result": "werewolf"}}
            ],
        },
        {"type": "state", "view": {"seat": seer}, "feed": []},
    ]
    problems = audit_seat(
        game,
        villager,
        planted,
        [stamp] * len(planted),
        ["secret-token-of-the-seer"],
        {seer: "secret-token-of-the-seer"},
    )
    assert any("learnt seat" in p for p in problems)
    assert any("'picks'" in p for p in problems)
    assert any("not visible" in p for p in problems)
    assert any("view of seat" in p for p in problems)
    assert any("token of seat" in p for p in problems)


@pytest.mark.parametrize("seed", [8, 10, 17])
def test_no_seat_receives_another_seats_secrets_with_the_event_cards(seed: int) -> None:
    game = event_game(seed, dark_moon=["touch_of_death", "double_agent", "somnambulism", "burial"])
    phones = asyncio.run(play_through(game, seed))
    assert game.over
    played = [card for _, card in state_of(game).moon.played] if state_of(game).moon else []
    print(f"seed {seed}: cards played {played}")
    assert played
    tokens = {seat: phone.token for seat, phone in phones.items()}
    problems = []
    for seat, phone in phones.items():
        problems += audit_seat(game, seat, phone.inbox, phone.stamps, phone.raw, tokens)
    assert problems == []


def test_the_audit_opens_what_travels_sealed() -> None:
    game = Game(deal(DECKS["classic-12"][0], 12, seed=1), make_rules())
    wolf = state_of(game).living_werewolves()[0]
    villager = next(s for s in state_of(game).alive() if state_of(game).player(s).card.value == "villager")
    planted = [{"type": "progress", "step": "werewolves", "sealed": seal({"picks": {str(wolf): 3}})}]
    problems = audit_seat(game, villager, planted, [len(game.events)], [], {})
    assert any("'picks'" in p for p in problems)
