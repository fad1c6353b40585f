"""Settings reached from the game, full screen, the remembered window size, and the
settings screen's own polish, driven by real events through the real App: the game menu of
either table opens the settings screen and its changes apply to the table on return; F11
switches full screen (and back to the window's size) and is remembered; a dragged window's
size is saved; the hints and buy-timer choices; no value cut short at 1024 x 640; no
smeared text in an open drop-down."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

import game.ui.app as app_module
from game.engine.serialize import new_match
from game.session import GameSession, Seat
from game.store.settings import ANIMATION_SPEED_RANGE
from game.ui.app import App
from game.ui.scenes import screens
from game.ui.scenes.settings import SettingsScene, speed_text
from game.ui.widgets.drawing import font
from tests.ui.conftest import StartApp, button, choose, click, press, pump, widget


def _saved(tmp_path: Path) -> dict:
    return json.loads(next(tmp_path.rglob("settings.json")).read_text())


def _table(app: App, variant: str) -> object:
    seats = [Seat("You", "human"), Seat("Ada", "medium"), Seat("Boole", "easy")]
    match = new_match(variant, 3, 4, {}, [s.name for s in seats])
    table = screens.table if match.family == "manipulation" else screens.contract_table
    app.scenes.push(table(app, GameSession(match, seats), autosave=False))
    pump(app, 30)
    return app.scenes.top


@pytest.mark.parametrize("variant", ["machiavelli", "shanghai-rummy"])
def test_the_game_menu_opens_the_settings_and_the_table_uses_them(
        app: App, tmp_path: Path, variant: str) -> None:
    table = _table(app, variant)
    press(app, pygame.K_ESCAPE)
    assert type(app.scenes.top).__name__ == "TableMenu"
    # each game's word for the part being played: Shanghai Rummy plays rounds
    assert app.scenes.top.message.endswith(
        ", round 1" if variant == "shanghai-rummy" else ", hand 1")
    click(app, button(app, "Settings\u2026"))
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene)
    click(app, widget(scene, "four_colour"))
    choose(app, widget(scene, "card_back"), "green")
    click(app, widget(scene, "sound"))
    scene.focus.focus_key("speed")
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    click(app, button(app, "Done"))
    assert app.scenes.top is table
    pump(app, 5)
    assert table.speed == pytest.approx(1.5)
    assert app.card_art.four_colour and app.card_art.back_style == "green"
    assert table.sprites.images._art_id == id(app.card_art)  # redrawn with the new look
    assert app.sounds.enabled is False
    saved = _saved(tmp_path)
    assert saved["four_colour_deck"] is True and saved["card_back"] == "green"
    assert saved["animation_speed"] == pytest.approx(1.5) and saved["sound_on"] is False


def test_f11_switches_full_screen_and_back_to_the_window(app: App, tmp_path: Path) -> None:
    assert not app.fullscreen and app.size == (1280, 800)
    press(app, pygame.K_F11)
    assert app.fullscreen and app.settings.fullscreen
    assert _saved(tmp_path)["fullscreen"] is True
    assert _saved(tmp_path)["window_size"] == [1280, 800]  # the window's, not the screen's
    press(app, pygame.K_F11)
    assert not app.fullscreen and not app.settings.fullscreen
    assert app.size == (1280, 800)
    assert _saved(tmp_path)["fullscreen"] is False


def test_the_fullscreen_checkbox_and_the_setting_at_start(start_app: StartApp,
                                                          tmp_path: Path) -> None:
    app = start_app()
    app.scenes.push(screens.settings(app))
    pump(app)
    click(app, widget(app.scenes.top, "fullscreen"))
    assert app.fullscreen and _saved(tmp_path)["fullscreen"] is True
    scene = app.scenes.top  # rebuilt for the screen's size
    assert widget(scene, "fullscreen").is_checked
    again = start_app()  # the next start opens full screen
    assert again.fullscreen


def test_a_resized_window_remembers_its_size(start_app: StartApp, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app_module, "SIZE_SAVE_DELAY", 0.0)
    app = start_app()
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1100, h=700,
                                         size=(1100, 700)))
    pump(app, 2)
    assert app.size == (1100, 700)
    assert _saved(tmp_path)["window_size"] == [1100, 700]
    again = App(data_dir=tmp_path)  # the next start opens the window at that size
    try:
        assert again.size == (1100, 700)
    finally:
        again.store.close()


def test_a_huge_window_in_the_settings_opens_within_the_screen(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29, point 7: settings of 16384 x 16384 (6.4 GB, 45 s to a first frame) open at
    the size of the largest screen, and headless at most at MAX_SIZE."""
    (tmp_path / "settings.json").write_text(json.dumps(
        {"schema": 2, "window_size": [16384, 16384]}))
    monkeypatch.setattr(app_module, "screen_sizes", lambda: [(1920, 1080), (2560, 1440)])
    app = App(data_dir=tmp_path)
    try:
        assert app.size == (2560, 1440)
        assert app.settings.window_size == app_module.MAX_SIZE == (7680, 4320)
    finally:
        app.store.close()
    assert app_module.fit_window((16384, 16384), []) == (7680, 4320)  # headless
    assert app_module.fit_window((1280, 800), [(1024, 768)]) == (1024, 768)
    assert app_module.fit_window((300, 200), [(800, 600)]) == app_module.MIN_SIZE
    assert app_module.fit_window((1280, 800), [(0, 0)]) == (1280, 800)  # no size known


def test_the_dummy_driver_is_no_screen_to_fit() -> None:
    pygame.display.init()
    assert pygame.display.get_driver() == "dummy"
    assert app_module.screen_sizes() == []


def test_hints_and_the_buy_timer_are_set_on_the_settings_screen(app: App,
                                                                tmp_path: Path) -> None:
    app.scenes.push(screens.settings(app))
    pump(app)
    scene = app.scenes.top
    click(app, widget(scene, "hints"))
    assert app.settings.hints_allowed is False
    choose(app, widget(scene, "buy_timer"), "15")
    assert app.settings.buy_timer_seconds == 15
    saved = _saved(tmp_path)
    assert saved["hints_allowed"] is False and saved["buy_timer_seconds"] == 15
    choose(app, widget(scene, "buy_timer"), "0")
    assert app.settings.buy_timer_seconds == 0


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_no_value_is_cut_short(start_app: StartApp, size: tuple[int, int]) -> None:
    app = start_app(size=size, speed=ANIMATION_SPEED_RANGE[0])
    app.scenes.push(screens.settings(app))
    pump(app)
    scene = app.scenes.top
    label = scene._speed_label
    assert label.text == speed_text(0.25) == "0.25\u00d7 very slow"
    face = font(scene.px(15), "bold")
    assert face.size(label.text)[0] <= label.rect.width
    window = pygame.Rect((0, 0), size)
    assert all(window.contains(e.get_abs_rect()) for e in scene._elements)
    panels = scene._panels()
    for element in scene._elements:  # every widget inside one panel, none across a border
        rect = element.get_abs_rect()
        if rect.y < scene.footer_top():
            assert any(p.contains(rect) for p in panels.values()), element


def test_an_open_drop_down_draws_its_items_without_a_text_shadow(app: App) -> None:
    app.scenes.push(screens.settings(app))
    pump(app)
    menu = widget(app.scenes.top, "hand_sort")
    click(app, menu.current_state.selected_option_button)
    items = menu.current_state.options_selection_list.item_list
    shown = [item["button_element"] for item in items if item["button_element"] is not None]
    assert len(shown) == 2
    assert all(b.text_shadow_size == 0 for b in shown)


@pytest.mark.parametrize("variant", ["machiavelli", "shanghai-rummy"])
def test_the_left_hand_setting_moves_the_tables_side_panel(
        start_app: StartApp, tmp_path: Path, variant: str) -> None:
    app = start_app(size=(1024, 640))
    table = _table(app, variant)
    assert table.layout.sidebar.right == 1024
    press(app, pygame.K_ESCAPE)
    click(app, button(app, "Settings\u2026"))
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene)
    click(app, widget(scene, "left_handed"))
    assert app.settings.left_handed and _saved(tmp_path)["left_handed"] is True
    click(app, button(app, "Done"))
    assert app.scenes.top is table
    pump(app, 5)
    side = table.layout.sidebar
    assert side.left == 0
    assert all(side.contains(b.rect) for b in table.controls.buttons.values())
    assert not table.layout.hand.colliderect(side) and not table.layout.table.colliderect(side)
