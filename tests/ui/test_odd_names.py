"""A player name holding a NUL or another control character (issue 49, point 4).

Names are cleaned on the way in: the settings' seats lose such characters when they are
read (the player's file kept aside as it was), and a name typed on the New game screen that
holds one is refused in words. Whatever a name holds, the table's text renderer never
raises on it: pygame's font refuses a NUL ("A null character was found in the text") and a
lone surrogate."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.session import Seat
from game.ui.cardtable.text import TextCache
from game.ui.scenes.title import TitleScene
from tests.ui.conftest import StartApp, button, click, open_table, pump, top_name, type_text, widget

ODD = ["Ni\x00co", "A\x1bda", "Bo\x07b\ttab", "line\nbreak", "sur\ud800rogate", "\x00"]


def _settings_with_seats(data: Path, names: list[str]) -> Path:
    path = data / "settings.json"
    seats = [{"name": name, "kind": "human" if n == 0 else "medium"}
             for n, name in enumerate(names)]
    path.write_text(json.dumps({"schema": 2, "card_back": "red", "default_seats": seats}))
    return path


def test_control_characters_in_the_settings_names_are_cleaned_on_load(
        start_app: StartApp, tmp_path: Path) -> None:
    path = _settings_with_seats(tmp_path, ["Ni\x00co", "A\x1bda", "Bo\x07b"])
    before = path.read_bytes()
    app = start_app(tmp_path)
    assert [seat.name for seat in app.settings.default_seats] == ["Nico", "Ada", "Bob"]
    assert app.settings.card_back == "red"  # the rest of the settings as they were
    told = [m.problem for m in app.store.messages if m.path.name == "settings.json"]
    assert any("control character" in problem for problem in told), told
    # the player's file is kept as it was, beside the repaired one
    kept = list(tmp_path.glob("settings.json.corrupt-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == before
    # and the table those names sit at is drawn
    app.scenes.push(TitleScene(app))
    pump(app)
    click(app, button(app, "New game"))
    click(app, button(app, "Deal the cards"))
    assert top_name(app) == "TableScene"
    assert [seat.name for seat in app.scenes.top.session.seats] == ["Nico", "Ada", "Bob"]
    pump(app, 10)


def test_a_settings_name_of_control_characters_only_means_the_default_seats(
        start_app: StartApp, tmp_path: Path) -> None:
    _settings_with_seats(tmp_path, ["\x00\x01", "Ada"])
    app = start_app(tmp_path)
    assert [seat.name for seat in app.settings.default_seats] == ["You", "Ada", "Boole"]
    assert app.settings.card_back == "red"


@pytest.mark.parametrize("typed", ["Ni\x1bco", "Bo\x07b", "A\x7fda"])
def test_a_typed_name_with_a_control_character_is_refused_in_words(
        app, typed: str) -> None:  # noqa: ANN001
    app.scenes.push(TitleScene(app))
    pump(app)
    click(app, button(app, "New game"))
    scene = app.scenes.top
    type_text(app, widget(scene, "seat0.name"), typed)
    assert scene.setup.seats[0][0] == typed  # typed as it is...
    click(app, button(app, "Deal the cards"))
    assert top_name(app) == "NewGameScene"  # ...and refused, in words
    assert "Seat 1's name holds a control character" in scene.status
    assert scene.status_error
    settings = json.loads((app.store.paths.settings_file).read_text())
    assert all(typed not in seat["name"] for seat in settings["default_seats"])


@pytest.mark.parametrize("name", ODD)
def test_the_text_renderer_never_raises_on_a_name(name: str) -> None:
    text = TextCache()
    for bold in (False, True):
        surface = text.render(name, 18, bold=bold)
        assert surface.get_height() > 0
        assert text.fit(name, 18, 40, bold)
        assert text.shrink(name, 18, 30, bold) >= 10
        assert text.wrap(name, 18, 60, bold)


def test_the_table_draws_seats_whose_names_hold_a_nul(start_app: StartApp) -> None:
    # a name that came in by a way that does not clean it (an old save, another program)
    app = start_app(speed=3.0)
    probe = open_table(app, "machiavelli", [Seat("Ni\x00co", "human"),
                                            Seat("sur\ud800rogate", "easy")], 5)
    pump(app, 10)
    assert probe.scene.session.seats[0].name == "Ni\x00co"


def test_a_saved_game_whose_names_hold_a_nul_opens_on_the_saves_screen(
        start_app: StartApp, tmp_path: Path) -> None:
    # a save edited by hand: its players' names reach the Saves screen's widgets, which
    # pygame-gui draws with pygame's font (it raises on a NUL)
    from game.ui.scenes import screens

    app = start_app(tmp_path)
    probe = open_table(app, "machiavelli", [Seat("Nico", "human"), Seat("Ada", "easy")], 4)
    probe.scene.session.save(app.store, "odd")
    app.scenes.pop()
    path = next(p for p in (tmp_path / "saves").rglob("odd*") if p.is_file())
    text = path.read_text(encoding="utf-8")
    assert "Nico" in text
    path.write_text(text.replace("Nico", "Ni\\u0000co"), encoding="utf-8")
    app.scenes.push(screens.saves(app, "load"))
    pump(app, 4)
    screen = app.scenes.top
    assert [info.slot for info in app.store.saves.list()] == ["odd"]
    assert screen is not None and screen.__class__.__name__ == "SavesScene"
