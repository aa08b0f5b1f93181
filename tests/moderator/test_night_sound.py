"""The ear cannot tell a pretended night step from a real one: over evenings of bot games whose
players answer at once, later, after the reminder ("请尽快决定") or not at all, a pretended
step's reminder comes as often, and its close as late, as a real step's; a two-sample test of
each (Fisher's exact test for the reminder, Kolmogorov-Smirnov for the close and the gap after
the reminder) cannot tell them apart.

The games run on the fast clock with the judge's real voice (espeak-ng, each line its rendered
length on the clock), as in test_night_clock; each evening's games share its record of real
steps, as the session's do (`NightPacing.heard`). Twelve games of ten seats with a thief whose
card stays face down, so that the thief's pretended step opens each game before any real one.
A p-value under CANNOT_TELL tells them apart; the runs are the same from one to the next but
for a phone's answer slipping by a tick of the fast clock under load, and on a pacing that is
right each test falls under it once in a hundred such runs. On the pacing before (a record
per game, and before the game's first real step a length that never reached the reminder),
the steps that open a game heard the reminder 0 times in 12 (Fisher p = 0.0004).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import math
import random
from pathlib import Path
from typing import Any

import pytest

import engine.game  # noqa: F401  (registers every step)
from engine.game import Game
from engine.roles import Role
from engine.rules import make_rules
from engine.setup import deal
from engine.steps import Kind
from narrator.deadlines import shown
from narrator.moderator.botphones import BotPhone
from narrator.moderator.loop import Moderator
from narrator.phones import PhoneServer
from narrator.timing import FastClock, Heard, Timers
from narrator.voice.speaker import Speaker, SpeakerOptions
from tests.moderator.test_night_clock import SpokenOnTheClock, Step, TimedTable, steps
from tests.support.usual import STEPS

TIMERS = Timers(
    decision=8,
    vote=4,
    reminder=3,
    night_step=1,
    meeting=1,
    speech=1,
    last_speech=1,
    last_words=1,
    self_destruct_last_words=1,
    warning=1,
    peek=1,
)
# Ten seats and a thief: two cards stay face down, and their steps are pretended from night 1.
THIEF_DECK = (
    "thief",
    "werewolf",
    "werewolf",
    "werewolf",
    "seer",
    "witch",
    "guard",
    "hunter",
    "villager",
    "villager",
    "villager",
    "villager",
)
EVENINGS, GAMES = 4, 3  # evenings, and games in each
LEAST = 200  # night steps measured, real and pretended
CANNOT_TELL = 0.01  # the least p-value of each two-sample test (below it, the test tells them apart)


class PacedPhone(BotPhone):
    """A bot that, at a night step it really acts at, answers at once, a while later, after the
    reminder, or never (the time runs out), on the judge's clock; by day at once."""

    clock: FastClock
    later: set[asyncio.Task[None]]

    async def _act(self, screen: dict[str, Any], abstain: bool = False, attempt: int = 0) -> None:
        phase = str(self.view.get("public", {}).get("phase", ""))
        if not screen.get("real") or not phase.startswith("night") or abstain or attempt:
            await super()._act(screen, abstain, attempt)
            return
        draw = random.Random(f"{self.seed}:{self.seat}:{phase}:{screen.get('step')}:paced")
        remind_at = TIMERS.decision - TIMERS.reminder
        kind = draw.random()
        if kind < 0.25:
            return  # the time runs out
        if kind < 0.6:
            await super()._act(screen)
            return
        after = (
            draw.uniform(0.5, remind_at) if kind < 0.85 else draw.uniform(remind_at, TIMERS.decision - 0.3)
        )
        task = asyncio.create_task(self._answer_at(self.clock.now() + after, screen))
        self.later.add(task)
        task.add_done_callback(self.later.discard)

    async def _answer_at(self, at: float, screen: dict[str, Any]) -> None:
        while self.clock.now() < at:
            await asyncio.sleep(0.002)
        if self.screen.get("step") == screen.get("step") and not self.screen.get("answered"):
            await super()._act(screen)

    async def stop(self) -> None:
        for task in list(self.later):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await super().stop()


async def play(game: Game, seed: int, speaker: Speaker, heard: list[Heard]) -> list[Step]:
    """One game of an evening whose real night steps so far are `heard`; its night steps."""
    clock = FastClock()
    table = TimedTable(game, auto_narrate=False)
    table.clock, table.narrated, table.timers = clock, [], TIMERS
    server = PhoneServer(table, host="127.0.0.1", port=0)
    await server.start()
    url = f"ws://127.0.0.1:{server.port}/ws"
    phones = [PacedPhone(url, seat, seed, speech_done=True) for seat in range(1, game.setup.seats + 1)]
    for phone in phones:
        phone.clock, phone.later = clock, set()
        await phone.start()
    voice = SpokenOnTheClock(speaker, clock, asyncio.get_running_loop())
    moderator = Moderator(table, voice, timers=TIMERS, clock=clock, rng=random.Random(seed))
    moderator.pacing.heard = heard  # the evening's, as the session hands it to each game
    try:
        await asyncio.wait_for(moderator.run(), 600)
    finally:
        for phone in phones:
            await phone.stop()
        await server.stop()
    assert game.over, "the game reached no winner"
    return [step for step in steps(table, voice.lines) if not shown(table.game.catalogue.steps[step.name])]


def thief_down(count: int) -> list[int]:
    """The first `count` seeds whose deal leaves the thief's card face down: the thief's step
    opens the night pretended, before any real step of the game."""
    seeds = (seed for seed in itertools.count(1) if Role.THIEF not in deal(THIEF_DECK, 10, seed).roles)
    return list(itertools.islice(seeds, count))


@pytest.fixture(scope="module")
def evenings(tmp_path_factory: pytest.TempPathFactory) -> list[list[list[Step]]]:
    """EVENINGS evenings of GAMES games each (a thief's ten seats, the thief's card face down),
    each evening's games sharing its record of real steps; the night steps of each game."""
    cache = tmp_path_factory.mktemp("voice-cache")
    options = SpeakerOptions(locale="zh-CN", play=False, pace=False, printed=False, cache_dir=Path(cache))
    seeds = iter(thief_down(EVENINGS * GAMES))
    played: list[list[list[Step]]] = []
    with Speaker(options) as speaker:
        for _ in range(EVENINGS):
            heard: list[Heard] = []
            games = [
                (Game(deal(THIEF_DECK, 10, seed), make_rules({})), seed)
                for seed in itertools.islice(seeds, GAMES)
            ]
            played.append([asyncio.run(play(game, seed, speaker, heard)) for game, seed in games])
    return played


@pytest.fixture(scope="module")
def night_steps(evenings: list[list[list[Step]]]) -> list[Step]:
    measured = [step for evening in evenings for game in evening for step in game]
    assert all(STEPS[step.name].kind is Kind.NIGHT for step in measured)
    return measured


def fisher_exact(a: int, b: int, c: int, d: int) -> float:
    """The two-sided p-value of Fisher's exact test of the 2×2 table [[a, b], [c, d]]: the
    chance, with the margins fixed, of a table no likelier than this one."""
    row, column, total = a + b, a + c, a + b + c + d

    def chance(x: int) -> float:
        return math.comb(column, x) * math.comb(total - column, row - x) / math.comb(total, row)

    seen = chance(a)
    low, high = max(0, row + column - total), min(row, column)
    return min(1.0, sum(p for x in range(low, high + 1) if (p := chance(x)) <= seen * (1 + 1e-9)))


def kolmogorov_smirnov(first: list[float], second: list[float]) -> tuple[float, float]:
    """The two-sample Kolmogorov-Smirnov statistic D of two samples and its p-value (the
    asymptotic distribution, with Stephens' correction for small samples)."""
    n, m = len(first), len(second)
    d = max(
        abs(sum(v <= x for v in first) / n - sum(v <= x for v in second) / m)
        for x in sorted({*first, *second})
    )
    effective = math.sqrt(n * m / (n + m))
    lam = (effective + 0.12 + 0.11 / effective) * d
    if lam < 1e-3:
        return d, 1.0
    p = 2 * sum((-1) ** (j - 1) * math.exp(-2 * j * j * lam * lam) for j in range(1, 101))
    return d, min(1.0, max(0.0, p))


def test_the_statistics_tell_apart_what_differs_and_not_what_does_not() -> None:
    """The two tests themselves: 7 of 8 against 1 of 19 is told apart, like against like not."""
    assert fisher_exact(7, 1, 1, 18) < 0.001
    assert fisher_exact(10, 30, 5, 15) > 0.9
    draw = random.Random(1)
    same = [draw.uniform(0, 8) for _ in range(120)], [draw.uniform(0, 8) for _ in range(80)]
    shifted = [draw.uniform(0, 8) for _ in range(120)], [draw.uniform(1.5, 9.5) for _ in range(80)]
    assert kolmogorov_smirnov(*same)[1] > 0.05
    assert kolmogorov_smirnov(*shifted)[1] < 0.01


def test_a_pretended_step_sounds_like_a_real_one_of_the_evening(night_steps: list[Step]) -> None:
    real = [step for step in night_steps if step.real]
    pretended = [step for step in night_steps if not step.real]
    ran_out = [step for step in real if step.lasted >= TIMERS.decision - 1e-6]
    reminded = {
        "real": sum(bool(step.reminders) for step in real),
        "pretended": sum(bool(step.reminders) for step in pretended),
    }
    gaps = {
        "real": [step.closed - step.reminders[0] for step in real if step.reminders],
        "pretended": [step.closed - step.reminders[0] for step in pretended if step.reminders],
    }
    reminder_p = fisher_exact(
        reminded["real"],
        len(real) - reminded["real"],
        reminded["pretended"],
        len(pretended) - reminded["pretended"],
    )
    close_d, close_p = kolmogorov_smirnov([s.lasted for s in real], [s.lasted for s in pretended])
    gap_d, gap_p = kolmogorov_smirnov(gaps["real"], gaps["pretended"])
    print(
        f"night steps {len(night_steps)}: real {len(real)} ({len(ran_out)} ran out), pretended {len(pretended)}; "
        f"reminder real {reminded['real']}/{len(real)}, pretended {reminded['pretended']}/{len(pretended)}, "
        f"Fisher p={reminder_p:.3f}; close KS D={close_d:.3f} p={close_p:.3f}; "
        f"gap after the reminder KS D={gap_d:.3f} p={gap_p:.3f}"
    )
    assert len(night_steps) >= LEAST and len(pretended) >= 50 and len(ran_out) >= 20
    assert reminder_p > CANNOT_TELL, "the reminder tells a real step from a pretended one"
    assert close_p > CANNOT_TELL, "the close tells a real step from a pretended one"
    assert len(gaps["pretended"]) >= 10 and gap_p > CANNOT_TELL, "the gap after the reminder tells"


def test_the_pretended_steps_that_open_a_game_sound_like_real_ones(
    evenings: list[list[list[Step]]], night_steps: list[Step]
) -> None:
    """The thief's pretended step opens each game's first night, before the game has a real
    step: it hears the reminder as often as the evening's real steps do, in the evening's
    first game (the prior) as in its next ones (the evening's real steps)."""
    opening = [game[0] for evening in evenings for game in evening]
    assert all(step.name == "thief" and not step.real for step in opening)
    real = [step for step in night_steps if step.real]
    reminded = sum(bool(step.reminders) for step in opening)
    real_reminded = sum(bool(step.reminders) for step in real)
    p = fisher_exact(reminded, len(opening) - reminded, real_reminded, len(real) - real_reminded)
    print(
        f"opening steps reminded {reminded}/{len(opening)}, real {real_reminded}/{len(real)}: Fisher p={p:.3f}"
    )
    assert p > CANNOT_TELL, "the reminder tells the step that opens a game"
