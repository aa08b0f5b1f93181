"""The verdict under the cards: the steps of the cards in play (Heads or Tails' coin,
`heads_or_tails.py`; the Pact with the Devil, here: made, the condemned lives; not offered to an
idiot, who lives anyway), then the hanging; after a death by the vote, a card in play may call
a second vote at once, without discussion (Enthusiasm: a werewolf died; Dissatisfaction: not a
werewolf). Those cards are spent on the next vote death."""

from __future__ import annotations

from engine.cards.moon import InPlay, notes, spend
from engine.cards.registry import CardRules, Lasting, add_card, add_lasting, ranked_in_play
from engine.codecs import field_codec, shape_bool
from engine.contents import Contents
from engine.decisions import Decision
from engine.events import cue
from engine.roles import Role
from engine.state import Pending, State, Step
from engine.steps import Form, Kind, StepSpec, never_refused, nobody, register, single
from engine.vote import voted_out

CARD = Contents("verdict")


class PactChoice(Decision, step="pact"):
    """Pact with the Devil: whether the condemned makes the pact and lives."""

    pact: bool


PACTS = "pact_with_the_devil.pacts"
"""`MoonState.notes`: the players who made the pact (kept out of the next game if they win)."""


def pacts(state: State) -> list[int]:
    seats: list[int] = notes(state).get(PACTS, [])
    return seats


def _offer_pact(state: State, played: InPlay, seat: int) -> Step | None:
    """The pact, before the hanging: not offered to an idiot with his power, who lives anyway."""
    player = state.player(seat)
    idiot = player.card == Role.IDIOT and not player.revealed_idiot and state.has_power(seat)
    return None if idiot else Step("pact", {"seat": seat})


def begin_pact(state: State, step: Step) -> Pending | None:
    seat = step.args["seat"]
    if state.rules.cards.pact == "always":
        _pact_made(state, seat)
        return None
    state.emit(cue("pact.offer", seat=seat))
    return Pending(state.phase, "pact", "pact", (seat,), info={"seat": seat})


def resolve_pact(state: State, pending: Pending, decision: PactChoice) -> None:
    seat = pending.seats[0]
    if decision.pact:
        _pact_made(state, seat)
    else:
        state.emit(cue("pact.refused", seat=seat))


def _pact_made(state: State, seat: int) -> None:
    notes(state).setdefault(PACTS, []).append(seat)
    state.emit(cue("pact.made", seat=seat))
    state.agenda[:] = [s for s in state.agenda if not (s.name == "hang" and s.args["seat"] == seat)]


def begin_hang(state: State, step: Step) -> None:
    seat = step.args["seat"]
    callers = ranked_in_play(state, "second_vote")
    again = any(
        rules.second_vote is not None and rules.second_vote(state, played, seat) for rules, played in callers
    )
    before = len(state.deaths)
    if again:
        state.push(Step("vote", {"key": "second_vote", "opening": "second_vote.start"}))
    voted_out(state, seat)
    if len(state.deaths) == before:
        if again:
            state.agenda.pop(0)  # an idiot revealed: nobody was killed, the cards wait
        return
    for rules, _ in callers:
        spend(state, rules.name)


register(
    CARD,
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


def _waits(state: State, played: InPlay, seat: int) -> Step | None:
    """Enthusiasm and Dissatisfaction add no step: they wait on the hanging."""
    return None


# The coin (rank 1) comes before the pact: a void verdict offers no pact.
add_card(CARD, CardRules("pact_with_the_devil", rank=2, verdict_step=_offer_pact))
add_card(
    CARD,
    CardRules(
        "enthusiasm",
        rank=3,
        verdict_step=_waits,
        second_vote=lambda state, played, seat: state.is_werewolf(seat),
    ),
)
add_card(
    CARD,
    CardRules(
        "dissatisfaction",
        rank=3,
        verdict_step=_waits,
        second_vote=lambda state, played, seat: not state.is_werewolf(seat),
    ),
)
add_lasting(
    CARD,
    Lasting(
        "pact_with_the_devil",
        public_view=lambda state: {"pacts": list(pacts(state))},
        summary=lambda state: {"pacts": list(pacts(state))},
    ),
)
