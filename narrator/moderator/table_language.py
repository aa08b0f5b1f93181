"""The table's language and voice as the host's phone changes them before the deal: the setup
dealt and kept (on disk first), then everything of the box that speaks, listens or shows
follows — the judge's voice, the host's PIN read aloud, the keypad's lines, the listener.

Rule 1: the listener is made anew in the new language in a thread of its own (a speech model
        takes seconds to load): the old one is closed first (it holds the microphone), and a
        language with no model on this box turns listening off, said as any lost listening
        is; the buttons and phones work all along.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from narrator.moderator.table_choice import TableChoice
from narrator.moderator.table_voice import TableVoice
from narrator.phones.catalogue import Locale
from narrator.recorded import RecordedGame

if TYPE_CHECKING:
    from narrator.listen.listener import Listener
    from narrator.moderator.host_pin import HostPin
    from narrator.phones.keypad import Keypad


class Desk(Protocol):
    """What holds the box's keypad (`narrator.moderator.desk.KeypadDesk`)."""

    @property
    def keypad(self) -> Keypad: ...


class Controls(Protocol):
    """The box's controls that speak a language (`narrator.moderator.wiring.Parts`)."""

    listener: Listener | None

    @property
    def desk(self) -> Desk | None: ...


class TableLanguage:
    """`(locale, voice)` → the game dealt in it (`Evening.relocale`), the box's controls in
    `parts` following; `listen(locale)` makes the listener for a language (Rule 1)."""

    def __init__(
        self,
        choice: TableChoice,
        voice: TableVoice,
        host_pin: HostPin,
        parts: Controls,
        listen: Callable[[str], Listener],
    ) -> None:
        self.choice, self.voice, self.host_pin, self.parts = choice, voice, host_pin, parts
        self._listen = listen
        self._relistening = threading.Lock()
        self.relistened: threading.Thread | None = None  # the last listener made anew (Rule 1)

    def __call__(self, locale: Locale, voice: str) -> RecordedGame:
        dealt = self.choice.language(locale, voice)  # on disk first
        self.voice.relocale(locale, voice)
        self.host_pin.locale = locale  # the PIN read in it too
        if self.parts.desk is not None:
            self.parts.desk.keypad.locale = locale
        if self.parts.listener is not None:
            relisten = threading.Thread(target=self._relisten, args=(locale,), name="relisten", daemon=True)
            self.relistened = relisten
            relisten.start()
        return dealt

    def _relisten(self, locale: str) -> None:
        with self._relistening:
            old = self.parts.listener
            if old is None:
                return
            old.close()
            self.voice.forget(old.judge_speaking)
            self.parts.listener = self._listen(locale)
