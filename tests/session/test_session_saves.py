"""A saved game (``game.session.GameSession``) loads and saves again unchanged.

``data/saved_sessions.json`` holds three saves written by the game before the session left
the UI (a manipulation game with jokers, Carousel and the contract game, each some turns
in): each must load and write exactly the same JSON, also through the save store."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.engine.serialize import SaveError
from game.session import GameSession, Seat, clear_autosave, match_record, record_match
from game.store import AUTOSAVE, SaveStore, Store
from game.store.messages import MessageLog

SAVES: dict[str, Any] = json.loads(
    (Path(__file__).parents[1] / "store" / "data"
     / "saved_sessions.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("variant", sorted(SAVES))
def test_a_saved_session_round_trips_unchanged(variant: str) -> None:
    saved = SAVES[variant]
    session = GameSession.from_json(saved)
    assert session.to_json() == saved
    assert json.dumps(session.to_json()) == json.dumps(saved)
    assert json.dumps(GameSession.from_json(session.to_json()).to_json()) == json.dumps(saved)
    assert session.seats[1] == Seat("Bo \u00e9", "easy") and not session.recorded


@pytest.mark.parametrize("variant", sorted(SAVES))
def test_a_session_saved_in_the_store_reads_back_unchanged(variant: str,
                                                           tmp_path: Path) -> None:
    saves = SaveStore(tmp_path / "saves", MessageLog())
    session = GameSession.from_json(SAVES[variant])
    saves.write("slot", session.to_json(), session.summary())
    first = json.loads((tmp_path / "saves" / "slot.json").read_text(encoding="utf-8"))
    again = GameSession.from_json(saves.read("slot"))
    assert again.summary_problem(saves.info("slot")) is None
    saves.write("slot", again.to_json(), again.summary())
    second = json.loads((tmp_path / "saves" / "slot.json").read_text(encoding="utf-8"))
    assert json.dumps(second["game"]) == json.dumps(first["game"]) == json.dumps(SAVES[variant])
    assert second["summary"] == first["summary"]


def test_a_match_still_going_on_has_no_statistics_record() -> None:
    session = GameSession.from_json(SAVES["carousel"])
    assert match_record(session, {}) is None


# ------------------------------------------------- issue 29, point 6: counters on load


def test_a_hints_count_beyond_any_match_is_refused_on_load() -> None:
    from game.store.stats import MAX_HINTS

    saved = json.loads(json.dumps(SAVES["carousel"]))
    saved["hints"] = MAX_HINTS
    assert GameSession.from_json(saved).hints == MAX_HINTS
    for hints in (MAX_HINTS + 1, 2**63, 10**100):
        saved["hints"] = hints
        with pytest.raises(SaveError, match='"hints" must be a count'):
            GameSession.from_json(saved)


def test_the_end_of_a_match_survives_a_statistics_write_that_overflows(
        tmp_path: Path) -> None:
    """The statistics refuse the record (a message, no exception), and the autosave of the
    finished match is still cleared after it, so the next start does not meet it again."""
    from tests.coach.test_review import played_session

    session = played_session(3)
    assert session.match.over
    with Store.open(tmp_path) as store:
        store.saves.write(AUTOSAVE, session.to_json(), session.summary())
        session.hints = 2**63  # as a save from before the bound could still bring
        problem = record_match(store, session, {})
        assert problem is not None and "statistics" in problem and "hints" in problem
        clear_autosave(store)  # raises SaveFailed if it could not
        assert not store.saves.exists(AUTOSAVE) and store.stats.match_count() == 0


# ------------------------------------- issue 49, point 1: a result that cannot be written


def test_a_result_the_full_disk_refuses_is_told_and_the_statistics_are_kept(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The end of a match on a full disk: the player is told that this result could not be
    written, and the matches recorded before stay in the statistics."""
    from tests.coach.test_review import played_session
    from tests.store.test_store_no_room import _Full, _match

    with Store.open(tmp_path) as store:
        for n in range(3):
            store.stats.record_match(_match(n))
    session = played_session(3)
    with _Full(monkeypatch), Store.open(tmp_path) as store:
        assert store.stats.match_count() == 3
        problem = record_match(store, session, {})
        assert problem is not None, "the player is not told"
        assert "could not be written to the statistics" in problem
        assert "database or disk is full" in problem
        assert store.stats.match_count() == 3
    with Store.open(tmp_path) as store:
        assert store.stats.match_count() == 3
        assert not list(tmp_path.glob("stats.sqlite3.*-*"))
