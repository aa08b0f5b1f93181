"""Who wakes for the werewolves under the event cards, whom they may eat, and where the cards'
night steps go (each card's step is in the card's own module).

Rule 1: a card's night step is added where its card says (first, before or after the
        werewolves) on the nights its card says; while its card waits it is narrated every
        night, acted or pretended, so the table cannot hear whether it triggered.
Rule 2: the pack is the living werewolves, less those away at night, then as each card in play
        says, in its rank (`registry.add_card(pack=...)`); they eat those not away, those each
        card in play leaves them (`prey=...`), and at the Harvest Festival a neighbour of one
        of them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from engine.cards import hooks
from engine.cards.moon import away, neighbours
from engine.cards.registry import ranked_in_play, rules_in_play
from engine.contents import Catalogue, Contents
from engine.rolehooks import RoleHooks
from engine.state import IllegalDecision, State, Step

Place = Literal["first", "before_wolves", "after_wolves"]


@dataclass(frozen=True, slots=True)
class CardNightStep:
    """A night step a card adds: where it goes (Rule 1), and whether it runs tonight."""

    step: Step
    place: Place
    rank: int
    """Its order among the steps of the same place (the seeds' order)."""
    tonight: Callable[[State], bool]


def add_night_step(
    to: Contents, name: str, place: Place, rank: int, tonight: Callable[[State], bool]
) -> None:
    """A card's module adds its night step (Rule 1)."""
    to.add(lambda catalogue: _put_night_step(catalogue, CardNightStep(Step(name), place, rank, tonight)))


def _put_night_step(catalogue: Catalogue, step: CardNightStep) -> None:
    catalogue.card_night_steps.append(step)
    catalogue.card_night_steps.sort(key=lambda added: added.rank)


def pack(state: State) -> list[int]:
    """The seats that wake as the werewolves tonight, and may eat."""
    if state.moon is None:
        return state.living_werewolves()
    gone = away(state)
    wolves = [w for w in state.living_werewolves() if w not in gone]
    for rules, played in ranked_in_play(state, "pack"):
        if rules.pack is not None:
            wolves = rules.pack(state, played, wolves)
    return wolves


Shield = Callable[[State, int], "IllegalDecision | None"]
SHIELDS: RoleHooks[Shield] = RoleHooks("shields")
"""What keeps the pack from naming a seat tonight, each role's module adding its own (the wolf
beauty, the spirit knight, a night the nightmare fears a wolf): the refusal that names its rule
(`state.refuse`), or None when the role lets the pack name the seat."""


def add_shield(to: Contents, shield: Shield) -> None:
    SHIELDS.add(to, shield)


def shield(state: State, seat: int) -> IllegalDecision | None:
    """The refusal that keeps the pack from naming `seat` tonight (None: nothing keeps it)."""
    for keeps in SHIELDS.of(state):
        refusal = keeps(state, seat)
        if refusal is not None:
            return refusal
    return None


def prey(state: State, wolves: list[int]) -> tuple[int, ...]:
    """Who the werewolves `wolves` may eat tonight."""
    alive = [s for s in state.alive() if shield(state, s) is None] if SHIELDS.of(state) else state.alive()
    if state.moon is None:
        return tuple(alive)
    gone = away(state)
    targets = [s for s in alive if s not in gone]
    for rules, played in rules_in_play(state):
        if rules.prey is not None:
            targets = rules.prey(state, played, targets)
    if hooks.neighbours_only_tonight(state):
        near = {n for w in wolves for n in neighbours(state, w)}
        targets = [s for s in targets if s in near]
    return tuple(targets)


def night_card_steps(state: State, steps: list[Step]) -> list[Step]:
    """Tonight's agenda with the steps of the cards in play put in their places (Rule 1)."""
    if state.moon is None:
        return steps
    tonight = [added for added in state.catalogue.card_night_steps if added.tonight(state)]
    out = [added.step for added in tonight if added.place == "first"]
    for step in steps:
        if step.name == "werewolves":
            out.extend(added.step for added in tonight if added.place == "before_wolves")
            out.append(step)
            out.extend(added.step for added in tonight if added.place == "after_wolves")
        else:
            out.append(step)
    return out
