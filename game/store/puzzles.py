"""The coach's progress in ``puzzles.json``: puzzles solved, the daily streak, and whether
the first-game tutorial was offered and finished.

Written at once, atomically, like the rest of the store; a damaged file is moved aside
with a message and the progress starts afresh. Days are given by the caller (a date, not
read from a clock here), so the streak can be tested and never depends on when it is read.
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from game.store import jsonfile
from game.store.atomic import atomic_write_bytes
from game.store.errors import StoreWriteError
from game.store.lock import locked
from game.store.messages import MessageLog
from game.store.migrate import MigrationChain
from game.store.paths import DataPaths

PUZZLES_SCHEMA = 1
PUZZLES_FILE = "puzzles.json"
MAX_PUZZLES_BYTES = 1024 * 1024
MAX_KEY = 120
MAX_SOLVED = 5000  # the oldest go first past this: the file stays small

MIGRATIONS = MigrationChain("puzzles", PUZZLES_SCHEMA)

_KEY = re.compile(r"[\w.:/=-]{1,120}")


def puzzle_key(variant_id: str, seed: int) -> str:
    """The name of a puzzle in the progress file (a puzzle is its variant and seed)."""
    return f"{variant_id}/{seed}"


class PuzzleStore:
    """Solved puzzles (by key, with the day), daily puzzles solved (by day), the tutorial's
    state. Every change locks the file, reads it again and writes it back."""

    def __init__(self, path: Path, messages: MessageLog) -> None:
        self.path = path
        self._messages = messages
        self._document = self._load()

    @classmethod
    def at(cls, paths: DataPaths, messages: MessageLog) -> PuzzleStore:
        return cls(paths.data_dir / PUZZLES_FILE, messages)

    # -- reading -----------------------------------------------------------------------

    def is_solved(self, key: str) -> bool:
        return key in self._solved()

    def solved_count(self) -> int:
        return len(self._solved())

    def daily_solved(self, day: date) -> bool:
        return day.isoformat() in self._days()

    def streak(self, today: date) -> int:
        """Daily puzzles solved on consecutive days up to ``today`` (or up to yesterday,
        while today's is still open)."""
        days = self._days()
        day = today if today.isoformat() in days else today - timedelta(days=1)
        count = 0
        while day.isoformat() in days:
            count += 1
            day -= timedelta(days=1)
        return count

    def best_streak(self) -> int:
        best = run = 0
        previous: date | None = None
        for text in sorted(self._days()):
            day = date.fromisoformat(text)
            run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
            best = max(best, run)
            previous = day
        return best

    @property
    def tutorial_offered(self) -> bool:
        return self._document.get("tutorial_offered") is True

    @property
    def tutorial_done(self) -> bool:
        return self._document.get("tutorial_done") is True

    # -- writing -----------------------------------------------------------------------

    def mark_solved(self, key: str, day: date, daily: bool = False) -> None:
        """Record a solved puzzle (and, for the daily one, its day); ``ValueError`` for a
        bad key, ``StoreWriteError`` if the file cannot be written."""
        if not isinstance(key, str) or not _KEY.fullmatch(key):
            raise ValueError(f"a puzzle key is 1-{MAX_KEY} letters, digits and ./:=-")

        def change(document: dict[str, Any]) -> None:
            solved = document["solved"]
            solved.setdefault(key, day.isoformat())
            while len(solved) > MAX_SOLVED:
                del solved[min(solved, key=lambda k: str(solved[k]))]
            if daily and day.isoformat() not in document["daily"]:
                document["daily"].append(day.isoformat())
                document["daily"].sort()
                del document["daily"][:-MAX_SOLVED]

        self._change(change)

    def mark_tutorial(self, offered: bool = True, done: bool | None = None) -> None:
        def change(document: dict[str, Any]) -> None:
            document["tutorial_offered"] = offered or self.tutorial_offered
            if done is not None:
                document["tutorial_done"] = done

        self._change(change)

    def reload(self) -> None:
        self._document = self._load()

    # -- plumbing ----------------------------------------------------------------------

    def _solved(self) -> dict[str, Any]:
        solved: dict[str, Any] = self._document["solved"]
        return solved

    def _days(self) -> set[str]:
        return set(self._document["daily"])

    def _change(self, change: Any) -> None:
        with locked(self.path):
            self.reload()
            change(self._document)
            data = jsonfile.dump_json({**self._document, "schema": PUZZLES_SCHEMA}, indent=1)
            try:
                atomic_write_bytes(self.path, data)
            except OSError as exc:
                raise StoreWriteError(self.path,
                                      f"cannot be written ({exc.strerror or exc})") from exc

    def _load(self) -> dict[str, Any]:
        loaded = jsonfile.load(self.path, _parse, self._messages, max_bytes=MAX_PUZZLES_BYTES)
        return loaded if loaded is not None else _fresh()


def _fresh() -> dict[str, Any]:
    return {"schema": PUZZLES_SCHEMA, "solved": {}, "daily": []}


def _parse(raw: bytes) -> dict[str, Any]:
    """The progress document; ``BadFile`` when its shape is wrong. Entries this version
    cannot read (an odd key or day) are dropped, the rest kept."""
    document = jsonfile.upgrade(jsonfile.decode_object(raw), MIGRATIONS)
    solved = document.get("solved", {})
    daily = document.get("daily", [])
    if not isinstance(solved, dict):
        raise jsonfile.BadFile('has the wrong shape ("solved" is not an object)')
    if not isinstance(daily, list):
        raise jsonfile.BadFile('has the wrong shape ("daily" is not a list)')
    document["solved"] = {k: v for k, v in solved.items()
                          if isinstance(k, str) and _KEY.fullmatch(k) and _is_day(v)}
    document["daily"] = sorted({d for d in daily if _is_day(d)})
    return document


def _is_day(value: Any) -> bool:
    if not isinstance(value, str) or len(value) != 10:
        return False
    try:
        date.fromisoformat(value)
    except ValueError:
        return False
    return True
