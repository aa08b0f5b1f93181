"""How long the judge gives a step at most: the one place both the moderator's deadlines and
the phones' countdowns read (`narrator.phones.said` Rule 3).

Rule 1: a meeting lasts its pause; the table's decisions by day (votes, the candidacy, the
        cards' reports) a vote's time; every other step (a night step, real or pretended, one
        seat's decision by day) a decision's time.
Rule 2: a night step that only shows its holder something (`Form.NOTICE`) asks nothing: it
        lasts the night step's minimum drawn for it (`NightPacing.minimum`), real or
        pretended, and the judge tells the phones that figure.
"""

from __future__ import annotations

from engine.steps import Form, Kind, StepSpec, is_shared
from narrator.timing import NightPacing, Timers


def shown(spec: StepSpec) -> bool:
    """Whether the night step `spec` only shows its holder something (his shot status, the
    pack, the exiled seat's side) and asks nothing: the engine declares it `Form.NOTICE`.
    Each step is the game's own (`Game.catalogue`), as everywhere."""
    return spec.kind is Kind.NIGHT and spec.form == Form.NOTICE


def step_seconds(timers: Timers, spec: StepSpec) -> float:
    """The most seconds a step asking something lasts (Rule 1)."""
    if spec.kind is Kind.MEETING:
        return timers.meeting
    if spec.kind is Kind.DAY and is_shared(spec):
        return timers.vote
    return timers.decision


def draw_seconds(timers: Timers, pacing: NightPacing, spec: StepSpec) -> float:
    """How long the judge gives the step `spec` this time: a notice's drawn minimum (Rule 2),
    any other step's most seconds (Rule 1)."""
    return pacing.minimum() if shown(spec) else step_seconds(timers, spec)
