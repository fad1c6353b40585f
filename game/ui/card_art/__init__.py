"""Procedural playing-card art: faces, jokers, backs and overlays, drawn with pygame.

Nothing is loaded but the shipped DejaVu fonts (for the rank letters and the suit
glyphs U+2660-2666). Shapes (card body, borders, frames, back patterns, overlays)
are drawn supersampled and reduced with ``smoothscale`` so their edges are
anti-aliased; text and glyphs are rendered straight at the target size by FreeType,
so the corner indices stay crisp down to about 40x56 px.

Two layouts are used:

* *classic* (width >= 84 px): rank-over-suit indices in the top-left corner and,
  turned round, in the bottom-right; pips laid out as on a real card for 2-10, one
  large pip for the ace, a framed double-ended letter + crown design for J, Q and K.
* *compact* (narrower): one large top-left index and one large pip, which is what
  can still be read on a 48 px card.

Every surface returned is cached (LRU, bounded) and shared: do not draw on it;
copy it first if you need to.

Works with ``SDL_VIDEODRIVER=dummy``: surfaces are plain ``SRCALPHA`` surfaces, and
``convert_alpha`` is only applied when a display mode has been set.

The package, by job:

* :mod:`.palette` - suits, rank letters, colour schemes, back palettes, pip layouts;
* :mod:`.primitives` - colours, text cut to its ink, the supersampled canvas, silhouettes;
* :mod:`.layout` - where the indices and pips go on a card of one size, the blank stock;
* :mod:`.faces`, :mod:`.jokers`, :mod:`.backs`, :mod:`.overlays` - the drawings;
* :mod:`.art` - :class:`CardArt`, the checked and cached entry point.
"""

from __future__ import annotations

from game.ui.card_art.art import CardArt
from game.ui.card_art.palette import (
    BACK_PALETTES,
    BACKS,
    COMPACT_BELOW,
    FOUR_COLOUR,
    JOKER_RANK,
    JOKER_SUIT,
    MAX_SIZE,
    MIN_SIZE,
    RANK_LABELS,
    RGB,
    SUIT_GLYPHS,
    SUITS,
    TWO_COLOUR,
    ColourLike,
    Size,
)

__all__ = [
    "BACKS",
    "BACK_PALETTES",
    "COMPACT_BELOW",
    "FOUR_COLOUR",
    "JOKER_RANK",
    "JOKER_SUIT",
    "MAX_SIZE",
    "MIN_SIZE",
    "RANK_LABELS",
    "RGB",
    "SUITS",
    "SUIT_GLYPHS",
    "TWO_COLOUR",
    "CardArt",
    "ColourLike",
    "Size",
]
