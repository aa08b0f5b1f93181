"""Spiritualism: the ghost's questions, and their true answers when the box can know them.

Rule 1: the ghost is the first werewolf victim (still dead); the medium is the living player
        left of the last dead [000], or the one that player names (`three_questions`, [001]).
Rule 2: the medium asks one question of the card; a question may point at one or two living
        players. "Werewolves" means the living werewolves; neighbours are living neighbours.
Rule 3: the ghost answers yes or no. When the truth follows from the cards (and from the facts
        the players gave), a false answer is refused; when a fact was declined, the ghost
        answers as the table sees it.
"""

from __future__ import annotations

from engine.cards.moon import fact, neighbours, on_werewolf_side
from engine.deaths import own_side
from engine.outcome import CAMP_OF_SIDE, WINNING_SIDE
from engine.roles import Role
from engine.roles.cupid import mixed_lovers
from engine.roles.piper import turned
from engine.state import State


def team(state: State, seat: int) -> str:
    """The side `seat` plays for: werewolves (and their secret ally), the mixed lovers and
    Cupid, the pied piper, or the village; a third party's own side first when it won alone
    (an angel in love)."""
    own = own_side(state, seat)
    won = state.outcome is not None and WINNING_SIDE.get(state.outcome.winner) == own
    if own is not None and CAMP_OF_SIDE.get(own) == "third" and won:
        return own
    if state.lovers and mixed_lovers(state) and (seat in state.lovers or seat == state.cupid_seat):
        return "lovers"
    if own is not None:
        return own
    if on_werewolf_side(state, seat):
        return "werewolves"
    if state.player(seat).card == Role.PIPER and not turned(state):
        return "piper"
    return "village"


def _any(values: list[object]) -> bool | None:
    """Three-valued any: True if one is true, False if all are false, else unknown."""
    if any(v is True for v in values):
        return True
    if all(v is False for v in values):
        return False
    return None


def _all(values: list[object]) -> bool | None:
    if any(v is False for v in values):
        return False
    if all(v is True for v in values):
        return True
    return None


def truth(state: State, ask: str, medium: int, seats: tuple[int, ...]) -> bool | None:
    """The true answer to `ask` put by `medium` (pointing at `seats`); None when unknown."""
    wolves = state.living_werewolves()

    def of_wolves(name: str, value: object = True) -> list[object]:
        return [None if fact(state, w, name) is None else fact(state, w, name) == value for w in wolves]

    card = state.player
    sheriff = state.sheriff
    witch = state.seat_of(Role.WITCH)
    if ask == "seer_found_werewolf":
        return any(result == "werewolf" for _, _, result in state.seer_results)
    if ask == "werewolves_adjacent":
        return any(n in wolves for w in wolves for n in neighbours(state, w))
    if ask == "am_i_werewolf":
        return state.is_werewolf(medium)
    if ask == "am_i_plain_villager":
        return card(medium).card == Role.VILLAGER
    if ask == "same_team":
        return team(state, seats[0]) == team(state, seats[1])
    if ask == "witch_is_man":
        if not witch:
            return False
        gender = fact(state, witch, "gender")
        return None if gender is None else gender == "male"
    if ask == "sheriff_plain_villager":
        return bool(sheriff) and card(sheriff).card == Role.VILLAGER
    if ask == "sheriff_is_werewolf":
        return bool(sheriff) and state.is_werewolf(sheriff)
    if ask == "all_werewolves_male":
        return _all(of_wolves("gender", "male"))
    if ask == "all_werewolves_female":
        return _all(of_wolves("gender", "female"))
    if ask == "werewolf_man":
        return _any(of_wolves("gender", "male"))
    if ask == "werewolf_woman":
        return _any(of_wolves("gender", "female"))
    if ask == "werewolf_beside":
        return any(state.is_werewolf(n) for n in neighbours(state, seats[0]))
    if ask == "plain_villager":
        return card(seats[0]).card == Role.VILLAGER
    name = ask.removeprefix("werewolf_")
    return _any(of_wolves(name))
