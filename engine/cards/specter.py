"""The Specter (幽灵): the next victim who is not a werewolf becomes a werewolf instead of dying,
and names an old werewolf, who dies at once (told at dawn, cause `specter`) holding the
victim's card, which acts for nobody that night."""

from __future__ import annotations

from engine.cards.moon import in_play, spend
from engine.cards.nightsteps import add_night_step
from engine.codecs import field_codec, shape_seat
from engine.contents import Contents
from engine.decisions import Decision
from engine.events import cue, judge_only, private
from engine.roles import Role
from engine.script import add_cues
from engine.state import Pending, State, Step
from engine.steps import Form, Kind, StepSpec, register, seat_answer

CARD = Contents("specter")


class SpecterChoice(Decision, step="specter"):
    """The Specter: the old werewolf the new one names to die in its place."""

    werewolf: int


add_cues(CARD, {"specter.wake": (), "specter.sleep": ()})  # its card line: `CARD_LINES`


def begin_specter(state: State, step: Step) -> Pending | None:
    state.emit(cue("specter.wake"))
    victim = state.tonight.victim
    old = [w for w in state.living_werewolves() if w != victim]
    if not victim or state.is_werewolf(victim) or not old:
        state.emit(judge_only("pretend", step="specter"), cue("specter.sleep"))
        return None
    state.emit(private("specter", victim, werewolves=old))
    return Pending(state.phase, "specter", "specter", (victim,), tuple(old))


def check_specter(state: State, pending: Pending, decision: SpecterChoice) -> None:
    if decision.werewolf not in pending.targets:
        raise state.refuse("specter_names_a_werewolf", f"seat {decision.werewolf} is not an old werewolf")


def resolve_specter(state: State, pending: Pending, decision: SpecterChoice) -> None:
    """The old werewolf dies at once (seeds 000, 001): the card he is given acts for nobody
    tonight; his death is told at dawn with the night's."""
    new, old = pending.seats[0], decision.werewolf
    newcomer, former = state.player(new), state.player(old)
    newcomer.card, former.card = former.card, newcomer.card
    newcomer.lives = former.lives = 1
    state.tonight.victim = 0
    state.tonight.moon_deaths.append((old, "specter"))
    state.tonight.fallen.add(old)
    spend(state, "specter")
    state.emit(private("card.changed", new, card=Role.WEREWOLF.value))
    _sleep(state, pending)


def _sleep(state: State, pending: Pending) -> None:
    """The step's closing line, after a decision and after a void one (a feared victim)."""
    state.emit(cue("specter.sleep"))


register(
    CARD,
    StepSpec(
        "specter",
        begin_specter,
        Kind.NIGHT,
        SpecterChoice,
        check_specter,
        resolve_specter,
        form=Form.SEATS,
        answer=seat_answer(SpecterChoice, "werewolf"),
        default=lambda state, pending: SpecterChoice(werewolf=pending.targets[0]),
        codecs=(field_codec("specter", Kind.NIGHT, SpecterChoice, "werewolf", shape_seat),),
        reveals=frozenset({"card.changed"}),
        sleep=_sleep,
    ),
)
add_night_step(CARD, "specter", "after_wolves", 3, lambda state: in_play(state, "specter"))
