"""Touch of Death (死亡之触): after the werewolves chose, they say whether one of them touched the
victim; if not, there is no victim."""

from __future__ import annotations

from collections.abc import Mapping

from engine.cards.moon import in_play
from engine.cards.nightsteps import add_night_step, pack
from engine.codecs import field_codec, shape_bool
from engine.contents import Contents
from engine.decisions import Decision
from engine.events import cue, judge_only, private
from engine.state import Pending, State, Step
from engine.steps import Answer, Form, Kind, Share, StepSpec, never_refused, nobody, register

CARD = Contents("touch_of_death")


class Touch(Decision, step="touch", key="touched"):
    """Touch of Death: whether a werewolf touched the victim (if not, there is no victim)."""

    touched: bool


def begin_touch(state: State, step: Step) -> Pending | None:
    state.emit(cue("touch.act"))
    wolves = pack(state)
    if not state.tonight.victim or not wolves:
        state.emit(judge_only("pretend", step="touch"))
        return None
    return Pending(state.phase, "touch", "touched", tuple(wolves), info={"victim": state.tonight.victim})


def resolve_touch(state: State, pending: Pending, decision: Touch) -> None:
    if not decision.touched:
        state.tonight.victim = 0
    state.emit(private("touch", frozenset(pending.seats), touched=decision.touched))


def _any_touch(pending: Pending, parts: Mapping[int, Answer]) -> Decision:
    return Touch(touched=any(part.yes for part in parts.values()))


def _touch_unanswered(state: State, pending: Pending, parts: Mapping[int, Answer]) -> dict[int, Answer]:
    """No werewolf answered: the victim was touched."""
    return dict(parts) if parts else {pending.seats[0]: Answer(yes=True)}


register(
    CARD,
    StepSpec(
        "touch",
        begin_touch,
        Kind.NIGHT,
        Touch,
        never_refused,
        resolve_touch,
        form=Form.YES_NO,
        share=Share.ANY,
        answer=_any_touch,
        fill=_touch_unanswered,
        default=nobody(Touch, "touched", True),
        codecs=(field_codec("touched", Kind.NIGHT, Touch, "touched", shape_bool),),
        reveals=frozenset({"touch"}),
    ),
)
add_night_step(CARD, "touch", "after_wolves", 2, lambda state: in_play(state, "touch_of_death"))
