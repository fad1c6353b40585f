"""The New game screen, driven by real pygame events: the variant, the house-rules column
generated from the option specs, the summary, presets, remembered house rules and seats."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest
from pygame_gui.elements import UIDropDownMenu, UILabel, UITextBox

from game.engine.options import OPTION_SPECS, Widget
from game.engine.variants import VARIANTS, all_variants
from game.session import Seat
from game.store import Store
from game.ui.scenes.new_game_setup import Setup, seated_variant
from game.ui.scenes.title import TitleScene
from tests.ui.conftest import (
    StartApp,
    button,
    choose,
    click,
    press,
    pump,
    top_name,
    type_text,
    widget,
)


def open_title(app):  # noqa: ANN001, ANN201
    app.scenes.push(TitleScene(app))
    pump(app)
    return app.scenes.top




def open_new_game(app):  # noqa: ANN001, ANN201
    open_title(app)
    click(app, button(app, "New game"))
    assert top_name(app) == "NewGameScene"
    return app.scenes.top


def test_new_game_lists_every_variant(app) -> None:  # noqa: ANN001
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
    for manipulation_only in ("abandon_penalty", "initial_meld", "joker_identity", "match"):
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
    choose(app, widget(scene, "match"), "target")
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


def test_screens_follow_a_window_resize(app) -> None:  # noqa: ANN001
    scene = open_new_game(app)
    before = widget(scene, "start").get_abs_rect()
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1600, h=1000, size=(1600, 1000)))
    pump(app)
    after = widget(app.scenes.top, "start").get_abs_rect()
    assert after.right > before.right
    assert after.right <= 1600 and after.bottom <= 1000


def test_new_game_by_keyboard_only(app) -> None:  # noqa: ANN001
    """Tab to the variant, change it with the arrows, open and close a drop-down, deal."""
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
    press(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT, frames=1)  # the players' group (issue 51)
    while scene.focus.focused_key != "seat1.name":
        press(app, pygame.K_DOWN, frames=1)  # the arrows within it
    entry = widget(scene, "seat1.name")
    assert entry.is_focused
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="",
                                         scancode=0))
    for ch in "na":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    pump(app)
    assert scene.setup.seats[1][0] == "Adana"
    press(app, pygame.K_DOWN)
    assert scene.focus.focused_key == "seat1.kind"
    assert not entry.is_focused


# --------------------------------------------------------------------------- the generated form


def _in_column(scene, index: int) -> pygame.Rect:  # noqa: ANN001
    return scene._columns()[index]


def _rules_keys(scene) -> list[str]:  # noqa: ANN001
    """The focus keys of the house-rules column, top to bottom, without the defaults button."""
    column = _in_column(scene, 1)
    items = [item for item in scene.focus.items
             if column.contains(item.element.get_abs_rect()) and item.key != "defaults"]
    items.sort(key=lambda item: (item.element.get_abs_rect().y, item.element.get_abs_rect().x))
    return [item.key for item in items]


@pytest.mark.parametrize("variant_id", list(all_variants()))
def test_the_house_rules_column_shows_the_specs_the_game_offers(app, variant_id: str) -> None:  # noqa: ANN001
    scene = open_new_game(app)
    if scene.setup.variant_id != variant_id:
        choose(app, widget(scene, "variant"), variant_id)
    scene = app.scenes.top
    fields = scene.setup.fields()
    expected = []
    for spec in fields:
        expected.append(spec.key)
        choice = spec.choice(scene.setup.values[spec.key])
        if spec.widget is Widget.CHOICE_NUMBER and choice and choice.number is not None:
            expected.append(f"{spec.key}_n")
    assert _rules_keys(scene) == expected
    column = _in_column(scene, 1)
    captions = {e.text for e in scene._elements
                if isinstance(e, UILabel) and column.contains(e.get_abs_rect())}
    for spec in fields:
        if spec.widget is Widget.SWITCH:
            continue
        assert spec.label in captions
        if spec.widget in (Widget.CHOICE, Widget.CHOICE_NUMBER):
            menu = widget(scene, spec.key)
            assert [tuple(o) for o in menu.options_list] == \
                [(c.label, c.value) for c in spec.choices]
            # the widget shows the variant's own value (its deck: for the seats chosen)
            own = seated_variant(all_variants()[variant_id], len(scene.setup.seats))
            assert menu.selected_option[1] == spec.form_values(own)[0]


def test_a_choice_that_takes_a_number_shows_an_entry_and_writes_the_option_text(app) -> None:  # noqa: ANN001
    scene = open_new_game(app)
    assert scene.setup.variant_id == "machiavelli"
    with pytest.raises(LookupError):
        widget(scene, "initial_meld_n")
    choose(app, widget(scene, "initial_meld"), "points")
    scene = app.scenes.top
    entry = widget(scene, "initial_meld_n")
    assert entry.get_text() == str(OPTION_SPECS["initial_meld"].choice("points").number)
    type_text(app, entry, "45")
    assert scene.setup.options() == {"initial_meld": "points:45"}
    type_text(app, widget(scene, "initial_meld_n"), "0")
    assert "option initial_meld: 0 is out of range" in scene._status_label.text
    type_text(app, widget(scene, "initial_meld_n"), "45")
    click(app, button(app, "Rules of this variant\u2026"))
    assert "worth at least 45 points" in app.scenes.top.text.html_text
    press(app, pygame.K_ESCAPE)
    choose(app, widget(app.scenes.top, "initial_meld"), "run_of_3_from_hand")
    assert app.scenes.top.setup.options() == {"initial_meld": "run_of_3_from_hand"}
    with pytest.raises(LookupError):
        widget(app.scenes.top, "initial_meld_n")


# --------------------------------------------------------------------------- layout


def _widest_forms(scene) -> None:  # noqa: ANN001
    """Every row the form can show at once, numbers included."""
    scene.setup.choose("jokers", "2")
    scene.setup.choose("initial_meld", "points")
    scene.setup.choose("match", "target")
    scene.rebuild()


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_every_widget_and_text_fits_its_panel_and_box(start_app: StartApp,
                                                       size: tuple[int, int]) -> None:
    """No widget across a panel's border (the "Variant defaults" button was), no text cut
    ("Play to poir", "Computer - medi..."), for every variant and its widest form."""
    app = start_app(size=size)
    scene = open_new_game(app)
    for variant_id in all_variants():
        for widest in (False, True):
            scene._variant_changed(variant_id)
            scene.setup.set_seat_count(scene.setup.seat_range[1])
            if widest:
                _widest_forms(scene)
            scene.rebuild()
            pump(app, 2)
            where = f"{variant_id} at {size}{' (widest)' if widest else ''}"
            _assert_inside_panels(scene, where)
            _assert_no_text_cut(scene, where)


def _assert_inside_panels(scene, where: str) -> None:  # noqa: ANN001
    from game.ui.widgets.drawing import panel_inner

    panels = [panel_inner(rect, scene.scale) for rect in scene._columns()]
    for element in scene._elements:
        rect = element.get_abs_rect()
        if not element.visible or rect.y >= panels[0].bottom:
            continue  # the footer
        holders = [panel for panel in panels if panel.colliderect(rect)]
        assert holders and holders[0].contains(rect), f"{where}: {element} {rect} crosses"


def _assert_no_text_cut(scene, where: str) -> None:  # noqa: ANN001
    for element in scene._elements:
        if isinstance(element, UIDropDownMenu):
            shown = element.menu_states["closed"].selected_option_button
            room = shown.rect.w - 2 * shown.text_horiz_alignment_padding
            for label, _ in element.options_list:
                assert shown.font.size(label)[0] <= room, f"{where}: {label!r} is cut"
        elif isinstance(element, UILabel) and element.text:
            assert element.font.size(element.text)[0] <= element.rect.w, \
                f"{where}: {element.text!r} is cut"


# --------------------------------------------------------------------------- summary


def _summary(app) -> str:  # noqa: ANN001
    return app.scenes.top._summary.html_text


def test_the_summary_follows_the_seats_and_the_house_rules(app) -> None:  # noqa: ANN001
    scene = open_new_game(app)
    choose(app, widget(scene, "variant"), "carousel")
    choose(app, widget(app.scenes.top, "seats"), "2")
    assert "1 pack, 1 joker for 2 players" in _summary(app)
    choose(app, widget(app.scenes.top, "seats"), "3")
    # Carousel deals from two packs and two jokers from three players on
    assert "2 packs, 2 jokers for 3 players" in _summary(app)
    assert app.scenes.top.setup.preview().deck_for(3) == (2, 2)
    scene = app.scenes.top
    scene.focus.focus_key("hand_size")
    press(app, pygame.K_LEFT)
    assert "9 cards each" in _summary(app)
    choose(app, widget(app.scenes.top, "match"), "hands")
    type_text(app, widget(app.scenes.top, "match_n"), "4")
    assert "4 hands" in _summary(app)
    choose(app, widget(app.scenes.top, "jokers"), "0")
    # issue 45.1: no jokers, and still the two packs three seats are dealt from
    assert "2 packs for 3 players" in _summary(app)


# --------------------------------------------------------------------------- remembered rules


def test_house_rules_are_remembered_per_variant(start_app: StartApp, tmp_path: Path) -> None:
    app = start_app()
    scene = open_new_game(app)
    choose(app, widget(scene, "ace"), "around")
    choose(app, widget(app.scenes.top, "abandon_penalty"), "5")
    # another variant has its own rules; coming back shows these again
    choose(app, widget(app.scenes.top, "variant"), "guadalupe")
    assert app.scenes.top.setup.values["ace"] == "either"
    choose(app, widget(app.scenes.top, "ace"), "low")
    choose(app, widget(app.scenes.top, "variant"), "machiavelli")
    assert widget(app.scenes.top, "ace").selected_option[1] == "around"
    press(app, pygame.K_ESCAPE)  # back to the title, and New game again
    assert top_name(app) == "TitleScene"
    click(app, button(app, "New game"))
    scene = app.scenes.top
    assert scene.setup.variant_id == "machiavelli"
    assert widget(scene, "ace").selected_option[1] == "around"
    assert widget(scene, "abandon_penalty").selected_option[1] == "5"
    click(app, button(app, "Deal the cards"))
    assert top_name(app) == "TableScene"
    assert app.scenes.top.session.match.options == {"ace": "around", "abandon_penalty": 5}
    saved = json.loads(next(tmp_path.rglob("settings.json")).read_text())
    assert saved["new_game_options"] == {"machiavelli": {"ace": "around", "abandon_penalty": 5},
                                         "guadalupe": {"ace": "low"}}
    # a new start of the game reads them back
    again = start_app(data_dir=tmp_path)
    scene = open_new_game(again)
    assert scene.setup.options() == {"ace": "around", "abandon_penalty": 5}
    choose(again, widget(scene, "variant"), "guadalupe")
    assert again.scenes.top.setup.options() == {"ace": "low"}
    click(again, button(again, "Variant defaults"))
    assert again.scenes.top.setup.options() == {}
    press(again, pygame.K_ESCAPE)
    assert "guadalupe" not in again.settings.new_game_options


def test_remembered_rules_that_no_longer_apply_are_set_aside(app) -> None:  # noqa: ANN001
    app.settings.new_game_options = {"machiavelli": {"ace": "sideways"},
                                     "tahiti": {"hand_size": 7}}
    scene = open_new_game(app)
    assert scene.setup.options() == {}  # the variant's own rules, no error shown
    assert scene._status_label.text == ""
    choose(app, widget(scene, "variant"), "tahiti")
    assert app.scenes.top.setup.values["hand_size"] == "7"


def test_the_new_game_screen_refuses_a_deal_with_too_few_cards(app) -> None:  # noqa: ANN001
    # (moved from test_contract_ui.py: the contract game's deal check on this screen)
    scene = open_new_game(app)
    choose(app, widget(scene, "variant"), "shanghai-rummy")
    choose(app, widget(app.scenes.top, "seats"), "8")
    scene = app.scenes.top
    scene.focus.focus_key("hand_size")
    for _ in range(2):  # 11 -> 13
        press(app, pygame.K_RIGHT)
    assert scene.setup.values["hand_size"] == "13"
    assert scene.setup.check() is None  # 8 x 13 fit three packs and two jokers
    for _ in range(7):  # 20 cards each: 160 cards of hands
        press(app, pygame.K_RIGHT)
    problem = scene.setup.check()
    assert problem is not None and "Too few cards" in problem and "8 players" in problem
    click(app, button(app, "Deal the cards"))
    assert scene.session is None and scene.status_error
    assert "Too few cards" in scene.status
    assert app.scenes.top is scene
    # the refusal is long: it wraps onto two lines in the footer, whole, where a one-line
    # label cut it short (pygame-gui warned "Label Rect is too small for text")
    shown = [e for e in scene._elements
             if isinstance(e, UITextBox) and "Too few cards" in e.html_text]
    assert len(shown) == 1 and shown[0].scroll_bar is None
    assert not [e for e in scene._elements if isinstance(e, UILabel) and "Too few" in e.text]


def test_dealing_asks_first_and_keeps_the_unfinished_game_as_a_save(app) -> None:  # noqa: ANN001
    from game.session import GameSession
    from game.store import AUTOSAVE

    unfinished = GameSession.new("machiavelli", {}, [Seat("You", "human"),
                                                     Seat("Ada", "easy")], seed=3)
    unfinished.match.draw()
    unfinished.save(app.store)
    scene = open_new_game(app)
    click(app, button(app, "Deal the cards"))
    assert top_name(app) == "ConfirmDialog"  # issue 34.4: not replaced silently
    press(app, pygame.K_ESCAPE)
    assert app.scenes.top is scene and app.store.saves.has_autosave()
    click(app, button(app, "Deal the cards"))
    click(app, button(app, "Keep it and deal"))
    assert top_name(app) == "TableScene"
    kept = [info for info in app.store.saves.list() if info.slot != AUTOSAVE]
    assert len(kept) == 1 and kept[0].slot.startswith("Machiavelli")
    game = app.store.saves.read(kept[0].slot)
    assert GameSession.from_json(game).summary() == unfinished.summary()
    assert not app.store.saves.has_autosave()  # Continue now offers the new game only


def test_dealing_without_an_unfinished_game_asks_nothing(app) -> None:  # noqa: ANN001
    open_new_game(app)
    click(app, button(app, "Deal the cards"))
    assert top_name(app) == "TableScene"


def test_tahitis_setup_says_an_unreleased_joker_stays_in_its_meld(app) -> None:  # noqa: ANN001
    from game.engine.rules_text import describe
    from game.engine.variants import get_variant

    scene = open_new_game(app)
    choose(app, widget(scene, "variant"), "tahiti")
    scene = app.scenes.top
    # issue 34.6: the panel said "Unreleased joker: Moves with its card" where the rules
    # say it never moves (its meld is frozen): where the joker freezes its meld, the form
    # does not offer the choice
    keys = {item.key for item in scene.focus.items}
    assert "joker_moves" not in keys and "joker_release_from" in keys
    assert "never moves" in " ".join(describe(get_variant("tahiti")))
    choose(app, widget(scene, "variant"), "vatikan")  # a pinned joker that does not freeze
    assert "joker_moves" in {item.key for item in app.scenes.top.focus.items}


def test_carousels_jokers_follow_the_deck_the_seats_get(app) -> None:  # noqa: ANN001
    # issue 34.9: "Jokers 1" showed beside "2 jokers for 3 players"
    scene = open_new_game(app)
    choose(app, widget(scene, "variant"), "carousel")
    scene = app.scenes.top
    assert len(scene.setup.seats) == 3
    assert widget(scene, "jokers").selected_option[1] == "2"
    assert "2 packs, 2 jokers for 3 players" in scene.setup.facts()
    assert scene.setup.options() == {}  # the deck as the rules give it: no house rule
    choose(app, widget(scene, "seats"), "2")
    scene = app.scenes.top
    assert widget(scene, "jokers").selected_option[1] == "1"
    assert "1 pack, 1 joker for 2 players" in scene.setup.facts()
    assert scene.setup.options() == {}
    choose(app, widget(scene, "jokers"), "2")  # a house rule: two jokers, whatever the seats
    scene = app.scenes.top
    assert scene.setup.options() == {"jokers": 2}
    choose(app, widget(scene, "seats"), "3")
    assert widget(app.scenes.top, "jokers").selected_option[1] == "2"


def test_the_new_game_screen_refuses_seats_one_pack_cannot_deal(app) -> None:  # noqa: ANN001
    # issue 29.12: a preset's packs=1 leaves Machiavelli's 13 cards for three seats at most;
    # five are refused with the reason, never dealt 10 cards each in silence
    setup = Setup("machiavelli", [["You", "human"], ["Ada", "medium"]])
    setup.load_options({"packs": 1})  # an option without a widget, kept as it is
    setup.set_seat_count(3)
    assert setup.check() is None
    setup.set_seat_count(5)
    problem = setup.check()
    assert problem is not None and problem.startswith("Too few cards: 5 players with 13")
    # ... and so does the screen
    app.settings.new_game_options = {"machiavelli": {"packs": 1}}
    scene = open_new_game(app)
    choose(app, widget(scene, "variant"), "machiavelli")
    choose(app, widget(app.scenes.top, "seats"), "5")
    scene = app.scenes.top
    assert scene.setup.options() == {"packs": 1}
    click(app, button(app, "Deal the cards"))
    assert scene.session is None and scene.status_error
    assert "Too few cards" in scene.status
    assert app.scenes.top is scene
    choose(app, widget(scene, "seats"), "3")
    click(app, button(app, "Deal the cards"))
    assert top_name(app) == "TableScene"
    assert [len(h) for h in app.scenes.top.session.match.deal.hands] == [13, 13, 13]


def test_the_jokers_choice_keeps_the_deck_of_the_seats() -> None:
    # issue 45.1: Jokers "None" for 5 Carousel seats keeps their two packs
    setup = Setup("carousel", [["You", "human"], ["Ada", "medium"]])
    setup.set_seat_count(5)
    setup.load_options({"jokers": 0})
    assert "2 packs for 5 players" in setup.facts()


def test_the_summary_is_left_out_when_a_house_rule_changes_what_it_says() -> None:
    # issue 45.6: Machiavelli's "a failed attempt costs 3 cards" with "Nothing extra"
    from types import SimpleNamespace

    from game.ui.scenes.new_game import NewGameScene

    setup = Setup("machiavelli", [["You", "human"], ["Ada", "medium"]])
    shown = NewGameScene._summary_html(SimpleNamespace(setup=setup))  # type: ignore[arg-type]
    assert "costs 3 cards" in shown
    setup.load_options({"abandon_penalty": 0})
    shown = NewGameScene._summary_html(SimpleNamespace(setup=setup))  # type: ignore[arg-type]
    assert "costs 3 cards" not in shown and "2 to 5 players" in shown
