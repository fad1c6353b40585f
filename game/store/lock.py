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


#: The file whose lock says "a running game uses this data folder" (``FolderClaim``).
IN_USE_FILE = "in-use.lock"

# The claims this process holds, by folder: (file descriptor, claims made). A second claim
# from the same process (a second Store on the folder) shares the first.
_claims: dict[Path, tuple[int, int]] = {}


class FolderClaim:
    """A running game's claim on its data folder, so that a second instance of the game
    on the same folder knows it is not alone (and does not overwrite the first one's
    autosave). It is a lock on ``IN_USE_FILE`` that the OS drops when the process ends,
    however it ends: it never goes stale. Never raises: a folder where no lock can be
    made is treated as free (the lock is a courtesy between instances, not a guard)."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / IN_USE_FILE
        self.held = False

    def take(self) -> bool:
        """Claim the folder now if no other process holds it; whether this process
        holds it (again) after the call."""
        if self.held:
            return True
        key = _key(self.path)
        if key in _claims:
            fd, count = _claims[key]
            _claims[key] = (fd, count + 1)
            self.held = True
            return True
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError:
            return True  # nowhere to keep a lock: nothing to tell the instances apart
        if not _acquire(fd, 0.0):
            os.close(fd)
            return False
        _claims[key] = (fd, 1)
        self.held = True
        return True

    def release(self) -> None:
        """Give the folder up (the game closes its store)."""
        if not self.held:
            return
        self.held = False
        key = _key(self.path)
        fd, count = _claims.get(key, (-1, 0))
        if count > 1:
            _claims[key] = (fd, count - 1)
            return
        _claims.pop(key, None)
        if fd >= 0:
            _release(fd)
            with contextlib.suppress(OSError):
                os.close(fd)


def _key(path: Path) -> Path:
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        return path
