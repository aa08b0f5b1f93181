"""The box's own keys: the host's keyboard at the terminal, and the numeric keypad."""

from __future__ import annotations

import contextlib
import sys
import threading
from collections.abc import Callable
from typing import Protocol

from narrator.inbox import CommandWord, Source
from narrator.phones.keypad import Keypad, TerminalScreen
from narrator.phones.keys import evdev_keys, terminal_keys

TYPED: dict[str, CommandWord] = {
    "p": CommandWord.PAUSE,
    "pause": CommandWord.PAUSE,
    "c": CommandWord.RESUME,
    "resume": CommandWord.RESUME,
    "r": CommandWord.REPEAT,
    "repeat": CommandWord.REPEAT,
    "n": CommandWord.PASS,
    "pass": CommandWord.PASS,
    "过": CommandWord.PASS,
    "v": CommandWord.START_VOTE,
    "vote": CommandWord.START_VOTE,
    "u": CommandWord.UNDO,
    "undo": CommandWord.UNDO,
    "q": CommandWord.END,
    "end": CommandWord.END,
    "a": CommandWord.AGAIN,
    "again": CommandWord.AGAIN,
    "再来一局": CommandWord.AGAIN,
    "s": CommandWord.READY,
    "start": CommandWord.READY,
    "ready": CommandWord.READY,
}


HOST_KEYS = ("h", "hs")  # show the host's PIN on the box's screen; say it aloud once


class Commands(Protocol):
    """Where the terminal's command words go (an `Inbox`, or the `Terminal`'s evening now)."""

    def command(self, word: CommandWord, source: Source) -> None: ...


class Terminal:
    """The box's terminal, read by one thread for the whole process: a box that stays up
    (`narrator play --stay`) serves evening after evening, and the keys typed go to the
    evening served now (`serve`: its inbox and its host's PIN), never to one that is over
    (a second reader of the same terminal would take every other line)."""

    def __init__(self) -> None:
        self._inbox: Commands | None = None
        self._on_host_key: Callable[[str], None] = lambda word: None
        self._reader: threading.Thread | None = None

    def serve(self, inbox: Commands, on_host_key: Callable[[str], None]) -> None:
        """The keys go to `inbox` and `on_host_key` from now on; the reader starts once."""
        self._inbox, self._on_host_key = inbox, on_host_key
        if self._reader is None:
            self._reader = threading.Thread(
                target=read_terminal, args=(self, self._host_key), name="terminal", daemon=True
            )
            self._reader.start()

    def command(self, word: CommandWord, source: Source) -> None:
        if self._inbox is not None:
            self._inbox.command(word, source)

    def _host_key(self, word: str) -> None:
        with contextlib.suppress(RuntimeError):  # typed between two evenings: the last one's loop is closed
            self._on_host_key(word)


TERMINAL = Terminal()  # the process has one terminal


def read_terminal(inbox: Commands, on_host_key: Callable[[str], None]) -> None:
    """The host's keyboard, read in a thread of its own and posted to the moderator's inbox:
    s start (everyone has seen their card), p pause, c continue, r repeat, n next speaker,
    v start the vote, u undo the last decision, q end the game (at the end: the evening), a one
    more game (再来一局, at the end); h shows the host's PIN, hs says it (`on_host_key` gets the
    word)."""
    try:
        for line in sys.stdin:
            word = line.strip().lower()
            if word in TYPED:
                inbox.command(TYPED[word], "terminal")
            elif word in HOST_KEYS:
                on_host_key(word)
    except (OSError, ValueError) as error:  # the terminal went away (a hang-up, a closed stdin)
        print(
            f"narrator: the box's terminal went away ({error}); the game goes on with the phones",
            file=sys.stderr,
            flush=True,
        )


def keypad(device: str, locale: str) -> Keypad:
    """The keypad: the terminal ("-") or a USB numeric keypad's input device."""
    keys = terminal_keys(sys.stdin) if device == "-" else evdev_keys(device)
    return Keypad(keys, TerminalScreen(sys.stdout), locale)  # type: ignore[arg-type]
