"""The spirit knight (恶灵骑士, RULES-CLUB.md): a werewolf of the pack who never dies at night (the
pack may not name him; poison does nothing, the potion spent) and may not self-destruct. The seer
who checks him, or else the witch who poisons him, dies that night (cause `reflect`, past heal and
guard; `spirit_knight_reflect` once a game or always). He dies to the vote, a duel, a shot; with
`spirit_knight_shot = "immune"` not to a shot whose shooter died at night."""

from __future__ import annotations

from engine.cards.nightsteps import add_shield
from engine.deaths import add_survives
from engine.events import cue
from engine.night import add_dawn, add_spared, lands_on, spared
from engine.roles import Role, declare
from engine.script import add_cues
from engine.state import IllegalDecision, State

ROLE = declare(Role.SPIRIT_KNIGHT, wolf=True, pack=True, self_destructs=False)
add_cues(ROLE, {"spirit_knight.immune": ("seat",)})

REFLECTED = "spirit_knight.reflected"
"""`state.memory`: the reflect has struck (with `"once"` it strikes no more)."""
SHOTS = frozenset({"hunter", "wolf_king"})
"""The shots (causes named as their steps) that `spirit_knight_shot = "immune"` reads."""


def _not_prey(state: State, seat: int) -> IllegalDecision | None:
    if state.player(seat).card != Role.SPIRIT_KNIGHT:
        return None
    return state.refuse("spirit_knight_knife", "the werewolves may not name the spirit knight")


def _spared(state: State, seat: int, cause: str) -> bool:
    """He never dies at night: not of the knife (never his pack's; an event's or a swap's), the
    poison, a dream or a charm."""
    return state.player(seat).card == Role.SPIRIT_KNIGHT


def checked_by_seer(state: State, seat: int) -> bool:
    """Whether the seer checked `seat` tonight (her own answer, not another checker's)."""
    seer = state.seat_of(Role.SEER)
    if not seer:
        return False
    return any(
        e.kind == "seer.result"
        and e.audience == frozenset({seer})
        and e.data["night"] == state.night
        and lands_on(state, e.data["target"]) == seat
        for e in state.events
    )


def _reflect(state: State, deaths: dict[int, str]) -> None:
    """Dawn, step 6: the seer who checked him, or else the witch who poisoned him, dies (unless a
    night death spares her: the dreamwalker); the reflect is spent either way."""
    knight = state.seat_of(Role.SPIRIT_KNIGHT)
    if not knight or not state.is_alive(knight):
        return
    if state.rules.spirit_knight_reflect == "once" and state.memory.get(REFLECTED):
        return
    struck = 0
    if checked_by_seer(state, knight):
        struck = state.seat_of(Role.SEER)
    elif lands_on(state, state.tonight.poisoned) == knight:
        struck = state.seat_of(Role.WITCH)
    if not struck or not state.is_alive(struck):
        return
    state.memory[REFLECTED] = True
    if not spared(state, struck, "reflect"):
        deaths.setdefault(struck, "reflect")


def _immune(state: State, seat: int, cause: str) -> bool:
    """`"immune"`: a shot from a shooter who died at night does not take him (said at once)."""
    if state.player(seat).card != Role.SPIRIT_KNIGHT or cause not in SHOTS:
        return False
    pending = state.pending
    if state.rules.spirit_knight_shot != "immune" or pending is None or pending.step != cause:
        return False
    shooter = pending.seats[0]
    if not any(d.seat == shooter and d.phase.kind == "night" for d in state.deaths):
        return False
    state.emit(cue("spirit_knight.immune", seat=seat))
    return True


add_shield(ROLE, _not_prey)
add_spared(ROLE, _spared)
add_dawn(ROLE, 6, _reflect)
add_survives(ROLE, _immune)
