"""Backfire (适得其反): on the next night with a victim, a plain villager victim becomes a werewolf
instead of dying and the first werewolf on his left dies at dawn (cause `backfire`); another
victim dies as usual (`convert_or_wolf_dies`: survives, and that wolf dies)."""

from __future__ import annotations

from engine.cards.moon import in_play, left_of, spend
from engine.cards.nightsteps import add_night_step
from engine.contents import Contents
from engine.events import private
from engine.roles import Role
from engine.state import State, Step
from engine.steps import (
    StepSpec,
    register,
)

CARD = Contents("backfire")


def begin_backfire(state: State, step: Step) -> None:
    victim = state.tonight.victim
    if not victim:
        return
    spend(state, "backfire")
    turns = state.player(victim).card == Role.VILLAGER
    if not turns and state.rules.cards.backfire == "convert":
        return
    if turns:
        state.player(victim).card = Role.WEREWOLF
        state.emit(private("card.changed", victim, card=Role.WEREWOLF.value))
    state.tonight.victim = 0
    wolf = victim
    while True:
        wolf = left_of(state, wolf)
        if wolf in (0, victim) or (state.is_werewolf(wolf) and wolf != victim):
            break
    if wolf and wolf != victim:
        state.tonight.moon_deaths.append((wolf, "backfire"))


register(
    CARD,
    StepSpec("backfire", begin_backfire),
)
add_night_step(CARD, "backfire", "after_wolves", 4, lambda state: in_play(state, "backfire"))
