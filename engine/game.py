"""The game: the pending decision, check and apply, the log and undo, outcome, and replay."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Literal

from engine.cards.draw import start_moon
from engine.catalog import usual
from engine.contents import Catalogue
from engine.day import open_game
from engine.decisions import Decision
from engine.events import Event, cue
from engine.nightstep import void
from engine.outcome import Outcome
from engine.phase import Phase
from engine.rolehooks import install
from engine.rules import Rules
from engine.setup import Setup
from engine.state import IllegalDecision, Pending, Player, State
from engine.steps import Answer, DayAction, Form, Kind, StepSpec, complete, owed

Chance = Literal["auto", "ask"]


class Game:
    """A game of Werewolf for several actors.

    `pending` says which decision the game waits for, from which seats, with which legal
    choices; `check` says whether a decision would be accepted without changing anything, and
    `apply` takes one and returns the events it caused. An illegal decision raises
    `IllegalDecision` naming the rule broken and leaves the game exactly as it was. The log
    of applied decisions is the truth: `Game.replay(setup, rules, log)` rebuilds the game, and
    `pop` takes the last decision back.

    The New Moon event cards' draws, coins and potion rolls are chance: with `chance="auto"`
    (a live game) the game makes them with its seeded generator and they are not in the log;
    with `chance="ask"` (replaying a record that may name them) each is a pending decision that
    no seat owes, whose `info["drawn"]` is what the generator drew.

    The rules' steps, cards, hooks and lines come from `catalogue` (`engine.catalog.usual()`
    unless given), which the game holds and its state reads: games of two catalogues are
    played side by side.
    """

    def __init__(
        self,
        setup: Setup,
        rules: Rules | None = None,
        *,
        chance: Chance = "auto",
        catalogue: Catalogue | None = None,
    ) -> None:
        self.catalogue = catalogue = catalogue or usual()
        rules = rules or Rules()
        lives = catalogue.lives
        players = [
            Player(seat, role, lives=lives.get(role, 1)) for seat, role in enumerate(setup.roles, start=1)
        ]
        self._state = State(
            setup=setup,
            rules=rules,
            catalogue=catalogue,
            players=players,
            extra_cards=list(setup.extra_cards),
        )
        install(self._state)
        self._state.election_due = rules.sheriff
        self._log: list[Decision] = []
        self._asked: list[Pending] = []
        self._chance = chance
        self._state.emit(cue("game.opening", count=setup.seats), cue("game.peek"))
        for seat, card in self._state.open_cards().items():
            self._state.emit(cue("game.open_card", seat=seat, role=card))
        start_moon(self._state)
        self._state.agenda = [open_game(self._state)]
        self._advance()

    @classmethod
    def replay(
        cls,
        setup: Setup,
        rules: Rules | None,
        log: Iterable[Decision],
        *,
        chance: Chance = "auto",
        catalogue: Catalogue | None = None,
    ) -> Game:
        """The game rebuilt from its log of decisions."""
        game = cls(setup, rules, chance=chance, catalogue=catalogue)
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
    def pending(self) -> Pending | None:
        return self._state.pending

    @property
    def spec(self) -> StepSpec[Any] | None:
        """What the pending step means (`engine.steps`), or None when nothing is pending."""
        pending = self._state.pending
        return self.catalogue.steps[pending.step] if pending is not None else None

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
    def phase(self) -> Phase:
        return self._state.phase

    def alive(self) -> list[int]:
        """The living seats, as the table knows them (tonight's victims live until dawn)."""
        return self._state.alive()

    def is_alive(self, seat: int) -> bool:
        return self._state.is_alive(seat)

    # Asking without trying

    def check(self, decision: Decision, *, by: int | None = None) -> None:
        """Raise `IllegalDecision` when `apply(decision, by=by)` would refuse it; changes nothing."""
        state = self._state
        pending = state.pending
        if state.outcome is not None:
            raise IllegalDecision("game_over", "the game is over")
        action = self.catalogue.actions.get(type(decision))
        if action is not None:
            if by is not None and by != action.seat(decision):
                raise IllegalDecision("not_your_turn", f"seat {by} acts only for itself")
            action.check(state, decision)
            return
        if by is not None and pending is not None and by not in pending.seats:
            raise IllegalDecision("not_your_turn", f"seat {by} does not owe this decision")
        spec = self.catalogue.steps[pending.step] if pending is not None else None
        if (
            pending is None
            or spec is None
            or spec.decision is None
            or not isinstance(decision, spec.decision)
        ):
            waiting = pending.key if pending else "nothing"
            raise IllegalDecision("out_of_turn", f"the game waits for {waiting}, not {decision.key}")
        assert spec.check is not None  # a step that takes a decision has one (steps.register)
        spec.check(state, pending, decision)

    def actions_offered(self) -> list[DayAction[Any]]:
        """The day actions whose buttons every living phone shows now (public facts only)."""
        state = self._state
        if state.outcome is not None:
            return []
        return [action for action in self.catalogue.actions.values() if action.offered(state)]

    def actions(self, seat: int) -> list[Decision]:
        """The day actions `seat` may take now, each checked (a target for each seat it may name)."""
        found: list[Decision] = []
        for action in self.actions_offered():
            answers = [Answer()]
            if action.form == Form.SEATS and action.targets is not None:
                answers = [Answer(seats=(t,)) for t in action.targets(self._state)]
            for given in answers:
                decision = action.make(seat, given)
                if self.is_legal(decision, by=seat):
                    found.append(decision)
        return found

    def is_legal(self, decision: Decision, *, by: int | None = None) -> bool:
        try:
            self.check(decision, by=by)
        except IllegalDecision:
            return False
        return True

    def legal_decisions(self, seat: int) -> list[Decision]:
        """The decisions `seat` may make now, each checked: its own part of the pending step
        (for a shared step, that part alone), and the day actions it may take. A step where
        any set of seats may be named lists nobody and each seat alone."""
        found: list[Decision] = []
        pending, spec = self._state.pending, self.spec
        if (
            pending is not None
            and spec is not None
            and spec.answer is not None
            and seat in owed(spec, pending)
        ):
            for given in _answers(spec, pending):
                try:
                    decision = spec.answer(pending, {seat: given})
                except IllegalDecision:
                    continue
                if self.is_legal(decision, by=seat) and decision not in found:
                    found.append(decision)
        found.extend(self.actions(seat))
        return found

    # The parts of a decision, as phones and the keypad give them

    def answer(self, parts: Mapping[int, Answer]) -> Decision:
        """The decision the answers `parts` (seat → answer) make for the pending step as they
        are; `IllegalDecision` ("wrong_count") when an answer has the wrong shape."""
        pending, spec = self._state.pending, self.spec
        assert pending is not None and spec is not None and spec.answer is not None, "no answer is asked"
        return spec.answer(pending, parts)

    def complete(self, parts: Mapping[int, Answer]) -> bool:
        """Whether `parts` make the pending shared decision now (the pack agrees, …)."""
        pending, spec = self._state.pending, self.spec
        assert pending is not None and spec is not None
        return complete(spec, pending, parts)

    def owed(self) -> tuple[int, ...]:
        """The seats whose answer the pending step awaits."""
        pending, spec = self._state.pending, self.spec
        return owed(spec, pending) if pending is not None and spec is not None else ()

    def combine(self, parts: Mapping[int, Answer]) -> Decision:
        """The decision of the pending step closed now with `parts` (what is missing is what
        the rules fill in: abstain, no, the quiet choice)."""
        pending, spec = self._state.pending, self.spec
        assert pending is not None and spec is not None and spec.answer is not None
        filled = spec.fill(self._state, pending, parts) if spec.fill is not None else dict(parts)
        if not filled:
            return self.default()
        return (spec.close or spec.answer)(pending, filled)

    def part(self, seat: int, given: Answer) -> Decision:
        """The decision that `seat`'s part alone makes, the others' filled in as the rules would:
        check it to know whether the part may stand (`IllegalDecision` "wrong_count" when its
        shape is wrong)."""
        pending, spec = self._state.pending, self.spec
        assert pending is not None and spec is not None and spec.answer is not None
        parts = {seat: given}
        return spec.answer(
            pending, spec.fill(self._state, pending, parts) if spec.fill is not None else parts
        )

    def default(self) -> Decision:
        """The decision when time runs out with no answer: pass, abstain or keep where the rules
        allow it, else the quietest legal choice."""
        pending, spec = self._state.pending, self.spec
        assert pending is not None and spec is not None and spec.default is not None, "nothing to default"
        return spec.default(self._state, pending)

    def told(self) -> list[tuple[Pending, Decision, list[tuple[str, dict[str, Any]]]]]:
        """Each decision with what it did, for the post-game review (`StepSpec.told`): empty
        while the game goes on (it would tell every secret)."""
        if not self.over:
            return []
        state = self._state
        out = []
        for pending, decision in self.history:
            told = self.catalogue.steps[pending.step].told
            out.append((pending, decision, told(state, pending, decision) if told is not None else []))
        return out

    # Deciding

    def apply(self, decision: Decision, *, by: int | None = None) -> list[Event]:
        """Apply `decision` (from seat `by`, when one seat makes it); the events it caused.
        It is checked first (`check`): a refused decision changes nothing."""
        self.check(decision, by=by)
        state = self._state
        pending = state.pending
        assert pending is not None
        before = len(state.events)
        action = self.catalogue.actions.get(type(decision))
        if action is not None:
            action.resolve(state, decision)
        elif state.tonight.blocked and void(state, pending):
            state.pending = None
            spec = self.catalogue.steps[pending.step]
            if spec.sleep is not None:
                spec.sleep(state, pending)
            else:
                assert spec.cues is not None, f"night step {pending.step!r} has no closing line"
                state.emit(cue(spec.cues.sleep))
        else:
            resolve = self.catalogue.steps[pending.step].resolve
            assert resolve is not None
            resolve(state, pending, decision)
            state.pending = None
        self._log.append(decision)
        self._asked.append(pending)
        self._advance()
        return list(state.events[before:])

    def pop(self) -> Decision:
        """Take the last decision back: the game is as it was before it (python-chess `pop`).
        The game is rebuilt from its log, the truth, so nothing else needs undoing."""
        if not self._log:
            raise IndexError("no decision to take back")
        last = self._log[-1]
        rebuilt = Game.replay(
            self.setup, self.rules, self._log[:-1], chance=self._chance, catalogue=self.catalogue
        )
        self.__dict__.update(rebuilt.__dict__)
        return last

    def _advance(self) -> None:
        state = self._state
        while state.pending is None and state.outcome is None and state.agenda:
            step = state.agenda.pop(0)
            spec = self.catalogue.steps[step.name]
            pending = spec.begin(state, step)
            if pending is not None and spec.kind is Kind.CHANCE and self._chance == "auto":
                drawn = self.catalogue.codecs[pending.key].read(pending.info["drawn"], pending)
                assert drawn is not None and spec.resolve is not None
                spec.resolve(state, pending, drawn)
                continue
            state.pending = pending


def _answers(spec: StepSpec[Any], pending: Pending) -> Iterator[Answer]:
    """Every answer of the step's form worth trying (the check sorts out the legal ones)."""
    seats = pending.targets
    none = [Answer()] if pending.allow_none or spec.form in (Form.LIST, Form.YES_NO, Form.STAND) else []
    if spec.form in (Form.SEATS, Form.LIST):
        yield from none
        count = pending.count if spec.form == Form.SEATS else 1
        fewest = 1 if "up_to" in pending.info else max(count, 1)
        for many in range(fewest, max(count, 1) + 1):
            yield from (Answer(seats=chosen) for chosen in itertools.combinations(seats, many))
    elif spec.form == Form.TAKE:
        yield from (Answer(take=take) for take in range(len(pending.info.get("cards", (1, 2))) + 1))
    elif spec.form == Form.POTIONS:
        for heal in (False, True):
            yield from (Answer(heal=heal, seats=(seat,) if seat else ()) for seat in (0, *seats))
    elif spec.form in (Form.YES_NO, Form.STAND):
        yield from (Answer(yes=False), Answer(yes=True))
    elif spec.form == Form.NOTICE:
        yield Answer()
    elif spec.form == Form.QUESTION:
        for ask in pending.info.get("questions", ()):
            for n in range(3):
                yield from (Answer(ask=ask, seats=chosen) for chosen in itertools.combinations(seats, n))


def state_of(game: Game) -> State:
    """The whole state of `game`, secrets included: for the engine's own modules (the views, the
    record) and its tests only. The narrator reads views and the game's queries; a test keeps it
    so (`tests/test_one_place.py`)."""
    return game._state
