"""The voice worker: a crash or a hang costs a restart, never the judge; twice, the line is printed."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from narrator.voice.catalogue import load_catalogue
from narrator.voice.clips import loudness
from narrator.voice.worker import VoiceWorker, WorkerFailed, line_deadline
from tests.voice.conftest import MakeSpeaker


@pytest.mark.parametrize("how", [signal.SIGSEGV, signal.SIGKILL])
def test_a_worker_killed_between_lines_is_started_again_for_the_next(
    how: signal.Signals, tmp_path: Path
) -> None:
    catalogue = load_catalogue("zh-CN")
    with VoiceWorker("espeak") as worker:
        first = worker.pid
        assert first is not None
        os.kill(first, how)
        clip = worker.render_clip(catalogue.text("night.falls"), catalogue.voice, tmp_path / "line.wav")
        assert loudness(clip) > 0.02
        assert worker.restarts == 1 and worker.pid not in (None, first)


def test_a_hung_worker_is_given_up_at_its_deadline_and_replaced(tmp_path: Path) -> None:
    catalogue = load_catalogue("en")
    with VoiceWorker("espeak", deadline_scale=0.25) as worker:
        hung = worker.pid
        assert hung is not None
        os.kill(hung, signal.SIGSTOP)  # alive, but never answers
        clip = worker.render_clip(catalogue.text("seer.wake"), catalogue.voice, tmp_path / "line.wav")
        assert loudness(clip) > 0.02
        assert worker.restarts >= 1 and worker.pid != hung
        assert not Path(f"/proc/{hung}").exists()  # killed and reaped


def test_a_patient_worker_waits_for_a_voice_slower_than_any_deadline(tmp_path: Path) -> None:
    """`narrator say` and `voices render` (deadline_scale=None) on a machine ten or twenty
    times slower than the deadlines assume: the worker, stopped (SIGSTOP) for several line
    deadlines, is waited for, not replaced."""
    catalogue = load_catalogue("en")
    text = catalogue.text("seer.wake")
    with VoiceWorker("espeak", deadline_scale=None) as worker:
        slow = worker.pid
        assert slow is not None
        os.kill(slow, signal.SIGSTOP)
        beyond = line_deadline("espeak", text) + 1.5  # past the deadline a game gives this line
        waking = threading.Timer(beyond, os.kill, (slow, signal.SIGCONT))
        waking.start()
        try:
            clip = worker.render_clip(text, catalogue.voice, tmp_path / "line.wav")
        finally:
            waking.cancel()
            os.kill(slow, signal.SIGCONT)
        assert loudness(clip) > 0.02
        assert worker.restarts == 0 and worker.pid == slow


def test_a_worker_that_cannot_start_again_fails_the_line_loudly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    catalogue = load_catalogue("en")
    with VoiceWorker("espeak") as worker:
        pid = worker.pid
        assert pid is not None
        os.kill(pid, signal.SIGKILL)
        monkeypatch.setattr(sys, "executable", "/bin/false")  # the restart dies at once
        with pytest.raises(WorkerFailed, match="espeak"):
            worker.render_clip(catalogue.text("seer.wake"), catalogue.voice, tmp_path / "line.wav")


def test_a_line_the_voice_fails_twice_is_printed_and_the_judge_goes_on(
    make_speaker: MakeSpeaker,
    transcript: io.StringIO,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    judge = make_speaker(play=False, locale="en", printed=False, cache_dir=tmp_path / "cache")
    pid = judge.engine.pid  # type: ignore[attr-defined]
    os.kill(pid, signal.SIGKILL)
    with monkeypatch.context() as patched:
        patched.setattr(sys, "executable", "/bin/false")
        failed = judge.say("seer.wake")
    assert failed.wait(0) and failed.started_at is None
    assert transcript.getvalue().rstrip().endswith("] " + judge.text("seer.wake"))
    assert "line printed, not said" in capsys.readouterr().err
    said = judge.say("night.falls")  # the next line starts a worker again and is said
    assert said.started_at is not None and loudness(said.clip) > 0.02


def test_a_worker_whose_judge_went_away_mid_reply_ends_quietly(tmp_path: Path) -> None:
    """The judge stopped (Ctrl-C) while a line was being rendered: the worker's reply meets a
    closed pipe; it ends with status 0 and no traceback on the box's terminal."""
    import json
    import subprocess

    worker = subprocess.Popen(
        [sys.executable, "-m", "narrator.voice.worker_main", "espeak"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert worker.stdin is not None and worker.stdout is not None and worker.stderr is not None
    assert json.loads(worker.stdout.readline())["ok"]
    worker.stdout.close()  # the judge is gone
    request = {"op": "render", "text": "天黑请闭眼", "path": str(tmp_path / "line.wav"), "voice": {}}
    worker.stdin.write(json.dumps(request) + "\n")
    worker.stdin.close()
    assert worker.wait(timeout=60) == 0
    err = worker.stderr.read()
    worker.stderr.close()
    assert "Traceback" not in err, err


def test_a_killed_judges_scratch_folder_is_swept_by_the_next_one(tmp_path: Path) -> None:
    """A judge killed (SIGKILL) leaves its scratch folder; the next judge to start a voice
    removes it, and leaves a running judge's folder and folders of other names alone."""
    env = {**os.environ, "TMPDIR": str(tmp_path)}
    start = "from narrator.voice.worker import VoiceWorker; w = VoiceWorker('espeak'); print(w._scratch.name, flush=True)"
    killed = subprocess.Popen(
        [sys.executable, "-c", start + "; import time; time.sleep(120)"],
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert killed.stdout is not None
    left = Path(killed.stdout.readline().strip())
    running = subprocess.Popen(
        [sys.executable, "-c", start + "; import time; time.sleep(120)"],
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert running.stdout is not None
    kept = Path(running.stdout.readline().strip())
    try:
        killed.send_signal(signal.SIGKILL)
        killed.wait(30)
        other = tmp_path / "narrator-voice-notapid"
        other.mkdir()
        assert left.is_dir() and left.parent == tmp_path
        subprocess.run(
            [sys.executable, "-c", start + "; w.close()"], env=env, check=True, capture_output=True
        )
        assert not left.exists()
        assert kept.is_dir() and other.is_dir()
    finally:
        running.kill()
        running.wait(30)
        killed.stdout.close()
        running.stdout.close()
