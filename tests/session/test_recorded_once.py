"""A finished match is counted once (issue 50.3): a game killed between recording its
match and removing its autosave finishes its last turn again on Continue, and that second
record of the same match adds nothing to the statistics or the history."""

from __future__ import annotations

from pathlib import Path

from game.session import GameSession, record_match
from game.store import HistoryStore, Store
from tests.coach.test_review import played_session


def test_a_match_recorded_again_after_a_kill_counts_once(tmp_path: Path) -> None:
    session = played_session(3)
    assert session.match.over
    autosaved = session.to_json()  # the game as its autosave holds it (not yet recorded)
    with Store.open(tmp_path) as store:
        assert record_match(store, session, {}) is None
        # killed here: the autosave was not removed
    with Store.open(tmp_path) as store:  # the game starts again; Continue
        again = GameSession.from_json(autosaved)
        assert again.match.over and not again.recorded
        assert record_match(store, again, {}) is None
        assert store.stats.match_count() == 1
        assert len(store.stats.matches()) == 1
        assert len(HistoryStore.at(store.paths, store.messages).recent()) == 1


def test_two_different_matches_are_both_counted(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        for seed in (3, 4):
            assert record_match(store, played_session(seed), {}) is None
        assert store.stats.match_count() == 2
        assert len(HistoryStore.at(store.paths, store.messages).recent()) == 2
