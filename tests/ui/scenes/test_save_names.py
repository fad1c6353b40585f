"""Saving a game whose player is named "Bob!" (issue 50.6), through the one "save as"
screen the table's menu opens (issue 45): the name it offers is one the store takes, and a
name it refuses is told in full, never cut off."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UILabel, UITextEntryLine

from game.session import Seat
from game.ui.app import App
from game.ui.scenes.saves import SavesScene
from tests.ui.conftest import button, click, open_table, press, pump, type_text
from tests.ui.texts import cut_texts


def _save_screen(app: App) -> SavesScene:
    press(app, pygame.K_ESCAPE)  # the game menu
    click(app, button(app, "Save game…"))
    screen = app.scenes.top
    assert isinstance(screen, SavesScene) and screen.mode == "save"
    return screen


def test_the_offered_name_is_taken_whatever_the_players_are_called(app: App) -> None:
    open_table(app, "machiavelli", [Seat("Bob!", "human"), Seat("Ada", "easy")], seed=4)
    screen = _save_screen(app)
    offered = screen.name
    assert offered
    click(app, button(app, "Save"))  # save under the name offered
    pump(app)
    assert not screen.status_error, screen.status
    assert [info.slot for info in app.store.saves.list()] == [offered]


def test_a_refused_name_is_told_in_full(app: App) -> None:
    open_table(app, "machiavelli", [Seat("Bob!", "human"), Seat("Ada", "easy")], seed=4)
    for size in ((1024, 640), (1280, 800)):
        app.resize(size)
        pump(app)
        screen = _save_screen(app)
        entry = next(e for e in screen._elements if isinstance(e, UITextEntryLine))
        type_text(app, entry, "Bob!")
        click(app, button(app, "Save"))
        pump(app)
        assert app.scenes.top is screen and screen.status_error
        assert "a save name may use" in screen.status
        shown = [element.text for element in screen._elements
                 if isinstance(element, UILabel) and element.text
                 and "@error" in element.class_ids]
        assert " ".join(shown) == " ".join(screen.status.split())
        assert cut_texts(screen._elements) == []
        press(app, pygame.K_ESCAPE)  # back to the table
        pump(app)
    assert not app.store.saves.list()


def test_a_refused_name_is_told_in_the_players_language(app: App) -> None:
    # issue 45: the store's reasons ("a save name may use letters...") stayed English
    from game import i18n

    i18n.set_language("it")
    try:
        open_table(app, "machiavelli", [Seat("Bob!", "human"), Seat("Ada", "easy")], seed=4)
        press(app, pygame.K_ESCAPE)
        click(app, button(app, i18n._("Save game…")))
        screen = app.scenes.top
        assert isinstance(screen, SavesScene)
        entry = next(e for e in screen._elements if isinstance(e, UITextEntryLine))
        type_text(app, entry, "Bob!")
        click(app, button(app, i18n._("Save")))
        pump(app)
        assert screen.status_error
        assert "il nome di un salvataggio può usare lettere" in screen.status, screen.status
    finally:
        i18n.set_language("en")
