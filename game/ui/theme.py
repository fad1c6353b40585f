"""The game's look in one place: the palette every screen draws with, and the one loader
of the shipped DejaVu fonts (cached by size and style)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

from game.ui.assets import font_path

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

# --------------------------------------------------------------------------- palette

# gold and cream: titles, the player's move, text
GOLD: RGB = (224, 180, 74)
GOLD_LIGHT: RGB = (245, 210, 122)
GOLD_DARK: RGB = (150, 112, 30)
CREAM: RGB = (243, 239, 224)
#: secondary text on the menu screens
MUTED: RGB = (180, 200, 186)
#: secondary text at the card tables (a shade greener)
TABLE_MUTED: RGB = (178, 205, 186)
#: a round not played yet on the contract scoreboard (4.5:1 on the panel)
DIM: RGB = (135, 165, 145)
ERROR: RGB = (255, 170, 155)

# the felt and the menu panels
FELT: RGB = (29, 92, 56)
#: the menus' felt at its lightest: dark enough for MUTED text to read at 4.5:1 on it
FELT_LIGHT: RGB = (26, 88, 54)
FELT_DARK: RGB = (9, 38, 22)
PANEL: RGB = (12, 47, 28)
ROW_LINE: RGB = (63, 143, 95)

# signals at the tables
RED: RGB = (235, 72, 60)
GREEN: RGB = (110, 230, 140)
#: a score that helps (below zero) on the contract scoreboard
SCORE_GREEN: RGB = (120, 225, 150)
BLUE: RGB = (120, 190, 255)
PALE_RED: RGB = (255, 170, 150)
SELECT_COLOUR: RGB = (70, 150, 255)
FRESH_COLOUR: RGB = (255, 214, 64)
FOCUS_COLOUR: RGB = (255, 196, 40)
#: each seat's colour at the manipulation table: the marks on the cards it played or moved
SEAT_COLOURS: tuple[RGB, ...] = ((80, 170, 255), (255, 120, 90), (120, 220, 120),
                                 (235, 120, 235), (255, 200, 60), (90, 220, 220))
#: the dark ring around a seat's mark, so it reads on any card face
MARK_EDGE: RGB = (20, 24, 28)
#: the game's log line under the status line at the table
LOG_TEXT: RGB = (200, 215, 205)


def seat_colour(seat: int) -> RGB:
    """The colour of ``seat`` (seats beyond the palette reuse it)."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


#: each seat's shape, as each suit has one: seats told apart without their colour (two
#: colours may look alike to a colour-blind player) by the shape as well as the number
SEAT_SHAPES: tuple[str, ...] = ("circle", "square", "triangle", "hexagon", "diamond",
                                "pentagon")


def seat_shape(seat: int) -> str:
    """The shape of ``seat``'s badges and marks (seats beyond the list reuse it)."""
    return SEAT_SHAPES[seat % len(SEAT_SHAPES)]


def seat_label(seat: int) -> str:
    """The number that tells ``seat`` apart without its colour: on its seat box and on
    the marks it leaves on cards (seats count from 1)."""
    return str(seat + 1)


#: the buy prompt's countdown bar when little time is left
TIMER_LOW: RGB = (235, 110, 80)
#: the notices over every screen (file problems, saves)
NOTICE_FILL: RGB = (90, 30, 30)
NOTICE_INFO_FILL: RGB = (16, 62, 40)  # news (a save, the tutorial done), not a problem
NOTICE_EDGE: RGB = (230, 190, 120)
NOTICE_TEXT: RGB = (255, 245, 220)
#: the statistics: every other row's light band (with alpha) and a win-rate bar's track
STAT_BAND: RGBA = (255, 255, 255, 12)
STAT_TRACK: RGB = (8, 30, 18)

#: both tables: behind a line of the turn log
TABLE_LOG_BACK: RGBA = (6, 28, 16, 170)
#: both tables: the turn log in full, over the melds (nearly opaque: white cards under it)
TABLE_LOG_PANEL_FILL: RGBA = (6, 28, 16, 246)
#: contract table: an error notice's fill; both tables' error edge and text
CONTRACT_NOTE_ERROR_FILL: RGBA = (92, 18, 14, 238)
NOTE_ERROR_EDGE: RGBA = (255, 140, 120, 255)
NOTE_ERROR_TEXT: RGB = (255, 214, 200)
#: contract table: an info notice's fill; both tables' info edge
CONTRACT_NOTE_INFO_FILL: RGBA = (10, 46, 28, 238)
NOTE_INFO_EDGE: RGBA = (120, 200, 150, 255)
#: both tables: the side column's shade and its dividing line
TABLE_SIDE_FILL: RGBA = (4, 22, 12, 120)
TABLE_SIDE_LINE: RGB = (86, 130, 96)
#: contract table: the banner's fill and its big words
CONTRACT_BANNER_FILL: RGBA = (10, 30, 18, 150)
CONTRACT_BANNER_TEXT: RGB = (255, 236, 180)
#: both tables: a seat box's fill (lit when it is that seat's turn) and plain edge
TABLE_SEAT_FILL: RGBA = (6, 28, 16, 190)
TABLE_SEAT_LIT_FILL: RGBA = (40, 34, 8, 210)
TABLE_SEAT_EDGE: RGBA = (63, 143, 95, 200)
#: both tables: the dashed outline of an empty hand, stock or discard pile
TABLE_EMPTY_DASH: RGB = (160, 200, 170)
#: contract table: the text on a seat's badge
CONTRACT_BADGE_TEXT: RGB = (20, 16, 4)
#: contract table: the fill of the mat of a meld the bottom seat laid (its edge gold)
CONTRACT_SECTION_MINE_FILL: RGBA = (40, 32, 6, 46)
#: contract table: a meld box's fill and edge
CONTRACT_MELD_FILL: RGBA = (0, 0, 0, 52)
CONTRACT_MELD_EDGE: RGBA = (255, 255, 255, 30)
#: contract table: the first line of the empty felt's words
CONTRACT_EMPTY_FELT_TITLE: RGB = (206, 228, 212)
#: contract table: a filled contract slot, met or not yet (fill, edge)
CONTRACT_SLOT_OK_FILL: RGBA = (10, 50, 26, 150)
CONTRACT_SLOT_SHORT_FILL: RGBA = (40, 20, 10, 120)
CONTRACT_SLOT_SHORT_EDGE: RGBA = (230, 160, 90, 200)
#: contract table: an empty contract slot (fill, dashed outline); both tables' "+" hints
CONTRACT_SLOT_EMPTY_FILL: RGBA = (0, 0, 0, 30)
CONTRACT_SLOT_EMPTY_DASH: RGB = (170, 210, 180)
TABLE_PLACEHOLDER_TEXT: RGB = (200, 230, 210)
#: contract table: the edges of the cards under a pile (fill, edge)
CONTRACT_UNDER_CARD_FILL: RGB = (236, 232, 220)
CONTRACT_UNDER_CARD_EDGE: RGB = (150, 150, 140)
#: both tables: the info box (fill, edge)
TABLE_INFO_FILL: RGBA = (0, 0, 0, 60)
TABLE_INFO_EDGE: RGBA = (120, 170, 130, 80)
#: both tables: the hand's rail (fill, edge); the edge is also the contract table's
#: hovered hand's fill
TABLE_RAIL_FILL: RGBA = (0, 0, 0, 40)
TABLE_RAIL_EDGE: RGBA = (255, 255, 255, 18)
#: the contract table's drop target under the pointer, allowed or not (the allowed fill
#: is the manipulation table's too)
TABLE_TARGET_OK_FILL: RGBA = (80, 220, 120, 50)
CONTRACT_TARGET_BAD_FILL: RGBA = (240, 120, 60, 40)
#: contract table: a contract slot under the pointer
CONTRACT_TARGET_SLOT_FILL: RGBA = (80, 220, 120, 40)
#: manipulation table: the frame of a board region (fill, edge)
BOARD_REGION_FILL: RGBA = (0, 0, 0, 26)
BOARD_REGION_EDGE: RGBA = (150, 200, 160, 60)
#: manipulation table: the free area for new melds (fill, edge)
BOARD_FREE_FILL: RGBA = (40, 30, 0, 60)
BOARD_FREE_EDGE: RGBA = (224, 180, 74, 120)
#: manipulation table: the dashed outline of an empty mat
BOARD_SLOT_EDGE: RGB = (190, 225, 200)
#: manipulation table: a mat under a meld, valid or not (fill, edge)
BOARD_MAT_FILL: RGBA = (0, 0, 0, 46)
BOARD_MAT_BAD_FILL: RGBA = (70, 0, 0, 60)
BOARD_MAT_EDGE: RGBA = (255, 255, 255, 26)
#: manipulation table: a badge's ring and number
BOARD_BADGE_INK: RGB = (255, 255, 255)
#: dark text on gold: the manipulation table's "PLAYING" tag, the status line on your turn
GOLD_TAG_TEXT: RGB = (40, 28, 4)
#: manipulation table: the notices' fills (error, hint, info) and the hint's text
TABLE_NOTE_ERROR_FILL: RGBA = (92, 18, 14, 235)
TABLE_NOTE_HINT_FILL: RGBA = (70, 54, 10, 235)
TABLE_NOTE_HINT_TEXT: RGB = (255, 240, 196)
TABLE_NOTE_INFO_FILL: RGBA = (10, 46, 28, 235)
#: manipulation table: a drop target that would start a new meld
TABLE_TARGET_NEW_FILL: RGBA = (240, 180, 60, 40)
#: manipulation table: the glow inside the focused target
TABLE_FOCUS_FILL: RGBA = (255, 220, 120, 36)
TABLE_BAND_FILL: RGBA = (255, 230, 160, 40)  # the selection band dragged over the felt
TABLE_BAND_TOUCH_FILL: RGBA = (255, 200, 70, 80)  # the cards the band will select
#: manipulation table: a tooltip's fill (its edge is RED)
TABLE_TIP_FILL: RGBA = (16, 40, 27, 242)
#: joker chooser: the ink of the black and the red suits on its faces
CHOOSER_INK_BLACK: RGB = (30, 30, 36)
CHOOSER_INK_RED: RGB = (200, 30, 48)
#: joker chooser: its panel (fill, gold edge)
CHOOSER_FILL: RGBA = (12, 40, 24, 245)
CHOOSER_EDGE: RGBA = (224, 180, 74, 255)
#: joker chooser: a choice's box, a face or blank (fill), not chosen (edge)
CHOOSER_FACE_FILL: RGB = (255, 250, 236)
CHOOSER_BLANK_FILL: RGB = (40, 90, 60)
CHOOSER_CHOICE_EDGE: RGB = (120, 150, 130)
#: joker chooser: the number key shown on a choice
CHOOSER_KEY_TEXT: RGB = (100, 100, 100)
#: buy prompt: the shade over the table behind it, its drop shadow, its panel's fill
BUY_DIM: RGBA = (0, 0, 0, 80)
BUY_SHADOW: RGBA = (0, 0, 0, 90)
BUY_FILL: RGBA = (12, 44, 27, 246)
#: buy prompt: the countdown bar's track
BUY_TIMER_TRACK: RGBA = (0, 0, 0, 110)
#: the felt's weave: its light and dark specks
WEAVE_LIGHT: RGBA = (255, 255, 255, 7)
WEAVE_DARK: RGBA = (0, 0, 0, 14)
#: the drop shadow under drawn text (blitted at alpha 150)
TEXT_SHADOW: RGB = (0, 0, 0)
#: the drop shadow of a menu panel
PANEL_SHADOW: RGBA = (0, 0, 0, 70)
#: the rules screen: the text on a house rule's gold tag
HOUSE_TAG_TEXT: RGB = (27, 20, 6)
#: the table felt's light pool: its centre and its edge (the vignette); the centre is dark
#: enough for the tables' muted text to read at 4.5:1 on it (issue 33)
FELT_CENTRE: RGB = (30, 94, 57)
FELT_EDGE: RGB = (14, 58, 34)
#: the high-contrast felt (Settings, "High contrast"): near black, so every text on it
#: reads at 7:1 or more; (centre, edge) at the tables, (light, dark) on the menus
HIGH_CONTRAST_FELT: tuple[RGB, RGB] = ((14, 40, 25), (0, 8, 4))

_contrast = {"high": False}


def set_high_contrast(on: bool) -> None:
    """Draw the felts in the high-contrast colours from the next frame on."""
    _contrast["high"] = bool(on)


def high_contrast() -> bool:
    return _contrast["high"]


def table_felt_colours() -> tuple[RGB, RGB]:
    """The tables' felt: its centre and its edge, in the contrast in use."""
    return HIGH_CONTRAST_FELT if high_contrast() else (FELT_CENTRE, FELT_EDGE)


def menu_felt_colours() -> tuple[RGB, RGB]:
    """The menus' felt: its light middle and its dark edge, in the contrast in use."""
    return HIGH_CONTRAST_FELT if high_contrast() else (FELT_LIGHT, FELT_DARK)


def html_colour(colour: RGB) -> str:
    """``colour`` as the ``'#rrggbb'`` string of UITextBox HTML."""
    return "#{:02x}{:02x}{:02x}".format(*colour)
#: the status line's fill and edge: a warning, or plain (info and wait)
STATUS_WARN_FILL: RGBA = (120, 30, 20, 220)
STATUS_PLAIN_FILL: RGBA = (10, 40, 24, 200)
STATUS_PLAIN_EDGE: RGBA = (90, 150, 110, 220)
#: contract scoreboard: the band behind the round being played
SCORE_CURRENT_BAND: RGB = (44, 70, 34)
#: the hand-over screen: the shade over its felt
HANDOVER_SHADE: RGBA = (0, 0, 0, 90)
#: the end-of-hand screen: the shade over the table below
END_OF_HAND_SHADE: RGBA = (0, 0, 0, 150)

# --------------------------------------------------------------------------- fonts

def font(px: float, style: str = "regular") -> pygame.font.Font:
    """The shipped DejaVu font ``style`` (``regular``, ``bold``, ``italic``,
    ``condensed-bold``, ``serif-bold``) at ``px`` pixels (at least 1), cached. Fonts made
    before a ``pygame.quit()`` / ``init()`` cycle are dropped and made again."""
    ensure_fonts()
    return _font(style, max(1, int(px)))


@lru_cache(maxsize=512)
def _font(style: str, px: int) -> pygame.font.Font:
    return _Font(str(font_path(style)), px)


#: What no font draws, and pygame refuses outright: a NUL ("A null character was found in
#: the text"), a lone surrogate (not UTF-8); the other control characters likewise
_UNDRAWABLE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


def drawable(text: str) -> str:
    """``text`` without the characters no font draws (NUL and the other control
    characters, lone surrogates): what a name or message from anywhere is drawn as."""
    return _UNDRAWABLE.sub("", text) if _UNDRAWABLE.search(text) else text


class _Font(pygame.font.Font):
    """The game's fonts: drawing or measuring a text never raises on what it holds."""

    def render(self, text: Any, *args: Any, **kwargs: Any) -> pygame.Surface:
        clean = drawable(text) if isinstance(text, str) else text
        try:
            return super().render(clean, *args, **kwargs)
        except (ValueError, UnicodeError, pygame.error):  # e.g. bytes holding a NUL
            return super().render("", *args, **kwargs)

    def size(self, text: Any, /) -> tuple[int, int]:
        clean = drawable(text) if isinstance(text, str) else text
        try:
            return super().size(clean)
        except (ValueError, UnicodeError, pygame.error):
            return super().size("")


def ensure_fonts() -> None:
    """Initialise ``pygame.font`` if needed, dropping the fonts cached before."""
    if not pygame.font.get_init():
        pygame.font.init()
        _font.cache_clear()


def clear_fonts() -> None:
    """Forget the cached fonts (made before a ``pygame.quit()`` / ``init()`` cycle)."""
    _font.cache_clear()


# --------------------------------------------------------------------------- contrast

@dataclass(frozen=True)
class TextOn:
    """Where a text colour is drawn: on ``layers`` (bottom first, a translucent one over
    those below) over the felt at its lightest (the tables' or, with ``menu``, the menus').
    ``large``: only large or bold symbols (a badge's "!"), for which WCAG asks 3:1."""

    what: str
    text: RGB
    layers: tuple[RGB | RGBA, ...] = ()
    menu: bool = False
    large: bool = False


#: every drawn text colour on what it is drawn on (tests/ui/test_contrast.py checks each
#: at 4.5:1, in both contrasts)
TEXT_ON: tuple[TextOn, ...] = (
    TextOn("words on the tables' felt", CREAM),
    TextOn("the hand's caption, your turn", GOLD_LIGHT),
    TextOn("muted words on the felt (sort, regions)", TABLE_MUTED),
    TextOn("the New meld placeholder", TABLE_PLACEHOLDER_TEXT),
    TextOn("the empty felt's title", CONTRACT_EMPTY_FELT_TITLE),
    TextOn("a seat's words", CREAM, (TABLE_SEAT_FILL,)),
    TextOn("a seat's muted words", TABLE_MUTED, (TABLE_SEAT_FILL,)),
    TextOn("the playing seat's name", GOLD_LIGHT, (TABLE_SEAT_LIT_FILL,)),
    TextOn("a seat laid down", GREEN, (TABLE_SEAT_FILL,)),
    TextOn("the side panel's facts", CREAM, (TABLE_SIDE_FILL, TABLE_INFO_FILL)),
    TextOn("the side panel's muted facts", TABLE_MUTED, (TABLE_SIDE_FILL, TABLE_INFO_FILL)),
    TextOn("the side panel's title", GOLD_LIGHT, (TABLE_SIDE_FILL, TABLE_INFO_FILL)),
    TextOn("the last turns' warning", PALE_RED, (TABLE_SIDE_FILL, TABLE_INFO_FILL)),
    TextOn("the turn log", LOG_TEXT, (TABLE_LOG_BACK,)),
    TextOn("the turn log in full", LOG_TEXT, ((255, 255, 255), TABLE_LOG_PANEL_FILL)),
    TextOn("the turn log in full: its title", TABLE_MUTED,
           ((255, 255, 255), TABLE_LOG_PANEL_FILL)),
    TextOn("the status line", CREAM, (STATUS_PLAIN_FILL,)),
    TextOn("the status line, a warning", CREAM, (STATUS_WARN_FILL,)),
    TextOn("the status line on your turn", GOLD_TAG_TEXT, (GOLD,)),
    TextOn("the PLAYING tag", GOLD_TAG_TEXT, (GOLD,)),
    TextOn("a contract seat's badge", CONTRACT_BADGE_TEXT, (GOLD,)),
    TextOn("a contract seat's buying badge", CONTRACT_BADGE_TEXT, (BLUE,)),
    TextOn("the contract banner", CONTRACT_BANNER_TEXT, (CONTRACT_BANNER_FILL,)),
    TextOn("the contract banner's title", GOLD_LIGHT, (CONTRACT_BANNER_FILL,)),
    TextOn("an error note", NOTE_ERROR_TEXT, (CONTRACT_NOTE_ERROR_FILL,)),
    TextOn("an error note (manipulation)", NOTE_ERROR_TEXT, (TABLE_NOTE_ERROR_FILL,)),
    TextOn("a hint note", TABLE_NOTE_HINT_TEXT, (TABLE_NOTE_HINT_FILL,)),
    TextOn("an info note", CREAM, (TABLE_NOTE_INFO_FILL,)),
    TextOn("an info note (contract)", CREAM, (CONTRACT_NOTE_INFO_FILL,)),
    TextOn("a tooltip's title", PALE_RED, (TABLE_TIP_FILL,)),
    TextOn("a tooltip's words", CREAM, (TABLE_TIP_FILL,)),
    TextOn("the joker chooser's black ink", CHOOSER_INK_BLACK, (CHOOSER_FACE_FILL,)),
    TextOn("the joker chooser's red ink", CHOOSER_INK_RED, (CHOOSER_FACE_FILL,)),
    TextOn("the joker chooser's keys", CHOOSER_KEY_TEXT, (CHOOSER_FACE_FILL,)),
    TextOn("the joker chooser's title", CREAM, (CHOOSER_FILL,)),
    TextOn("the buy prompt", CREAM, (BUY_DIM, BUY_FILL)),
    *(TextOn(f"seat {n + 1}'s number", MARK_EDGE, (colour,))
      for n, colour in enumerate(SEAT_COLOURS)),
    TextOn("a mat's warning badge", BOARD_BADGE_INK, (RED,), large=True),
    TextOn("a notice", NOTICE_TEXT, (NOTICE_FILL,)),
    TextOn("a notice of news", NOTICE_TEXT, (NOTICE_INFO_FILL,)),
    TextOn("words on the menus' felt", CREAM, menu=True),
    TextOn("muted words on the menus' felt", MUTED, menu=True),
    TextOn("gold words on the menus' felt", GOLD_LIGHT, menu=True),
    TextOn("an error on the menus", ERROR, menu=True),
    TextOn("a menu panel's words", CREAM, (PANEL,), menu=True),
    TextOn("a menu panel's muted words", MUTED, (PANEL,), menu=True),
    TextOn("a round not played yet", DIM, (PANEL,), menu=True),
    TextOn("a helping score", SCORE_GREEN, (PANEL,), menu=True),
    TextOn("the round being played", CREAM, (SCORE_CURRENT_BAND,), menu=True),
    TextOn("a house rule's tag", HOUSE_TAG_TEXT, (GOLD,), menu=True),
)
