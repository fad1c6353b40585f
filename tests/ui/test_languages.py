"""The UI in other languages (issue 19): the Language setting takes effect at once, and the
main screens keep every text inside its widget at 1024 x 640 in Italian and German (the
longest words), driven through the real app."""

from __future__ import annotations

from typing import Any

import pytest

from game import i18n
from game.session import GameSession, Seat
from game.ui.app import App
from game.ui.scenes import screens
from game.ui.scenes.settings import SYSTEM, language_choices
from tests.ui.conftest import StartApp, choose, click, pump, widget
from tests.ui.texts import cut_texts

SMALL = (1024, 640)


def _in(code: str, message: str) -> str:
    with i18n.language(code):
        return i18n._(message)


def _speaking(start_app: StartApp, code: str) -> App:
    app = start_app(size=SMALL)
    app.settings.language = code
    app.apply_language()
    return app


def test_choosing_a_language_in_settings_speaks_it_at_once(start_app: StartApp) -> None:
    app = start_app()
    app.scenes.push(screens.title(app))
    app.scenes.push(screens.settings(app))
    pump(app)
    assert widget(app.scenes.top, "back").text == "Done"
    choose(app, widget(app.scenes.top, "language"), "it")
    assert app.settings.language == "it"
    assert i18n.current_language() == "it"
    # the screen was rebuilt in Italian, no restart
    assert widget(app.scenes.top, "back").text == _in("it", "Done") != "Done"
    click(app, widget(app.scenes.top, "back"))
    assert widget(app.scenes.top, "new").text == _in("it", "New game")
    # "System" follows the computer's language: English in the tests
    app.scenes.push(screens.settings(app))
    pump(app)
    choose(app, widget(app.scenes.top, "language"), "system")
    assert app.settings.language == ""
    assert widget(app.scenes.top, "back").text == "Done"


def test_the_language_choices_follow_the_system_first() -> None:
    choices = language_choices()
    assert choices[0] == ("System (English)", SYSTEM)  # the tests' system speaks English
    assert [name for name, _code in choices[1:]] == ["English", "Italiano", "Deutsch",
                                                     "Espa\u00f1ol"]


@pytest.mark.parametrize("code", ["it", "de", "es"])
def test_menu_screens_keep_their_texts_whole_at_1024x640(start_app: StartApp,
                                                         code: str) -> None:
    app = _speaking(start_app, code)
    seats = [Seat("Ada", "human"), Seat("Boole", "medium"), Seat("Cleo", "hard")]
    session = GameSession.new("machiavelli", {}, seats, seed=3)
    shown: list[tuple[str, tuple[Any, ...]]] = [
        ("title", ()), ("new_game", ()), ("settings", ()), ("rules", ("vatikan",)),
        ("saves", ("save", session)), ("saves", ("load",)), ("statistics", ()),
        ("puzzles", ()),
    ]
    for name, args in shown:
        app.scenes.push(getattr(screens, name)(app, *args))
        pump(app)
        scene = app.scenes.top
        assert cut_texts(scene._elements) == [], f"{code} {name}"
        app.scenes.pop()


@pytest.mark.parametrize("code", ["it", "de", "es"])
def test_tables_and_scoreboards_keep_their_texts_whole_at_1024x640(start_app: StartApp,
                                                                   code: str) -> None:
    app = _speaking(start_app, code)
    seats = [Seat("Ada", "human"), Seat("Boole", "medium"), Seat("Cleo", "hard")]
    for variant, table in (("machiavelli", "table"), ("shanghai-rummy", "contract_table")):
        session = GameSession.new(variant, {}, seats, seed=3)
        scene = app.scenes.push(getattr(screens, table)(app, session, autosave=False))
        pump(app, 90)
        buttons = list(scene.controls.buttons.values())
        assert buttons
        assert cut_texts(buttons) == [], f"{code} {table}"
        board = "scoreboard" if table == "table" else "contract_scoreboard"
        app.scenes.push(getattr(screens, board)(app, session, scene))
        pump(app)
        assert cut_texts(app.scenes.top._elements) == [], f"{code} {board}"
        app.scenes.pop()
        app.scenes.pop()


@pytest.mark.parametrize("code", ["it", "de", "es"])
def test_the_final_scoreboard_keeps_its_five_buttons_whole_at_1024x640(
        start_app: StartApp, code: str) -> None:
    """The end of a match offers the most buttons (see the table, title, new game, review,
    play again): in longer words they shrink their text rather than cut it."""
    from tests.coach.test_review import played_session

    app = _speaking(start_app, code)
    session = played_session(3)
    assert session.match.over
    table = app.scenes.push(screens.table(app, session, autosave=False))
    app.scenes.push(screens.scoreboard(app, session, table))
    pump(app)
    keys = {item.key for item in app.scenes.top.focus.items}
    assert {"look", "title", "setup", "review", "again"} <= keys
    assert cut_texts(app.scenes.top._elements) == [], code
