"""The finished matches kept for review (``game.store.history``): bounded to the newest
``MAX_MATCHES``, kept across runs, a damaged file set aside with a message, bad entries
dropped, and the statistics of before the history existed still load."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

from game.store import Store
from game.store.history import HISTORY_FILE, MAX_MATCHES, FinishedMatch, HistoryStore
from game.store.messages import MessageLog
from game.store.saves import SaveSummary

START = datetime(2026, 11, 24, 3, 0, tzinfo=UTC)


def finished(n: int) -> FinishedMatch:
    summary = SaveSummary("Machiavelli", ("You", "Ada"), (n, 0), 1)
    return FinishedMatch(START + timedelta(minutes=n), summary, {"match": {"seed": n}})


def test_the_newest_matches_are_kept_across_runs_and_bounded(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_FILE
    store = HistoryStore(path, MessageLog())
    assert store.recent() == []
    for n in range(MAX_MATCHES + 7):
        store.add(finished(n))
    again = HistoryStore(path, MessageLog())
    kept = again.recent()
    assert len(kept) == MAX_MATCHES
    # newest first; the seven oldest went
    assert [m.game["match"]["seed"] for m in kept] == \
        list(range(MAX_MATCHES + 6, 6, -1))
    assert kept[0] == finished(MAX_MATCHES + 6)
    assert not list(tmp_path.glob("*.tmp*"))


def test_two_stores_on_one_file_keep_each_others_matches(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_FILE
    first, second = HistoryStore(path, MessageLog()), HistoryStore(path, MessageLog())
    first.add(finished(1))
    second.add(finished(2))  # reads the file again under its lock before writing
    assert [m.game["match"]["seed"] for m in HistoryStore(path, MessageLog()).recent()] == \
        [2, 1]


def test_a_damaged_file_is_set_aside_with_a_message(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_FILE
    path.write_bytes(b'{"schema": 1, "matches": [tru')
    messages = MessageLog()
    store = HistoryStore(path, messages)
    assert store.recent() == []
    assert any("not valid JSON" in m.problem for m in messages)
    assert list(tmp_path.glob(f"{HISTORY_FILE}.corrupt-*"))
    store.add(finished(3))  # and a fresh history starts
    assert len(HistoryStore(path, MessageLog()).recent()) == 1


def test_a_newer_schema_is_set_aside_and_bad_entries_dropped(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_FILE
    path.write_text(json.dumps({"schema": 99, "matches": []}))
    messages = MessageLog()
    assert HistoryStore(path, messages).recent() == []
    assert any("newer version" in m.problem for m in messages)
    good = finished(4).to_json()
    path.write_text(json.dumps({"schema": 1, "matches": [
        good, {"finished_at": "yesterday", "summary": good["summary"], "game": {}},
        {**good, "game": "not a game"}, {**good, "summary": {"variant": ""}}, 7]}))
    kept = HistoryStore(path, MessageLog()).recent()
    assert kept == [finished(4)]


def test_statistics_of_before_the_history_still_load(tmp_path: Path) -> None:
    """A data folder written before the history existed: the statistics open as they were,
    and the history is empty until a match ends."""
    from game.session import match_record
    from tests.coach.test_review import played_session

    session = played_session(3)
    with Store.open(tmp_path) as store:
        record = match_record(session, {})
        assert record is not None
        store.stats.record_match(record)
    assert not (tmp_path / HISTORY_FILE).exists()
    with Store.open(tmp_path) as store:
        assert store.stats.match_count() == 1
        assert HistoryStore.at(store.paths, store.messages).recent() == []
        assert not list(store.messages)
