"""The keypad, for tables without phones: a USB numeric keypad (Linux input events) or the
terminal, and the box's screen.

Rule 1: the box names the step; the player keys a seat number and Enter (0 = nobody);
        Backspace takes back a digit; Enter alone ends a list (candidates, the scapegoat's).
Rule 2: by day, `*` and a seat number and Enter is that werewolf's self-destruct.
Rule 3: what only the acting player may know (the witch's victim, the thief's cards, the
        seer's answer) is shown on the box's screen for `private_seconds`, then cleared.
Rule 4: an entry the rules refuse is answered on the screen and asked again; nothing changes.
Rule 5: the New Moon cards' steps: 1 is yes and 0 is no; the medium keys the question's number,
        then its seats; the table's decisions (the report, witnesses, friends, the executioner)
        are keyed seat by seat, as votes are; the pack keys the church's victim or its touch
        once. The decisions are made as the phones make them.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Protocol, TextIO

from engine.cards.deck import QUESTIONS
from engine.decisions import (
    BadgeHandover,
    ChurchChoice,
    CupidChoice,
    Decision,
    GuardChoice,
    HunterShot,
    PiperChoice,
    ScapegoatChoice,
    SeerChoice,
    SelfDestruct,
    SheriffCandidacy,
    ThiefChoice,
    Touch,
    WerewolvesChoice,
    WitchChoice,
)
from engine.events import Event
from engine.game import Game
from engine.state import IllegalDecision, Pending
from narrator.phones.catalogue import DEFAULT_LOCALE, Locale, rule_message, text
from narrator.phones.collector import TOGETHER_RULES, VOTE_KINDS, Collector, trial
from narrator.phones.messages import Act, Refusal
from narrator.phones.screens import FORMS
from narrator.phones.turns import decision_of

# Linux input event codes (linux/input-event-codes.h) of the keys the keypad reads.
EV_KEY = 1
KEY_DOWN = 1
KEY_SYMBOLS: dict[int, str] = {
    2: "1",
    3: "2",
    4: "3",
    5: "4",
    6: "5",
    7: "6",
    8: "7",
    9: "8",
    10: "9",
    11: "0",
    79: "1",
    80: "2",
    81: "3",
    75: "4",
    76: "5",
    77: "6",
    71: "7",
    72: "8",
    73: "9",
    82: "0",
    28: "\n",
    96: "\n",
    14: "\b",
    55: "*",
}
SEAT_STEPS = {"guard": GuardChoice, "seer": SeerChoice, "hunter": HunterShot}
# The New Moon cards' steps (Rule 5): those keyed seat by seat, and all of them.
TABLE_STEPS = frozenset({"report", "witnesses", "distrust", "executioner"})
CARD_STEPS = frozenset(
    {
        "double_agent",
        "moon_seer",
        "touch",
        "specter",
        "church",
        "medium",
        "question",
        "ghost",
        "pact",
        "punishment",
        "vouch",
        "influences",
        *TABLE_STEPS,
    }
)


@dataclass(frozen=True, slots=True)
class Entry:
    """What was keyed before Enter: a number (None: Enter alone), starred or not."""

    number: int | None
    star: bool = False


class KeyEntry:
    """Turns key symbols ("0"–"9", "\\n", "\\b", "*") into entries; other keys are ignored."""

    def __init__(self) -> None:
        self._digits = ""
        self._star = False

    def feed(self, symbol: str) -> Entry | None:
        if symbol.isdigit():
            self._digits = (self._digits + symbol)[-3:]
        elif symbol == "\b":
            self._digits = self._digits[:-1]
        elif symbol == "*":
            self._star = True
        elif symbol == "\n":
            entry = Entry(int(self._digits) if self._digits else None, self._star)
            self._digits, self._star = "", False
            return entry
        return None


def symbols_of_events(events: Iterable[tuple[int, int, int]]) -> Iterator[str]:
    """Key symbols from input events (type, code, value): key presses only, known keys only."""
    for kind, code, value in events:
        if kind == EV_KEY and value == KEY_DOWN and code in KEY_SYMBOLS:
            yield KEY_SYMBOLS[code]


def terminal_keys(stream: TextIO) -> Iterator[str]:
    """Key symbols from lines typed on a terminal (each line ends with Enter)."""
    for line in stream:
        yield from line.rstrip("\r\n")
        yield "\n"


def evdev_keys(path: str, grab: bool = True) -> Iterator[str]:
    """Key symbols from the Linux input device at `path` (needs the optional `evdev`)."""
    try:
        import evdev
    except ImportError as error:
        raise RuntimeError(
            "reading a USB keypad needs the evdev package: pip install 'werewolf-narrator[keypad]'"
        ) from error
    device = evdev.InputDevice(path)
    if grab:
        device.grab()
    try:
        events = ((e.type, e.code, e.value) for e in device.read_loop())
        yield from symbols_of_events(events)
    finally:
        device.close()


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
        game: Game,
        apply: Callable[[Decision], object] | None = None,
    ) -> Decision:
        """Read, apply (with `apply`, default `game.apply`) and return the decision for
        `game.pending`, asking again while the rules refuse it."""
        pending = game.pending
        assert pending is not None, "the game waits for nothing"
        before = len(game.events)
        self._show_private_info(pending)
        while True:
            try:
                decision = self.decide(game, pending)
            except _SelfDestructKeyed as keyed:
                decision = SelfDestruct(seat=keyed.seat)
            try:
                (apply or game.apply)(decision)
            except IllegalDecision as error:
                self.screen.show(rule_message(self.locale, error.rule))
                continue
            self._show_results(game.events[before:], pending)
            return decision

    def decide(self, game: Game, pending: Pending) -> Decision:
        """The decision keyed for `pending` (not applied)."""
        step = pending.step
        name = text(self.locale, f"steps.{step}")
        if step in VOTE_KINDS:
            return self._votes(game, pending)
        if step in CARD_STEPS:
            return self._card(game, pending)
        if step == "sheriff_candidacy":
            self.screen.show(text(self.locale, "keypad.seats", step=name))
            return SheriffCandidacy(candidates=tuple(self._list()))
        if step == "scapegoat":
            self.screen.show(text(self.locale, "keypad.seats", step=name))
            return ScapegoatChoice(voters=tuple(self._list()))
        if step == "thief":
            self.screen.show(text(self.locale, "keypad.thief", step=name))
            return ThiefChoice(take=self._number())
        if step in ("cupid", "piper"):
            self.screen.show(text(self.locale, "keypad.count", step=name, count=pending.count))
            seats = tuple(self._number() for _ in range(pending.count))
            return CupidChoice(lovers=(seats[0], seats[1])) if step == "cupid" else PiperChoice(charmed=seats)
        if step == "witch":
            return self._witch(pending)
        self.screen.show(text(self.locale, "keypad.step", step=name))
        seat = self._number()
        if step == "werewolves":
            return WerewolvesChoice(victim=seat)
        if step == "badge":
            return BadgeHandover(successor=seat)
        return SEAT_STEPS[step](target=seat)

    def _votes(self, game: Game, pending: Pending) -> Decision:
        kind = VOTE_KINDS[pending.step]
        votes: dict[int, int] = {}
        for voter in pending.seats:
            while True:
                self.screen.show(text(self.locale, "keypad.voter", seat=voter))
                target = self._number()
                try:
                    trial(game, kind(votes={voter: target} if target else {}))
                except IllegalDecision as error:
                    if not (target and error.rule in TOGETHER_RULES):
                        self.screen.show(rule_message(self.locale, error.rule))
                        continue
                break
            if target:
                votes[voter] = target
        return kind(votes=votes)

    def _card(self, game: Game, pending: Pending) -> Decision:
        """A New Moon card's decision (Rule 5), asking again while an entry is refused."""
        if pending.step in TABLE_STEPS:
            collector = Collector(game, pending)
            for seat in collector.owed:
                while not self._offered(collector, seat):
                    pass
            return collector.combined()
        while True:
            act = self._card_act(pending, pending.seats[0])
            try:
                if pending.step == "touch":
                    return Touch(touched=act.yes)
                if pending.step == "church":
                    return ChurchChoice(victim=act.targets[0] if act.targets else 0)
                return decision_of(pending, act)
            except Refusal as refusal:
                self.screen.show(refusal.message(self.locale))

    def _offered(self, collector: Collector, seat: int) -> bool:
        try:
            collector.offer(seat, self._card_act(collector.pending, seat))
        except Refusal as refusal:
            self.screen.show(refusal.message(self.locale))
            return False
        return True

    def _card_act(self, pending: Pending, seat: int) -> Act:
        """What `seat` keys for the card step `pending`, as the phone's touch would say it."""
        step, name = pending.step, text(self.locale, f"steps.{pending.step}")
        if FORMS.get(step) == "yesno":
            self.screen.show(text(self.locale, "keypad.yes_no", step=name, seat=seat))
            return Act.model_construct(type="act", step=step, yes=self._number() == 1)
        if step == "question":
            questions = list(pending.info["questions"])
            self.screen.show(text(self.locale, "keypad.question", step=name))
            for n, ask in enumerate(questions, start=1):
                self.screen.show(
                    text(
                        self.locale,
                        "keypad.question_item",
                        n=n,
                        question=text(self.locale, f"questions.{ask}"),
                    )
                )
            number = self._number()
            ask = questions[number - 1] if 1 <= number <= len(questions) else ""
            count = QUESTIONS[ask].seats if ask else 0
            if count:
                self.screen.show(text(self.locale, "keypad.count", step=name, count=count))
            targets = [self._number() for _ in range(count)]
            return Act.model_construct(type="act", step=step, ask=ask, targets=targets)
        if step in ("report", "distrust"):
            self.screen.show(text(self.locale, "keypad.part", step=name, seat=seat))
            return Act.model_construct(type="act", step=step, targets=self._list())
        line = "keypad.voter" if step in TABLE_STEPS else "keypad.step"
        self.screen.show(text(self.locale, line, step=name, seat=seat))
        number = self._number()
        return Act.model_construct(type="act", step=step, targets=[number] if number else [])

    def _witch(self, pending: Pending) -> WitchChoice:
        heal = False
        if pending.info.get("can_heal"):
            self.screen.show(text(self.locale, "keypad.heal"))
            heal = self._number() == 1
        poison = 0
        if pending.info.get("can_poison"):
            self.screen.show(text(self.locale, "keypad.poison"))
            poison = self._number()
        return WitchChoice(heal=heal, poison=poison)

    def _number(self) -> int:
        return self._next().number or 0

    def _list(self) -> list[int]:
        seats: list[int] = []
        while (entry := self._next()).number is not None:
            seats.append(entry.number)
            self.screen.show(text(self.locale, "keypad.entered", value=seats))
        return seats

    def _next(self) -> Entry:
        """The next entry; a starred one is a self-destruct (Rule 2), raised as such."""
        for symbol in self.keys:
            entry = self._entry.feed(symbol)
            if entry is not None and entry.star:
                raise _SelfDestructKeyed(entry.number or 0)
            if entry is not None:
                return entry
        raise EOFError("the keypad's keys ran out")

    def _show_private_info(self, pending: Pending) -> None:
        info = pending.info
        if pending.step == "witch":
            victim = info.get("victim", 0)
            line = (
                text(self.locale, "keypad.witch_victim", seat=victim)
                if victim
                else text(self.locale, "keypad.witch_no_victim")
            )
            self._private(line)
        elif pending.step == "thief":
            first, second = (text(self.locale, f"roles.{c}") for c in info["cards"])
            self._private(text(self.locale, "keypad.thief_cards", first=first, second=second))

    def _show_results(self, events: Iterable[Event], pending: Pending) -> None:
        for event in events:
            if event.kind == "seer.result" and event.audience == frozenset(pending.seats):
                result = event.data["result"]
                group = "results" if result in ("werewolf", "not_werewolf") else "roles"
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


class _SelfDestructKeyed(Exception):
    def __init__(self, seat: int) -> None:
        super().__init__(seat)
        self.seat = seat
