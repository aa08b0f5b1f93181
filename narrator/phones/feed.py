"""Each seat's feed of events: its own secrets and the public facts that are not spoken lines.

Rule 1: a seat's feed holds the events the engine addresses to it (its own results) and
        the public events other than narration cues (the votes, the speaking order).
Rule 2: cues never go to phones: they come in bursts as the engine runs ahead through
        pretended steps, and their timing would tell which roles are absent or dead.
Rule 3: feed entries are numbered per seat, so the numbers say nothing about what others saw.
Rule 4: a seat's own event carries the phase it happened in (`phase`, "night 2"): the phone
        keeps what its seat learned night by night (我的记录), of one game: every `state`
        says which of the table's games its feed is of (`game`), and a phone drops the notes
        of another (the evening's next game starts with none).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.events import Event


def for_seat(event: Event, seat: int) -> bool:
    """Whether `event` belongs in the feed of `seat` (Rules 1 and 2)."""
    if event.audience is None:
        return event.kind != "cue"
    return seat in event.audience


class Feeds:
    """The feeds of seats 1..`seats`, filled from the game's events as they come."""

    def __init__(self, seats: int) -> None:
        self._entries: dict[int, list[dict[str, Any]]] = {s: [] for s in range(1, seats + 1)}
        self._delivered: dict[int, int] = dict.fromkeys(self._entries, 0)
        self._absorbed = 0

    def absorb(self, events: Sequence[Event]) -> list[tuple[int, dict[str, Any]]]:
        """Take the events of the game not taken yet; the (seat, entry) pairs they added."""
        added = []
        for event in events[self._absorbed :]:
            for seat, entries in self._entries.items():
                if for_seat(event, seat):
                    entry: dict[str, Any] = {"i": len(entries), "kind": event.kind, "data": dict(event.data)}
                    if event.phase:
                        entry["phase"] = event.phase
                    entries.append(entry)
                    added.append((seat, entry))
        self._absorbed = len(events)
        return added

    def undelivered(self, seat: int) -> list[dict[str, Any]]:
        """The entries of `seat` not yet sent; from now on they count as sent."""
        entries = self._entries[seat]
        start, self._delivered[seat] = self._delivered[seat], len(entries)
        return entries[start:]

    def everything(self, seat: int) -> list[dict[str, Any]]:
        """The whole feed of `seat` (for a phone that joins or comes back)."""
        self._delivered[seat] = len(self._entries[seat])
        return list(self._entries[seat])
