"""No room to write is not damage (issue 49, points 1 and 2).

A data folder on a full file system, or a game run under a file-size limit (``ulimit -f``,
``RLIMIT_FSIZE``), cannot write its statistics. The database is kept where it is, never moved
aside as damaged, the matches it holds stay in the game's view, the player is told that the
new result could not be written, and the next time there is room it is written again.
Settings and saves are untouched throughout.

The full disk is a real one where the test may mount a small ``tmpfs`` (root with the right
to mount, as on a developer's machine or a CI runner); elsewhere the same story is told with
SQLite answering ``SQLITE_FULL`` ("database or disk is full") to every connection that may
write, which is what a full disk makes of the first write-capable access to a WAL database
(its ``-shm`` index cannot grow). The file-size limit is real everywhere: it is set in a
child process (``store_worker.py no-room``).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from game.store import MatchRecord, Seat, Store

ROOT = Path(__file__).resolve().parents[2]
WORKER = Path(__file__).with_name("store_worker.py")
T0 = datetime(2026, 3, 1, 12, tzinfo=UTC)


def _match(n: int) -> MatchRecord:
    start = T0 + timedelta(hours=n)
    return MatchRecord("machiavelli", [Seat("You", "human"), Seat("Ada", "medium")], [10 + n, 5],
                       0, start, start + timedelta(minutes=30))


def _three_matches_and_a_save(data: Path) -> dict[str, bytes]:
    """A player's data folder: statistics of 3 matches, settings, a save. Returns the
    settings' and saves' bytes, to be found unchanged afterwards."""
    with Store.open(data) as store:
        for n in range(3):
            assert store.stats.record_match(_match(n)) is not None
        store.settings.card_back = "red"
        assert store.save_settings()
        store.saves.write("evening", {"table": [["AH", "2H", "3H"]]},
                          {"variant": "machiavelli", "players": ["You", "Ada"],
                           "scores": [1, 2], "hand": 1})
        assert not store.messages
    return _kept_files(data)


def _kept_files(data: Path) -> dict[str, bytes]:
    return {str(path.relative_to(data)): path.read_bytes()
            for path in sorted(data.rglob("*.json"))}


def _nothing_set_aside(data: Path) -> None:
    aside = [path.name for path in data.rglob("*") if ".corrupt-" in path.name
             or ".foreign-" in path.name or ".newer-" in path.name]
    assert not aside, f"moved aside: {aside}"
    assert (data / "stats.sqlite3").is_file()


def _the_match_count_after_room_is_back(data: Path, expected: int) -> None:
    """With room again: the matches are all there, and a new result is written."""
    with Store.open(data) as store:
        assert store.stats.match_count() == expected, [str(m) for m in store.messages]
        assert not store.stats.in_memory
        assert store.stats.record_match(_match(9)) is not None
        assert store.stats.match_count() == expected + 1
        assert not store.messages, [str(m) for m in store.messages]


# ------------------------------------------------------------------ point 1: a full disk


@contextlib.contextmanager
def _small_file_system(where: Path) -> Iterator[bool]:
    """A 1 MB tmpfs mounted at ``where`` (True), or just a folder (False) where mounting
    is not possible here."""
    where.mkdir()
    mounted = False
    if (os.name == "posix" and os.geteuid() == 0 and shutil.which("mount")
            and not os.environ.get("STORE_TESTS_NO_MOUNT")):  # set: try the other way
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(where)],
                              capture_output=True, check=False, timeout=30)
        mounted = done.returncode == 0
    try:
        yield mounted
    finally:
        if mounted and subprocess.run(["umount", str(where)], capture_output=True,
                                      check=False, timeout=30).returncode:
            subprocess.run(["umount", "-l", str(where)], capture_output=True, check=False,
                           timeout=30)


def _fill(root: Path, leave: int) -> Path:
    """Fill the file system of ``root`` but ``leave`` bytes."""
    filler = root / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    try:
        for block in (65536, 4096, 1):
            with contextlib.suppress(OSError):
                while os.write(fd, b"\0" * block):
                    pass
    finally:
        os.close(fd)
    size = filler.stat().st_size
    os.truncate(filler, max(0, size - leave))
    return filler


class _Full:
    """SQLite on a full disk, where no disk can be mounted: every connection that may
    write answers SQLITE_FULL at its first statement; read-only ones read."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.monkeypatch = monkeypatch
        self.real = sqlite3.connect

    def __enter__(self) -> None:
        real = self.real

        class FullConnection(sqlite3.Connection):
            def execute(self, *args: Any, **kwargs: Any) -> sqlite3.Cursor:
                error = sqlite3.OperationalError("database or disk is full")
                error.sqlite_errorcode = 13  # type: ignore[attr-defined]  # SQLITE_FULL
                error.sqlite_errorname = "SQLITE_FULL"  # type: ignore[attr-defined]
                raise error

        def connect(database: Any, *args: Any, **kwargs: Any) -> sqlite3.Connection:
            read_only = kwargs.get("uri") and "mode=ro" in str(database)
            if str(database) == ":memory:" or read_only:
                return real(database, *args, **kwargs)
            return real(database, *args, factory=FullConnection, **kwargs)

        self.monkeypatch.setattr(sqlite3, "connect", connect)

    def __exit__(self, *exc: object) -> None:
        self.monkeypatch.setattr(sqlite3, "connect", self.real)


@pytest.mark.parametrize("free", [0, 1024, 8192])
def test_a_full_disk_keeps_the_statistics_and_says_the_result_was_not_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, free: int) -> None:
    with _small_file_system(tmp_path / "disk") as mounted:
        data = tmp_path / "disk" / "data"
        kept = _three_matches_and_a_save(data)
        with contextlib.ExitStack() as full:
            if mounted:
                full.callback((_fill(tmp_path / "disk", free)).unlink)
            else:
                full.enter_context(_Full(monkeypatch))
            with Store.open(data) as store:
                # the game's view: the matches are still there this session
                assert store.stats.match_count() == 3
                assert store.stats.overall().games == 3
                assert store.stats.record_match(_match(3)) is None
                problems = [m.problem for m in store.messages if m.path.name == "stats.sqlite3"]
                assert problems, "the player is not told"
                assert any("could not be written" in problem for problem in problems), problems
                assert not any("damaged" in problem for problem in problems), problems
                assert store.stats.match_count() == 3
            _nothing_set_aside(data)
        assert _kept_files(data) == kept
        _the_match_count_after_room_is_back(data, 3)
        assert _kept_files(data) == kept


def test_a_disk_that_fills_during_the_session_keeps_the_statistics(tmp_path: Path) -> None:
    with _small_file_system(tmp_path / "disk") as mounted:
        if not mounted:
            pytest.skip("needs a small file system to mount (root)")
        data = tmp_path / "disk" / "data"
        kept = _three_matches_and_a_save(data)
        with Store.open(data) as store:
            assert store.stats.match_count() == 3
            filler = _fill(tmp_path / "disk", 0)
            for n in range(3, 6):  # match after match, none of which can be written
                store.stats.record_match(_match(n))
            assert store.stats.match_count() >= 3
            problems = [m.problem for m in store.messages]
            assert all("could not be written" in problem for problem in problems), problems
        filler.unlink()
        _nothing_set_aside(data)
        assert _kept_files(data) == kept
        with Store.open(data) as store:
            assert store.stats.match_count() >= 3


# ---------------------------------------------------------- point 2: a file-size limit


def _under_a_limit(data: Path, limit: int) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, str(WORKER), "no-room", str(data), str(limit)],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=120,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    return dict(json.loads(done.stdout.splitlines()[-1]))


@pytest.mark.skipif(not hasattr(os, "setrlimit") and sys.platform == "win32",
                    reason="needs RLIMIT_FSIZE")
@pytest.mark.parametrize("limit", [1024, 4096, 16384, 30000])
def test_a_file_size_limit_is_not_damage(tmp_path: Path, limit: int) -> None:
    pytest.importorskip("resource")
    data = tmp_path / "data"
    kept = _three_matches_and_a_save(data)
    seen = _under_a_limit(data, limit)
    assert seen["sigxfsz_ignored"], "a write past the limit would kill the game"
    assert seen["count_at_start"] == 3, seen
    assert seen["recorded"] is None, seen
    assert seen["count_after"] == 3, seen
    problems = seen["problems"]
    assert any("could not be written" in problem for problem in problems), problems
    assert not any("damaged" in problem or "kept as" in problem for problem in problems), problems
    _nothing_set_aside(data)
    assert _kept_files(data) == kept
    # twice: what a failed write left behind is no damage either
    again = _under_a_limit(data, limit)
    assert again["count_at_start"] == 3 and again["count_after"] == 3, again
    _nothing_set_aside(data)
    _the_match_count_after_room_is_back(data, 3)
    assert _kept_files(data) == kept


def test_a_file_size_limit_with_room_for_the_result_writes_it(tmp_path: Path) -> None:
    pytest.importorskip("resource")
    data = tmp_path / "data"
    kept = _three_matches_and_a_save(data)
    seen = _under_a_limit(data, 1 << 24)
    assert seen["recorded"] is not None and seen["count_after"] == 4, seen
    assert seen["problems"] == []
    _nothing_set_aside(data)
    assert _kept_files(data) == kept
