"""The host's PIN at the box (shown, or said once), the host's acts said aloud, and the join
address said aloud: the words are the catalogue's `[box]` table."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from typing import Protocol

from narrator.phones.seats import SeatRegistry
from narrator.voice.catalogue import Catalogue, load_catalogue
from narrator.voice.numbers import digit_by_digit

HOST_HINT = (
    "Host / 主持人: type h and Enter to see the host PIN, hs to hear it once; on the host's phone "
    "press “我是主持人” and enter it. / 输入 h 回车显示主持人PIN，hs 回车念一遍。"
)
HOST_HINT_HEADLESS = (
    "Host / 主持人: the judge says the host PIN once after the join address. / "
    "法官念完加入地址后念一遍主持人PIN。"
)


class SpeakingVoice(Protocol):
    """What the host's PIN needs of the judge's voice (`narrator.voice.Speaker` is one)."""

    def say(self, key: str, /, *, wait: bool = True, **params: object) -> object: ...

    def say_text(self, text: str, /, *, wait: bool = True, label: str = "say") -> object: ...


class HostPin:
    """The host's PIN on request (`key`: h shows it on the box's terminal, hs says it once)
    and the host's acts said aloud (`announce`, for `PhoneServer.on_host_act`). Runs the
    registry's calls on the server's loop, as the terminal reads in a thread of its own."""

    def __init__(
        self, seats: SeatRegistry, voice: SpeakingVoice, locale: str, loop: asyncio.AbstractEventLoop
    ) -> None:
        self.seats, self.voice, self.locale, self.loop = seats, voice, locale, loop
        self._saying: set[asyncio.Task[None]] = set()

    def key(self, word: str) -> None:
        """A host key typed on the box's terminal (from the terminal's thread)."""
        if word == "h":
            self.loop.call_soon_threadsafe(self.show)
        else:
            asyncio.run_coroutine_threadsafe(self.say(), self.loop)

    def show(self) -> None:
        """The PIN on the box's screen; a new one when some address gave too many wrong PINs
        (the old one may have been half guessed, and that address may try again)."""
        if self.seats.barred():
            print("主持人PIN已更换（有人输错太多次）/ a new host PIN (too many wrong tries)", flush=True)
            self.seats.new_pin()
        print(f"Host PIN / 主持人PIN: {self.seats.host_pin()}", flush=True)

    async def say(self) -> None:
        """Say the PIN once, digit by digit."""
        await self._speak(lambda: self.voice.say_text(pin_words(self.locale, self.seats.host_pin())))

    def announce(self, key: str, params: dict[str, object]) -> None:
        """Say a host's act aloud ("host_claimed", "host_freed"): the catalogue's `host.*`,
        then the catalogue lines `params["then"]` names, in order (the table's rules)."""
        line = key.removeprefix("host_")
        then = params.get("then", ())
        placeholders = {name: value for name, value in params.items() if name != "then"}

        def speak() -> None:
            self.voice.say(f"host.{line}", wait=False, **placeholders)
            for key in then if isinstance(then, (list, tuple)) else ():
                self.voice.say(str(key), wait=False)

        task = self.loop.create_task(self._speak(speak))
        self._saying.add(task)
        task.add_done_callback(self._saying.discard)

    async def _speak(self, speak: Callable[[], object]) -> None:
        try:
            await asyncio.to_thread(speak)
        except Exception as error:  # noqa: BLE001 - the phones were told; the game goes on
            print(f"narrator: could not say it: {error}", file=sys.stderr, flush=True)


def pin_words(locale: str, pin: str) -> str:
    """The host's PIN as it is read aloud, digit by digit."""
    catalogue = load_catalogue(locale)
    box = catalogue.box
    return box["pin"].format(pin=box["pin_separator"].join(_digits(catalogue, pin)))


def join_words(locale: str, url: str) -> list[str]:
    """The join address as a person reads it aloud: digit by digit, the dots said."""
    catalogue = load_catalogue(locale)
    box, between = catalogue.box, catalogue.box["digit_separator"]
    host, _, port = url.split("//", 1)[-1].rstrip("/").partition(":")
    spoken = box["dot"].join(between.join(_digits(catalogue, part)) for part in host.split("."))
    said = box["join_address"].format(address=spoken, port=between.join(_digits(catalogue, port or "80")))
    return [box["join_wifi"], said, box["join_seat"]]


def _digits(catalogue: Catalogue, text: str) -> list[str]:
    """The characters of `text`, each digit as the locale reads one alone."""
    chinese = catalogue.words.numbers.startswith("chinese")
    return [digit_by_digit(c) if chinese else c for c in text]
