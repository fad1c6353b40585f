"""The table's Save dialog with a player named "Bob!" (issue 50.6): the name it offers is
one the store takes, and a name it refuses is told in full, never cut off."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UILabel

from game.session import Seat
from game.ui.app import App
from game.ui.scenes.dialogs import PromptDialog
from tests.ui.conftest import button, click, open_table, press, pump, type_text
from tests.ui.texts import cut_texts


def _save_dialog(app: App) -> PromptDialog:
    press(app, pygame.K_ESCAPE)  # the game menu
    click(app, button(app, "Save game…"))
    dialog = app.scenes.top
    assert isinstance(dialog, PromptDialog)
    return dialog


def test_the_offered_name_is_taken_whatever_the_players_are_called(app: App) -> None:
    open_table(app, "machiavelli", [Seat("Bob!", "human"), Seat("Ada", "easy")], seed=4)
    dialog = _save_dialog(app)
    offered = dialog.text
    assert "Bob" in offered and "Ada" in offered
    press(app, pygame.K_RETURN)  # save under the name offered
    assert dialog.error == ""
    assert app.scenes.top is not dialog
    assert [info.slot for info in app.store.saves.list()] == [offered]


def test_a_refused_name_is_told_in_full(app: App) -> None:
    open_table(app, "machiavelli", [Seat("Bob!", "human"), Seat("Ada", "easy")], seed=4)
    for size in ((1024, 640), (1280, 800)):
        app.resize(size)
        pump(app)
        dialog = _save_dialog(app)
        assert dialog.name_entry is not None
        type_text(app, dialog.name_entry, "Bob!")
        press(app, pygame.K_RETURN)
        assert app.scenes.top is dialog and dialog.error.startswith("a save name may use")
        shown = [element.text for element in dialog._elements
                 if isinstance(element, UILabel) and "@error" in element.class_ids
                 and element.text]
        assert " ".join(shown) == " ".join(dialog.error.split())
        assert cut_texts(dialog._elements) == []
        press(app, pygame.K_ESCAPE)
        assert not app.store.saves.list()
