"""The state of a game in progress: seats, cards, potions, badge, deaths, and the agenda."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from engine.cards.deck import MoonState
from engine.contents import Catalogue, Contents
from engine.election import Election
from engine.events import Event, check_cue
from engine.outcome import Outcome
from engine.phase import MADE, Phase
from engine.roles import CURSABLE_ROLES, Role
from engine.rules import Rules
from engine.setup import Setup


class IllegalDecision(ValueError):
    """A decision the rules do not allow; `rule` names the rule broken. State is unchanged."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message


class _NoArgs(Mapping[str, Any]):
    """The arguments of a step that has none: one shared, immutable, empty mapping."""

    def __getitem__(self, key: str) -> Any:
        raise KeyError(key)

    def get(self, key: str, default: Any = None) -> Any:
        return default

    def __contains__(self, key: object) -> bool:
        return False

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0

    def __reduce__(self) -> str:
        return "NO_ARGS"

    def __repr__(self) -> str:
        return "{}"


NO_ARGS: Mapping[str, Any] = _NoArgs()


@dataclass(frozen=True, slots=True)
class Step:
    """One entry of the agenda: a step name and its arguments."""

    name: str
    args: Mapping[str, Any] = field(default_factory=lambda: NO_ARGS)


@dataclass(frozen=True, slots=True)
class Pending:
    """The decision the game waits for. Secret: it says who holds which power.

    `seats` owe it; `targets` are the legal seats to name; `allow_none` says whether 0
    (nobody, pass, abstain) is allowed; `count` is how many seats to name; `info` holds
    what the deciding seats are told (the witch's victim, the thief's cards); `info["up_to"]`
    (= `count`) says any number of seats up to `count` may be named (the club's piper).
    """

    phase: Phase
    step: str
    key: str
    seats: tuple[int, ...]
    targets: tuple[int, ...] = ()
    allow_none: bool = False
    count: int = 1
    info: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Death:
    seat: int
    phase: Phase
    cause: str


@dataclass(slots=True)
class Player:
    seat: int
    card: Role
    alive: bool = True
    charmed: bool = False
    revealed_idiot: bool = False
    lives: int = 1


@dataclass(frozen=True, slots=True)
class Turn:
    """A player turned to the werewolves' team for good (RULES-CHARACTERS.md's `converted`):
    in `phase`, by the rule `by` names ("wild_child", "wolf_hound", "infect"); `pack_from` is
    the first night he wakes with the pack."""

    phase: Phase
    by: str
    pack_from: int
    alone: bool = False
    """Never with the pack (the awakened gargoyle's convert, RULES-CLUB-MORE.md): he does not
    meet it nor may self-destruct; once every other player of the werewolves' team is dead he
    loses his card's powers and chooses the kill alone."""


@dataclass(slots=True)
class Tonight:
    """What was decided during the current night (cleared at nightfall)."""

    victim: int = 0
    told_victim: int = 0
    healed: bool = False
    healed_other: int = 0
    """The victim of another werewolf attack (not the pack's) the witch healed tonight."""
    poisoned: int = 0
    moon_deaths: list[tuple[int, str]] = field(default_factory=list)
    """Deaths at dawn caused by an event card."""
    fallen: set[int] = field(default_factory=set)
    """Players who died at once tonight (an event card's victim): their card acts for
    nobody; they count as living until the deaths are told at dawn."""
    blocked: set[int] = field(default_factory=set)
    """Players whose night power does nothing tonight (feared by the nightmare, sealed by the
    blood moon): their step is pretended, and one who dies tonight cannot shoot."""
    marks: dict[str, Any] = field(default_factory=dict)
    """What a role's module notes tonight, under the module's own key (the dreamwalker, …)."""


@dataclass(slots=True)
class State:
    setup: Setup
    rules: Rules
    catalogue: Catalogue
    """What every module added (`engine.contents.Catalogue`): the game's steps, cards and lines."""
    players: list[Player]
    extra_cards: list[Role]
    night: int = 0
    day: int = 0
    first_day: int = 1
    """The number of the game's first day: 0 when a card held a day 0 (the angel's)."""
    daytime: bool = False
    announced: bool = False
    cupid_seat: int = 0
    lovers: tuple[int, int] | None = None
    lovers_met: bool = False
    wolves_met: bool = False
    cursed: bool = False
    sheriff: int = 0
    election_due: bool = False
    voters_allowed: frozenset[int] | None = None
    next_voters_allowed: frozenset[int] | None = None
    tonight: Tonight = field(default_factory=Tonight)
    night_victims: list[tuple[int, str]] = field(default_factory=list)
    deaths: list[Death] = field(default_factory=list)
    seer_results: list[tuple[int, int, str]] = field(default_factory=list)
    turned: dict[int, Turn] = field(default_factory=dict)
    """Players turned to the werewolves' team (`Turn`): of it from that moment whatever their
    card (checked as werewolves, may self-destruct), with the pack from the next night."""
    agenda: list[Step] = field(default_factory=list)
    pending: Pending | None = None
    outcome: Outcome | None = None
    events: list[Event] = field(default_factory=list)
    moon: MoonState | None = None
    """The New Moon event cards; None when `events = "off"`."""
    hooks: dict[str, Any] = field(default_factory=dict)
    """The role hooks of this game's deck (`engine.rolehooks`), set once when the game starts."""
    memory: dict[str, Any] = field(default_factory=dict)
    """What a role's module keeps from night to night, under the module's own key."""
    election: Election = field(default_factory=Election)
    """The club election's lasting facts (`engine.election`, owned by the club day)."""

    # Seats and cards

    def player(self, seat: int) -> Player:
        return self.players[seat - 1]

    def is_seat(self, seat: object) -> bool:
        return type(seat) is int and 0 < seat <= len(self.players)

    def alive(self) -> list[int]:
        return [p.seat for p in self.players if p.alive]

    def is_alive(self, seat: int) -> bool:
        return type(seat) is int and 0 < seat <= len(self.players) and self.players[seat - 1].alive

    def seats_with(self, role: Role) -> list[int]:
        return [p.seat for p in self.players if p.card == role]

    def seat_of(self, role: Role) -> int:
        """The seat holding `role` (0 when no seat holds it)."""
        for p in self.players:
            if p.card == role:
                return p.seat
        return 0

    def is_werewolf(self, seat: int) -> bool:
        """Whether the card at `seat` is of the werewolves' team."""
        return self.players[seat - 1].card in self.catalogue.wolf_team or seat in self.turned

    def turn(self, seat: int, by: str, phase: Phase, *, tonight: bool = False, alone: bool = False) -> None:
        """`seat` joins the werewolves' team now, for good (`Turn`), in `phase` (that of the
        death that turned him); he wakes with the pack from the next night, or from tonight's
        pack step on (`tonight`: the wolf-hound's pick, made before it), or never (`alone`)."""
        self.turned[seat] = Turn(phase, by, self.night if tonight else self.night + 1, alone)

    def wakes_with_pack(self, seat: int) -> bool:
        """Whether the card at `seat` wakes with the pack, or he was turned before tonight."""
        turn = self.turned.get(seat)
        turned = turn is not None and not turn.alone and self.night >= turn.pack_from
        return self.player(seat).card in self.catalogue.pack or turned

    def last_of_wolves_alone(self, seat: int) -> bool:
        """Whether `seat` was turned to the werewolves alone (`Turn.alone`) and every other
        player of their team is dead: he chooses the kill, his card's powers gone."""
        turn = self.turned.get(seat)
        return turn is not None and turn.alone and self.living_wolf_team() == [seat]

    def living_werewolves(self) -> list[int]:
        """The living seats that wake with the pack; when none does, the first living lone
        killer (the gargoyle, the wolf robot, the hidden wolf) alone, else a player turned to
        the werewolves alone who is the last of them (`last_of_wolves_alone`)."""
        catalogue = self.catalogue
        pack = [p.seat for p in self.players if p.alive and self.wakes_with_pack(p.seat)]
        if pack:
            return pack
        for role in catalogue.lone_killers:
            for p in self.players:
                if p.alive and p.card == role:
                    return [p.seat]
        return [seat for seat in self.turned if self.last_of_wolves_alone(seat)]

    def open_cards(self) -> dict[int, str]:
        """The cards everyone was shown before the game started (the villager-villager), by seat."""
        shown = self.catalogue.open_cards
        return {p.seat: p.card.value for p in self.players if p.card in shown} if shown else {}

    def living_wolf_team(self) -> list[int]:
        """The living seats of the werewolves' team, lone cards included."""
        return [p.seat for p in self.players if p.alive and self.is_werewolf(p.seat)]

    @property
    def phase(self) -> Phase:
        number = self.day if self.daytime else self.night
        made = MADE.get((self.daytime, number))
        return made if made is not None else Phase("day" if self.daytime else "night", number)

    # Powers

    def has_power(self, seat: int) -> bool:
        """Whether the card at `seat` still has its power (dead seats have none, nor those who
        died at once tonight)."""
        return self.player(seat).alive and seat not in self.tonight.fallen and self.card_has_power(seat)

    def card_has_power(self, seat: int) -> bool:
        """Whether the card at `seat` has its power, alive or not (a dying hunter's shot)."""
        card = self.player(seat).card
        if card in CURSABLE_ROLES and self.cursed:
            return False
        if self.last_of_wolves_alone(seat):
            return False
        asked = self.catalogue.cards_asked
        if self.moon is not None and asked is not None and asked.powerless(self, seat):
            return False
        left = self.catalogue.power_left.get(card)
        return left is None or left(self)

    def acting(self, role: Role) -> int:
        """The living seat that acts for `role` at night, or 0 (then the step is pretended)."""
        asked = self.catalogue.cards_asked
        swapped = asked.acting_for(self, role) if self.moon is not None and asked is not None else None
        if swapped is not None:
            return swapped
        seat = self.seat_of(role)
        return seat if seat and self.has_power(seat) else 0

    def push(self, *steps: Step) -> None:
        """Put `steps` at the front of the agenda, in the order given."""
        self.agenda[0:0] = steps

    def emit(self, *events: Event) -> None:
        """Add `events` (a `KeyError`, nothing added, when a cue is not a line of the script);
        a private one is stamped with the phase it happened in."""
        for event in events:
            if event.kind == "cue":
                check_cue(self.catalogue.placeholders, event)
        for event in events:
            if event.audience is not None and not event.phase:
                event = replace(event, phase=str(self.phase))
            self.events.append(event)

    def refuse(self, rule: str, message: str) -> IllegalDecision:
        return IllegalDecision(rule, message)


def living(state: State, seat: int, dead: str, what: str) -> None:
    """Refuse a seat that is not at the table, or (with the rule `dead`, written whole at the
    call: `"dead_voter"`) one that is dead; `what` says what the seat was named as."""
    if not state.is_seat(seat):
        raise state.refuse("no_such_seat", f"there is no seat {seat} ({what})")
    if not state.players[seat - 1].alive:
        raise state.refuse(dead, f"seat {seat} is dead ({what})")


@dataclass(frozen=True, slots=True)
class CardsAsked:
    """What the state asks of the event cards when they are on, answered by `engine.cards.moon`
    (`answer_for_cards`, installed in the catalogue): whether a card took a seat's power for
    good, and the seat that acts for a role tonight under a card (None: no card has a say)."""

    powerless: Callable[[State, int], bool]
    acting_for: Callable[[State, Role], int | None]


def answer_for_cards(
    to: Contents, powerless: Callable[[State, int], bool], acting_for: Callable[[State, Role], int | None]
) -> None:
    """The event cards' module says how it answers the state's questions (`CardsAsked`)."""

    def put(catalogue: Catalogue) -> None:
        catalogue.cards_asked = CardsAsked(powerless, acting_for)

    to.add(put)
