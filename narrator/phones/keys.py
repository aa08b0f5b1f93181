"""The keys a keypad sends: a USB numeric keypad's Linux input events or lines typed at the
terminal, as key symbols ("0"–"9", Enter, Backspace, "*"), and the entries they make (a number
keyed before Enter, starred or not). What the entries mean is the keypad's (`keypad.py`)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TextIO

# Linux input event codes (linux/input-event-codes.h) of the keys the keypad reads.
EV_KEY = 1
KEY_DOWN = 1
KEY_SYMBOLS: dict[int, str] = {
    2: "1",
    3: "2",
    4: "3",
    5: "4",
    6: "5",
    7: "6",
    8: "7",
    9: "8",
    10: "9",
    11: "0",
    79: "1",
    80: "2",
    81: "3",
    75: "4",
    76: "5",
    77: "6",
    71: "7",
    72: "8",
    73: "9",
    82: "0",
    28: "\n",
    96: "\n",
    14: "\b",
    55: "*",
}


@dataclass(frozen=True, slots=True)
class Entry:
    """What was keyed before Enter: a number (None: Enter alone), starred or not."""

    number: int | None
    star: bool = False


class KeyEntry:
    """Turns key symbols ("0"–"9", "\\n", "\\b", "*") into entries; other keys are ignored."""

    def __init__(self) -> None:
        self._digits = ""
        self._star = False

    def feed(self, symbol: str) -> Entry | None:
        if symbol.isdigit():
            self._digits = (self._digits + symbol)[-3:]
        elif symbol == "\b":
            self._digits = self._digits[:-1]
        elif symbol == "*":
            self._star = True
        elif symbol == "\n":
            entry = Entry(int(self._digits) if self._digits else None, self._star)
            self._digits, self._star = "", False
            return entry
        return None


def symbols_of_events(events: Iterable[tuple[int, int, int]]) -> Iterator[str]:
    """Key symbols from input events (type, code, value): key presses only, known keys only."""
    for kind, code, value in events:
        if kind == EV_KEY and value == KEY_DOWN and code in KEY_SYMBOLS:
            yield KEY_SYMBOLS[code]


def terminal_keys(stream: TextIO) -> Iterator[str]:
    """Key symbols from lines typed on a terminal (each line ends with Enter)."""
    for line in stream:
        yield from line.rstrip("\r\n")
        yield "\n"


def evdev_keys(path: str, grab: bool = True) -> Iterator[str]:
    """Key symbols from the Linux input device at `path` (needs the optional `evdev`)."""
    try:
        import evdev
    except ImportError as error:
        raise RuntimeError(
            "reading a USB keypad needs the evdev package: pip install 'werewolf-narrator[keypad]'"
        ) from error
    device = evdev.InputDevice(path)
    if grab:
        device.grab()
    try:
        events = ((e.type, e.code, e.value) for e in device.read_loop())
        yield from symbols_of_events(events)
    finally:
        device.close()
