"""The night's clock tells nothing, measured on the judge's own timeline: whole games on the fast
clock, with the real voice (espeak-ng) whose lines take their real length on that clock, and
phones whose players now and then let a night step's time run out.

- a pretended step (its holder dead or absent) that runs to the deadline closes at the very
  second a real step whose actor lets the time run out does, counted from the step's opening
  and from the reminder ("请尽快决定"), however long the reminder takes to say;
- every reminder, real or pretended, falls at the same second of its step;
- a step that only shows its holder something (the hunter's and the wolf king's shot status,
  the gravekeeper's answer, the hidden wolf's pack) asks nothing: real, untouched or pretended,
  it lasts the night step's drawn minimum, never with a reminder.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import engine.game  # noqa: F401  (registers every step)
from engine.boards import find_board
from engine.game import Game
from engine.rules import make_rules
from engine.setup import Setup
from engine.steps import Form, Kind, is_shared
from narrator.deadlines import shown
from narrator.moderator.botphones import BotPhone
from narrator.moderator.loop import Moderator
from narrator.phones import PhoneServer, PhoneTable
from narrator.timing import Clock, FastClock, Timers
from narrator.voice.speaker import Speaker, SpeakerOptions
from tests.support.usual import STEPS

TIMERS = Timers(
    decision=12,
    vote=10,
    reminder=5,
    night_step=3,
    meeting=1,
    speech=2,
    last_speech=2,
    last_words=1,
    self_destruct_last_words=1,
    warning=1,
    peek=1,
)
SHOWN = ("awakened_convert", "gravekeeper", "hidden_wolf", "hunter_status", "wolf_king_status")
EPSILON = 1e-6


def test_the_steps_that_only_show_are_the_ones_the_engine_declares_notices() -> None:
    """The judge paces as a notice exactly the night steps the engine declares `Form.NOTICE`
    (what the phones and the keypad show as nothing to decide), not by a decision's fields."""
    notices = {name for name, spec in STEPS.items() if spec.form == Form.NOTICE}
    assert notices == set(SHOWN) == {name for name, spec in STEPS.items() if shown(spec)}
    assert all(STEPS[name].kind is Kind.NIGHT for name in notices)


NINE = ("werewolf", "werewolf", "seer", "witch", "guard", "hunter", "villager", "villager", "villager")


class TimedTable(PhoneTable):
    """A table that notes, on the moderator's clock, when each step opens and closes, and
    whether the step narrated is the game's pending one (real) or not (pretended), and whether
    the game is over by then."""

    clock: Clock
    narrated: list[tuple[str | None, float, bool, bool, int | None]]

    def narrate(self, step: str | None, *, final: bool = False, seconds: float | None = None) -> None:
        pending = self.game.pending
        real = pending is not None and pending.step == step
        now, over = self.clock.now(), self.game.over
        super().narrate(step, final=final, seconds=seconds)
        self.narrated.append((step, now, real, over, self.views.clock()["step"]))  # the phones' countdown


class SpokenOnTheClock:
    """The judge's real voice (espeak-ng, no sound device) on the fast clock: each line takes
    its rendered length on the clock, as it takes its time on a real clock; every line is noted
    with the second it began and ended."""

    def __init__(self, speaker: Speaker, clock: FastClock, loop: asyncio.AbstractEventLoop) -> None:
        self.speaker, self.clock, self.loop = speaker, clock, loop
        self.lines: list[tuple[str, float, float]] = []

    def say(self, key: str, /, *, wait: bool = True, **params: object) -> object:
        began = self.clock.now()
        playback = self.speaker.say(key, **params)
        asyncio.run_coroutine_threadsafe(self.clock.sleep(playback.clip.seconds), self.loop).result()
        self.lines.append((key, began, self.clock.now()))
        return playback

    def say_text(self, text: str, /, *, wait: bool = True, label: str = "say") -> object:
        return self.speaker.say_text(text, label=label)

    def night(self, on: bool) -> None:
        pass


class SleepyPhone(BotPhone):
    """A bot that, at a night step it really acts at, now and then lets the time run out; by
    day too, more rarely."""

    async def _act(self, screen: dict[str, Any], abstain: bool = False, attempt: int = 0) -> None:
        phase = str(self.view.get("public", {}).get("phase", ""))
        draw = random.Random(f"{self.seed}:{self.seat}:{phase}:{screen.get('step')}:sleepy")
        if screen.get("real") and draw.random() < (0.45 if phase.startswith("night") else 0.1):
            return
        await super()._act(screen, abstain, attempt)


@dataclass
class Step:
    name: str
    real: bool
    opened: float
    closed: float
    reminders: list[float] = field(default_factory=list)

    @property
    def lasted(self) -> float:
        return self.closed - self.opened


def steps(table: TimedTable, lines: list[tuple[str, float, float]]) -> Iterator[Step]:
    """The night steps of the timeline (meetings left out, and the step that ends the game,
    which ends at once), each with its reminders."""
    for step, _ in counted(table):
        if STEPS[step.name].kind is not Kind.NIGHT:
            continue
        step.reminders = [
            b for key, b, _ in lines if key == "reminder.hurry" and step.opened <= b < step.closed
        ]
        yield step


def counted(table: TimedTable) -> Iterator[tuple[Step, int | None]]:
    """Every step of the timeline (but the step that ends the game, which ends at once), with
    the countdown every phone was sent as it opened: a step narrated twice in a row (a dead
    seat's decision, offered with the line that asks for it, then awaited) opened the first time."""
    narrated = [
        n for i, n in enumerate(table.narrated) if i == 0 or n[0] is None or n[0] != table.narrated[i - 1][0]
    ]
    for (name, opened, real, _, countdown), (after, closed, _, over, _) in zip(
        narrated, narrated[1:], strict=False
    ):
        if name is not None and after is None and not over:
            yield Step(name, real, opened, closed), countdown


async def play(game: Game, seed: int, speaker: Speaker) -> tuple[TimedTable, list[tuple[str, float, float]]]:
    clock = FastClock()
    table = TimedTable(game, auto_narrate=False)
    table.clock, table.narrated, table.timers = clock, [], TIMERS  # as the session sets it
    server = PhoneServer(table, host="127.0.0.1", port=0)
    await server.start()
    url = f"ws://127.0.0.1:{server.port}/ws"
    phones = [SleepyPhone(url, seat, seed, speech_done=True) for seat in range(1, game.setup.seats + 1)]
    for phone in phones:
        await phone.start()
    voice = SpokenOnTheClock(speaker, clock, asyncio.get_running_loop())
    moderator = Moderator(table, voice, timers=TIMERS, clock=clock, rng=random.Random(seed))
    try:
        await asyncio.wait_for(moderator.run(), 600)
    finally:
        for phone in phones:
            await phone.stop()
        await server.stop()
    assert game.over, "the game reached no winner"
    return table, voice.lines


def games() -> Iterator[tuple[str, Game, int]]:
    for seed in (1, 2, 3):
        yield "nine", Game(Setup(seats=9, roles=NINE), make_rules({"sheriff": True})), seed
    for board_id in (
        "wolf-king-guard-12",
        "gargoyle-gravekeeper-12",
        "eternal-order-12",
        "masquerade-12",
        "warden-12",
        "actor-10",
    ):
        board = find_board(board_id)
        for seed in (1, 2):
            yield board_id, Game(board.deal(seed), board.rules({})), seed


Played = list[tuple[str, int, TimedTable, list[tuple[str, float, float]]]]


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Played:
    cache = tmp_path_factory.mktemp("voice-cache")
    options = SpeakerOptions(locale="zh-CN", play=False, pace=False, printed=False, cache_dir=Path(cache))
    with Speaker(options) as speaker:
        return [(name, seed, *asyncio.run(play(game, seed, speaker))) for name, game, seed in games()]


@pytest.fixture(scope="module")
def timeline(played: Played) -> list[tuple[str, int, Step]]:
    return [(name, seed, step) for name, seed, table, lines in played for step in steps(table, lines)]


def kind_of(step: Step) -> str:
    """night (a real night step), pretended, notice (real or pretended), vote (the table's
    decision by day), day (one seat's decision by day)."""
    spec = STEPS[step.name]
    if shown(spec):
        return "notice"
    if spec.kind is Kind.DAY:
        return "vote" if is_shared(spec) else "day"
    return spec.kind.value if step.real else "pretended"


def test_every_phone_counts_down_the_seconds_the_judge_gives_the_step(played: Played) -> None:
    """The countdown on the phones is the step's own deadline, for every kind of step: a night
    step (real or pretended) the decision's time, a notice its drawn minimum, the table's vote
    by day the vote's time, one seat's decision by day the decision's time; no step outlasts
    it, and each kind has steps that ran to it."""
    ran_out: set[str] = set()
    for name, seed, table, _ in played:
        for step, countdown in counted(table):
            kind = kind_of(step)
            most = step.lasted if kind == "notice" else TIMERS.vote if kind == "vote" else TIMERS.decision
            assert countdown is not None and abs(countdown - most) <= 0.5, (name, seed, kind, step, countdown)
            assert step.lasted <= most + EPSILON, (name, seed, kind, step, countdown)
            if abs(step.lasted - most) < EPSILON:
                ran_out.add(kind)
    assert {"night", "pretended", "notice", "vote"} <= ran_out, ran_out


def test_a_pretended_step_run_to_the_deadline_closes_at_the_second_a_real_one_does(
    timeline: list[tuple[str, int, Step]],
) -> None:
    deadline = [(game, seed, step) for game, seed, step in timeline if step.name not in SHOWN]
    ran_out = {True: set(), False: set()}  # type: dict[bool, set[tuple[float, float]]]
    counts = {True: 0, False: 0}
    for game, seed, step in deadline:
        if step.lasted < TIMERS.decision - EPSILON:
            continue
        assert len(step.reminders) == 1, (game, seed, step)
        counts[step.real] += 1
        ran_out[step.real].add((round(step.lasted, 6), round(step.closed - step.reminders[0], 6)))
    print({"real": counts[True], "pretended": counts[False]}, ran_out)
    assert counts[True] >= 3 and counts[False] >= 3, "too few steps ran out to measure"
    assert ran_out[True] == {(TIMERS.decision, TIMERS.reminder)}, ran_out
    assert ran_out[False] == ran_out[True], "a pretended step runs to the deadline unlike a real one"


def test_every_reminder_falls_at_the_same_second_of_its_step(timeline: list[tuple[str, int, Step]]) -> None:
    reminded = [(game, seed, step) for game, seed, step in timeline if step.reminders]
    assert any(step.real for _, _, step in reminded) and any(not step.real for _, _, step in reminded)
    for game, seed, step in reminded:
        at = step.reminders[0] - step.opened
        assert abs(at - (TIMERS.decision - TIMERS.reminder)) < EPSILON, (game, seed, step)
        assert step.lasted <= TIMERS.decision + EPSILON, (game, seed, step)


def test_a_step_that_only_shows_something_is_paced_like_any_other_and_asks_nothing(
    timeline: list[tuple[str, int, Step]],
) -> None:
    shown = [(game, seed, step) for game, seed, step in timeline if step.name in SHOWN]
    kinds = {(step.name, step.real) for _, _, step in shown}
    assert {("hunter_status", True), ("hunter_status", False), ("gravekeeper", True)} <= kinds, kinds
    for game, seed, step in shown:
        assert not step.reminders, ("nothing to decide, nothing to hurry", game, seed, step)
        assert TIMERS.night_step - EPSILON <= step.lasted <= TIMERS.night_step * 1.5 + EPSILON, (
            game,
            seed,
            step,
        )


def test_the_warden_s_pair_waking_is_timed_as_its_pretended_twin(
    timeline: list[tuple[str, int, Step]],
) -> None:
    """孤注一掷: the two traders' step (`warden_trade`, two seats owing one decision) was both
    real and pretended in the games played, and each lasted no longer than a night decision."""
    trades = [step for game, _, step in timeline if game == "warden-12" and step.name == "warden_trade"]
    assert {step.real for step in trades} == {True, False}, trades
    assert all(step.lasted <= TIMERS.decision + EPSILON for step in trades)
