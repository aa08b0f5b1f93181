"""The actor's step through the real server (RULES-CHARACTERS.md, issue 37): each night every
living phone shows the same picture (the cards form, one button per face-up card left, public),
the cards offered only in his sealed box; a press by anyone else is answered exactly as his and
applies nothing; the wire tells no phone apart; the card he takes stays on the table (the public
view's `face_up`) until the morning says it left."""

from __future__ import annotations

import asyncio
import json

from engine.game import Game, state_of
from engine.record import parse_record, replay
from engine.views import public_view
from tests.phones.harness import (
    Phone,
    asked_alike,
    close_all,
    seat_everyone,
    served,
    state_copy,
    told,
    wait_until,
    wire_until,
)

# 1 villager, 2 werewolf, 3 actor, 4 villager, 5 werewolf, 6 seer, 7 witch, 8 hunter, 9 villager;
# his cards: the guard, the idiot, the scapegoat. Night 1 opens with his step.
RECORD = """[setup]
seats = 9
roles = ["villager", "werewolf", "actor", "villager", "werewolf", "seer", "witch", "hunter", "villager"]
actor_cards = ["guard", "idiot", "scapegoat"]
[rules]
sheriff = false
"""
LIVING = tuple(range(1, 10))
CARDS = ["guard", "idiot", "scapegoat"]


def at_his_step() -> Game:
    game = replay(parse_record(RECORD)).game
    assert game.pending is not None and game.pending.step == "actor", game.pending
    return game


def wire(phone: Phone, since: int) -> list[tuple[str, int]]:
    return wire_until(phone, since, lambda screen: screen["step"] != "actor")


def test_every_living_phone_shows_his_step_alike_and_only_his_box_holds_the_cards() -> None:
    async def scenario() -> None:
        game = at_his_step()
        assert public_view(game).face_up == CARDS
        async with served(game) as (server, _):
            phones = await seat_everyone(server, game)
            screen = asked_alike(phones, 3)
            assert (screen["form"], screen["step"], screen["choices"], screen["allow_none"]) == (
                "cards",
                "actor",
                [1, 2, 3],
                True,
            )
            sealed = {p.seat: told(p.last("state")["screen"]) for p in phones}
            assert sealed[3]["info"]["cards"] == CARDS
            assert all("info" not in sealed[seat] for seat in LIVING if seat != 3)
            await close_all(phones)

    asyncio.run(scenario())


def test_a_press_by_anyone_else_is_answered_like_his_and_the_card_stays_on_the_table_till_morning() -> None:
    async def scenario() -> None:
        game = at_his_step()
        async with served(game) as (server, _):
            phones = {p.seat: p for p in await seat_everyone(server, game)}
            marks = {seat: len(phone.raw) for seat, phone in phones.items()}
            before = state_copy(game)
            decoys = [
                await phones[seat].answer({"type": "act", "step": "actor", "take": 1}) for seat in (4, 6)
            ]
            assert state_copy(game) == before and game.pending is not None and game.pending.step == "actor"
            for seat in (1, 2, 5, 7, 8, 9):
                await phones[seat].answer({"type": "act", "step": "actor", "take": seat % 3})
            real = await phones[3].answer({"type": "act", "step": "actor", "take": 2})
            assert (real["type"], real.get("step")) == ("ack", "actor"), real
            assert real.keys() == decoys[0].keys() and len(json.dumps(real)) == len(json.dumps(decoys[0]))
            await wait_until(lambda: game.pending is None or game.pending.step != "actor")
            assert state_of(game).player(3).card.value == "idiot"
            assert public_view(game).face_up == CARDS  # it leaves the table when the morning says so
            for seat in LIVING:
                await phones[seat].expect("state", where=lambda m: m["screen"]["step"] != "actor")
            seen = {seat: wire(phones[seat], marks[seat]) for seat in LIVING}
            assert all(seen[seat] == seen[LIVING[0]] for seat in LIVING), seen
            await close_all(list(phones.values()))

    asyncio.run(scenario())
