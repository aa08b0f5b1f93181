"""Fetching a model archive over HTTP(S): progress, resumption with Range, SHA-256 check.

Rules:
1. The archive grows in `<models>/.downloads/<file>.part`; a `.part` left by a broken
   download is resumed with `Range: bytes=N-`. A server that answers 200 instead of 206
   sends the whole file again, and the part is started over.
2. A connection that breaks is retried (resuming) up to `attempts` times in one run.
3. Once complete, the archive's SHA-256 must match; if not, the part is deleted (resuming a
   wrong file can never make it right) and the error says so.
4. Only a checked archive is unpacked and installed (`models.install_model`).
"""

from __future__ import annotations

import hashlib
import http.client
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

from narrator.listen.models import (
    OFFICIAL_MODELS,
    ModelError,
    ModelLocation,
    install_model,
    models_dir,
)

CHUNK = 1 << 16
Progress = Callable[[int, int | None], None]
"""Told the bytes downloaded so far and the total (None when the server does not say)."""


def sha256_of(path: Path) -> str:
    """The file's SHA-256, as lowercase hex."""
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _fetch_once(url: str, part: Path, progress: Progress | None, timeout: float) -> None:
    """One HTTP request, appending to `part` from where it stops; raises on a broken stream."""
    have = part.stat().st_size if part.exists() else 0
    request = urllib.request.Request(url, headers={"User-Agent": "werewolf-narrator"})
    if have:
        request.add_header("Range", f"bytes={have}-")
    try:
        response = urllib.request.urlopen(request, timeout=timeout)
    except urllib.error.HTTPError as error:
        if error.code == 416 and have:
            return  # the part is already whole; the checksum decides
        raise
    with response:
        if response.status == 206:
            total_left = response.headers.get("Content-Length")
            total = have + int(total_left) if total_left else None
            mode = "ab"
        else:
            length = response.headers.get("Content-Length")
            total = int(length) if length else None
            have, mode = 0, "wb"
        with part.open(mode) as out:
            done = have
            while block := response.read(CHUNK):
                out.write(block)
                done += len(block)
                if progress:
                    progress(done, total)
        if total is not None and done < total:
            raise http.client.IncompleteRead(b"", total - done)


def download_archive(
    url: str,
    sha256: str,
    destination: Path,
    progress: Progress | None = None,
    attempts: int = 3,
    timeout: float = 30.0,
) -> Path:
    """Download `url` to `destination`, resuming a `.part` beside it, and check its SHA-256.

    Raises ModelError for no network, a server error, a stream that keeps breaking, or a
    wrong checksum.
    """
    destination.parent.mkdir(parents=True, exist_ok=True)
    part = destination.with_name(destination.name + ".part")
    last_error: Exception | None = None
    for _ in range(attempts):
        try:
            _fetch_once(url, part, progress, timeout)
            last_error = None
            break
        except urllib.error.HTTPError as error:
            message = f"the server refused {url}: HTTP {error.code} {error.reason}"
            raise ModelError(message) from error
        except urllib.error.URLError as error:
            raise ModelError(
                f"cannot reach {url} ({error.reason}); no network? Download the archive on "
                "another machine and run `narrator models install ZIP`"
            ) from error
        except (OSError, http.client.HTTPException) as error:
            last_error = error
    if last_error is not None:
        raise ModelError(
            f"the download of {url} kept breaking ({last_error!r}); run the same command again to resume it"
        )
    actual = sha256_of(part)
    if actual != sha256.lower():
        part.unlink()
        raise ModelError(f"wrong checksum for {url}: expected {sha256}, got {actual}; the file was deleted")
    part.replace(destination)
    return destination


def download_model(
    locale: str,
    url: str | None = None,
    sha256: str | None = None,
    progress: Progress | None = None,
) -> ModelLocation:
    """Download the locale's official model (or `url` with `sha256`) and install it.

    The checked archive is removed after a successful install.
    """
    official = OFFICIAL_MODELS.get(locale)
    if url is None or sha256 is None:
        if official is None:
            known = ", ".join(sorted(OFFICIAL_MODELS))
            raise ModelError(f"no official model to download for {locale}; known: {known}")
        url = url or official.url
        sha256 = sha256 or official.sha256
    archive = models_dir() / ".downloads" / url.rsplit("/", 1)[-1]
    download_archive(url, sha256, archive, progress)
    location = install_model(archive, locale)
    archive.unlink()
    return location
