"""What the judge has said aloud, as the phones show it, and the clocks every phone counts down.

Rule 1: the phones' picture of the table (who is out, the badge, the phase in the header)
        follows the judge's voice, not the engine, which runs ahead to its next decision:
        every line said by day refreshes it (the deaths the moment "昨晚死亡的是…" is said, a
        shot, a self-destruct, the badge, an exile), the phase is the one the judge last
        said ("天黑了" / "天亮了"), and the end shows the moment the judge says it
        ("game.over": "游戏结束，…获胜"), not after the lines that follow it.
Rule 2: the candidates shown are the ones the judge named last (the election's, a PK's, and
        which of the two), less those who withdrew; they are cleared once the badge is given
        or the vote is over.
        The votes shown are those of the vote the judge called last (`votes_from`: the votes
        cast before it are not shown), until night falls (then none: yesterday's count
        leaves the page).
Rule 4: a death a death brings by day (a lover's grief, a shot's chain: the engine's
        `death.out`) is shown the moment the judge says it, not with the death that brought
        it, which the engine records in the same decision; a phone that joins or comes back
        sees the same (the picture is the table's, never the engine's); the night's fall shows
        any left unsaid.
Rule 3: every timed step counts down on every phone alike, from the moment it is narrated,
        the seconds the moderator gives it (`narrator.deadlines`: a night step, real
        or pretended, the decision's time, a notice its drawn minimum, a meeting its pause, a
        vote by day the vote's time). The judge's pause stops every countdown; the resume
        goes on from where it stood.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from engine.events import Event
from engine.steps import StepSpec
from narrator.deadlines import step_seconds as most_seconds
from narrator.timing import Timers

NIGHT_FALLS, DAY_BREAKS, DAY_ZERO = "night.falls", "day.breaks", "day.zero"
"""`DAY_ZERO`: the angel's day 0 opens, before the first night ("day 0" in the header)."""
CANDIDATES = (
    "sheriff.candidates",
    "sheriff.resume",
    "sheriff.pk",
    "sheriff.runoff",
    "vote.pk",
    "vote.revote",
)
PK = ("sheriff.pk", "sheriff.runoff", "vote.pk", "vote.revote")
"""The lines that call a PK among the seats of a tie: the phones say PK, not 上警. A tie alone
("vote.tie": "N号、M号平票。") is none: under the seeds' rules it exiles nobody, no PK follows."""
CANDIDATES_GONE = ("sheriff.elected", "sheriff.none", "vote.out", "vote.nobody", NIGHT_FALLS)
VOTE_CALLS = ("vote.start", "sheriff.vote", "sheriff.vote_below")
PAUSE, RESUME = "judge.pause", "judge.resume"
DEATH_OUT = "death.out"
GAME_OVER = "game.over"


def step_seconds(timers: Timers | None, spec: StepSpec | None) -> float | None:
    """How long the step `spec` lasts at most as the moderator keeps it (Rule 3), when the
    moderator does not tell (`narrator.deadlines`, the one place of that figure);
    None when the table keeps no time (no moderator) or between steps."""
    if timers is None or spec is None:
        return None
    return most_seconds(timers, spec)


class Countdown:
    """Seconds left of something timed, that a pause stops (Rule 3)."""

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self._now = now
        self._end: float | None = None
        self._held: float | None = None  # the seconds left when the pause began

    def start(self, seconds: float | None) -> None:
        self._end = self._now() + seconds if seconds is not None else None
        self._held = seconds if seconds is not None and self._held is not None else None

    def hold(self) -> None:
        if self._end is not None and self._held is None:
            self._held = max(0.0, self._end - self._now())

    def release(self) -> None:
        if self._held is not None and self._end is not None:
            self._end = self._now() + self._held
        self._held = None

    def left(self) -> int | None:
        """Whole seconds left (None: nothing timed)."""
        if self._end is None:
            return None
        seconds = self._held if self._held is not None else self._end - self._now()
        return max(0, round(seconds))


class Said:
    """What the judge has said so far that the phones show (Rules 1 and 2)."""

    def __init__(self) -> None:
        self.phase: str | None = None  # None: the judge has not said the first night (or day 0) yet
        self.began = False  # the judge said the first night fall or day 0, or narrated a step
        self.candidates: list[int] = []
        self.pk = False  # the candidates are a tie's (a PK), not the election's
        self.votes_from = 0
        self.paused = False
        self.unsaid_deaths: set[int] = set()  # seats whose `death.out` the judge has yet to say

    def decided(self, events: Sequence[Event]) -> None:
        """A decision was applied with `events`: the deaths it brought are yet to be said (Rule 4)."""
        said_later = [e for e in events if e.kind == "cue" and e.data["key"] == DEATH_OUT]
        self.unsaid_deaths |= {int(e.data["seat"]) for e in said_later}

    def picture(self, public: Any) -> Any:
        """`public` (the engine's public view) with the deaths the judge has yet to say still
        alive (Rule 4)."""
        hidden = self.unsaid_deaths - set(public.alive)
        if not hidden or public.winner is not None:
            return public
        return public.model_copy(
            update={
                "alive": sorted({*public.alive, *hidden}),
                "deaths": [d for d in public.deaths if d["seat"] not in hidden],
            }
        )

    def hear(self, key: str, params: dict[str, Any], votes_cast: int) -> None:
        """The judge says the line `key` with `params`; `votes_cast`: how many votes the game
        has counted so far."""
        if key == NIGHT_FALLS:
            self.phase = f"night {params.get('night', 1)}"
            self.votes_from = votes_cast  # the day's count leaves the phones at nightfall
        elif key == DAY_BREAKS:
            self.phase = f"day {params.get('day', 1)}"
        elif key == DAY_ZERO:
            self.phase = "day 0"
        if key in VOTE_CALLS:
            self.votes_from = votes_cast
        if key in CANDIDATES_GONE:
            self.candidates = []
        if key in CANDIDATES:
            self.candidates = sorted(int(s) for s in params.get("seats", []))
            self.pk = key in PK
        elif key == "sheriff.withdrawn":
            gone = {int(s) for s in params.get("seats", [])}
            self.candidates = [s for s in self.candidates if s not in gone]
        if key == DEATH_OUT:
            self.unsaid_deaths.discard(int(params.get("seat", 0)))
        elif key == NIGHT_FALLS:
            self.unsaid_deaths.clear()
        if key == PAUSE:
            self.paused = True
        elif key == RESUME:
            self.paused = False

    def by_day(self) -> bool:
        """Whether the judge is in a day (lines said refresh the phones, Rule 1)."""
        return self.phase is not None and self.phase.startswith("day")
