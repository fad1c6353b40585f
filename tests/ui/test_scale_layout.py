"""Issue 33, Scale: the tables and the menus at every window size from 1024x640 to
3840x2160 and every UI scale from 75% to 200% (with and without large cards), each set the
real way (the Settings' values, the window resized) on the real app: every band and widget
inside the window, no two controls over each other, no text cut, the felt keeps its room,
and the cards and text do grow with the scale."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Any

import pygame
import pytest
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel

from game.session import GameSession
from game.store.seats import Seat
from game.ui.app import App
from game.ui.cardtable.probe import TableProbe
from game.ui.contract.table import ContractTableScene
from game.ui.manipulation.table import TableScene
from game.ui.scale import Zoom, display_scale, ui_scale
from game.ui.scenes import screens
from tests.ui.conftest import StartApp, pump
from tests.ui.texts import DrawnText, cut_on_screen, cut_texts

SIZES = ((1024, 640), (1280, 800), (1920, 1080), (2560, 1440), (3840, 2160))
PERCENTS = (75, 100, 150, 200)
SEATS = [Seat("You", "human"), Seat("Ada", "easy"), Seat("Boole", "easy"),
         Seat("Cleo", "easy")]
#: the least share of the window's height the felt keeps at any scale
FELT_LEAST = 0.15


@pytest.fixture
def drawn() -> Iterator[DrawnText]:
    with DrawnText.recording() as recorder:
        yield recorder


def set_look(app: App, size: tuple[int, int], percent: int, large: bool,
             left: bool = False) -> None:
    """The Settings' UI scale, card size and side panel's side, then the window's size, as
    the player sets them; a few frames for the screen to take them."""
    app.settings.ui_scale_percent = percent
    app.settings.large_cards = large
    app.settings.left_handed = left
    app.apply_settings()
    app.resize(size)
    pump(app, 3)


def overlaps(rects: Sequence[tuple[str, pygame.Rect]]) -> list[str]:
    return [f"{a} {ra} overlaps {b} {rb}" for (a, ra), (b, rb) in combinations(rects, 2)
            if ra.colliderect(rb)]


def outside(window: pygame.Rect, rects: Sequence[tuple[str, pygame.Rect]]) -> list[str]:
    return [f"{name} {rect} is not inside the window {window.size}" for name, rect in rects
            if not window.contains(rect)]


def live_buttons(app: App) -> list[tuple[str, pygame.Rect]]:
    top = app.scenes.top
    assert top is not None
    return [(str(getattr(element, "text", "") or "button"), element.rect.copy())
            for element in top._elements
            if isinstance(element, UIButton | UIDropDownMenu) and element.visible
            and element.alive()]


def table_problems(app: App, scene: Any, drawn: DrawnText) -> list[str]:
    layout = scene.layout
    window = pygame.Rect((0, 0), app.size)
    if isinstance(scene, TableScene):
        column = [("top", layout.top), ("felt", layout.table), ("log", layout.log),
                  ("status", layout.status), ("hand", layout.hand)]
        side = [("stock", layout.stock), ("info", layout.info), ("buttons", layout.buttons)]
        if layout.scores is None:  # at 4K 200% the scores once fell off the column
            return ["the scores have no room in the side panel"]
        side.append(("scores", layout.scores))
    else:
        column = [("top", layout.top), ("banner", layout.banner), ("felt", layout.table),
                  ("status", layout.status), ("hand", layout.hand)]
        if layout.stage is not None:
            column.append(("stage", layout.stage))
        side = [("piles", layout.piles), ("info", layout.info), ("buttons", layout.buttons)]
    problems = outside(window, [*column, *side, ("sidebar", layout.sidebar)])
    problems += overlaps(column) + overlaps(side)
    problems += [f"{name} {rect} reaches into the sidebar" for name, rect in column
                 if rect.colliderect(layout.sidebar)]
    if layout.table.height < FELT_LEAST * app.size[1]:
        problems.append(f"the felt is {layout.table.height}px of {app.size[1]}")
    cards = [(f"card {card}", spot.rect) for card, spot in layout.spots.items()]
    problems += outside(window, cards)
    problems += [f"{name} {rect} is outside the hand {layout.hand}" for name, rect in cards
                 if layout.spots[_card(layout, name)].zone == "hand"
                 and not layout.hand.contains(rect)]
    buttons = live_buttons(app)
    problems += outside(window, buttons) + overlaps(buttons)
    problems += [f"button {name} {rect} is outside the sidebar" for name, rect in buttons
                 if not layout.sidebar.contains(rect)]
    problems += cut_on_screen(app, drawn)
    return problems


def _card(layout: Any, name: str) -> Any:
    wanted = name.removeprefix("card ")
    return next(card for card in layout.spots if str(card) == wanted)


def open_tables(app: App) -> list[Any]:
    """A manipulation table mid-hand and a contract table, pushed on the app's stack."""
    scenes: list[Any] = []
    for variant, scene_type in (("machiavelli", TableScene),
                                ("shanghai-rummy", ContractTableScene)):
        session = GameSession.new(variant, {}, SEATS, seed=4)
        scene = scene_type(app, session, autosave=False)
        scenes.append(scene)
    return scenes


@pytest.mark.parametrize("family", ["manipulation", "contract"])
def test_the_tables_fit_every_size_and_scale(start_app: StartApp, drawn: DrawnText,
                                             family: str) -> None:
    app = start_app(size=(1280, 800))
    app.settings.language = "en"
    session = GameSession.new("machiavelli" if family == "manipulation" else "shanghai-rummy",
                              {}, SEATS, seed=4)
    scene: Any = (TableScene if family == "manipulation" else ContractTableScene)(
        app, session, autosave=False)
    app.scenes.push(scene)
    if isinstance(scene, TableScene):
        TableProbe(app, scene).settle()
    else:
        pump(app, 240)
    found: list[str] = []
    hand_cards: dict[tuple[tuple[int, int], int, bool], int] = {}
    for size in SIZES:
        for percent in PERCENTS:
            for large in (False, True):
                set_look(app, size, percent, large)
                assert app.scenes.top is scene
                assert scene.layout.size == size
                where = f"{family} {size[0]}x{size[1]} {percent}%{' large' if large else ''}"
                found += [f"{where}: {problem}"
                          for problem in table_problems(app, scene, drawn)]
                hand_cards[(size, percent, large)] = scene.layout.hand_card[1]
    # the side panel on the left (issue 33's left hand) at the extremes
    for size in (SIZES[0], SIZES[-1]):
        for percent in (75, 200):
            set_look(app, size, percent, True, left=True)
            assert scene.layout.sidebar.x == 0
            found += [f"{family} {size[0]}x{size[1]} {percent}% left: {problem}"
                      for problem in table_problems(app, scene, drawn)]
    assert not found, "\n".join(found)
    # the scale is taken: bigger cards at a bigger scale, and larger still when asked for
    big = (3840, 2160)
    assert hand_cards[(big, 75, False)] < hand_cards[(big, 100, False)] \
        < hand_cards[(big, 150, False)] <= hand_cards[(big, 200, False)]
    assert hand_cards[(big, 100, True)] > hand_cards[(big, 100, False)]
    assert hand_cards[((1280, 800), 100, True)] > hand_cards[((1280, 800), 100, False)]
    # and the cards grow with the window: at 4K at least twice as tall as at 1280x800
    assert hand_cards[(big, 100, False)] >= 2 * hand_cards[((1280, 800), 100, False)]


@pytest.mark.parametrize("screen", ["title", "settings", "new_game"])
def test_the_menus_fit_every_size_and_scale(start_app: StartApp, screen: str) -> None:
    app = start_app(size=(1280, 800))
    app.scenes.push(getattr(screens, screen)(app))
    pump(app, 3)
    found: list[str] = []
    for size in SIZES:
        for percent in (75, 100, 200):
            set_look(app, size, percent, False)
            top = app.scenes.top
            assert top is not None
            where = f"{screen} {size[0]}x{size[1]} {percent}%"
            window = pygame.Rect((0, 0), app.size)
            widgets = [(str(getattr(e, "text", "") or type(e).__name__), e.rect.copy())
                       for e in top._elements if e.visible and e.alive()]
            found += [f"{where}: {p}" for p in outside(window, widgets)]
            # no control (nor a row's label) over another: a panel that overflows puts its
            # last row over the footer's buttons
            controls = [(f"{item.key}", item.element.rect.copy()) for item in top.focus.items
                        if item.element.visible]
            labels = [(e.text, e.rect.copy()) for e in top._elements
                      if isinstance(e, UILabel) and e.visible and e.text]
            found += [f"{where}: {p}" for p in overlaps(controls + labels)]
            found += [f"{where}: cut {text}" for text in cut_texts(top._elements)]
            assert top.scale == ui_scale(size, percent / 100)  # type: ignore[attr-defined]
    assert not found, "\n".join(found)


def test_the_ui_scale_follows_the_display_by_default() -> None:
    assert display_scale({}) == 1.0
    assert display_scale({"GDK_SCALE": "2"}) == 2.0
    assert display_scale({"QT_SCALE_FACTOR": "1.5"}) == 1.5
    assert display_scale({"GDK_SCALE": "nonsense", "QT_SCALE_FACTOR": "1.25"}) == 1.25
    assert display_scale({"GDK_SCALE": "9"}) == 2.0  # the largest scale offered
    assert Zoom.of(0, False, {"GDK_SCALE": "2"}) == Zoom(2.0, False)
    assert Zoom.of(150, True, {"GDK_SCALE": "2"}) == Zoom(1.5, True)  # the player's wins
    assert Zoom.of(0, False, {}) == Zoom(1.0, False)
