"""An SD card's stand-in: a FUSE passthrough file system whose fsync takes `fsync_ms` longer.

A Raspberry Pi keeps its store on an SD card, where one fsync takes tens of milliseconds (a
hundred and more on a cheap or worn card). This machine has `/dev/fuse` but no device-mapper
(no dm-delay), so the slow disk is a real file system (FUSE, fusepy over libfuse2) that passes
every call through to a folder of the fast disk and sleeps `fsync_ms` before each fsync:
SQLite on it is slow exactly where it is slow on a card (its commit), and nowhere else.

What SQLite's WAL needs works: its `-shm` file is mmapped, so every call on an open file goes
through the same handle (read, write, truncate, fsync), sizes are never cached by the kernel
(`attr_timeout=0`) and the page cache stays on (no `direct_io`), else a mapped page past a
stale size is a SIGBUS.

It can also fail as a card fails, and come back (`Card`, the files in its control folder say
how it is now): `hang()` holds every fsync until `answer()` (a hung card); `read_only()` refuses
every write and fsync with EROFS (but the `-shm` file's, which SQLite maps in memory) until
`writable()`.

Run as a program it mounts in the foreground until it is stopped (SIGTERM, SIGINT):
    python -m tests.support.slowdisk BACKING MOUNTPOINT --fsync-ms 120 [--control FOLDER]
`sd_card(folder, fsync_ms)` does that in a process of its own, waits for the mount, and at the
end stops the process by its PID and unmounts (`fusermount -u`); `failing_card` too, giving the
`Card`. Needs /dev/fuse, fusermount
and fusepy (`scripts/install.sh --dev`); `unavailable()` says why not when they are missing.
"""

from __future__ import annotations

import argparse
import errno
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

MOUNT_WAIT_S = 10.0  # seconds the mount may take to appear


def unavailable() -> str | None:
    """Why a slow disk cannot be mounted here, or None when it can."""
    if not os.path.exists("/dev/fuse"):
        return "no /dev/fuse on this machine"
    if shutil.which("fusermount") is None and shutil.which("fusermount3") is None:
        return "no fusermount (apt-get install fuse3)"
    try:
        import fuse  # noqa: F401  (fusepy: loads libfuse.so.2)
    except (ImportError, OSError) as error:
        return f"fusepy cannot load libfuse2 ({error}): apt-get install libfuse2, pip install fusepy"
    return None


HANG, READ_ONLY = "hang", "read-only"  # the control folder's files: how the card fails now


class Card:
    """A mounted slow disk (`mount`) that can be made to fail and come back."""

    def __init__(self, mount: Path, control: Path) -> None:
        self.mount, self.control = mount, control

    def hang(self) -> None:
        """Every fsync from now on waits until `answer`."""
        (self.control / HANG).touch()

    def answer(self) -> None:
        (self.control / HANG).unlink(missing_ok=True)

    def read_only(self) -> None:
        """Every write and fsync from now on is refused (EROFS) until `writable`."""
        (self.control / READ_ONLY).touch()

    def writable(self) -> None:
        (self.control / READ_ONLY).unlink(missing_ok=True)


@contextmanager
def sd_card(folder: Path, fsync_ms: float) -> Iterator[Path]:
    """A slow disk mounted at `folder`/card for the block (its files kept in `folder`/backing):
    every fsync on it takes `fsync_ms` milliseconds more. Raises RuntimeError when it does not
    mount (see `unavailable`)."""
    with failing_card(folder, fsync_ms) as card:
        yield card.mount


@contextmanager
def failing_card(folder: Path, fsync_ms: float = 0.0) -> Iterator[Card]:
    """`sd_card`, as a `Card` that can be made to fail (its control folder `folder`/control)."""
    backing, mount, control = folder / "backing", folder / "card", folder / "control"
    for made in (backing, mount, control):
        made.mkdir(parents=True, exist_ok=True)
    command = [
        sys.executable,
        "-m",
        "tests.support.slowdisk",
        str(backing),
        str(mount),
        "--fsync-ms",
        str(fsync_ms),
        "--control",
        str(control),
    ]
    root = Path(__file__).resolve().parents[2]
    process = subprocess.Popen(command, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + MOUNT_WAIT_S
        while not os.path.ismount(mount):
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the slow disk did not mount: {_stderr(process)}")
            time.sleep(0.02)
        card = Card(mount, control)
        yield card
    finally:
        for what in (HANG, READ_ONLY):  # a held fsync returns, so the process can stop
            (control / what).unlink(missing_ok=True)
        if process.poll() is None:
            os.kill(process.pid, signal.SIGTERM)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            os.kill(process.pid, signal.SIGKILL)
            process.wait(10)
        if os.path.ismount(mount):
            unmount = shutil.which("fusermount") or "fusermount3"
            subprocess.run([unmount, "-u", str(mount)], capture_output=True)
        if process.stderr is not None:
            process.stderr.close()


def _stderr(process: subprocess.Popen[bytes]) -> str:
    if process.poll() is None:
        process.kill()
        process.wait(10)
    assert process.stderr is not None
    return process.stderr.read().decode(errors="replace").strip() or f"exit {process.returncode}"


def _passthrough(backing: str, fsync_s: float, control: str | None = None) -> Any:
    """The file system's operations: every call on the path in `backing`, fsync slower; failing
    as the files in `control` say (`Card`)."""
    from fuse import FuseOSError, Operations

    def failing(what: str) -> bool:
        return control is not None and os.path.exists(os.path.join(control, what))

    def refuse_writes(path: str) -> None:
        if failing(READ_ONLY) and not path.endswith("-shm"):
            raise FuseOSError(errno.EROFS)

    class SlowPassthrough(Operations):  # type: ignore[misc]
        def _full(self, path: str) -> str:
            return os.path.join(backing, path.lstrip("/"))

        def access(self, path: str, mode: int) -> None:
            if not os.access(self._full(path), mode):
                raise FuseOSError(errno.EACCES)

        def chmod(self, path: str, mode: int) -> None:
            os.chmod(self._full(path), mode)

        def chown(self, path: str, uid: int, gid: int) -> None:
            os.chown(self._full(path), uid, gid)

        def getattr(self, path: str, fh: int | None = None) -> dict[str, Any]:
            st = os.fstat(fh) if fh is not None else os.lstat(self._full(path))
            keys = ("st_atime", "st_ctime", "st_gid", "st_mode", "st_mtime", "st_nlink", "st_size", "st_uid")
            return {key: getattr(st, key) for key in keys}

        def readdir(self, path: str, fh: int) -> list[str]:
            return [".", "..", *os.listdir(self._full(path))]

        def mkdir(self, path: str, mode: int) -> None:
            os.mkdir(self._full(path), mode)

        def rmdir(self, path: str) -> None:
            os.rmdir(self._full(path))

        def unlink(self, path: str) -> None:
            os.unlink(self._full(path))

        def rename(self, old: str, new: str) -> None:
            os.rename(self._full(old), self._full(new))

        def statfs(self, path: str) -> dict[str, Any]:
            st = os.statvfs(self._full(path))
            keys = ("f_bavail", "f_bfree", "f_blocks", "f_bsize", "f_favail", "f_ffree", "f_files", "f_flag")
            return {key: getattr(st, key) for key in (*keys, "f_frsize", "f_namemax")}

        def utimens(self, path: str, times: tuple[float, float] | None = None) -> None:
            os.utime(self._full(path), times)

        def open(self, path: str, flags: int) -> int:
            return os.open(self._full(path), flags)

        def create(self, path: str, mode: int, fi: Any = None) -> int:
            refuse_writes(path)
            return os.open(self._full(path), os.O_RDWR | os.O_CREAT, mode)

        def read(self, path: str, size: int, offset: int, fh: int) -> bytes:
            return os.pread(fh, size, offset)

        def write(self, path: str, data: bytes, offset: int, fh: int) -> int:
            refuse_writes(path)
            return os.pwrite(fh, data, offset)

        def truncate(self, path: str, length: int, fh: int | None = None) -> None:
            refuse_writes(path)
            if fh is not None:
                os.ftruncate(fh, length)
            else:
                os.truncate(self._full(path), length)

        def flush(self, path: str, fh: int) -> None:
            return None

        def release(self, path: str, fh: int) -> None:
            os.close(fh)

        def fsync(self, path: str, datasync: int, fh: int) -> None:
            time.sleep(fsync_s)
            while failing(HANG):
                time.sleep(0.01)
            refuse_writes(path)
            (os.fdatasync if datasync else os.fsync)(fh)

        def fsyncdir(self, path: str, datasync: int, fh: int) -> None:
            time.sleep(fsync_s)

    return SlowPassthrough()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("backing", help="the folder whose files the slow disk shows")
    parser.add_argument("mount", help="where to mount it")
    parser.add_argument("--fsync-ms", type=float, default=120.0, help="milliseconds added to every fsync")
    parser.add_argument("--control", help="the folder whose files make it fail (`Card`)")
    args = parser.parse_args()
    from fuse import FUSE

    FUSE(
        _passthrough(os.path.abspath(args.backing), args.fsync_ms / 1000, args.control),
        args.mount,
        foreground=True,
        nothreads=False,
        attr_timeout=0,
        entry_timeout=0,
        negative_timeout=0,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
