"""The verdict under the cards: Heads or Tails' coin (heads: void, `engine.cards.draw`), the Pact
with the Devil (made: the condemned lives), then the hanging; after a death by the vote,
Enthusiasm (a werewolf) or Dissatisfaction (not a werewolf) calls a second vote at once,
without discussion. Both cards are spent on the next vote death."""

from __future__ import annotations

from engine.cards.moon import in_play, moon_of, spend
from engine.day import voted_out
from engine.decisions import (
    Decision,
    PactChoice,
)
from engine.events import cue
from engine.state import Pending, State, Step
from engine.steps import (
    Form,
    Kind,
    StepSpec,
    field_codec,
    never_refused,
    nobody,
    register,
    shape_bool,
    single,
)


def begin_pact(state: State, step: Step) -> Pending | None:
    seat = step.args["seat"]
    if state.rules.cards.pact == "always":
        _pact_made(state, seat)
        return None
    state.emit(cue("pact.offer", seat=seat))
    return Pending(state.phase, "pact", "pact", (seat,), info={"seat": seat})


def resolve_pact(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, PactChoice)
    seat = pending.seats[0]
    if decision.pact:
        _pact_made(state, seat)
    else:
        state.emit(cue("pact.refused", seat=seat))


def _pact_made(state: State, seat: int) -> None:
    moon_of(state).pacts.append(seat)
    state.emit(cue("pact.made", seat=seat))
    state.agenda[:] = [s for s in state.agenda if not (s.name == "hang" and s.args["seat"] == seat)]


def begin_hang(state: State, step: Step) -> None:
    seat = step.args["seat"]
    wolf = state.is_werewolf(seat)
    before = len(state.deaths)
    again = (wolf and in_play(state, "enthusiasm")) or (not wolf and in_play(state, "dissatisfaction"))
    if again:
        state.push(Step("vote", {"key": "second_vote", "opening": "second_vote.start"}))
    voted_out(state, seat)
    if len(state.deaths) == before:
        if again:
            state.agenda.pop(0)  # an idiot revealed: nobody was killed, the cards wait
        return
    for card in ("enthusiasm", "dissatisfaction"):
        if in_play(state, card):
            spend(state, card)


register(
    StepSpec(
        "pact",
        begin_pact,
        Kind.DAY,
        PactChoice,
        never_refused,
        resolve_pact,
        form=Form.YES_NO,
        answer=single(lambda pending, given: PactChoice(pact=given.yes)),
        default=nobody(PactChoice, "pact", False),
        codecs=(field_codec("pact", Kind.DAY, PactChoice, "pact", shape_bool, repeated=True),),
    ),
    StepSpec("hang", begin_hang),
)
