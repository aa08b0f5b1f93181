"""The role cards by name (`Role`), apart from what each card is (`engine.roles`): every module,
`engine.contents` included, may name a card without importing the roles."""

from __future__ import annotations

from enum import StrEnum


class Role(StrEnum):
    WEREWOLF = "werewolf"
    VILLAGER = "villager"
    SEER = "seer"
    WITCH = "witch"
    HUNTER = "hunter"
    CUPID = "cupid"
    GUARD = "guard"
    LITTLE_GIRL = "little_girl"
    THIEF = "thief"
    IDIOT = "idiot"
    ELDER = "elder"
    SCAPEGOAT = "scapegoat"
    PIPER = "piper"
    # RULES-CLUB.md
    WOLF_KING = "wolf_king"
    WHITE_WOLF_KING = "white_wolf_king"
    KNIGHT = "knight"
    DREAMCATCHER = "dreamcatcher"
    NIGHTMARE = "nightmare"
    WOLF_BEAUTY = "wolf_beauty"
    SPIRIT_KNIGHT = "spirit_knight"
    PSYCHIC = "psychic"
    GRAVEKEEPER = "gravekeeper"
    GARGOYLE = "gargoyle"
    HIDDEN_WOLF = "hidden_wolf"
    DEMON_HUNTER = "demon_hunter"
    MAGICIAN = "magician"
    BLOOD_MOON = "blood_moon"
    WOLF_ROBOT = "wolf_robot"
    # RULES-CHARACTERS.md (also dealt on RULES-CLUB-MORE.md's boards)
    RAVEN = "raven"
    BEAR_TAMER = "bear_tamer"
    VILLAGER_VILLAGER = "villager_villager"
    FOX = "fox"
    TWO_SISTERS = "two_sisters"
    THREE_BROTHERS = "three_brothers"
    RUSTY_SWORD_KNIGHT = "rusty_sword_knight"
    STUTTERING_JUDGE = "stuttering_judge"
    BIG_BAD_WOLF = "big_bad_wolf"
    WHITE_WEREWOLF = "white_werewolf"
    ANGEL = "angel"
    PREJUDICED_MANIPULATOR = "prejudiced_manipulator"
    DEVOTED_SERVANT = "devoted_servant"
    ACTOR = "actor"
    # RULES-CLUB-MORE.md: 纯白夜影
    PURE_WHITE = "pure_white"
    WOLF_WITCH = "wolf_witch"
    # RULES-CLUB-MORE.md: 灯影预言家
    MIRROR_SEER = "mirror_seer"
    WILD_CHILD = "wild_child"
    WOLF_HOUND = "wolf_hound"
    ACCURSED_WOLF_FATHER = "accursed_wolf_father"
    # RULES-CLUB-MORE.md
    SLACKER = "slacker"
    CURSED_FOX = "cursed_fox"
    AWAKENED_GARGOYLE = "awakened_gargoyle"
    ECLIPSE_WOLF_QUEEN = "eclipse_wolf_queen"
    SEQUENCE_PRINCE = "sequence_prince"
    # RULES-CLUB-MORE.md: 假面舞会
    DANCER = "dancer"
    MASQUERADE = "masquerade"
    WARDEN = "warden"
    POISONER = "poisoner"
