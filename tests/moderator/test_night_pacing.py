"""A pretended night step sounds like a real one of the evening (`NightPacing.pretended`): as
long, with the reminder when the real one had it, as far from the deadline after it, closing at
the deadline when it ran out; a prior stands in while the evening has heard few real steps."""

from __future__ import annotations

import random

from narrator.timing import MIN_HEARD, Heard, NightPacing, Timers

TIMERS = Timers(decision=40, reminder=10, night_step=8)
LIMIT = TIMERS.decision
DRAWS = 4000


def pacing(heard: list[float], seed: int = 1, timers: Timers = TIMERS) -> NightPacing:
    paced = NightPacing(timers, random.Random(seed))
    for seconds in heard:
        paced.record(seconds)
    return paced


def test_a_pretended_step_replays_a_real_step_that_ran_out_to_its_deadline() -> None:
    paced = pacing([LIMIT + 0.04] * MIN_HEARD)  # the close a moment after the deadline
    for _ in range(50):
        heard = paced.pretended(LIMIT)
        assert heard.reminded and heard.closes == LIMIT


def test_a_pretended_step_keeps_a_real_steps_gap_after_the_reminder() -> None:
    paced = pacing([36.5] * MIN_HEARD)
    for _ in range(50):
        heard = paced.pretended(LIMIT)
        assert heard.reminded and heard.closes == 36.5


def test_a_pretended_step_answered_early_lasts_the_drawn_minimum_without_a_reminder() -> None:
    paced = pacing([0.3] * MIN_HEARD)
    for _ in range(50):
        heard = paced.pretended(LIMIT)
        assert not heard.reminded
        assert TIMERS.night_step <= heard.closes <= TIMERS.night_step * 1.5


def test_a_step_heard_with_other_timers_keeps_its_distance_from_the_deadline() -> None:
    """An evening's earlier game gave 40 s with the reminder at 30 s; this one gives 30 s."""
    earlier = pacing([LIMIT + 0.1] * 3 + [35.0] * 3)
    now = NightPacing(Timers(decision=30, reminder=10, night_step=8), random.Random(2))
    now.heard = earlier.heard  # the evening's, as the session hands it on
    closes = {now.pretended(30).closes for _ in range(200)}
    assert closes == {30.0, 25.0}


def test_the_reminder_comes_as_often_as_at_the_evenings_real_steps() -> None:
    real = [1.0] * 12 + [34.0] * 3 + [LIMIT] * 5  # 8 of 20 reminded, 5 ran out
    paced = pacing(real)
    draws = [paced.pretended(LIMIT) for _ in range(DRAWS)]
    reminded = sum(d.reminded for d in draws) / DRAWS
    ran_out = sum(d.closes == LIMIT for d in draws) / DRAWS
    assert abs(reminded - 8 / 20) < 0.03, reminded
    assert abs(ran_out - 5 / 20) < 0.03, ran_out


def test_before_the_evening_hears_a_real_step_a_pretended_one_may_hear_the_reminder_and_run_out() -> None:
    """The first pretended step of an evening is no tell either: a slow player's step (the
    reminder, the deadline) is among what it may sound like."""
    paced = pacing([])
    draws = [paced.pretended(LIMIT) for _ in range(DRAWS)]
    assert 0.3 < sum(d.reminded for d in draws) / DRAWS < 0.5
    assert 0.1 < sum(d.closes == LIMIT for d in draws) / DRAWS < 0.3
    assert all(TIMERS.night_step <= d.closes <= LIMIT for d in draws)


def test_the_evenings_record_outlives_a_game() -> None:
    first = pacing([LIMIT] * MIN_HEARD)
    second = NightPacing(TIMERS, random.Random(3))
    second.heard = first.heard
    second.record(2.0)
    assert first.heard[-1] == Heard(2.0, LIMIT) and len(first.heard) == MIN_HEARD + 1
