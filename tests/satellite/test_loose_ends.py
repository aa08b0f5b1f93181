"""The Wyoming path's loose ends, each once a fault:

- the box's own speaker plays the night's ambience only while it stands in for the satellite,
  not on after the satellite is back;
- a satellite that drops after the judge sent a line whole (`audio-stop`) but before its
  `played` (wyoming-satellite 1.1 and later send it once the sound has played) has said it:
  it is not said again;
- a satellite whose microphone command dies is the judge's speaker all the same, its
  microphone's fault said (not "another server holds it");
- a satellite held by another server at the start and let go later is told as back.

The real wyoming-satellite 1.0.0 sends no `played` and drops on no cue: `stand_in` (see
test_link_faults) stands in for one that does.
"""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import pytest

from narrator.moderator.satellite_notices import SatelliteNotices
from narrator.satellite.address import SatelliteAddress
from narrator.satellite.kept import LinkChange
from narrator.satellite.link import SatelliteLink
from narrator.voice.ambience import night_ambience
from narrator.voice.player import Player
from narrator.voice.satellite import SatellitePlayer
from tests.satellite.test_link_faults import INFO, answer_and_play, event, mic_chunk, stand_in, tone
from tests.support.pulse import VirtualSound, VirtualSoundUnavailable, record_monitor, virtual_sound
from tests.support.satellite import RealSatellite, SatelliteMissing, real_satellite

PATIENCE = 30.0


def wait_until(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not condition():
        assert time.monotonic() < deadline, f"still waiting for {what}"
        time.sleep(0.01)


def play_then_drop_after(drop_at: str, streams: list[int]) -> Callable[[socket.socket, int], None]:
    """A satellite that says `played` (as 1.4.1): its first connection plays the first line
    and drops as the judge's `drop_at` event of the second line comes; later ones play on."""

    def behaviour(connection: socket.socket, n: int) -> None:
        if n > 0:
            answer_and_play(connection, n, streams)
            return
        connection.sendall(INFO)
        reader = connection.makefile("rb")
        lines = 0
        while line := reader.readline():
            header = json.loads(line)
            reader.read(header.get("data_length") or 0)
            audio = reader.read(header.get("payload_length") or 0)
            connection.sendall(mic_chunk())
            kind = header["type"]
            if kind == "audio-start":
                lines += 1
                streams.append(0)
            elif kind == "audio-chunk":
                streams[-1] += len(audio)
            if lines == 2 and kind == drop_at:
                connection.shutdown(socket.SHUT_RDWR)
                return
            if kind == "audio-stop":
                connection.sendall(event("played"))

    return behaviour


def test_a_satellite_that_drops_after_a_whole_line_before_its_played_does_not_hear_it_again() -> None:
    streams: list[int] = []
    with stand_in(play_then_drop_after("audio-stop", streams)) as address:
        link = SatelliteLink(
            address, retry_s=0.05, stall_s=PATIENCE
        )  # it streams no microphone between lines
        link.start()
        assert link.wait_up(PATIENCE)
        player = SatellitePlayer(link, 22050)  # no box: a line said again would go to the satellite
        try:
            lines = [player.enqueue(tone(seconds=0.5), name) for name in ("one", "two", "three")]
            assert all(line.wait(PATIENCE) for line in lines)
        finally:
            player.close()
            link.close()
    assert link.says_played and link.connection == 2
    whole = 2 * round(22050 * 0.5)
    assert streams == [whole, whole, whole]  # two on the first connection, three on the second
    assert player.routes == [("one", "satellite"), ("two", "satellite"), ("three", "satellite")]


def test_a_line_cut_before_it_was_sent_whole_is_said_again_from_its_start() -> None:
    streams: list[int] = []
    with stand_in(play_then_drop_after("audio-chunk", streams)) as address:
        link = SatelliteLink(
            address, retry_s=0.05, stall_s=PATIENCE
        )  # it streams no microphone between lines
        link.start()
        assert link.wait_up(PATIENCE)
        player = SatellitePlayer(link, 22050)
        try:
            lines = [player.enqueue(tone(seconds=0.5), name) for name in ("one", "two")]
            assert all(line.wait(PATIENCE) for line in lines)
        finally:
            player.close()
            link.close()
    whole = 2 * round(22050 * 0.5)
    assert streams[0] == whole and 0 < streams[1] < whole and streams[2:] == [whole]


@pytest.fixture
def box(tmp_path: Path) -> Iterator[VirtualSound]:
    try:
        with virtual_sound(tmp_path / "box") as sound:
            yield sound
    except VirtualSoundUnavailable as error:
        pytest.skip(reason=f"no virtual sound device: {error}")


def level(samples: np.ndarray) -> float:
    return float(np.sqrt(np.mean(samples.astype(np.float64) ** 2))) if len(samples) else 0.0


def test_the_box_plays_the_night_only_while_it_stands_in_for_the_satellite(box: VirtualSound) -> None:
    streams: list[int] = []
    with stand_in(play_then_drop_after("audio-chunk", streams)) as address:
        link = SatelliteLink(address, retry_s=1.0, stall_s=PATIENCE)  # it streams no microphone between lines

        def box_output() -> Player:
            player = Player(None, 22050, night_ambience(22050))
            player.open()
            return player

        link.start()
        assert link.wait_up(PATIENCE)
        player = SatellitePlayer(link, 22050, ambience=night_ambience(22050), box=box_output)
        player.set_night(True)
        try:
            with record_monitor(box) as heard:
                first, cut = (player.enqueue(tone(seconds=0.5), name) for name in ("one", "cut"))
                assert cut.wait(PATIENCE)
                wait_until(lambda: link.up, "the satellite back")
                back = player.enqueue(tone(seconds=0.5), "back")
                assert back.wait(PATIENCE)
                mark = len(heard.samples())
                time.sleep(2.5)  # the ambience fades out over 1.5 s
                after = heard.samples()[mark:]
            while_away = heard.samples()[:mark]
        finally:
            player.close()
            link.close()
    assert [where for _, where in player.routes] == ["satellite", "box", "satellite"]
    assert first.ended_at is not None
    assert level(while_away) > 0.003  # the cut line and the ambience on the box
    tail = after[-int(0.8 * box.samplerate) :]
    assert level(tail) < 0.0005, f"the box still plays the night: {level(tail):.4f}"


@pytest.fixture
def dead_microphone_satellite(tmp_path: Path) -> Iterator[RealSatellite]:
    try:
        with real_satellite(tmp_path / "satellite", mic_command="false") as running:
            yield running
    except SatelliteMissing as error:
        pytest.skip(reason=str(error))


def test_a_satellite_whose_microphone_dies_is_the_judges_speaker_and_its_fault_is_said(
    dead_microphone_satellite: RealSatellite,
) -> None:
    satellite = dead_microphone_satellite
    changes: list[LinkChange] = []
    link = SatelliteLink(SatelliteAddress.parse(satellite.uri), retry_s=0.1, answer_s=1.0)
    link.on_change.append(changes.append)
    link.start()
    player = SatellitePlayer(link, 22050)
    try:
        assert link.wait_up(PATIENCE), link.reason
        line = player.enqueue(tone(seconds=0.5), "line")
        assert line.wait(PATIENCE)
        wait_until(lambda: len(satellite.streams()) == 1, "the line played")
    finally:
        player.close()
        link.close()
    assert [c.up for c in changes] == [True]
    assert "microphone" in changes[0].microphone and "another server" not in changes[0].microphone
    assert player.routes == [("line", "satellite")]
    assert len(satellite.played()[0]) == round(22050 * 0.5)


def test_a_satellite_held_at_the_start_and_let_go_later_is_told_as_back(
    satellite: RealSatellite, capsys: pytest.CaptureFixture[str]
) -> None:
    address = SatelliteAddress.parse(satellite.uri)
    home_assistant = SatelliteLink(address)
    home_assistant.start()
    assert home_assistant.wait_up(PATIENCE)
    judge = SatelliteLink(address, retry_s=0.1, answer_s=0.5)
    judge.start()
    told: list[str] = []
    held: list[bool] = []
    notices = SatelliteNotices(judge, None, lambda key, **_: told.append(key), held.append)
    try:
        wait_until(lambda: held == [True], "the clock held")
        home_assistant.close()
        wait_until(lambda: len(told) == 2, "the return told")
    finally:
        notices.close()
        judge.close()
        home_assistant.close()
    assert told == ["satellite_waiting", "satellite_back"] and held == [True, False]
    said = capsys.readouterr()
    assert "does not answer yet" in said.err and "dropped" not in said.err
    assert "is back" in said.out
