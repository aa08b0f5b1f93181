"""The boards (板子) Chinese tables play, as RULES-CLUB.md lists them, then RULES-CLUB-MORE.md's
and RULES-CHARACTERS.md's (`engine.more_boards`), found by any of their names.

Rule 1: a board fixes the cards and so the seat count; its rules are the `chinese-club` preset
        with the board's `witch_self_heal` (false on 12 seats, "first_night" on 9 and 10), and
        its own settings (咒狐乌鸦's `badge_swallow = "single"`), and whatever settings the table
        gives on top; RULES-CHARACTERS.md's own boards (no preset) play RULES.md's rules.
Rule 2: a board is found by its id or any name a table says it by (simplified or traditional
        characters, its English name), in any case, with full-width characters, spaces,
        hyphens and brackets ignored, and a count of players in digits or words (9人, 九人).
Rule 3: every board is listed, but one whose cards are not all roles the engine knows (read
        from `engine.roles.ROLE_NAMES` when asked, so a board becomes playable as its roles
        land) is refused by name, with the roles it lacks.
Rule 4: a board with face-down cards (RULES-CLUB-MORE.md: 盗贼丘比特's two) has more cards than
        seats; its dealer draws which cards lie face down uniformly among the legal splits
        (`engine.facedown`), equal cards counted as distinct, then shuffles the rest to the seats.
"""

from __future__ import annotations

import re
import unicodedata

from engine.board import PRESET, Board, BoardError, board_of
from engine.facedown import FaceDown
from engine.more_boards import CHARACTERS_BOARDS, MORE_BOARDS

__all__ = ["BOARDS", "PRESET", "Board", "BoardError", "FaceDown", "find_board", "name_key"]

W, V = "werewolf", "villager"

BOARDS: tuple[Board, ...] = (
    board_of(
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
    board_of(
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
    board_of(
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
    board_of(
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
    board_of(
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
    board_of(
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
    board_of(
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
    board_of(
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
    board_of(
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
    board_of(
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
    board_of(
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
    board_of(
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
    board_of(
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
    board_of(
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
    board_of(
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
    board_of(
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
    board_of(
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
    *MORE_BOARDS,
    *CHARACTERS_BOARDS,
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
