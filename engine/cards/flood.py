"""The Flood (洪水), on night D+1: the werewolves sheltering at the inn (the men) eat a man
(its `pack` and `prey`), those in the church (the women) a woman; the witch is told, and may
heal, the inn's victim only."""

from __future__ import annotations

from engine.cards.agenda import replace_step
from engine.cards.moon import InPlay, fact, night_after, tonight_after
from engine.cards.nightsteps import add_night_step
from engine.cards.registry import CardRules, add_card
from engine.codecs import field_codec, shape_seat
from engine.contents import Contents
from engine.decisions import Decision
from engine.events import cue, judge_only, private
from engine.state import Pending, State, Step
from engine.steps import Form, Kind, Share, StepSpec, agreed, nobody, register

CARD = Contents("flood")


class ChurchChoice(Decision, step="church"):
    """Flood: the woman the werewolves sheltering in the church eat (0: nobody)."""

    victim: int


def begin_church(state: State, step: Step) -> Pending | None:
    state.emit(cue("flood.church"))
    wolves = [w for w in state.living_werewolves() if fact(state, w, "gender") == "female"]
    women = tuple(s for s in state.alive() if fact(state, s, "gender") == "female")
    if not wolves or not women:
        state.emit(judge_only("pretend", step="church"))
        return None
    return Pending(state.phase, "church", "church", tuple(wolves), women, allow_none=True)


def check_church(state: State, pending: Pending, decision: ChurchChoice) -> None:
    if decision.victim and decision.victim not in pending.targets:
        raise state.refuse("church_victim", f"seat {decision.victim} is not a woman in the church")


def resolve_church(state: State, pending: Pending, decision: ChurchChoice) -> None:
    if decision.victim:
        state.tonight.moon_deaths.append((decision.victim, "werewolves"))
    state.emit(private("werewolves.victim", frozenset(pending.seats), target=decision.victim))


register(
    CARD,
    StepSpec(
        "church",
        begin_church,
        Kind.NIGHT,
        ChurchChoice,
        check_church,
        resolve_church,
        form=Form.SEATS,
        share=Share.AGREE,
        answer=agreed(ChurchChoice, "victim"),
        default=nobody(ChurchChoice, "victim"),
        codecs=(field_codec("church", Kind.NIGHT, ChurchChoice, "victim", shape_seat),),
        reveals=frozenset({"werewolves.victim"}),
    ),
)
add_night_step(CARD, "church", "after_wolves", 1, lambda state: tonight_after(state, "flood"))


def _no_vote_today(state: State, played: InPlay) -> None:
    replace_step(state, "vote")


def _men(state: State, played: InPlay, seats: list[int]) -> list[int]:
    """On night D+1 the inn's werewolves are the men, and eat a man."""
    if not night_after(state, played):
        return seats
    return [s for s in seats if fact(state, s, "gender") == "male"]


add_card(
    CARD,
    CardRules(
        "flood",
        effect=_no_vote_today,
        playable=lambda state: len(state.alive()) >= 6,
        rank=2,
        pack=_men,
        prey=_men,
    ),
)
