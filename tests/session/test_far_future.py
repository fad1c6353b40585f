"""The clock at 2200 or later (issue 50.5): the game keeps offering the saves it writes,
and keeps the matches it finishes, whatever the date."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from game.session import GameSession, Seat, check_saves, record_match
from game.store import HistoryStore, Store
from game.store import saves as saves_module
from tests.coach.test_review import played_session


@pytest.fixture(params=[2200, 2480, 9998])
def year(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> int:
    """The clock reads ``year`` (the store dates its saves by it)."""
    when = datetime(request.param, 3, 1, 12, tzinfo=UTC)

    class Clock(datetime):
        @classmethod
        def now(cls, tz: object = None) -> Clock:  # type: ignore[override]
            return cls.fromtimestamp(when.timestamp(), UTC)

    monkeypatch.setattr(saves_module, "datetime", Clock)
    monkeypatch.setattr("game.session.datetime", Clock)
    return int(request.param)


def test_a_save_written_in_a_far_year_is_loaded_and_listed(tmp_path: Path, year: int) -> None:
    session = GameSession.new("machiavelli", {}, [Seat("You", "human"), Seat("Ada", "easy")],
                              seed=4)
    session.started_at = datetime(year, 3, 1, 11, tzinfo=UTC).timestamp()  # begun this year
    session.match.draw()
    with Store.open(tmp_path) as store:
        session.save(store, "far")
        session.save(store)
    with Store.open(tmp_path) as store:  # the next start checks every save
        check_saves(store)
        assert [info.slot for info in store.saves.list()] == ["autosave", "far"]
        assert not store.messages, list(store.messages)
        loaded = GameSession.load(store, "far")
        assert loaded.match.log == session.match.log
        assert store.saves.has_autosave()


def test_a_match_finished_in_a_far_year_is_kept_for_review(tmp_path: Path, year: int) -> None:
    session = played_session(3)
    session.started_at = datetime(year, 3, 1, 11, tzinfo=UTC).timestamp()
    with Store.open(tmp_path) as store:
        assert record_match(store, session, {}) is None
    with Store.open(tmp_path) as store:
        kept = HistoryStore.at(store.paths, store.messages).recent()
        assert len(kept) == 1 and kept[0].finished_at.year == year
        assert store.stats.match_count() == 1
