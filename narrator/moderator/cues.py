"""How the judge says the engine's cues: the catalogue line for each, where it is not the cue's own.

Rule 1: on the first night the werewolves open their eyes and get to know each other
        ("狼人请睁眼，互相确认身份", `werewolves.meet`); on the later nights they only open
        their eyes (`werewolves.wake`). The moderator and the rehearsal say the cues alike.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.events import Event

FIRST_NIGHT = {"werewolves.wake": "werewolves.meet"}
"""Cues said in other words on the first night (Rule 1)."""


def spoken_as(key: str, night: int) -> str:
    """The catalogue line that says cue `key` on night `night` (0: before the first)."""
    return FIRST_NIGHT.get(key, key) if night == 1 else key


def night_of(events: Sequence[Event], end: int) -> int:
    """The night the events before `end` have reached (0: none yet)."""
    for index in range(min(end, len(events)) - 1, -1, -1):
        event = events[index]
        if event.kind == "cue" and event.data["key"] == "night.falls":
            return int(event.data["night"])
    return 0
