"""An advisory cross-process lock around read-modify-write of a shared file.

The lock is held on ``NAME.lock`` with ``fcntl.flock`` (POSIX) or ``msvcrt.locking``
(Windows); the OS releases it if the process dies, so it never goes stale. If it
cannot be taken within the timeout the caller proceeds anyway: writes stay atomic,
only a concurrent change might be overwritten.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterator
from pathlib import Path

LOCK_SUFFIX = ".lock"

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]
try:
    import msvcrt
except ImportError:  # POSIX
    msvcrt = None  # type: ignore[assignment]


@contextlib.contextmanager
def locked(path: Path, timeout: float = 10.0) -> Iterator[bool]:
    """Hold the lock for ``path``; yields whether it was actually taken."""
    lock_path = path.with_name(path.name + LOCK_SUFFIX)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        yield False
        return
    try:
        taken = _acquire(fd, timeout)
        try:
            yield taken
        finally:
            if taken:
                _release(fd)
    finally:
        os.close(fd)


def _acquire(fd: int, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while True:
        try:
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            elif msvcrt is not None:
                os.lseek(fd, 0, os.SEEK_SET)
                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            return True
        except OSError:
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.01)


def _release(fd: int) -> None:
    with contextlib.suppress(OSError):
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_UN)
        elif msvcrt is not None:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
