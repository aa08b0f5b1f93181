"""The wolf robot (机械狼, RULES-CLUB.md): a wolf who never meets the pack nor may self-destruct. He
learns one other living player once (`wolf_robot_learns`: on night 1, or the first night he
chooses to), is told the card, and from the next night holds a copy of its power: the seer's or
the psychic's check nightly, one poison (the witch's), a nightly guard, the death shot (the
hunter's, the wolf king's), or one extra kill that no guard or antidote stops (a meeting wolf's).
Once no pack card lives he chooses the kill alone (`declare(lone_killer=True)`). An exact-card
check shows him as 机械狼 until he learns, then as the learned card."""

from __future__ import annotations

from typing import Any

from engine.cards.limits import check_prey
from engine.cards.nightsteps import shield
from engine.codecs import field_codec, shape_seat
from engine.deaths import add_trigger, death_events, kill_by_day
from engine.decisions import Decision
from engine.events import cue, private
from engine.night import (
    SPARED,
    NightStep,
    add_dawn,
    add_night_step,
    add_poison,
    add_spared,
    lands_on,
    protected,
)
from engine.nightstep import BLOCKED_BY, living_target, pending_for, pretend
from engine.roles import Role, declare
from engine.roles import hunter as hunter_card
from engine.roles import wolf_king as wolf_king_card
from engine.roles.psychic import RESULTS, add_card_shown, check_result
from engine.roles.seer import seer_sees
from engine.script import StepCues, add_cues
from engine.state import Pending, State, Step, living
from engine.steps import Form, Kind, StepSpec, nobody, register, seat_answer

ROLE = declare(Role.WOLF_ROBOT, wolf=True, pack=False, lone_killer=True, self_destructs=False)
WOLF_ROBOT, WOLF_ROBOT_SHOT = "wolf_robot", "wolf_robot_shot"
CUES = StepCues(WOLF_ROBOT, wake="wolf_robot.wake", act="wolf_robot.act", sleep="wolf_robot.sleep")
"""His night's lines; after night one the act line is `wolf_robot.use` or `…learn_or_use`."""
add_cues(
    ROLE,
    {
        **CUES.keys(),
        "wolf_robot.use": (),
        "wolf_robot.learn_or_use": (),
        "wolf_robot.learned": (),
        "wolf_robot.shoot": ("seat",),
        "wolf_robot.shot": ("seat", "target"),
        "wolf_robot.declines": ("seat",),
    },
)

LEARNED = "wolf_robot.learned"
"""`state.memory`: what he learned, {"seat", "card", "night"} (absent: not yet)."""
SPENT = "wolf_robot.spent"
"""`state.memory`: his one poison or his one extra kill is used."""
GUARD_LAST = "wolf_robot.guard_last"
"""`state.memory`: the seat his copied guard protected last night (0: nobody)."""
SEEN = "wolf_robot.seen"
"""`state.memory`: (night, target, result) of each copied seer check, for the review."""
POISON, GUARD, KILL = "wolf_robot.poison", "wolf_robot.guard", "wolf_robot.kill"
"""`state.tonight.marks`: tonight's poisoned, guarded and extra-killed seat."""
BANNED = "wolf_robot.banned"
"""`state.tonight.marks`: the seat his guard may not protect tonight (last night's)."""

LEARN, SEER, PSYCHIC, WITCH, GUARDS, EXTRA = "learn", "seer", "psychic", "poison", "guard", "kill"
"""What his step does tonight (`power`); "" nothing."""
SHOOTERS = frozenset({Role.HUNTER, Role.WOLF_KING})


class WolfRobotChoice(Decision, step=WOLF_ROBOT):
    """The seat the wolf robot names tonight: the player he learns, or his copied power's target
    (checked, poisoned, guarded, extra-killed); 0: nobody."""

    target: int


class WolfRobotShot(Decision, step=WOLF_ROBOT_SHOT):
    """The seat the dying wolf robot shoots with his copied hunter's or wolf king's shot; 0: none."""

    target: int


def learned_card(state: State) -> Role | None:
    """The card he learned (None: not yet)."""
    learned = state.memory.get(LEARNED)
    return Role(learned["card"]) if learned else None


def copied(state: State) -> Role | None:
    """The card whose power he holds now: the learned one, from the night after he learned it."""
    learned = state.memory.get(LEARNED)
    return Role(learned["card"]) if learned and learned["night"] < state.night else None


def power(state: State) -> str:
    """What his step does tonight: learn, a copied power, or "" (nothing)."""
    if LEARNED not in state.memory:
        return LEARN if state.rules.wolf_robot_learns == "any_night" or state.night == 1 else ""
    card = copied(state)
    if card in (Role.SEER, Role.PSYCHIC, Role.GUARD):
        return {Role.SEER: SEER, Role.PSYCHIC: PSYCHIC, Role.GUARD: GUARDS}[card]
    if card is None or card in SHOOTERS or state.memory.get(SPENT):
        return ""
    return WITCH if card == Role.WITCH else EXTRA if card in state.catalogue.pack else ""


def _act(state: State) -> str:
    """The act line, from public facts only: the night and the rules."""
    if state.night == 1:
        return CUES.act
    return "wolf_robot.learn_or_use" if state.rules.wolf_robot_learns == "any_night" else "wolf_robot.use"


def _wake(state: State) -> int:
    """`nightstep.wake` with tonight's act line: the seat that acts, or 0 (pretended). A void
    night (feared, sealed; told or not) counts as no choice for his guard's repeat ban."""
    state.emit(cue(CUES.wake), cue(_act(state)))
    state.tonight.marks[BANNED] = state.memory.get(GUARD_LAST, 0)
    seat = state.acting(Role.WOLF_ROBOT)
    if seat and seat in state.tonight.blocked:
        state.memory[GUARD_LAST] = 0
        by = str(state.tonight.marks.get(BLOCKED_BY, {}).get(seat, ""))
        if by == "nightmare" and state.rules.fear_notice == "silent":
            return seat  # he acts, not told; his decision does nothing (`nightstep.void`)
        state.emit(private("blocked", seat, step=WOLF_ROBOT, by=by))
        seat = 0
    if not seat:
        if state.night == 1:
            state.emit(cue("wolf_robot.learned"))
        pretend(state, CUES)
    return seat


def begin_wolf_robot(state: State, step: Step) -> Pending | None:
    seat = _wake(state)
    if not seat:
        return None
    now = power(state)
    others = [s for s in state.alive() if s != seat]
    last = state.tonight.marks[BANNED]
    targets = {
        "": [],
        GUARDS: [s for s in state.alive() if s != last],
        EXTRA: [s for s in others if shield(state, s) is None],
    }.get(now, others)
    card = learned_card(state)
    info: dict[str, Any] = {"power": now, "role": (card or Role.WOLF_ROBOT).value}
    if card is not None:
        info["target"] = state.memory[LEARNED]["seat"]
    if now == GUARDS:
        info["last_protected"] = last
    return pending_for(state, WOLF_ROBOT, [seat], targets=tuple(targets), allow_none=True, info=info)


def check_wolf_robot(state: State, pending: Pending, decision: WolfRobotChoice) -> None:
    target, now = decision.target, power(state)
    if not target:
        return
    if not now:
        raise state.refuse("wolf_robot_nothing", "the wolf robot has no power to use tonight")
    living_target(state, target)
    if target == pending.seats[0] and now != GUARDS:
        raise state.refuse("wolf_robot_self", "the wolf robot names another player, not himself")
    if now == GUARDS and target == state.tonight.marks.get(BANNED, 0):
        raise state.refuse(
            "wolf_robot_guard_repeat", f"the wolf robot guarded seat {target} last night: not twice running"
        )
    if now == EXTRA:
        check_prey(state, pending, target)


def resolve_wolf_robot(state: State, pending: Pending, decision: WolfRobotChoice) -> None:
    seat, target, now = pending.seats[0], decision.target, power(state)
    if now == GUARDS:
        state.memory[GUARD_LAST] = target
    if target:
        if now == LEARN:
            card = state.player(lands_on(state, target)).card.value
            state.memory[LEARNED] = {"seat": target, "card": card, "night": state.night}
            state.emit(private("seer.result", seat, night=state.night, target=target, result=card))
        elif now == SEER:
            result = seer_sees(state, lands_on(state, target))
            state.memory.setdefault(SEEN, []).append((state.night, target, result))
            state.emit(private("seer.result", seat, night=state.night, target=target, result=result))
        elif now == PSYCHIC:
            check_result(state, WOLF_ROBOT, seat, target)
        else:
            state.tonight.marks[{WITCH: POISON, GUARDS: GUARD, EXTRA: KILL}[now]] = target
            if now != GUARDS:
                state.memory[SPENT] = True
            state.emit(private("wolf_robot.acts", seat, power=now, target=target))
    _sleep(state, pending)


def _sleep(state: State, pending: Pending) -> None:
    """His step's closing lines: on night one, the line of what he learned, whatever happened."""
    if state.night == 1:
        state.emit(cue("wolf_robot.learned"))
    state.emit(cue(CUES.sleep))


def _told(state: State, pending: Pending, decision: WolfRobotChoice) -> list[tuple[str, dict[str, Any]]]:
    now, target, night = pending.info.get("power", ""), decision.target, pending.phase.number
    if not now:
        return []
    if not target:
        return [("wolf_robot_nobody", {})]
    if now == LEARN:
        return [("wolf_robot_learn", {"target": target, "role": state.memory[LEARNED]["card"]})]
    if now == SEER:
        result = next(r for n, t, r in state.memory[SEEN] if (n, t) == (night, target))
        return [("wolf_robot_werewolf" if result == "werewolf" else "wolf_robot_good", {"target": target})]
    if now == PSYCHIC:
        shown = next(
            card
            for step, n, t, card in state.memory.get(RESULTS, [])
            if (step, n, t) == (WOLF_ROBOT, night, target)
        )
        return [("wolf_robot_psychic", {"target": target, "role": shown})]
    return [(f"wolf_robot_{now}", {"target": target})]


# What a check shows, and the copied powers at dawn and on death


def _shown(state: State, seat: int) -> str | None:
    """An exact-card check shows the learned card once he has learned."""
    if state.player(seat).card != Role.WOLF_ROBOT:
        return None
    card = learned_card(state)
    return card.value if card is not None else None


def _landed(state: State, mark: str) -> int:
    """The seat tonight's poison, guard or extra kill lands on (the magician's swap)."""
    return lands_on(state, int(state.tonight.marks.get(mark, 0)))


def _spared_by_others(state: State, seat: int, cause: str) -> bool:
    return any(spare(state, seat, cause) for spare in SPARED.of(state) if spare is not _spared)


def _spared(state: State, seat: int, cause: str) -> bool:
    """His copied guard keeps the wolves' victim alive, by the guard's rules (with
    `guard_and_heal = "dies"` guarded and healed dies)."""
    if cause != "werewolves" or seat != _landed(state, GUARD):
        return False
    healed = state.tonight.healed and seat == lands_on(state, state.tonight.victim)
    return not (healed and state.rules.guard_and_heal == "dies")


def _wolf_kill(state: State, deaths: dict[int, str]) -> None:
    """Dawn, step 3: his guard healed too dies (同守同救, when the guard's did not already say
    so); his extra kill dies, past guard and antidote (not a seat a card spares at night)."""
    victim = lands_on(state, state.tonight.victim)
    if (
        victim
        and victim == _landed(state, GUARD)
        and state.tonight.healed
        and state.rules.guard_and_heal == "dies"
        and not protected(state, victim)
        and not _spared_by_others(state, victim, "werewolves")
    ):
        deaths.setdefault(victim, "werewolves")
    extra = _landed(state, KILL)
    if extra and not _spared_by_others(state, extra, "werewolves"):
        deaths.setdefault(extra, "werewolves")


def _poison(state: State, deaths: dict[int, str]) -> None:
    """Dawn, step 4: his copied poison kills (poisoned and bitten is one death, cause poison)."""
    poisoned = _landed(state, POISON)
    if poisoned and not _spared_by_others(state, poisoned, "poison"):
        deaths[poisoned] = "poison"


def shoots(state: State, seat: int, cause: str) -> bool:
    """Whether the wolf robot at `seat`, dead of `cause`, shoots: by the rules of the hunter or
    the wolf king he copied."""
    card = copied(state)
    if card == Role.HUNTER:
        return hunter_card.shoots(state, seat, cause)
    return card == Role.WOLF_KING and wolf_king_card.shoots(state, seat, cause)


def _trigger(state: State, seat: int, cause: str) -> Step | None:
    if state.player(seat).card == Role.WOLF_ROBOT and shoots(state, seat, cause):
        return Step(WOLF_ROBOT_SHOT, {"seat": seat})
    return None


def begin_shot(state: State, step: Step) -> Pending:
    seat = step.args["seat"]
    state.emit(cue("wolf_robot.shoot", seat=seat))
    return Pending(
        state.phase, WOLF_ROBOT_SHOT, WOLF_ROBOT_SHOT, (seat,), tuple(state.alive()), allow_none=True
    )


def check_shot(state: State, pending: Pending, decision: WolfRobotShot) -> None:
    if decision.target:
        living(state, decision.target, "dead_target", "target")


def resolve_shot(state: State, pending: Pending, decision: WolfRobotShot) -> None:
    """The shot is the copied card's: its cause (`hunter`, `wolf_king`) is what a shot victim's
    own shot and the spirit knight's immunity read."""
    seat, target = pending.seats[0], decision.target
    if not target:
        state.emit(cue("wolf_robot.declines", seat=seat))
        return
    cause = "hunter" if copied(state) == Role.HUNTER else "wolf_king"
    state.emit(cue("wolf_robot.shot", seat=seat, target=target), *death_events(state, [target]))
    kill_by_day(state, [(target, cause)], triggered=True)


add_card_shown(ROLE, _shown)
add_spared(ROLE, _spared)
add_dawn(ROLE, 3, _wolf_kill)
add_dawn(ROLE, 4, _poison)
add_poison(ROLE, lambda state: int(state.tonight.marks.get(POISON, 0)))
add_trigger(ROLE, _trigger)
add_night_step(ROLE, NightStep(WOLF_ROBOT, Role.WOLF_ROBOT, club=11))
register(
    ROLE,
    StepSpec(
        WOLF_ROBOT,
        begin_wolf_robot,
        Kind.NIGHT,
        WolfRobotChoice,
        check_wolf_robot,
        resolve_wolf_robot,
        told=_told,
        form=Form.SEATS,
        answer=seat_answer(WolfRobotChoice, "target"),
        default=nobody(WolfRobotChoice, "target"),
        codecs=(field_codec(WOLF_ROBOT, Kind.NIGHT, WolfRobotChoice, "target", shape_seat),),
        reveals=frozenset({"seer.result", "wolf_robot.acts"}),
        cues=CUES,
        sleep=_sleep,
    ),
    StepSpec(
        WOLF_ROBOT_SHOT,
        begin_shot,
        Kind.DAY,
        WolfRobotShot,
        check_shot,
        resolve_shot,
        form=Form.SEATS,
        answer=seat_answer(WolfRobotShot, "target"),
        default=nobody(WolfRobotShot, "target"),
        codecs=(field_codec(WOLF_ROBOT_SHOT, Kind.DAY, WolfRobotShot, "target", shape_seat, repeated=True),),
    ),
)
