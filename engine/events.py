"""Events: what happened, and who may see it. Narration cues are public events."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.contents import registry
from engine.script import CUES

# An audience is a frozenset of seats; `EVERYONE` is the whole table, `JUDGE_ONLY` nobody
# at the table (what only the moderator may use, such as "this step is pretended").
Audience = frozenset[int] | None
EVERYONE: Audience = None
JUDGE_ONLY: Audience = frozenset()


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened. `kind` "cue" is a line for the judge to say (`data["key"]`)."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    audience: Audience = EVERYONE
    phase: str = field(default="", compare=False)
    """The phase it happened in ("night 2"), stamped on a private event when it is emitted
    (`State.emit`): a seat's notes (我的记录) say which night it learned what; "" otherwise."""

    @property
    def public(self) -> bool:
        return self.audience is None

    def visible_to(self, seat: int) -> bool:
        """Whether the player at `seat` may see this event."""
        return self.audience is None or seat in self.audience


_PLACEHOLDERS: dict[str, frozenset[str]] = registry({})
"""Each cue's placeholders, read once from `CUES`."""


def cue(key: str, **params: Any) -> Event:
    """A public line of the script; the key and its placeholders must be those of `CUES`."""
    expected = _PLACEHOLDERS.get(key)
    if expected is None and key in CUES:
        expected = _PLACEHOLDERS[key] = frozenset(CUES[key])
    if expected is None or (params.keys() != expected if params or expected else False):
        raise KeyError(f"cue {key!r} with {sorted(params)} is not in the script")
    return Event("cue", {"key": key, **params})


def private(kind: str, to: int | frozenset[int] | set[int], /, **data: Any) -> Event:
    """An event that only the seats `to` may see."""
    audience = frozenset({to}) if isinstance(to, int) else frozenset(to)
    return Event(kind, data, audience)


def judge_only(kind: str, **data: Any) -> Event:
    """An event for the moderator alone (never shown, logged or spoken)."""
    return Event(kind, data, JUDGE_ONLY)
