"""A player's name: as every phone shows it (`shown`), and as the table reads it (`folded`).

Rule 1: a name is shown as the player typed it, cleaned: NFKC, no control, direction or
        invisible characters, at most MAX_MARKS combining marks per character, one space
        between words, no filler (a Hangul filler, a Braille blank) at either end, at most
        MAX_NAME characters.
Rule 2: two names are the same name when they fold to the same `folded` form: NFKC, no
        marks, no spaces, punctuation or fillers, case folded, digits of every script as
        0-9 (and a number in a circle or after a dot, "➁" "❷" "⓫", as its digits), and each
        Latin, Cyrillic or Greek letter as the Latin letter it looks like (the Unicode
        confusables, from `confusable_homoglyphs`). The fold is for comparing only: it is
        never shown.
Rule 3: a name is refused ("name_empty") when nothing is left after folding, ("name_seat")
        when it reads as a seat number in any script ("3号", "贰号", "Ⅱ号", "②", "⒉号", "➁号",
        a keycap "2️⃣号", "#3"), ("name_judge") when it names the judge or the host ("法 官",
        "法·官", "Јudge"), ("name_taken") when it folds to the name of another seat. A seat
        number or the judge is read from the name's letters and digits alone ("法★官").
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import cache

from confusable_homoglyphs import categories, confusables

from narrator.phones.messages import Refusal

MAX_NAME = 16  # characters, after cleaning
MAX_MARKS = 2  # combining marks kept after one character (no text piled up over the others)

# Unicode categories never shown: controls, format characters (bidi overrides, zero-width
# spaces and joiners), surrogates, private use, unassigned, line and paragraph separators.
HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
# Letters and symbols that draw nothing: the Hangul fillers (U+3164 folds to U+1160 under
# NFKC, as U+FFA0 does), the Braille blank, the Khmer inherent vowels, the grapheme joiner.
FILLERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5\u034f")
# The scripts whose look-alikes are read as the Latin letter they look like.
LOOK_ALIKE_SCRIPTS = frozenset({"LATIN", "CYRILLIC", "GREEK"})

NUMERALS = "零〇一二两兩三四五六七八九十百壹贰貳叁參肆伍陆陸柒捌玖拾佰廿卅幺"
# On the letters and digits of the folded form: a number (in digits, Chinese numerals or
# Roman numerals) followed by 号, 號 or 位; or a name that is only a number, perhaps after
# "no" or "seat" (the "#", the brackets and the dots are gone).
SEAT_LIKE = re.compile(rf"(?:[0-9]+|[{NUMERALS}]+|(?<![a-z])[ivxlc]+)[号號位]|^(?:no|seat|座位?)?[0-9]+$")
# On the folded form (spaces gone): the judge's titles at a Chinese table anywhere in it.
JUDGE_WORDS = re.compile(r"法官|裁判|主持|上帝|系[统統]")
# The English titles: a whole word of the name, or the whole name once its spaces are gone.
JUDGE_TITLES = ("judge", "host", "moderator", "narrator", "admin", "system")


def shown(name: str) -> str:
    """The name as every phone will show it (Rule 1); Refusal "name_empty" when nothing
    visible is left. Nothing else is checked here: see `check`."""
    kept: list[str] = []
    marks = 0
    for char in unicodedata.normalize("NFKC", name):
        category = unicodedata.category(char)
        if category in HIDDEN_CATEGORIES:
            continue
        if category.startswith("M"):
            marks += 1
            if marks > MAX_MARKS or not kept:
                continue
        else:
            marks = 0
        kept.append(" " if category.startswith("Z") else char)
    cleaned = " ".join("".join(kept).split())
    cleaned = _trim_fillers(cleaned)[:MAX_NAME]
    cleaned = _trim_fillers(cleaned)
    if not folded(cleaned):
        raise Refusal("name_empty")
    return cleaned


def folded(name: str) -> str:
    """The form two names are compared in (Rule 2): "Ｂｏｔ　２", "Bоt 2" (a Cyrillic о) and
    "bot2" all fold to "bot2"."""
    return _words(name).replace(" ", "")


def check(name: str, others: Iterable[str] = ()) -> str:
    """The shown form of `name` (Rule 1), or the Refusal of Rule 3; `others` are the names
    the other seats hold."""
    cleaned = shown(name)
    words = _words(cleaned)
    squeezed = words.replace(" ", "")
    spelt = "".join(char for char in squeezed if char.isalnum())
    if SEAT_LIKE.search(spelt):
        raise Refusal("name_seat")
    if JUDGE_WORDS.search(spelt) or any(
        spelt == title or re.search(rf"\b{title}\b", words) for title in JUDGE_TITLES
    ):
        raise Refusal("name_judge")
    if any(folded(other) == squeezed for other in others):
        raise Refusal("name_taken")
    return cleaned


def _trim_fillers(text: str) -> str:
    start, end = 0, len(text)
    while start < end and (text[start] in FILLERS or text[start].isspace()):
        start += 1
    while end > start and (text[end - 1] in FILLERS or text[end - 1].isspace()):
        end -= 1
    return text[start:end]


def _plain(name: str) -> str:
    """NFKC, no marks, no fillers, one space for any run of spaces and punctuation, each
    digit of any script (Arabic-Indic, Devanagari…) as 0-9, and a whole number NFKC leaves
    as a sign ("➁", "❷", "⓫") as its digits."""
    kept: list[str] = []
    for char in unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", name)):
        category = unicodedata.category(char)
        if category.startswith("M") or category in HIDDEN_CATEGORIES or char in FILLERS:
            continue
        if category.startswith(("Z", "P")) or char.isspace():
            kept.append(" ")
            continue
        kept.append(_digits(char, category))
    return " ".join(unicodedata.normalize("NFC", "".join(kept)).split())


def _digits(char: str, category: str) -> str:
    """`char` as 0-9 when it is a digit of any script or a sign for a whole number
    (category No), else `char`."""
    digit = unicodedata.decimal(char, None)
    if digit is not None:
        return str(digit)
    number = unicodedata.numeric(char, None) if category == "No" else None
    return str(int(number)) if number is not None and number == int(number) else char


def _words(name: str) -> str:
    """`_plain`, each Latin, Cyrillic or Greek letter as the Latin letter it looks like
    ("Ј" is "J"), then case folded."""
    return "".join(_latin(char) for char in _plain(name)).casefold()


@cache
def _latin(char: str) -> str:
    """The ASCII letter or digit `char` looks like, when it is a Latin, Cyrillic or Greek
    letter that looks like one (the first in code-point order when it looks like several),
    else `char`."""
    if char.isascii() or not char.isalpha() or str(categories.alias(char)) not in LOOK_ALIKE_SCRIPTS:
        return char
    looks: list[str] = sorted(
        str(glyph["c"])
        for glyph in confusables.confusables_data.get(char, ())
        if len(glyph["c"]) == 1 and glyph["c"].isascii() and glyph["c"].isalnum()
    )
    letters = [glyph for glyph in looks if glyph.isalpha()]
    return (letters or looks or [char])[0]
