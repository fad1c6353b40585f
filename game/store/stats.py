"""Match statistics in SQLite (``stats.sqlite3``): matches and their hands, and the
per-variant / per-opponent-level figures the statistics screen shows.

The connection uses a busy ``timeout`` and WAL journaling so that two instances of
the game can share the file; the schema version lives in ``PRAGMA user_version``.
A corrupt (or newer) database is moved aside and a fresh one created. A database that
cannot be written for want of room (a full disk, a file-size limit) is no damage: it is
kept, what it holds stays in view (read into memory), a result that cannot be written is
said so, and the file is tried again for the next one.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TypeVar

from game.store.atomic import file_kind, move_aside
from game.store.messages import MessageLog
from game.store.seats import COMPUTER_KINDS
from game.store.stats_rows import (
    MAX_HINTS,
    MAX_KEY_LENGTH,
    NO_COMPUTER,
    AccuracyRecord,
    HandRecord,
    MatchRecord,
    StatLine,
    accuracy_row,
    empty_line,
    hand_from_row,
    match_from_row,
    match_rows,
    stat_lines,
    utc,
)
from game.store.stats_schema import (
    COMPANIONS,
    MIGRATIONS,
    STATS_SCHEMA,
    is_circumstantial,
    is_corrupt,
    is_damage,
    prepare,
    sqlite_problem,
    transaction,
)

__all__ = ["MAX_HINTS", "MAX_KEY_LENGTH", "MIGRATIONS", "NO_COMPUTER", "STATS_SCHEMA",
           "AccuracyRecord", "HandRecord", "MatchRecord", "StatLine", "StatsStore"]

T = TypeVar("T")
BUSY_TIMEOUT_SECONDS = 10.0


class StatsStore:
    """Record matches and compute statistics; database problems never escape."""

    def __init__(
        self, path: Path, messages: MessageLog, *, timeout: float = BUSY_TIMEOUT_SECONDS
    ) -> None:
        self.path = path
        self.timeout = timeout
        self._messages = messages
        self.in_memory = False
        #: the file could be read but not written (no room): its content is shown from a
        #: copy in memory, and each write tries the file again first
        self.read_only = False
        #: why the last call failed, in SQLite's words ("database or disk is full"), or
        #: ``None`` if it did not: for the player's notice of a result not written
        self.last_problem: str | None = None
        self._unwritable_reason: str | None = None
        self._reported: set[str] = set()
        self._lock = threading.RLock()  # one connection, usable from any thread
        self._conn = self._open()

    # -- writing ---------------------------------------------------------------------

    def record_match(self, record: MatchRecord) -> int | None:
        """Store a finished match and its hands; its id, or ``None`` (with a message) if
        the database could not be written. ``ValueError`` for a malformed record. A match
        whose ``key`` is recorded already is not recorded again: its first id."""
        match_row, hand_rows = match_rows(record)

        def insert(conn: sqlite3.Connection) -> int:
            with transaction(conn):
                if record.key is not None:
                    known = conn.execute("SELECT id FROM matches WHERE match_key = ?",
                                         (record.key,)).fetchone()
                    if known is not None:
                        return int(known[0])
                cursor = conn.execute(
                    "INSERT INTO matches (variant, options, seats, scores, winner_seat,"
                    " started_at, finished_at, duration_seconds, higher_is_better, hints,"
                    " match_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    match_row,
                )
                match_id = cursor.lastrowid
                conn.executemany(
                    "INSERT INTO hands (match_id, hand_number, scores, winner_seat,"
                    " started_at, finished_at, duration_seconds) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [(match_id, *row) for row in hand_rows],
                )
            assert match_id is not None
            return match_id

        return self._run(insert, None, "recording the match", writes=True)

    def clear(self) -> bool:
        """Forget every match (the UI asks first). False if it could not be done."""

        def delete(conn: sqlite3.Connection) -> bool:
            with transaction(conn):
                conn.execute("DELETE FROM hands")
                conn.execute("DELETE FROM matches")
                conn.execute("DELETE FROM accuracy")
            return True

        return self._run(delete, False, "clearing the statistics", writes=True)

    def record_accuracy(self, record: AccuracyRecord) -> bool:
        """Keep a reviewed hand's accuracy (replacing an earlier review of the same hand);
        False (with a message) if the database could not be written, ``ValueError`` for a
        malformed record."""
        row = accuracy_row(record)

        def insert(conn: sqlite3.Connection) -> bool:
            with transaction(conn):
                conn.execute(
                    "INSERT OR REPLACE INTO accuracy (hand_key, variant, accuracy, reviewed_at)"
                    " VALUES (?, ?, ?, ?)", row)
            return True

        return self._run(insert, False, "recording the review", writes=True)

    def accuracies(self, limit: int | None = None) -> list[AccuracyRecord]:
        """Reviewed hands' accuracy, oldest first (the last ``limit`` if given)."""

        def select(conn: sqlite3.Connection) -> list[AccuracyRecord]:
            rows = conn.execute(
                "SELECT hand_key, variant, accuracy, reviewed_at FROM accuracy"
                " ORDER BY reviewed_at DESC, id DESC LIMIT ?",
                (-1 if limit is None else limit,),
            ).fetchall()
            found = []
            for key, variant, accuracy, at in reversed(rows):
                with contextlib.suppress(ValueError, TypeError):
                    found.append(AccuracyRecord(str(key), str(variant), float(accuracy),
                                                utc(datetime.fromisoformat(at))))
            return found

        return self._run(select, [], "reading the reviews")

    # -- reading ---------------------------------------------------------------------

    def matches(self, limit: int | None = None) -> list[MatchRecord]:
        """Recorded matches with their hands, newest first."""

        def select(conn: sqlite3.Connection) -> list[MatchRecord]:
            rows = conn.execute(
                "SELECT id, variant, options, seats, scores, winner_seat, started_at,"
                " finished_at, duration_seconds, higher_is_better, hints FROM matches"
                " ORDER BY finished_at DESC, id DESC LIMIT ?",
                (-1 if limit is None else limit,),
            ).fetchall()
            hands: dict[int, list[HandRecord]] = {}
            for row in conn.execute(
                "SELECT match_id, hand_number, scores, winner_seat, started_at, finished_at,"
                " duration_seconds FROM hands ORDER BY match_id, hand_number"
            ):
                with contextlib.suppress(ValueError, TypeError):
                    hands.setdefault(row[0], []).append(hand_from_row(row[1:]))
            found = []
            for row in rows:
                try:
                    found.append(match_from_row(row, hands.get(row[0], [])))
                except (ValueError, TypeError):
                    self._report(f"match {row[0]} is unreadable; it is left out")
            return found

        return self._run(select, [], "reading the statistics")

    def match_count(self) -> int:
        """How many matches are recorded."""
        return self._run(
            lambda conn: int(conn.execute("SELECT COUNT(*) FROM matches").fetchone()[0]),
            0,
            "reading the statistics",
        )

    def players(self) -> list[str]:
        """The names of the human seats recorded, most games first (then by name): whose
        statistics there are to show."""
        games: dict[str, int] = {}
        for record in self.matches():
            for name in {seat.name for seat in record.seats if seat.is_human}:
                games[name] = games.get(name, 0) + 1
        return sorted(games, key=lambda name: (-games[name], name))

    def overall(self, player: str | None = None) -> StatLine:
        """Figures over every match of ``player`` (the human seats of that name; every
        human seat if None)."""
        lines = stat_lines(self._chronological(), lambda record: ["all"], player)
        return lines[0] if lines else empty_line("all")

    def by_variant(self, player: str | None = None) -> list[StatLine]:
        """One line per variant id, by id (``player`` as in ``overall``)."""
        return stat_lines(self._chronological(), lambda record: [record.variant], player)

    def by_opponent_level(self, player: str | None = None) -> list[StatLine]:
        """One line per computer level met (a match counts once for each level at the
        table); ``"none"`` for matches between humans only (``player`` as in
        ``overall``)."""

        def levels(record: MatchRecord) -> list[str]:
            kinds = [kind for kind in COMPUTER_KINDS if any(s.kind == kind for s in record.seats)]
            return kinds or [NO_COMPUTER]

        order = {key: n for n, key in enumerate((*COMPUTER_KINDS, NO_COMPUTER))}
        return sorted(stat_lines(self._chronological(), levels, player),
                      key=lambda line: order[line.key])

    def close(self) -> None:
        """Close the database connection."""
        with self._lock, contextlib.suppress(sqlite3.Error):
            self._conn.close()

    # -- plumbing --------------------------------------------------------------------

    def _chronological(self) -> list[MatchRecord]:
        return list(reversed(self.matches()))

    def _run(self, action: Callable[[sqlite3.Connection], T], fallback: T, what: str,
             *, writes: bool = False) -> T:
        with self._lock:
            self.last_problem = None
            if writes and self.read_only and not self._writable_again():
                self._not_written(what, self._unwritable_reason or "no room to write")
                return fallback
            return self._run_locked(action, fallback, what, writes)

    def _run_locked(self, action: Callable[[sqlite3.Connection], T], fallback: T, what: str,
                    writes: bool) -> T:
        for attempt in range(2):
            try:
                return action(self._conn)
            except sqlite3.DatabaseError as exc:
                if attempt == 0 and is_corrupt(exc) and not (self.in_memory or self.read_only):
                    self._recover(f"is damaged ({exc})", "corrupt")
                    continue
                if writes and is_circumstantial(exc):
                    self._not_written(what, str(exc))
                else:
                    self.last_problem = str(exc)
                    self._report(f"{what} failed ({exc})")
                return fallback
            # odd content, not our rows; OverflowError: a number too large for SQLite
            except (sqlite3.Error, ValueError, TypeError, OverflowError) as exc:
                self.last_problem = str(exc)
                self._report(f"{what} failed ({exc})")
                return fallback
        return fallback

    def _not_written(self, what: str, reason: str) -> None:
        """A write refused for want of room (or another passing cause): nothing of the
        file is lost, and the next write tries again."""
        self.last_problem = reason
        self._report(f"{what}: could not be written ({reason}); the statistics kept so far "
                     "are unchanged, and the file is tried again at the next write")

    def _unwritable(self, exc: sqlite3.Error) -> sqlite3.Connection:
        """The file cannot be written now (a full disk, a file-size limit, ...): show what
        it holds from a copy in memory, keep the file as it is; in memory only if it
        cannot even be read."""
        copy = self._read_into_memory()
        if copy is None:
            return self._memory(f"cannot be used ({exc})")
        self.read_only = True
        self._unwritable_reason = str(exc)
        self._messages.add(
            self.path, f"cannot be written now ({exc}); what it holds is kept and shown, "
            "and writing is tried again with each new result")
        return copy

    def _read_into_memory(self) -> sqlite3.Connection | None:
        """A copy in memory of what the file holds, read without writing anything beside
        it: read-only, else as unchanging (no ``-shm`` index to make, which a full disk
        refuses; a ``-wal`` not yet written back is then not read). ``None`` if it cannot
        be read, or is not a statistics database this version reads."""
        uri = self.path.absolute().as_uri()
        for flags in ("mode=ro", "mode=ro&immutable=1"):
            source = memory = None
            try:
                source = sqlite3.connect(f"{uri}?{flags}", uri=True, timeout=self.timeout,
                                         check_same_thread=False)
                memory = sqlite3.connect(":memory:", isolation_level=None,
                                         check_same_thread=False)
                source.backup(memory)
                if prepare(memory) is None:
                    return memory
            except (sqlite3.Error, OSError, ValueError, UnicodeDecodeError):
                pass
            finally:
                if source is not None:
                    source.close()
            if memory is not None:
                memory.close()
        return None

    def _writable_again(self) -> bool:
        """Try the file again (a result to write): True, and it is used from now on, if it
        can be written now."""
        try:
            conn = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None,
                                   check_same_thread=False)
        except (OSError, sqlite3.Error):
            return False
        try:
            problem = prepare(conn)
        except (sqlite3.Error, ValueError, UnicodeDecodeError) as exc:
            self._unwritable_reason = str(exc)
            problem = ("", "")
        if problem is not None:
            conn.close()
            return False
        with contextlib.suppress(sqlite3.Error):
            self._conn.close()
        self._conn = conn
        self.read_only = False
        return True

    def _open(self) -> sqlite3.Connection:
        self._set_aside_odd_companions()
        for _attempt in range(3):
            not_sqlite = sqlite_problem(self.path)
            if not_sqlite is not None:
                self._set_aside(not_sqlite, "corrupt")
                continue
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                conn = sqlite3.connect(
                    self.path,
                    timeout=self.timeout,
                    isolation_level=None,
                    check_same_thread=False,
                )
            except (OSError, sqlite3.Error) as exc:
                return self._memory(f"cannot be opened ({exc})")
            try:
                problem = prepare(conn)
            except sqlite3.DatabaseError as exc:
                conn.close()
                if not is_damage(exc):
                    return self._unwritable(exc)
                problem = (f"is damaged ({exc})", "corrupt")
            except UnicodeDecodeError:  # SQLite's error message quotes garbled names
                conn.close()
                problem = ("is damaged (garbled schema)", "corrupt")
            except (sqlite3.Error, ValueError) as exc:
                conn.close()
                return self._memory(f"cannot be used ({exc})")
            if problem is None:
                return conn
            conn.close()
            self._set_aside(*problem)
        return self._memory("keeps failing to open")

    def _set_aside_odd_companions(self) -> None:
        """A folder, pipe or device where SQLite keeps its journal would block or fail
        every write: move it aside (a journal of a file that is not ours is no use)."""
        for suffix in COMPANIONS:
            companion = self.path.with_name(self.path.name + suffix)
            try:
                kind = file_kind(os.stat(companion).st_mode)
            except OSError:
                continue
            if kind is None:
                continue
            try:
                target = move_aside(companion, "corrupt")
            except OSError as exc:
                self._report(f"{companion.name} is {kind}; it could not be moved aside ({exc})")
            else:
                self._messages.add(
                    companion, f"is {kind}, not a file; it was kept as {target.name}"
                )

    def _recover(self, problem: str, tag: str) -> None:
        self.close()
        self._set_aside(problem, tag)
        self._conn = self._open()

    def _set_aside(self, problem: str, tag: str) -> None:
        try:
            target = move_aside(self.path, tag)
        except FileNotFoundError:
            self._report(f"{problem}; a new database was started")
            return
        except OSError as exc:
            self._report(f"{problem}; it could not be moved aside ({exc})")
            return
        for suffix in COMPANIONS:
            companion = self.path.with_name(self.path.name + suffix)
            with contextlib.suppress(OSError):
                companion.rename(target.with_name(target.name + suffix))
        self._messages.add(
            self.path, f"{problem}; it was kept as {target.name} and a new database started"
        )

    def _report(self, problem: str) -> None:
        if problem not in self._reported:
            self._reported.add(problem)
            self._messages.add(self.path, problem)

    def _memory(self, problem: str) -> sqlite3.Connection:
        self._messages.add(self.path, f"{problem}; statistics will not be kept this session")
        self.in_memory = True
        conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        prepare(conn)
        return conn
