"""The stuttering judge (口吃法官, RULES-CHARACTERS.md's Stuttering judge): once the day's vote is
fully resolved he may call a second vote at once, asked privately; the village hears only that
a second vote is held.

Rule 1: the request is offered after the day's first vote is fully resolved (its revote, its
        deaths and what they trigger), also when nobody went out, and never on a day whose
        vote never came (a self-destruct ended the talk); at most once a day, and only while
        the game has requests left (`judge_second_votes`, 1-5; each request held is public).
Rule 2: every living phone is asked alike (`Kind.SECRET`): only a living, powerful judge (the
        elder's curse takes it) decides; otherwise the step is pretended on the same clock.
Rule 3: a request holds the judge's vote (`judge_vote`) at once: no discussion, the same
        voters, weights and tie rules (a tie's revote is `judge_revote`, the scapegoat dies
        of a tie); the raven's mark no longer counts. Its death is of cause `vote`: a hunter
        shoots, a wild child's model counts as voted out.
"""

from __future__ import annotations

from typing import Any

from engine.codecs import shape_bool
from engine.day import add_after_vote
from engine.decisions import Decision
from engine.events import cue, judge_only
from engine.fresh import add_fresh
from engine.nightstep import pending_for
from engine.roles import Role, declare
from engine.script import add_cues
from engine.state import Pending, State, Step
from engine.steps import Codec, Form, Kind, StepSpec, never_refused, register, single

USED = "stuttering_judge.used"
"""`state.memory`: how many second votes the judge has called this game."""
ASKED = "stuttering_judge.asked"
"""`state.memory`: the phase (its text) whose request was offered, so it is offered once a day."""

ROLE = declare(
    Role.STUTTERING_JUDGE,
    god=True,
    power_left=lambda state: not state.cursed and state.memory.get(USED, 0) < state.rules.judge_second_votes,
)

JUDGE = "judge"
ASK, SECOND_VOTE = "stuttering_judge.ask", "stuttering_judge.second_vote"
add_cues(ROLE, {ASK: (), SECOND_VOTE: ()})


class JudgeRequest(Decision, step=JUDGE):
    """Whether the stuttering judge calls a second vote now."""

    second_vote: bool


def _after_vote(state: State) -> list[Step]:
    """The request, once the day's first vote is resolved (Rule 1): public facts only."""
    phase = str(state.phase)
    if state.memory.get(USED, 0) >= state.rules.judge_second_votes or state.memory.get(ASKED) == phase:
        return []
    return [Step(JUDGE)] if _voted_today(state) else []


def _voted_today(state: State) -> bool:
    for event in reversed(state.events):
        if event.kind == "votes" and event.data.get("step") == "vote":
            return True
        if event.kind == "cue" and event.data["key"] == "day.breaks":
            return False
    return False


def begin_judge(state: State, step: Step) -> Pending | None:
    state.memory[ASKED] = str(state.phase)
    state.emit(cue(ASK))
    seat = state.acting(Role.STUTTERING_JUDGE)
    if not seat:
        state.emit(judge_only("pretend", step=JUDGE))
        return None
    left = state.rules.judge_second_votes - state.memory.get(USED, 0)
    return pending_for(state, JUDGE, [seat], info={"left": left})


def resolve_judge(state: State, pending: Pending, decision: JudgeRequest) -> None:
    if not decision.second_vote:
        return
    state.memory[USED] = state.memory.get(USED, 0) + 1
    state.push(Step("vote", {"key": "judge_vote", "opening": SECOND_VOTE}))


def told_judge(state: State, pending: Pending, decision: JudgeRequest) -> list[tuple[str, dict[str, Any]]]:
    return [("stuttering_judge", {})] if decision.second_vote else []


def _read(value: Any, pending: Pending) -> JudgeRequest:
    return JudgeRequest(second_vote=value)


def _write(made: JudgeRequest, pending: Pending, old: Any) -> bool | None:
    return True if made.second_vote else None  # absent means no (RULES-CHARACTERS.md)


add_after_vote(ROLE, _after_vote)
add_fresh(ROLE, Role.STUTTERING_JUDGE, USED)
register(
    ROLE,
    StepSpec(
        JUDGE,
        begin_judge,
        Kind.SECRET,
        JudgeRequest,
        never_refused,
        resolve_judge,
        told=told_judge,
        form=Form.YES_NO,
        answer=single(lambda pending, given: JudgeRequest(second_vote=given.yes)),
        default=lambda state, pending: JudgeRequest(second_vote=False),
        codecs=(
            Codec(
                JUDGE,
                Kind.DAY,
                _read,
                _write,
                shape_bool,
                absent=lambda pending: JudgeRequest(second_vote=False),
            ),
        ),
        answers=("judge_second_vote", "judge_no_vote"),
    ),
)
