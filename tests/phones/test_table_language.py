"""The judge's language is the table's (`POST /host/language`, before the deal): the host's
phone changes the judge's voice and the public screen, not only its own page; every phone is
told in its own language (each keeps its own), the judge says it in the new language, and the
box keeps it with the setup for its next start."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from narrator.moderator.config import load_config
from narrator.moderator.table_voice import TableVoice
from narrator.voice.preflight import PrintedVoice
from tests.phones.harness import Phone, served, ws_url
from tests.phones.test_speech import post
from tests.phones.test_table_seats import HOST, _lobby, _wire


def _language(port: int, body: object, token: str | None = HOST) -> tuple[int, dict[str, object]]:
    return post(port, "/host/language", json.dumps(body).encode(), token)


def test_the_hosts_language_is_the_judges_and_the_public_screens_and_each_phone_keeps_its_own(
    tmp_path: Path,
) -> None:
    store, config, game = _lobby(tmp_path)

    async def scenario() -> None:
        async with served(game, auto_narrate=False, host_token=HOST) as (server, table):
            _wire(table, store, config, game.game_id, 9)
            heard: list[tuple[str, dict[str, object]]] = []
            server.on_host_act = lambda key, params: heard.append((key, params))
            ann = await (await Phone(ws_url(server)).open()).join(1)
            bo = await (await Phone(ws_url(server)).open()).join(2, locale="en")
            offered = ann.last("welcome")["table"]["language"]
            assert offered["value"] == "zh-CN" and [o["value"] for o in offered["options"]] == [
                "zh-CN",
                "zh-TW",
                "en",
            ]

            assert await asyncio.to_thread(_language, server.port, {"locale": "en"}) == (
                200,
                {"locale": "en"},
            )
            assert heard == [("host_language", {})]  # the judge says it (in his new voice: below)
            assert table.locale == "en"
            assert table.public.message()["line"] == "The judge now speaks English."  # the public screen
            assert table.public.message()["locale"] == "en"
            assert (await ann.expect("welcome"))["locale"] == "zh-CN"  # each phone keeps its own
            told = await ann.expect("notice", where=lambda m: m["key"] == "table_language")
            assert told["text"] == "主持人把法官的语言改成了English（你的手机仍用自己的语言）。"
            told = await bo.expect("notice", where=lambda m: m["key"] == "table_language")
            assert told["text"].startswith("The host set the judge's language to English")
            assert store.remembered()["locale"] == "en"  # kept with the setup, on disk
            assert load_config(None, kept=store.remembered()).locale == "en"  # the next start's
            assert (
                load_config(None, kept=store.remembered(), locale="zh-TW").locale == "zh-TW"
            )  # an option wins
            for phone in (ann, bo):
                await phone.close()

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("body", "token", "answer"),
    [
        ({"locale": "fr"}, HOST, (400, {"error": "malformed"})),
        ({"locale": "en", "voice": "x"}, HOST, (400, {"error": "malformed"})),
        ({"locale": "en"}, None, (403, {"error": "host_only"})),
        ({"locale": "en"}, "a-guess", (403, {"error": "host_only"})),
    ],
)
def test_only_the_host_changes_the_judges_language(
    tmp_path: Path, body: dict[str, object], token: str | None, answer: tuple[int, dict[str, object]]
) -> None:
    store, config, game = _lobby(tmp_path)

    async def scenario() -> None:
        async with served(game, auto_narrate=False, host_token=HOST) as (server, table):
            _wire(table, store, config, game.game_id, 9)
            assert await asyncio.to_thread(_language, server.port, body, token) == answer
            assert table.locale == "zh-CN" and store.remembered() == {}

    asyncio.run(scenario())


def test_the_judges_language_is_late_once_the_deal_began(tmp_path: Path) -> None:
    store, config, game = _lobby(tmp_path)

    async def scenario() -> None:
        async with served(game, auto_narrate=False, host_token=HOST) as (server, table):
            _wire(table, store, config, game.game_id, 9)
            table.narrating = "guard"
            status, answer = await asyncio.to_thread(_language, server.port, {"locale": "en"})
            assert (status, answer["error"]) == (409, "table_late")
            assert table.locale == "zh-CN"

    asyncio.run(scenario())


def test_the_judges_voice_says_the_next_line_in_the_new_language(capsys: pytest.CaptureFixture[str]) -> None:
    heard: list[bool] = []
    voice = TableVoice(PrintedVoice("zh-CN"), "zh-CN", PrintedVoice)
    voice.on_speaking(heard.append)
    voice.say("host.language")
    voice.relocale("en")
    voice.say("host.language")  # waits for the voice made anew
    voice.relocale("xx")  # no such voice: the judge keeps his
    voice.say("host.language")
    out = capsys.readouterr()
    assert [line.split("] ", 1)[1] for line in out.out.splitlines()] == [
        "法官现在说普通话。",
        "The judge now speaks English.",
        "The judge now speaks English.",
    ]
    assert "no voice in xx" in out.err


def test_the_real_voice_renders_the_next_line_in_the_new_language(tmp_path: Path) -> None:
    """espeak-ng, silent: each line's clip is written in the folder of the language it was
    rendered in (the catalogue's and the voice's)."""
    from narrator.voice.speaker import Speaker, SpeakerOptions

    def make(locale: str) -> Speaker:
        options = SpeakerOptions(
            locale=locale, play=False, out_dir=tmp_path / locale, pace=False, cache_dir=tmp_path / "cache"
        )
        return Speaker(options)

    voice = TableVoice(make("zh-CN"), "zh-CN", make)
    voice.say("host.language")
    voice.relocale("en")
    voice.say("host.language")
    voice.close()
    for locale in ("zh-CN", "en"):
        (clip,) = (tmp_path / locale).rglob("*host.language.wav")
        assert clip.stat().st_size > 1000
