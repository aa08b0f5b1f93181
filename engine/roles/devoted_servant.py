"""The devoted servant (忠仆, RULES-CHARACTERS.md's Devoted servant): once per game, when deaths
are announced and before their cards are shown or anything they trigger happens, she may take
one of those dead players' cards.

Rule 1: while her swap is unused, every moment whose deaths are announced (any death; only the
        vote's exile with `servant_swaps = "vote"`) pauses after the announcement (`deaths`'
        `add_pause`): the step `servant` is asked on every living phone alike (`Kind.SECRET`),
        the moment's cards wait. Only a living, powerful servant who is not a lover decides
        (the elder's curse takes her power); otherwise the step is pretended on the same clock.
Rule 2: she names one of the moment's dead (not herself; with `"vote"`, the one voted out) or
        passes. Taking a card swaps: she holds it fresh (`engine.fresh`: its lives as dealt,
        its used powers back), a charm on her ends; the dead player holds the devoted servant,
        village side, so his card's death effects do not happen (no shot, no rust, no
        werewolf-side death for the big bad wolf, no angel's win).
Rule 3: her side: a werewolf-side card makes her werewolf-side (`converted`, by `servant`);
        already werewolf-side she stays so. Her seat is announced (`devoted_servant.swapped`),
        the card only when it was public (a revealed idiot, the villager-villager).
Rule 4: a sheriff who swaps hands the badge on at once, unless she took the idiot.
Rule 5: then the moment's cards are shown (as they are now: the dead as the devoted servant)
        and its triggers asked (`deaths.begin_death_effects`).
"""

from __future__ import annotations

from typing import Any

from engine.codecs import shape_seat
from engine.deaths import add_pause
from engine.decisions import Decision
from engine.events import cue, judge_only
from engine.fresh import hold_fresh
from engine.night import add_late
from engine.nightstep import pending_for
from engine.outputs import add_output
from engine.roles import Role, declare
from engine.script import add_cues
from engine.state import Pending, State, Step
from engine.steps import Codec, Form, Kind, StepSpec, nobody, register, seat_answer

USED = "devoted_servant.used"
"""`state.memory`: whether her swap is spent (public: it was announced)."""
SWAPS = "devoted_servant.swaps"
"""`state.memory`: the swaps made, [phase, servant, dead, card] (the output's `swaps`)."""

ROLE = declare(
    Role.DEVOTED_SERVANT,
    god=True,
    power_left=lambda state: not state.cursed and not state.memory.get(USED),
)

SERVANT = "servant"
ASK, SWAPPED = "devoted_servant.ask", "devoted_servant.swapped"
SWAPPED_SHOWN = "devoted_servant.swapped_shown"
add_cues(ROLE, {ASK: (), SWAPPED: ("seat",), SWAPPED_SHOWN: ("seat", "role")})


class ServantSwap(Decision, step=SERVANT):
    """The dead player whose card the devoted servant takes; 0: none."""

    target: int


def _asks(state: State, cause: str) -> bool:
    """Rule 1: whether a death of `cause` announced now pauses for her (public facts only)."""
    return not state.memory.get(USED) and (state.rules.servant_swaps == "any_death" or cause == "vote")


def _pause(state: State, deaths: list[tuple[int, str]]) -> Step | None:
    causes = {cause for _, cause in deaths}
    if not any(_asks(state, cause) for cause in causes):
        return None
    dead = sorted(
        seat
        for seat, cause in deaths
        if not state.is_alive(seat) and (state.rules.servant_swaps == "any_death" or cause == "vote")
    )
    return Step(SERVANT, {"dead": tuple(dead)})


def begin_servant(state: State, step: Step) -> Pending | None:
    state.emit(cue(ASK))
    seat = state.seat_of(Role.DEVOTED_SERVANT)
    lover = state.lovers is not None and seat in state.lovers
    targets = tuple(s for s in step.args["dead"] if s != seat)
    if not seat or not state.has_power(seat) or lover or not targets:
        state.emit(judge_only("pretend", step=SERVANT))
        return None
    return pending_for(state, SERVANT, [seat], targets=targets, allow_none=True)


def check_servant(state: State, pending: Pending, decision: ServantSwap) -> None:
    if decision.target and decision.target not in pending.targets:
        raise state.refuse("servant_target", f"seat {decision.target} is not among the dead just announced")


def resolve_servant(state: State, pending: Pending, decision: ServantSwap) -> None:
    if not decision.target:
        return
    seat, dead = pending.seats[0], decision.target
    player, gone = state.player(seat), state.player(dead)
    card = gone.card
    public = gone.revealed_idiot or card in state.catalogue.open_cards
    state.memory[USED] = True
    state.memory[SWAPS] = [*state.memory.get(SWAPS, []), [str(state.phase), seat, dead, card.value]]
    gone.card = Role.DEVOTED_SERVANT
    state.turned.pop(dead, None)  # Rule 2: shown village side
    hold_fresh(state, seat, card)
    player.charmed = False
    player.revealed_idiot = gone.revealed_idiot
    if card in state.catalogue.wolf_team and seat not in state.turned:
        state.turn(seat, "servant", state.phase)
    state.emit(cue(SWAPPED_SHOWN, seat=seat, role=card.value) if public else cue(SWAPPED, seat=seat))
    if state.sheriff == seat and card != Role.IDIOT:  # Rule 4
        state.push(Step("badge", {"seat": seat}))


def told_servant(state: State, pending: Pending, decision: ServantSwap) -> list[tuple[str, dict[str, Any]]]:
    return [("devoted_servant", {"target": decision.target})] if decision.target else []


def _read(value: Any, pending: Pending) -> ServantSwap:
    return ServantSwap(target=value if value in pending.targets else 0)


def _write(made: ServantSwap, pending: Pending, old: Any) -> int | None:
    return made.target or None  # absent means no swap (RULES-CHARACTERS.md)


def _swaps(state: State) -> dict[str, Any]:
    made = state.memory.get(SWAPS, [])
    swaps = [{"phase": p, "servant": s, "dead": d, "card": c} for p, s, d, c in made]
    return {"swaps": swaps} if swaps else {}


add_pause(ROLE, _pause, _asks)
add_late(ROLE)
add_output(ROLE, _swaps)
register(
    ROLE,
    StepSpec(
        SERVANT,
        begin_servant,
        Kind.SECRET,
        ServantSwap,
        check_servant,
        resolve_servant,
        told=told_servant,
        form=Form.SEATS,
        answer=seat_answer(ServantSwap, "target"),
        default=nobody(ServantSwap, "target"),
        codecs=(
            Codec(SERVANT, Kind.DAY, _read, _write, shape_seat, absent=lambda pending: ServantSwap(target=0)),
        ),
    ),
)
