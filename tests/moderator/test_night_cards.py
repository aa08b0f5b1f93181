"""The New Moon cards' night steps are paced like the other night steps: however fast a phone
answers, a step lasts at least the drawn minimum, so its length tells nothing."""

from __future__ import annotations

import asyncio
import random

import engine.game  # noqa: F401  (registers every step)
from engine.steps import Kind
from narrator.moderator.botphones import seat_bots
from narrator.moderator.loop import Moderator
from narrator.phones import PhoneServer, PhoneTable
from narrator.timing import Clock, FastClock, Timers
from tests.moderator.test_failures import Lines
from tests.phones.harness import event_game
from tests.support.usual import STEPS

# The night decisions of the New Moon cards' steps (registered by `engine.cards`).
CARD_NIGHT_DECISIONS = {
    name
    for name, spec in STEPS.items()
    if spec.kind is Kind.NIGHT
    and spec.decision is not None
    and spec.begin.__module__.startswith("engine.cards")
}


class TimedTable(PhoneTable):
    """A table that notes when each step is narrated, on the moderator's clock."""

    clock: Clock

    def narrate(self, step: str | None, *, final: bool = False, seconds: float | None = None) -> None:
        self.narrated.append((step, self.clock.now(), self.game.over))
        super().narrate(step, final=final, seconds=seconds)

    narrated: list[tuple[str | None, float, bool]]


def test_the_cards_night_decisions_are_known_to_the_registry() -> None:
    assert CARD_NIGHT_DECISIONS == {"double_agent", "moon_seer", "touch", "specter", "church"}


def test_a_card_night_step_lasts_at_least_the_night_steps_minimum() -> None:
    async def scenario() -> tuple[TimedTable, Timers]:
        game = event_game(3, dark_moon=["touch_of_death", "double_agent"])
        table = TimedTable(game, auto_narrate=False)
        table.clock, table.narrated = FastClock(), []
        server = PhoneServer(table, host="127.0.0.1", port=0)
        await server.start()
        bots = await seat_bots(f"ws://127.0.0.1:{server.port}/ws", game.setup.seats, seed=3)
        timers = Timers(night_step=8, speech=1, last_speech=1, last_words=1)
        moderator = Moderator(table, Lines(), timers=timers, clock=table.clock, rng=random.Random(3))
        try:
            await asyncio.wait_for(moderator.run(), 120)
        finally:
            for bot in bots:
                await bot.stop()
            await server.stop()
        return table, timers

    table, timers = asyncio.run(scenario())
    lasted: dict[str, list[float]] = {}
    for (step, start, _), (_, end, over) in zip(table.narrated, table.narrated[1:], strict=False):
        if step in CARD_NIGHT_DECISIONS and not over:  # the step that ends the game ends at once
            lasted.setdefault(step, []).append(end - start)
    assert "touch" in lasted, f"no touch in this game: {sorted(lasted)}"
    print({step: len(times) for step, times in lasted.items()})
    for step, times in lasted.items():
        assert min(times) >= timers.night_step, (step, times)
