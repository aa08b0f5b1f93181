"""Downloading a model from a local HTTP server: progress, checksum, resumption, clear errors."""

from __future__ import annotations

import hashlib
import http.server
import socket
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from narrator.cli import main
from narrator.listen.download import download_archive, download_model
from narrator.listen.models import MODELS_DIR_VARIABLE, ModelError
from tests.listen.fake_model import make_fake_model_zip


@dataclass
class ArchiveServer:
    """What the loopback server serves, how it misbehaves, and what it was asked."""

    body: bytes
    url: str = ""
    ranges: bool = True
    drop_first: int = 0
    status: int = 200
    requests: list[str | None] = field(default_factory=list)


def _handler(server: ArchiveServer) -> type[http.server.BaseHTTPRequestHandler]:
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - http.server's name
            asked = self.headers.get("Range")
            server.requests.append(asked)
            if server.status != 200:
                self.send_error(server.status)
                return
            start = int(asked[len("bytes=") :].rstrip("-")) if asked and server.ranges else 0
            body = server.body[start:]
            self.send_response(206 if start else 200)
            if start:
                self.send_header("Content-Range", f"bytes {start}-{len(server.body) - 1}/*")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if len(server.requests) <= server.drop_first:
                self.wfile.write(body[: len(body) // 2])
                self.wfile.flush()
                self.connection.shutdown(socket.SHUT_RDWR)
                self.close_connection = True
                return
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            pass

    return Handler


@pytest.fixture
def archive(tmp_path: Path) -> bytes:
    """A zip laid out like the official Chinese model (a fake model inside)."""
    return make_fake_model_zip(tmp_path / "built.zip").read_bytes()


@pytest.fixture
def served(archive: bytes) -> Iterator[ArchiveServer]:
    """An HTTP server on 127.0.0.1 serving the archive at /vosk-model-small-cn-0.22.zip."""
    state = ArchiveServer(archive)
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _handler(state))
    state.url = f"http://127.0.0.1:{httpd.server_port}/vosk-model-small-cn-0.22.zip"
    thread = threading.Thread(target=httpd.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    yield state
    httpd.shutdown()
    httpd.server_close()
    thread.join()


@pytest.fixture
def model_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "models"
    monkeypatch.setenv(MODELS_DIR_VARIABLE, str(home))
    return home


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def test_a_download_is_checked_unpacked_and_installed(served: ArchiveServer, model_home: Path) -> None:
    seen: list[tuple[int, int | None]] = []
    location = download_model(
        "zh-CN", served.url, sha(served.body), lambda done, total: seen.append((done, total))
    )
    assert location.path == model_home / "zh-CN"
    assert (location.path / "am" / "final.mdl").is_file()
    assert seen[-1] == (len(served.body), len(served.body))
    assert not list((model_home / ".downloads").iterdir())


def test_a_connection_dropped_half_way_is_resumed_with_a_range_request(
    served: ArchiveServer, tmp_path: Path
) -> None:
    served.drop_first = 1
    target = download_archive(served.url, sha(served.body), tmp_path / "model.zip")
    assert target.read_bytes() == served.body
    assert served.requests[0] is None
    assert served.requests[1] == f"bytes={len(served.body) // 2}-"


def test_a_part_left_by_an_earlier_run_is_resumed(served: ArchiveServer, tmp_path: Path) -> None:
    (tmp_path / "model.zip.part").write_bytes(served.body[:1000])
    download_archive(served.url, sha(served.body), tmp_path / "model.zip")
    assert served.requests == ["bytes=1000-"]
    assert (tmp_path / "model.zip").read_bytes() == served.body


def test_a_server_without_ranges_sends_it_all_again(served: ArchiveServer, tmp_path: Path) -> None:
    served.ranges = False
    (tmp_path / "model.zip.part").write_bytes(b"x" * 1000)
    download_archive(served.url, sha(served.body), tmp_path / "model.zip")
    assert (tmp_path / "model.zip").read_bytes() == served.body


def test_a_connection_that_keeps_breaking_is_reported_and_resumable(
    served: ArchiveServer, tmp_path: Path
) -> None:
    served.drop_first = 10
    with pytest.raises(ModelError, match="kept breaking.*again to resume"):
        download_archive(served.url, sha(served.body), tmp_path / "model.zip", attempts=2)
    assert 0 < (tmp_path / "model.zip.part").stat().st_size < len(served.body)


def test_a_wrong_checksum_deletes_the_file(served: ArchiveServer, tmp_path: Path) -> None:
    with pytest.raises(ModelError, match="wrong checksum"):
        download_archive(served.url, "0" * 64, tmp_path / "fetched" / "model.zip")
    assert list((tmp_path / "fetched").iterdir()) == []


def test_a_server_error_is_reported(served: ArchiveServer, tmp_path: Path) -> None:
    served.status = 404
    with pytest.raises(ModelError, match="HTTP 404"):
        download_archive(served.url, sha(served.body), tmp_path / "model.zip")


def test_no_network_says_so_and_offers_the_install_command(tmp_path: Path) -> None:
    with socket.socket() as unused:
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]
    with pytest.raises(ModelError, match="no network.*narrator models install"):
        download_archive(f"http://127.0.0.1:{port}/m.zip", "0" * 64, tmp_path / "m.zip")


def test_the_download_command_installs_from_a_mirror(
    served: ArchiveServer, model_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    served.drop_first = 1
    command = ["models", "download", "zh", "--url", served.url, "--sha256", sha(served.body)]
    status = main(command)
    out, err = capsys.readouterr()
    assert status == 0, err
    assert f"installed zh-CN: {model_home / 'zh-CN'}" in out
    assert "100%" in err
    assert main(["models", "path", "zh-CN"]) == 0


def test_the_download_command_reports_a_wrong_checksum(
    served: ArchiveServer, model_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["models", "download", "zh-CN", "--url", served.url, "--sha256", "1" * 64]) == 1
    assert "wrong checksum" in capsys.readouterr().err
    assert not (model_home / "zh-CN").exists()
