"""At 200% everything scales (issue 51, its last points): the Settings preview, the padlock
on a frozen meld, the stock-order cards and the seats' shapes in the lobby, each through
the real app, at 3840x2160 as a low-vision player would set it up."""

from __future__ import annotations

from typing import Any

import pygame

from game.net.events import LobbySeat
from game.session import Seat
from game.ui.app import App
from game.ui.scenes import screens
from tests.ui.conftest import StartApp, button, open_table, pump

UHD = (3840, 2160)


def at_scale(start_app: StartApp, percent: int, size: tuple[int, int] = UHD,
             large: bool = False) -> App:
    app = start_app(size=size)
    app.settings.ui_scale_percent = percent
    app.settings.large_cards = large
    app.resize(size)
    return app


def drawn_sizes(app: App, method: str) -> list[tuple[int, int]]:
    """The sizes of the cards ``app.card_art.<method>`` draws in the next frames."""
    art = app.card_art
    real = getattr(art, method)
    sizes: list[tuple[int, int]] = []

    def spy(*args: Any, **kwargs: Any) -> Any:
        sizes.append(tuple(args[2] if len(args) > 2 else args[0]))  # type: ignore[arg-type]
        return real(*args, **kwargs)

    setattr(art, method, spy)
    pump(app, 2)
    setattr(art, method, real)
    return sizes


def preview_card(app: App) -> tuple[int, int]:
    app.scenes.reset(screens.settings(app))
    pump(app, 2)
    sizes = drawn_sizes(app, "face")
    assert sizes, "no preview drawn"
    return sizes[-1]


def test_at_200_percent_the_settings_preview_shows_bigger_cards(start_app: StartApp) -> None:
    from game.ui.manipulation.layout import hand_card_height
    from game.ui.scale import Zoom

    plain = preview_card(at_scale(start_app, 100))
    double = preview_card(at_scale(start_app, 200))
    large = preview_card(at_scale(start_app, 100, large=True))
    # the table's hand cards grow this much from 100% to 200% in this window
    grows = hand_card_height(UHD, Zoom(2.0)) / hand_card_height(UHD, Zoom(1.0))
    assert grows > 1.2
    assert double[1] >= 0.95 * grows * plain[1], \
        f"{double[1]} px preview cards at 200%, {plain[1]} px at 100%"
    assert large[1] > plain[1], "Large cards changes nothing in the preview"
    # and the room is used: at 200% the cards take most of the preview's height
    app = at_scale(start_app, 200)
    app.scenes.reset(screens.settings(app))
    pump(app, 2)
    area = app.scenes.top._preview_area()
    assert double[1] >= 0.75 * area.h, f"{double[1]} px cards in a {area.h} px preview"


def test_the_preview_fits_its_panel_in_small_windows(start_app: StartApp) -> None:
    for size in ((1024, 640), (1280, 800)):
        app = at_scale(start_app, 100, size)
        w, h = preview_card(app)
        area = app.scenes.top._preview_area()
        assert h >= 0.09 * size[1], (size, h)
        assert h <= area.h and 4 * w < area.w, (size, w, h, area)


def padlock(start_app: StartApp, percent: int) -> tuple[int, int]:
    """The padlock's radius on a frozen meld and the table cards' width."""
    from game.ui.manipulation.board import badge_radius

    app = at_scale(start_app, percent)
    probe = open_table(app, "tahiti", [Seat("You", "human"), Seat("Ada", "easy")], 3, rigged={
        "table": "8H 9H JK=10H | 4C 5C 6C", "hands": ["7C 2D KS QS 3D", "AS 2S 8C 8D JD"],
        "current": 0})
    layout = probe.scene.layout
    return badge_radius(layout), layout.table_card[0]


def test_at_200_percent_the_padlock_grows_with_the_scale(start_app: StartApp) -> None:
    plain, plain_card = padlock(start_app, 100)
    double, double_card = padlock(start_app, 200)
    # the felt's cards are smaller at 200% (the hand and the side panel take the room) ...
    assert double_card < plain_card
    # ... yet the padlock is larger, as the player asked
    assert double >= 1.4 * plain, f"a {double} px padlock at 200%, {plain} px at 100%"
    # never wider than the card over its corner (a card covers its inner quarter)
    assert 2 * double <= double_card, (double, double_card)


def stock_card(start_app: StartApp, percent: int) -> tuple[int, int]:
    from tests.ui.scenes.test_deals import _finish_hand

    app = at_scale(start_app, percent)
    app.settings.animation_speed = 4.0
    _session, probe = _finish_hand(app, 1)
    probe.click(button(app, "Stock order").rect.center)
    sizes = drawn_sizes(app, "render")
    assert sizes
    return sizes[-1]


def test_at_200_percent_the_stock_order_cards_grow(start_app: StartApp) -> None:
    plain = stock_card(start_app, 100)
    double = stock_card(start_app, 200)
    assert double[1] >= 1.6 * plain[1], f"{double[1]} px stock cards at 200%, {plain[1]} at 100%"


def test_the_lobby_draws_each_seat_in_its_shape(start_app: StartApp) -> None:
    """Seats 2 and 3 look alike to a red-green blind player: in the lobby's rows their marks
    differ in outline as on the table."""
    from game.ui import theme
    from game.ui.widgets.lobby_seats import draw_seat_rows

    # nameless seats with no words: all a row shows is the seat's mark
    seats = [LobbySeat("", "local", "taken") for _ in range(4)]
    background = (90, 90, 90)
    surface = pygame.Surface((600, 400))
    surface.fill(background)
    rows = pygame.Rect(20, 20, 560, 256)  # four rows 64 px tall
    draw_seat_rows(surface, rows, seats, round, lambda _i, _s: ("", theme.MUTED))
    outlines = []
    for index in range(4):
        band = pygame.Rect(rows.x, rows.y + index * 64, rows.w, 64)
        outlines.append(frozenset(
            (x - band.x, y - band.y) for x in range(band.x, band.right)
            for y in range(band.y, band.bottom) if surface.get_at((x, y))[:3] != background))
    assert all(outlines)
    for a in range(4):
        for b in range(a + 1, 4):
            assert outlines[a] != outlines[b], f"seats {a + 1} and {b + 1} drawn alike"
