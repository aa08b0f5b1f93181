"""The judge's rendered lines (`--out`) against what the satellite played, line by line."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from narrator.voice.clips import read_wav


def rendered(out: Path, rate: int) -> list[tuple[str, np.ndarray]]:
    """Each line the judge said, in order: its label and its 16-bit samples at `rate` Hertz."""
    lines = []
    for path in sorted(out.glob("*.wav")):
        clip = read_wav(path).at_rate(rate)
        samples = np.clip(np.round(clip.samples * 32768.0), -32768, 32767).astype(np.int16)
        lines.append((path.stem.split("-", 1)[1], samples))
    return lines


def at_night(labels: list[str]) -> list[bool]:
    """Whether each line was said at night (from night.falls to day.breaks): the ambience is under it."""
    night, marks = False, []
    for label in labels:
        if label == "night.falls":
            night = True
        elif label == "day.breaks":
            night = False
        marks.append(night)
    return marks


def same_line(said: np.ndarray, played: np.ndarray, night: bool) -> bool:
    """`played` is `said`: sample for sample by day; at night with the ambience under it (a
    residue far quieter than the line, and not nothing)."""
    if len(said) != len(played):
        return False
    if not night:
        return bool(np.array_equal(said, played))
    residue = float(np.sqrt(np.mean((played.astype(np.float64) - said) ** 2)))
    level = float(np.sqrt(np.mean(said.astype(np.float64) ** 2)))
    return 0 < residue < 0.5 * level


def demo_command(store: Path, out: Path, record: Path, *more: str) -> list[str]:
    """`narrator demo` of a five-seat game (seed 2), its lines in `out`, its record in `record`."""
    import sys

    return [
        sys.executable,
        "-m",
        "narrator",
        "demo",
        "--fast",
        "--seed",
        "2",
        "--json",
        "--roles",
        "werewolf,seer,witch,villager,villager",
        "--store",
        str(store),
        "--out",
        str(out),
        "--record",
        str(record),
        *more,
    ]


def record_text(path: Path) -> str:
    """The game record without its comment lines (the game's id)."""
    return "\n".join(
        line for line in path.read_text(encoding="utf-8").splitlines() if not line.startswith("#")
    )


def heard_in_order(capture: np.ndarray, lines: list[np.ndarray], nights: list[bool]) -> list[int]:
    """Where each line begins in `capture` (one recording of all that was played, silence between
    lines), found in order, each after the one before; -1 for a line not found whole there."""
    starts, cursor = [], 0
    for said, night in zip(lines, nights, strict=True):
        at = _found(capture, said, cursor)
        if at < 0 or not same_line(said, capture[at : at + len(said)], night):
            starts.append(-1)
            continue
        starts.append(at)
        cursor = at + len(said)
    return starts


def _found(capture: np.ndarray, said: np.ndarray, cursor: int, window: float = 30.0) -> int:
    """Where `said`'s first half second best matches `capture` from the first sound after
    `cursor` on (within `window` s)."""
    head = said[: min(len(said), 11025)].astype(np.float64)
    sound = np.flatnonzero(capture[cursor:])
    if not len(head) or not np.any(head) or not len(sound):
        return -1
    cursor = max(cursor, cursor + int(sound[0]) - len(head))
    region = capture[cursor : cursor + int(window * 22050) + len(head)].astype(np.float64)
    if len(region) < len(head):
        return -1
    size = 1 << int(np.ceil(np.log2(len(region) + len(head))))
    product = np.fft.irfft(np.fft.rfft(region, size) * np.conj(np.fft.rfft(head, size)), size)
    scores = product[: len(region) - len(head) + 1]
    return cursor + int(np.argmax(scores))


def unmatched(capture: np.ndarray, starts: list[int], lines: list[np.ndarray]) -> float:
    """The loudest (RMS over 50 ms) of what `capture` holds outside the lines found in it: 0 when
    nothing but the lines was played (none twice, nothing else)."""
    rest = capture.astype(np.float64).copy()
    for at, said in zip(starts, lines, strict=True):
        if at >= 0:
            rest[at : at + len(said)] = 0.0
    size = 1102
    frames = rest[: len(rest) // size * size].reshape(-1, size)
    return float(np.sqrt((frames**2).mean(axis=1)).max()) if len(frames) else 0.0
