"""The keypad, for tables without phones: a USB numeric keypad (Linux input events) or the
terminal, and the box's screen.

Rule 1: the box names the step; the player keys a seat number and Enter (0 = nobody);
        Backspace takes back a digit; Enter alone ends a list (candidates, the scapegoat's).
Rule 2: by day, `*` and a seat number and Enter is that seat taking a day action (a werewolf's
        self-destruct, the knight's duel …): when the game offers several, the box lists them
        and the action's number is keyed (0 = none), then the seat it names when it names one.
Rule 3: what only the acting player may know (the witch's victim, the thief's cards, the
        seer's answer) is shown on the box's screen for `private_seconds`, then cleared.
Rule 4: an entry the rules refuse is answered on the screen and asked again; nothing changes.
Rule 5: the New Moon cards' steps: 1 is yes and 0 is no; the medium keys the question's number,
        then its seats; the table's decisions (the report, witnesses, friends, the executioner)
        are keyed seat by seat, as votes are; the pack keys the church's victim or its touch
        once. The decisions are made as the phones make them.
Rule 6: the keypad asks the game only through `AskedGame` (the engine's own queries), so
        its thread can ask them of a game that lives on another thread's event loop.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Protocol, TextIO

from engine.cards.deck import QUESTIONS
from engine.decisions import Decision
from engine.events import Event
from engine.state import IllegalDecision, Pending
from engine.steps import OFFERS_FACE_UP, Answer, DayAction, Form, Share, StepSpec
from narrator.phones.catalogue import DEFAULT_LOCALE, Locale, has, rule_message, text
from narrator.phones.collector import refusal
from narrator.phones.keys import Entry, KeyEntry
from narrator.store import StoreUnwritable


class AskedGame(Protocol):
    """What the keypad asks of a game (a `Game` is one; so is the keypad desk's view of the
    game on the event loop)."""

    @property
    def pending(self) -> Pending | None: ...

    @property
    def spec(self) -> StepSpec | None: ...

    @property
    def events(self) -> Sequence[Event]: ...

    def owed(self) -> tuple[int, ...]: ...

    def part(self, seat: int, given: Answer, /) -> Decision: ...

    def combine(self, parts: Mapping[int, Answer], /) -> Decision: ...

    def check(self, decision: Decision, /) -> None: ...

    def apply(self, decision: Decision, /) -> object: ...

    def actions_offered(self) -> list[DayAction]: ...


class BoxScreen(Protocol):
    def show(self, line: str) -> None: ...

    def clear(self) -> None: ...


class TerminalScreen:
    """The box's terminal as its screen: lines are printed; clearing wipes the terminal."""

    def __init__(self, out: TextIO) -> None:
        self.out = out

    def show(self, line: str) -> None:
        self.out.write(line + "\n")
        self.out.flush()

    def clear(self) -> None:
        self.out.write("\x1b[2J\x1b[H")
        self.out.flush()


class Keypad:
    """Takes each pending decision of a game from keyed entries."""

    def __init__(
        self,
        keys: Iterator[str],
        screen: BoxScreen,
        locale: Locale = DEFAULT_LOCALE,
        private_seconds: float = 5.0,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.keys = keys
        self.screen = screen
        self.locale = locale
        self.private_seconds = private_seconds
        self.sleep = sleep
        self._entry = KeyEntry()

    def play_step(
        self,
        game: AskedGame,
        apply: Callable[[Decision], object] | None = None,
    ) -> Decision:
        """Read, apply (with `apply`, default `game.apply`) and return the decision for
        `game.pending`, asking again while the rules refuse it."""
        pending = game.pending
        assert pending is not None, "the game waits for nothing"
        before = len(game.events)
        self._show_private_info(game)
        while True:
            try:
                decision = self.decide(game, pending)
            except _DayActionKeyed as keyed:
                action = self._day_action(game, keyed.seat)
                if action is None:
                    continue
                decision = action
            try:
                (apply or game.apply)(decision)
            except IllegalDecision as error:
                self.screen.show(rule_message(self.locale, error.rule))
                continue
            except StoreUnwritable:  # nothing was taken: key it again once the box can save
                self.screen.show(text(self.locale, "errors.not_saved"))
                continue
            self._show_results(game, game.events[before:], pending)
            return decision

    def decide(self, game: AskedGame, pending: Pending) -> Decision:
        """The decision keyed for `pending` (not applied): one seat's answer; the candidates,
        keyed as a list; the pack's answer, keyed once; or the table's, keyed seat by seat,
        each part checked as it comes (Rule 5)."""
        spec = game.spec
        assert spec is not None
        if spec.form == Form.STAND:
            self.screen.show(text(self.locale, "keypad.seats", step=self._name(pending)))
            return game.combine(dict.fromkeys(self._list(), Answer(yes=True)))
        if spec.share in (Share.ONE, Share.AGREE, Share.ANY):
            owing = game.owed() if spec.share != Share.ONE else pending.seats[:1]
            while True:
                given = self._answer(spec, pending, pending.seats[0])
                try:
                    return game.combine(dict.fromkeys(owing, given))
                except IllegalDecision as error:
                    self.screen.show(refusal(error, pending).message(self.locale))
        parts: dict[int, Answer] = {}
        for seat in game.owed():
            while True:
                given = self._answer(spec, pending, seat, by_seat=True)
                try:
                    game.check(game.part(seat, given))
                except IllegalDecision as error:
                    self.screen.show(refusal(error, pending).message(self.locale))
                    continue
                parts[seat] = given
                break
        return game.combine(parts)

    def _name(self, pending: Pending) -> str:
        return text(self.locale, f"steps.{pending.step}")

    def _answer(self, spec: StepSpec, pending: Pending, seat: int, *, by_seat: bool = False) -> Answer:
        """What is keyed for `seat` in the step's form (Rules 1 and 5)."""
        name = self._name(pending)
        form = spec.form
        if form == Form.NOTICE:
            self.screen.show(text(self.locale, "keypad.notice", step=name, seat=seat))
            self._number()
            return Answer()
        if form == Form.YES_NO:
            self.screen.show(text(self.locale, "keypad.yes_no", step=name, seat=seat))
            return Answer(yes=self._number() == 1)
        if form == Form.LIST:
            self.screen.show(text(self.locale, "keypad.seats", step=name))
            return Answer(seats=tuple(self._list()))
        if form == Form.TAKE:
            face_up = spec.extra.get(OFFERS_FACE_UP)  # the actor's cards: any of them, or none
            self.screen.show(text(self.locale, "keypad.take" if face_up else "keypad.thief", step=name))
            return Answer(take=self._number())
        if form == Form.POTIONS:
            return self._witch(pending)
        if form == Form.QUESTION:
            return self._question(pending, name)
        if spec.share in (Share.MAJORITY, Share.FRIENDS):
            self.screen.show(text(self.locale, "keypad.part", step=name, seat=seat))
            return Answer(seats=tuple(self._list()))
        if pending.count > 1:
            self.screen.show(text(self.locale, "keypad.count", step=name, count=pending.count))
            keyed = tuple(self._number() for _ in range(pending.count))
            if "up_to" in pending.info:  # fewer allowed: a 0 keys nobody for that place
                keyed = tuple(seat for seat in keyed if seat)
            return Answer(seats=keyed)
        line = "keypad.voter" if by_seat else "keypad.step"
        self.screen.show(text(self.locale, line, step=name, seat=seat))
        number = self._number()
        return Answer(seats=(number,) if number else ())

    def _question(self, pending: Pending, name: str) -> Answer:
        questions = list(pending.info["questions"])
        self.screen.show(text(self.locale, "keypad.question", step=name))
        for n, ask in enumerate(questions, start=1):
            question = text(self.locale, f"questions.{ask}")
            self.screen.show(text(self.locale, "keypad.question_item", n=n, question=question))
        number = self._number()
        ask = questions[number - 1] if 1 <= number <= len(questions) else ""
        count = QUESTIONS[ask].seats if ask else 0
        if count:
            self.screen.show(text(self.locale, "keypad.count", step=name, count=count))
        return Answer(ask=ask, seats=tuple(self._number() for _ in range(count)))

    def _witch(self, pending: Pending) -> Answer:
        heal = False
        if pending.info.get("can_heal"):
            self.screen.show(text(self.locale, "keypad.heal"))
            heal = self._number() == 1
        poison = 0
        if pending.info.get("can_poison"):
            self.screen.show(text(self.locale, "keypad.poison"))
            poison = self._number()
        return Answer(heal=heal, seats=(poison,) if poison else ())

    def _number(self) -> int:
        return self._next().number or 0

    def _day_action(self, game: AskedGame, seat: int) -> Decision | None:
        """The day action `seat` keyed (Rule 2), not applied; None when it was called off or
        the game offers none now."""
        offered = game.actions_offered()
        if not offered:
            self.screen.show(text(self.locale, "keypad.no_action"))
            return None
        action = offered[0]
        if len(offered) > 1:
            self.screen.show(text(self.locale, "keypad.actions", seat=seat))
            for n, offer in enumerate(offered, 1):
                name = self._action_name(offer)
                self.screen.show(text(self.locale, "keypad.action_item", n=n, action=name))
            number = self._plain_number()
            if not 1 <= number <= len(offered):
                return None
            action = offered[number - 1]
        given = Answer()
        if action.form == Form.SEATS:
            self.screen.show(text(self.locale, "keypad.action_target", action=self._action_name(action)))
            given = Answer(seats=(self._plain_number(),))
        return action.make(seat, given)

    def _action_name(self, action: DayAction) -> str:
        return text(self.locale, f"ui.action_{action.name}")

    def _plain_number(self) -> int:
        """The next entry's number, a star or not (0 for Enter alone)."""
        for symbol in self.keys:
            entry = self._entry.feed(symbol)
            if entry is not None:
                return entry.number or 0
        raise EOFError("the keypad's keys ran out")

    def _list(self) -> list[int]:
        seats: list[int] = []
        while (entry := self._next()).number is not None:
            seats.append(entry.number)
            self.screen.show(text(self.locale, "keypad.entered", value=seats))
        return seats

    def _next(self) -> Entry:
        """The next entry; a starred one is a day action (Rule 2), raised as such."""
        for symbol in self.keys:
            entry = self._entry.feed(symbol)
            if entry is not None and entry.star:
                raise _DayActionKeyed(entry.number or 0)
            if entry is not None:
                return entry
        raise EOFError("the keypad's keys ran out")

    def _show_private_info(self, game: AskedGame) -> None:
        """What the acting seat is told before it decides (Rule 3): the witch's victim, the
        thief's two cards, the actor's cards left."""
        pending, spec = game.pending, game.spec
        assert pending is not None and spec is not None
        info = pending.info
        if spec.form == Form.POTIONS:
            victim = info.get("victim", 0)
            line = (
                text(self.locale, "keypad.witch_victim", seat=victim)
                if victim
                else text(self.locale, "keypad.witch_no_victim")
            )
            self._private(line)
        elif spec.form == Form.TAKE and spec.extra.get(OFFERS_FACE_UP):
            cards = (f"{n} = {text(self.locale, f'roles.{c}')}" for n, c in enumerate(info["cards"], 1))
            self._private(text(self.locale, "keypad.cards", cards=", ".join(cards)))
        elif spec.form == Form.TAKE:
            first, second = (text(self.locale, f"roles.{c}") for c in info["cards"])
            self._private(text(self.locale, "keypad.thief_cards", first=first, second=second))

    def _show_results(self, game: AskedGame, events: Iterable[Event], pending: Pending) -> None:
        """A check's answer, shown to the seat that asked (Rule 3)."""
        for event in events:
            if event.kind == "seer.result" and event.audience == frozenset(pending.seats):
                result = event.data["result"]
                group = "results" if has(self.locale, f"results.{result}") else "roles"
                self._private(
                    text(
                        self.locale,
                        "keypad.seer_result",
                        seat=event.data["target"],
                        result=text(self.locale, f"{group}.{result}"),
                    )
                )

    def _private(self, line: str) -> None:
        seconds = self.private_seconds
        self.screen.show(text(self.locale, "keypad.private", seconds=f"{seconds:g}"))
        self.screen.show(line)
        self.sleep(seconds)
        self.screen.clear()


class _DayActionKeyed(Exception):
    def __init__(self, seat: int) -> None:
        super().__init__(seat)
        self.seat = seat
