"""The rusty sword knight (锈剑骑士, RULES-CHARACTERS.md): no step; a werewolf attack that kills
him rusts the first werewolf on his left, who dies of it later.

Rule 1: killed by a werewolf attack while powerful (the elder's curse takes it), his death rusts
        the first living werewolf-side player on his left (`rusty_sword_side`: the next seats
        upward, or downward; the dead skipped). Not for poison, the vote, a shot or grief; a
        guarded or healed knight neither dies nor rusts. Nobody is told.
Rule 2: the rusted player dies of `rusty_sword` unless already dead: with `rusty_sword_death =
        "dusk"` at the end of that day, after its votes (announced, his card shown as any
        death's); with `"dawn"` at the end of the next night, among its victims.
"""

from __future__ import annotations

from engine.cards.moon import on_werewolf_side
from engine.day import add_dusk
from engine.deaths import add_trigger
from engine.events import cue
from engine.night import WEREWOLF_ATTACKS, add_dawn
from engine.roles import Role, declare
from engine.script import add_cues
from engine.state import State, Step

ROLE = declare(Role.RUSTY_SWORD_KNIGHT, god=True, power_left=lambda state: not state.cursed)

RUSTY_SWORD = "rusty_sword"
"""The cause of the rusted werewolf's death."""
RUSTED = "rusty_sword.rusted"
"""`state.memory`: [seat, day] of the rusted werewolf, until he dies of it."""
DIES = "rusty_sword.dies"
add_cues(ROLE, {DIES: ("seat",)})


def rusted_by(state: State, knight: int) -> int:
    """The first living werewolf-side player on the knight's left (0: none; Rule 1)."""
    seats = state.setup.seats
    step = 1 if state.rules.rusty_sword_side == "higher" else -1
    for k in range(1, seats):
        seat = (knight - 1 + step * k) % seats + 1
        if state.is_alive(seat) and on_werewolf_side(state, seat):
            return seat
    return 0


def _rusts(state: State, seat: int, cause: str) -> Step | None:
    knight = state.player(seat).card == Role.RUSTY_SWORD_KNIGHT
    if knight and cause in WEREWOLF_ATTACKS and state.card_has_power(seat):
        rusted = rusted_by(state, seat)
        if rusted:
            state.memory[RUSTED] = [rusted, state.day]
    return None


def _at_dusk(state: State) -> list[tuple[int, str]]:
    rusted = state.memory.get(RUSTED)
    if state.rules.rusty_sword_death != "dusk" or not rusted or rusted[1] != state.day:
        return []
    del state.memory[RUSTED]
    if not state.is_alive(rusted[0]):
        return []
    state.emit(cue(DIES, seat=rusted[0]))
    return [(rusted[0], RUSTY_SWORD)]


def _at_dawn(state: State, deaths: dict[int, str]) -> None:
    rusted = state.memory.get(RUSTED)
    if state.rules.rusty_sword_death != "dawn" or not rusted or rusted[1] >= state.night:
        return
    del state.memory[RUSTED]
    if state.is_alive(rusted[0]) and rusted[0] not in deaths:
        deaths[rusted[0]] = RUSTY_SWORD


add_trigger(ROLE, _rusts)
add_dusk(ROLE, _at_dusk)
add_dawn(ROLE, 9, _at_dawn)
