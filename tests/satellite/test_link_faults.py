"""The link to a satellite that refuses, stalls or sends garbage: said once, no crash, tried again
by itself, and a line queued meanwhile is played once it answers.

The real wyoming-satellite does not send garbage nor stall on cue: `StandInSatellite`, a
socket server that speaks the protocol as each test writes it, stands in for such a satellite.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import numpy as np

from narrator.satellite.address import SatelliteAddress
from narrator.satellite.kept import LinkChange
from narrator.satellite.link import SatelliteLink
from narrator.voice.clips import Clip
from narrator.voice.satellite import SatellitePlayer
from tests.support.satellite import free_port

PATIENCE = 30.0
INFO = json.dumps({"type": "info", "data": {"satellite": {"name": "stand-in"}}}).encode() + b"\n"
CHUNK = {"type": "audio-chunk", "data": {"rate": 16000, "width": 2, "channels": 1}, "payload_length": 640}

Behaviour = Callable[[socket.socket, int], None]
"""What the stand-in does with its `n`th connection (counted from 0)."""


def event(kind: str, data: dict[str, object] | None = None, payload: bytes = b"") -> bytes:
    header: dict[str, object] = {"type": kind, "data": data or {}}
    if payload:
        header["payload_length"] = len(payload)
    return json.dumps(header).encode() + b"\n" + payload


def mic_chunk() -> bytes:
    return json.dumps(CHUNK).encode() + b"\n" + bytes(640)


def answer_and_play(connection: socket.socket, _n: int, streams: list[int] | None = None) -> None:
    """A satellite that works: its name, a microphone, and `played` after each stream; the
    bytes of audio of each stream it played go to `streams`."""
    connection.sendall(INFO)
    reader = connection.makefile("rb")
    while line := reader.readline():
        header = json.loads(line)
        reader.read(header.get("data_length") or 0)
        audio = reader.read(header.get("payload_length") or 0)
        connection.sendall(mic_chunk())
        if header["type"] == "audio-start" and streams is not None:
            streams.append(0)
        elif header["type"] == "audio-chunk" and streams:
            streams[-1] += len(audio)
        elif header["type"] == "audio-stop":
            connection.sendall(event("played"))


@contextmanager
def stand_in(behaviour: Behaviour) -> Iterator[SatelliteAddress]:
    """A stand-in satellite on loopback; each connection is handled by `behaviour` in a thread."""
    server = socket.create_server(("127.0.0.1", free_port()))
    server.settimeout(0.2)
    stop = threading.Event()

    def handle(connection: socket.socket, n: int) -> None:
        with connection:
            connection.recv(4096)  # the judge's describe
            try:
                behaviour(connection, n)
            except OSError:
                pass

    def serve() -> None:
        n = 0
        while not stop.is_set():
            try:
                connection, _ = server.accept()
            except TimeoutError:
                continue
            threading.Thread(target=handle, args=(connection, n), daemon=True).start()
            n += 1

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield SatelliteAddress("127.0.0.1", server.getsockname()[1])
    finally:
        stop.set()
        thread.join(timeout=5)
        server.close()


def wait_until(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not condition():
        assert time.monotonic() < deadline, f"still waiting for {what}"
        time.sleep(0.01)


def tone(seconds: float = 0.1) -> Clip:
    t = np.arange(round(22050 * seconds)) / 22050
    return Clip((0.3 * np.sin(2 * np.pi * 440 * t)).astype(np.float32), 22050)


def test_garbage_from_the_satellite_is_no_crash_and_the_line_waits_for_a_sound_one() -> None:
    def garbage_then_sound(connection: socket.socket, n: int) -> None:
        if n == 0:
            connection.sendall(b"\xff\xfe this is not JSON\n")
        elif n == 1:
            connection.sendall(INFO)
            connection.sendall(event("audio-chunk", {"rate": "fast"}, b"\0\0"))  # a chunk of no format
            connection.sendall(mic_chunk())
            connection.sendall(b'{"type": 5}\n')
            while connection.recv(4096):  # until the judge hangs up
                pass
        elif n == 2:
            connection.sendall(INFO + b'{"type": "audio-chunk", "payload_length": 99999999999}\n')
            while connection.recv(4096):
                pass
        else:
            answer_and_play(connection, n)

    changes: list[LinkChange] = []
    blocks: list[np.ndarray] = []
    with stand_in(garbage_then_sound) as address:
        link = SatelliteLink(address, retry_s=0.05)
        link.on_change.append(changes.append)
        link.on_audio = blocks.append
        player = SatellitePlayer(link, 22050)
        line = player.enqueue(tone(), "line")
        try:
            link.start()
            assert line.wait(PATIENCE)
        finally:
            player.close()
            link.close()
    # The third connection's garbage comes before it counts as up: the drop is not told again.
    assert [c.up for c in changes] == [False, True, False, True]
    assert "not the Wyoming protocol" in changes[0].reason and "not the Wyoming protocol" in changes[2].reason
    assert link.garbage == 4  # three connections dropped, one chunk dropped alone
    assert len(blocks) >= 2 and all(b.dtype == np.int16 for b in blocks)
    assert not line.cancelled and player.routes == [("line", "satellite")]


def test_a_satellite_that_refuses_is_said_once_and_tried_again_until_it_answers() -> None:
    port = free_port()
    changes: list[LinkChange] = []
    link = SatelliteLink(SatelliteAddress("127.0.0.1", port), retry_s=0.05)
    link.on_change.append(changes.append)
    link.start()
    try:
        wait_until(lambda: link.attempts >= 5, "five refusals")
        assert [c.up for c in changes] == [False] and "cannot be reached" in changes[0].reason
        server = socket.create_server(("127.0.0.1", port))
        server.settimeout(PATIENCE)
        try:
            connection, _ = server.accept()
            with connection:
                connection.recv(4096)
                connection.sendall(INFO + mic_chunk())
                assert link.wait_up(PATIENCE)
        finally:
            server.close()
        wait_until(lambda: len(changes) == 3, "the drop to be told")
    finally:
        link.close()
    assert [c.up for c in changes] == [False, True, False]
    assert changes[1].name == "stand-in" and not changes[1].again and changes[2].again


def test_a_satellite_that_stalls_is_dropped_and_its_line_played_again_whole() -> None:
    stalled = threading.Event()
    streams: list[int] = []

    def stall_once(connection: socket.socket, n: int) -> None:
        if n == 0:
            connection.sendall(INFO + mic_chunk())
            connection.recv(4096)
            stalled.wait(PATIENCE)  # reads nothing more, sends nothing more
        else:
            answer_and_play(connection, n, streams)

    changes: list[LinkChange] = []
    with stand_in(stall_once) as address:
        link = SatelliteLink(address, retry_s=0.05, stall_s=0.5)
        link.on_change.append(changes.append)
        link.start()
        assert link.wait_up(PATIENCE)
        player = SatellitePlayer(link, 22050)
        line = player.enqueue(tone(seconds=1.5), "line")  # longer than the stall takes to be seen
        try:
            assert line.wait(PATIENCE)
        finally:
            stalled.set()
            player.close()
            link.close()
    assert [c.up for c in changes] == [True, False, True]
    assert "stalled" in changes[1].reason
    assert not line.cancelled and player.routes == [("line", "satellite")]
    assert streams == [2 * round(22050 * 1.5)]  # played again from its start, whole, once


def test_a_late_played_of_a_cut_line_does_not_finish_the_next_line() -> None:
    def played_late(connection: socket.socket, _n: int) -> None:
        """A satellite that says `played` 0.3 s after each stream's end."""
        connection.sendall(INFO)
        reader = connection.makefile("rb")
        while line := reader.readline():
            header = json.loads(line)
            reader.read(header.get("data_length") or 0)
            reader.read(header.get("payload_length") or 0)
            connection.sendall(mic_chunk())
            if header["type"] == "audio-stop":
                later = threading.Timer(0.3, lambda: connection.sendall(event("played")))
                later.daemon = True
                later.start()

    with stand_in(played_late) as address:
        link = SatelliteLink(address)
        link.start()
        assert link.wait_up(PATIENCE)
        player = SatellitePlayer(link, 22050)
        try:
            first = player.enqueue(tone(seconds=1.0), "first")
            assert first.wait(PATIENCE)  # its `played` is seen: the satellite says it
            cut = player.enqueue(tone(seconds=1.0), "cut")
            assert cut.started.wait(PATIENCE)
            player.stop()
            assert cut.wait(PATIENCE) and cut.cancelled
            after = player.enqueue(tone(seconds=1.0), "after")
            assert after.wait(PATIENCE)
        finally:
            player.close()
            link.close()
    assert link.says_played
    assert after.started_at is not None and after.ended_at is not None
    # Its own `played` comes 0.3 s after its stream's end (sent 0.3 s ahead): about 1 s after it
    # began; the cut line's came about 0.3 s after it began.
    assert after.ended_at - after.started_at >= 0.8
