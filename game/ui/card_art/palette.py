"""What the deck looks like: suits, rank letters, colour schemes, back palettes, pip layouts."""

from __future__ import annotations

import pygame

Size = tuple[int, int]
RGB = tuple[int, int, int]
ColourLike = tuple[int, int, int] | tuple[int, int, int, int] | pygame.Color | str

SUITS: tuple[str, ...] = ("C", "D", "H", "S")
SUIT_GLYPHS: dict[str, str] = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
RANK_LABELS: dict[int, str] = {1: "A", 11: "J", 12: "Q", 13: "K"}
JOKER_RANK = 0
JOKER_SUIT = "*"

#: Suit colours of the usual two-colour deck and of the four-colour deck.
TWO_COLOUR: dict[str, RGB] = {
    "C": (22, 22, 28),
    "D": (200, 22, 42),
    "H": (200, 22, 42),
    "S": (22, 22, 28),
}
FOUR_COLOUR: dict[str, RGB] = {
    "C": (18, 128, 58),
    "D": (22, 86, 200),
    "H": (200, 22, 42),
    "S": (22, 22, 28),
}

#: Card-back palettes: (main, dark, light, accent).
BACK_PALETTES: dict[str, tuple[RGB, RGB, RGB, RGB]] = {
    "blue": ((28, 78, 160), (14, 42, 98), (96, 146, 220), (232, 200, 110)),
    "red": ((168, 28, 40), (98, 12, 22), (226, 100, 104), (236, 204, 120)),
    "green": ((20, 112, 66), (8, 62, 36), (88, 178, 120), (236, 208, 120)),
    "purple": ((92, 48, 142), (50, 22, 86), (158, 116, 212), (236, 206, 120)),
    "black": ((40, 40, 46), (16, 16, 20), (98, 98, 110), (214, 176, 84)),
}
BACKS: tuple[str, ...] = tuple(BACK_PALETTES)

#: Classic layout from this card width up; narrower cards use the compact layout.
COMPACT_BELOW = 84
MIN_SIZE = 8
MAX_SIZE = 4096

PAPER_TOP: RGB = (255, 255, 253)
PAPER_BOTTOM: RGB = (241, 238, 230)
EDGE: RGB = (150, 148, 140)
GOLD: RGB = (206, 160, 46)
GOLD_DARK: RGB = (120, 84, 12)
GOLD_PALE: RGB = (255, 243, 196)
JOKER_PURPLE: RGB = (96, 38, 140)

# fmt: off
# Pip positions for 2-10, in a unit box: x 0 (left), 0.5, 1 (right); y 0 (top) .. 1.
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((0.5, 0.0), (0.5, 1.0)),
    3: ((0.5, 0.0), (0.5, 0.5), (0.5, 1.0)),
    4: ((0, 0), (1, 0), (0, 1), (1, 1)),
    5: ((0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)),
    6: ((0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    7: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    8: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)),
    9: (
        (0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5),
        (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1),
    ),
    10: (
        (0, 0), (1, 0), (0.5, 1 / 6), (0, 1 / 3), (1, 1 / 3),
        (0, 2 / 3), (1, 2 / 3), (0.5, 5 / 6), (0, 1), (1, 1),
    ),
}
# fmt: on

# Crown-like ornaments for the court cards (DejaVu chess glyphs: filled + outline).
COURT_ORNAMENT: dict[int, tuple[str, str]] = {
    11: ("\u265e", "\u2658"),  # knight: the knave
    12: ("\u265b", "\u2655"),  # queen's coronet
    13: ("\u265a", "\u2654"),  # king's crown
}
