"""The werewolves (狼人): wake together, see each other's picks and agree on a victim (0: nobody);
a werewolf-side victim only with `wolves_eat_wolves` (RULES-CHARACTERS.md)."""

from __future__ import annotations

from engine.cards.limits import check_prey
from engine.cards.moon import on_werewolf_side
from engine.cards.nightsteps import pack, prey
from engine.codecs import field_codec, shape_seat
from engine.contents import Contents
from engine.decisions import Decision
from engine.events import cue, private
from engine.night import NightStep, add_night_step
from engine.nightstep import (
    living_target,
    open_step,
    pending_for,
    pretend,
    told_seat,
)
from engine.roles import Role
from engine.script import StepCues, add_cues
from engine.state import Pending, State, Step
from engine.steps import Form, Kind, Share, StepSpec, agreed, nobody, register

CORE = Contents("werewolves")

WEREWOLVES = "werewolves"
CUES = StepCues(WEREWOLVES, wake="werewolves.wake", act="werewolves.act", sleep="werewolves.sleep")


class WerewolvesChoice(Decision, step=WEREWOLVES):
    """The victim the werewolves agreed on; 0 = no agreement, nobody."""

    victim: int


def begin_werewolves(state: State, step: Step) -> Pending | None:
    open_step(state, CUES)
    wolves = pack(state)
    if not wolves:
        pretend(state, CUES)
        return None
    if not state.wolves_met and all([state.is_werewolf(w) for w in wolves]):
        state.wolves_met = True
    state.emit(private("werewolves.pack", frozenset(wolves), seats=wolves))
    targets = prey(state, wolves)
    if not state.rules.wolves_eat_wolves:
        targets = tuple(s for s in targets if not on_werewolf_side(state, s))
    return pending_for(state, WEREWOLVES, wolves, targets=targets, allow_none=True)


def check_werewolves(state: State, pending: Pending, decision: WerewolvesChoice) -> None:
    if decision.victim:
        living_target(state, decision.victim)
        check_prey(state, pending, decision.victim)
        if not state.rules.wolves_eat_wolves and on_werewolf_side(state, decision.victim):
            raise state.refuse(
                "wolves_eat_wolves", f"seat {decision.victim}: no werewolf (wolves_eat_wolves = false)"
            )


def resolve_werewolves(state: State, pending: Pending, decision: WerewolvesChoice) -> None:
    state.tonight.victim = decision.victim
    state.emit(private("werewolves.victim", frozenset(pending.seats), target=decision.victim))
    state.emit(cue(CUES.sleep))


add_cues(CORE, CUES.keys())
add_night_step(CORE, NightStep(WEREWOLVES, Role.WEREWOLF, club=8, seeds=6, pack=True))
register(
    CORE,
    StepSpec(
        WEREWOLVES,
        begin_werewolves,
        Kind.NIGHT,
        WerewolvesChoice,
        check_werewolves,
        resolve_werewolves,
        told=told_seat("kill", "victim", "no_kill"),
        form=Form.SEATS,
        share=Share.AGREE,
        answer=agreed(WerewolvesChoice, "victim"),
        default=nobody(WerewolvesChoice, "victim"),
        codecs=(field_codec(WEREWOLVES, Kind.NIGHT, WerewolvesChoice, "victim", shape_seat),),
        reveals=frozenset({"werewolves.victim"}),
        cues=CUES,
    ),
)
