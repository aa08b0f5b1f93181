"""Numbers read aloud: Chinese numerals and English words."""

from __future__ import annotations

import pytest

from narrator.voice.numbers import chinese_number, digits_to_chinese, english_number, read_number


@pytest.mark.parametrize(
    ("n", "chinese", "english"),
    [
        (0, "零", "zero"),
        (5, "五", "five"),
        (10, "十", "ten"),
        (12, "十二", "twelve"),
        (20, "二十", "twenty"),
        (21, "二十一", "twenty-one"),
        (105, "一百零五", "one hundred and five"),
        (110, "一百一十", "one hundred and ten"),
        (1050, "一千零五十", "one thousand and fifty"),
        (10500, "一万零五百", "ten thousand five hundred"),
    ],
)
def test_numbers_are_read_as_words(n: int, chinese: str, english: str) -> None:
    assert chinese_number(n) == chinese
    assert english_number(n) == english


def test_digits_in_chinese_text_become_numerals() -> None:
    assert digits_to_chinese("从5号开始，还剩10秒，12人局") == "从五号开始，还剩十秒，十二人局"
    assert digits_to_chinese("房间007") == "房间零零七"


def test_traditional_numbers_write_ten_thousand_as_traditional() -> None:
    assert read_number(20000, "chinese-traditional") == "二萬"
    with pytest.raises(ValueError, match="roman"):
        read_number(1, "roman")
