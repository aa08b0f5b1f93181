"""The dancer (舞者, RULES-CLUB-MORE.md; 假面舞会): from night 2 he names three players who dance
tonight; at dawn a mixed pool loses its lone dancer of the smaller faction (cause `dance`).

Rule 1: at 7a, from night 2, he must name three distinct living players, himself allowed. With
        `dance_repeat = "never"` nobody dances twice a game (the dancer included): fewer than
        three who never danced → no dance, nothing asked (the step is pretended). He is told
        nothing.
Rule 2: at dawn (step 4b) a dancer counts wolf when his card is of the werewolves' team, else
        good; the one the masquerade masked tonight (`MASKED`) the other way. A pool of both
        factions loses the lone dancer of the smaller one: he dies of `dance`, past guard and
        antidote, with no shot; one faction → nobody dies.
Rule 3: with the dancer among the three, the werewolves' kill does nothing to any of them
        tonight (the witch is still told the victim; a heal on him is spent).
Rule 4: poison does nothing to the dancer (the potion is spent).
Rule 5: one seat, one death: `dance` takes the place of a werewolf attack on the same seat, never
        of `check` or `poison` (RULES-CLUB-MORE.md's precedence).
"""

from __future__ import annotations

from typing import Any

from engine.codecs import field_codec, shape_seats
from engine.decisions import Decision
from engine.events import cue, private
from engine.night import WEREWOLF_ATTACKS, NightStep, add_dawn, add_night_step, add_spared, lands_on, spared
from engine.nightstep import count_answer, first_targets, living_target, pending_for, pretend, wake
from engine.roles import Role, declare
from engine.script import StepCues, add_cues
from engine.state import Pending, State, Step
from engine.steps import Form, Kind, StepSpec, register

ROLE = declare(Role.DANCER, god=True)

DANCER = "dancer"
CUES = StepCues(DANCER, wake="dancer.wake", act="dancer.act", sleep="dancer.sleep")
add_cues(ROLE, CUES.keys())

DANCE = "dance"
"""The cause of a death in the dance (Rule 2)."""
POOL = "dancer.pool"
"""`state.tonight.marks`: (the dancer's seat, the three seats named) tonight."""
MASKED = "dancer.masked"
"""`state.tonight.marks`: the seat the masquerade masked tonight (`engine.roles.masquerade`)."""
DANCED = "dancer.danced"
"""`state.memory`: every seat that has danced (`dance_repeat = "never"`)."""
COUNT = 3


class DancerChoice(Decision, step=DANCER):
    """The three seats that dance tonight."""

    dancers: tuple[int, ...]


def may_dance(state: State) -> tuple[int, ...]:
    """The living seats that may be named tonight (Rule 1)."""
    danced = state.memory.get(DANCED, []) if state.rules.dance_repeat == "never" else []
    return tuple(seat for seat in state.alive() if seat not in danced)


def begin_dancer(state: State, step: Step) -> Pending | None:
    seat = wake(state, CUES, Role.DANCER)
    if not seat:
        return None
    targets = may_dance(state)
    if len(targets) < COUNT:
        pretend(state, CUES)
        return None
    return pending_for(state, DANCER, [seat], targets=targets, count=COUNT)


def check_dancer(state: State, pending: Pending, decision: DancerChoice) -> None:
    named = decision.dancers
    if len(named) != COUNT or len(set(named)) != COUNT:
        raise state.refuse("dancer_count", f"the dancer names three different players, not {list(named)}")
    for target in named:
        living_target(state, target)
        if target not in pending.targets:
            raise state.refuse("dancer_repeat", f"seat {target} has danced already: nobody dances twice")


def resolve_dancer(state: State, pending: Pending, decision: DancerChoice) -> None:
    named = tuple(sorted(decision.dancers))
    state.tonight.marks[POOL] = (pending.seats[0], named)
    if state.rules.dance_repeat == "never":
        state.memory[DANCED] = [*state.memory.get(DANCED, []), *named]
    state.emit(private("dancer.dances", pending.seats[0], seats=list(named)))
    state.emit(cue(CUES.sleep))


def pool(state: State) -> tuple[int, ...]:
    """Tonight's dancers, where the choices land (none: no dance tonight)."""
    _, named = state.tonight.marks.get(POOL, (0, ()))
    return tuple(lands_on(state, seat) for seat in named)


def counts_wolf(state: State, seat: int) -> bool:
    """Rule 2: how a dancer counts, the mask turning him."""
    masked = state.tonight.marks.get(MASKED, 0)
    return state.is_werewolf(seat) != (bool(masked) and lands_on(state, masked) == seat)


def loser(state: State) -> int:
    """The lone dancer of the smaller faction of a mixed pool, 0 for none (Rule 2)."""
    dancers = pool(state)
    wolves = [seat for seat in dancers if counts_wolf(state, seat)]
    good = [seat for seat in dancers if seat not in wolves]
    if not wolves or not good:
        return 0
    return (wolves if len(wolves) < len(good) else good)[0]


def _dance(state: State, deaths: dict[int, str]) -> None:
    """Dawn, step 4b (Rules 2 and 5)."""
    seat = loser(state)
    if seat and deaths.get(seat, "werewolves") in WEREWOLF_ATTACKS and not spared(state, seat, DANCE):
        deaths[seat] = DANCE


def _spared(state: State, seat: int, cause: str) -> bool:
    """Rules 3 and 4."""
    if cause == "poison":
        return state.player(seat).card == Role.DANCER
    if cause == "werewolves":
        dancer, _ = state.tonight.marks.get(POOL, (0, ()))
        dancers = pool(state)
        return bool(dancer) and lands_on(state, dancer) in dancers and seat in dancers
    return False


def told_dance(state: State, pending: Pending, decision: DancerChoice) -> list[tuple[str, dict[str, Any]]]:
    """The review: who danced, then who died of the dance at that dawn."""
    night = pending.phase.number
    died = [d.seat for d in state.deaths if d.cause == DANCE and d.phase.night and d.phase.number == night]
    lines: list[tuple[str, dict[str, Any]]] = [("dancer", {"seats": sorted(decision.dancers)})]
    return lines + [("dancer_kills", {"target": seat}) for seat in died]


add_spared(ROLE, _spared)
add_dawn(ROLE, 4.6, _dance)
add_night_step(ROLE, NightStep(DANCER, Role.DANCER, club=7.5, from_night=2))
register(
    ROLE,
    StepSpec(
        DANCER,
        begin_dancer,
        Kind.NIGHT,
        DancerChoice,
        check_dancer,
        resolve_dancer,
        told=told_dance,
        form=Form.SEATS,
        names=COUNT,
        answer=count_answer(lambda seats: DancerChoice(dancers=seats)),
        default=first_targets(lambda seats: DancerChoice(dancers=seats)),
        codecs=(field_codec(DANCER, Kind.NIGHT, DancerChoice, "dancers", shape_seats(COUNT), as_list=True),),
        reveals=frozenset({"dancer.dances"}),
        cues=CUES,
    ),
)
