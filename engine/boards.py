"""The boards (板子) Chinese tables play, as RULES-CLUB.md lists them, found by any of their names.

Rule 1: a board fixes the cards and so the seat count; its rules are the `chinese-club` preset
        with the board's `witch_self_heal` (false on 12 seats, "first_night" on 9 and 10), and
        whatever settings the table gives on top.
Rule 2: a board is found by its id or any name a table says it by (simplified or traditional
        characters, its English name), in any case, with full-width characters, spaces,
        hyphens and brackets ignored, and a count of players in digits or words (9人, 九人).
Rule 3: every board is listed, but one whose cards are not all roles the engine knows (read
        from `engine.roles.ROLE_NAMES` when asked, so a board becomes playable as its roles
        land) is refused by name, with the roles it lacks.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

import engine.roles as roles_module
from engine.roles import Role
from engine.rules import Rules, make_rules
from engine.setup import Setup, deal

PRESET = "chinese-club"


class BoardError(ValueError):
    """An unknown board (the message lists the boards), or one the engine cannot play yet."""


@dataclass(frozen=True, slots=True)
class Board:
    """One board: `cards` are (role id, count), the wolves first, then the special good roles,
    then the villagers; `names` are the Chinese names in simplified characters (the first is
    the board's name), `traditional` the same in traditional characters."""

    id: str
    names: tuple[str, ...]
    traditional: tuple[str, ...]
    english: str
    cards: tuple[tuple[str, int], ...]

    @property
    def name(self) -> str:
        """The board's name as a table says it (simplified characters)."""
        return self.names[0]

    @property
    def seats(self) -> int:
        return sum(count for _, count in self.cards)

    @property
    def deck(self) -> tuple[str, ...]:
        """Every card of the board, one per seat, by role id."""
        return tuple(role for role, count in self.cards for _ in range(count))

    @property
    def witch_self_heal(self) -> bool | Literal["first_night"]:
        """RULES-CLUB.md's witch rule for the board's seat count."""
        return False if self.seats == 12 else "first_night"

    def missing_roles(self) -> tuple[str, ...]:
        """The board's roles the engine does not know yet (empty: the board is playable)."""
        known = roles_module.ROLE_NAMES
        return tuple(role for role, _ in self.cards if role not in known)

    @property
    def playable(self) -> bool:
        return not self.missing_roles()

    def roles(self) -> tuple[Role, ...]:
        """The deck as roles; BoardError naming the roles the engine lacks."""
        missing = self.missing_roles()
        if missing:
            raise BoardError(
                f"board {self.id!r} ({self.name}) cannot be played yet: the engine has no "
                f"{', '.join(missing)} card"
            )
        return tuple(Role(role) for role in self.deck)

    def rules(self, settings: Mapping[str, Any] | None = None) -> Rules:
        """The board's rules (Rule 1) with `settings` on top; RuleError for a bad setting."""
        return make_rules({"witch_self_heal": self.witch_self_heal, **(settings or {})}, preset=PRESET)

    def deal(self, seed: int | None = None) -> Setup:
        """The board's cards shuffled and dealt (a seeded deal when `seed` is set)."""
        return deal(self.roles(), self.seats, seed=seed)


def _board(id: str, names: str, traditional: str, english: str, *cards: tuple[str, int]) -> Board:
    return Board(id, tuple(names.split()), tuple(traditional.split()), english, tuple(cards))


W, V = "werewolf", "villager"

BOARDS: tuple[Board, ...] = (
    _board(
        "standard-12",
        "标准板 预女猎白",
        "標準板 預女獵白",
        "Standard: seer, witch, hunter, idiot",
        (W, 4),
        ("seer", 1),
        ("witch", 1),
        ("hunter", 1),
        ("idiot", 1),
        (V, 4),
    ),
    _board(
        "wolf-king-guard-12",
        "狼王守卫",
        "狼王守衛",
        "Wolf king and guard",
        (W, 3),
        ("wolf_king", 1),
        ("seer", 1),
        ("witch", 1),
        ("hunter", 1),
        ("guard", 1),
        (V, 4),
    ),
    _board(
        "white-wolf-king-knight-12",
        "白狼王骑士",
        "白狼王騎士",
        "White wolf king and knight",
        (W, 3),
        ("white_wolf_king", 1),
        ("seer", 1),
        ("witch", 1),
        ("hunter", 1),
        ("knight", 1),
        (V, 4),
    ),
    _board(
        "white-wolf-king-guard-12",
        "白狼王守卫",
        "白狼王守衛",
        "White wolf king and guard",
        (W, 3),
        ("white_wolf_king", 1),
        ("seer", 1),
        ("witch", 1),
        ("hunter", 1),
        ("guard", 1),
        (V, 4),
    ),
    _board(
        "wolf-beauty-guard-12",
        "狼美守卫 狼美人骑士",
        "狼美守衛 狼美人騎士",
        "Wolf beauty and guard",
        (W, 3),
        ("wolf_beauty", 1),
        ("seer", 1),
        ("witch", 1),
        ("guard", 1),
        ("knight", 1),
        (V, 4),
    ),
    _board(
        "gargoyle-gravekeeper-12",
        "石像鬼守墓人",
        "石像鬼守墓人",
        "Gargoyle and gravekeeper",
        (W, 3),
        ("gargoyle", 1),
        ("seer", 1),
        ("witch", 1),
        ("hunter", 1),
        ("gravekeeper", 1),
        (V, 4),
    ),
    _board(
        "nightmare-guard-12",
        "梦魇守卫",
        "夢魘守衛",
        "Nightmare and guard",
        (W, 3),
        ("nightmare", 1),
        ("seer", 1),
        ("witch", 1),
        ("hunter", 1),
        ("guard", 1),
        (V, 4),
    ),
    _board(
        "nightmare-dreamcatcher-12",
        "噩梦之影",
        "噩夢之影",
        "Shadow of the nightmare",
        (W, 3),
        ("nightmare", 1),
        ("seer", 1),
        ("witch", 1),
        ("hunter", 1),
        ("dreamcatcher", 1),
        (V, 4),
    ),
    _board(
        "blood-moon-demon-hunter-12",
        "血月猎魔",
        "血月獵魔",
        "Blood moon and demon hunter",
        (W, 3),
        ("blood_moon", 1),
        ("seer", 1),
        ("witch", 1),
        ("idiot", 1),
        ("demon_hunter", 1),
        (V, 4),
    ),
    _board(
        "wolf-king-dreamcatcher-12",
        "狼王摄梦人",
        "狼王攝夢人",
        "Wolf king and dreamcatcher",
        (W, 3),
        ("wolf_king", 1),
        ("seer", 1),
        ("witch", 1),
        ("hunter", 1),
        ("dreamcatcher", 1),
        (V, 4),
    ),
    _board(
        "wolf-robot-psychic-12",
        "机械狼通灵师",
        "機械狼通靈師",
        "Wolf robot and psychic",
        (W, 3),
        ("wolf_robot", 1),
        ("psychic", 1),
        ("witch", 1),
        ("hunter", 1),
        ("guard", 1),
        (V, 4),
    ),
    _board(
        "spirit-knight-12",
        "恶灵骑士",
        "惡靈騎士",
        "Spirit knight",
        (W, 3),
        ("spirit_knight", 1),
        ("seer", 1),
        ("witch", 1),
        ("hunter", 1),
        ("guard", 1),
        (V, 4),
    ),
    _board(
        "wolf-king-magician-12",
        "狼王魔术师",
        "狼王魔術師",
        "Wolf king and magician",
        (W, 3),
        ("wolf_king", 1),
        ("seer", 1),
        ("witch", 1),
        ("hunter", 1),
        ("magician", 1),
        (V, 4),
    ),
    _board(
        "hidden-wolf-raven-12",
        "隐狼乌鸦 乌鸦隐狼",
        "隱狼烏鴉 烏鴉隱狼",
        "Hidden wolf and raven",
        (W, 3),
        ("hidden_wolf", 1),
        ("seer", 1),
        ("witch", 1),
        ("hunter", 1),
        ("raven", 1),
        (V, 4),
    ),
    _board(
        "beginner-9",
        "9人预女猎",
        "9人預女獵",
        "Beginners' nine: seer, witch, hunter",
        (W, 3),
        ("seer", 1),
        ("witch", 1),
        ("hunter", 1),
        (V, 3),
    ),
    _board(
        "beginner-10",
        "10人预女猎",
        "10人預女獵",
        "Beginners' ten: seer, witch, hunter",
        (W, 3),
        ("seer", 1),
        ("witch", 1),
        ("hunter", 1),
        (V, 4),
    ),
    _board(
        "beginner-10-idiot",
        "10人预女猎白",
        "10人預女獵白",
        "Beginners' ten with the idiot",
        (W, 3),
        ("seer", 1),
        ("witch", 1),
        ("hunter", 1),
        ("idiot", 1),
        (V, 3),
    ),
    _board(
        "beginner-10-guard",
        "10人预女猎守",
        "10人預女獵守",
        "Beginners' ten with the guard",
        (W, 3),
        ("seer", 1),
        ("witch", 1),
        ("hunter", 1),
        ("guard", 1),
        (V, 3),
    ),
)

IGNORED = frozenset(" -_'’:,.()（）【】[]·・")
PLAYERS = re.compile(r"(十二|十|九)人")  # a seat count in words: 九人预女猎 is 9人预女猎
NUMERALS = {"九": "9", "十": "10", "十二": "12"}


def name_key(name: str) -> str:
    """`name` as boards are looked up by (Rule 2): NFKC (full-width to half-width), case
    folded, a count of players in words as digits, spaces, hyphens, underscores, brackets and
    punctuation dropped."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    folded = PLAYERS.sub(lambda count: NUMERALS[count.group(1)] + "人", folded)
    return "".join(char for char in folded if char not in IGNORED and not char.isspace())


def _index() -> dict[str, Board]:
    index: dict[str, Board] = {}
    for board in BOARDS:
        for name in (board.id, *board.names, *board.traditional, board.english):
            key = name_key(name)
            assert index.setdefault(key, board) is board, f"{name!r} names two boards"
    return index


BY_NAME = _index()


def find_board(name: str) -> Board:
    """The board called `name` (Rule 2); BoardError listing every board when none is."""
    board = BY_NAME.get(name_key(name))
    if board is None:
        listed = "\n".join(f"  {b.id:<27} {' '.join(b.names)} ({b.seats} seats)" for b in BOARDS)
        raise BoardError(f"unknown board {name!r}; the boards:\n{listed}")
    return board
