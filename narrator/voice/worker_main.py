"""A voice worker's own side (`python -m narrator.voice.worker_main ENGINE`): start the voice,
say what it is, then render each requested line to the WAV file the judge names, one JSON reply
per request on stdout (`narrator.voice.worker`'s rules 1–3: the judge's side is there).
"""

from __future__ import annotations

import faulthandler
import json
import os
import signal
import sys
from pathlib import Path
from typing import IO, Any

from narrator.voice.catalogue import VoiceSettings
from narrator.voice.speech import SpeechError, UnknownVoice, spoken_text


def _serve(engine_name: str, replies: IO[str]) -> None:
    """Start the voice, say so, then answer requests from stdin until it closes."""

    def reply(**fields: object) -> None:
        replies.write(json.dumps(fields, ensure_ascii=False) + "\n")
        replies.flush()

    try:
        engine, voices = _open(engine_name)
    except Exception as error:  # noqa: BLE001 - said to the judge, which decides
        from narrator.voice.neural_setup import NeuralUnavailable

        kind = "unavailable" if isinstance(error, NeuralUnavailable) else "refused"
        reply(ok=False, kind=kind, message=str(error))
        return
    reply(ok=True, name=engine.name, samplerate=engine.samplerate, identity=engine.identity, voices=voices)
    for line in sys.stdin:
        request = json.loads(line)
        try:
            said = _answer(engine, request)
        except Exception as error:  # noqa: BLE001 - every failure is one reply
            reply(ok=False, kind=_kind(error), message=str(error))
        else:
            reply(ok=True, silent=not said)


def _open(engine_name: str) -> tuple[Any, list[str]]:
    if engine_name == "neural":
        from narrator.voice.neural import NeuralEngine

        return NeuralEngine(), []
    from narrator.voice.speech import SpeechEngine

    espeak = SpeechEngine()
    return espeak, espeak.voices()


def _answer(engine: Any, request: dict[str, Any]) -> bool:
    """Write the request's line to its path; False when there is nothing to say (no file)."""
    path = Path(request["path"])
    if request["op"] == "synthesise":
        from narrator.voice.clips import write_wav

        write_wav(engine.synthesise(request["text"], ending=bool(request["ending"])), path)
        return True
    if engine.name == "neural":  # one voice; numpy is loaded anyway
        engine.render_clip(request["text"], None, path)
        return True
    settings = VoiceSettings(**request["voice"])
    if not spoken_text(request["text"], settings):
        return False
    engine.render(request["text"], settings, path)  # no numpy in the espeak-ng worker
    return True


def _kind(error: Exception) -> str:
    """How the judge should take a failure (rule 3): "lost" is worth a fresh worker."""
    from narrator.voice.neural_text import Unreadable

    if isinstance(error, UnknownVoice):
        return "unknown_voice"
    if isinstance(error, Unreadable):
        return "unreadable"
    if isinstance(error, SpeechError):
        return "lost"
    return "refused"


def main() -> None:
    """`python -m narrator.voice.worker_main ENGINE`: serve one voice on stdin/stdout."""
    faulthandler.enable()
    replies = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        _serve(sys.argv[1], replies)
    except BrokenPipeError:  # the judge went away (Ctrl-C, a crash) mid-reply: nobody to tell
        # Python's own advice: point the pipe at /dev/null, so the flush at exit is quiet too.
        os.dup2(os.open(os.devnull, os.O_WRONLY), replies.fileno())


if __name__ == "__main__":
    main()
