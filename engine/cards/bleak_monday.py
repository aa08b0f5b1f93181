"""Bleak Monday's variant, In Any Case It Surely Isn't Him: players vouch for one another, who sit
down, until one is left standing, who is condemned (`surely_not_him`: chain or clockwise)."""

from __future__ import annotations

from engine.cards import hooks
from engine.cards.agenda import replace_step
from engine.cards.moon import InPlay, last_dead, left_of
from engine.cards.registry import CardRules, add_card
from engine.codecs import shape_seats
from engine.contents import Contents
from engine.decisions import Decision
from engine.events import Event, cue
from engine.state import Pending, State, Step
from engine.steps import Codec, Form, Kind, StepSpec, first_target, register, seat_answer

CARD = Contents("bleak_monday")


class Vouch(Decision, step="vouch"):
    """In Any Case It Surely Isn't Him: the player vouched for, who sits down."""

    seat: int


def begin_vouch(state: State, step: Step) -> Pending | None:
    args = dict(step.args)
    if not args:
        standing = tuple(state.alive())
        voucher = left_of(state, last_dead(state)) or standing[0]
        args = {"standing": standing, "voucher": voucher}
        state.emit(cue("vouch.start", seat=voucher))
    standing, voucher = args["standing"], args["voucher"]
    if len(standing) == 1:
        state.emit(cue("vouch.last", seat=standing[0]))
        state.push(*(hooks.verdict_steps(state, standing[0]) or [Step("hang", {"seat": standing[0]})]))
        return None
    targets = tuple(s for s in standing if s != voucher)
    return Pending(state.phase, "vouch", "vouch", (voucher,), targets, info=args)


def check_vouch(state: State, pending: Pending, decision: Vouch) -> None:
    if decision.seat not in pending.targets:
        raise state.refuse("vouch_standing", f"seat {decision.seat} is not standing, or vouches himself")


def resolve_vouch(state: State, pending: Pending, decision: Vouch) -> None:
    seat = decision.seat
    standing = tuple(s for s in pending.info["standing"] if s != seat)
    if state.rules.cards.surely_not_him == "chain":
        voucher = seat
    else:
        voucher = left_of(state, pending.seats[0])
    state.emit(Event("vouched", {"by": pending.seats[0], "seat": seat}))
    state.push(Step("vouch", {"standing": standing, "voucher": voucher}))


register(
    CARD,
    StepSpec(
        "vouch",
        begin_vouch,
        Kind.DAY,
        Vouch,
        check_vouch,
        resolve_vouch,
        form=Form.SEATS,
        answer=seat_answer(Vouch, "seat"),
        default=first_target(Vouch, "seat"),
        codecs=(
            Codec(
                "vouch",
                Kind.DAY,
                lambda value, pending: Vouch(seat=value),
                lambda made, pending, old: made.seat,
                shape_seats(),
                repeated=True,
            ),
        ),
    ),
)


def _surely_not_him(state: State, played: InPlay) -> None:
    """Bleak Monday's variant: the vote is replaced by the vouching."""
    if state.rules.cards.bleak_monday == "surely_not_him":
        state.emit(cue("card.surely_not_him"))
        replace_step(state, "vote", Step("vouch"))


add_card(CARD, CardRules("bleak_monday", effect=_surely_not_him))
