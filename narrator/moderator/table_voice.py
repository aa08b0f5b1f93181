"""The judge's voice in the table's language: the box's voice, made anew in another language when
the host's phone changes it before the deal (`relocale`), for everyone who holds it (the
moderator, the host's acts said aloud, the satellite's notices).

Rule 1: the new voice (in another language, or another voice: espeak-ng or the neural one) is
        made in a thread of its own; a line said meanwhile waits for it, so
        the first line after the change is said in the new language.
Rule 2: the old voice is closed first (it holds the output device the new one opens); a
        voice that cannot be made in the new language (no voice for it on this box) is made
        again in the old one, and one line on stderr says so.
Rule 3: whoever listens to the voice speaking (the listener's echo guard) listens to the new
        one too.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import Protocol


class SwappedVoice(Protocol):
    """The box's voice as `TableVoice` holds it (`narrator.moderator.wiring.BoxVoice`)."""

    def say(self, key: str, /, *, wait: bool = True, **params: object) -> object: ...

    def say_text(self, text: str, /, *, wait: bool = True, label: str = "say") -> object: ...

    def night(self, on: bool) -> None: ...

    def on_speaking(self, listener: Callable[[bool], None]) -> None: ...

    def close(self) -> None: ...


class TableVoice:
    """The voice `voice`, in `locale`, spoken by the voice `engine`, which `make(locale, engine)`
    makes anew in another language or with another voice (Rules 1–3)."""

    def __init__(
        self,
        voice: SwappedVoice,
        locale: str,
        make: Callable[[str, str], SwappedVoice],
        engine: str = "espeak",
    ) -> None:
        self._voice, self._locale, self._make, self._engine = voice, locale, make, engine
        self._ready = threading.Event()
        self._ready.set()
        self._swapping = threading.Lock()
        self._listeners: list[Callable[[bool], None]] = []

    def relocale(self, locale: str, engine: str | None = None) -> None:
        """Make the voice anew in `locale`, with the voice `engine` (None: the one it has)
        (Rule 1); returns at once."""
        self._ready.clear()
        args = (locale, engine or self._engine)
        threading.Thread(target=self._swap, args=args, name="voice-locale", daemon=True).start()

    def _swap(self, locale: str, engine: str) -> None:
        with self._swapping:
            self._voice.close()
            try:
                made, self._locale, self._engine = self._make(locale, engine), locale, engine
            except Exception as error:  # noqa: BLE001 - Rule 2: the old language again
                print(f"narrator: no voice in {locale}: {error}; the judge keeps his voice", file=sys.stderr)
                made = self._make(self._locale, self._engine)
            self._voice = made
            for listener in self._listeners:
                made.on_speaking(listener)
            self._ready.set()

    @property
    def voice(self) -> SwappedVoice:
        """The voice now, once a change of language is made (Rule 1)."""
        self._ready.wait()
        return self._voice

    def say(self, key: str, /, *, wait: bool = True, **params: object) -> object:
        return self.voice.say(key, wait=wait, **params)

    def say_text(self, text: str, /, *, wait: bool = True, label: str = "say") -> object:
        return self.voice.say_text(text, wait=wait, label=label)

    def night(self, on: bool) -> None:
        self.voice.night(on)

    def on_speaking(self, listener: Callable[[bool], None]) -> None:
        self._listeners.append(listener)
        self.voice.on_speaking(listener)

    def forget(self, listener: Callable[[bool], None]) -> None:
        """`listener` no longer listens to the voices made anew (a listener closed, Rule 3; one
        that never listened is forgotten too)."""
        self._listeners = [held for held in self._listeners if held != listener]

    def close(self) -> None:
        self.voice.close()
