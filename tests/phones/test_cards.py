"""The New Moon event cards through the real server: every card step answered from the phones
of the seats that owe it and refused to the others, decoys at night, refusals in the player's
language, and the card drawn shown on every phone."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from engine.bots import random_decision
from engine.game import Game, state_of
from engine.state import Pending
from narrator.phones.catalogue import LOCALES, text
from narrator.phones.screens import form_of
from narrator.phones.wire import unseal
from tests.phones.harness import (
    Phone,
    close_all,
    game_at,
    parts_of,
    same_decision,
    seat_everyone,
    served,
    state_copy,
    told,
    wait_until,
)

NIGHT = ("double_agent", "moon_seer", "touch", "specter", "church")
DAY = (
    "medium",
    "question",
    "ghost",
    "pact",
    "punishment",
    "witnesses",
    "distrust",
    "report",
    "vouch",
    "influences",
    "executioner",
)
RULES: dict[str, dict[str, Any]] = {"medium": {"spiritualism": "three_questions"}}


def owed(pending: Pending) -> set[int]:
    """The seats whose phones get the real form (the accused of a Punishment waits)."""
    accused = pending.info.get("accused") if pending.step == "witnesses" else None
    return {s for s in pending.seats if s != accused}


def wrong_answer(game: Game, pending: Pending) -> dict[str, Any] | None:
    """A message from the owing seat that the rules refuse, if the step has one."""
    act: dict[str, Any] = {"type": "act", "step": pending.step}
    if pending.step == "ghost":
        truth = pending.info["truth"]
        return None if truth is None else {**act, "yes": not truth}
    if pending.step == "question":
        return {**act, "ask": "is_the_moon_made_of_cheese", "targets": []}
    dead = [s for s in range(1, game.setup.seats + 1) if not state_of(game).is_alive(s)]
    wolves = state_of(game).living_werewolves()
    outside = [s for s in dead + wolves if s not in pending.targets]
    if pending.step in ("pact", "touch", "witnesses") or not outside:
        return None
    return {**act, "targets": [outside[0]] * (2 if pending.step == "distrust" else 1)}


@pytest.mark.parametrize("step", NIGHT + DAY)
def test_a_card_step_is_answered_from_the_owing_phones_and_refused_to_the_others(step: str) -> None:
    async def scenario() -> None:
        game = game_at(step, **RULES.get(step, {}))
        pending = game.pending
        assert pending is not None and pending.step == step
        night = pending.phase.startswith("night")
        async with served(game) as (server, _):
            phones = await seat_everyone(server, game)
            for phone in phones:
                screen = phone.last("state")["screen"]
                assert screen["step"] == step
                mine = phone.seat in owed(pending)
                if night and (mine or state_of(game).is_alive(phone.seat)):  # one screen for all
                    assert not screen["real"] and screen["form"] == form_of(game.catalogue, step)
                    assert screen["info"] == {}
                    assert bool(unseal(screen["sealed"]).get("real")) == mine
                elif mine:
                    assert screen["real"] and screen["form"] == form_of(game.catalogue, step)
                else:
                    assert screen["form"] == "wait" and not screen["real"]

            others = [p for p in phones if p.seat not in pending.seats]
            if others:
                before = state_copy(game)
                touch = {"type": "act", "step": step, "targets": [others[0].seat], "yes": True}
                answer = await others[0].answer(touch)
                if night and state_of(game).is_alive(others[0].seat):
                    assert answer["type"] == "ack"  # a decoy, acknowledged and ignored
                else:
                    assert answer["code"] in ("not_yours", "dead")
                assert state_copy(game) == before

            owing = {p.seat: p for p in phones}
            wrong = wrong_answer(game, pending)
            if wrong is not None:
                before = state_copy(game)
                refused = await owing[min(owed(pending))].answer(wrong)
                assert refused["type"] == "error" and refused["code"].startswith("rule."), refused
                assert "(" not in refused["message"], refused  # a line of its own, not "unknown"
                assert state_copy(game) == before

            intended = random_decision(game, random.Random(7), self_destruct=0)
            logged = len(game.log)
            for seat, message in parts_of(intended, game):
                answer = await owing[seat].answer(message)
                assert answer["type"] == "ack", (seat, message, answer)
            await wait_until(lambda: len(game.log) > logged)
            assert same_decision(game.log[logged], intended), (game.log[logged], intended)
            await close_all(phones)

    asyncio.run(scenario())


def test_the_touch_of_death_is_settled_by_the_first_werewolf_who_touched() -> None:
    async def scenario() -> None:
        game = game_at("touch")
        pending = game.pending
        assert pending is not None and len(pending.seats) > 1
        async with served(game) as (server, _):
            phones = {p.seat: p for p in await seat_everyone(server, game)}
            first, second = pending.seats[0], pending.seats[1]
            await phones[first].answer({"type": "act", "step": "touch", "yes": False})
            assert game.pending is pending
            progress = await phones[second].expect("progress")  # every phone, no count (the pack's size)
            assert "answered" not in progress and "owed" not in progress and told(progress) == {}
            await wait_until(lambda: all(phone.count("progress") == 1 for phone in phones.values()))
            await phones[second].answer({"type": "act", "step": "touch", "yes": True})
            assert game.log[-1].model_dump() == {"touched": True}
            await close_all(list(phones.values()))

    asyncio.run(scenario())


def test_the_church_werewolves_see_each_others_picks_and_must_agree() -> None:
    async def scenario() -> None:
        game = game_at("church", gender="female", where=lambda p: len(p.seats) > 1)
        pending = game.pending
        assert pending is not None
        async with served(game) as (server, _):
            phones = {p.seat: p for p in await seat_everyone(server, game)}
            victim, other = pending.targets[0], pending.targets[1]
            first = pending.seats[0]
            await phones[first].answer({"type": "act", "step": "church", "targets": [other]})
            picks = await phones[pending.seats[1]].expect("progress")
            assert told(picks)["picks"][str(first)] == other and picks["step"] == "church"
            for wolf in pending.seats:
                answer = await phones[wolf].answer({"type": "act", "step": "church", "targets": [victim]})
                assert answer["type"] == "ack"
            assert game.log[-1].model_dump() == {"victim": victim}
            for seat, phone in phones.items():
                if seat not in pending.seats:
                    assert all(told(m) == {} for m in phone.inbox if m["type"] == "progress")
            await close_all(list(phones.values()))

    asyncio.run(scenario())


def test_the_report_counts_a_player_named_by_more_than_half_of_the_table() -> None:
    async def scenario() -> None:
        game = game_at("report")
        pending = game.pending
        assert pending is not None
        async with served(game) as (server, table):
            phones = {p.seat: p for p in await seat_everyone(server, game)}
            named, once = pending.targets[0], pending.targets[1]
            half = len(pending.seats) // 2
            for i, seat in enumerate(pending.seats):
                targets = [named] if i <= half else []
                if i == 0:
                    targets.append(once)
                assert (await phones[seat].answer({"type": "act", "step": "report", "targets": targets}))[
                    "type"
                ] == "ack"
            assert game.log[-1].model_dump() == {"seats": (named,)}
            state = await phones[named].expect("state", where=lambda m: m["screen"]["step"] != "report")
            assert state["view"]["public"]["moon"]["reported"] == [named]
            await close_all(list(phones.values()))

    asyncio.run(scenario())


def test_closing_a_table_decision_early_fills_what_the_rules_cannot_do_without() -> None:
    async def scenario() -> None:
        game = game_at("distrust")
        pending = game.pending
        assert pending is not None
        async with served(game, auto_narrate=False) as (server, table):
            table.narrate("distrust")
            phones = {p.seat: p for p in await seat_everyone(server, game)}
            voter = pending.seats[0]
            friends = [s for s in pending.targets if s != voter][:2]
            await phones[voter].answer({"type": "act", "step": "distrust", "targets": friends})
            applied = await table.close_step()
            assert applied is not None
            given = applied.decision.model_dump()["friends"]
            assert set(given) == set(pending.seats) and given[voter] == tuple(friends)
            await close_all(list(phones.values()))

    asyncio.run(scenario())


def test_every_phone_shows_the_card_drawn_and_its_text() -> None:
    async def scenario() -> None:
        game = game_at("pact")
        async with served(game) as (server, _):
            phones = await seat_everyone(server, game)
            moon = phones[0].last("state")["view"]["public"]["moon"]
            assert moon["played"][-1]["card"] == "pact_with_the_devil"
            assert "pact_with_the_devil" in moon["in_play"]
            for phone in phones:
                assert phone.last("state")["view"]["public"]["moon"] == moon
            welcome = phones[0].inbox[0]
            assert welcome["strings"]["cards"]["pact_with_the_devil"] == "恶魔的契约"
            assert welcome["strings"]["card_texts"]["pact_with_the_devil"].startswith("新月事件")
            assert welcome["variants"] == {"bleak_monday": "surely_not_him"}
            await close_all(phones)

    asyncio.run(scenario())


def test_every_card_step_has_a_title_in_every_locale() -> None:
    for locale in LOCALES:
        for step in NIGHT + DAY:
            assert text(locale, f"steps.{step}")


def test_a_phone_cannot_answer_a_card_step_with_a_malformed_question() -> None:
    async def scenario() -> None:
        game = game_at("question")
        pending = game.pending
        assert pending is not None
        async with served(game) as (server, _):
            phone = await (await Phone(f"ws://127.0.0.1:{server.port}/ws", game).open()).join(
                pending.seats[0]
            )
            before = state_copy(game)
            for ask in ("Has-A-Dash", "x" * 40, 7):
                answer = await phone.answer({"type": "act", "step": "question", "ask": ask})
                assert answer["code"] == "malformed"
            assert state_copy(game) == before
            await phone.close()

    asyncio.run(scenario())
