"""The game: the pending decision, `apply`, the log, outcome and views, and replay."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from engine.cards.draw import CHANCE_STEPS, chance_decision, start_moon
from engine.cards.steps import CARD_HANDLERS
from engine.day import HANDLERS, check_self_destruct, self_destruct
from engine.decisions import Decision, SelfDestruct
from engine.events import Event, cue
from engine.outcome import Outcome
from engine.roles import Role
from engine.rules import Rules
from engine.setup import Setup
from engine.state import IllegalDecision, Pending, Player, State, Step

STEPS = {**HANDLERS, **CARD_HANDLERS}
Chance = Literal["auto", "ask"]


class Game:
    """A game of Werewolf for several actors.

    `pending` says which decision the game waits for, from which seats, with which legal
    choices; `apply` takes one and returns the events it caused. An illegal decision raises
    `IllegalDecision` naming the rule broken and leaves the game exactly as it was. The log
    of applied decisions is the truth: `Game.replay(setup, rules, log)` rebuilds the game.

    The New Moon event cards' draws, coins and potion rolls are chance: with `chance="auto"`
    (a live game) the game makes them with its seeded generator and they are not in the log;
    with `chance="ask"` (replaying a record that may name them) each is a pending decision that
    no seat owes, whose `info["drawn"]` is what the generator drew.
    """

    def __init__(self, setup: Setup, rules: Rules | None = None, *, chance: Chance = "auto") -> None:
        rules = rules or Rules()
        players = [
            Player(seat, role, lives=2 if role == Role.ELDER else 1)
            for seat, role in enumerate(setup.roles, start=1)
        ]
        self._state = State(setup=setup, rules=rules, players=players, extra_cards=list(setup.extra_cards))
        self._state.thief_seat = self._state.seat_of(Role.THIEF)
        self._state.election_due = rules.sheriff
        self._log: list[Decision] = []
        self._asked: list[Pending] = []
        self._chance = chance
        self._state.emit(cue("game.opening", count=setup.seats), cue("game.peek"))
        start_moon(self._state)
        self._state.agenda = [Step("nightfall")]
        self._advance()

    @classmethod
    def replay(
        cls, setup: Setup, rules: Rules | None, log: Iterable[Decision], *, chance: Chance = "auto"
    ) -> Game:
        """The game rebuilt from its log of decisions."""
        game = cls(setup, rules, chance=chance)
        for decision in log:
            game.apply(decision)
        return game

    # What the game waits for

    @property
    def setup(self) -> Setup:
        return self._state.setup

    @property
    def rules(self) -> Rules:
        return self._state.rules

    @property
    def state(self) -> State:
        """The whole state, secrets included: for the engine's own modules and tests."""
        return self._state

    @property
    def pending(self) -> Pending | None:
        return self._state.pending

    @property
    def log(self) -> Sequence[Decision]:
        return tuple(self._log)

    @property
    def history(self) -> Sequence[tuple[Pending, Decision]]:
        """Each applied decision with the pending decision it answered (or interrupted)."""
        return tuple(zip(self._asked, self._log, strict=True))

    @property
    def events(self) -> Sequence[Event]:
        return tuple(self._state.events)

    def outcome(self) -> Outcome | None:
        return self._state.outcome

    @property
    def over(self) -> bool:
        return self._state.outcome is not None

    @property
    def phase(self) -> str:
        return self._state.phase

    def can_self_destruct(self, seat: int) -> bool:
        """Whether `SelfDestruct(seat)` would be accepted now."""
        try:
            check_self_destruct(self._state, seat)
        except IllegalDecision:
            return False
        return True

    # Deciding

    def apply(self, decision: Decision, *, by: int | None = None) -> list[Event]:
        """Apply `decision` (from seat `by`, when one seat makes it); the events it caused."""
        state = self._state
        pending = state.pending
        if state.outcome is not None:
            raise IllegalDecision("game_over", "the game is over")
        if by is not None and pending is not None and by not in pending.seats:
            if not isinstance(decision, SelfDestruct):
                raise IllegalDecision("not_your_turn", f"seat {by} does not owe this decision")
        before = len(state.events)
        if isinstance(decision, SelfDestruct):
            if by is not None and by != decision.seat:
                raise IllegalDecision("not_your_turn", "a werewolf self-destructs only itself")
            self_destruct(state, decision)
        else:
            if pending is None or decision.step != pending.step:
                waiting = pending.key if pending else "nothing"
                raise IllegalDecision("out_of_turn", f"the game waits for {waiting}, not {decision.key}")
            decide = STEPS[pending.step][1]
            assert decide is not None
            decide(state, pending, decision)
            state.pending = None
        self._log.append(decision)
        assert pending is not None
        self._asked.append(pending)
        self._advance()
        return list(state.events[before:])

    def _advance(self) -> None:
        state = self._state
        while state.pending is None and state.outcome is None and state.agenda:
            step = state.agenda.pop(0)
            pending = STEPS[step.name][0](state, step)
            if pending is not None and pending.step in CHANCE_STEPS and self._chance == "auto":
                decide = STEPS[pending.step][1]
                assert decide is not None
                decide(state, pending, chance_decision(pending))
                continue
            state.pending = pending
