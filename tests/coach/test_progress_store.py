"""The coach's files: puzzle progress and streak (``game.store.puzzles``), and reviewed
hands' accuracy in the statistics database (``game.store.stats``)."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from game.store.messages import MessageLog
from game.store.puzzles import PuzzleStore, puzzle_key
from game.store.stats import MIGRATIONS, STATS_SCHEMA, AccuracyRecord, StatsStore

DAY = date(2026, 11, 24)


def test_progress_and_streak_persist(tmp_path: Path) -> None:
    path = tmp_path / "puzzles.json"
    store = PuzzleStore(path, MessageLog())
    assert store.solved_count() == 0 and store.streak(DAY) == 0
    assert not store.tutorial_offered
    for back in (3, 2, 1, 0):
        day = DAY - timedelta(days=back)
        store.mark_solved(puzzle_key("machiavelli", 100 + back), day, daily=True)
    store.mark_solved(puzzle_key("machiavelli", 7), DAY - timedelta(days=9), daily=True)
    store.mark_solved(puzzle_key("tahiti", 5), DAY)  # a ladder puzzle: no streak
    store.mark_tutorial(offered=True)
    again = PuzzleStore(path, MessageLog())
    assert again.solved_count() == 6
    assert again.is_solved("tahiti/5") and not again.is_solved("tahiti/6")
    assert again.streak(DAY) == 4
    # today's not yet solved: the streak up to yesterday still stands; a gap ends it
    assert again.streak(DAY + timedelta(days=1)) == 4
    assert again.streak(DAY + timedelta(days=2)) == 0
    assert again.best_streak() == 4
    assert again.daily_solved(DAY) and not again.daily_solved(DAY + timedelta(days=1))
    assert again.tutorial_offered and not again.tutorial_done
    again.mark_tutorial(done=True)
    assert PuzzleStore(path, MessageLog()).tutorial_done
    with pytest.raises(ValueError):
        again.mark_solved("no spaces allowed", DAY)


@pytest.mark.parametrize("content", [
    b"\xff\xfe", b"{not json", b"[]", b'{"schema": 1, "solved": []}',
    b'{"schema": 99, "solved": {}}', b"",
])
def test_a_damaged_file_is_set_aside_with_a_message(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "puzzles.json"
    path.write_bytes(content)
    messages = MessageLog()
    store = PuzzleStore(path, messages)
    assert store.solved_count() == 0
    assert len(messages) == 1 and "puzzles.json" in str(messages[0])
    assert not path.exists()
    assert any(p.name.startswith("puzzles.json") for p in tmp_path.iterdir())  # kept aside
    store.mark_solved("machiavelli/1", DAY)
    assert json.loads(path.read_text())["solved"] == {"machiavelli/1": DAY.isoformat()}


def test_odd_entries_are_dropped_and_the_rest_kept(tmp_path: Path) -> None:
    path = tmp_path / "puzzles.json"
    path.write_text(json.dumps({"schema": 1, "solved": {"a/1": "2026-01-01", "b/2": 5,
                                                        "bad key": "2026-01-01"},
                                "daily": ["2026-01-01", "yesterday", 3]}))
    store = PuzzleStore(path, MessageLog())
    assert store.solved_count() == 1 and store.is_solved("a/1")
    assert store.daily_solved(date(2026, 1, 1))


def test_reviewed_hands_accuracy_is_kept_over_time(tmp_path: Path) -> None:
    stats = StatsStore(tmp_path / "stats.sqlite3", MessageLog())
    t0 = datetime(2026, 11, 20, 10, tzinfo=UTC)
    stats.record_accuracy(AccuracyRecord("m1/h1", "machiavelli", 75.0, t0))
    stats.record_accuracy(AccuracyRecord("m2/h1", "tahiti", 50.0, t0 + timedelta(days=1)))
    stats.record_accuracy(AccuracyRecord("m1/h1", "machiavelli", 80.0, t0 + timedelta(days=2)))
    found = stats.accuracies()
    assert [(a.hand_key, a.accuracy) for a in found] == [("m2/h1", 50.0), ("m1/h1", 80.0)]
    assert [a.hand_key for a in stats.accuracies(limit=1)] == ["m1/h1"]
    for bad in (AccuracyRecord("", "x", 50, t0), AccuracyRecord("k", "x", 101, t0),
                AccuracyRecord("k", "x", float("nan"), t0)):
        with pytest.raises(ValueError):
            stats.record_accuracy(bad)
    assert stats.clear() and stats.accuracies() == []
    stats.close()


def test_a_schema_2_database_gains_the_accuracy_table(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    conn = sqlite3.connect(path)
    for target, statements in MIGRATIONS:
        if target <= 2:
            for statement in statements:
                conn.execute(statement)
    conn.execute("PRAGMA user_version = 2")
    conn.commit()
    conn.close()
    messages = MessageLog()
    stats = StatsStore(path, messages)
    assert list(messages) == []
    assert stats._conn.execute("PRAGMA user_version").fetchone()[0] == STATS_SCHEMA >= 3
    assert stats.record_accuracy(AccuracyRecord("k", "machiavelli", 60.0,
                                                datetime(2026, 1, 1, tzinfo=UTC)))
    stats.close()
