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

            assert await asyncio.to_thread(_language, server.port, {"language": "en"}) == (
                200,
                {"language": "en", "voice": "espeak"},
            )
            assert heard == [("host_language", {})]  # the judge says it (in his new voice: below)
            assert table.locale == "en"
            assert table.public.message()["line"] == "The judge now speaks English."  # the public screen
            assert table.public.message()["locale"] == "en"
            assert (await ann.expect("welcome"))["locale"] == "zh-CN"  # each phone keeps its own
            told = await ann.expect("notice", where=lambda m: m["key"] == "table_language")
            assert told["text"] == "主持人把法官的语言改成了English，声音改成了标准。你的手机仍用自己的语言。"
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
        ({"language": "fr"}, HOST, (400, {"error": "malformed"})),
        ({"language": "en", "voice": "x"}, HOST, (400, {"error": "malformed"})),
        ({"locale": "en"}, HOST, (400, {"error": "malformed"})),  # the answer's language alone
        ({"language": "en"}, None, (403, {"error": "host_only"})),
        ({"language": "en"}, "a-guess", (403, {"error": "host_only"})),
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


def test_the_judges_language_is_late_once_the_deal_began_said_in_the_hosts_own_language(
    tmp_path: Path,
) -> None:
    store, config, game = _lobby(tmp_path)

    async def scenario() -> None:
        async with served(game, auto_narrate=False, host_token=HOST) as (server, table):
            _wire(table, store, config, game.game_id, 9)
            table.narrating = "guard"
            # refused in the host page's language, not in the language he asked for
            late = await asyncio.to_thread(_language, server.port, {"language": "en", "locale": "zh-CN"})
            assert late == (409, {"error": "table_late", "message": "已经发牌了，不能再改规则。"})
            late = await asyncio.to_thread(_language, server.port, {"language": "zh-TW", "locale": "en"})
            assert late[1]["message"] == "The cards are dealt: the rules can no longer change."
            assert table.locale == "zh-CN"

    asyncio.run(scenario())


def test_the_judges_voice_says_the_next_line_in_the_new_language(capsys: pytest.CaptureFixture[str]) -> None:
    heard: list[bool] = []
    voice = TableVoice(PrintedVoice("zh-CN"), "zh-CN", lambda locale, _engine: PrintedVoice(locale))
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

    def make(locale: str, engine: str) -> Speaker:
        options = SpeakerOptions(
            locale=locale,
            play=False,
            out_dir=tmp_path / locale,
            pace=False,
            cache_dir=tmp_path / "cache",
            engine=engine,
        )
        return Speaker(options)

    voice = TableVoice(make("zh-CN", "espeak"), "zh-CN", make)
    voice.say("host.language")
    voice.relocale("en")
    voice.say("host.language")
    voice.close()
    for locale in ("zh-CN", "en"):
        (clip,) = (tmp_path / locale).rglob("*host.language.wav")
        assert clip.stat().st_size > 1000


def test_the_host_picks_the_judges_voice_where_the_box_has_it_and_it_speaks_the_language(
    tmp_path: Path,
) -> None:
    store, config, game = _lobby(tmp_path)

    async def scenario() -> None:
        async with served(game, auto_narrate=False, host_token=HOST) as (server, table):
            _wire(table, store, config, game.game_id, 9)
            ann = await (await Phone(ws_url(server)).open()).join(1)
            offered = ann.last("welcome")["table"]["language"]
            assert (offered["voice"], [v["value"] for v in offered["voices"]]) == ("espeak", ["espeak"])
            late = await asyncio.to_thread(_language, server.port, {"language": "zh-CN", "voice": "neural"})
            assert late == (409, {"error": "voice_missing", "message": "这台盒子没有装自然语音。"})

            table.evening.voices = {"espeak": ("zh-CN", "zh-TW", "en"), "neural": ("zh-CN", "zh-TW")}
            english = {"language": "en", "voice": "neural", "locale": "en"}  # the host page's language
            assert await asyncio.to_thread(_language, server.port, english) == (
                409,
                {
                    "error": "voice_language",
                    "message": "The natural voice speaks Chinese only: pick the standard voice.",
                },
            )
            assert table.locale == "zh-CN" and "voice" not in store.remembered()  # nothing changed
            taiwan = {"language": "zh-TW", "voice": "neural"}
            assert await asyncio.to_thread(_language, server.port, taiwan) == (
                200,
                {"language": "zh-TW", "voice": "neural"},
            )
            told = await ann.expect("notice", where=lambda m: m["key"] == "table_language")
            assert (
                told["text"]
                == "主持人把法官的语言改成了國語（繁體），声音改成了自然（仅中文）。你的手机仍用自己的语言。"
            )
            offered = ann.last("welcome")["table"]["language"]  # welcomed again, before the notice
            assert offered["voice"] == "neural" and offered["voices"][1] == {
                "value": "neural",
                "label": "自然（仅中文）",
                "languages": ["zh-CN", "zh-TW"],
            }
            assert store.remembered()["voice"] == "neural"  # kept for the next start
            assert load_config(None, kept=store.remembered()).voice == "neural"
            # the language alone: the voice he has
            assert await asyncio.to_thread(_language, server.port, {"language": "zh-CN"}) == (
                200,
                {"language": "zh-CN", "voice": "neural"},
            )
            await ann.close()

    asyncio.run(scenario())


def test_the_judges_voice_is_made_anew_with_the_voice_picked(tmp_path: Path) -> None:
    """The box's voice as the session makes it (`wiring.open_voice`): a change of voice makes
    the speaker anew with that voice (a box without the neural one's packages says so once and
    speaks with espeak-ng: the line is spoken all the same)."""
    from narrator.moderator.config import PlayConfig
    from narrator.moderator.options import Options
    from narrator.moderator.wiring import open_voice
    from narrator.voice.neural_setup import missing_packages

    config = PlayConfig(seed=4, voice="espeak")
    options = Options(silent=True, fast=True, out=tmp_path / "out")
    voice = asyncio.run(open_voice(config, options, 9))
    try:
        assert voice.voice.engine.name == "espeak"  # type: ignore[attr-defined]
        voice.relocale("zh-CN", "neural")
        voice.say("host.language")
        made = voice.voice
        assert made.options.engine == "neural"  # type: ignore[attr-defined]
        spoken = "espeak" if missing_packages() else "neural"  # the line spoken by the voice picked
        assert made.engine.name == spoken  # type: ignore[attr-defined]
    finally:
        voice.close()
