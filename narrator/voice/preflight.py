"""What the box lacks before a game starts, said in one line; without a voice the judge prints.

`narrator play`, `demo` and `resume` ask `missing_voice()` first. The voice is espeak-ng's
library, loaded by pyttsx3 (in the voice worker); a box set up with pip alone has pyttsx3 but
not the library, and pyttsx3 then fails with a traceback at the first line. Instead the judge
says what is missing and how to get it, and plays on with `PrintedVoice`: every line printed
with the time, as the speaker's transcript prints it.
"""

from __future__ import annotations

import ctypes
import sys
from collections.abc import Callable
from datetime import datetime

from narrator.voice.catalogue import load_catalogue

# The libraries pyttsx3's espeak driver tries on Linux, in its order.
ESPEAK_LIBRARIES = ("libespeak-ng.so.1", "/usr/local/lib/libespeak-ng.so.1", "libespeak.so.1")


def missing_voice() -> str | None:
    """One line saying what the judge's voice lacks here and how to get it; None when the
    espeak-ng library loads (or on a system other than Linux, where it is not checked)."""
    if not sys.platform.startswith("linux"):
        return None
    for name in ESPEAK_LIBRARIES:
        try:
            ctypes.CDLL(name)
        except OSError:
            continue
        return None
    return (
        "the judge's voice needs espeak-ng, which is not installed here (no libespeak-ng.so.1): "
        "install it with `sudo apt-get install espeak-ng` (scripts/install.sh does); "
        "until then every line is printed instead of said"
    )


class PrintedVoice:
    """The judge's voice on a box that cannot speak: each line printed with the time
    (`[21:03:15] 天黑请闭眼。`), at once; the moderator's timers keep the game's pace."""

    def __init__(self, locale: str) -> None:
        self.catalogue = load_catalogue(locale)

    def say(self, key: str, /, *, wait: bool = True, **params: object) -> None:
        self.say_text(self.catalogue.text(key, **params))

    def say_text(self, text: str, /, *, wait: bool = True, label: str = "say") -> None:
        print(f"[{datetime.now():%H:%M:%S}] {text}", flush=True)

    def night(self, on: bool) -> None:
        """No ambience to play."""

    def on_speaking(self, listener: Callable[[bool], None]) -> None:
        """It never speaks, so the listener is never told it does."""

    def close(self) -> None:
        """Nothing to release."""
