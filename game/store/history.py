"""Finished matches kept for review in ``history.json``: the last ``MAX_MATCHES`` of them,
each with what a save holds (variant, options, seats, seed, the action log) so that it can
be replayed and reviewed from the statistics screen long after it ended.

The store treats a match's game as an opaque JSON object (the session's ``to_json``), as
the saves do. Written at once, atomically, under the file's lock; a damaged file is moved
aside with a message and the history starts afresh; an entry this version cannot read is
dropped and the rest kept.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from game.store import jsonfile
from game.store.atomic import atomic_write_bytes
from game.store.errors import StoreWriteError
from game.store.lock import locked
from game.store.messages import MessageLog
from game.store.migrate import MigrationChain
from game.store.paths import DataPaths
from game.store.saves import EARLIEST_SAVE, LATEST_SAVE, SaveSummary

HISTORY_SCHEMA = 1
HISTORY_FILE = "history.json"
MAX_MATCHES = 50  # the oldest finished match goes first past this
MAX_HISTORY_BYTES = 32 * 1024 * 1024  # fifty long matches' action logs fit many times over

MIGRATIONS = MigrationChain("history", HISTORY_SCHEMA)


@dataclass(frozen=True)
class FinishedMatch:
    """One finished match in the history: when it ended, its listing, and the game."""

    finished_at: datetime
    summary: SaveSummary
    game: dict[str, Any]
    #: names the match (``game.store.stats.MatchRecord.key``): kept once, a second of the
    #: same key is ignored
    key: str | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"finished_at": self.finished_at.isoformat(),
                                "summary": self.summary.to_json(), "game": self.game}
        if self.key is not None:
            data["key"] = self.key
        return data

    @classmethod
    def from_json(cls, data: Any) -> FinishedMatch:
        """An entry from its JSON; ``ValueError`` naming what is wrong."""
        if not isinstance(data, Mapping):
            raise ValueError("an entry must be an object")
        when = data.get("finished_at")
        if not isinstance(when, str):
            raise ValueError("an entry has no finish time")
        finished = datetime.fromisoformat(when)
        if finished.tzinfo is None or not EARLIEST_SAVE <= finished < LATEST_SAVE:
            raise ValueError(f"an entry's finish time {when!r:.40} is out of range")
        game = data.get("game")
        if not isinstance(game, dict):
            raise ValueError("an entry has no game")
        key = data.get("key")
        if key is not None and (not isinstance(key, str) or not 0 < len(key) <= 200):
            raise ValueError("an entry's key is not a name of 1-200 characters")
        return cls(finished, SaveSummary.from_json(data.get("summary")), game, key)


class HistoryStore:
    """The recent finished matches, newest first. Every change locks the file, reads it
    again and writes it back, so two running games do not lose each other's matches."""

    def __init__(self, path: Path, messages: MessageLog) -> None:
        self.path = path
        self._messages = messages
        self._matches = self._load()

    @classmethod
    def at(cls, paths: DataPaths, messages: MessageLog) -> HistoryStore:
        return cls(paths.data_dir / HISTORY_FILE, messages)

    def recent(self) -> list[FinishedMatch]:
        """The kept matches, the newest first."""
        return sorted(self._matches, key=lambda m: m.finished_at, reverse=True)

    def add(self, match: FinishedMatch) -> None:
        """Keep a finished match (the oldest beyond ``MAX_MATCHES`` are forgotten; one whose
        ``key`` is kept already is not kept again); ``StoreWriteError`` if the file cannot
        be written."""
        with locked(self.path):
            self.reload()
            if match.key is not None and any(m.key == match.key for m in self._matches):
                return  # kept already: a match is kept once
            kept = [*self._matches, match]
            kept.sort(key=lambda m: m.finished_at)
            kept = kept[-MAX_MATCHES:]
            document = {"schema": HISTORY_SCHEMA, "matches": [m.to_json() for m in kept]}
            try:
                atomic_write_bytes(self.path, jsonfile.dump_json(document))
            except (OSError, ValueError) as exc:
                raise StoreWriteError(self.path, f"cannot be written ({exc})") from exc
            self._matches = kept

    def clear(self) -> None:
        """Forget every kept match; ``StoreWriteError`` if the file cannot be written."""
        with locked(self.path):
            document = {"schema": HISTORY_SCHEMA, "matches": []}
            try:
                atomic_write_bytes(self.path, jsonfile.dump_json(document))
            except OSError as exc:
                raise StoreWriteError(self.path, f"cannot be written ({exc})") from exc
            self._matches = []

    def reload(self) -> None:
        self._matches = self._load()

    def _load(self) -> list[FinishedMatch]:
        loaded = jsonfile.load(self.path, _parse, self._messages, max_bytes=MAX_HISTORY_BYTES)
        return loaded if loaded is not None else []


def _parse(raw: bytes) -> list[FinishedMatch]:
    """The kept matches; ``BadFile`` when the document's shape is wrong. Entries this
    version cannot read are dropped, the rest kept."""
    document = jsonfile.upgrade(jsonfile.decode_object(raw), MIGRATIONS)
    entries = document.get("matches")
    if not isinstance(entries, list):
        raise jsonfile.BadFile('has the wrong shape ("matches" is not a list)')
    matches = []
    for entry in entries[-MAX_MATCHES:]:
        try:
            matches.append(FinishedMatch.from_json(entry))
        except (ValueError, TypeError, OverflowError):
            continue
    return matches

