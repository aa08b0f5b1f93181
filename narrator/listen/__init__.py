"""Offline listening for the table's spoken public commands (Vosk), with buttons as the twin.

The moderator uses `Listener.for_locale(...)`. Names are imported on first use, so that
`narrator --help` does not load numpy, Vosk or sounddevice.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "Command": "narrator.listen.phrasebook",
    "Decision": "narrator.listen.spotter",
    "Listener": "narrator.listen.listener",
    "ListeningStatus": "narrator.listen.listener",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(_EXPORTS[name]), name)
