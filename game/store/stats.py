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
import json
import math
import os
import sqlite3
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from game.store.atomic import file_kind, move_aside, open_for_reading
from game.store.messages import MessageLog
from game.store.seats import COMPUTER_KINDS, Seat

T = TypeVar("T")

STATS_SCHEMA = 5
BUSY_TIMEOUT_SECONDS = 10.0
NO_COMPUTER = "none"  # opponent level of a match with human seats only
#: The most hints one match records: far beyond what any match takes, and well inside
#: SQLite's integers (a larger count is damage, refused where a save is read)
MAX_HINTS = 1_000_000
MAX_KEY_LENGTH = 200  # a match's key (``MatchRecord.key``)

# (version reached, statements): applied in order inside one transaction.
MIGRATIONS: list[tuple[int, tuple[str, ...]]] = [
    (
        1,
        (
            """CREATE TABLE matches (
                id INTEGER PRIMARY KEY,
                variant TEXT NOT NULL,
                options TEXT NOT NULL DEFAULT '{}',
                seats TEXT NOT NULL,
                scores TEXT NOT NULL,
                winner_seat INTEGER,
                started_at TEXT NOT NULL,
                finished_at TEXT NOT NULL,
                duration_seconds REAL NOT NULL
            )""",
            """CREATE TABLE hands (
                id INTEGER PRIMARY KEY,
                match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
                hand_number INTEGER NOT NULL,
                scores TEXT NOT NULL,
                winner_seat INTEGER,
                started_at TEXT NOT NULL,
                finished_at TEXT NOT NULL,
                duration_seconds REAL NOT NULL
            )""",
        ),
    ),
    (
        2,
        (
            "ALTER TABLE matches ADD COLUMN higher_is_better INTEGER NOT NULL DEFAULT 1",
            "CREATE INDEX matches_by_finish ON matches(finished_at, id)",
            "CREATE INDEX hands_by_match ON hands(match_id, hand_number)",
        ),
    ),
    (
        3,
        (
            # the coach's review of a hand (game.coach.review): one row per reviewed hand,
            # ``hand_key`` naming it so a second review replaces the first
            """CREATE TABLE accuracy (
                id INTEGER PRIMARY KEY,
                hand_key TEXT NOT NULL UNIQUE,
                variant TEXT NOT NULL,
                accuracy REAL NOT NULL,
                reviewed_at TEXT NOT NULL
            )""",
        ),
    ),
    (
        4,
        (
            # how many hints the human seats took (issue 16.4: a win with hints is marked)
            "ALTER TABLE matches ADD COLUMN hints INTEGER NOT NULL DEFAULT 0",
        ),
    ),
    (
        5,
        (
            # what names the match (issue 50.3): a second record of it is ignored
            "ALTER TABLE matches ADD COLUMN match_key TEXT",
            "CREATE UNIQUE INDEX matches_by_key ON matches(match_key)",
        ),
    ),
]

# The layout this version relies on: column -> (declared type, NOT NULL, primary key).
_COLUMNS: dict[str, dict[str, tuple[str, int, int]]] = {
    "matches": {
        "id": ("INTEGER", 0, 1),
        "variant": ("TEXT", 1, 0),
        "options": ("TEXT", 1, 0),
        "seats": ("TEXT", 1, 0),
        "scores": ("TEXT", 1, 0),
        "winner_seat": ("INTEGER", 0, 0),
        "started_at": ("TEXT", 1, 0),
        "finished_at": ("TEXT", 1, 0),
        "duration_seconds": ("REAL", 1, 0),
        "higher_is_better": ("INTEGER", 1, 0),
        "hints": ("INTEGER", 1, 0),
        "match_key": ("TEXT", 0, 0),
    },
    "hands": {
        "id": ("INTEGER", 0, 1),
        "match_id": ("INTEGER", 1, 0),
        "hand_number": ("INTEGER", 1, 0),
        "scores": ("TEXT", 1, 0),
        "winner_seat": ("INTEGER", 0, 0),
        "started_at": ("TEXT", 1, 0),
        "finished_at": ("TEXT", 1, 0),
        "duration_seconds": ("REAL", 1, 0),
    },
    "accuracy": {
        "id": ("INTEGER", 0, 1),
        "hand_key": ("TEXT", 1, 0),
        "variant": ("TEXT", 1, 0),
        "accuracy": ("REAL", 1, 0),
        "reviewed_at": ("TEXT", 1, 0),
    },
}

_COMPANIONS = ("-wal", "-shm", "-journal")  # SQLite's files beside the database
_SQLITE_CORRUPT = 11
_SQLITE_NOTADB = 26
# Result codes that say nothing about the file's content (busy, locked, I/O, permissions...).
_SQLITE_CIRCUMSTANTIAL = {3, 4, 5, 6, 7, 8, 9, 10, 13, 14, 15, 22, 23}


@dataclass(frozen=True)
class HandRecord:
    """One finished hand: scores by seat (scores of this hand, not running totals)."""

    number: int
    scores: Sequence[int | float]
    winner_seat: int | None
    started_at: datetime
    finished_at: datetime
    duration_seconds: float | None = None  # default: finished_at - started_at


@dataclass(frozen=True)
class MatchRecord:
    """One finished match: ``seats`` and ``scores`` share the seat order."""

    variant: str
    seats: Sequence[Seat]
    scores: Sequence[int | float]
    winner_seat: int | None
    started_at: datetime
    finished_at: datetime
    options: Mapping[str, Any] = field(default_factory=dict)
    hands: Sequence[HandRecord] = ()
    duration_seconds: float | None = None  # default: finished_at - started_at
    higher_is_better: bool = True  # how the variant scores: for "best score"
    hints: int = 0  # hints the human seats took: a win with hints is marked so
    id: int | None = None  # set when read back
    #: names the match (its variant, seed and start): a match is recorded once, a second
    #: record of the same key is ignored (a game killed before its autosave was removed
    #: finishes its last turn again on Continue)
    key: str | None = None


@dataclass(frozen=True)
class AccuracyRecord:
    """A reviewed hand: how much of what it could have put down the player did (percent,
    ``game.coach.review``), ``hand_key`` naming the hand (a second review replaces it)."""

    hand_key: str
    variant: str
    accuracy: float
    reviewed_at: datetime


@dataclass(frozen=True)
class StatLine:
    """Figures for one player (the human seats of that name), or for every human seat,
    over one group of matches.

    A match counts if the player sat at it (a human seat); it is a win if they won.
    ``best_score`` is ``None`` when the group mixes high-wins and low-wins scoring.
    """

    key: str
    games: int
    wins: int
    win_rate: float
    best_score: int | float | None
    average_score: float | None
    longest_win_streak: int
    hint_wins: int = 0  # of ``wins``, those won with hints


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
        match_row, hand_rows = _rows(record)

        def insert(conn: sqlite3.Connection) -> int:
            with _transaction(conn):
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
            with _transaction(conn):
                conn.execute("DELETE FROM hands")
                conn.execute("DELETE FROM matches")
                conn.execute("DELETE FROM accuracy")
            return True

        return self._run(delete, False, "clearing the statistics", writes=True)

    def record_accuracy(self, record: AccuracyRecord) -> bool:
        """Keep a reviewed hand's accuracy (replacing an earlier review of the same hand);
        False (with a message) if the database could not be written, ``ValueError`` for a
        malformed record."""
        row = _accuracy_row(record)

        def insert(conn: sqlite3.Connection) -> bool:
            with _transaction(conn):
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
                                                _utc(datetime.fromisoformat(at))))
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
                    hands.setdefault(row[0], []).append(_hand_from_row(row[1:]))
            found = []
            for row in rows:
                try:
                    found.append(_match_from_row(row, hands.get(row[0], [])))
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
        lines = _group(self._chronological(), lambda record: ["all"], player)
        return lines[0] if lines else _empty_line("all")

    def by_variant(self, player: str | None = None) -> list[StatLine]:
        """One line per variant id, by id (``player`` as in ``overall``)."""
        return _group(self._chronological(), lambda record: [record.variant], player)

    def by_opponent_level(self, player: str | None = None) -> list[StatLine]:
        """One line per computer level met (a match counts once for each level at the
        table); ``"none"`` for matches between humans only (``player`` as in
        ``overall``)."""

        def levels(record: MatchRecord) -> list[str]:
            kinds = [kind for kind in COMPUTER_KINDS if any(s.kind == kind for s in record.seats)]
            return kinds or [NO_COMPUTER]

        order = {key: n for n, key in enumerate((*COMPUTER_KINDS, NO_COMPUTER))}
        return sorted(_group(self._chronological(), levels, player),
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
                if attempt == 0 and _is_corrupt(exc) and not (self.in_memory or self.read_only):
                    self._recover(f"is damaged ({exc})", "corrupt")
                    continue
                if writes and _is_circumstantial(exc):
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
                if _prepare(memory) is None:
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
            problem = _prepare(conn)
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
            not_sqlite = _not_sqlite(self.path)
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
                problem = _prepare(conn)
            except sqlite3.DatabaseError as exc:
                conn.close()
                if not _is_damage(exc):
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
        for suffix in _COMPANIONS:
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
        for suffix in _COMPANIONS:
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
        _prepare(conn)
        return conn


def _not_sqlite(path: Path) -> str | None:
    """Why ``path`` is no (whole) SQLite file, or ``None``. SQLite itself would overwrite
    a tiny file and does not notice a file cut short inside its last page. A folder,
    named pipe or device is never opened (a pipe would block the game forever)."""
    try:
        kind = file_kind(os.stat(path).st_mode)
    except OSError:
        return None
    if kind is not None:
        return f"is {kind}, not a file"
    try:
        with os.fdopen(open_for_reading(path), "rb") as handle:
            info = os.fstat(handle.fileno())
            kind = file_kind(info.st_mode)
            if kind is not None:
                return f"is {kind}, not a file"
            header = handle.read(100)
            size = info.st_size
    except OSError:
        return None
    if size == 0:
        return None  # a new database
    if len(header) < 100 or not header.startswith(b"SQLite format 3\x00"):
        return "is not a SQLite database"
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    if page_size < 512 or page_size & (page_size - 1):
        return None
    if size % page_size:
        return f"is truncated ({size} bytes is not a whole number of {page_size}-byte pages)"
    if _has_content(path, "-wal") or _has_content(path, "-journal"):
        return None  # a checkpoint or rollback to finish: the header may be ahead of the file
    pages = int.from_bytes(header[28:32], "big")
    header_valid = header[92:96] == header[24:28]
    if header_valid and pages * page_size > size:
        return f"is truncated ({size} bytes; its header says {pages * page_size})"
    return None


def _has_content(path: Path, suffix: str) -> bool:
    try:
        return os.path.getsize(path.with_name(path.name + suffix)) > 0
    except OSError:
        return False


def _prepare(conn: sqlite3.Connection) -> tuple[str, str] | None:
    """Set the connection up and migrate; a (problem, tag) if the file must go aside."""
    conn.text_factory = _lenient_text
    conn.execute("PRAGMA foreign_keys = ON")
    # One read snapshot for the version and the table names: another instance setting
    # the file up commits both at once, and must never be seen half-way (version 0 read
    # before its commit, its tables after) as another program's database.
    conn.execute("BEGIN")
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        names = [row[0] for row in conn.execute("SELECT name FROM sqlite_master LIMIT 6")]
    except BaseException:
        # the reason the read failed (a full disk refusing the -shm index...), never the
        # COMMIT's "no transaction is active" after it, which read as damage
        with contextlib.suppress(sqlite3.Error):
            conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
    if version > STATS_SCHEMA:
        return (
            f"was written by a newer version of the game (schema {version}; "
            f"this version reads up to {STATS_SCHEMA})",
            "newer",
        )
    if version == 0 and names:
        # Before anything is written to it: an unversioned file that holds anything at
        # all is another program's database, not an empty one of ours to set up.
        shown = ", ".join(str(name) for name in names[:5])
        more = ", ..." if len(names) > 5 else ""
        return (
            f"is not a statistics database of this game (it holds {shown}{more})",
            "foreign",
        )
    check = [row[0] for row in conn.execute("PRAGMA quick_check").fetchall()]
    if check != ["ok"]:
        first = str(check[0]).strip().splitlines()[-1] if check else "no answer"
        return f"is damaged ({first[:120]})", "corrupt"
    with contextlib.suppress(sqlite3.OperationalError):
        conn.execute("PRAGMA journal_mode = WAL").fetchone()
    if version == STATS_SCHEMA:
        return _layout_problem(conn)
    if version < STATS_SCHEMA:
        with _transaction(conn):
            # Read again under the write lock: another instance may have migrated meanwhile.
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > STATS_SCHEMA:
                raise sqlite3.OperationalError("migrated by a newer version meanwhile")
            for target, statements in MIGRATIONS:
                if version < target:
                    for statement in statements:
                        conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {STATS_SCHEMA:d}")
    return _layout_problem(conn)


def _layout_problem(conn: sqlite3.Connection) -> tuple[str, str] | None:
    """A (problem, tag) if the tables are not laid out the way this version uses them."""
    for table, columns in _COLUMNS.items():
        found = {
            row[1]: (str(row[2]).upper(), row[3], row[5])
            for row in conn.execute(f"PRAGMA table_info({table})")
        }
        if not found:
            return f"has an unexpected layout (no table {table})", "corrupt"
        wrong = sorted(name for name, spec in columns.items() if found.get(name) != spec)
        if wrong:
            return f"has an unexpected layout ({table}: {', '.join(wrong)})", "corrupt"
    links = {(row[2], row[3], row[4]) for row in conn.execute("PRAGMA foreign_key_list(hands)")}
    if links != {("matches", "match_id", "id")}:
        return "has an unexpected layout (hands are not linked to matches)", "corrupt"
    return None


def _lenient_text(data: bytes) -> str:
    return data.decode("utf-8", "replace")


@contextlib.contextmanager
def _transaction(conn: sqlite3.Connection) -> Iterator[None]:
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def _is_circumstantial(exc: sqlite3.DatabaseError) -> bool:
    """Busy, locked, full, I/O, permissions...: nothing about the file's content."""
    code = getattr(exc, "sqlite_errorcode", None)
    return isinstance(code, int) and (code & 0xFF) in _SQLITE_CIRCUMSTANTIAL


def _is_damage(exc: sqlite3.DatabaseError) -> bool:
    """While opening: any error but busy/locked/I-O/permission ones means a bad file."""
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(code, int):
        return (code & 0xFF) not in _SQLITE_CIRCUMSTANTIAL
    return _is_corrupt(exc) or "unsupported file format" in str(exc).lower()


def _is_corrupt(exc: sqlite3.DatabaseError) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(code, int):
        return (code & 0xFF) in (_SQLITE_CORRUPT, _SQLITE_NOTADB)
    text = str(exc).lower()
    return "malformed" in text or "not a database" in text


def _rows(record: MatchRecord) -> tuple[tuple[Any, ...], list[tuple[Any, ...]]]:
    """The database rows of a match and its hands; ``ValueError`` if malformed."""
    if not isinstance(record.variant, str) or not record.variant:
        raise ValueError("a match needs a variant id")
    seats = [Seat.from_json(seat) for seat in record.seats]
    match_scores = _scores(record.scores, len(seats), "match")
    hand_rows = []
    for hand in record.hands:
        hand_rows.append(
            (
                int(hand.number),
                json.dumps(_scores(hand.scores, len(seats), f"hand {hand.number}")),
                _winner(hand.winner_seat, len(seats)),
                _iso(hand.started_at),
                _iso(hand.finished_at),
                _duration(hand.duration_seconds, hand.started_at, hand.finished_at),
            )
        )
    match_row = (
        record.variant,
        json.dumps(dict(record.options), allow_nan=False, sort_keys=True),
        json.dumps([seat.to_json() for seat in seats], ensure_ascii=False),
        json.dumps(match_scores),
        _winner(record.winner_seat, len(seats)),
        _iso(record.started_at),
        _iso(record.finished_at),
        _duration(record.duration_seconds, record.started_at, record.finished_at),
        1 if record.higher_is_better else 0,
        _hints(record.hints),
        _key(record.key),
    )
    return match_row, hand_rows


def _hints(hints: Any) -> int:
    if isinstance(hints, bool) or not isinstance(hints, int) or not 0 <= hints <= MAX_HINTS:
        raise ValueError(f"hints must be a count from 0 to {MAX_HINTS}")
    return hints


def _key(key: Any) -> str | None:
    if key is not None and (not isinstance(key, str) or not 0 < len(key) <= MAX_KEY_LENGTH):
        raise ValueError(f"a match's key must be text of 1-{MAX_KEY_LENGTH} characters")
    return key


def _accuracy_row(record: AccuracyRecord) -> tuple[str, str, float, str]:
    """The database row of a reviewed hand; ``ValueError`` if malformed."""
    if not isinstance(record.hand_key, str) or not 0 < len(record.hand_key) <= 200:
        raise ValueError("a reviewed hand needs a key of 1-200 characters")
    if not isinstance(record.variant, str) or not record.variant:
        raise ValueError("a reviewed hand needs a variant")
    if not _is_number(record.accuracy) or not 0 <= record.accuracy <= 100:
        raise ValueError(f"accuracy must be a percentage, not {record.accuracy!r:.40}")
    return record.hand_key, record.variant, float(record.accuracy), _iso(record.reviewed_at)


def _scores(scores: Sequence[Any], seats: int, what: str) -> list[int | float]:
    values = list(scores)
    if len(values) != seats or not all(_is_number(v) and math.isfinite(v) for v in values):
        raise ValueError(f"the {what} needs one finite score per seat")
    return values


def _winner(winner: int | None, seats: int) -> int | None:
    if winner is None:
        return None
    if isinstance(winner, bool) or not isinstance(winner, int) or not 0 <= winner < seats:
        raise ValueError("the winner must be a seat number or None")
    return winner


def _duration(given: float | None, started: datetime, finished: datetime) -> float:
    if given is None:
        return max(0.0, (_utc(finished) - _utc(started)).total_seconds())
    if not _is_number(given) or not math.isfinite(given) or given < 0:
        raise ValueError("a duration must be a number of seconds")
    return float(given)


def _utc(moment: datetime) -> datetime:
    """Aware UTC; a naive time is taken as local time."""
    return moment.astimezone(UTC)


def _iso(moment: datetime) -> str:
    return _utc(moment).isoformat(timespec="microseconds")


def _hand_from_row(row: Sequence[Any]) -> HandRecord:
    number, scores, winner, started, finished, duration = row
    return HandRecord(
        number=int(number),
        scores=tuple(_json_scores(scores)),
        winner_seat=winner,
        started_at=datetime.fromisoformat(started),
        finished_at=datetime.fromisoformat(finished),
        duration_seconds=float(duration),
    )


def _match_from_row(row: Sequence[Any], hands: list[HandRecord]) -> MatchRecord:
    (match_id, variant, options, seats, scores, winner, started, finished, duration, high,
     hints) = row
    seat_list = tuple(Seat.from_json(seat) for seat in json.loads(seats))
    score_list = tuple(_json_scores(scores))
    options_map = json.loads(options)
    if not isinstance(options_map, dict) or len(score_list) != len(seat_list):
        raise ValueError("malformed match row")
    if winner is not None and not 0 <= winner < len(seat_list):
        raise ValueError("malformed winner")
    return MatchRecord(
        id=match_id,
        variant=str(variant),
        seats=seat_list,
        scores=score_list,
        winner_seat=winner,
        started_at=datetime.fromisoformat(started),
        finished_at=datetime.fromisoformat(finished),
        options=options_map,
        hands=tuple(hands),
        duration_seconds=float(duration),
        higher_is_better=bool(high),
        hints=int(hints),
    )


def _json_scores(text: str) -> list[int | float]:
    values = json.loads(text)
    if not isinstance(values, list) or not all(_is_number(v) for v in values):
        raise ValueError("malformed scores")
    return values


def _group(records: list[MatchRecord], keys: Callable[[MatchRecord], list[str]],
           player: str | None = None) -> list[StatLine]:
    """StatLines over ``records`` (oldest first) for ``player`` (every human seat if None),
    one per key ``keys`` gives a match."""
    grouped: dict[str, list[MatchRecord]] = {}
    for record in records:
        if _seats_of(record, player):
            for key in keys(record):
                grouped.setdefault(key, []).append(record)
    return [_line(key, grouped[key], player) for key in sorted(grouped)]


def _seats_of(record: MatchRecord, player: str | None) -> list[int]:
    """The seats of ``record`` whose figures count: the human seats named ``player`` (every
    human seat if None)."""
    return [n for n, seat in enumerate(record.seats)
            if seat.is_human and (player is None or seat.name == player)]


def _line(key: str, records: list[MatchRecord], player: str | None = None) -> StatLine:
    wins = streak = longest = hint_wins = 0
    scores: list[int | float] = []
    for record in records:
        humans = _seats_of(record, player)
        scores.extend(record.scores[n] for n in humans)
        if record.winner_seat in humans:
            wins += 1
            hint_wins += record.hints > 0
            streak += 1
            longest = max(longest, streak)
        else:
            streak = 0
    directions = {record.higher_is_better for record in records}
    best: int | float | None = None
    if scores and len(directions) == 1:
        best = max(scores) if directions.pop() else min(scores)
    return StatLine(
        key=key,
        games=len(records),
        wins=wins,
        win_rate=wins / len(records) if records else 0.0,
        best_score=best,
        average_score=sum(scores) / len(scores) if scores else None,
        longest_win_streak=longest,
        hint_wins=hint_wins,
    )


def _empty_line(key: str) -> StatLine:
    return StatLine(key, 0, 0, 0.0, None, None, 0)


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)
