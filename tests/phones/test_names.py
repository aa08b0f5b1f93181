"""Names are read as the table reads them: folded (NFKC, case, width, spaces, fillers, look-alike
letters) before they are compared, refused when they fold to nothing, to a seat number, to the
judge or to another seat's name; shown as the player typed them."""

from __future__ import annotations

import asyncio

import pytest

from narrator.phones.catalogue import Locale, text
from narrator.phones.messages import Refusal
from narrator.phones.names import folded
from narrator.phones.seats import SeatRegistry
from tests.phones.harness import Phone, classic_game, close_all, served, ws_url

# (the name seat 2 holds, the name a newcomer asks for at seat 5, the refusal's code)
REFUSED: dict[str, tuple[str, str, str]] = {
    "the same name twice": ("Bot 2", "Bot 2", "name_taken"),
    "another case": ("Bot 2", "bot 2", "name_taken"),
    "full width, ideographic space": ("Bot 2", "Ｂｏｔ\u3000２", "name_taken"),
    "no space": ("Bot 2", "Bot2", "name_taken"),
    "a Cyrillic o": ("Bot 2", "B\u043et 2", "name_taken"),
    "a Greek capital omicron and a Cyrillic capital ve": ("Bob", "\u0412\u039fb", "name_taken"),
    "a Chinese name with a space": ("小明", "小 明", "name_taken"),
    "a Chinese name with a filler after it": ("小明", "小明\u3164", "name_taken"),
    "a Hangul filler": ("Bot 2", "\u3164", "name_empty"),
    "a half-width Hangul filler": ("Bot 2", "\uffa0", "name_empty"),
    "a Braille blank": ("Bot 2", "\u2800", "name_empty"),
    "fillers and spaces": ("Bot 2", "\u2800 \u3164\u3000", "name_empty"),
    "a Cyrillic J": ("Bot 2", "\u0408udge", "name_judge"),
    "the judge with a space": ("Bot 2", "法 官", "name_judge"),
    "the judge with an ideographic space": ("Bot 2", "法\u3000官", "name_judge"),
    "the host with a space": ("Bot 2", "主 持人", "name_judge"),
    "judge spelt out": ("Bot 2", "J u d g e", "name_judge"),
    "a financial numeral": ("Bot 2", "贰号", "name_seat"),
    "another financial numeral": ("Bot 2", "叁号", "name_seat"),
    "a Roman numeral": ("Bot 2", "\u2161号", "name_seat"),
    "Roman numerals in Cyrillic letters": ("Bot 2", "\u0406\u0406号", "name_seat"),
    "a circled digit": ("Bot 2", "②", "name_seat"),
    "a keycap": ("Bot 2", "2\ufe0f\u20e3号", "name_seat"),
    "a bracketed digit": ("Bot 2", "⑵号", "name_seat"),
    "an Arabic-Indic digit": ("Bot 2", "\u0662号", "name_seat"),
    "seat and a number": ("Bot 2", "Seat 3", "name_seat"),
    "a digit with a full stop": ("Bot 2", "\u2489号", "name_seat"),
    "a digit with a comma": ("Bot 2", "\U0001f103号", "name_seat"),
    "a dingbat circled digit": ("Bot 2", "\u2781号", "name_seat"),
    "a negative circled digit": ("Bot 2", "\u2777号", "name_seat"),
    "a double circled digit": ("Bot 2", "\u24f6号", "name_seat"),
    "a negative circled eleven": ("Bot 2", "\u24eb号", "name_seat"),
    "a digit and a pause mark": ("Bot 2", "2、号", "name_seat"),
    "the judge with a middle dot": ("Bot 2", "法\u00b7官", "name_judge"),
    "the judge with a katakana middle dot": ("Bot 2", "法\u30fb官", "name_judge"),
    "the host with a hyphen": ("Bot 2", "主-持人", "name_judge"),
    "the judge with a star between": ("Bot 2", "法★官", "name_judge"),
    "judge with dots": ("Bot 2", "j.u.d.g.e", "name_judge"),
    "a hyphen for a space": ("Bot 2", "Bot-2", "name_taken"),
    "only dots": ("Bot 2", "...", "name_empty"),
}

# (the name seat 2 holds, the name asked for at seat 5, what every phone shows)
KEPT: dict[str, tuple[str, str, str]] = {
    "another bot": ("Bot 2", "Bot 5", "Bot 5"),
    "a name that only starts the same": ("Bot 2", "Bot 22", "Bot 22"),
    "full width is shown as typed, NFKC": ("Bot 2", "Ｚｏｅ", "Zoe"),
    "a Cyrillic name is shown in Cyrillic": ("Bot 2", "Воb", "Воb"),
    "fillers at the ends are trimmed": ("Bot 2", "\u2800小明\u3164", "小明"),
    "judgement is not the judge": ("Bot 2", "Judgement", "Judgement"),
    "a ghost is no host": ("Bot 2", "Ghost", "Ghost"),
    "a middle dot in a name is shown": ("Bot 2", "小\u00b7明", "小\u00b7明"),
    "a hyphenated name": ("Bot 2", "Mary-Jane", "Mary-Jane"),
    "a wolf's face": ("Bot 2", "\U0001f43a", "\U0001f43a"),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_a_name_that_folds_to_a_taken_name_a_seat_the_judge_or_nothing_is_refused(case: str) -> None:
    held, asked, code = REFUSED[case]
    seats = SeatRegistry(9)
    seats.join(2, held)
    with pytest.raises(Refusal) as refused:
        seats.join(5, asked)
    assert refused.value.code == code
    assert seats.names() == {2: held}


@pytest.mark.parametrize("case", sorted(KEPT))
def test_a_name_that_reads_as_no_other_is_shown_as_typed(case: str) -> None:
    held, asked, shown = KEPT[case]
    seats = SeatRegistry(9)
    seats.join(2, held)
    assert seats.join(5, asked).name == shown
    assert seats.names() == {2: held, 5: shown}


def test_the_fold_is_for_comparing_only() -> None:
    assert folded("Ｂｏｔ\u3000２") == folded("B\u043et 2") == folded("bot2") == "bot2"
    assert folded("\u0408udge") == "judge"


def test_a_freed_name_may_be_taken_again_and_a_seat_keeps_its_own() -> None:
    seats = SeatRegistry(9)
    seats.join(2, "Bot 2")
    seats.free(2)
    seats.join(5, "ＢＯＴ２")
    assert seats.names() == {5: "BOT2"}


@pytest.mark.parametrize("locale", ["zh-CN", "en"])
def test_a_taken_name_is_refused_through_the_server_in_the_players_language(locale: Locale) -> None:
    async def scenario() -> None:
        game = classic_game()
        async with served(game) as (server, table):
            first = await (await Phone(ws_url(server), game).open()).join(2, "Bot 2")
            second = await Phone(ws_url(server), game).open()
            await second.send({"type": "hello", "locale": locale})
            answer = await second.answer({"type": "join", "seat": 5, "name": "Ｂоｔ　２", "locale": locale})
            assert answer["type"] == "error" and answer["code"] == "name_taken", answer
            assert answer["message"] == text(locale, "errors.name_taken")
            assert table.registry.names() == {2: "Bot 2"}
            answer = await second.answer({"type": "join", "seat": 5, "name": " Bot 5 ", "locale": locale})
            assert answer["type"] == "joined" and answer["name"] == "Bot 5", answer
            await close_all([first, second])

    asyncio.run(scenario())


def test_the_taken_name_refusal_reads_in_chinese_and_english() -> None:
    assert text("zh-CN", "errors.name_taken") == "已经有人用了这个名字（或看起来一样的名字），请换一个名字。"
    assert text("en", "errors.name_taken").startswith("Another seat already has that name")
