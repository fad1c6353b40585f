"""The game's look in one place: the palette every screen draws with, and the one loader
of the shipped DejaVu fonts (cached by size and style)."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui.assets import font_path

RGB = tuple[int, int, int]

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
#: a round not played yet on the contract scoreboard
DIM: RGB = (120, 150, 130)
ERROR: RGB = (255, 150, 135)

# the felt and the menu panels
FELT: RGB = (29, 92, 56)
FELT_LIGHT: RGB = (40, 118, 72)
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
#: the buy prompt's countdown bar when little time is left
TIMER_LOW: RGB = (235, 110, 80)
#: the notices over every screen (file problems, saves)
NOTICE_FILL: RGB = (90, 30, 30)
NOTICE_EDGE: RGB = (230, 190, 120)
NOTICE_TEXT: RGB = (255, 245, 220)
#: the statistics: every other row's light band (with alpha) and a win-rate bar's track
STAT_BAND: tuple[int, int, int, int] = (255, 255, 255, 12)
STAT_TRACK: RGB = (8, 30, 18)


# --------------------------------------------------------------------------- fonts

def font(px: float, style: str = "regular") -> pygame.font.Font:
    """The shipped DejaVu font ``style`` (``regular``, ``bold``, ``italic``,
    ``condensed-bold``, ``serif-bold``) at ``px`` pixels (at least 1), cached. Fonts made
    before a ``pygame.quit()`` / ``init()`` cycle are dropped and made again."""
    ensure_fonts()
    return _font(style, max(1, int(px)))


@lru_cache(maxsize=512)
def _font(style: str, px: int) -> pygame.font.Font:
    return pygame.font.Font(str(font_path(style)), px)


def ensure_fonts() -> None:
    """Initialise ``pygame.font`` if needed, dropping the fonts cached before."""
    if not pygame.font.get_init():
        pygame.font.init()
        _font.cache_clear()


def clear_fonts() -> None:
    """Forget the cached fonts (made before a ``pygame.quit()`` / ``init()`` cycle)."""
    _font.cache_clear()
