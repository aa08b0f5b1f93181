"""The speaker's voices: one worker process per voice (`narrator.voice.worker`), started on
first use, and the voice a table chose — espeak-ng instead, said once, where the neural one
cannot speak."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from narrator.voice.speech import LineRenderer, SpeechError
from narrator.voice.worker import VoiceWorker

L = TypeVar("L", bound=str)  # a language's code
ENGINES = ("espeak", "neural")
"""The voices a table can choose."""
NEURAL_LOCALES = ("zh-CN", "zh-TW")
"""The locales the neural voice speaks."""


def spoken(locales: tuple[L, ...]) -> dict[str, tuple[L, ...]]:
    """The voices this box can speak with (the neural one when its packages are installed),
    each with the languages of `locales` it speaks."""
    from narrator.voice.neural_setup import missing_packages

    voices = {"espeak": locales}
    if not missing_packages():
        voices["neural"] = tuple(locale for locale in locales if locale in NEURAL_LOCALES)
    return voices


class Voices:
    """The worker of each voice the speaker used. `patient`: wait for a voice however slow the
    machine is (no deadlines); `tell_once(message)` says a notice once (on stderr)."""

    def __init__(self, *, patient: bool, tell_once: Callable[[str], None]) -> None:
        self.patient = patient
        self.workers: dict[str, VoiceWorker] = {}
        self._tell_once = tell_once

    def worker(self, engine: str) -> VoiceWorker:
        """The worker for voice `engine`, started on first use."""
        worker = self.workers.get(engine)
        if worker is None:
            scale = None if self.patient else 1.0
            worker = self.workers[engine] = VoiceWorker(engine, deadline_scale=scale)
        return worker

    def chosen(self, wanted: str, locale: str) -> LineRenderer:
        """The voice `wanted` for `locale`; espeak-ng (said once) when the neural one cannot
        speak here."""
        if wanted not in ENGINES:
            raise ValueError(f"unknown voice engine {wanted!r} (known: {', '.join(ENGINES)})")
        if wanted == "espeak":
            return self.worker("espeak")
        if locale not in NEURAL_LOCALES:
            self._tell_once(f"the neural voice speaks Mandarin only: {locale} lines are spoken by espeak-ng")
            return self.worker("espeak")
        from narrator.voice.neural_setup import NeuralUnavailable, missing_packages, unavailable_reason

        try:
            if missing_packages():
                raise NeuralUnavailable(unavailable_reason())
            return self.worker("neural")
        except NeuralUnavailable as error:
            self._tell_once(f"{error}; speaking with espeak-ng")
        except SpeechError as error:  # installed, but it cannot start here (LiteRT crashed)
            reason = f"the neural voice cannot start on this machine ({error})"
            self._tell_once(f"{reason}; speaking with espeak-ng")
        return self.worker("espeak")

    def close(self) -> None:
        """Stop every worker."""
        for worker in self.workers.values():
            worker.close()
        self.workers.clear()
