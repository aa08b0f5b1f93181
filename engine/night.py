"""The night: its order as data, nightfall, and the resolution at dawn (each role's step is its
own module in `engine.roles`).

Rule 1: every night step of a card in the deck is narrated (wake, act, sleep), whether the
        role is dealt, alive and powerful or not; a step with nobody to act is pretended.
Rule 1b: a first night's step of a card an actor or a devoted servant may get later
        (`NightStep.late`) is narrated every night while such a card is in the deck.
Rule 2: the werewolves' victim dies at dawn unless saved: guarded (never the little girl)
        or healed; with `guard_and_heal = "dies"` guarded *and* healed dies too.
Rule 3: an elder with two lives loses one instead of dying; the witch is then told nobody.
Rule 4: the poisoned die at dawn; poisoned and bitten is one death, cause poison.
Rule 4b: the other werewolf attacks of the night (RULES-CHARACTERS.md: the white werewolf's,
        the big bad wolf's; `add_attack`) land at the same moment and as the pack's does (the
        guard, an elder's life, a spare); a player attacked twice dies once, cause the first
        attack in step order, any other night cause first.
Rule 5: the New Moon event cards in play change who wakes, who may be named and what happens
        at dawn through the hooks of `engine.cards` (none with `events = "off"`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.cards import hooks
from engine.cards.moon import spare_life
from engine.cards.nightsteps import night_card_steps
from engine.contents import Catalogue, Contents
from engine.events import cue, private
from engine.rolehooks import RoleHooks
from engine.roles import Role
from engine.state import State, Step, Tonight
from engine.steps import (
    StepSpec,
    register,
)

CORE = Contents("night")


@dataclass(frozen=True, slots=True)
class NightStep:
    """A step of the night order: the card whose presence makes it narrated, and when.

    `club` is its place in RULES-CLUB.md's one order for every role (`night_order = "club"`);
    `seeds` its place in RULES.md's order (None: a role RULES.md does not have).
    """

    name: str
    card: Role
    club: float
    seeds: float | None = None
    first_night_only: bool = False
    meeting: bool = False
    from_night: int = 1
    seer_first: float | None = None
    """Its place under `night_order = "seer_first"` when not `seeds`."""
    pack: bool = False
    """Narrated when any card that wakes with the pack or kills alone is in the deck."""
    tonight: Callable[[State], bool] | None = None
    """Whether it is narrated tonight, by a public rule of its own (the sisters' nights); None:
    every night the fields above allow."""
    replaces: str = ""
    """The step this one is narrated instead of when both are tonight's (灯影预言家's labelled
    steps instead of the seer's)."""
    late: bool = False
    """A first-night step narrated every night while a card of the deck hands cards on later
    (`add_late`: the actor's, the devoted servant's), so no late step betrays a taken card; it
    acts for a holder who got the card since the last night (`nightstep.wake_first`)."""


_DAWN = Step("dawn")


def add_night_step(to: Contents, step: NightStep) -> None:
    """A role's module puts its night step in the night order (by its ranks: `club`, `seeds`)."""
    to.add(lambda catalogue: _put_night_step(catalogue, step))


def _put_night_step(catalogue: Catalogue, step: NightStep) -> None:
    catalogue.night_order.append(step)
    catalogue.night_steps[step.name] = Step(step.name)


Late = Callable[[State], bool]
LATE: RoleHooks[Late] = RoleHooks("late")
"""The cards that hand a card on after night 1 (the actor, the devoted servant): with one in
the deck, a `NightStep.late` step is narrated every night (RULES-CHARACTERS.md's night order)."""


def add_late(to: Contents) -> None:
    """`to`'s card hands cards on after night 1 (Rule 1b)."""
    LATE.add(to, lambda state: True)


def night_order(state: State) -> tuple[NightStep, ...]:
    """Tonight's steps, in order: the night order of the rules, for the cards in the deck
    (worked out once per catalogue, rule, deck, night and whether a card hands cards on)."""
    key = (state.rules.night_order, state.setup.deck, state.night, bool(LATE.of(state)))
    orders = state.catalogue.orders
    order = orders.get(key)
    if order is None:
        order = orders[key] = _order(state.catalogue, *key)
    return order


def _order(
    catalogue: Catalogue, rule: str, deck: tuple[Role, ...], night: int, late: bool
) -> tuple[NightStep, ...]:
    steps = catalogue.night_order
    if rule == "club":
        order = sorted(steps, key=lambda s: s.club)
    else:
        order = sorted((s for s in steps if s.seeds is not None), key=lambda s: _seeds_rank(s, rule))
    tonight = [
        step
        for step in order
        if (step.card in deck or (step.pack and _any_wolf(catalogue, deck)))
        and (night == 1 or not step.first_night_only or (late and step.late))
        and night >= step.from_night
    ]
    replaced = {step.replaces for step in tonight}
    return tuple(step for step in tonight if step.name not in replaced)


def _seeds_rank(step: NightStep, rule: str) -> float:
    if rule == "seer_first" and step.seer_first is not None:
        return step.seer_first
    return step.seeds or 0


def _any_wolf(catalogue: Catalogue, deck: tuple[Role, ...]) -> bool:
    return any(card in catalogue.pack or card in catalogue.lone_killers for card in deck)


def begin_nightfall(state: State, step: Step) -> None:
    state.night += 1
    state.daytime = False
    state.tonight = Tonight()
    state.emit(cue("night.falls", night=state.night))
    night_steps = state.catalogue.night_steps
    tonight = [s for s in night_order(state) if s.tonight is None or s.tonight(state)]
    steps = night_card_steps(state, [night_steps[s.name] for s in tonight])
    state.push(*steps, _DAWN)


Spare = Callable[[State, int, str], bool]
Dawn = Callable[[State, dict[int, str]], None]
SPARED: RoleHooks[Spare] = RoleHooks("spared")
"""Who does not die tonight of a cause (the dreamwalker of the knife, the spirit knight of the
poison): each role's module adds its own."""
DAWN: RoleHooks[Dawn] = RoleHooks("dawn")
"""The deaths at dawn that roles add after the knife and the poison, in RULES-CLUB.md's order
(the hunt, the reflect, the dream, the charm)."""


def add_spared(to: Contents, spare: Spare) -> None:
    SPARED.add(to, spare)


def add_dawn(to: Contents, rank: float, dawn: Dawn) -> None:
    DAWN.add(to, dawn, rank)


Protect = Callable[[State, int], bool]
PROTECTIONS: RoleHooks[Protect] = RoleHooks("protections")
"""Who a role's night protection covers from the werewolves tonight (the guard's)."""


def add_protection(to: Contents, protect: Protect) -> None:
    PROTECTIONS.add(to, protect)


def protected(state: State, seat: int) -> bool:
    """Whether a protection covers `seat` from the werewolves tonight (the witch's heal apart)."""
    return any(protect(state, seat) for protect in PROTECTIONS.of(state))


def spared(state: State, seat: int, cause: str) -> bool:
    return any(spare(state, seat, cause) for spare in SPARED.of(state))


Redirect = Callable[[State, int], int]
REDIRECTS: RoleHooks[Redirect] = RoleHooks("redirects")
"""Where a seat named by a night choice lands (the magician's swap): each role's module adds its
own; the readers of a night choice (the knife, the potion, the guard here; a check, a dream, a
charm, a hunt in their modules) ask `lands_on`."""


def add_redirect(to: Contents, redirect: Redirect) -> None:
    REDIRECTS.add(to, redirect)


Reflect = Callable[[State, int, int], int]
REFLECTS: RoleHooks[Reflect] = RoleHooks("reflects")
"""Where a night choice by `chooser` naming `seat` is applied instead, as it is made (the eclipse
wolf queen's lock: on its chooser): `reflect(state, chooser, seat) -> seat`; it may note that it
reflected (the queen's power is spent by it)."""


def add_reflect(to: Contents, reflect: Reflect) -> None:
    REFLECTS.add(to, reflect)


def chosen(state: State, chooser: int, seat: int) -> int:
    """The seat a night choice by `chooser` naming `seat` is applied to, asked once as the choice
    is made (0, nobody, stays 0); the readers then ask `lands_on` of it as of any seat."""
    for reflect in REFLECTS.of(state):
        seat = reflect(state, chooser, seat) if seat else seat
    return seat


Bind = Callable[[State, int], int]
BINDS: RoleHooks[Bind] = RoleHooks("binds")
"""The only seat a chooser's night power may name tonight (the warden's both-betray pair):
`bind(state, chooser) -> seat`, 0 when it leaves him free."""


def add_bind(to: Contents, bind: Bind) -> None:
    BINDS.add(to, bind)


def bound_to(state: State, chooser: int) -> int:
    """The only seat `chooser`'s night power may name tonight (0: any)."""
    return next((seat for bind in BINDS.of(state) if (seat := bind(state, chooser))), 0)


def aimed(state: State, chooser: int, seat: int) -> None:
    """Refuse a night choice by `chooser` naming `seat` where a bind allows only another seat
    (naming nobody stays allowed where the step allows it); asked by the good powers' checks
    (the seer, the guard, the dreamcatcher, the witch's potions)."""
    other = bound_to(state, chooser)
    if seat and other and seat != other:
        raise state.refuse("bound_target", f"tonight seat {chooser} may aim his power only at seat {other}")


def within_bind(state: State, chooser: int, targets: tuple[int, ...]) -> tuple[int, ...]:
    """`targets` that `chooser`'s night power may name tonight (a bind's seat only)."""
    other = bound_to(state, chooser)
    return tuple(seat for seat in targets if seat == other) if other else targets


POISONS: RoleHooks[Callable[[State], int]] = RoleHooks("poisons")
"""Tonight's poisons other than the witch's (the wolf robot's copy): each gives the seat named."""


def add_poison(to: Contents, poison: Callable[[State], int]) -> None:
    POISONS.add(to, poison)


def poisoned_tonight(state: State, seat: int) -> bool:
    """Whether a poison tonight lands on `seat` (the witch's or another's), as far as decided."""
    named = [state.tonight.poisoned, *(poison(state) for poison in POISONS.of(state))]
    return any(target and lands_on(state, target) == seat for target in named)


def lands_on(state: State, seat: int) -> int:
    """The seat a night choice naming `seat` tonight lands on (0, nobody, stays 0)."""
    for redirect in state.hooks[REDIRECTS.name]:
        seat = redirect(state, seat)
    return seat


WEREWOLF_ATTACKS = frozenset({"werewolves", "white_werewolf", "big_bad_wolf"})
"""The causes that are werewolf attacks (RULES-CHARACTERS.md): what the guard stops, costs an
elder a life, lets a hunter shoot and rusts the rusty sword knight's killer."""

Attack = Callable[[State], list[int]]
ATTACKS: RoleHooks[Callable[[State], list[tuple[int, str]]]] = RoleHooks("attacks")
"""The werewolf attacks of tonight besides the pack's, in step order (Rule 4b): each role's module
adds its own with its step's rank; `attack(state)` gives the seats it names tonight."""


def add_attack(to: Contents, cause: str, rank: float, attack: Attack) -> None:
    """`cause` is one of `WEREWOLF_ATTACKS`."""
    ATTACKS.add(to, lambda state: [(seat, cause) for seat in attack(state)], rank)


def other_attacks(state: State) -> list[tuple[int, str]]:
    """Tonight's werewolf attacks besides the pack's (seat, cause), in step order, as named."""
    return [found for attack in ATTACKS.of(state) for found in attack(state)]


def resolve_night(state: State) -> list[tuple[int, str]]:
    """Tonight's deaths (seat, cause) in seat order; spends an elder's first life."""
    tonight = state.tonight
    deaths = {seat: cause for seat, cause in tonight.moon_deaths if cause != "werewolves"}
    victim, poisoned = lands_on(state, tonight.victim), lands_on(state, tonight.poisoned)
    victims = [(victim, tonight.healed, "werewolves")] if victim else []
    victims += [(seat, False, "werewolves") for seat, cause in tonight.moon_deaths if cause == "werewolves"]
    saved = {victim} if tonight.healed else set()
    saved |= {lands_on(state, tonight.healed_other)} if tonight.healed_other else set()
    for seat, cause in other_attacks(state):
        victims.append((lands_on(state, seat), lands_on(state, seat) in saved, cause))
    for victim, healed, cause in victims:
        shielded = protected(state, victim)
        if state.rules.guard_and_heal == "dies":
            lands = shielded == healed
        else:
            lands = not shielded and not healed
        if lands and spared(state, victim, "werewolves"):
            continue
        if lands:
            spare = spare_life(state, victim)
            if spare is not None:
                spare.lives -= 1
            elif hooks.bite_infects(state, victim):
                state.emit(private("infected", victim))
            elif cause == "werewolves":
                deaths[victim] = cause
            else:
                deaths.setdefault(victim, cause)
    if poisoned and not spared(state, poisoned, "poison"):
        deaths[poisoned] = "poison"
    for dawn in DAWN.of(state):
        dawn(state, deaths)
    return sorted(deaths.items())


register(CORE, StepSpec("nightfall", begin_nightfall))
