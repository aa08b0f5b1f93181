"""The witch (女巫): told tonight's victim, she may heal it and poison a living player, each potion
once a game (`witch_self_heal`, `witch_both_same_night`, `witch_potions`); with
`witch_sees_victim = "while_antidote"` she is told nobody once her antidote is spent (she is still
woken and asked). With other werewolf attacks tonight (RULES-CHARACTERS.md: the white werewolf's,
the big bad wolf's, `engine.night.other_attacks`) she is told every victim in seat order and may
heal one of them (`heal_seat`; the record's `heal = seat`). Her own events say what she was
told (`witch.told`: the victim, `victims` when several, and `told` False when the rule tells her
nothing) and her potions left as she wakes and as she goes back to sleep (`heal_left`,
`poison_left`): her phone's notes (我的记录) are made of them alone."""

from __future__ import annotations

from typing import Any

from pydantic import SerializerFunctionWrapHandler, model_serializer

from engine.cards import hooks
from engine.cards.limits import check_potions
from engine.cards.moon import spare_life
from engine.codecs import ShapeError
from engine.decisions import Decision
from engine.events import cue, private
from engine.fresh import add_fresh
from engine.night import (
    NightStep,
    add_night_step,
    aimed,
    chosen,
    lands_on,
    other_attacks,
    protected,
    within_bind,
)
from engine.nightstep import (
    living_target,
    pending_for,
    wake,
)
from engine.roles import Role, declare
from engine.script import StepCues, add_cues
from engine.seatviews import add_seat_part
from engine.state import Pending, State, Step
from engine.steps import Codec, Form, Kind, StepSpec, one_seat, register, single

POTIONS = "witch.potions"
"""`state.memory`: the witch's potions left (heal, poison); both at the start."""


def potions(state: State) -> tuple[bool, bool]:
    """The witch's potions left: (the antidote, the poison)."""
    left: tuple[bool, bool] = state.memory.get(POTIONS, (True, True))
    return left


def set_potions(state: State, *, heal: bool, poison: bool) -> None:
    state.memory[POTIONS] = (heal, poison)


WITCH = "witch"
CUES = StepCues(WITCH, wake="witch.wake", act="witch.act", sleep="witch.sleep")


class WitchChoice(Decision, step=WITCH):
    heal: bool = False
    heal_seat: int = 0
    """The victim healed when she was told several (0: the one she was told)."""
    poison: int = 0

    @model_serializer(mode="wrap")
    def _stored(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """Stored as before the several victims: `heal_seat` only when she named one (a store
        written before it resumes byte for byte)."""
        made: dict[str, Any] = handler(self)
        if not made.get("heal_seat"):
            made.pop("heal_seat", None)
        return made


def told_victims(state: State) -> list[int]:
    """The seats the witch is told tonight, in seat order: every werewolf attack's victim, by
    RULES.md's witch rule and `witch_sees_victim`."""
    if state.rules.witch_sees_victim == "while_antidote" and not potions(state)[0]:
        return []
    named = [state.tonight.victim, *(seat for seat, _ in other_attacks(state))]
    return sorted({victim for victim in named if victim and _told_of(state, victim)})


def _told_of(state: State, victim: int) -> bool:
    shielded = protected(state, lands_on(state, victim))
    if shielded and state.rules.guard_and_heal == "hidden":
        return False
    return spare_life(state, victim) is None or shielded


def begin_witch(state: State, step: Step) -> Pending | None:
    seat = wake(state, CUES, Role.WITCH)
    if not seat:
        return None
    victims = told_victims(state)
    victim = victims[0] if victims else 0
    state.tonight.told_victim = victim
    heal_left, poison_left = potions(state)
    can_heal = heal_left and any(_self_heal_allowed(state, seat, v) for v in victims)
    info = {
        "victim": victim,
        "victims": victims,
        "can_heal": can_heal,
        "can_poison": poison_left,
        "heal_left": heal_left,
        "poison_left": poison_left,
    }
    blind = state.rules.witch_sees_victim == "while_antidote" and not heal_left
    left = {"heal_left": heal_left, "poison_left": poison_left}  # her potions as she wakes
    others = {"victims": victims} if len(victims) > 1 else {}  # several only beside other attacks
    state.emit(private("witch.told", seat, victim=victim, told=not blind, **others, **left))
    targets = within_bind(state, seat, tuple(state.alive())) if poison_left else ()
    return pending_for(state, WITCH, [seat], targets=targets, allow_none=True, info=info)


def _self_heal_allowed(state: State, witch: int, victim: int) -> bool:
    rule = state.rules.witch_self_heal
    return victim != witch or rule is True or (rule == "first_night" and state.night == 1)


def check_witch(state: State, pending: Pending, decision: WitchChoice) -> None:
    seat, heal, poison = pending.seats[0], decision.heal, decision.poison
    if heal:
        victims: list[int] = pending.info.get("victims", [])
        if not potions(state)[0]:
            raise state.refuse("witch_heal_used", "the witch has no healing potion left")
        if not victims:
            raise state.refuse("witch_heal_nobody", "the witch was told no victim tonight")
        if decision.heal_seat and decision.heal_seat not in victims:
            raise state.refuse("witch_heal_not_victim", f"seat {decision.heal_seat}: no victim she was told")
        if not decision.heal_seat and len(victims) > 1:
            raise state.refuse("witch_heal_which", f"the witch was told {victims}: she names whom she heals")
        if not _self_heal_allowed(state, seat, _healed(pending, decision)):
            raise state.refuse("witch_self_heal", "the witch may not heal herself tonight")
        aimed(state, seat, _healed(pending, decision))
    if poison:
        if not potions(state)[1]:
            raise state.refuse("witch_poison_used", "the witch has no poison left")
        living_target(state, poison)
        aimed(state, seat, poison)
    if heal and poison:
        check_potions(state, heal, poison)
        if not state.rules.witch_both_same_night:
            raise state.refuse("witch_both_same_night", "the witch may use only one potion a night")
        if _one_potion_only(state):
            raise state.refuse("witch_potions", "under 10 seats the witch has one potion in all")


def _healed(pending: Pending, decision: WitchChoice) -> int:
    """The victim a heal saves: the one named, or the one she was told."""
    return decision.heal_seat or pending.info.get("victim", 0)


def resolve_witch(state: State, pending: Pending, decision: WitchChoice) -> None:
    seat, heal, poison = pending.seats[0], decision.heal, decision.poison
    victim = _healed(pending, decision) if heal else state.tonight.told_victim
    rolled = _harvest_night(state) and (heal or poison)
    heal_left, poison_left = potions(state)
    if heal and victim != state.tonight.victim:
        state.tonight.healed_other = 0 if rolled else victim
    elif heal:
        state.tonight.healed = not rolled
    if poison:
        state.tonight.poisoned = 0 if rolled else chosen(state, seat, poison)
    if (heal or poison) and _one_potion_only(state):
        heal_left = poison_left = False
    heal_left, poison_left = heal_left and not heal, poison_left and not poison
    set_potions(state, heal=heal_left, poison=poison_left)
    left = {"heal_left": heal_left, "poison_left": poison_left}  # her potions as she goes to sleep
    state.emit(private("witch.used", seat, heal=heal, poison=poison, **left))
    state.emit(cue(CUES.sleep))
    if rolled:
        state.push(Step("potion", {"target": victim if heal else poison}))


def _harvest_night(state: State) -> bool:
    return hooks.neighbours_only_tonight(state)


def _one_potion_only(state: State) -> bool:
    return state.rules.witch_potions == "one_below_10" and state.setup.seats < 10


def _witch_codec() -> Codec[WitchChoice]:
    def shape(value: object) -> None:
        if not isinstance(value, dict) or set(value) - {"heal", "poison"}:
            raise ShapeError("must be a table of heal and poison")
        heal = value.get("heal", False)
        if not isinstance(heal, int):
            raise ShapeError("must be true, false or a victim's seat", "heal")
        poison = value.get("poison", 0)
        if not isinstance(poison, int) or isinstance(poison, bool):
            raise ShapeError("must be a seat number", "poison")

    def read(value: Any, pending: Pending) -> WitchChoice:
        heal = value.get("heal", False)
        seat = 0 if isinstance(heal, bool) else heal
        return WitchChoice(heal=bool(heal), heal_seat=seat, poison=value.get("poison", 0))

    def write(made: WitchChoice, pending: Pending, old: Any) -> Any:
        return {"heal": made.heal_seat or made.heal, "poison": made.poison}

    return Codec(WITCH, Kind.NIGHT, read, write, shape)


def _told_witch(state: State, pending: Pending, decision: WitchChoice) -> list[tuple[str, dict[str, Any]]]:
    said: list[tuple[str, dict[str, Any]]] = []
    if decision.heal:
        said.append(("heal", {"target": _healed(pending, decision)}))
    if decision.poison:
        said.append(("poison", {"target": decision.poison}))
    return said or [("no_potion", {})]


def _seat_part(state: State, seat: int) -> dict[str, dict[str, bool]]:
    if state.player(seat).card != Role.WITCH:
        return {}
    heal, poison = potions(state)
    return {"potions": {"heal": heal, "poison": poison}}


ROLE = declare(Role.WITCH, power_left=lambda state: any(potions(state)))

add_cues(ROLE, CUES.keys())
add_night_step(ROLE, NightStep(WITCH, Role.WITCH, club=12, seeds=7))
add_seat_part(ROLE, _seat_part)
add_fresh(ROLE, Role.WITCH, POTIONS)
register(
    ROLE,
    StepSpec(
        WITCH,
        begin_witch,
        Kind.NIGHT,
        WitchChoice,
        check_witch,
        resolve_witch,
        told=_told_witch,
        form=Form.POTIONS,
        answer=single(lambda pending, given: WitchChoice(heal=given.heal, poison=one_seat(given.seats))),
        default=lambda state, pending: WitchChoice(),
        codecs=(_witch_codec(),),
        reveals=frozenset({"witch.used"}),
        cues=CUES,
    ),
)
