"""The bear tamer (驯熊师, RULES-CHARACTERS.md's Bear tamer): no step; each morning the judge
tells the whole table whether his bear growls.

Rule 1: each morning from day 1, right after the night's deaths are announced, while the tamer
        is alive and powerful (the elder's curse takes it), the judge says that the bear growls
        when a neighbour of his is on the werewolves' side, else that it is silent. His
        neighbours are the nearest living players on each side, taken then (skipping the dead;
        with two alive, both are the one other player); a death later that day counts the
        next morning.
Rule 2: a neighbour is read the way the seer reads him (a 隐狼 is not a werewolf to the bear).
Rule 3: a tamer on the werewolves' side himself always growls (`infected_bear_growls`).
Rule 4: each morning's growl is kept for the replay's output (`growls`: day, growl).
"""

from __future__ import annotations

from typing import Any

from engine.cards.moon import neighbours, sides_with_werewolves
from engine.day import add_morning
from engine.events import cue
from engine.outputs import add_output
from engine.roles import Role, declare
from engine.roles.seer import reads_as_werewolf
from engine.script import add_cues
from engine.state import State

ROLE = declare(Role.BEAR_TAMER, god=True, power_left=lambda state: not state.cursed)

GROWL, SILENT = "bear_tamer.growl", "bear_tamer.silent"
add_cues(ROLE, {GROWL: (), SILENT: ()})

GROWLS = "bear_tamer.growls"
"""`state.memory`: each morning's growl, as [day, growled] (Rule 4)."""


def growls(state: State, tamer: int) -> bool:
    """Whether the bear of the tamer at `tamer` growls now (Rules 1-3)."""
    if state.rules.infected_bear_growls and (
        reads_as_werewolf(state, tamer) or sides_with_werewolves(state, tamer)
    ):
        return True
    return any(reads_as_werewolf(state, seat) for seat in neighbours(state, tamer))


def morning(state: State) -> None:
    tamer = state.seat_of(Role.BEAR_TAMER)
    if not tamer or not state.has_power(tamer):
        return
    growled = growls(state, tamer)
    state.memory[GROWLS] = [*state.memory.get(GROWLS, []), [state.day, growled]]
    state.emit(cue(GROWL if growled else SILENT))


def output(state: State) -> dict[str, Any]:
    return {"growls": [{"day": day, "growl": growled} for day, growled in state.memory.get(GROWLS, [])]}


add_morning(ROLE, morning)
add_output(ROLE, output)
