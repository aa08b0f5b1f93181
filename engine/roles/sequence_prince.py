"""The sequence prince (定序王子, RULES-CLUB-MORE.md; 永序之轮): once a game, after the tally of a
day's first exile vote and before anyone is exiled, he may flip his card: the vote is void, he
speaks once more and everybody votes again.

Rule 1: the flip is offered right after the tally of the day's first exile vote (a tie and a
        vote where all abstained too), before its verdict (`engine.hold`); never after
        a PK's revote, his own revote or a sheriff vote, and not at all once he has flipped
        (which is public).
Rule 2: every living phone is asked alike (`Kind.SECRET`): only a living, powerful prince
        decides; otherwise the step is pretended on the same clock and the verdict follows.
Rule 3: a flip is shown to all (`sequence_prince.flips`); the vote is void; he speaks once
        more (an ordinary speech, `sequence_prince.speech`); then everyone allowed to vote
        votes again, freely, for any living player (`prince_vote`), settled as usual (a tie
        goes to its PK, `prince_revote`). No self-destruct while his revote waits (his speech).
Rule 4: flipped, he stays alive, votes, may be voted out and keeps the badge.
"""

from __future__ import annotations

from typing import Any

from engine.codecs import shape_bool
from engine.decisions import Decision
from engine.events import cue, judge_only
from engine.hold import add_hold
from engine.nightstep import pending_for
from engine.roles import Role, declare
from engine.script import add_cues
from engine.state import Pending, State, Step
from engine.steps import Codec, Form, Kind, StepSpec, never_refused, register, single
from engine.vote import held_verdict

USED = "sequence_prince.flipped"
"""`state.memory`: the phase (its text) in which the prince flipped (absent: not yet)."""

ROLE = declare(Role.SEQUENCE_PRINCE, god=True, power_left=lambda state: USED not in state.memory)

PRINCE = "prince"
ASK, FLIPS = "sequence_prince.ask", "sequence_prince.flips"
SPEECH, REVOTE = "sequence_prince.speech", "sequence_prince.revote"
add_cues(ROLE, {ASK: (), FLIPS: ("seat",), SPEECH: ("seats",), REVOTE: ()})


class PrinceFlip(Decision, step=PRINCE):
    """Whether the sequence prince flips his card now, voiding the vote just counted."""

    flip: bool


def _hold(state: State, pending: Pending) -> list[Step]:
    """Rule 1: after the day's first exile vote only, while he has not flipped (public facts)."""
    if pending.step != "vote" or pending.key != "vote" or USED in state.memory:
        return []
    return [Step(PRINCE)]


def begin_prince(state: State, step: Step) -> Pending | None:
    state.emit(cue(ASK))
    seat = state.acting(Role.SEQUENCE_PRINCE)
    if not seat:  # Rule 2
        state.emit(judge_only("pretend", step=PRINCE))
        held_verdict(state, void=False)
        return None
    return pending_for(state, PRINCE, [seat])


def resolve_prince(state: State, pending: Pending, decision: PrinceFlip) -> None:
    if not decision.flip:
        held_verdict(state, void=False)
        return
    seat = pending.seats[0]
    state.memory[USED] = str(state.phase)
    held_verdict(state, void=True)
    state.emit(cue(FLIPS, seat=seat), cue(SPEECH, seats=[seat]))
    state.push(Step("vote", {"key": "prince_vote", "opening": REVOTE, "quiet": True}))


def told_prince(state: State, pending: Pending, decision: PrinceFlip) -> list[tuple[str, dict[str, Any]]]:
    return [("sequence_prince", {"target": pending.seats[0]})] if decision.flip else []


def _read(value: Any, pending: Pending) -> PrinceFlip:
    return PrinceFlip(flip=value)


def _write(made: PrinceFlip, pending: Pending, old: Any) -> bool | None:
    return True if made.flip else None  # absent means he declines (RULES-CLUB-MORE.md)


add_hold(ROLE, _hold)
register(
    ROLE,
    StepSpec(
        PRINCE,
        begin_prince,
        Kind.SECRET,
        PrinceFlip,
        never_refused,
        resolve_prince,
        told=told_prince,
        form=Form.YES_NO,
        answer=single(lambda pending, given: PrinceFlip(flip=given.yes)),
        default=lambda state, pending: PrinceFlip(flip=False),
        codecs=(
            Codec(
                PRINCE,
                Kind.DAY,
                _read,
                _write,
                shape_bool,
                absent=lambda pending: PrinceFlip(flip=False),
            ),
        ),
        answers=("prince_flip", "prince_no_flip"),
    ),
)
