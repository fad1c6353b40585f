"""The statistics database's schema and file health: the migrations, the layout a
version relies on, and the checks that tell a damaged or foreign file from a busy one
(``game.store.stats`` keeps the store itself)."""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from game.store.atomic import file_kind, open_for_reading

STATS_SCHEMA = 5

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

COMPANIONS = ("-wal", "-shm", "-journal")  # SQLite's files beside the database
_SQLITE_CORRUPT = 11
_SQLITE_NOTADB = 26
# Result codes that say nothing about the file's content (busy, locked, I/O, permissions...).
_SQLITE_CIRCUMSTANTIAL = {3, 4, 5, 6, 7, 8, 9, 10, 13, 14, 15, 22, 23}

def sqlite_problem(path: Path) -> str | None:
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


def prepare(conn: sqlite3.Connection) -> tuple[str, str] | None:
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
        with transaction(conn):
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
def transaction(conn: sqlite3.Connection) -> Iterator[None]:
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def is_circumstantial(exc: sqlite3.DatabaseError) -> bool:
    """Busy, locked, full, I/O, permissions...: nothing about the file's content."""
    code = getattr(exc, "sqlite_errorcode", None)
    return isinstance(code, int) and (code & 0xFF) in _SQLITE_CIRCUMSTANTIAL


def is_damage(exc: sqlite3.DatabaseError) -> bool:
    """While opening: any error but busy/locked/I-O/permission ones means a bad file."""
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(code, int):
        return (code & 0xFF) not in _SQLITE_CIRCUMSTANTIAL
    return is_corrupt(exc) or "unsupported file format" in str(exc).lower()


def is_corrupt(exc: sqlite3.DatabaseError) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(code, int):
        return (code & 0xFF) in (_SQLITE_CORRUPT, _SQLITE_NOTADB)
    text = str(exc).lower()
    return "malformed" in text or "not a database" in text
