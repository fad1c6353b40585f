"""Quitting and pressing Continue brings the melds back in the order they lay (issue 50.8):
the table's places are part of the game a player returns to."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.engine.cards import Card
from game.session import GameSession, Seat
from game.store import Store
from game.ui.cardtable.probe import TableProbe
from game.ui.manipulation.table import TableScene
from tests.ui.conftest import StartApp

Melds = list[frozenset[Card]]


def on_felt(scene: TableScene) -> Melds:
    """The melds as they lie on the felt, row by row, left to right."""
    layout, model = scene.layout, scene.model
    assert layout is not None and model is not None
    boxes = sorted(layout.groups, key=lambda box: (box.rect.y, box.rect.x))
    return [frozenset(model.groups[box.index].cards) for box in boxes]


def in_the_match(scene: TableScene) -> Melds:
    return [frozenset(meld) for meld in scene.match.deal.table.melds]


def test_continue_lays_the_melds_out_as_they_lay(tmp_path: Path, start_app: StartApp) -> None:
    app = start_app(data_dir=tmp_path, speed=8.0)
    session = GameSession.new("machiavelli", {}, [Seat("Ada", "medium"), Seat("Bea", "easy")],
                              seed=7)
    scene = TableScene(app, session, autosave=True)
    app.scenes.push(scene)
    probe = TableProbe(app, scene)
    turns = 0
    # computers play until the felt's order is not the match's own (the melds keep their
    # places while the solver hands its tables over in an order of its own)
    while True:
        seen = len(session.match.log)
        probe.until(lambda seen=seen: len(session.match.log) > seen or session.match.hand_over,
                    6000,
                    "the next turn")
        probe.until(lambda: scene.mode not in ("playback", "settle", "deal"), 6000,
                    "the turn told")
        turns += 1
        assert turns < 120 and not session.match.hand_over, "no such table in this deal"
        shown = on_felt(scene)
        if len(shown) >= 3 and shown != in_the_match(scene) and \
                set(shown) == set(in_the_match(scene)):
            break
    app.handle(pygame.event.Event(pygame.QUIT))  # quit: the game goes into the autosave
    app.store.close()
    with Store.open(tmp_path) as store:
        resumed = GameSession.load(store)
    assert resumed.match.log == session.match.log
    again = start_app(data_dir=tmp_path, speed=8.0)
    table = TableScene(again, resumed, autosave=False)
    again.scenes.push(table)
    TableProbe(again, table).frames(3)
    assert on_felt(table) == shown
