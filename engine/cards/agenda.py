"""What a card drawn in the morning does to the day's agenda: a step replaced, dropped or added
before another."""

from __future__ import annotations

from engine.state import State, Step


def replace_step(state: State, name: str, *steps: Step) -> None:
    """Replace today's first step `name` with `steps` (drop it when none are given)."""
    for i, step in enumerate(state.agenda):
        if step.name == name:
            state.agenda[i : i + 1] = list(steps)
            return


def insert_before(state: State, name: str, step: Step) -> None:
    """Put `step` before today's first step `name` (nothing when there is none)."""
    for i, existing in enumerate(state.agenda):
        if existing.name == name:
            state.agenda.insert(i, step)
            return
