"""Collective decisions: each owing seat's part of the pack's victim, the candidacy or a vote.

Rule 1: a part is checked alone against the rules (on a copy of the game) when it arrives,
        so a wrong part is answered at once and the others' parts stand.
Rule 2: a vote or a candidacy is given once and cannot be changed; a werewolf's pick may
        change until the pack agrees.
Rule 3: the decision is complete when every owing seat has answered (the werewolves: when
        every pick names the same seat); `combined()` is then the decision to apply.
Rule 4: closed early (a deadline), what is there is applied: absent voters abstain, absent
        candidates do not stand, and the pack's victim is the seat every werewolf who picked
        agreed on (nobody when they disagree or nobody picked).
"""

from __future__ import annotations

import copy

from engine.decisions import (
    DayVote,
    Decision,
    Revote,
    SheriffCandidacy,
    SheriffVote,
    WerewolvesChoice,
)
from engine.game import Game
from engine.state import IllegalDecision, Pending
from narrator.phones.messages import Act, Refusal

VOTE_KINDS: dict[str, type[DayVote] | type[Revote] | type[SheriffVote]] = {
    "sheriff_vote": SheriffVote,
    "vote": DayVote,
    "revote": Revote,
}
COLLECTIVE_STEPS = frozenset({"werewolves", "sheriff_candidacy", *VOTE_KINDS})


def trial(game: Game, decision: Decision) -> None:
    """Raise `IllegalDecision` when `game` would refuse `decision`; `game` is not touched.

    The trial runs on a deep copy that leaves out the event history (the rules never read it).
    """
    history = game.state.events
    clone = copy.deepcopy(game, {id(history): []})
    clone.apply(decision)


class Collector:
    """The parts given so far for one pending collective decision."""

    def __init__(self, game: Game, pending: Pending) -> None:
        assert pending.step in COLLECTIVE_STEPS, pending.step
        self.game = game
        self.pending = pending
        self.parts: dict[int, int] = {}

    @property
    def step(self) -> str:
        return self.pending.step

    def offer(self, seat: int, act: Act) -> None:
        """Record `seat`'s part from `act`; `Refusal` (nothing recorded) when it is wrong."""
        if seat not in self.pending.seats:
            raise Refusal("not_yours")
        if seat in self.parts and self.step != "werewolves":
            raise Refusal("already")
        part = self._part_of(act)
        try:
            trial(self.game, self._decision({seat: part}))
        except IllegalDecision as error:
            raise Refusal(f"rule.{error.rule}") from None
        self.parts[seat] = part

    def _part_of(self, act: Act) -> int:
        if self.step == "sheriff_candidacy":
            return 1 if act.stand else 0
        if len(act.targets) > 1:
            raise Refusal("wrong_count", count=1)
        return act.targets[0] if act.targets else 0

    def complete(self) -> bool:
        if self.step == "werewolves":
            picks = set(self.parts.values())
            return len(self.parts) == len(self.pending.seats) and len(picks) == 1
        return len(self.parts) == len(self.pending.seats)

    def combined(self) -> Decision:
        """The decision the parts make now (Rule 4 for what is missing)."""
        return self._decision(self.parts)

    def _decision(self, parts: dict[int, int]) -> Decision:
        if self.step == "werewolves":
            picks = set(parts.values())
            return WerewolvesChoice(victim=picks.pop() if len(picks) == 1 else 0)
        if self.step == "sheriff_candidacy":
            return SheriffCandidacy(candidates=tuple(s for s, stand in sorted(parts.items()) if stand))
        kind = VOTE_KINDS[self.step]
        return kind(votes={voter: target for voter, target in sorted(parts.items()) if target})

    def answered(self) -> int:
        return len(self.parts)

    def picks(self) -> dict[str, int | None]:
        """The pack's picks so far, seat → target (None: not yet): for the werewolves only."""
        return {str(seat): self.parts.get(seat) for seat in self.pending.seats}
