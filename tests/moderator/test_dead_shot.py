"""A dead seat's decision by day (the hunter's shot) is on his phone as the judge asks for it
(`narrator.moderator.loop` Rule 2), not once the line is said: his phone said "你已出局：请安静观看"
for the 3 s of "N号，你可以开枪，你要带走谁？" before (issue 40)."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from engine.record import parse_record, replay
from narrator.moderator.loop import Moderator
from narrator.timing import FastClock, Timers
from tests.engine.harness import table as record_table
from tests.phones.harness import Phone, served, ws_url

NIGHT_THE_HUNTER_DIES = "[[night]]\nguard = 5\nseer = 1\nwerewolves = 6\nwitch = {}\n"


class AskingVoice:
    """A silent voice that, while it says a line, notes the step the phone shows (the last
    `state` it got within `wait` seconds)."""

    def __init__(self, phone: Phone, wait: float = 2.0) -> None:
        self.phone, self.wait = phone, wait
        self.shown_while: dict[str, str | None] = {}

    def _shown(self) -> str | None:
        states = [m for m in self.phone.inbox if m["type"] == "state"]
        return states[-1]["screen"].get("step") if states else None

    def say(self, key: str, /, *, wait: bool = True, **params: object) -> object:
        deadline = time.monotonic() + self.wait
        while self._shown() != "hunter" and time.monotonic() < deadline:
            time.sleep(0.01)
        self.shown_while[key] = self._shown()
        return None

    def say_text(self, text: str, /, *, wait: bool = True, label: str = "say") -> object:
        return None

    def night(self, on: bool) -> None:
        pass


def test_a_dead_hunters_shot_is_on_his_phone_while_the_judge_asks_for_it() -> None:
    async def scenario() -> dict[str, Any]:
        game = replay(parse_record(record_table(rules="sheriff = false") + NIGHT_THE_HUNTER_DIES)).game
        assert game.pending is not None and game.pending.step == "hunter" and not game.is_alive(6)
        async with served(game, auto_narrate=False) as (server, table):
            phone = await Phone(ws_url(server), game).open()
            await phone.join(6)
            voice = AskingVoice(phone)
            moderator = Moderator(table, voice, timers=Timers(decision=30), clock=FastClock())
            last = len(game.events) - 1
            assert game.events[last].data.get("key") == "hunter.shoot"
            await moderator.narrate(game.events[last], last)
            await phone.close()
            return {"shown": voice.shown_while, "narrating": table.narrating}

    seen = asyncio.run(scenario())
    assert seen["shown"]["hunter.shoot"] == "hunter", seen
    assert seen["narrating"] == "hunter"


class ClockNotingVoice:
    """A silent voice noting, for every line, the step the table narrates and the countdown
    every phone and the public screen show while it is said; the hunter's line lasts until his
    phone has shot (his answer comes while the judge still asks)."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.heard: list[tuple[str, str | None, int | None]] = []

    def say(self, key: str, /, *, wait: bool = True, **params: object) -> object:
        if key == "hunter.shoot":
            deadline = time.monotonic() + 5
            while self.table.game.pending is not None and self.table.game.pending.step == "hunter":
                assert time.monotonic() < deadline, "the hunter's phone never shot"
                time.sleep(0.01)
        self.heard.append((key, self.table.narrating, self.table.views.clock()["step"]))
        return None

    def say_text(self, text: str, /, *, wait: bool = True, label: str = "say") -> object:
        return None

    def night(self, on: bool) -> None:
        pass


def test_a_shot_taken_while_the_judge_asks_for_it_ends_its_step_and_its_countdown() -> None:
    """The hunter's phone shoots as the line asks: the lines after it are said with no step
    narrated and no countdown (his step's ran on through the last words and into the night)."""

    async def scenario() -> list[tuple[str, str | None, int | None]]:
        game = replay(parse_record(record_table(rules="sheriff = false") + NIGHT_THE_HUNTER_DIES)).game
        async with served(game, auto_narrate=False) as (server, table):
            phone = await Phone(ws_url(server), game).open()
            await phone.join(6)
            voice = ClockNotingVoice(table)
            moderator = Moderator(table, voice, timers=Timers(decision=30, last_words=1), clock=FastClock())
            moderator._seen = len(game.events) - 1  # noqa: SLF001 - from the line that asks for the shot

            async def shoot() -> None:
                await phone.expect("state", where=lambda m: m["screen"].get("step") == "hunter")
                await phone.send({"type": "act", "step": "hunter", "targets": [3]})

            shooting = asyncio.create_task(shoot())
            await moderator.narrate_new()
            await shooting
            await phone.close()
            return voice.heard

    heard = asyncio.run(scenario())
    keys = [key for key, _, _ in heard]
    assert keys[0] == "hunter.shoot" and len(keys) > 1, keys
    assert heard[1:] and all((narrating, clock) == (None, None) for _, narrating, clock in heard[1:]), heard
