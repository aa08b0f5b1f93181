"""Mandarin for espeak-ng 1.51: Hanzi to tone-numbered pinyin for the `cmn-latn-pinyin` voice.

Debian 12's and Raspberry Pi OS bookworm's espeak-ng (1.51) reads Hanzi with voice `cmn` but
speaks the tone digits aloud as English words ("tian ONE hei ONE …", espeak-ng issues #1028,
#1370). The voice `cmn-latn-pinyin` reads pinyin with tone numbers correctly, so the judge's
Chinese lines are written as pinyin first (pypinyin, simplified and traditional Hanzi alike):

    "天黑请闭眼，5号请睁眼。" → "tian1 hei1 qing3 bi4 yan3, wu3 hao4 qing3 zheng1 yan3."

Numbers are read as Chinese numerals first ("5号" → 五号), pauses keep their place as ASCII
commas and full stops, and quotes and brackets are dropped.
"""

from __future__ import annotations

import re
import unicodedata

from pypinyin import Style, lazy_pinyin

from narrator.voice.numbers import digits_to_chinese

# Chinese punctuation → what espeak-ng pauses on. Anything else that is not a letter or a digit
# (quotes, brackets, dashes) is dropped.
_PAUSES = {
    "，": ",",
    "、": ",",
    "；": ",",
    "：": ",",
    ",": ",",
    ";": ",",
    ":": ",",
    "。": ".",
    "！": ".",
    "？": "?",
    "…": ".",
    ".": ".",
    "!": ".",
    "?": "?",
}
_SYLLABLE = re.compile(r"[a-zü]+[1-5]", re.IGNORECASE)
# Latin words a Chinese table says as Chinese syllables ("PK": pī kèi).
_SAID = {"PK": "pi1 kei4"}
_SAID_WORD = re.compile("|".join(_SAID))
_SPACE_BEFORE_PAUSE = re.compile(r"\s+([,.?])")
_REPEATED_PAUSE = re.compile(r"([,.?])[,.?\s]*(?=[,.?])")


def is_hanzi(char: str) -> bool:
    """Whether `char` is a CJK ideograph."""
    return unicodedata.name(char, "").startswith("CJK UNIFIED IDEOGRAPH")


def _pauses(chunk: str) -> str:
    """A run of non-Hanzi text with its punctuation turned into espeak-ng pauses."""
    out = []
    for char in chunk:
        if char in _PAUSES:
            out.append(f"{_PAUSES[char]} ")
        elif char.isalnum() or char.isspace():
            out.append(char)
        else:
            out.append(" ")
    return "".join(out)


def to_pinyin(text: str) -> str:
    """`text` as tone-numbered pinyin syllables (neutral tone 5) with ASCII pauses.

    The Latin words a table says in Chinese ("PK") become their syllables; other Latin words
    are kept as they are; every Hanzi becomes one syllable.
    """
    text = digits_to_chinese(text)
    text = _SAID_WORD.sub(lambda word: f" {_SAID[word.group()]} ", text)
    words = lazy_pinyin(
        text,
        style=Style.TONE3,
        neutral_tone_with_five=True,
        tone_sandhi=True,
        errors=_pauses,
    )
    spoken = " ".join(w if _SYLLABLE.fullmatch(w) else _pauses(w) for w in words)
    spoken = _SPACE_BEFORE_PAUSE.sub(r"\1", spoken)
    spoken = _REPEATED_PAUSE.sub("", spoken)
    return " ".join(spoken.split()).strip(" ,")


def has_hanzi(text: str) -> bool:
    """Whether `text` holds any Hanzi (a pinyin rendering should hold none)."""
    return any(is_hanzi(c) for c in text)
