"""A saved game (``game.session.GameSession``) loads and saves again unchanged.

``data/saved_sessions.json`` holds three saves written by the game before the session left
the UI (a manipulation game with jokers, Carousel and the contract game, each some turns
in): each must load and write exactly the same JSON, also through the save store."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.session import GameSession, Seat, match_record
from game.store import SaveStore
from game.store.messages import MessageLog

SAVES: dict[str, Any] = json.loads(
    (Path(__file__).parent / "data" / "saved_sessions.json").read_text(encoding="utf-8"))


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
