"""Custom cards (自定义) as the host's phone sets them before the deal: a count per card of every
card the judge plays, the deck checked by the engine's own rules (`engine.setup.deck_problems`)
and refused in the host's language, and the deck's balance read at a glance (`engine.balance`).

Rule 1: the cards offered are every `Role`, in the catalogue's camps (狼, 神, 民, 第三方), each with
        the most a deck may hold of it (a set's own count, one of a single card, the seats of
        the werewolf and the villager).
Rule 2: a deck the engine refuses is refused with every problem it names, each the locale's
        `setup.<code>` line (a card named in the locale); nothing is dealt.
Rule 3: the balance is the engine's (`engine.balance`); the page only lays it out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.balance import CAMPS, balance, camp
from engine.role import Role
from engine.rules import PRESETS
from engine.setup import DEALT_TOGETHER, MULTIPLE_ALLOWED, SetupProblem, deck_problems
from narrator.phones.boards import SEPARATOR, card_name
from narrator.phones.catalogue import Locale, text
from narrator.phones.messages import Refusal


class DeckRefused(Refusal):
    """A custom deck the engine refuses (Rule 2): the code of its first problem
    ("setup.no_werewolf"), the message every problem in the host's language."""

    def __init__(self, problems: Sequence[SetupProblem]) -> None:
        super().__init__(f"setup.{problems[0].code}")
        self.problems = tuple(problems)

    def message(self, locale: Locale) -> str:
        return SEPARATOR[locale].join(problem_words(problem, locale) for problem in self.problems)


def problem_words(problem: SetupProblem, locale: Locale) -> str:
    """The engine's problem in `locale`: the `setup.<code>` line, a card by its name there."""
    params = {
        name: card_name(str(value), locale) if name == "role" else value
        for name, value in problem.params.items()
    }
    return text(locale, f"setup.{problem.code}", **params)


def most(role: Role, seats: int) -> int:
    """The most cards of `role` a deck for `seats` seats may hold (Rule 1)."""
    if role in DEALT_TOGETHER:
        return DEALT_TOGETHER[role]
    return seats if role in MULTIPLE_ALLOWED else 1


def chosen_deck(counts: Mapping[str, int], seats: int) -> list[Role]:
    """The host's counts (card → how many) as a deck for `seats` seats: Refusal
    "card_unknown" for a card the judge does not play or a count it cannot hold, DeckRefused
    for a deck the engine cannot deal (Rule 2)."""
    known = {role.value: role for role in Role}
    if any(name not in known or not 0 <= count <= most(known[name], seats) for name, count in counts.items()):
        raise Refusal("card_unknown")
    deck = _counted(counts)
    problems = deck_problems(deck, seats)
    if problems:
        raise DeckRefused(problems)
    return deck


def cards_read(counts: Mapping[str, int], seats: int, locale: Locale) -> dict[str, Any]:
    """The host's counts as the page reads them while he changes them, nothing dealt: the
    balance and every problem the engine would refuse them for, in `locale` (Rules 2, 3)."""
    try:
        deck = chosen_deck(counts, seats)
    except DeckRefused as refused:
        deck, problems = _counted(counts), [problem_words(problem, locale) for problem in refused.problems]
    except Refusal as refused:
        deck, problems = [], [refused.message(locale)]
    else:
        problems = []
    return {"balance": balance_read(deck, seats, locale), "problems": problems}


def _counted(counts: Mapping[str, int]) -> list[Role]:
    return [Role(name) for name, count in counts.items() for _ in range(count)]


def balance_read(deck: Sequence[Role], seats: int, locale: Locale) -> dict[str, Any]:
    """The deck's balance as every phone shows it, in `locale` (Rule 3): the count of each
    camp ("4狼 4神 4民"), what tables play at the seat count and each warning."""
    read = balance(deck, seats)
    counts = " ".join(
        text(locale, f"balance.{name}", count=read.counts[name])
        for name in CAMPS
        if read.counts[name] or name != "others"
    )
    usual = text(locale, "balance.usual", seats=seats, **read.usual) if read.usual is not None else ""
    warnings = [
        text(
            locale,
            f"balance.{note.code}",
            camp=text(locale, f"balance.camp_{note.camp}"),
            count=note.count,
            usual=note.usual,
        )
        for note in read.notes
    ]
    return {"counts": counts, "usual": usual, "warnings": warnings}


def offered_cards(deck: Sequence[Role], seats: int, preset: str, locale: Locale) -> dict[str, Any]:
    """The custom cards as every phone shows them (Rule 1), with the table's deck counted
    and its balance, and the presets a custom deck may play (the table's `preset` chosen),
    in `locale`."""
    held = {role: list(deck).count(role) for role in Role}
    return {
        "seats": seats,
        "camps": {name: text(locale, f"balance.heading_{name}") for name in CAMPS},
        "preset": preset,
        "cards": [
            {
                "role": role.value,
                "name": card_name(role.value, locale),
                "camp": name,
                "count": held[role],
                "most": most(role, seats),
            }
            for name in CAMPS
            for role in Role
            if camp(role) == name
        ],
        "presets": [
            {"value": preset, "label": text(locale, f"balance.preset_{preset}")} for preset in PRESETS
        ],
        "balance": balance_read(deck, seats, locale),
    }


def cards_told(deck: list[Role], seats: int, locale: Locale) -> dict[str, Any]:
    """The host's custom cards as every phone is told them (`notices.table_cards`), in `locale`:
    the seats, each card and its count, and their balance."""
    cards = {role: deck.count(role) for role in dict.fromkeys(deck)}
    named = SEPARATOR[locale].join(
        card_name(role.value, locale) + (f"×{count}" if count > 1 else "") for role, count in cards.items()
    )
    read = balance_read(deck, seats, locale)
    return {"seats": seats, "cards": named, "balance": " ".join([read["counts"], *read["warnings"]])}
