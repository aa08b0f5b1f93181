"""Collective decisions: each owing seat's part of the pack's victim, the candidacy, a vote, or
one of the New Moon cards' table decisions.

Rule 1: a part is checked alone against the rules (on a copy of the game) when it arrives,
        so a wrong part is answered at once and the others' parts stand. A rule about the
        parts together (everyone accuses in the Nightmare, everyone names friends in the Great
        Distrust) is not held against a part that does its own share.
Rule 2: a part is given once and cannot be changed; a werewolf's pick (the pack's victim, the
        church's) may change until the pack agrees.
Rule 3: the decision is complete when every owing seat has answered (the pack: when every pick
        names the same seat; the touch: as soon as one werewolf touched the victim); the accused
        of a Punishment owes no part. `combined()` is then the decision to apply.
Rule 4: closed early (a deadline), what is there is applied: absent voters abstain, absent
        candidates do not stand, absent witnesses do not testify, and the pack's victim is the
        seat every werewolf who picked agreed on (nobody when they disagree or nobody picked).
        A part the rules cannot do without (an accusation in the Nightmare, a voter's friends
        in the Great Distrust) is the engine's quiet choice; so are a touch nobody answered
        (the victim was touched) and an executioner nobody named.
Rule 5: the table reports a player for breaking the day's spoken rule when more than half of
        the players named them; the executioner is the seat most named (a tie: the lowest seat).
"""

from __future__ import annotations

import copy
from collections import Counter

from engine.bots import quiet_decision
from engine.decisions import (
    ChurchChoice,
    DayVote,
    Decision,
    ExecutionerChoice,
    FriendVotes,
    Revote,
    RuleBreakers,
    SheriffCandidacy,
    SheriffVote,
    Touch,
    Votes,
    WerewolvesChoice,
    Witnesses,
)
from engine.game import Game
from engine.state import IllegalDecision, Pending
from narrator.phones.messages import Act, Refusal

VOTE_KINDS: dict[str, type[DayVote] | type[Revote] | type[SheriffVote]] = {
    "sheriff_vote": SheriffVote,
    "vote": DayVote,
    "revote": Revote,
}
PACK_STEPS = frozenset({"werewolves", "church"})
YES_NO_STEPS = frozenset({"sheriff_candidacy", "touch", "witnesses"})
MANY_SEATS_STEPS = frozenset({"report", "distrust"})
COLLECTIVE_STEPS = frozenset({*PACK_STEPS, *YES_NO_STEPS, *MANY_SEATS_STEPS, "executioner", *VOTE_KINDS})
# Rules about all the parts together (Rule 1).
TOGETHER_RULES = frozenset({"nightmare_accuse", "everyone_names_friends"})

Part = tuple[int, ...]


def trial(game: Game, decision: Decision) -> None:
    """Raise `IllegalDecision` when `game` would refuse `decision`; `game` is not touched.

    The trial runs on a deep copy that leaves out the event history (the rules never read it).
    """
    history = game.state.events
    clone = copy.deepcopy(game, {id(history): []})
    clone.apply(decision)


class Collector:
    """The parts given so far for one pending collective decision: each a tuple of seats
    (the seat named, or `(1,)` for yes; empty for nobody, abstain or no)."""

    def __init__(self, game: Game, pending: Pending) -> None:
        assert pending.step in COLLECTIVE_STEPS, pending.step
        self.game = game
        self.pending = pending
        self.parts: dict[int, Part] = {}

    @property
    def step(self) -> str:
        return self.pending.step

    @property
    def owed(self) -> tuple[int, ...]:
        """The seats whose part is awaited (Rule 3: not the accused)."""
        accused = self.pending.info.get("accused") if self.step == "witnesses" else None
        return tuple(s for s in self.pending.seats if s != accused)

    def offer(self, seat: int, act: Act) -> None:
        """Record `seat`'s part from `act`; `Refusal` (nothing recorded) when it is wrong."""
        if seat not in self.owed:
            raise Refusal("not_yours")
        if seat in self.parts and self.step not in PACK_STEPS:
            raise Refusal("already")
        part = self._part_of(act)
        try:
            trial(self.game, self._decision({seat: part}))
        except IllegalDecision as error:
            if error.rule not in TOGETHER_RULES or not part:
                raise Refusal(f"rule.{error.rule}") from None
        self.parts[seat] = part

    def _part_of(self, act: Act) -> Part:
        if self.step == "sheriff_candidacy":
            return (1,) if act.stand else ()
        if self.step in YES_NO_STEPS:
            return (1,) if act.yes else ()
        targets = tuple(act.targets)
        if self.step in MANY_SEATS_STEPS:
            return targets
        if len(targets) > 1:
            raise Refusal("wrong_count", count=1)
        return targets

    def complete(self) -> bool:
        if self.step in PACK_STEPS:
            picks = set(self.parts.values())
            return len(self.parts) == len(self.owed) and len(picks) == 1
        if self.step == "touch" and any(self.parts.values()):
            return True
        return len(self.parts) == len(self.owed)

    def combined(self) -> Decision:
        """The decision the parts make now (Rule 4 for what is missing)."""
        parts, step = dict(self.parts), self.step
        if step == "touch" and not parts:
            return quiet_decision(self.game)
        if step == "distrust" or (step == "vote" and self.pending.info.get("must_vote")):
            quiet = quiet_decision(self.game)
            if isinstance(quiet, FriendVotes):
                filled = quiet.friends
            else:
                assert isinstance(quiet, Votes)
                filled = {voter: (target,) for voter, target in quiet.votes.items()}
            parts = {**{s: filled[s] for s in self.owed if s in filled}, **parts}
        if step == "executioner":
            return self._executioner()
        if step == "report":
            named = Counter(seat for part in parts.values() for seat in set(part))
            return RuleBreakers(
                seats=tuple(sorted(seat for seat, n in named.items() if n * 2 > len(self.owed)))
            )
        return self._decision(parts)

    def _executioner(self) -> Decision:
        named = Counter(part[0] for part in self.parts.values() if part)
        if not named:
            return ExecutionerChoice(seat=0) if self.pending.allow_none else quiet_decision(self.game)
        most = max(named.values())
        return ExecutionerChoice(seat=min(seat for seat, n in named.items() if n == most))

    def _decision(self, parts: dict[int, Part]) -> Decision:
        """The decision `parts` make as they are (one part alone, for its trial)."""
        step = self.step
        if step in PACK_STEPS:
            picks = {part[0] if part else 0 for part in parts.values()}
            victim = picks.pop() if len(picks) == 1 else 0
            return WerewolvesChoice(victim=victim) if step == "werewolves" else ChurchChoice(victim=victim)
        yes = tuple(s for s, part in sorted(parts.items()) if part)
        if step == "sheriff_candidacy":
            return SheriffCandidacy(candidates=yes)
        if step == "touch":
            return Touch(touched=bool(yes))
        if step == "witnesses":
            return Witnesses(seats=yes)
        if step == "report":
            return RuleBreakers(seats=tuple(sorted({s for part in parts.values() for s in part})))
        if step == "distrust":
            return FriendVotes(friends=dict(sorted(parts.items())))
        if step == "executioner":
            return ExecutionerChoice(seat=next((part[0] for part in parts.values() if part), 0))
        kind = VOTE_KINDS[step]
        return kind(votes={voter: part[0] for voter, part in sorted(parts.items()) if part})

    def answered(self) -> int:
        return len(self.parts)

    def picks(self) -> dict[str, int | None]:
        """The pack's picks so far, seat → target (0: nobody; None: not yet): for the pack's
        phones only."""
        return {
            str(seat): (part[0] if part else 0) if (part := self.parts.get(seat)) is not None else None
            for seat in self.pending.seats
        }
