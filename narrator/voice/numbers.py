"""Numbers as a judge reads them aloud: Chinese numerals and English words."""

from __future__ import annotations

import re

CHINESE_DIGITS = "零一二三四五六七八九"  # the one table of Chinese numerals for 0–9
_CHINESE_UNITS = ("", "十", "百", "千")
_ENGLISH_ONES = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen "
    "fourteen fifteen sixteen seventeen eighteen nineteen"
).split()
_ENGLISH_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()
_DIGIT_RUN = re.compile(r"\d+")
# Longer runs of digits (a code, a phone number) are read digit by digit.
_LONGEST_NUMBER = 8


def _chinese_below_10000(n: int) -> str:
    """Chinese numeral for 1 <= n < 10000, with 零 for inner gaps ("一百零五")."""
    digits = [int(d) for d in str(n)]
    words: list[str] = []
    gap = False
    for place, digit in zip(range(len(digits) - 1, -1, -1), digits, strict=True):
        if digit == 0:
            gap = True
            continue
        if gap and words:
            words.append("零")
        gap = False
        words.append(CHINESE_DIGITS[digit] + _CHINESE_UNITS[place])
    text = "".join(words)
    # 10–19 are read 十, 十一 … not 一十, 一十一.
    return text[1:] if text.startswith("一十") else text


def chinese_number(n: int, *, ten_thousand: str = "万") -> str:
    """`n` in Chinese numerals as a judge reads seats and counts: 5 → 五, 12 → 十二, 105 → 一百零五.

    Works for 0 <= n < 10**8; `ten_thousand` is 万 (simplified) or 萬 (traditional).
    """
    if n < 0 or n >= 10**8:
        raise ValueError(f"cannot read {n} as a Chinese numeral (0 to 99999999)")
    if n == 0:
        return "零"
    high, low = divmod(n, 10000)
    if not high:
        return _chinese_below_10000(low)
    text = _chinese_below_10000(high) + ten_thousand
    if low:
        # 一万零五百: a gap before the lower group is read as 零.
        text += ("零" if low < 1000 else "") + _chinese_below_10000(low)
    return text


def english_number(n: int) -> str:
    """`n` in English words: 5 → five, 21 → twenty-one, 105 → one hundred and five (0–999999)."""
    if n < 0 or n >= 10**6:
        raise ValueError(f"cannot read {n} in English words (0 to 999999)")
    if n < 20:
        return _ENGLISH_ONES[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return _ENGLISH_TENS[tens] + (f"-{_ENGLISH_ONES[ones]}" if ones else "")
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        head = f"{_ENGLISH_ONES[hundreds]} hundred"
        return head + (f" and {english_number(rest)}" if rest else "")
    thousands, rest = divmod(n, 1000)
    head = f"{english_number(thousands)} thousand"
    if not rest:
        return head
    return head + (" and " if rest < 100 else " ") + english_number(rest)


def read_number(n: int, style: str) -> str:
    """`n` written the way a locale reads it: style "chinese", "chinese-traditional",
    "english" or "digits"."""
    if style == "chinese":
        return chinese_number(n)
    if style == "chinese-traditional":
        return chinese_number(n, ten_thousand="萬")
    if style == "english":
        return english_number(n)
    if style == "digits":
        return str(n)
    raise ValueError(f"unknown number style {style!r} (chinese, chinese-traditional, english, digits)")


def read_votes(votes: float, style: str) -> str:
    """A count of votes, which the sheriff's 1.5 may leave at a half: 6.5 → 六点五 / "six and
    a half" / "6.5"; a whole count reads as `read_number` does."""
    whole, half = divmod(round(votes * 2), 2)
    if votes < 0 or whole + half / 2 != votes:
        raise ValueError(f"cannot read {votes} votes (whole or half counts only)")
    text = read_number(whole, style)
    if not half:
        return text
    if style.startswith("chinese"):
        return f"{text}点五"
    if style == "english":
        return "half a" if not whole else f"{text} and a half"
    return f"{whole}.5"


def digits_to_chinese(text: str) -> str:
    """Every run of ASCII digits in `text` as Chinese numerals ("5号" → "五号", "12" → "十二");
    runs longer than eight digits are read digit by digit."""

    def spell(match: re.Match[str]) -> str:
        run = match.group()
        if len(run) > _LONGEST_NUMBER or (len(run) > 1 and run.startswith("0")):
            return digit_by_digit(run)
        return chinese_number(int(run))

    return _DIGIT_RUN.sub(spell, text)


def digit_by_digit(text: str) -> str:
    """Each ASCII digit of `text` read alone as a Chinese numeral ("105" → "一零五", a PIN, an
    address); other characters as they are."""
    return "".join(CHINESE_DIGITS[int(c)] if "0" <= c <= "9" else c for c in text)
