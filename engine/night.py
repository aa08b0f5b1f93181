"""The night: its order as data, each role's step, and the resolution at dawn.

Rule 1: every night step of a card in the deck is narrated (wake, act, sleep), whether the
        role is dealt, alive and powerful or not; a step with nobody to act is pretended.
Rule 2: the werewolves' victim dies at dawn unless saved: guarded (never the little girl)
        or healed; with `guard_and_heal = "dies"` guarded *and* healed dies too.
Rule 3: an elder with two lives loses one instead of dying; the witch is then told nobody.
Rule 4: the poisoned die at dawn; poisoned and bitten is one death, cause poison.
Rule 5: the New Moon event cards in play change who wakes, who may be named and what happens
        at dawn through the hooks of `engine.cards` (none with `events = "off"`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.cards import hooks
from engine.cards.limits import check_guard as guard_limits
from engine.cards.limits import check_potions, check_prey
from engine.cards.moon import spare_life
from engine.cards.nightsteps import night_card_steps, pack, prey
from engine.decisions import (
    CupidChoice,
    Decision,
    GuardChoice,
    PiperChoice,
    SeerChoice,
    ThiefChoice,
    WerewolvesChoice,
    WitchChoice,
)
from engine.events import cue, judge_only, private
from engine.roles import Role
from engine.state import IllegalDecision, Pending, State, Step, Tonight
from engine.steps import (
    Answer,
    Codec,
    Form,
    Kind,
    Parts,
    ShapeError,
    Share,
    StepSpec,
    agreed,
    field_codec,
    nobody,
    one_seat,
    register,
    seat_answer,
    shape_seat,
    shape_seats,
    single,
)


@dataclass(frozen=True, slots=True)
class NightStep:
    """A step of the night order: the card whose presence makes it narrated, and when."""

    name: str
    card: Role
    first_night_only: bool = False
    meeting: bool = False


NIGHT_ORDER: tuple[NightStep, ...] = (
    NightStep("thief", Role.THIEF, first_night_only=True),
    NightStep("cupid", Role.CUPID, first_night_only=True),
    NightStep("lovers", Role.CUPID, first_night_only=True, meeting=True),
    NightStep("guard", Role.GUARD),
    NightStep("seer", Role.SEER),
    NightStep("werewolves", Role.WEREWOLF),
    NightStep("witch", Role.WITCH),
    NightStep("piper", Role.PIPER),
    NightStep("charmed", Role.PIPER, meeting=True),
)


_STEPS = {s.name: Step(s.name) for s in NIGHT_ORDER}
_DAWN = Step("dawn")


def night_order(state: State) -> tuple[NightStep, ...]:
    """Tonight's steps, in order: the night order of the rules, for the cards in the deck."""
    return _order(state.rules.night_order, state.setup.deck, state.night == 1)


@cache
def _order(rule: str, deck: tuple[Role, ...], first_night: bool) -> tuple[NightStep, ...]:
    order = list(NIGHT_ORDER)
    if rule == "seer_first":
        g, s = order.index(NIGHT_ORDER[3]), order.index(NIGHT_ORDER[4])
        order[g], order[s] = order[s], order[g]
    return tuple(step for step in order if step.card in deck and (first_night or not step.first_night_only))


def begin_nightfall(state: State, step: Step) -> None:
    state.night += 1
    state.daytime = False
    state.tonight = Tonight()
    state.emit(cue("night.falls", night=state.night))
    steps = night_card_steps(state, [_STEPS[s.name] for s in night_order(state)])
    state.push(*steps, _DAWN)


# Each role step: who acts (0 = pretended) and the pending decision it owes.


def _open(state: State, name: str) -> None:
    state.emit(cue(f"{name}.wake"), cue(f"{name}.act"))


def _pretend(state: State, name: str) -> None:
    state.emit(judge_only("pretend", step=name), cue(f"{name}.sleep"))


def _wake(state: State, name: str, role: Role) -> int:
    """Read the step's wake and act lines; the seat that acts, or 0 (the step is pretended)."""
    _open(state, name)
    seat = state.acting(role)
    if not seat:
        _pretend(state, name)
    return seat


def _pending(state: State, name: str, seats: list[int], **fields: object) -> Pending:
    return Pending(phase=state.phase, step=name, key=name, seats=tuple(seats), **fields)  # type: ignore[arg-type]


def begin_thief(state: State, step: Step) -> Pending | None:
    _open(state, "thief")
    seat = state.thief_seat
    if not seat:
        _pretend(state, "thief")
        return None
    cards = [c.value for c in state.extra_cards]
    must = state.rules.thief_must_take or all(c == Role.WEREWOLF for c in state.extra_cards)
    state.emit(private("thief.cards", seat, cards=cards, must_take=must))
    return _pending(
        state,
        "thief",
        [seat],
        targets=(1, 2),
        allow_none=not must,
        info={"cards": cards, "must_take": must},
    )


def check_thief(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, ThiefChoice)
    take = decision.take
    if take not in (0, 1, 2):
        raise state.refuse("thief_card", f"the thief takes card 1 or 2, or keeps (0), not {take}")
    if take == 0 and not pending.allow_none:
        why = "both extra cards are werewolves" if not state.rules.thief_must_take else "the rules say so"
        raise state.refuse("thief_must_take", f"the thief must take a card: {why}")


def resolve_thief(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, ThiefChoice)
    take = decision.take
    seat = state.thief_seat
    if take:
        card = state.extra_cards[take - 1]
        state.extra_cards[take - 1] = Role.THIEF
        player = state.player(seat)
        player.card = card
        player.lives = 2 if card == Role.ELDER else 1
    state.emit(private("thief.took", seat, card=state.player(seat).card.value, take=take))
    state.emit(cue("thief.sleep"))


def begin_cupid(state: State, step: Step) -> Pending | None:
    seat = _wake(state, "cupid", Role.CUPID)
    if not seat:
        return None
    state.cupid_seat = seat
    return _pending(state, "cupid", [seat], targets=tuple(state.alive()), count=2)


def check_cupid(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, CupidChoice)
    a, b = decision.lovers
    if a == b:
        raise state.refuse("cupid_two_lovers", "Cupid names two different players")
    for seat in (a, b):
        if not state.is_alive(seat):
            raise state.refuse("no_such_seat", f"seat {seat} is not a living player")


def resolve_cupid(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, CupidChoice)
    a, b = decision.lovers
    state.lovers = (min(a, b), max(a, b))
    piper = state.seat_of(Role.PIPER)
    if piper in state.lovers:
        state.piper_turned = True
    state.emit(private("cupid.lovers", pending.seats[0], seats=list(state.lovers)))
    state.emit(cue("cupid.sleep"))


def what_lover_knows(state: State, seat: int) -> dict[str, object]:
    """What the lover at `seat` learns of the partner, by `lovers_see`."""
    assert state.lovers is not None
    partner = state.lovers[1] if state.lovers[0] == seat else state.lovers[0]
    known: dict[str, object] = {"partner": partner}
    if state.rules.lovers_see == "faction":
        known["faction"] = "werewolf" if state.is_werewolf(partner) else "not_werewolf"
    elif state.rules.lovers_see == "role":
        known["role"] = state.player(partner).card.value
    return known


def begin_lovers(state: State, step: Step) -> None:
    state.emit(cue("lovers.wake"))
    if state.lovers:
        state.lovers_met = True
        for seat in state.lovers:
            state.emit(private("lover", seat, **what_lover_knows(state, seat)))
    state.emit(judge_only("meeting", step="lovers"), cue("lovers.sleep"))


def begin_guard(state: State, step: Step) -> Pending | None:
    seat = _wake(state, "guard", Role.GUARD)
    if not seat:
        return None
    targets = hooks.within_reach(
        state, seat, tuple(s for s in state.alive() if s != state.guard_last), tonight=True
    )
    info = {"last_protected": state.guard_last}
    return _pending(state, "guard", [seat], targets=targets, allow_none=True, info=info)


def check_guard(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, GuardChoice)
    target = decision.target
    if target:
        _living_target(state, target)
        if target == state.guard_last:
            raise state.refuse(
                "guard_repeat", f"the guard protected seat {target} last night: not twice running"
            )
        guard_limits(state, pending, target)


def resolve_guard(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, GuardChoice)
    target = decision.target
    state.tonight.guarded = target
    state.guard_last = target
    state.emit(private("guard.protects", pending.seats[0], target=target))
    state.emit(cue("guard.sleep"))


def begin_seer(state: State, step: Step) -> Pending | None:
    seat = _wake(state, "seer", Role.SEER)
    if not seat:
        return None
    targets = tuple(s for s in state.alive() if s != seat)
    return _pending(state, "seer", [seat], targets=targets, allow_none=True)


def check_seer(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, SeerChoice)
    seat, target = pending.seats[0], decision.target
    if target:
        _living_target(state, target)
        if target == seat:
            raise state.refuse("seer_self", "the seer checks another player, not herself")


def resolve_seer(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, SeerChoice)
    seat, target = pending.seats[0], decision.target
    if target:
        results = sorted(seer_sees(state, s) for s in hooks.checked_seats(state, target))
        result = "+".join(results)
        state.seer_results.append((state.night, target, result))
        state.emit(private("seer.result", seat, night=state.night, target=target, result=result))
        hooks.check_heard(state, results, result)
    state.emit(cue("seer.sleep"))


def seer_sees(state: State, target: int) -> str:
    """What the seer learns of `target`'s card, by `seer_sees`."""
    card = state.player(target).card
    if state.rules.seer_sees == "role":
        return card.value
    return "werewolf" if card == Role.WEREWOLF else "not_werewolf"


def begin_werewolves(state: State, step: Step) -> Pending | None:
    _open(state, "werewolves")
    wolves = pack(state)
    if not wolves:
        _pretend(state, "werewolves")
        return None
    if all(state.is_werewolf(w) for w in wolves):
        state.wolves_met = True
    state.emit(private("werewolves.pack", frozenset(wolves), seats=wolves))
    return _pending(state, "werewolves", wolves, targets=prey(state, wolves), allow_none=True)


def check_werewolves(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, WerewolvesChoice)
    if decision.victim:
        _living_target(state, decision.victim)
        check_prey(state, pending, decision.victim)


def resolve_werewolves(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, WerewolvesChoice)
    state.tonight.victim = decision.victim
    state.emit(private("werewolves.victim", frozenset(pending.seats), target=decision.victim))
    state.emit(cue("werewolves.sleep"))


def told_victim(state: State) -> int:
    """The seat the witch is told tonight (0 = nobody), by RULES.md's witch rule."""
    victim = state.tonight.victim
    if not victim:
        return 0
    guarded = _guarded(state, victim)
    if guarded and state.rules.guard_and_heal == "hidden":
        return 0
    if spare_life(state, victim) is not None and not guarded:
        return 0
    return victim


def begin_witch(state: State, step: Step) -> Pending | None:
    seat = _wake(state, "witch", Role.WITCH)
    if not seat:
        return None
    victim = told_victim(state)
    state.tonight.told_victim = victim
    can_heal = state.heal_left and victim != 0 and _self_heal_allowed(state, seat, victim)
    info = {
        "victim": victim,
        "can_heal": can_heal,
        "can_poison": state.poison_left,
        "heal_left": state.heal_left,
        "poison_left": state.poison_left,
    }
    state.emit(private("witch.told", seat, victim=victim))
    targets = tuple(state.alive()) if state.poison_left else ()
    return _pending(state, "witch", [seat], targets=targets, allow_none=True, info=info)


def _self_heal_allowed(state: State, witch: int, victim: int) -> bool:
    rule = state.rules.witch_self_heal
    return victim != witch or rule is True or (rule == "first_night" and state.night == 1)


def check_witch(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, WitchChoice)
    seat, heal, poison = pending.seats[0], decision.heal, decision.poison
    victim = state.tonight.told_victim
    if heal:
        if not state.heal_left:
            raise state.refuse("witch_heal_used", "the witch has no healing potion left")
        if not victim:
            raise state.refuse("witch_heal_nobody", "the witch was told no victim tonight")
        if not _self_heal_allowed(state, seat, victim):
            raise state.refuse("witch_self_heal", "the witch may not heal herself tonight")
    if poison:
        if not state.poison_left:
            raise state.refuse("witch_poison_used", "the witch has no poison left")
        _living_target(state, poison)
    if heal and poison:
        check_potions(state, heal, poison)
        if not state.rules.witch_both_same_night:
            raise state.refuse("witch_both_same_night", "the witch may use only one potion a night")
        if _one_potion_only(state):
            raise state.refuse("witch_potions", "under 10 seats the witch has one potion in all")


def resolve_witch(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, WitchChoice)
    seat, heal, poison = pending.seats[0], decision.heal, decision.poison
    victim = state.tonight.told_victim
    rolled = _harvest_night(state) and (heal or poison)
    if heal:
        state.tonight.healed = not rolled
        state.heal_left = False
    if poison:
        state.tonight.poisoned = 0 if rolled else poison
        state.poison_left = False
    if (heal or poison) and _one_potion_only(state):
        state.heal_left = state.poison_left = False
    state.emit(private("witch.used", seat, heal=heal, poison=poison))
    state.emit(cue("witch.sleep"))
    if rolled:
        state.push(Step("potion", {"target": victim if heal else poison}))


def _harvest_night(state: State) -> bool:
    return hooks.neighbours_only_tonight(state)


def _one_potion_only(state: State) -> bool:
    return state.rules.witch_potions == "one_below_10" and state.setup.seats < 10


def begin_piper(state: State, step: Step) -> Pending | None:
    _open(state, "piper")
    seat = state.acting(Role.PIPER)
    targets = tuple(s for s in state.alive() if s != seat and not state.player(s).charmed)
    if not seat or not targets:
        _pretend(state, "piper")
        return None
    most = 1 if _harvest_night(state) else 2
    return _pending(state, "piper", [seat], targets=targets, count=min(most, len(targets)))


def check_piper(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, PiperChoice)
    chosen = decision.charmed
    if len(set(chosen)) != pending.count or len(chosen) != pending.count:
        raise state.refuse(
            "piper_count", f"the piper charms {pending.count} different players, not {list(chosen)}"
        )
    for target in chosen:
        _living_target(state, target)
        if target == pending.seats[0]:
            raise state.refuse("piper_self", "the piper may not charm himself")
        if state.player(target).charmed:
            raise state.refuse("piper_charmed", f"seat {target} is already charmed")


def resolve_piper(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, PiperChoice)
    chosen = decision.charmed
    for target in chosen:
        state.player(target).charmed = True
    state.emit(private("piper.charmed", pending.seats[0], seats=sorted(chosen)))
    state.emit(cue("piper.sleep"))


def begin_charmed(state: State, step: Step) -> None:
    state.emit(cue("charmed.wake"))
    charmed = [p.seat for p in state.players if p.charmed]
    awake = frozenset(s for s in charmed if state.is_alive(s))
    if awake:
        state.charmed_met = True
        state.emit(private("charmed", awake, seats=charmed))
    state.emit(judge_only("meeting", step="charmed"), cue("charmed.sleep"))


def resolve_night(state: State) -> list[tuple[int, str]]:
    """Tonight's deaths (seat, cause) in seat order; spends an elder's first life."""
    tonight = state.tonight
    deaths = {seat: cause for seat, cause in tonight.moon_deaths if cause != "werewolves"}
    victims = [(tonight.victim, tonight.healed)] if tonight.victim else []
    victims += [(seat, False) for seat, cause in tonight.moon_deaths if cause == "werewolves"]
    for victim, healed in victims:
        guarded = _guarded(state, victim)
        if state.rules.guard_and_heal == "dies":
            lands = guarded == healed
        else:
            lands = not guarded and not healed
        if lands:
            spare = spare_life(state, victim)
            if spare is not None:
                spare.lives -= 1
            elif hooks.bite_infects(state, victim):
                assert state.moon is not None
                state.moon.infected.append(victim)
                state.emit(private("infected", victim))
            else:
                deaths[victim] = "werewolves"
    if tonight.poisoned:
        deaths[tonight.poisoned] = "poison"
    return sorted(deaths.items())


def _guarded(state: State, seat: int) -> bool:
    return state.tonight.guarded == seat and state.player(seat).card != Role.LITTLE_GIRL


def _living_target(state: State, target: int) -> None:
    if not state.is_seat(target):
        raise state.refuse("no_such_seat", f"there is no seat {target}")
    if not state.players[target - 1].alive:
        raise state.refuse("dead_target", f"seat {target} is dead")


# The registry (engine.steps): what each night step means outside the engine.


def _count_answer(kind: type[CupidChoice] | type[PiperChoice]) -> Parts:
    def answer(pending: Pending, given: Answer) -> Decision:
        if len(given.seats) != pending.count:
            raise IllegalDecision("wrong_count", f"name {pending.count} seats")
        if kind is CupidChoice:
            return CupidChoice(lovers=(given.seats[0], given.seats[1]))
        return PiperChoice(charmed=given.seats)

    return single(answer)


def _first_targets(kind: type[CupidChoice] | type[PiperChoice]) -> Callable[[State, Pending], Decision]:
    def default(state: State, pending: Pending) -> Decision:
        first = pending.targets[: pending.count]
        return CupidChoice(lovers=(first[0], first[1])) if kind is CupidChoice else PiperChoice(charmed=first)

    return default


def _witch_codec() -> Codec:
    def shape(value: object) -> None:
        if not isinstance(value, dict) or set(value) - {"heal", "poison"}:
            raise ShapeError("must be a table of heal and poison")
        if not isinstance(value.get("heal", False), bool):
            raise ShapeError("must be true or false", "heal")
        poison = value.get("poison", 0)
        if not isinstance(poison, int) or isinstance(poison, bool):
            raise ShapeError("must be a seat number", "poison")

    def read(value: Any, pending: Pending) -> Decision:
        return WitchChoice(heal=value.get("heal", False), poison=value.get("poison", 0))

    def write(made: Decision, pending: Pending, old: Any) -> Any:
        assert isinstance(made, WitchChoice)
        return {"heal": made.heal, "poison": made.poison}

    return Codec("witch", Kind.NIGHT, read, write, shape)


def _told_thief(state: State, pending: Pending, decision: Decision) -> list[tuple[str, dict[str, Any]]]:
    assert isinstance(decision, ThiefChoice)
    cards = list(pending.info.get("cards", []))
    if decision.take and len(cards) >= decision.take:
        return [("thief", {"role": cards[decision.take - 1]})]
    return [("thief_kept", {})]


def _told_seer(state: State, pending: Pending, decision: Decision) -> list[tuple[str, dict[str, Any]]]:
    assert isinstance(decision, SeerChoice)
    if not decision.target:
        return [("seer_nobody", {})]
    night, target = pending.phase.number, decision.target
    result = next((r for n, t, r in state.seer_results if n == night and t == target), "")
    if result in ("werewolf", "not_werewolf"):
        return [("seer_werewolf" if result == "werewolf" else "seer_good", {"target": target})]
    return [("seer_role", {"target": target, "role": result})] if result else [("seer", {"target": target})]


def _told_witch(state: State, pending: Pending, decision: Decision) -> list[tuple[str, dict[str, Any]]]:
    assert isinstance(decision, WitchChoice)
    said: list[tuple[str, dict[str, Any]]] = []
    if decision.heal:
        said.append(("heal", {"target": pending.info.get("victim", 0)}))
    if decision.poison:
        said.append(("poison", {"target": decision.poison}))
    return said or [("no_potion", {})]


def _told_seat(
    name: str, field: str, nobody: str
) -> Callable[[State, Pending, Decision], list[tuple[str, dict[str, Any]]]]:
    """The review line of a decision naming one seat in `field` (`nobody` for none)."""

    def told(state: State, pending: Pending, decision: Decision) -> list[tuple[str, dict[str, Any]]]:
        seat = getattr(decision, field)
        return [(name, {"target": seat})] if seat else [(nobody, {})]

    return told


register(
    StepSpec("nightfall", begin_nightfall),
    StepSpec(
        "thief",
        begin_thief,
        Kind.NIGHT,
        ThiefChoice,
        check_thief,
        resolve_thief,
        told=_told_thief,
        form=Form.TAKE,
        answer=single(lambda pending, given: ThiefChoice(take=given.take)),
        default=lambda state, pending: ThiefChoice(take=0 if pending.allow_none else 1),
        codecs=(field_codec("thief", Kind.NIGHT, ThiefChoice, "take", shape_seat),),
        reveals=frozenset({"thief.took"}),
    ),
    StepSpec(
        "cupid",
        begin_cupid,
        Kind.NIGHT,
        CupidChoice,
        check_cupid,
        resolve_cupid,
        told=lambda state, pending, decision: [("lovers", {"seats": sorted(decision.lovers)})],  # type: ignore[attr-defined]
        form=Form.SEATS,
        names=2,
        answer=_count_answer(CupidChoice),
        default=_first_targets(CupidChoice),
        codecs=(field_codec("cupid", Kind.NIGHT, CupidChoice, "lovers", shape_seats(2), as_list=True),),
        reveals=frozenset({"cupid.lovers"}),
    ),
    StepSpec("lovers", begin_lovers, Kind.MEETING),
    StepSpec(
        "guard",
        begin_guard,
        Kind.NIGHT,
        GuardChoice,
        check_guard,
        resolve_guard,
        told=_told_seat("guard", "target", "guard_nobody"),
        form=Form.SEATS,
        answer=seat_answer(GuardChoice, "target"),
        default=nobody(GuardChoice, "target"),
        codecs=(field_codec("guard", Kind.NIGHT, GuardChoice, "target", shape_seat),),
        reveals=frozenset({"guard.protects"}),
    ),
    StepSpec(
        "seer",
        begin_seer,
        Kind.NIGHT,
        SeerChoice,
        check_seer,
        resolve_seer,
        told=_told_seer,
        form=Form.SEATS,
        answer=seat_answer(SeerChoice, "target"),
        default=nobody(SeerChoice, "target"),
        codecs=(field_codec("seer", Kind.NIGHT, SeerChoice, "target", shape_seat),),
        reveals=frozenset({"seer.result"}),
    ),
    StepSpec(
        "werewolves",
        begin_werewolves,
        Kind.NIGHT,
        WerewolvesChoice,
        check_werewolves,
        resolve_werewolves,
        told=_told_seat("kill", "victim", "no_kill"),
        form=Form.SEATS,
        share=Share.AGREE,
        answer=agreed(WerewolvesChoice, "victim"),
        default=nobody(WerewolvesChoice, "victim"),
        codecs=(field_codec("werewolves", Kind.NIGHT, WerewolvesChoice, "victim", shape_seat),),
        reveals=frozenset({"werewolves.victim"}),
    ),
    StepSpec(
        "witch",
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
    ),
    StepSpec(
        "piper",
        begin_piper,
        Kind.NIGHT,
        PiperChoice,
        check_piper,
        resolve_piper,
        told=lambda state, pending, decision: [("charm", {"seats": sorted(decision.charmed)})],  # type: ignore[attr-defined]
        form=Form.SEATS,
        names=2,
        answer=_count_answer(PiperChoice),
        default=_first_targets(PiperChoice),
        codecs=(field_codec("piper", Kind.NIGHT, PiperChoice, "charmed", shape_seats(), as_list=True),),
        reveals=frozenset({"piper.charmed"}),
    ),
    StepSpec("charmed", begin_charmed, Kind.MEETING),
)
