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
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from functools import lru_cache

import pygame

from game.ui.theme import clear_fonts, ensure_fonts, font

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

_PAPER_TOP: RGB = (255, 255, 253)
_PAPER_BOTTOM: RGB = (241, 238, 230)
_EDGE: RGB = (150, 148, 140)
_GOLD: RGB = (206, 160, 46)
_GOLD_DARK: RGB = (120, 84, 12)
_GOLD_PALE: RGB = (255, 243, 196)
_JOKER_PURPLE: RGB = (96, 38, 140)

# fmt: off
# Pip positions for 2-10, in a unit box: x 0 (left), 0.5, 1 (right); y 0 (top) .. 1.
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
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
_COURT_ORNAMENT: dict[int, tuple[str, str]] = {
    11: ("\u265e", "\u2658"),  # knight: the knave
    12: ("\u265b", "\u2655"),  # queen's coronet
    13: ("\u265a", "\u2654"),  # king's crown
}


# --------------------------------------------------------------------------- helpers


def _rgb(colour: ColourLike) -> tuple[int, int, int, int]:
    c = pygame.Color(colour)
    return (c.r, c.g, c.b, c.a)


def _mix(a: Sequence[int], b: Sequence[int], t: float) -> RGB:
    """``a`` blended towards ``b`` by ``t`` (0 = a, 1 = b)."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def _check_size(size: Sequence[int]) -> Size:
    try:
        w, h = int(size[0]), int(size[1])
    except (TypeError, ValueError, IndexError):
        raise ValueError(f"size must be (width, height), got {size!r}") from None
    if not (MIN_SIZE <= w <= MAX_SIZE and MIN_SIZE <= h <= MAX_SIZE):
        raise ValueError(f"card size {w}x{h} out of range {MIN_SIZE}..{MAX_SIZE}")
    return w, h


def _render(style: str, px: int, text: str, colour: RGB) -> pygame.Surface:
    try:
        return font(px, style).render(text, True, colour)
    except pygame.error:  # fonts made before a pygame.quit() / init() cycle
        clear_fonts()
        return font(px, style).render(text, True, colour)


@lru_cache(maxsize=128)
def _ink_ratio(style: str, text: str) -> float:
    """Ink height of ``text`` divided by the font size (measured at a large size)."""
    probe = _render(style, 200, text, (0, 0, 0))
    return max(1, probe.get_bounding_rect().height) / 200.0


@lru_cache(maxsize=4096)
def _ink(text: str, style: str, height: int, colour: tuple[int, int, int, int]) -> pygame.Surface:
    """``text`` rendered so that the ink of ``measure`` is ``height`` px tall, cropped to ink.

    Letters and digits are sized by the cap height (of "H"); any other text (suit
    glyphs, stars, ornaments) by its own ink height.
    """
    height = max(2, height)
    measure = "H" if text[:1].isalnum() else text
    px = max(3, round(height / _ink_ratio(style, measure)))
    surf = _render(style, px, text, colour[:3])
    if colour[3] != 255:
        surf.set_alpha(None)
        surf.fill((255, 255, 255, colour[3]), special_flags=pygame.BLEND_RGBA_MULT)
    box = surf.get_bounding_rect()
    if box.width == 0 or box.height == 0:
        return pygame.Surface((1, 1), pygame.SRCALPHA)
    return surf.subsurface(box).copy()


def _fit(surf: pygame.Surface, max_w: float, max_h: float | None = None) -> pygame.Surface:
    """``surf`` narrowed (or shrunk) to fit ``max_w`` x ``max_h``, keeping it crisp-ish."""
    w, h = surf.get_size()
    max_w = max(1, int(max_w))
    if max_h is not None and h > max_h:
        scale = max_h / h
        w, h = max(1, round(w * scale)), max(1, round(max_h))
        surf = pygame.transform.smoothscale(surf, (w, h))
    if w > max_w:
        surf = pygame.transform.smoothscale(surf, (max_w, h))
    return surf


def _blit_centred(dest: pygame.Surface, src: pygame.Surface, cx: float, cy: float) -> None:
    dest.blit(src, (round(cx - src.get_width() / 2), round(cy - src.get_height() / 2)))


def _turn(surf: pygame.Surface) -> pygame.Surface:
    """Turned half a turn (the lower half of a double-ended card)."""
    return pygame.transform.flip(surf, True, True)


def _finish(surf: pygame.Surface) -> pygame.Surface:
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        try:
            return surf.convert_alpha()
        except pygame.error:
            return surf
    return surf


def _supersample(w: int, h: int) -> int:
    # powers of two only: smoothscale by 3 loses a little (255 comes back as 253)
    return 4 if max(w, h) <= 180 else 2


class _Canvas:
    """A supersampled drawing surface addressed in target-pixel (float) coordinates."""

    def __init__(self, size: Size, clear: Sequence[int] = (255, 255, 255)) -> None:
        self.w, self.h = size
        self.k = _supersample(self.w, self.h)
        self.surf = pygame.Surface((self.w * self.k, self.h * self.k), pygame.SRCALPHA)
        # transparent, but with the colour of the nearest edge so that smoothscale
        # does not darken the anti-aliased rim
        self.surf.fill((clear[0], clear[1], clear[2], 0))

    def px(self, v: float) -> int:
        return round(v * self.k)

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        x0, y0 = self.px(x), self.px(y)
        return pygame.Rect(x0, y0, max(1, self.px(x + w) - x0), max(1, self.px(y + h) - y0))

    def rrect(
        self,
        box: tuple[float, float, float, float],
        colour: ColourLike,
        radius: float,
        width: float = 0,
    ) -> None:
        r = self.rect(*box)
        rad = max(0, min(self.px(radius), r.width // 2, r.height // 2))
        lw = 0 if width <= 0 else max(1, self.px(width))
        pygame.draw.rect(self.surf, colour, r, lw, border_radius=rad)

    def rect_fill(self, box: tuple[float, float, float, float], colour: ColourLike) -> None:
        self.surf.fill(colour, self.rect(*box))

    def polygon(self, points: Sequence[tuple[float, float]], colour: ColourLike) -> None:
        pygame.draw.polygon(self.surf, colour, [(x * self.k, y * self.k) for x, y in points])

    def circle(self, cx: float, cy: float, r: float, colour: ColourLike, width: float = 0) -> None:
        lw = 0 if width <= 0 else max(1, self.px(width))
        pygame.draw.circle(self.surf, colour, (cx * self.k, cy * self.k), max(1, r * self.k), lw)

    def ellipse(
        self, box: tuple[float, float, float, float], colour: ColourLike, width: float = 0
    ) -> None:
        lw = 0 if width <= 0 else max(1, self.px(width))
        pygame.draw.ellipse(self.surf, colour, self.rect(*box), lw)

    def line(
        self, a: tuple[float, float], b: tuple[float, float], colour: ColourLike, width: float
    ) -> None:
        lw = max(1, self.px(width))
        pygame.draw.line(
            self.surf, colour, (a[0] * self.k, a[1] * self.k), (b[0] * self.k, b[1] * self.k), lw
        )

    def finish(self) -> pygame.Surface:
        return pygame.transform.smoothscale(self.surf, (self.w, self.h))


def _vertical_gradient(size: tuple[int, int], top: RGB, bottom: RGB) -> pygame.Surface:
    strip = pygame.Surface((1, 2))
    strip.set_at((0, 0), top)
    strip.set_at((0, 1), bottom)
    grad = pygame.transform.smoothscale(strip, (2, max(2, size[1])))
    return pygame.transform.scale(grad, size)


@lru_cache(maxsize=64)
def _card_alpha(w: int, h: int) -> pygame.Surface:
    """Black with the card's coverage as alpha: the exact silhouette of a card."""
    cv = _Canvas((w, h), (0, 0, 0))
    cv.rrect((0, 0, w, h), (0, 0, 0, 255), _radius(w, h))
    return cv.finish()


def _seal(card: pygame.Surface) -> pygame.Surface:
    """Restore full opacity inside the card (alpha-on-alpha blits may nibble a little)."""
    card.blit(_card_alpha(*card.get_size()), (0, 0), special_flags=pygame.BLEND_RGBA_MAX)
    return card


# --------------------------------------------------------------------------- geometry


def _radius(w: int, h: int) -> float:
    return max(2.0, min(w, h) * 0.075)


def _edge_width(w: int) -> float:
    return max(1.0, w / 110)


class _Geometry:
    """Positions of the indices and pips for one card size."""

    def __init__(self, w: int, h: int) -> None:
        self.w, self.h = w, h
        self.compact = w < COMPACT_BELOW
        if self.compact:
            self.margin_x = max(2.0, w * 0.07)
            self.margin_y = max(2.0, h * 0.045)
            self.rank_h = h * 0.22
            self.suit_h = h * 0.17
            self.index_w = w * 0.48
            self.gap = h * 0.03
        else:
            self.margin_x = w * 0.045
            self.margin_y = h * 0.035
            self.rank_h = h * 0.105
            self.suit_h = h * 0.082
            self.index_w = w * 0.17
            self.gap = h * 0.018
        self.index_h = self.rank_h + self.gap + self.suit_h
        # pip grid (classic)
        self.pip_h = h * 0.125
        self.col_l = w * 0.318
        self.col_r = w * 0.682
        self.row_t = h * 0.215
        self.row_b = h * 0.785


# --------------------------------------------------------------------------- the renderer


class CardArt:
    """Draws and caches card faces, jokers, backs and overlays.

    ``four_colour`` gives clubs green and diamonds blue; ``back`` is one of
    :data:`BACKS`. Both may be changed later (they are part of the cache key).
    """

    def __init__(
        self, four_colour: bool = False, back: str = "blue", cache_size: int = 512
    ) -> None:
        if back not in BACK_PALETTES:
            raise ValueError(f"unknown card back {back!r}; known: {', '.join(BACKS)}")
        if cache_size < 1:
            raise ValueError("cache_size must be at least 1")
        self.four_colour = bool(four_colour)
        self._back = back
        self.cache_size = int(cache_size)
        self._cache: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self.hits = 0
        self.misses = 0

    # ----------------------------------------------------------------- options

    @property
    def back_style(self) -> str:
        """The name of the card back drawn by :meth:`back`."""
        return self._back

    @back_style.setter
    def back_style(self, name: str) -> None:
        if name not in BACK_PALETTES:
            raise ValueError(f"unknown card back {name!r}; known: {', '.join(BACKS)}")
        self._back = name

    def suit_colour(self, suit: str) -> RGB:
        """The ink colour of ``suit`` in the current colour scheme."""
        table = FOUR_COLOUR if self.four_colour else TWO_COLOUR
        try:
            return table[suit]
        except KeyError:
            raise ValueError(f"unknown suit {suit!r}; expected one of {SUITS}") from None

    # ----------------------------------------------------------------- cache

    def _cached(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            self.hits += 1
            return surf
        self.misses += 1
        ensure_fonts()
        surf = _finish(make())
        self._cache[key] = surf
        while len(self._cache) > self.cache_size:
            self._cache.popitem(last=False)
        return surf

    def cache_len(self) -> int:
        """How many surfaces are cached now (never more than ``cache_size``)."""
        return len(self._cache)

    def clear_cache(self) -> None:
        """Forget every cached surface (e.g. after the display mode changed)."""
        self._cache.clear()

    # ----------------------------------------------------------------- public drawing

    def face(self, rank: int, suit: str, size: Size) -> pygame.Surface:
        """The face of ``rank`` (1 = ace .. 13 = king) of ``suit`` (C D H S).

        Rank 0 with suit ``"*"`` is an undeclared joker.
        """
        w, h = _check_size(size)
        if rank == JOKER_RANK or suit == JOKER_SUIT:
            if rank != JOKER_RANK or suit != JOKER_SUIT:
                raise ValueError(f"a joker is rank 0 suit '*', got rank {rank!r} suit {suit!r}")
            return self.joker((w, h), None)
        self._check_card(rank, suit)
        key = ("face", rank, suit, w, h, self.four_colour)
        return self._cached(key, lambda: self._draw_face(rank, suit, w, h))

    def joker(self, size: Size, declared: tuple[int, str] | None = None) -> pygame.Surface:
        """A joker; if ``declared`` = (rank, suit) is given, the card it stands for is
        shown in gold-framed corner indices and (on larger cards) a ``= 10♥`` ribbon."""
        w, h = _check_size(size)
        if declared is not None:
            declared = (int(declared[0]), str(declared[1]))
            self._check_card(*declared)
        key = ("joker", declared, w, h, self.four_colour)
        return self._cached(key, lambda: self._draw_joker(w, h, declared))

    def back(self, size: Size, style: str | None = None) -> pygame.Surface:
        """The back of a card, in ``style`` (default: the instance's ``back``)."""
        w, h = _check_size(size)
        name = self._back if style is None else style
        if name not in BACK_PALETTES:
            raise ValueError(f"unknown card back {name!r}; known: {', '.join(BACKS)}")
        return self._cached(("back", name, w, h), lambda: self._draw_back(name, w, h))

    def render(
        self,
        rank: int,
        suit: str,
        size: Size,
        declared: tuple[int, str] | None = None,
        face_up: bool = True,
    ) -> pygame.Surface:
        """Whatever a card looks like: its back, a (declared) joker, or its face."""
        if not face_up:
            return self.back(size)
        if rank == JOKER_RANK:
            return self.joker(size, declared)
        return self.face(rank, suit, size)

    def outline(
        self, size: Size, colour: ColourLike = (255, 214, 64), thickness: int | None = None
    ) -> pygame.Surface:
        """A card-sized glowing rim (drop targets): blit it at the card's position."""
        w, h = _check_size(size)
        rgba = _rgb(colour)
        t = max(2, round(w * 0.03)) if thickness is None else max(1, int(thickness))
        return self._cached(("outline", rgba, w, h, t), lambda: self._draw_outline(w, h, rgba, t))

    def highlight(
        self, size: Size, colour: ColourLike = (70, 150, 255), alpha: int = 64
    ) -> pygame.Surface:
        """A card-sized selection overlay: a translucent tint with a solid rim."""
        w, h = _check_size(size)
        rgba = _rgb(colour)
        a = max(0, min(255, int(alpha)))
        return self._cached(
            ("highlight", rgba, w, h, a), lambda: self._draw_highlight(w, h, rgba, a)
        )

    def glow(
        self, size: Size, colour: ColourLike = (255, 214, 64), spread: int | None = None
    ) -> pygame.Surface:
        """A soft halo for a card of ``size``; the surface is larger by ``spread`` on every
        side, so blit it at ``(x - spread, y - spread)``. See :meth:`glow_spread`."""
        w, h = _check_size(size)
        rgba = _rgb(colour)
        s = self.glow_spread(size) if spread is None else max(1, int(spread))
        return self._cached(("glow", rgba, w, h, s), lambda: self._draw_glow(w, h, rgba, s))

    def shadow(self, size: Size, spread: int | None = None, alpha: int = 110) -> pygame.Surface:
        """A soft drop shadow, larger by ``spread`` on every side (like :meth:`glow`)."""
        return self.glow(size, (0, 0, 0, max(0, min(255, alpha))), spread)

    @staticmethod
    def glow_spread(size: Size) -> int:
        """The default ``spread`` of :meth:`glow` and :meth:`shadow` for a card size."""
        return max(3, round(min(size[0], size[1]) * 0.09))

    # ----------------------------------------------------------------- drawing: common

    @staticmethod
    def _check_card(rank: int, suit: str) -> None:
        if not isinstance(rank, int) or not 1 <= rank <= 13:
            raise ValueError(f"rank must be 1..13, got {rank!r}")
        if suit not in SUIT_GLYPHS:
            raise ValueError(f"suit must be one of {SUITS}, got {suit!r}")

    def _blank(self, w: int, h: int) -> pygame.Surface:
        """White card stock with a thin rim, anti-aliased."""
        cv = _Canvas((w, h), _EDGE)
        rad = _radius(w, h)
        cv.rrect((0, 0, w, h), (255, 255, 255), rad)
        mask = cv.surf.copy()
        grad = _vertical_gradient(mask.get_size(), _PAPER_TOP, _PAPER_BOTTOM)
        layer = pygame.Surface(mask.get_size(), pygame.SRCALPHA)
        layer.blit(grad, (0, 0))
        layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        cv.surf.fill((_EDGE[0], _EDGE[1], _EDGE[2], 0))
        cv.surf.blit(layer, (0, 0))
        cv.rrect((0, 0, w, h), _EDGE, rad, _edge_width(w))
        return cv.finish()

    def _rank_text(self, rank: int) -> str:
        return RANK_LABELS.get(rank, str(rank))

    def _index_block(
        self, g: _Geometry, rank_text: str, suit: str | None, colour: RGB, style: str
    ) -> pygame.Surface:
        """Rank over suit, centred in a block ``index_w`` wide."""
        rank_img = _fit(_ink(rank_text, style, round(g.rank_h), (*colour, 255)), g.index_w)
        parts = [rank_img]
        if suit is not None:
            parts.append(_ink(SUIT_GLYPHS[suit], "regular", round(g.suit_h), (*colour, 255)))
        bw = max(round(g.index_w), *(p.get_width() for p in parts))
        bh = sum(p.get_height() for p in parts) + round(g.gap) * (len(parts) - 1)
        block = pygame.Surface((bw, max(1, bh)), pygame.SRCALPHA)
        y = 0
        for p in parts:
            block.blit(p, ((bw - p.get_width()) // 2, y))
            y += p.get_height() + round(g.gap)
        return block

    def _place_indices(
        self, card: pygame.Surface, g: _Geometry, block: pygame.Surface, both: bool
    ) -> None:
        x, y = round(g.margin_x), round(g.margin_y)
        if g.compact:
            card.blit(block, (x, y))
        else:
            cx = g.margin_x + g.index_w / 2
            card.blit(block, (round(cx - block.get_width() / 2), y))
        if both:
            turned = _turn(block)
            bx = g.w - round(g.margin_x) - block.get_width()
            if not g.compact:
                bx = round(g.w - g.margin_x - g.index_w / 2 - block.get_width() / 2)
            card.blit(turned, (bx, g.h - y - block.get_height()))

    # ----------------------------------------------------------------- drawing: faces

    def _draw_face(self, rank: int, suit: str, w: int, h: int) -> pygame.Surface:
        g = _Geometry(w, h)
        colour = self.suit_colour(suit)
        card = self._blank(w, h)
        if rank > 10:
            self._draw_court(card, g, rank, suit, colour)
        elif g.compact:
            self._draw_compact_pip(card, g, suit, colour, rank == 1)
        elif rank == 1:
            self._draw_ace(card, g, suit, colour)
        else:
            self._draw_pips(card, g, rank, suit, colour)
        style = "condensed-bold" if rank == 10 else "bold"
        block = self._index_block(g, self._rank_text(rank), suit, colour, style)
        self._place_indices(card, g, block, both=not g.compact)
        return _seal(card)

    def _draw_compact_pip(
        self, card: pygame.Surface, g: _Geometry, suit: str, colour: RGB, ace: bool
    ) -> None:
        ph = g.h * (0.46 if ace else 0.40)
        pip = _ink(SUIT_GLYPHS[suit], "regular", round(ph), (*colour, 255))
        pip = _fit(pip, g.w * 0.62)
        cx = g.w * 0.60
        cy = g.h * 0.66
        _blit_centred(card, pip, cx, cy)

    def _draw_ace(self, card: pygame.Surface, g: _Geometry, suit: str, colour: RGB) -> None:
        big = g.h * (0.36 if suit == "S" else 0.30)
        if suit == "S":
            # the ace of spades gets a thin ring, as is the custom
            cv = _Canvas((g.w, g.h), colour)
            r = g.w * 0.34
            cv.circle(g.w / 2, g.h / 2, r, (*colour, 255), max(1.0, g.w / 120))
            cv.circle(g.w / 2, g.h / 2, r - max(2.0, g.w * 0.025), (*_GOLD, 255), g.w / 200)
            card.blit(cv.finish(), (0, 0))
        pip = _ink(SUIT_GLYPHS[suit], "regular", round(big), (*colour, 255))
        _blit_centred(card, pip, g.w / 2, g.h / 2)

    def _draw_pips(
        self, card: pygame.Surface, g: _Geometry, rank: int, suit: str, colour: RGB
    ) -> None:
        pip_h = g.pip_h * (0.92 if rank >= 9 else 1.0)
        pip = _ink(SUIT_GLYPHS[suit], "regular", round(pip_h), (*colour, 255))
        pip = _fit(pip, (g.col_r - g.col_l) * 0.5)
        turned = _turn(pip)
        for ux, uy in _PIPS[rank]:
            cx = g.col_l + ux * (g.col_r - g.col_l)
            cy = g.row_t + uy * (g.row_b - g.row_t)
            img = turned if uy > 0.5 else pip
            _blit_centred(card, img, cx, cy)

    def _court_frame(self, g: _Geometry) -> tuple[float, float, float, float]:
        if g.compact:
            x0 = g.w * 0.36
            y0 = g.h * 0.40
            return (x0, y0, g.w - x0 - g.w * 0.08, g.h - y0 - g.h * 0.055)
        x0 = g.margin_x + g.index_w + g.w * 0.03
        y0 = g.margin_y + g.h * 0.01
        return (x0, y0, g.w - 2 * x0, g.h - 2 * y0)

    def _ornament(self, rank: int, height: int) -> pygame.Surface:
        """The gold crown (K), coronet (Q) or knight (J) of a court card."""
        fill_char, line_char = _COURT_ORNAMENT[rank]
        line = _ink(line_char, "regular", height, (*_GOLD_DARK, 255))
        fill = _ink(fill_char, "regular", height, (*_GOLD, 255))
        if fill.get_size() != line.get_size():
            fill = pygame.transform.smoothscale(fill, line.get_size())
        orn = fill.copy()
        orn.blit(line, (0, 0))
        if rank == 11:  # the knave looks inwards, towards the letter
            orn = pygame.transform.flip(orn, True, False)
        return orn

    def _draw_court(
        self, card: pygame.Surface, g: _Geometry, rank: int, suit: str, colour: RGB
    ) -> None:
        fx, fy, fw, fh = self._court_frame(g)
        tint = _mix(colour, (255, 255, 255), 0.91)
        tint_deep = _mix(colour, (255, 255, 255), 0.80)
        cv = _Canvas((g.w, g.h), _GOLD)
        rad = max(1.5, fw * 0.08)
        lw = max(0.8, g.w / 140)
        cv.rrect((fx, fy, fw, fh), (*tint, 255), rad)
        if not g.compact:
            # deeper tint towards the middle, where the two halves meet
            steps = 14
            for i in range(steps):
                t = (i + 1) / (steps + 1)
                band = fh * 0.5 * (1 - t)
                c = _mix(tint, tint_deep, t)
                cv.rect_fill((fx, fy + fh / 2 - band / 2, fw, band), c)
            # the gold sash across the middle, as on a double-ended court card
            mid = fy + fh / 2
            slope = fh * 0.05
            band_w = fh * 0.016
            cv.polygon(
                [
                    (fx, mid + slope - band_w),
                    (fx + fw, mid - slope - band_w),
                    (fx + fw, mid - slope + band_w),
                    (fx, mid + slope + band_w),
                ],
                (*_GOLD, 255),
            )
            d = fh * 0.028
            cv.polygon(
                [
                    (fx + fw / 2, mid - d),
                    (fx + fw / 2 + d, mid),
                    (fx + fw / 2, mid + d),
                    (fx + fw / 2 - d, mid),
                ],
                (*colour, 255),
            )
        inset = lw * 3.4
        cv.rrect(
            (fx + inset, fy + inset, fw - 2 * inset, fh - 2 * inset),
            (*_mix(colour, (255, 255, 255), 0.45), 255),
            max(1.0, rad - inset),
            lw * 0.8,
        )
        cv.rrect((fx, fy, fw, fh), (*_GOLD, 255), rad, lw * 2.2)
        card.blit(cv.finish(), (0, 0))

        if g.compact:
            orn = self._ornament(rank, round(fh * 0.42))
            orn = _fit(orn, fw * 0.8)
            _blit_centred(card, orn, fx + fw / 2, fy + fh * 0.34)
            pip = _ink(SUIT_GLYPHS[suit], "regular", round(fh * 0.3), (*colour, 255))
            _blit_centred(card, pip, fx + fw / 2, fy + fh * 0.76)
            return

        half = pygame.Surface((max(1, round(fw)), max(1, round(fh / 2))), pygame.SRCALPHA)
        hw, hh = half.get_size()
        orn = self._ornament(rank, round(hh * 0.26))
        _blit_centred(half, orn, hw / 2, hh * 0.215)
        letter = self._rank_text(rank)
        cap = round(hh * 0.40)
        shade = _fit(_ink(letter, "serif-bold", cap, (*_GOLD, 255)), hw * 0.7)
        l_img = _fit(_ink(letter, "serif-bold", cap, (*colour, 255)), hw * 0.7)
        off = max(1, round(g.w / 110))
        _blit_centred(half, shade, hw / 2 + off, hh * 0.60 + off)
        _blit_centred(half, l_img, hw / 2, hh * 0.60)
        pip = _ink(SUIT_GLYPHS[suit], "regular", round(hh * 0.14), (*colour, 255))
        _blit_centred(half, pip, hw * 0.19, hh * 0.2)
        _blit_centred(half, pip, hw * 0.81, hh * 0.2)
        card.blit(half, (round(fx), round(fy)))
        card.blit(_turn(half), (round(fx + fw) - hw, round(fy + fh) - hh))

    # ----------------------------------------------------------------- drawing: jokers

    def _draw_joker(self, w: int, h: int, declared: tuple[int, str] | None) -> pygame.Surface:
        g = _Geometry(w, h)
        card = self._blank(w, h)
        # jester's cap emblem
        if g.compact:
            self._jester_cap(card, g, g.w * 0.60, g.h * 0.70, g.w * 0.56)
        else:
            self._jester_cap(card, g, g.w / 2, g.h * 0.375, g.w * 0.56)
            word = _ink("JOKER", "bold", round(g.h * 0.062), (*_JOKER_PURPLE, 255))
            word = _fit(word, g.w * 0.56)
            _blit_centred(card, word, g.w / 2, g.h * 0.62)
        if declared is None:
            star_h = round(g.rank_h * 1.05)
            star = _ink("\u2605", "regular", star_h, (*_JOKER_PURPLE, 255))
            parts = [star]
            if not g.compact:
                for ch in "JOKER":
                    parts.append(
                        _ink(ch, "bold", max(4, round(g.suit_h * 0.62)), (*_JOKER_PURPLE, 255))
                    )
            bw = max(p.get_width() for p in parts)
            gap = max(1, round(g.gap * 0.7))
            bh = sum(p.get_height() for p in parts) + gap * (len(parts) - 1)
            block = pygame.Surface((bw, bh), pygame.SRCALPHA)
            y = 0
            for p in parts:
                block.blit(p, ((bw - p.get_width()) // 2, y))
                y += p.get_height() + gap
            self._place_indices(card, g, block, both=not g.compact)
            return _seal(card)

        rank, suit = declared
        colour = self.suit_colour(suit)
        style = "condensed-bold" if rank == 10 else "bold"
        block = self._index_block(g, self._rank_text(rank), suit, colour, style)
        # gold badge behind the index: "this joker is playing as ..."
        pad_x = max(2, round(g.w * 0.025))
        pad_y = max(2, round(g.h * 0.014))
        bw, bh = block.get_width() + 2 * pad_x, block.get_height() + 2 * pad_y
        cv = _Canvas((bw, bh), _GOLD)
        cv.rrect((0, 0, bw, bh), (*_GOLD_PALE, 255), min(bw, bh) * 0.22)
        cv.rrect((0, 0, bw, bh), (*_GOLD, 255), min(bw, bh) * 0.22, max(1.0, g.w / 90))
        badge = cv.finish()
        badge.blit(block, (pad_x, pad_y))
        x = max(1, round(g.margin_x - pad_x))
        if not g.compact:
            x = max(1, round(g.margin_x + g.index_w / 2 - bw / 2))
        y = max(1, round(g.margin_y - pad_y))
        card.blit(badge, (x, y))
        if not g.compact:
            card.blit(_turn(badge), (w - x - bw, h - y - bh))
            self._declared_ribbon(card, g, rank, suit, colour)
        return _seal(card)

    def _declared_ribbon(
        self, card: pygame.Surface, g: _Geometry, rank: int, suit: str, colour: RGB
    ) -> None:
        """``= 10♥`` on a gold ribbon under the emblem."""
        th = round(g.h * 0.058)
        eq = _ink("=", "bold", round(th * 0.62), (*_GOLD_DARK, 255))
        rk = _ink(self._rank_text(rank), "bold", th, (*colour, 255))
        st = _ink(SUIT_GLYPHS[suit], "regular", round(th * 1.05), (*colour, 255))
        sp = max(1, round(th * 0.25))
        tw = eq.get_width() + rk.get_width() + st.get_width() + 2 * sp
        rw = min(g.w * 0.52, tw + th * 1.4)
        rh = th * 1.75
        cx, cy = g.w / 2, g.h * 0.735
        cv = _Canvas((g.w, g.h), _GOLD)
        box = (cx - rw / 2, cy - rh / 2, rw, rh)
        cv.rrect(box, (*_GOLD_PALE, 255), rh / 2)
        cv.rrect(box, (*_GOLD, 255), rh / 2, max(1.0, g.w / 110))
        card.blit(cv.finish(), (0, 0))
        row = pygame.Surface(
            (tw, max(eq.get_height(), rk.get_height(), st.get_height())), pygame.SRCALPHA
        )
        x = 0
        for part in (eq, rk, st):
            row.blit(part, (x, (row.get_height() - part.get_height()) // 2))
            x += part.get_width() + sp
        row = _fit(row, rw - rh * 0.6)
        _blit_centred(card, row, cx, cy)

    def _jester_cap(
        self, card: pygame.Surface, g: _Geometry, cx: float, cy: float, size: float
    ) -> None:
        """A three-pronged jester's cap with bells, centred at (cx, cy), ``size`` wide."""
        cv = _Canvas((g.w, g.h), _JOKER_PURPLE)
        s = size
        base_y = cy + s * 0.30
        band_h = s * 0.16
        outline = (*_mix(_JOKER_PURPLE, (0, 0, 0), 0.45), 255)
        prongs = [
            ((200, 30, 50), -1),
            ((40, 90, 190), 0),
            ((30, 140, 70), 1),
        ]
        lw = max(0.8, s / 70)
        tips: list[tuple[float, float]] = []
        # draw the side prongs first, then the middle one on top
        for colour, side in sorted(prongs, key=lambda p: abs(p[1]), reverse=True):
            tip = (cx + side * s * 0.47, cy - s * (0.42 if side == 0 else 0.22))
            left = (cx - s * 0.36 + (side + 1) * s * 0.18 - s * 0.14, base_y)
            right = (cx - s * 0.36 + (side + 1) * s * 0.18 + s * 0.30, base_y)
            if side == 0:
                left = (cx - s * 0.26, base_y)
                right = (cx + s * 0.26, base_y)
            elif side < 0:
                left = (cx - s * 0.40, base_y)
                right = (cx + s * 0.05, base_y)
            else:
                left = (cx - s * 0.05, base_y)
                right = (cx + s * 0.40, base_y)
            pts = _curved_prong(left, right, tip, bend=side * s * 0.10)
            cv.polygon(pts, outline)
            inner = _shrink(pts, lw)
            cv.polygon(inner, (*colour, 255))
            tips.append(tip)
        # band
        bx0, bx1 = cx - s * 0.42, cx + s * 0.42
        cv.rrect((bx0, base_y - band_h * 0.3, bx1 - bx0, band_h), outline, band_h * 0.3)
        cv.rrect(
            (bx0 + lw, base_y - band_h * 0.3 + lw, bx1 - bx0 - 2 * lw, band_h - 2 * lw),
            (*_GOLD, 255),
            band_h * 0.25,
        )
        # diamonds on the band
        for i in range(5):
            dx = bx0 + (bx1 - bx0) * (i + 0.5) / 5
            dy = base_y - band_h * 0.3 + band_h / 2
            d = band_h * 0.28
            cv.polygon(
                [(dx, dy - d), (dx + d * 0.7, dy), (dx, dy + d), (dx - d * 0.7, dy)],
                (*_JOKER_PURPLE, 255),
            )
        # bells
        for tx, ty in tips:
            r = s * 0.065
            cv.circle(tx, ty, r, outline)
            cv.circle(tx, ty, r - lw, (*_GOLD, 255))
            cv.circle(tx - r * 0.3, ty - r * 0.3, r * 0.3, (255, 240, 190, 255))
        card.blit(cv.finish(), (0, 0))

    # ----------------------------------------------------------------- drawing: backs

    def _draw_back(self, name: str, w: int, h: int) -> pygame.Surface:
        main, dark, light, accent = BACK_PALETTES[name]
        cv = _Canvas((w, h), _EDGE)
        rad = _radius(w, h)
        cv.rrect((0, 0, w, h), (255, 255, 255), rad)
        border = max(2.0, w * 0.055)
        ix, iy, iw, ih = border, border, w - 2 * border, h - 2 * border
        irad = max(1.0, rad - border * 0.6)
        # pattern layer clipped to the inner panel
        k = cv.k
        panel = pygame.Surface(cv.surf.get_size(), pygame.SRCALPHA)
        panel.fill((*main, 255))
        step = max(4.0, w * 0.085)
        lw = max(1, round(max(0.6, w / 160) * k))
        # diagonal lattice in two directions
        n = int((w + h) / step) + 2
        for i in range(-n, n + 1):
            x = i * step
            pygame.draw.line(panel, (*light, 255), (x * k, 0), ((x + h) * k, h * k), lw)
            pygame.draw.line(panel, (*light, 255), ((x + h) * k, 0), (x * k, h * k), lw)
        # small dots in the lattice cells
        dot = max(0.6, step * 0.12) * k
        for i in range(-n, n + 1):
            for j in range(0, int(h / step) + 2):
                px_ = (i * step + (j % 2) * step / 2) * k
                py_ = (j * step / 2) * k
                if 0 <= px_ <= w * k:
                    pygame.draw.circle(panel, (*dark, 255), (px_ + step * k / 2, py_), dot)
        mask = pygame.Surface(cv.surf.get_size(), pygame.SRCALPHA)
        pygame.draw.rect(
            mask,
            (255, 255, 255, 255),
            cv.rect(ix, iy, iw, ih),
            border_radius=max(0, cv.px(irad)),
        )
        panel.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        cv.surf.blit(panel, (0, 0))
        # frame lines
        cv.rrect((ix, iy, iw, ih), (*dark, 255), irad, max(0.8, w / 90))
        ins = max(2.0, w * 0.035)
        cv.rrect(
            (ix + ins, iy + ins, iw - 2 * ins, ih - 2 * ins),
            (*accent, 255),
            max(1.0, irad - ins * 0.5),
            max(0.6, w / 150),
        )
        # central medallion
        mw, mh = iw * 0.58, ih * 0.40
        mx, my = w / 2 - mw / 2, h / 2 - mh / 2
        cv.ellipse((mx - w * 0.012, my - w * 0.012, mw + w * 0.024, mh + w * 0.024), (*accent, 255))
        cv.ellipse((mx, my, mw, mh), (*dark, 255))
        cv.ellipse(
            (mx + w * 0.03, my + w * 0.03, mw - w * 0.06, mh - w * 0.06),
            (*accent, 255),
            max(0.6, w / 170),
        )
        cv.rrect((0, 0, w, h), _EDGE, rad, _edge_width(w))
        card = cv.finish()
        # four suits in the medallion
        if w >= 56:
            gh = round(min(mw, mh) * 0.2)
            off_x, off_y = mw * 0.22, mh * 0.22
            spots = {"S": (0, -off_y), "H": (off_x, 0), "C": (0, off_y), "D": (-off_x, 0)}
            for suit, (dx, dy) in spots.items():
                glyph = _ink(SUIT_GLYPHS[suit], "regular", gh, (*accent, 255))
                _blit_centred(card, glyph, w / 2 + dx, h / 2 + dy)
        else:
            glyph = _ink("\u2605", "regular", round(min(mw, mh) * 0.45), (*accent, 255))
            _blit_centred(card, glyph, w / 2, h / 2)
        return _seal(card)

    # ----------------------------------------------------------------- drawing: overlays

    def _draw_outline(
        self, w: int, h: int, rgba: tuple[int, int, int, int], t: int
    ) -> pygame.Surface:
        cv = _Canvas((w, h), rgba)
        rad = _radius(w, h)
        r, g_, b, a = rgba
        steps = 5
        for i in range(steps, 0, -1):
            inset = t * (1 + i * 0.7)
            alpha = round(a * 0.18 * (steps - i + 1) / steps)
            cv.rrect((0, 0, w, h), (r, g_, b, alpha), rad, inset)
        cv.rrect((0, 0, w, h), (r, g_, b, a), rad, t)
        return cv.finish()

    def _draw_highlight(
        self, w: int, h: int, rgba: tuple[int, int, int, int], alpha: int
    ) -> pygame.Surface:
        cv = _Canvas((w, h), rgba)
        rad = _radius(w, h)
        r, g_, b, _a = rgba
        cv.rrect((0, 0, w, h), (r, g_, b, alpha), rad)
        cv.rrect((0, 0, w, h), (r, g_, b, rgba[3]), rad, max(2.0, w * 0.025))
        return cv.finish()

    def _draw_glow(
        self, w: int, h: int, rgba: tuple[int, int, int, int], spread: int
    ) -> pygame.Surface:
        big_w, big_h = w + 2 * spread, h + 2 * spread
        surf = pygame.Surface((big_w, big_h), pygame.SRCALPHA)
        surf.fill((rgba[0], rgba[1], rgba[2], 0))
        grow = spread // 2
        pygame.draw.rect(
            surf,
            rgba,
            pygame.Rect(spread - grow, spread - grow, w + 2 * grow, h + 2 * grow),
            border_radius=round(_radius(w, h) + grow),
        )
        return pygame.transform.gaussian_blur(surf, max(1, spread // 2))


# --------------------------------------------------------------------------- shape helpers


def _bezier(
    p0: tuple[float, float], p1: tuple[float, float], p2: tuple[float, float], n: int = 16
) -> list[tuple[float, float]]:
    pts = []
    for i in range(n + 1):
        t = i / n
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        pts.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return pts


def _curved_prong(
    left: tuple[float, float], right: tuple[float, float], tip: tuple[float, float], bend: float
) -> list[tuple[float, float]]:
    """A horn from a base (left..right) to ``tip``, its sides bowed by ``bend``."""
    lc = ((left[0] + tip[0]) / 2 + bend - abs(bend) * 0.3, (left[1] + tip[1]) / 2)
    rc = ((right[0] + tip[0]) / 2 + bend + abs(bend) * 0.3, (right[1] + tip[1]) / 2)
    up = _bezier(left, lc, tip)
    down = _bezier(tip, rc, right)
    return up + down[1:]


def _shrink(points: Sequence[tuple[float, float]], by: float) -> list[tuple[float, float]]:
    """``points`` pulled ``by`` towards their centroid (a cheap inset for outlines)."""
    cx = sum(p[0] for p in points) / len(points)
    cy = sum(p[1] for p in points) / len(points)
    out = []
    for x, y in points:
        dx, dy = x - cx, y - cy
        d = math.hypot(dx, dy) or 1.0
        out.append((x - dx / d * by, y - dy / d * by))
    return out
