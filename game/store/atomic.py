"""Crash-safe file operations: atomic replace with a ``.bak`` of the previous version,
size-limited reads, and moving bad files aside (never deleting them).
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import shutil
import stat
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

BACKUP_SUFFIX = ".bak"
TEMP_SUFFIX = ".tmp"
#: A temporary file older than this is a leftover of a killed writer, whoever made it.
STALE_TEMP_SECONDS = 600.0
#: A temporary file of a process that no longer runs is removed after this grace.
DEAD_WRITER_GRACE_SECONDS = 30.0
# Temporary files are ``.NAME.PID.RANDOM.tmp`` (RANDOM: mkstemp's 8 characters or
# ``secrets.token_hex(4)``); the sweep touches hidden ``.tmp`` files only, and reads a
# writer's process id only from a name of exactly this form.
_WRITER_PID = re.compile(r"\.(?P<pid>[1-9]\d{0,9})\.[a-z0-9_]{8}" + re.escape(TEMP_SUFFIX) + "$")
_REPLACE_RETRIES = 20  # Windows refuses to replace a file another process has open


class FileTooLarge(OSError):
    """A file is bigger than the limit for its kind."""

    def __init__(self, path: Path, size: int, limit: int) -> None:
        super().__init__(f"{path} is {size} bytes; the limit is {limit}")
        self.size = size
        self.limit = limit


def backup_path(path: Path) -> Path:
    """Where the previous version of ``path`` is kept."""
    return path.with_name(path.name + BACKUP_SUFFIX)


def atomic_write_bytes(path: Path, data: bytes, *, keep_backup: bool = True) -> None:
    """Replace ``path`` with ``data`` so that readers only ever see the old or the new file.

    The data goes to a temporary file in the same folder, is flushed and fsynced, the
    current file is kept as ``NAME.bak``, then the temporary file is renamed over ``path``.
    """
    directory = path.parent
    directory.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(
        prefix=f".{path.name}.{os.getpid()}.", suffix=TEMP_SUFFIX, dir=directory
    )
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        with contextlib.suppress(OSError):
            shutil.copymode(path, tmp)
        if keep_backup:
            _keep_previous(path)
        _replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    _fsync_dir(directory)


class NotARegularFile(OSError):
    """Something other than a plain file (a folder, named pipe, device...) is at a path."""

    def __init__(self, path: Path, kind: str) -> None:
        super().__init__(f"{path} is {kind}, not a file")
        self.kind = kind


def file_kind(mode: int) -> str | None:
    """What a ``st_mode`` is, in words, if it is not a regular file; else ``None``."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def open_for_reading(path: Path) -> int:
    """A read-only descriptor of ``path`` opened without blocking (a named pipe with no
    writer would otherwise block ``open`` forever); check ``fstat`` before reading."""
    return os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))


def read_limited(path: Path, limit: int) -> bytes:
    """The bytes of ``path``; ``FileTooLarge`` if it holds more than ``limit`` bytes,
    ``NotARegularFile`` for a folder, named pipe, device... (never blocks on one)."""
    with os.fdopen(open_for_reading(path), "rb") as handle:
        info = os.fstat(handle.fileno())
        kind = file_kind(info.st_mode)
        if kind is not None:
            raise NotARegularFile(path, kind)
        if info.st_size > limit:
            raise FileTooLarge(path, info.st_size, limit)
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise FileTooLarge(path, len(data), limit)
    return data


def move_aside(path: Path, tag: str = "corrupt") -> Path:
    """Rename ``path`` to ``NAME.TAG-YYYYMMDDTHHMMSS`` (``-N`` added if taken); return that."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
    base = f"{path.name}.{tag}-{stamp}"
    for n in range(1, 1000):
        target = path.with_name(base if n == 1 else f"{base}-{n}")
        if os.path.lexists(target):
            continue
        try:
            os.rename(path, target)
        except FileExistsError:  # Windows, or a race with another instance
            continue
        return target
    raise FileExistsError(f"no free name to move {path} aside")


def remove_file(path: Path) -> bool:
    """Delete ``path`` if it is there; True if something was deleted."""
    try:
        path.unlink()
    except FileNotFoundError:
        return False
    return True


def clean_stale_temps(
    directory: Path,
    max_age_seconds: float = STALE_TEMP_SECONDS,
    dead_grace_seconds: float = DEAD_WRITER_GRACE_SECONDS,
) -> list[Path]:
    """Remove temporary files of this store's naming left by interrupted writes: those
    older than ``max_age_seconds``, and those whose writer (the process id in the name)
    no longer runs, after ``dead_grace_seconds``. Returns what was removed."""
    now = time.time()
    removed: list[Path] = []
    with contextlib.suppress(OSError):
        for entry in os.scandir(directory):
            if not (entry.name.startswith(".") and entry.name.endswith(TEMP_SUFFIX)):
                continue
            with contextlib.suppress(OSError):
                info = entry.stat(follow_symlinks=False)
                if not stat.S_ISREG(info.st_mode):
                    continue
                age = now - info.st_mtime
                writer = _WRITER_PID.search(entry.name)
                dead = writer is not None and not _process_alive(int(writer.group("pid")))
                if age > max_age_seconds or (dead and age > dead_grace_seconds):
                    os.unlink(entry.path)
                    removed.append(Path(entry.path))
    return removed


def _process_alive(pid: int) -> bool:
    """True unless ``pid`` surely runs no process on this machine (POSIX only: elsewhere
    nothing is known and the age rule alone applies)."""
    if os.name != "posix" or pid <= 0:
        return True
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # e.g. another user's process: it exists
        return True
    return True


def _keep_previous(path: Path) -> None:
    """Make ``NAME.bak`` a copy of the current ``path`` (atomically), if there is one."""
    if not path.is_file():
        return
    bak = backup_path(path)
    staging = path.with_name(f".{bak.name}.{os.getpid()}.{secrets.token_hex(4)}{TEMP_SUFFIX}")
    try:
        try:
            os.link(path, staging)
        except FileNotFoundError:
            return  # replaced or removed by another instance meanwhile
        except OSError:  # no hard links on this file system
            try:
                shutil.copyfile(path, staging)
            except FileNotFoundError:
                return
            with open(staging, "rb+") as handle:
                os.fsync(handle.fileno())
        _replace(staging, bak)
        # If another writer made NAME.bak a link to the same file meanwhile, the rename
        # above did nothing (POSIX) and left ``staging`` behind: remove our link.
        with contextlib.suppress(FileNotFoundError):
            staging.unlink()
    except BaseException:
        with contextlib.suppress(OSError):
            staging.unlink()
        raise


def _replace(source: Path, target: Path) -> None:
    for attempt in range(_REPLACE_RETRIES):
        try:
            os.replace(source, target)
            return
        except PermissionError:
            if os.name != "nt" or attempt == _REPLACE_RETRIES - 1:
                raise
            time.sleep(0.05)


def _fsync_dir(directory: Path) -> None:
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
