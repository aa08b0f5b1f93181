"""The speaker without a sound device: lines in order, into files, printed, and when it speaks."""

from __future__ import annotations

import dataclasses
import io
import re
import threading
import time
import wave
from pathlib import Path

import numpy as np
import pytest

from narrator.voice.catalogue import load_catalogue
from narrator.voice.clips import read_wav
from narrator.voice.player import Playback
from narrator.voice.prerender import TIMER_SECONDS
from narrator.voice.speaker import Speaker, SpeakerOptions
from tests.voice.conftest import MakeSpeaker


def test_out_dir_gets_each_line_numbered_in_the_order_spoken(
    make_speaker: MakeSpeaker, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    judge = make_speaker(play=False, out_dir=out)
    said = [
        judge.say("night.falls", wait=False),
        judge.say("seer.wake", wait=False),
        judge.say("deaths.announce", seats=[3, 5], wait=False),
    ]
    judge.pause(0.2)
    judge.say_text("你好", wait=False)
    assert judge.wait(timeout=10)
    files = sorted(out.iterdir())
    assert [f.name for f in files] == [
        "001-night.falls.wav",
        "002-seer.wake.wav",
        "003-deaths.announce.wav",
        "004-say.wav",
    ]
    for playback, file in zip(said, files, strict=False):
        with wave.open(str(file)) as w:
            assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 22050)
        assert np.allclose(read_wav(file).samples, playback.clip.samples, atol=1 / 32768)

    again = make_speaker(play=False, out_dir=out)
    again.say("night.falls")
    assert (out / "005-night.falls.wav").exists()


def test_no_output_device_is_told_once_and_lines_are_printed(
    make_speaker: MakeSpeaker,
    transcript: io.StringIO,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    judge = make_speaker(device="no such sound card", pace=False)
    second = make_speaker(device="no such sound card", pace=False, locale="en")
    assert not judge.online and not second.online
    judge.say("night.falls")
    judge.say("death.out", seat=5)
    second.say("night.falls")
    err = capsys.readouterr().err
    assert err.count("没有找到放音设备") == 1 and err.count("No sound output") == 1
    printed = transcript.getvalue().splitlines()
    assert [re.sub(r"^\[\d\d:\d\d:\d\d\] ", "", line) for line in printed] == [
        "天黑请闭眼。",
        "5号出局。",
        "Night falls. Everyone, close your eyes.",
    ]


def test_lines_never_overlap_without_a_device(make_speaker: MakeSpeaker) -> None:
    judge = make_speaker(device="no such sound card", pace=True, locale="en")
    said = [judge.say("judge.pause", wait=False) for _ in range(3)]
    assert judge.wait(timeout=30)
    for before, after in zip(said, said[1:], strict=False):
        assert before.ended_at is not None and after.started_at is not None
        assert after.started_at >= before.ended_at
        took = before.ended_at - (before.started_at or 0.0)
        assert took >= before.clip.seconds - 0.01  # paced: never shorter than the line (slower is fine)


def test_the_judge_counts_as_speaking_until_the_echo_guard_is_over(
    make_speaker: MakeSpeaker,
) -> None:
    judge = make_speaker(device="no such sound card", pace=True, echo_guard=0.3, locale="en")
    changes: list[tuple[bool, float]] = []
    judge.on_speaking(lambda speaking: changes.append((speaking, time.perf_counter())))
    assert not judge.speaking
    judge.say("judge.pause", wait=False)
    second = judge.say("judge.resume", wait=False)
    assert judge.wait_quiet(timeout=30)
    assert not judge.speaking
    # One stretch of speaking over both lines, from the first sample to the guard's end.
    assert [speaking for speaking, _ in changes] == [True, False]
    assert second.ended_at is not None
    assert changes[1][1] - second.ended_at >= 0.3


def test_a_pause_is_silence_not_speech(make_speaker: MakeSpeaker) -> None:
    judge = make_speaker(device="no such sound card", pace=True, echo_guard=0.0)
    seen: list[bool] = []
    judge.on_speaking(seen.append)
    pause = judge.pause(0.3, wait=True)
    assert pause.clip.seconds == pytest.approx(0.3)
    assert seen == [] and not judge.speaking


def test_stop_cuts_the_line_and_drops_the_queue(make_speaker: MakeSpeaker) -> None:
    judge = make_speaker(device="no such sound card", pace=True, locale="en")
    long_line = " ".join(judge.text("game.opening", count=12) for _ in range(8))  # about a minute
    said: list[Playback] = [judge.say_text(long_line, wait=False) for _ in range(3)]
    assert said[0].started.wait(30)
    judge.stop()
    assert judge.wait(timeout=30)
    assert all(p.cancelled for p in said)
    first = said[0]
    assert first.started_at is not None and first.ended_at is not None
    assert first.ended_at - first.started_at < first.clip.seconds / 2  # cut, not said to the end
    assert said[1].started_at is None and said[2].started_at is None
    after = judge.say("judge.resume", wait=False)
    assert after.wait(10) and not after.cancelled


def test_a_line_rendered_while_the_speaker_closes_is_not_waited_for(make_speaker: MakeSpeaker) -> None:
    """Ctrl-C while a line is rendered (the join address said at a lobby): the session closes
    the speaker, and the thread saying the line must end (the process waits for it to exit)."""
    judge = make_speaker(play=False, pace=True)
    judge.close()
    said: list[Playback] = []
    saying = threading.Thread(
        target=lambda: said.append(judge.say_text("请用手机连接同一个无线网络。")), daemon=True
    )
    saying.start()
    saying.join(timeout=60)
    assert not saying.is_alive(), "the line waits for a speaker that was closed"
    assert said[0].cancelled and said[0].started_at is None


def test_say_from_many_threads_keeps_one_queue(make_speaker: MakeSpeaker, tmp_path: Path) -> None:
    judge = make_speaker(play=False, out_dir=tmp_path, locale="en")
    threads = [
        threading.Thread(target=judge.say, args=("death.out",), kwargs={"seat": seat}) for seat in range(1, 7)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert judge.wait(timeout=10)
    assert [f.name[:3] for f in sorted(tmp_path.iterdir())] == [f"{n:03d}" for n in range(1, 7)]


def test_prepare_renders_every_line_a_table_needs_once(tmp_path: Path) -> None:
    catalogue = load_catalogue("en")
    keys = ("night.falls", "death.out", "timer.remaining")
    small = dataclasses.replace(catalogue, lines={key: catalogue.lines[key] for key in keys})
    options = SpeakerOptions(locale="en", play=False, cache_dir=tmp_path, printed=False)
    with Speaker(options, catalogue=small) as judge:
        shown: list[tuple[int, int]] = []
        rendered = judge.prepare(5, lambda done, total: shown.append((done, total)))
        assert rendered == 1 + 5 + len(TIMER_SECONDS)  # each seat, each timer value
        assert shown[-1] == (rendered, rendered)
        assert judge.prepare(5) == 0
        before = judge.cache.stats.renders
        judge.say("death.out", seat=4)
        assert judge.cache.stats.renders == before  # said from what was rendered ahead
