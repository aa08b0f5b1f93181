"""The accursed wolf-father (种狼, RULES-CHARACTERS.md's Accursed wolf-father; step 14, club 8a):
a werewolf who, once per game, may infect the pack's victim instead of its dying.

Rule 1: he wakes and kills with the pack. At his step, while his power is unspent, he may name
        tonight's pack victim (no other seat) or pass; naming it spends the power for good.
Rule 2: the victim does not die of the knife and the witch is told nobody for him. At dawn he
        turns werewolf-side (`State.turn`, `by = "infect"`): he keeps his card and its steps,
        wakes with the pack from the next night, and checks read him so from the next night on
        (the club seer's step comes before the dawn). He alone is told.
Rule 3: an elder with a life to spare loses the life and is not infected. A guarded victim is
        infected all the same (`infect_guarded = "infects"`), or neither dies nor turns
        (`"fails"`). A victim who dies tonight of something else (the poison) is not infected.
"""

from __future__ import annotations

from engine.cards.moon import spare_life
from engine.codecs import field_codec, shape_seat
from engine.decisions import Decision
from engine.events import cue, private
from engine.fresh import add_fresh
from engine.night import NightStep, add_dawn, add_night_step, lands_on, protected
from engine.nightstep import living_target, told_seat, wake
from engine.roles import Role, declare
from engine.script import StepCues, add_cues
from engine.state import Pending, State, Step
from engine.steps import Form, Kind, StepSpec, nobody, register, seat_answer

INFECT = "infect"
SPENT = "accursed_wolf_father.spent"
"""`state.memory`: set once he has infected (Rule 1)."""
TONIGHT = "infect"
"""`state.tonight.marks`: the seat his infection names tonight (Rule 2)."""

ROLE = declare(
    Role.ACCURSED_WOLF_FATHER, wolf=True, pack=True, power_left=lambda state: SPENT not in state.memory
)
CUES = StepCues(
    INFECT,
    wake="accursed_wolf_father.wake",
    act="accursed_wolf_father.act",
    sleep="accursed_wolf_father.sleep",
)
add_cues(ROLE, CUES.keys())


class Infection(Decision, step=INFECT):
    """The seat the wolf-father infects: tonight's pack victim, or 0 (he passes)."""

    target: int


def begin_infect(state: State, step: Step) -> Pending | None:
    seat = wake(state, CUES, Role.ACCURSED_WOLF_FATHER)
    if not seat:
        return None
    victim = state.tonight.victim
    targets = (victim,) if victim else ()
    return Pending(state.phase, INFECT, INFECT, (seat,), targets=targets, allow_none=True)


def check_infect(state: State, pending: Pending, decision: Infection) -> None:
    if decision.target:
        living_target(state, decision.target)
        if decision.target != state.tonight.victim:
            raise state.refuse("infect_victim", "the wolf-father infects only tonight's victim of the pack")


def resolve_infect(state: State, pending: Pending, decision: Infection) -> None:
    if decision.target:
        state.memory[SPENT] = True
        state.tonight.marks[TONIGHT] = decision.target
        state.tonight.victim = 0  # Rule 2: the knife kills nobody; the witch is told nobody
        state.emit(private("accursed_wolf_father.infects", pending.seats[0], target=decision.target))
    state.emit(cue(CUES.sleep))


def _infect(state: State, deaths: dict[int, str]) -> None:
    """Rules 2 and 3, at dawn."""
    named = state.tonight.marks.get(TONIGHT, 0)
    seat = lands_on(state, named) if named else 0
    if not seat or seat in deaths or not state.is_alive(seat) or state.is_werewolf(seat):
        return
    if state.rules.infect_guarded == "fails" and protected(state, seat):
        return
    spare = spare_life(state, seat)
    if spare is not None:
        spare.lives -= 1
        return
    state.turn(seat, INFECT, state.phase)
    state.emit(private("accursed_wolf_father.infected", seat))


add_dawn(ROLE, 0.4, _infect)
add_fresh(ROLE, Role.ACCURSED_WOLF_FATHER, SPENT)
add_night_step(ROLE, NightStep(INFECT, Role.ACCURSED_WOLF_FATHER, club=8.1, seeds=6.1))
register(
    ROLE,
    StepSpec(
        INFECT,
        begin_infect,
        Kind.NIGHT,
        Infection,
        check_infect,
        resolve_infect,
        told=told_seat("infect", "target", "infect_none"),
        form=Form.SEATS,
        answer=seat_answer(Infection, "target"),
        default=nobody(Infection, "target"),
        codecs=(field_codec(INFECT, Kind.NIGHT, Infection, "target", shape_seat),),
        reveals=frozenset({"accursed_wolf_father.infects"}),
        cues=CUES,
    ),
)
