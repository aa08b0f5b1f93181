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


def voiced_seconds(samples: np.ndarray, rate: int = 22050, frame: float = 0.02) -> float:
    """Seconds of `samples` (int16) louder than a murmur (RMS over `frame` above 300): the same
    for a line however a real-time device on a loaded machine spreads it (a stretch of silence
    now and then when it runs dry), and twice as much for a line played twice."""
    size = int(rate * frame)
    frames = samples[: len(samples) // size * size].reshape(-1, size).astype(np.float64)
    return float((np.sqrt((frames**2).mean(axis=1)) > 300).sum() * frame)
