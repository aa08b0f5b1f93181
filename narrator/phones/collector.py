"""Shared decisions: each owing seat's part (the pack's victim, the candidacy, a vote, the New
Moon cards' table decisions), gathered as the phones or the keypad give them.

What the parts mean is the engine's (`engine.steps`: `share`, `answer`, `fill`, `close`);
this module only keeps them.

Rule 1: a part is checked alone when it arrives, the others' filled in as the rules would
        (`Game.part`): a wrong part is answered at once and the others' parts stand; a rule
        about all the parts together (everyone accuses in the Nightmare) is not held against
        a part that does its own share.
Rule 2: a part is given once and cannot be changed; a werewolf's pick (`Share.AGREE`) may change
        until the pack agrees.
Rule 3: the decision is complete when the engine says so (`Game.complete`): every owing seat
        answered, the pack agrees, one werewolf touched the victim. `combined()` is then the
        decision to apply; closed early by a deadline, it is what the rules make of the parts
        given (`Game.combine`).
"""

from __future__ import annotations

from engine.decisions import Decision
from engine.game import Game
from engine.state import IllegalDecision, Pending
from engine.steps import Answer, Share, StepSpec, is_shared
from narrator.phones.messages import Refusal


def is_pack(spec: StepSpec | None) -> bool:
    """Whether the parts are picks that may change until they agree (the pack's victim)."""
    return spec is not None and spec.share == Share.AGREE


class Collector:
    """The parts given so far for one pending shared decision."""

    def __init__(self, game: Game, pending: Pending) -> None:
        assert game.pending is pending and is_shared(game.spec), pending.step
        self.game = game
        self.pending = pending
        self.spec = game.spec
        self.parts: dict[int, Answer] = {}
        self.writing: dict[int, Answer] = {}  # parts on their way to the store (`reserve`)

    @property
    def step(self) -> str:
        return self.pending.step

    @property
    def owed(self) -> tuple[int, ...]:
        """The seats whose part is awaited."""
        return self.game.owed()

    def offer(self, seat: int, given: Answer) -> None:
        """Record `seat`'s part; `Refusal` (nothing recorded) when it is wrong."""
        self.check(seat, given)
        self.parts[seat] = given

    def reserve(self, seat: int, given: Answer) -> None:
        """`seat`'s part, checked, on its way to the store: it counts for the decision (a
        last part completes it after it) until `withdraw`n; `confirm` once written."""
        self.check(seat, given)
        self.writing[seat] = given

    def confirm(self, seat: int, given: Answer) -> None:
        if self.writing.get(seat) is given:
            del self.writing[seat]
        self.parts[seat] = given

    def withdraw(self, seat: int, given: Answer) -> None:
        """The store refused `seat`'s part `given`: it does not count."""
        if self.writing.get(seat) is given:
            del self.writing[seat]

    def given(self) -> dict[int, Answer]:
        """Every part that counts: those written, and those on their way."""
        return {**self.parts, **self.writing}

    def completes(self, seat: int, given: Answer) -> bool:
        """Whether `seat`'s part `given` would make the decision complete."""
        return self.game.complete({**self.given(), seat: given})

    def check(self, seat: int, given: Answer) -> None:
        """`Refusal` when `seat`'s part `given` would be refused; records nothing."""
        if seat not in self.owed:
            raise Refusal("not_yours")
        if (seat in self.parts or seat in self.writing) and not is_pack(self.spec):
            raise Refusal("already")
        try:
            self.game.check(self.game.part(seat, given))
        except IllegalDecision as error:
            raise refusal(error, self.pending) from None

    def complete(self) -> bool:
        return self.game.complete(self.given())

    def combined(self) -> Decision:
        """The decision the parts make now (what is missing filled in by the rules)."""
        return self.game.combine(self.given())

    def answered(self) -> int:
        return len(self.given())

    def picks(self) -> dict[str, int | None]:
        """The pack's picks so far, seat → target (0: nobody; None: not yet): for the pack's
        phones only."""
        return {
            str(seat): (part.seats[0] if part.seats else 0)
            if (part := self.given().get(seat)) is not None
            else None
            for seat in self.pending.seats
        }


def refusal(error: IllegalDecision, pending: Pending) -> Refusal:
    """The player's answer to a refused decision."""
    if error.rule == "wrong_count":
        return Refusal("wrong_count", count=pending.count if pending.count > 1 else 1)
    return Refusal(f"rule.{error.rule}")
