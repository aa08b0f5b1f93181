"""The voice's command line: `narrator say`, `narrator voices render`, `narrator devices`."""

from __future__ import annotations

from pathlib import Path

import pytest

from narrator.cli import main
from narrator.voice.catalogue import load_catalogue
from narrator.voice.clips import loudness, read_wav
from narrator.voice.prerender import lines_to_render
from tests.support.pulse import VirtualSound
from tests.voice.conftest import narrate


def test_say_writes_a_mandarin_line_to_a_wav_file(tmp_path: Path, cache_dir: Path) -> None:
    out = tmp_path / "x.wav"
    result = narrate("say", "天黑请闭眼", "--out", str(out), "--cache-dir", str(cache_dir))
    assert result.returncode == 0, result.stderr
    assert "Audio saved" not in result.stdout
    assert str(out) in result.stdout
    clip = read_wav(out)
    assert clip.samplerate == 22050 and 0.8 < clip.seconds < 4 and loudness(clip) > 0.02


def test_say_a_catalogue_line_with_its_placeholders(tmp_path: Path, cache_dir: Path) -> None:
    out = tmp_path / "line.wav"
    args = ["say", "--line", "deaths.announce", "--param", "seats=3,5", "--locale", "en"]
    result = narrate(*args, "--out", str(out), "--cache-dir", str(cache_dir))
    assert result.returncode == 0, result.stderr
    assert "Last night, seats three and five died." in result.stdout
    assert read_wav(out).seconds > 1.5


@pytest.mark.parametrize(
    "args",
    [["say"], ["say", "hello", "--line", "night.falls"], ["say", "--line", "no.such.line"]],
)
def test_say_refuses_what_it_cannot_say(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) != 0
    assert "narrator say:" in capsys.readouterr().err


def test_say_with_no_device_says_so_and_prints_the_line(cache_dir: Path) -> None:
    args = ["say", "Hello table", "--locale", "en", "--device", "no such card", "--cache-dir", str(cache_dir)]
    result = narrate(*args)
    assert result.returncode == 0, result.stderr
    assert result.stderr.count("No sound output device") == 1
    assert result.stdout.rstrip().endswith("] Hello table")


def test_voices_render_fills_the_cache_with_a_progress_bar(tmp_path: Path) -> None:
    args = ["voices", "render", "--locale", "en", "--seats", "2", "--cache-dir", str(tmp_path)]
    catalogue = load_catalogue("en")
    lines = list(lines_to_render(catalogue, seats=2))
    total = len(lines)
    texts = {catalogue.text(line.key, **line.params) for line in lines}
    first = narrate(*args)
    assert first.returncode == 0, first.stderr
    assert f"{total}/{total}" in first.stderr and "en: 100%|" in first.stderr  # the tqdm bar, full
    assert f"en: {total} lines ({len(texts)} rendered now" in first.stdout
    assert len(list(tmp_path.rglob("*.wav"))) == len(texts)
    again = narrate(*args)
    assert again.returncode == 0, again.stderr
    assert f"en: {total} lines (0 rendered now" in again.stdout


def test_devices_says_plainly_when_there_are_none(capsys: pytest.CaptureFixture[str]) -> None:
    import sounddevice as sd

    if sd.query_devices():
        pytest.skip(reason="this machine has sound devices; the listing is tested with PulseAudio")
    assert main(["devices"]) == 0
    assert "No sound devices" in capsys.readouterr().out


def test_devices_lists_outputs_and_inputs_with_the_defaults(
    pulse: VirtualSound, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["devices"]) == 0
    out = capsys.readouterr().out
    outputs, inputs = out.split("Inputs")
    assert "default" in outputs and "*out" in outputs
    assert "default" in inputs and "*in" in inputs
