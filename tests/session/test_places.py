"""The table's places in a save (issue 50.8): kept through the store, and a save whose
places are damaged still loads, in the match's own order."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.engine.cards import Card
from game.session import GameSession, Seat
from game.store import Store


def _session() -> GameSession:
    session = GameSession.new("machiavelli", {}, [Seat("You", "human"), Seat("Ada", "easy")],
                              seed=5)
    session.match.draw()
    return session


def test_places_go_through_the_store(tmp_path: Path) -> None:
    session = _session()
    session.places = [[Card(5, "S", 1), Card(4, "S", 1)], [Card(2, "D", 0)]]
    with Store.open(tmp_path) as store:
        session.save(store)
        assert GameSession.load(store).places == session.places


@pytest.mark.parametrize("places", [
    "7H.0", [["7H"]], [[]], [["7H.0", 3]], [["ZZ.1"]], [["7H.0"]] * 600, {"a": 1},
])
def test_damaged_places_load_in_the_matchs_order(tmp_path: Path, places: object) -> None:
    session = _session()
    with Store.open(tmp_path) as store:
        session.save(store)
        path = store.saves.path_for("autosave")
        envelope = json.loads(path.read_text())
        envelope["game"]["places"] = places
        path.write_text(json.dumps(envelope))
        loaded = GameSession.load(store)
        assert loaded.places is None
        assert loaded.match.log == session.match.log


def test_the_cards_drawn_last_go_through_the_store(tmp_path: Path) -> None:
    # issue 51: the "You drew X" note of a hot-seat player survives a save and load
    session = _session()
    session.drawn = {1: [Card(5, "S", 1)]}
    with Store.open(tmp_path) as store:
        session.save(store)
        assert GameSession.load(store).drawn == session.drawn


@pytest.mark.parametrize("drawn", [
    "7H.0", {"0": "7H.0"}, {"9": ["7H.0"]}, {"x": ["7H.0"]}, {"0": []}, {"0": ["ZZ.1"]},
    {"0": [3]}, {"0": ["7H.0"] * 600}, [["7H.0"]], {"0": ["7H.0"], "1": [], "2": []},
])
def test_damaged_drawn_cards_load_without_them(tmp_path: Path, drawn: object) -> None:
    session = _session()
    with Store.open(tmp_path) as store:
        session.save(store)
        path = store.saves.path_for("autosave")
        envelope = json.loads(path.read_text())
        envelope["game"]["drawn"] = drawn
        path.write_text(json.dumps(envelope))
        loaded = GameSession.load(store)
        assert loaded.drawn is None
        assert loaded.match.log == session.match.log
