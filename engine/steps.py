"""The step registry: every agenda step, with everything it means, in one entry.

Rule 1: a step is registered once, by the module that holds its rule (a role's, a card's, the
        day's), with `register(ROLE, StepSpec(...))` to its `Contents`; `engine.catalog.build`
        installs every module's contents in a catalogue, in the catalogue's order.
Rule 2: a step that takes a decision has a `check` that only reads the state and raises
        `IllegalDecision` naming the rule, and a `resolve` that changes the state and never
        raises: a refused decision leaves the game as it was without a copy.
Rule 3: what a decision means outside the engine is the registry's to say: how a phone or the
        keypad answers it (`form`), how the owing seats' parts make one decision (`share`,
        `fill`, `close`), the decision when time runs out (`default`), and how the game record
        reads and writes it (`codec`; the usual shapes are `engine.codecs`). Nothing outside
        the engine names a step.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Generic

from typing_extensions import TypeVar

from engine.contents import Catalogue, Contents
from engine.script import StepCues
from engine.state import IllegalDecision

if TYPE_CHECKING:
    from engine.decisions import Decision
    from engine.rules import Rules
    from engine.state import Pending, State, Step


class Kind(StrEnum):
    """When a step runs and how the judge paces it."""

    FLOW = "flow"
    """No decision: the game moves on by itself (nightfall, dawn, the deaths, dusk)."""
    NIGHT = "night"
    """A secret night decision: every living phone touches a screen of the same form."""
    SECRET = "secret"
    """A secret decision by day (the stuttering judge's request): every living phone touches a
    screen of the same form, on the same clock, as at night."""
    MEETING = "meeting"
    """A night step where a group wakes to learn something and decides nothing (the lovers)."""
    DAY = "day"
    """A public decision by day, from the seats that owe it."""
    CHANCE = "chance"
    """The box's own chance (an event card, a coin, a potion): no seat owes it."""


class Form(StrEnum):
    """What one seat's answer looks like on a phone or the keypad."""

    NONE = "none"
    SEATS = "seats"
    """Name `pending.count` seats among `pending.targets` (none when `allow_none`)."""
    LIST = "list"
    """Name any number of seats among `pending.targets` (the scapegoat's voters)."""
    TAKE = "take"
    """Card 1 or 2 of `info["cards"]`, or 0 to keep one's own."""
    POTIONS = "potions"
    """Heal (yes or no) and a seat to poison (0: none)."""
    YES_NO = "yes_no"
    NOTICE = "notice"
    """Nothing to decide: the seat is shown something (its shot status) and says it saw it."""
    STAND = "stand"
    """Stand or not (the sheriff election): a yes or no in the election's own words."""
    QUESTION = "question"
    """A question of `info["questions"]` and the seats it points at."""


class Share(StrEnum):
    """How the parts of the seats that owe a decision make the decision."""

    ONE = "one"
    """One seat decides alone."""
    AGREE = "agree"
    """Every part names the same seat (the pack); a part may change until they agree."""
    VOTES = "votes"
    """Each part is one vote; absent voters abstain."""
    STAND = "stand"
    """Each part is yes or no; the decision is the seats that said yes."""
    ANY = "any"
    """Yes as soon as one part says yes."""
    MAJORITY = "majority"
    """The seats named by more than half of the parts."""
    FRIENDS = "friends"
    """Each part names its friends; every part is needed."""
    MOST = "most"
    """The seat named most (a tie: the lowest seat)."""
    NOBODY = "nobody"
    """No seat owes it: the box's chance."""


@dataclass(frozen=True, slots=True)
class Answer:
    """One seat's answer as a phone or the keypad gives it, whatever the step."""

    seats: tuple[int, ...] = ()
    yes: bool = False
    take: int = 0
    heal: bool = False
    ask: str = ""


D = TypeVar("D", bound="Decision", default="Decision")
"""A step's (or a day action's) own decision type: what its check, resolve and review get."""


@dataclass(frozen=True, slots=True)
class Codec(Generic[D]):
    """How the game record holds a step's decision under one key.

    `read(value, pending)` is the decision (None: the value holds none for this pending, such
    as an election's revote that never happened); `write(decision, pending, old)` the new value
    under the key (`old` what was there). `shape(value)` raises `ShapeError` for a value that
    cannot be this key's. A `repeated` key holds a list used in order within one phase.
    `absent(pending)` is the decision a phase's table means by leaving the key out (the
    judge's request: no), None when a missing key means the record ran out; `write` gives None
    for a decision the table leaves out.
    """

    key: str
    kind: Kind
    read: Callable[[Any, Pending], D | None]
    write: Callable[[D, Pending, Any], Any]
    shape: Callable[[Any], None]
    repeated: bool = False
    absent: Callable[[Pending], D] | None = None


Begin = Callable[["State", "Step"], "Pending | None"]
Parts = Callable[["Pending", Mapping[int, Answer]], "Decision"]
Told = Callable[["State", "Pending", D], list[tuple[str, dict[str, Any]]]]
Fill = Callable[["State", "Pending", Mapping[int, Answer]], dict[int, Answer]]
Check = Callable[["State", "Pending", D], None]
Resolve = Callable[["State", "Pending", D], None]


@dataclass(frozen=True, slots=True)
class StepSpec(Generic[D]):
    """One step of the agenda and what it means (Rule 3). A step that takes a decision names its
    type (`decision`): `check`, `resolve` and `told` receive that type (the game refuses any
    other before asking them)."""

    name: str
    begin: Begin
    kind: Kind = Kind.FLOW
    decision: type[D] | None = None
    check: Check[D] | None = None
    resolve: Resolve[D] | None = None
    form: Form = Form.NONE
    share: Share = Share.ONE
    answer: Parts | None = None
    """The decision that the answers given (seat → answer) make as they are: the one seat's
    answer, or one part alone, to check it as it arrives."""
    fill: Fill | None = None
    """The parts the rules fill in for the seats that gave none (an accusation in the
    Nightmare, friends in the Great Distrust, a touch when no werewolf answered)."""
    close: Parts | None = None
    """The decision of a shared step closed with the parts given and filled in, when it is not
    `answer`'s (the report's majority, the executioner most named)."""
    owed: Callable[[Pending], tuple[int, ...]] | None = None
    """The seats whose part is awaited (None: every seat of `pending.seats`)."""
    default: Callable[[State, Pending], Decision] | None = None
    """The decision when time runs out with no answer: pass, abstain, keep where allowed."""
    codecs: tuple[Codec[Any], ...] = ()
    talk: bool = False
    """The day's talk goes on while this step waits: a werewolf may self-destruct."""
    verdict: bool = False
    """The day's vote: a self-destruct the record holds for the day comes before it."""
    names: int = 1
    """How many seats the night screen asks every phone to touch (the decoys' screen asks
    as many as the step's own, whoever acts)."""
    fewer: Callable[[Rules], bool] | None = None
    """Whether, under these rules, the step may name fewer seats than `names` (the club
    piper's none, one or two): public, so every phone's screen takes fewer alike."""
    told: Told[D] | None = None
    """What the decision did, for the post-game review: (line, placeholders) pairs that the
    narrator's catalogues say (`review`, `recap`); none for a step the review leaves out."""
    reveals: frozenset[str] = frozenset()
    """The private events that answer the deciding seat at once (the seer's result)."""
    cues: StepCues | None = None
    answers: tuple[str, str] | None = None
    """A yes-or-no step's own names for its yes and its no (退水 / 继续竞选), when it has them:
    the phones' `ui.<name>` lines, filled with the pending's `info`."""
    """A night step's opening and closing lines (its `wake`, `act`, `sleep` cue keys)."""
    sleep: Callable[[State, Pending], None] | None = None
    """The public lines that close the step, when more than its `cues.sleep` (the wolf
    robot's night-one line): said after a decision and after a void one alike, so that the
    table hears no difference."""
    extra: Mapping[str, Any] = field(default_factory=dict)


OFFERS_FACE_UP = "face_up"
"""`StepSpec.extra[OFFERS_FACE_UP]`: a `Form.TAKE` step that offers the cards lying face up
(the public view's `face_up`: the actor's) instead of the thief's two face-down cards."""


@dataclass(frozen=True, slots=True)
class DayAction(Generic[D]):
    """A decision a seat takes of its own accord while the day's talk goes on, interrupting the
    pending step: a werewolf's self-destruct, the knight's duel, the white wolf king's blow.

    `check(state, decision)` only reads and raises `IllegalDecision`; `resolve` changes the
    state and never raises; `seat(decision)` is the seat that acts. `offered(state)` says
    whether every living phone shows the action's button now: it reads public facts only
    (the rules, the board, the phase), never who holds which card. `form` is what the button
    asks for (nothing, or one seat among `targets(state)`); `make(seat, answer)` the decision.
    """

    name: str
    decision: type[D]
    check: Callable[[State, D], None]
    resolve: Callable[[State, D], None]
    seat: Callable[[D], int]
    make: Callable[[int, Answer], D]
    offered: Callable[[State], bool]
    codec: Codec[D]
    form: Form = Form.NONE
    targets: Callable[[State], tuple[int, ...]] | None = None


def is_shared(spec: StepSpec[Any] | None) -> bool:
    """Whether several seats' parts make the step's decision (or may: a vote of one)."""
    return spec is not None and spec.share not in (Share.ONE, Share.NOBODY)


def never_refused(state: State, pending: Pending, decision: Decision) -> None:
    """The `check` of a step where every answer of the right type is legal (yes or no)."""


def register(to: Contents, *specs: StepSpec[Any]) -> None:
    """Register `specs` (Rule 1) when the catalogue is built; a step or record key registered
    twice is a programming error."""
    to.add(lambda catalogue: _put(catalogue, specs))


def _put(catalogue: Catalogue, specs: tuple[StepSpec[Any], ...]) -> None:
    steps, codecs = catalogue.steps, catalogue.codecs
    for spec in specs:
        if spec.name in steps:
            raise ValueError(f"step {spec.name!r} is registered twice")
        if spec.decision is not None and (spec.check is None or spec.resolve is None):
            raise ValueError(f"step {spec.name!r} takes a decision: it needs check and resolve")
        if spec.cues is not None and spec.cues.step != spec.name:
            raise ValueError(f"step {spec.name!r} is given the lines of {spec.cues.step!r}")
        steps[spec.name] = spec
        for codec in spec.codecs:
            if codec.key in codecs and codecs[codec.key] is not codec:
                raise ValueError(f"record key {codec.key!r} is registered twice")
            codecs[codec.key] = codec


def register_action(to: Contents, action: DayAction[Any]) -> None:
    """Register a day action (and its record key) once, from the module that holds its rule."""
    to.add(lambda catalogue: _put_action(catalogue, action))


def _put_action(catalogue: Catalogue, action: DayAction[Any]) -> None:
    if action.decision in catalogue.actions:
        raise ValueError(f"day action {action.name!r} is registered twice")
    catalogue.actions[action.decision] = action
    if action.codec.key in catalogue.codecs:
        raise ValueError(f"record key {action.codec.key!r} is registered twice")
    catalogue.codecs[action.codec.key] = action.codec


def decision_types(catalogue: Catalogue) -> list[type[Decision]]:
    """Every decision type `catalogue` knows: each step's, then each day action's (a role's
    module defines its own)."""
    found = [spec.decision for spec in catalogue.steps.values() if spec.decision is not None]
    return found + [kind for kind in catalogue.actions if kind not in found]


# Answers and defaults for the usual forms


def one_seat(seats: tuple[int, ...]) -> int:
    """The one seat of an answer (0: nobody); `IllegalDecision` ("wrong_count") for more."""
    if len(seats) > 1:
        raise IllegalDecision("wrong_count", f"name one seat, not {len(seats)}")
    return seats[0] if seats else 0


def single(make: Callable[[Pending, Answer], Decision]) -> Parts:
    """The `answer` of a step one seat decides alone, from that seat's answer."""

    def answer(pending: Pending, parts: Mapping[int, Answer]) -> Decision:
        return make(pending, next(iter(parts.values()), Answer()))

    return answer


def seat_answer(decision: type[Decision], name: str) -> Parts:
    """The `answer` naming one seat (0: nobody) in the field `name`."""
    return single(lambda pending, given: decision(**{name: one_seat(given.seats)}))


def agreed(decision: type[Decision], name: str) -> Parts:
    """The `answer` of a pack (`Share.AGREE`): the seat every part names, else nobody."""

    def answer(pending: Pending, parts: Mapping[int, Answer]) -> Decision:
        named = {one_seat(part.seats) for part in parts.values()}
        return decision(**{name: named.pop() if len(named) == 1 else 0})

    return answer


def standing(decision: type[Decision], name: str) -> Parts:
    """The `answer` of `Share.STAND`: the seats whose part says yes."""

    def answer(pending: Pending, parts: Mapping[int, Answer]) -> Decision:
        return decision(**{name: tuple(sorted(seat for seat, part in parts.items() if part.yes))})

    return answer


def owed(spec: StepSpec[Any], pending: Pending) -> tuple[int, ...]:
    return spec.owed(pending) if spec.owed is not None else pending.seats


def complete(spec: StepSpec[Any], pending: Pending, parts: Mapping[int, Answer]) -> bool:
    """Whether the parts given make the decision now: the pack agrees, one touch said yes, or
    every owed seat answered."""
    awaited = owed(spec, pending)
    if spec.share == Share.ANY and any(part.yes for part in parts.values()):
        return True
    if len([s for s in awaited if s in parts]) < len(awaited):
        return False
    if spec.share == Share.AGREE:
        return len({one_seat(part.seats) for part in parts.values()}) == 1
    return True


def first_target(decision: type[Decision], name: str) -> Callable[[State, Pending], Decision]:
    """The default that names the first legal target (a step that must name someone)."""

    def default(state: State, pending: Pending) -> Decision:
        return decision(**{name: pending.targets[0]})

    return default


def nobody(decision: type[Decision], name: str, value: object = 0) -> Callable[[State, Pending], Decision]:
    """The default that names nobody (or `value`)."""

    def default(state: State, pending: Pending) -> Decision:
        return decision(**{name: value})

    return default
