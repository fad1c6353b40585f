"""Title, new game and rules screens, driven by real pygame events (mouse and keyboard)."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pygame_gui
import pytest
from pygame_gui.elements import UIButton

from game.session import GameSession, Seat
from game.store import AUTOSAVE, Store
from tests.ui.conftest import button, choose, click, press, pump, top_name, type_text, widget

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
    assert texts == ["New game", "Load game", "Rules", "Settings", "Statistics", "Quit"]
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
    assert any("autosave could not be loaded" in text.lower() for text, _ in app.notices)
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


# --------------------------------------------------------------------------- new game


def open_new_game(app):  # noqa: ANN001, ANN201
    open_title(app)
    click(app, button(app, "New game"))
    assert top_name(app) == "NewGameScene"
    return app.scenes.top


def test_new_game_lists_every_variant(app) -> None:  # noqa: ANN001
    from game.engine.variants import VARIANTS

    scene = open_new_game(app)
    menu = widget(scene, "variant")
    # the nine manipulation variants, then the contract game
    assert [option[1] for option in menu.options_list] == [*VARIANTS, "shanghai-rummy"]


def test_new_game_start_reaches_the_table(app, tmp_path: Path) -> None:  # noqa: ANN001
    scene = open_new_game(app)
    choose(app, widget(scene, "variant"), "tahiti")
    scene = app.scenes.top
    choose(app, widget(scene, "seats"), "4")
    assert len(scene.setup.seats) == 4
    choose(app, widget(scene, "seat1.kind"), "hard")
    type_text(app, widget(scene, "seat0.name"), "Niccolo")
    click(app, button(app, "Deal the cards"))
    assert top_name(app) == "TableScene"
    table = app.scenes.top
    assert table.session.match.variant_id == "tahiti"
    assert [seat.kind for seat in table.session.seats] == ["human", "hard", "medium", "medium"]
    assert table.session.seats[0].name == "Niccolo"
    assert [type(s).__name__ for s in app.scenes] == ["TitleScene", "TableScene"]
    saved = json.loads(next(tmp_path.rglob("settings.json")).read_text())
    assert saved["default_variant"] == "tahiti"
    assert [seat["name"] for seat in saved["default_seats"]][0] == "Niccolo"
    assert len(saved["default_seats"]) == 4


def test_new_game_starts_the_contract_game_on_its_own_table(app) -> None:  # noqa: ANN001
    scene = open_new_game(app)
    choose(app, widget(scene, "variant"), "shanghai-rummy")
    scene = app.scenes.top
    # the contract game has no manipulation house rules, and seats 3 to 8
    for manipulation_only in ("abandon_penalty", "initial_kind", "joker_identity", "match_kind"):
        with pytest.raises(LookupError):
            widget(scene, manipulation_only)
    assert scene.setup.seat_range == (3, 8)
    choose(app, widget(scene, "seats"), "8")
    click(app, button(app, "Deal the cards"))
    assert top_name(app) == "ContractTableScene"
    match = app.scenes.top.session.match
    assert match.variant_id == "shanghai-rummy" and match.players == 8
    assert match.variant.deck_for(8) == (3, 2)


def test_new_game_remembers_the_defaults(app) -> None:  # noqa: ANN001
    app.settings.default_variant = "vatikan"
    app.settings.default_seats = [Seat("Ann", "human"), Seat("Bob", "hard")]
    scene = open_new_game(app)
    assert scene.setup.variant_id == "vatikan"
    assert scene.setup.seats == [["Ann", "human"], ["Bob", "hard"]]


def test_new_game_invalid_option_shows_the_error_and_does_not_start(app) -> None:  # noqa: ANN001
    scene = open_new_game(app)
    choose(app, widget(scene, "match_kind"), "target")
    scene = app.scenes.top
    type_text(app, widget(scene, "match_n"), "5")
    assert "out of range" in scene._status_label.text
    click(app, button(app, "Deal the cards"))
    assert top_name(app) == "NewGameScene"
    assert "option match" in scene._status_label.text
    type_text(app, widget(scene, "match_n"), "120")
    assert scene._status_label.text == ""
    assert scene.setup.options() == {"match": "target:120"}


def test_new_game_seat_count_follows_the_variant(app) -> None:  # noqa: ANN001
    scene = open_new_game(app)
    choose(app, widget(scene, "variant"), "shanghai")  # 3 to 5 players
    scene = app.scenes.top
    counts = [option[1] for option in widget(scene, "seats").options_list]
    assert counts == ["3", "4", "5"]
    assert len(scene.setup.seats) >= 3


def test_new_game_joker_rules_and_culbertson_appear_only_where_they_apply(app) -> None:  # noqa: ANN001
    scene = open_new_game(app)
    keys = {item.key for item in scene.focus.items}
    assert "joker_identity" not in keys and "culbertson" not in keys
    choose(app, widget(scene, "jokers"), "2")
    keys = {item.key for item in app.scenes.top.focus.items}
    assert {"joker_identity", "jokers_per_meld", "joker_moves", "joker_release_from"} <= keys
    choose(app, widget(app.scenes.top, "variant"), "carousel")
    scene = app.scenes.top
    assert "culbertson" in {item.key for item in scene.focus.items}
    click(app, widget(scene, "culbertson"))
    assert scene.setup.options() == {"culbertson": True}


def test_presets_round_trip_through_the_screen(app, tmp_path: Path) -> None:  # noqa: ANN001
    scene = open_new_game(app)
    choose(app, widget(scene, "variant"), "guadalupe")
    scene = app.scenes.top
    # hand size by keyboard: focus the slider, two steps left (5 -> 3)
    scene.focus.focus_key("hand_size")
    press(app, pygame.K_LEFT)
    press(app, pygame.K_LEFT)
    choose(app, widget(scene, "ace"), "around")
    type_text(app, widget(scene, "preset_name"), "Short and round")
    click(app, button(app, "Save preset"))
    preset = app.store.presets.get("Short and round")
    assert preset is not None
    assert preset.variant == "guadalupe"
    assert dict(preset.options) == {"hand_size": 3, "ace": "around"}

    scene = app.scenes.top
    choose(app, widget(scene, "variant"), "machiavelli")
    scene = app.scenes.top
    assert scene.setup.values["ace"] == "either"
    choose(app, widget(scene, "preset"), "Short and round")
    scene = app.scenes.top
    assert scene.setup.variant_id == "guadalupe"
    assert scene.setup.values["hand_size"] == "3"
    assert scene.setup.values["ace"] == "around"
    assert widget(scene, "ace").selected_option[1] == "around"

    click(app, button(app, "Delete preset"))
    assert top_name(app) == "ConfirmDialog"
    assert app.store.presets.get("Short and round") is not None  # asks first
    click(app, button(app, "Delete"))
    assert top_name(app) == "NewGameScene"
    assert app.store.presets.get("Short and round") is None
    # the presets file on disk agrees
    with Store.open(tmp_path) as again:
        assert again.presets.names() == []


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


def test_the_failed_play_penalty_is_offered_only_where_a_turn_is_play_or_draw(app) -> None:  # noqa: ANN001,E501
    scene = open_new_game(app)
    assert widget(scene, "abandon_penalty") is not None
    for variant in ("carousel", "shanghai", "manipulation"):
        choose(app, widget(app.scenes.top, "variant"), variant)
        with pytest.raises(LookupError):
            widget(app.scenes.top, "abandon_penalty")
    choose(app, widget(app.scenes.top, "variant"), "guadalupe")
    assert widget(app.scenes.top, "abandon_penalty") is not None


def test_rules_from_new_game_show_the_house_rules_chosen(app) -> None:  # noqa: ANN001
    scene = open_new_game(app)
    choose(app, widget(scene, "abandon_penalty"), "5")
    click(app, button(app, "Rules of this variant\u2026"))
    assert top_name(app) == "RulesScene"
    assert "you draw 5 cards instead of one" in app.scenes.top.text.html_text
    press(app, pygame.K_ESCAPE)
    assert top_name(app) == "NewGameScene"
    assert app.scenes.top.setup.values["abandon_penalty"] == "5"


# --------------------------------------------------------------------------- going back


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


def test_screens_follow_a_window_resize(app) -> None:  # noqa: ANN001
    scene = open_new_game(app)
    before = widget(scene, "start").get_abs_rect()
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1600, h=1000, size=(1600, 1000)))
    pump(app)
    after = widget(app.scenes.top, "start").get_abs_rect()
    assert after.right > before.right
    assert after.right <= 1600 and after.bottom <= 1000


def test_ui_events_of_other_scenes_are_ignored(app) -> None:  # noqa: ANN001
    scene = open_title(app)
    stray = pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=object())
    assert scene.handle_event(stray) is False


def test_new_game_by_keyboard_only(app) -> None:  # noqa: ANN001
    """Tab to the variant, change it with the arrows, open and close a drop-down, deal."""
    from game.engine.variants import VARIANTS

    scene = open_new_game(app)
    assert scene.focus.focused_key == "start"
    while scene.focus.focused_key != "variant":
        press(app, pygame.K_TAB, frames=1)
    first = scene.setup.variant_id
    press(app, pygame.K_RIGHT)
    ids = list(VARIANTS)
    scene = app.scenes.top
    assert scene.setup.variant_id == ids[(ids.index(first) + 1) % len(ids)]
    assert scene.focus.focused_key == "variant"  # focus survives the rebuild
    menu = widget(scene, "variant")
    press(app, pygame.K_RETURN)
    assert menu.current_state is menu.menu_states["expanded"]
    press(app, pygame.K_ESCAPE)  # closes the list, stays on the screen
    assert top_name(app) == "NewGameScene"
    assert menu.current_state is menu.menu_states["closed"]
    while app.scenes.top.focus.focused_key != "start":
        press(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT, frames=1)
    press(app, pygame.K_RETURN)
    assert top_name(app) == "TableScene"
    assert app.scenes.top.session.match.variant_id == ids[(ids.index(first) + 1) % len(ids)]


def test_tab_into_a_name_and_type(app) -> None:  # noqa: ANN001
    scene = open_new_game(app)
    while scene.focus.focused_key != "seat1.name":
        press(app, pygame.K_TAB, frames=1)
    entry = widget(scene, "seat1.name")
    assert entry.is_focused
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="",
                                         scancode=0))
    for ch in "na":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    pump(app)
    assert scene.setup.seats[1][0] == "Adana"
    press(app, pygame.K_TAB)
    assert scene.focus.focused_key == "seat1.kind"
    assert not entry.is_focused
