"""Events: what happened, and who may see it. Narration cues are public events."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

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


def cue(key: str, **params: Any) -> Event:
    """A public line of the script. The key and its placeholders must be those of the game's
    catalogue (`Catalogue.cues`): the state checks them when the line is emitted (`check_cue`)."""
    return Event("cue", {"key": key, **params})


def check_cue(placeholders: Mapping[str, frozenset[str]], event: Event) -> None:
    """A `KeyError` unless the cue `event` is a line of the script `placeholders` (each key's
    placeholders), with exactly its placeholders."""
    data = event.data
    key = data["key"]
    expected = placeholders.get(key)
    if expected is None or (len(data) != len(expected) + 1 or not expected <= data.keys()):
        given = sorted(name for name in data if name != "key")
        raise KeyError(f"cue {key!r} with {given} is not in the script")


def private(kind: str, to: int | frozenset[int] | set[int], /, **data: Any) -> Event:
    """An event that only the seats `to` may see."""
    audience = frozenset({to}) if isinstance(to, int) else frozenset(to)
    return Event(kind, data, audience)


def judge_only(kind: str, **data: Any) -> Event:
    """An event for the moderator alone (never shown, logged or spoken)."""
    return Event(kind, data, JUDGE_ONLY)
