"""The first card a player moves in a turn starts the play (RULES.md 2: from then on,
giving up costs the penalty, even with everything put back). The table applies that and
keeps it in the autosave at once, through its own pipeline (``commit_in_turn``), so a
player whose game crashed right after cannot come back to a turn where drawing is free.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.engine.actions import StartPlay
from game.session import GameSession, Seat
from game.store import Store
from game.ui.cardtable.probe import TableProbe
from game.ui.manipulation.table import TableScene
from game.ui.widgets.dialogs import ConfirmDialog
from tests.ui.conftest import StartApp, open_table

SEATS = [Seat("You", "human"), Seat("Ada", "easy")]


def test_a_crash_after_the_first_drag_comes_back_to_a_started_play(
        tmp_path: Path, start_app: StartApp) -> None:
    app = start_app(data_dir=tmp_path, speed=3.0)
    probe = open_table(app, "machiavelli", SEATS, 5, autosave=True)  # a real deal: replayed
    scene = probe.scene
    saves: list[str] = []
    write = scene.write_autosave

    def counted() -> None:  # each autosave the table writes, with what the log ends with
        write()
        saves.append(scene.match.log[-1].kind if scene.match.log else "")

    scene.write_autosave = counted  # type: ignore[method-assign]
    assert scene.mode == "human" and scene.match.current == 0 and not scene.match.log
    first, second = scene.model.hand[:2]
    probe.drag(probe.center(first), probe.felt_spot())
    assert scene.match.log[-1] == StartPlay(0)
    assert saves == ["start_play"]  # written once, by the table, as the play started
    probe.drag(probe.center(second), probe.felt_spot())
    assert saves == ["start_play"]  # the next moves are the draft's: nothing to save
    assert scene.mode == "human" and scene.draft is not None and scene.draft.touched

    app.store.close()  # the window is gone: no quit, no save on the way out
    with Store.open(tmp_path) as store:
        resumed = GameSession.load(store)
    assert resumed.match.log == scene.match.log
    assert resumed.match.deal.started

    again = start_app(data_dir=tmp_path, speed=3.0)
    table = TableScene(again, resumed, autosave=False)
    again.scenes.push(table)
    back = TableProbe(again, table)
    back.settle()
    assert table.mode == "human" and table.draft is not None and not table.draft.touched
    assert "draw" not in table.match.legal_kinds()
    back.key(pygame.K_d)  # D gives the play up now, at its cost: asked first
    assert isinstance(again.scenes.top, ConfirmDialog)
    assert "Give up" in again.scenes.top.title
