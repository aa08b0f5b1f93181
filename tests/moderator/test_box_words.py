"""What the box says in its own words (the join address, the host's PIN): the catalogue's
`[box]` lines of every locale, each digit read alone with the one table of Chinese numerals."""

from __future__ import annotations

import pytest

from narrator.moderator.host_pin import join_words, pin_words
from narrator.voice.catalogue import LOCALES, load_catalogue
from narrator.voice.neural_text import hanzi_numbers
from narrator.voice.numbers import CHINESE_DIGITS, digit_by_digit


@pytest.mark.parametrize("locale", LOCALES)
def test_every_locale_says_the_join_address_and_the_pin_from_its_catalogue(locale: str) -> None:
    box = load_catalogue(locale).box
    spoken = join_words(locale, "http://192.168.1.20:8080/")
    assert spoken[0] == box["join_wifi"] and spoken[2] == box["join_seat"]
    assert "8" not in spoken[1] if locale != "en" else "1 9 2 dot 1 6 8" in spoken[1]
    assert pin_words(locale, "4071").startswith(box["pin"].split("{pin}")[0])


def test_a_taiwanese_table_hears_the_join_address_in_traditional_characters() -> None:
    assert join_words("zh-TW", "http://10.0.0.5:8080") == [
        "請用手機連接同一個無線網路。",
        "在瀏覽器裡打開一零點零點零點五，連接埠八零八零。",
        "然後選擇自己的座位。",
    ]


def test_a_chinese_pin_is_read_digit_by_digit_with_pauses() -> None:
    assert pin_words("zh-CN", "4071") == "主持人PIN是四，零，七，一。只能用一次。"
    assert pin_words("en", "4071") == "The host PIN is 4 0 7 1. It works once."


def test_digits_read_alone_use_the_one_table_of_numerals() -> None:
    assert digit_by_digit("20.5:1") == "二零.五:一"
    assert [digit_by_digit(str(d)) for d in range(10)] == list(CHINESE_DIGITS)
    assert hanzi_numbers("1.05") == "一点零五"
