"""A table without phones: every decision keyed on the box's keypad, the moderator narrating."""

from __future__ import annotations

import asyncio
import io
import random
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from engine.decisions import Decision
from engine.events import Event
from engine.game import Game
from engine.rules import make_rules
from engine.setup import Setup
from engine.state import Pending
from engine.steps import Answer, StepSpec
from narrator.moderator.desk import KeypadDesk
from narrator.moderator.loop import Moderator
from narrator.phones import PhoneTable
from narrator.phones.keypad import Keypad, TerminalScreen
from narrator.timing import MIN_HEARD, FastClock, Heard, Timers
from tests.moderator.test_failures import Lines


def keyed_by_the_table(pending_now: Callable[[], Pending | None]) -> Iterator[str]:
    """The players at the keypad: the pack keys its victim, everyone else Enter (pass)."""
    while True:
        pending = pending_now()
        if pending is not None and pending.step == "werewolves":
            prey = [s for s in pending.targets if s not in pending.seats]
            yield from f"{prey[0]}\n"
        else:
            yield "\n"


class OneThreadGame(Game):
    """A game that notes every question asked of it from a thread other than its own (the
    event loop's): the keypad's thread must ask through the loop."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.home, self.strays = threading.get_ident(), []  # type: ignore[var-annotated]
        super().__init__(*args, **kwargs)

    def _note_thread(self, what: str) -> None:
        if threading.get_ident() != self.home:
            self.strays.append((what, threading.current_thread().name))

    @property
    def pending(self) -> Pending | None:
        self._note_thread("pending")
        return super().pending

    @property
    def spec(self) -> StepSpec | None:
        self._note_thread("spec")
        return super().spec

    @property
    def events(self) -> Sequence[Event]:
        self._note_thread("events")
        return super().events

    def owed(self) -> tuple[int, ...]:
        self._note_thread("owed")
        return super().owed()

    def part(self, seat: int, given: Answer) -> Decision:
        self._note_thread("part")
        return super().part(seat, given)

    def combine(self, parts: Mapping[int, Answer]) -> Decision:
        self._note_thread("combine")
        return super().combine(parts)

    def check(self, decision: Decision, *, by: int | None = None) -> None:
        self._note_thread("check")
        super().check(decision, by=by)

    def apply(self, decision: Decision, *, by: int | None = None) -> list[Event]:
        self._note_thread("apply")
        return super().apply(decision, by=by)


def test_a_game_played_on_the_keypad_alone_ends(tmp_path: object) -> None:
    game = OneThreadGame(
        Setup(seats=5, roles=("werewolf", "seer", "witch", "villager", "villager")),
        make_rules({"sheriff": False}),
    )
    screen = io.StringIO()

    async def play() -> Lines:
        table = PhoneTable(game, auto_narrate=False)
        loop = asyncio.get_running_loop()

        def pending_now() -> Pending | None:  # the players look at the box: on the loop
            async def pending() -> Pending | None:
                return game.pending

            return asyncio.run_coroutine_threadsafe(pending(), loop).result()

        keypad = Keypad(
            keyed_by_the_table(pending_now), TerminalScreen(screen), private_seconds=0, sleep=lambda _s: None
        )
        desk = KeypadDesk(keypad, table, asyncio.get_running_loop())
        voice = Lines()
        moderator = Moderator(
            table,
            voice,
            timers=Timers(decision=600, vote=600),
            clock=FastClock(),
            rng=random.Random(2),
            desk=desk,
        )
        # An evening whose steps were all keyed at once: its pretended steps sound like them.
        moderator.pacing.heard = [Heard(0.0, 600.0)] * MIN_HEARD
        try:
            await asyncio.wait_for(moderator.run(), 60)
        finally:
            desk.close()
        return voice

    voice = asyncio.run(play())
    assert game.over and game.outcome().winner.value == "werewolves"  # type: ignore[union-attr]
    assert game.strays == []  # the keypad's thread asked the game nothing itself
    assert [key for key, _ in voice.said][-1] == "game.over"
    assert "reminder.hurry" not in [key for key, _ in voice.said]  # every step was keyed in time
    shown = screen.getvalue()
    assert "1" in shown and len(shown.splitlines()) > 10
