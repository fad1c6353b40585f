"""Statistics in SQLite: recording, per-variant and per-level figures, schema, recovery."""

from __future__ import annotations

import sqlite3
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from game.store import HandRecord, MatchRecord, Seat, StatLine, StatsStore
from game.store.messages import MessageLog
from game.store.stats import MIGRATIONS, STATS_SCHEMA

T0 = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


def _match(
    n: int,
    winner: int | None,
    scores: tuple[int, ...] = (10, 20),
    kinds: tuple[str, ...] = ("human", "medium"),
    variant: str = "machiavelli",
    higher_is_better: bool = True,
) -> MatchRecord:
    start = T0 + timedelta(hours=n)
    return MatchRecord(
        variant=variant,
        seats=[Seat(f"P{i}", kind) for i, kind in enumerate(kinds)],
        scores=scores,
        winner_seat=winner,
        started_at=start,
        finished_at=start + timedelta(minutes=30),
        higher_is_better=higher_is_better,
    )


@pytest.fixture
def stats(tmp_path: Path) -> StatsStore:
    store = StatsStore(tmp_path / "stats.sqlite3", MessageLog())
    yield store
    store.close()


def test_round_trip_with_hands(stats: StatsStore, tmp_path: Path) -> None:
    record = MatchRecord(
        variant="carousel",
        seats=[Seat("You", "human"), Seat("Ada", "hard"), Seat("Bob", "easy")],
        scores=[-5, 40, 12],
        winner_seat=0,
        started_at=T0,
        finished_at=T0 + timedelta(minutes=42),
        options={"knock": 5, "jokers": True},
        hands=[
            HandRecord(1, [0, 25, 10], 0, T0, T0 + timedelta(minutes=20)),
            HandRecord(2, [-5, 15, 2], 0, T0 + timedelta(minutes=20), T0 + timedelta(minutes=42)),
        ],
        higher_is_better=False,
    )
    match_id = stats.record_match(record)
    assert isinstance(match_id, int)
    reopened = StatsStore(tmp_path / "stats.sqlite3", MessageLog())
    (back,) = reopened.matches()
    assert back.id == match_id
    assert back.variant == "carousel"
    assert list(back.seats) == list(record.seats)
    assert list(back.scores) == [-5, 40, 12]
    assert back.winner_seat == 0
    assert back.options == {"knock": 5, "jokers": True}
    assert back.started_at == T0
    assert back.finished_at == T0 + timedelta(minutes=42)
    assert back.duration_seconds == 42 * 60
    assert back.higher_is_better is False
    assert [(h.number, list(h.scores), h.duration_seconds) for h in back.hands] == [
        (1, [0, 25, 10], 1200.0),
        (2, [-5, 15, 2], 1320.0),
    ]
    reopened.close()


def test_per_variant_figures_and_streak(stats: StatsStore) -> None:
    # human seat 0 wins: W W L W W W L  -> longest streak 3
    results = [0, 0, 1, 0, 0, 0, 1]
    for n, winner in enumerate(results):
        stats.record_match(_match(n, winner, scores=(10 * (n + 1), 5)))
    stats.record_match(_match(20, 1, scores=(3, 9), variant="tahiti"))
    lines = {line.key: line for line in stats.by_variant()}
    machiavelli = lines["machiavelli"]
    assert machiavelli.games == 7
    assert machiavelli.wins == 5
    assert machiavelli.win_rate == pytest.approx(5 / 7)
    assert machiavelli.best_score == 70
    assert machiavelli.average_score == pytest.approx(40.0)
    assert machiavelli.longest_win_streak == 3
    assert lines["tahiti"] == StatLine("tahiti", 1, 0, 0.0, 3, 3.0, 0)
    assert stats.overall().games == 8


def test_streak_follows_finish_time_not_insertion_order(stats: StatsStore) -> None:
    for n, winner in [(3, 0), (1, 0), (2, 1), (4, 0)]:
        stats.record_match(_match(n, winner))
    assert stats.overall().longest_win_streak == 2  # order 1:W 2:L 3:W 4:W


def test_low_score_wins_best_is_the_lowest(stats: StatsStore) -> None:
    stats.record_match(_match(1, 0, scores=(4, 50), higher_is_better=False))
    stats.record_match(_match(2, 0, scores=(-2, 50), higher_is_better=False))
    assert stats.overall().best_score == -2
    stats.record_match(_match(3, 0, scores=(100, 50), higher_is_better=True))
    assert stats.overall().best_score is None  # mixed scoring: no single "best"


def test_per_opponent_level(stats: StatsStore) -> None:
    stats.record_match(_match(1, 0, kinds=("human", "easy")))
    stats.record_match(_match(2, 1, kinds=("human", "hard")))
    stats.record_match(_match(3, 0, scores=(1, 2, 3), kinds=("human", "easy", "hard")))
    stats.record_match(_match(4, 1, kinds=("human", "human")))
    stats.record_match(_match(5, 0, kinds=("easy", "hard")))  # no human: not counted
    lines = stats.by_opponent_level()
    assert [line.key for line in lines] == ["easy", "hard", "none"]
    easy, hard, none = lines
    assert (easy.games, easy.wins, easy.longest_win_streak) == (2, 2, 2)
    assert (hard.games, hard.wins, hard.longest_win_streak) == (2, 1, 1)
    assert (none.games, none.wins) == (1, 1)  # the winner is a human seat
    assert none.average_score == pytest.approx(15.0)  # both human seats' scores
    assert stats.overall().games == 4


def test_no_winner_counts_as_a_game_not_a_win(stats: StatsStore) -> None:
    stats.record_match(_match(1, None))
    assert stats.overall() == StatLine("all", 1, 0, 0.0, 10, 10.0, 0)


def test_empty_statistics(stats: StatsStore) -> None:
    assert stats.by_variant() == []
    assert stats.by_opponent_level() == []
    assert stats.overall() == StatLine("all", 0, 0, 0.0, None, None, 0)


def test_clear(stats: StatsStore) -> None:
    record = MatchRecord(
        "machiavelli",
        [Seat("a"), Seat("b", "easy")],
        [1, 2],
        0,
        T0,
        T0,
        hands=[HandRecord(1, [1, 2], 0, T0, T0)],
    )
    stats.record_match(record)
    assert stats.clear()
    assert stats.matches() == []
    assert stats.match_count() == 0
    assert stats._conn.execute("SELECT COUNT(*) FROM hands").fetchone()[0] == 0


@pytest.mark.parametrize(
    "record",
    [
        _match(1, 5),
        _match(1, True),
        _match(1, 0, scores=(1,)),
        _match(1, 0, kinds=("human", "robot")),
        _match(1, 0, variant=""),
        MatchRecord("v", [Seat("a")], [float("nan")], 0, T0, T0),
        MatchRecord("v", [Seat("a")], [1], 0, T0, T0, options={"x": float("inf")}),
        MatchRecord("v", [Seat("a")], [1], 0, T0, T0, duration_seconds=-1),
    ],
)
def test_malformed_records_are_refused(stats: StatsStore, record: MatchRecord) -> None:
    with pytest.raises(ValueError):
        stats.record_match(record)
    assert stats.match_count() == 0


def test_connection_settings(stats: StatsStore) -> None:
    conn = stats._conn
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA user_version").fetchone()[0] == STATS_SCHEMA
    assert conn.execute("PRAGMA busy_timeout").fetchone()[0] == 10_000
    tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"matches", "hands"} <= tables


def test_version_1_database_is_migrated(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    conn = sqlite3.connect(path)
    for statement in MIGRATIONS[0][1]:
        conn.execute(statement)
    conn.execute(
        "INSERT INTO matches (variant, options, seats, scores, winner_seat, started_at,"
        " finished_at, duration_seconds) VALUES ('tahiti', '{}', ?, '[7, 9]', 0, ?, ?, 60)",
        (
            '[{"name": "You", "kind": "human"}, {"name": "Ada", "kind": "hard"}]',
            T0.isoformat(),
            T0.isoformat(),
        ),
    )
    conn.execute("PRAGMA user_version = 1")
    conn.commit()
    conn.close()
    messages = MessageLog()
    stats = StatsStore(path, messages)
    assert list(messages) == []
    assert stats._conn.execute("PRAGMA user_version").fetchone()[0] == STATS_SCHEMA
    (old,) = stats.matches()
    assert old.variant == "tahiti"
    assert old.higher_is_better is True
    assert stats.overall() == StatLine("all", 1, 1, 1.0, 7, 7.0, 1)
    stats.close()


def test_newer_database_is_moved_aside(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 99")
    conn.commit()
    conn.close()
    messages = MessageLog()
    stats = StatsStore(path, messages)
    assert "newer version" in messages[0].problem
    assert list(tmp_path.glob("stats.sqlite3.newer-*"))
    assert stats.record_match(_match(1, 0)) is not None
    assert not stats.in_memory
    stats.close()


def _filled_database(path: Path, matches: int = 40) -> bytes:
    stats = StatsStore(path, MessageLog())
    for n in range(matches):
        stats.record_match(_match(n, n % 2))
    stats._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    stats.close()
    return path.read_bytes()


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: b"this is not a database at all" * 100,
        lambda data: data[:100],
        lambda data: data[: len(data) // 2],
        lambda data: data[:4096] + b"\xff" * (len(data) - 4096),
        lambda data: data[:4096] + bytes(4096) + data[8192:],
    ],
)
def test_corrupt_database_is_moved_aside_and_recreated(tmp_path: Path, damage) -> None:  # noqa: ANN001
    path = tmp_path / "stats.sqlite3"
    original = _filled_database(path)
    damaged = damage(original)
    path.write_bytes(damaged)
    messages = MessageLog()
    stats = StatsStore(path, messages)
    stats.by_variant()
    assert messages, "the damage was not noticed"
    assert "stats.sqlite3" in str(messages[0].path)
    (aside,) = tmp_path.glob("stats.sqlite3.corrupt-*")
    assert aside.read_bytes() == damaged
    assert not stats.in_memory
    assert stats.record_match(_match(1, 0)) is not None
    assert stats.match_count() == 1
    stats.close()


def test_corruption_found_while_running_is_recovered(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    messages = MessageLog()
    stats = StatsStore(path, messages)
    stats.record_match(_match(1, 0))

    class Broken:
        def execute(self, *args: object) -> None:
            raise sqlite3.DatabaseError("database disk image is malformed")

        def close(self) -> None:
            pass

    stats._conn.close()
    stats._conn = Broken()  # type: ignore[assignment]
    assert stats.record_match(_match(2, 0)) is not None
    assert "damaged" in messages[0].problem
    assert list(tmp_path.glob("stats.sqlite3.corrupt-*"))
    assert stats.match_count() == 1
    stats.close()


def test_unusable_location_falls_back_to_memory(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    messages = MessageLog()
    stats = StatsStore(blocker / "stats.sqlite3", messages)
    assert stats.in_memory
    assert "not be kept" in messages[0].problem
    assert stats.record_match(_match(1, 0)) is not None
    assert stats.overall().games == 1
    stats.close()


def test_usable_from_another_thread(stats: StatsStore) -> None:
    results: list[int | None] = []
    workers = [
        threading.Thread(target=lambda n=n: results.append(stats.record_match(_match(n, 0))))
        for n in range(4)
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert sorted(results) == [1, 2, 3, 4]
    assert stats.overall().games == 4


def test_a_number_too_large_for_sqlite_is_told_not_raised(tmp_path: Path) -> None:
    """Issue 29, point 6: the writer catches SQLite's OverflowError as any odd content."""
    messages = MessageLog()
    stats = StatsStore(tmp_path / "stats.sqlite3", messages)
    record = MatchRecord("machiavelli", [Seat("You"), Seat("Ada", "easy")], [1, 2], 0, T0,
                         T0 + timedelta(minutes=5),
                         hands=[HandRecord(2**63, [1, 2], 0, T0, T0 + timedelta(minutes=5))])
    try:
        assert stats.record_match(record) is None
        assert any("recording the match failed" in m.problem for m in messages), messages
        assert stats.match_count() == 0  # the transaction was rolled back whole
        assert isinstance(stats.record_match(_match(1, 0)), int)  # the next one is kept
    finally:
        stats.close()


def test_hints_beyond_any_match_are_a_malformed_record(stats: StatsStore) -> None:
    from game.store.stats import MAX_HINTS

    fine = MatchRecord("v", [Seat("a")], [1], 0, T0, T0, hints=MAX_HINTS)
    assert isinstance(stats.record_match(fine), int)
    with pytest.raises(ValueError, match="hints"):
        stats.record_match(MatchRecord("v", [Seat("a")], [1], 0, T0, T0, hints=2**63))
    assert stats.match_count() == 1


def test_a_database_another_instance_sets_up_meanwhile_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Two instances starting at once: the second sets the file up just after the first
    # read its version (0) and before it looked for tables. The first must not take the
    # finished database for another program's file and move it aside.
    path = tmp_path / "stats.sqlite3"
    connect = sqlite3.connect
    other_messages = MessageLog()
    others: list[threading.Thread] = []

    def open_other() -> None:
        StatsStore(path, other_messages).close()

    def interleave(statement: str) -> None:
        if "sqlite_master" in statement and not others:
            others.append(threading.Thread(target=open_other))
            others[0].start()
            others[0].join(timeout=1.0)  # the other instance done, or waiting for our read

    def traced_connect(*args: object, **kwargs: object) -> sqlite3.Connection:
        conn = connect(*args, **kwargs)  # type: ignore[arg-type]
        if not others:
            conn.set_trace_callback(interleave)
        return conn

    monkeypatch.setattr(sqlite3, "connect", traced_connect)
    messages = MessageLog()
    first = StatsStore(path, messages)
    others[0].join()
    assert [str(m) for m in messages] == []
    assert [str(m) for m in other_messages] == []
    assert not first.in_memory
    assert first.record_match(_match(1, 0)) is not None
    first.close()
    assert [p.name for p in tmp_path.iterdir() if ".foreign" in p.name] == []
