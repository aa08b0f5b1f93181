"""The rules page: the board in play and the rules in force, in plain words.

Rule 1: the board is public, so the page is too: every card of the deck (the face-down ones
        included, in the order of `Role`, never in seat order) with its count and its side's
        goal, and one sentence per rule in force, the same for every phone of a language
        (sent in the welcome, before a card is looked at).
Rule 2: a rule is said where it bears on the game: a card's settings only when the card is
        in the deck, the sheriff's only with a sheriff.
Rule 3: what a card does is the catalogue's `powers.<card>` line (every phone has them all,
        in its strings); how its side wins is `goals.<goal>`, from the card's team and `win`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.boards import Board
from engine.contents import Catalogue
from engine.game import Game
from engine.role import Role
from engine.rules import Rules
from narrator.phones.boards import board_title
from narrator.phones.catalogue import Locale, text

Line = tuple[str, dict[str, Any]]  # a `rulebook.<name>` line and its parameters


OWN_GOALS: frozenset[Role] = frozenset(
    {
        Role.PIPER,
        Role.WILD_CHILD,
        Role.SLACKER,
        Role.CURSED_FOX,
        Role.WHITE_WEREWOLF,
        Role.WOLF_HOUND,
        Role.ANGEL,
        Role.PREJUDICED_MANIPULATOR,
    }
)
"""The cards whose goal is their own (`goals.<card>`): a third party, a follower."""


def goal(role: Role, rules: Rules, catalogue: Catalogue) -> str:
    """How the side of `role` wins: the name of its `goals.` line (Rule 3)."""
    if role in OWN_GOALS:
        return role.value
    if role in catalogue.wolf_team:
        return "wolves_side" if rules.win == "side" else "wolves_all"
    return "village"


def _witch(rules: Rules, seats: int) -> list[Line]:
    heal = {True: "self_heal_yes", False: "self_heal_no", "first_night": "self_heal_first_night"}
    lines: list[Line] = [(heal[rules.witch_self_heal], {})]
    lines.append(("both_potions_yes" if rules.witch_both_same_night else "both_potions_no", {}))
    if rules.witch_potions == "one_below_10" and seats < 10:
        lines.append(("one_potion", {}))
    if rules.witch_sees_victim == "while_antidote":
        lines.append(("witch_sees_while_antidote", {}))
    return lines


def _wolves(rules: Rules, deck: set[Role]) -> list[Line]:
    """RULES-CHARACTERS.md's werewolf cards' settings, and whether the pack may eat a wolf."""
    lines: list[Line] = [] if rules.wolves_eat_wolves else [("wolves_eat_wolves_no", {})]
    if Role.BIG_BAD_WOLF in deck and rules.big_bad_wolf_loses_power:
        lines.append(("big_bad_wolf_loses_power", {}))
    if Role.WHITE_WEREWOLF in deck:
        lines.append((f"white_werewolf_{rules.white_werewolf_nights}", {}))
        lines.append((f"white_werewolf_team_{rules.white_werewolf_team}", {}))
    return lines


def _sheriff(rules: Rules) -> list[Line]:
    if not rules.sheriff:
        return [("no_sheriff", {})]
    weight = f"{rules.sheriff_weight:g}"
    when = "sheriff_before" if rules.sheriff_election == "before_deaths" else "sheriff_after"
    return [(when, {"weight": weight}), ("sheriff_badge", {})]


def _vote(rules: Rules, deck: set[Role]) -> list[Line]:
    lines: list[Line] = [("self_destruct_yes" if rules.self_destruct else "self_destruct_no", {})]
    tie = f"tie_{rules.vote_tie}"
    lines.append((tie, {}))
    if tie == "tie_revote" and rules.revote_voters == "others":
        lines.append(("tie_revote_others", {}))
    if Role.IDIOT in deck and not rules.idiot_votable_after_reveal:
        lines.append(("idiot_not_votable", {}))
    if Role.RAVEN in deck:
        lines += _raven(rules)
    return lines


def _raven(rules: Rules) -> list[Line]:
    lines: list[Line] = [("raven_votes", {"count": rules.raven_votes})]
    if not rules.raven_self:
        lines.append(("raven_no_self", {}))
    if not rules.raven_repeat:
        lines.append(("raven_no_repeat", {}))
    if rules.raven_in_revote and rules.vote_tie not in ("none", "sheriff"):
        lines.append(("raven_in_pk", {}))
    return lines


def rule_lines(rules: Rules, deck: set[Role], seats: int) -> list[Line]:
    """The rules in force, a `rulebook.` line each, in the order a game meets them (Rule 2)."""
    lines: list[Line] = []
    if Role.SEER in deck:
        lines.append((f"seer_{rules.seer_sees}", {}))
    if Role.WITCH in deck:
        lines += _witch(rules, seats)
    if Role.GUARD in deck and Role.WITCH in deck:
        lines.append((f"guard_heal_{rules.guard_and_heal}", {}))
    if Role.CUPID in deck:
        lines.append((f"lovers_{rules.lovers_see}", {}))
    if Role.THIEF in deck and rules.thief_must_take:
        lines.append(("thief_wolf_card" if rules.thief_must_take == "wolf_card" else "thief_must_take", {}))
    if Role.PIPER in deck and rules.piper_charms == "up_to_two":
        lines.append(("piper_up_to_two", {}))
    if Role.FOX in deck and rules.fox_loses_power:
        lines.append(("fox_loses_power", {}))
    if Role.TWO_SISTERS in deck:
        lines.append((f"sisters_{rules.sisters_nights}", {}))
    if Role.THREE_BROTHERS in deck:
        lines.append((f"brothers_{rules.brothers_nights}", {}))
    if Role.RUSTY_SWORD_KNIGHT in deck:
        lines.append((f"rusty_{rules.rusty_sword_death}", {}))
    if Role.STUTTERING_JUDGE in deck:
        lines.append(("judge_second_votes", {"count": rules.judge_second_votes}))
    if Role.WILD_CHILD in deck:
        lines.append((f"wild_child_{rules.wild_child_trigger}", {}))
        if rules.wild_child_announced:
            lines.append(("wild_child_announced", {}))
    if Role.WOLF_HOUND in deck:
        lines += [
            (name, {}) for name in ("wolf_hound_random", "wolf_hound_announced") if getattr(rules, name)
        ]
    if Role.ACCURSED_WOLF_FATHER in deck:
        lines.append((f"infect_guarded_{rules.infect_guarded}", {}))
    if Role.SLACKER in deck:
        lines.append(("slacker_blocks" if rules.slacker_blocks_wolves else "slacker_blocks_not", {}))
    if Role.CURSED_FOX in deck:
        lines.append((f"cursed_fox_poison_{rules.cursed_fox_poison}", {}))
    if Role.DANCER in deck:
        lines.append((f"dance_repeat_{rules.dance_repeat}", {}))
    if Role.ANGEL in deck:
        lines.append((f"angel_{rules.angel_wins_on}", {}))
    if Role.PREJUDICED_MANIPULATOR in deck and Role.ACCURSED_WOLF_FATHER in deck:
        keeps = "powerless" if rules.wolf_side_manipulator_powerless else "keeps"
        lines.append((f"manipulator_wolf_side_{keeps}", {}))
    if Role.ACTOR in deck and (Role.ACCURSED_WOLF_FATHER in deck or Role.WOLF_HOUND in deck):
        keeps = "powerless" if rules.wolf_side_actor_powerless else "keeps"
        lines.append((f"actor_wolf_side_{keeps}", {}))  # infected, or a wolf-hound's side he took
    lines += _wolves(rules, deck)
    lines += _sheriff(rules)
    lines.append(("reveal_yes" if rules.reveal_on_death else "reveal_no", {}))
    lines.append((f"last_words_{rules.last_words}", {}))
    lines += _vote(rules, deck)
    lines.append((f"win_{rules.win}", {}))
    if rules.parity:
        lines.append(("parity", {}))
    lines.append((f"simultaneous_{rules.simultaneous_win}", {}))
    if rules.events != "off":
        lines.append(("events_peaceful" if rules.events == "peaceful_nights" else "events_every_morning", {}))
    return lines


def rulebook(game: Game, board: Board | None, locale: Locale) -> dict[str, Any]:
    """The rules page of `game` in `locale` (Rule 1): the board's name (None: no board was
    picked), every card of the deck (`deck`: public, as the board is) with its count and its
    side's goal, the rules in force."""
    counted = Counter(game.setup.deck)
    cards = [
        {"role": role.value, "count": counted[role], "goal": goal(role, game.rules, game.catalogue)}
        for role in Role
        if role in counted
    ]
    lines = rule_lines(game.rules, set(counted), game.setup.seats)
    return {
        "board": board_title(board, locale) if board is not None else None,
        "deck": cards,
        "rules": [text(locale, f"rulebook.{name}", **params) for name, params in lines],
    }
