"""What the table is doing by day, as the judge said it, for the public screen (公屏): the
sheriff election, a PK, last words.

Rule 1: the stage follows the judge's lines only (each is public: the voice says it): the
        election from its call ("sheriff.election", "sheriff.candidates", …) to the badge given
        or not; the election's PK ("sheriff.pk", "sheriff.runoff"); the day's PK from its call
        ("vote.pk", "vote.revote"; a tie alone, "vote.tie", calls none) to the exile or none; last words from
        "last_words" to the next line that is not the speech's own timer.
Rule 2: the seats that withdrew from the election are those the judge named ("sheriff.withdrawn"),
        until the election is over.
"""

from __future__ import annotations

from typing import Any

ELECTION = frozenset(
    {"sheriff.election", "sheriff.stand", "sheriff.candidates", "sheriff.speeches", "sheriff.withdraw",
     "sheriff.withdrawn", "sheriff.vote", "sheriff.vote_below", "sheriff.resume", "sheriff.postponed",
     "sheriff.order"}
)  # fmt: skip
ELECTION_PK = frozenset({"sheriff.pk", "sheriff.runoff"})
PK = frozenset({"vote.pk", "vote.revote"})  # a tie alone calls no PK ("vote.tie"; the seeds' rules)
OVER = frozenset({"sheriff.elected", "sheriff.none", "vote.out", "vote.nobody", "vote.start", "night.falls"})
SPEECH_TIMERS = frozenset({"timer.up", "timer.remaining", "judge.pause", "judge.resume"})


class Stage:
    """The day's stage as the judge said it (Rules 1 and 2)."""

    def __init__(self) -> None:
        self.contest: str | None = None  # "election", "election_pk", "pk" or None
        self.withdrawn: list[int] = []
        self.last_words = False

    def hear(self, key: str, params: dict[str, Any]) -> None:
        if key not in SPEECH_TIMERS:
            self.last_words = key == "last_words"
        if key in ELECTION and self.contest != "election_pk":
            self.contest = "election"
        elif key in ELECTION_PK:
            self.contest = "election_pk"
        elif key in PK:
            self.contest = "pk"
        elif key in OVER:
            self.contest = None
        if key == "sheriff.withdrawn":
            self.withdrawn = sorted({*self.withdrawn, *(int(s) for s in params.get("seats", []))})
        if self.contest not in ("election", "election_pk"):
            self.withdrawn = []

    def shown(self) -> dict[str, Any]:
        """What the screen is sent of it."""
        return {"contest": self.contest, "withdrawn": list(self.withdrawn), "last_words": self.last_words}
