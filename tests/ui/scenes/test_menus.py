"""Title, new game and rules screens, driven by real pygame events (mouse and keyboard)."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest
from pygame_gui.elements import UIButton

from game.session import GameSession, Seat
from game.store import AUTOSAVE
from tests.ui.conftest import button, choose, click, press, pump, top_name, widget

# --------------------------------------------------------------------------- helpers


def session(variant: str = "machiavelli", seed: int = 5) -> GameSession:
    seats = [Seat("You", "human"), Seat("Ada", "easy"), Seat("Boole", "hard")]
    return GameSession.new(variant, {}, seats, seed)


def open_title(app):  # noqa: ANN001, ANN201
    from game.ui.scenes.title import TitleScene

    app.scenes.push(TitleScene(app))
    pump(app)
    return app.scenes.top


# --------------------------------------------------------------------------- title


def test_title_hides_continue_without_autosave(app) -> None:  # noqa: ANN001
    title = open_title(app)
    texts = [e.text for e in title._elements if isinstance(e, UIButton)]
    assert "Continue" not in texts
    assert texts == ["New game", "Join a network game", "Load game", "Rules", "Tutorial",
                     "Puzzles", "Settings", "Statistics", "Quit"]
    assert all(e.tool_tip_text for e in title._elements if isinstance(e, UIButton))


def test_title_continue_loads_the_autosave(app) -> None:  # noqa: ANN001
    game = session("tahiti")
    app.store.saves.write(AUTOSAVE, game.to_json(), game.summary())
    open_title(app)
    click(app, button(app, "Continue"))
    assert top_name(app) == "TableScene"
    assert app.scenes.top.session.summary() == game.summary()


def test_title_broken_autosave_shows_a_message_and_stays(app) -> None:  # noqa: ANN001
    app.store.saves.write(AUTOSAVE, {"match": {"nonsense": True}, "seats": []},
                          {"variant": "Machiavelli", "players": ["A", "B"], "scores": [0, 0],
                           "hand": 1})
    open_title(app)
    click(app, button(app, "Continue"))
    assert top_name(app) == "TitleScene"
    assert any("autosave could not be loaded" in text.lower() for text, *_ in app.notices)
    # the broken file is kept aside (never deleted) and Continue is no longer offered
    kept = list((app.store.paths.saves_dir).glob("autosave.json.unplayable-*"))
    assert len(kept) == 1
    assert not app.store.saves.has_autosave()
    with pytest.raises(LookupError):
        button(app, "Continue")


def test_title_keyboard_moves_and_presses(app) -> None:  # noqa: ANN001
    title = open_title(app)
    assert title.focus.focused_key == "new"
    press(app, pygame.K_DOWN)
    assert title.focus.focused_key == "join"
    press(app, pygame.K_DOWN)
    assert title.focus.focused_key == "load"
    press(app, pygame.K_RETURN)
    assert top_name(app) == "SavesScene"
    press(app, pygame.K_ESCAPE)
    assert top_name(app) == "TitleScene"
    press(app, pygame.K_TAB)
    press(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert app.scenes.top.focus.focused_key == "load"


def test_title_escape_asks_before_quitting(app) -> None:  # noqa: ANN001
    open_title(app)
    press(app, pygame.K_ESCAPE)
    assert top_name(app) == "ConfirmDialog"
    assert app.running
    press(app, pygame.K_ESCAPE)  # cancel
    assert top_name(app) == "TitleScene"
    assert app.running


# --------------------------------------------------------------------------- rules


def test_rules_screen_shows_the_chosen_variant(app) -> None:  # noqa: ANN001
    open_title(app)
    click(app, button(app, "Rules"))
    scene = app.scenes.top
    assert top_name(app) == "RulesScene"
    choose(app, widget(scene, "variant"), "vatikan")
    scene = app.scenes.top
    html = scene.text.html_text
    assert "Vatikan" in html
    assert "run of three" in html
    assert html.count("HOUSE RULE") == 4  # three house rules and one joker per meld
    press(app, pygame.K_PAGEDOWN)
    press(app, pygame.K_ESCAPE)
    assert top_name(app) == "TitleScene"


@pytest.mark.parametrize("label, scene_name", [
    ("New game", "NewGameScene"), ("Load game", "SavesScene"), ("Rules", "RulesScene"),
    ("Settings", "SettingsScene"), ("Statistics", "StatisticsScene"),
])
def test_escape_goes_back_to_the_title(app, label: str, scene_name: str) -> None:  # noqa: ANN001
    open_title(app)
    click(app, button(app, label))
    assert top_name(app) == scene_name
    press(app, pygame.K_ESCAPE)
    assert top_name(app) == "TitleScene"
    click(app, button(app, label))
    click(app, button(app, "Done" if label == "Settings" else "Back"))
    assert top_name(app) == "TitleScene"


# --------------------------------------------------------------------------- layout


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080), (3840, 2160)])
def test_every_menu_screen_fits_the_window(app, size: tuple[int, int]) -> None:  # noqa: ANN001
    from game.ui.scenes.new_game import NewGameScene
    from game.ui.scenes.rules import RulesScene
    from game.ui.scenes.saves import SavesScene
    from game.ui.scenes.settings import SettingsScene
    from game.ui.scenes.statistics import StatisticsScene
    from game.ui.scenes.title import TitleScene

    app.resize(size)
    window = pygame.Rect((0, 0), app.size)
    game = session()
    app.store.saves.write("evening", game.to_json(), game.summary())
    scenes = [TitleScene(app), NewGameScene(app), RulesScene(app), SettingsScene(app),
              StatisticsScene(app), SavesScene(app, "load"), SavesScene(app, "save", game)]
    for scene in scenes:
        app.scenes.reset(scene)
        pump(app, 2)
        rects = [e.get_abs_rect() for e in scene._elements if e.visible]
        assert rects
        for rect in rects:
            assert window.contains(rect), f"{type(scene).__name__} at {size}: {rect}"
        focusable = [i.element.get_abs_rect() for i in scene.focus.items]
        for n, a in enumerate(focusable):
            for b in focusable[n + 1:]:
                assert not a.colliderect(b), f"{type(scene).__name__} at {size}: {a} {b}"


def test_ui_events_of_other_scenes_are_ignored(app) -> None:  # noqa: ANN001
    scene = open_title(app)
    stray = pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=object())
    assert scene.handle_event(stray) is False




def test_title_quit_keeps_its_place_asks_first_and_one_button_stands_out(
        start_app, tmp_path_factory) -> None:  # noqa: ANN001
    # issue 34.9: without a game to continue, Quit took Statistics' place and closed the
    # game at once; and the tutorial was gold beside the focused New game
    app = start_app()
    title = open_title(app)
    quit_at = button(app, "Quit").rect.y
    stats_at = button(app, "Statistics").rect.y
    primary = [e.text for e in title._elements if isinstance(e, UIButton)
               and "@primary" in e.class_ids]
    # ... and then none stood out at all: the one Enter presses is gold
    assert primary == ["New game"] and title.focus.focused_key == "new"
    game = session("tahiti")
    with_game = start_app(data_dir=tmp_path_factory.mktemp("with_game"))
    with_game.store.saves.write(AUTOSAVE, game.to_json(), game.summary())
    other = open_title(with_game)
    assert button(with_game, "Quit").rect.y == quit_at
    assert button(with_game, "Statistics").rect.y == quit_at - (quit_at - stats_at) // 2
    assert [e.text for e in other._elements if isinstance(e, UIButton)
            and "@primary" in e.class_ids] == ["Continue"]
    click(app, button(app, "Quit"))
    assert top_name(app) == "ConfirmDialog" and app.running
    press(app, pygame.K_ESCAPE)
    assert top_name(app) == "TitleScene" and app.running
    click(app, button(app, "Quit"))
    click(app, button(app, "Quit"))  # the dialog's
    assert not app.running
