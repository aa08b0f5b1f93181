"""Benchmark of the judge's voice: render time per line, and "say this" → first sample out.

    .venv/bin/python scripts/bench_voice.py [--lines N] [--repeats N]

Prints one line per measurement, then (last line) one JSON object of the figures:

- `render_ms_per_line`: espeak-ng rendering one catalogue line to a WAV file (mean, ms).
- `first_sample_ms_cold`: `Speaker.say` of a line never rendered before → its first sample
  handed to the output device (render + cache + queue + the stream's next block), median ms.
- `first_sample_ms_cached`: the same for a line already said (in the memory cache), median ms.
- `first_sample_ms_disk`: a line in the cache on disk but not in memory (a new game), median.
- `leaves_device_ms_cached`: when that first sample is estimated to leave the device (adds
  the stream's output latency), median ms.
- `output`: "pulseaudio-null-sink" when a private PulseAudio could be started (a real
  sounddevice stream), else "none" (measured to the silent player's start, no device).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

JITTER = random.Random(3)
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from narrator.voice.catalogue import load_catalogue  # noqa: E402
from narrator.voice.player import Playback  # noqa: E402
from narrator.voice.speaker import Speaker, SpeakerOptions  # noqa: E402
from narrator.voice.speech import speech_engine  # noqa: E402


def milliseconds(seconds: float) -> float:
    return round(seconds * 1000.0, 2)


def first_sample_delay(judge: Speaker, key: str, params: dict[str, object]) -> Playback:
    """Say a line at a random moment (a game's lines are not timed to the audio blocks), and
    cut it once its first sample is out (the rest is not measured)."""
    time.sleep(JITTER.uniform(0.0, 0.03))
    said = judge.say(key, wait=False, **params)
    said.started.wait(10)
    judge.stop()
    judge.wait(10)
    return said


def since_asked(said: Playback, moment: float | None) -> float:
    """Seconds from asking for the line to `moment` (one of its `Playback` times)."""
    if moment is None or said.asked_at is None:
        raise RuntimeError(f"the line {said.label} was never played")
    return moment - said.asked_at


def bench_render(lines: list[tuple[str, dict[str, object]]], folder: Path) -> list[float]:
    catalogue = load_catalogue("zh-CN")
    engine = speech_engine()
    times = []
    for number, (key, params) in enumerate(lines):
        text = catalogue.text(key, **params)
        started = time.perf_counter()
        clip = engine.render_clip(text, catalogue.voice, folder / f"{number}.wav")
        took = time.perf_counter() - started
        times.append(took)
        print(f"render  {milliseconds(took):7.2f} ms  {clip.seconds:5.2f} s  {key}: {text}")
    return times


def sample_lines(count: int) -> list[tuple[str, dict[str, object]]]:
    """`count` different lines of the script: each seat's death, then the night's steps."""
    catalogue = load_catalogue("zh-CN")
    lines: list[tuple[str, dict[str, object]]] = [
        (key, {}) for key in catalogue.keys() if not catalogue.placeholders(key)
    ]
    lines += [("death.out", {"seat": seat}) for seat in range(1, 19)]
    return lines[:count]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=20, help="lines to render and say (20)")
    parser.add_argument("--repeats", type=int, default=20, help="cached sayings (20)")
    args = parser.parse_args()

    with ExitStack() as stack:
        scratch = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bench-voice-")))
        output = "none"
        try:
            from tests.support.pulse import virtual_sound

            stack.enter_context(virtual_sound(scratch))
            output = "pulseaudio-null-sink"
        except Exception as error:  # no PulseAudio here: measure to the silent player
            print(f"no virtual sound device ({error}); measuring without a device")

        lines = sample_lines(args.lines)
        speech_engine()  # started once per process, like a game does before the first line
        render = bench_render(lines[: args.lines], scratch / "render")

        cache = scratch / "cache"
        options = SpeakerOptions(cache_dir=cache, ambience=False, pace=False, printed=False)
        judge = stack.enter_context(Speaker(options))
        print(f"output: {output}, device latency {milliseconds(judge.player.latency)} ms")
        cold, cached, leaves = [], [], []
        for key, params in lines:
            said = first_sample_delay(judge, key, params)
            cold.append(since_asked(said, said.started_at))
            print(f"cold    {milliseconds(cold[-1]):7.2f} ms  {key} {params or ''}")
        for repeat in range(args.repeats):
            key, params = lines[repeat % len(lines)]
            said = first_sample_delay(judge, key, params)
            cached.append(since_asked(said, said.started_at))
            leaves.append(since_asked(said, said.leaves_at))
            print(f"cached  {milliseconds(cached[-1]):7.2f} ms  {key} {params or ''}")
        judge.cache.forget_memory()
        disk = []
        for key, params in lines[:10]:
            said = first_sample_delay(judge, key, params)
            disk.append(since_asked(said, said.started_at))
            print(f"disk    {milliseconds(disk[-1]):7.2f} ms  {key} {params or ''}")

    figures = {
        "render_ms_per_line": milliseconds(statistics.mean(render)),
        "first_sample_ms_cold": milliseconds(statistics.median(cold)),
        "first_sample_ms_cached": milliseconds(statistics.median(cached)),
        "first_sample_ms_cached_max": milliseconds(max(cached)),
        "first_sample_ms_disk": milliseconds(statistics.median(disk)),
        "leaves_device_ms_cached": milliseconds(statistics.median(leaves)),
        "lines": len(lines),
        "output": output,
    }
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
