"""The raven (乌鸦, RULES-CHARACTERS.md's Raven; RULES-CLUB-MORE.md's step 11a): each night he
may mark (诅咒) one living player, told to nobody; the marked player starts the next day's exile
vote with votes against him.

Rule 1: the raven names any living player or nobody (0); himself only with `raven_self`, the
        player he marked the night before only with `raven_repeat`. The mark falls where a night
        choice lands (the magician's swap).
Rule 2: the next day's first vote (the record's `vote`, and the sequence prince's `prince_vote`
        that replaces it) opens with the mark announced (the raven
        not named): the marked player has `raven_votes` votes of weight 1 against him, added
        before a tie is judged (so he is out if everyone abstains); the sheriff's weight is his
        own ballot's only.
Rule 3: the mark counts only while the raven is alive and powerful (the elder's curse takes it)
        and the marked player alive and votable (a target of that vote: not a revealed idiot
        under `idiot_votable_after_reveal = false`); with `raven_in_revote` it counts again in
        the tie's revote or PK when the marked player is among the tied. Never in a sheriff
        election, a second vote of the day, nor after that day: it lapses at nightfall.
"""

from __future__ import annotations

from engine.codecs import field_codec, shape_seat
from engine.decisions import Decision
from engine.events import cue, private
from engine.night import NightStep, add_night_step, lands_on
from engine.nightstep import living_target, pending_for, told_seat, wake
from engine.roles import Role, declare
from engine.script import StepCues, add_cues
from engine.state import Pending, State, Step
from engine.steps import Form, Kind, StepSpec, nobody, register, seat_answer
from engine.vote import Marked, add_mark

ROLE = declare(Role.RAVEN, god=True, power_left=lambda state: not state.cursed)

RAVEN = "raven"
CUES = StepCues(RAVEN, wake="raven.wake", act="raven.act", sleep="raven.sleep")
MARK_SAID, MARK_SAID_PK = "raven.mark", "raven.mark_pk"
add_cues(ROLE, {**CUES.keys(), MARK_SAID: ("seat", "votes"), MARK_SAID_PK: ("seat", "votes")})

LAST = "raven.last"
"""`state.memory`: the player the raven named last night (0: nobody, or no raven acted)."""
MARK = "raven.mark"
"""`state.tonight.marks`: the seat tonight's mark fell on; kept through the next day, cleared at
nightfall (Rule 3)."""


class RavenMark(Decision, step=RAVEN):
    """The player the raven marks tonight; 0: nobody."""

    target: int


def begin_raven(state: State, step: Step) -> Pending | None:
    seat = wake(state, CUES, Role.RAVEN)
    last = state.memory.get(LAST, 0)
    state.memory[LAST] = 0
    if not seat:
        return None
    targets = tuple(s for s in state.alive() if _may_mark(state, seat, s, last))
    return pending_for(state, RAVEN, [seat], targets=targets, allow_none=True, info={"last_marked": last})


def _may_mark(state: State, raven: int, target: int, last: int) -> bool:
    return (state.rules.raven_self or target != raven) and (state.rules.raven_repeat or target != last)


def check_raven(state: State, pending: Pending, decision: RavenMark) -> None:
    target = decision.target
    if not target:
        return
    living_target(state, target)
    if target == pending.seats[0] and not state.rules.raven_self:
        raise state.refuse("raven_self", "the raven marks another player, not himself (raven_self = false)")
    if target == pending.info["last_marked"] and not state.rules.raven_repeat:
        raise state.refuse(
            "raven_repeat",
            f"the raven marked seat {target} last night: not twice running (raven_repeat = false)",
        )


def resolve_raven(state: State, pending: Pending, decision: RavenMark) -> None:
    target = decision.target
    state.memory[LAST] = target
    if target:
        state.tonight.marks[MARK] = lands_on(state, target)
    state.emit(private("raven.marks", pending.seats[0], target=target))
    state.emit(cue(CUES.sleep))


_FIRST_VOTES, _FIRST_REVOTES = frozenset({"vote", "prince_vote"}), frozenset({"revote", "prince_revote"})
"""The day's first vote and its PK's revote; the sequence prince's free revote replaces the first
vote, so the mark counts in it as in the vote it replaces (RULES-CLUB-MORE.md)."""


def marked(state: State, pending: Pending) -> Marked | None:
    """The mark's votes in the vote `pending` (Rules 2 and 3); None when it does not count."""
    seat = state.tonight.marks.get(MARK, 0)
    if not seat or seat not in pending.targets:
        return None
    raven = state.seat_of(Role.RAVEN)
    if not raven or not state.has_power(raven):
        return None
    if pending.key in _FIRST_VOTES:
        return Marked(seat, state.rules.raven_votes, MARK_SAID)
    if pending.key in _FIRST_REVOTES and state.rules.raven_in_revote:
        return Marked(seat, state.rules.raven_votes, MARK_SAID_PK)
    return None


add_mark(ROLE, marked)
add_night_step(ROLE, NightStep(RAVEN, Role.RAVEN, club=11.5, seeds=3.5, seer_first=4.5))
register(
    ROLE,
    StepSpec(
        RAVEN,
        begin_raven,
        Kind.NIGHT,
        RavenMark,
        check_raven,
        resolve_raven,
        told=told_seat("raven", "target", "raven_nobody"),
        form=Form.SEATS,
        answer=seat_answer(RavenMark, "target"),
        default=nobody(RavenMark, "target"),
        codecs=(field_codec(RAVEN, Kind.NIGHT, RavenMark, "target", shape_seat),),
        reveals=frozenset({"raven.marks"}),
        cues=CUES,
    ),
)
