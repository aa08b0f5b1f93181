"""The devoted servant's swap through the real server (RULES-CHARACTERS.md, issue 37): when a
moment's deaths are said every living phone is asked the same question in the same picture (the
dead said as the grid), sealed alike; a press by anyone else is answered exactly as hers and
applies nothing; the wire tells no phone apart (the same count, type and size of messages to every
living phone); the dead's card waits for her step."""

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

# 1 villager, 2 werewolf, 3 devoted servant, 4 villager, 5 werewolf, 6 seer, 7 witch, 8 hunter,
# 9 villager. Night 1 the pack kills 8 (the hunter); day 1 his death is announced, then her step.
RECORD = """[setup]
seats = 9
roles = ["villager", "werewolf", "devoted_servant", "villager", "werewolf", "seer", "witch", "hunter", "villager"]
[rules]
sheriff = false
[[night]]
seer = 2
werewolves = 8
witch = {}
"""
LIVING = (1, 2, 3, 4, 5, 6, 7, 9)


def at_her_step() -> Game:
    game = replay(parse_record(RECORD)).game
    assert game.pending is not None and game.pending.step == "servant", game.pending
    return game


def wire(phone: Phone, since: int) -> list[tuple[str, int]]:
    return wire_until(phone, since, lambda screen: screen["step"] != "servant")


def test_every_living_phone_is_asked_the_same_question_and_only_hers_is_sealed_as_real() -> None:
    async def scenario() -> None:
        game = at_her_step()
        assert "card" not in public_view(game).deaths[0]  # the hunter's card waits for her step
        async with served(game) as (server, _):
            phones = await seat_everyone(server, game)
            living = [p for p in phones if p.seat in LIVING]
            screen = asked_alike(living, 3)
            assert (screen["form"], screen["step"], screen["choices"]) == (
                "seats",
                "servant",
                [8],
            )
            await close_all(phones)

    asyncio.run(scenario())


def test_a_press_by_anyone_else_is_answered_like_hers_and_applies_nothing() -> None:
    async def scenario() -> None:
        game = at_her_step()
        async with served(game) as (server, _):
            phones = {p.seat: p for p in await seat_everyone(server, game)}
            marks = {seat: len(phone.raw) for seat, phone in phones.items()}
            before = state_copy(game)
            decoys = [
                await phones[seat].answer({"type": "act", "step": "servant", "targets": [8]})
                for seat in (4, 6)
            ]
            assert state_copy(game) == before and game.pending is not None and game.pending.step == "servant"
            for seat in (1, 2, 5, 7, 9):
                await phones[seat].answer(
                    {"type": "act", "step": "servant", "targets": [8] if seat % 2 else []}
                )
            real = await phones[3].answer({"type": "act", "step": "servant", "targets": [8]})
            assert (real["type"], real.get("step")) == ("ack", "servant"), real
            assert [(d["type"], d["step"], told(d)) for d in decoys] == [("ack", "servant", {})] * 2
            assert real.keys() == decoys[0].keys() and len(json.dumps(real)) == len(json.dumps(decoys[0]))
            await wait_until(lambda: game.pending is None or game.pending.step != "servant")
            assert state_of(game).player(3).card.value == "hunter"
            for seat in LIVING:
                await phones[seat].expect("state", where=lambda m: m["screen"]["step"] != "servant")
            seen = {seat: wire(phones[seat], marks[seat]) for seat in LIVING}
            assert all(seen[seat] == seen[LIVING[0]] for seat in LIVING), seen
            await close_all(list(phones.values()))

    asyncio.run(scenario())


def test_her_grid_at_a_later_moment_is_that_moments_dead_alone() -> None:
    """She passed at night 1's dawn (the hunter, 8); day 1's vote sends 5 out: the grid every
    phone is shown is 5 alone, not every dead seat said so far (8's card is shown by then)."""
    from engine.decisions import DayVote
    from engine.roles.devoted_servant import ServantSwap

    async def scenario() -> None:
        game = at_her_step()
        game.apply(ServantSwap(target=0))
        game.apply(game.default())  # the hunter's shot
        assert game.pending is not None and game.pending.key == "vote"
        game.apply(DayVote(votes={seat: 5 for seat in state_of(game).alive() if seat != 5}))
        assert game.pending is not None and game.pending.step == "servant"
        deaths = public_view(game).deaths
        assert [(d["seat"], d.get("waiting", False)) for d in deaths] == [(8, False), (5, True)]
        async with served(game) as (server, _):
            phones = await seat_everyone(server, game)
            living = [p for p in phones if p.seat in state_of(game).alive()]
            assert {tuple(p.last("state")["screen"]["choices"]) for p in living} == {(5,)}
            await close_all(phones)

    asyncio.run(scenario())
