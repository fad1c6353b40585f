"""Drawing primitives: colours, text cut to its ink, the supersampled canvas, card silhouettes.

Shapes are drawn on a :class:`Canvas` (supersampled, reduced with ``smoothscale`` so their
edges are anti-aliased); text and glyphs are rendered straight at the target size by FreeType
(:func:`ink`), so small corner indices stay crisp.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import pygame

from game.ui.card_art.palette import RGB, ColourLike, Size
from game.ui.theme import clear_fonts, font


def rgb(colour: ColourLike) -> tuple[int, int, int, int]:
    c = pygame.Color(colour)
    return (c.r, c.g, c.b, c.a)


def mix(a: Sequence[int], b: Sequence[int], t: float) -> RGB:
    """``a`` blended towards ``b`` by ``t`` (0 = a, 1 = b)."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def render(style: str, px: int, text: str, colour: RGB) -> pygame.Surface:
    try:
        return font(px, style).render(text, True, colour)
    except pygame.error:  # fonts made before a pygame.quit() / init() cycle
        clear_fonts()
        return font(px, style).render(text, True, colour)


@lru_cache(maxsize=128)
def ink_ratio(style: str, text: str) -> float:
    """Ink height of ``text`` divided by the font size (measured at a large size)."""
    probe = render(style, 200, text, (0, 0, 0))
    return max(1, probe.get_bounding_rect().height) / 200.0


@lru_cache(maxsize=4096)
def ink(text: str, style: str, height: int, colour: tuple[int, int, int, int]) -> pygame.Surface:
    """``text`` rendered so that the ink of ``measure`` is ``height`` px tall, cropped to ink.

    Letters and digits are sized by the cap height (of "H"); any other text (suit
    glyphs, stars, ornaments) by its own ink height.
    """
    height = max(2, height)
    measure = "H" if text[:1].isalnum() else text
    px = max(3, round(height / ink_ratio(style, measure)))
    surf = render(style, px, text, colour[:3])
    if colour[3] != 255:
        surf.set_alpha(None)
        surf.fill((255, 255, 255, colour[3]), special_flags=pygame.BLEND_RGBA_MULT)
    box = surf.get_bounding_rect()
    if box.width == 0 or box.height == 0:
        return pygame.Surface((1, 1), pygame.SRCALPHA)
    return surf.subsurface(box).copy()


def fit(surf: pygame.Surface, max_w: float, max_h: float | None = None) -> pygame.Surface:
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


def blit_centred(dest: pygame.Surface, src: pygame.Surface, cx: float, cy: float) -> None:
    dest.blit(src, (round(cx - src.get_width() / 2), round(cy - src.get_height() / 2)))


def turn(surf: pygame.Surface) -> pygame.Surface:
    """Turned half a turn (the lower half of a double-ended card)."""
    return pygame.transform.flip(surf, True, True)


def finish(surf: pygame.Surface) -> pygame.Surface:
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        try:
            return surf.convert_alpha()
        except pygame.error:
            return surf
    return surf


def supersample(w: int, h: int) -> int:
    # powers of two only: smoothscale by 3 loses a little (255 comes back as 253)
    return 4 if max(w, h) <= 180 else 2


class Canvas:
    """A supersampled drawing surface addressed in target-pixel (float) coordinates."""

    def __init__(self, size: Size, clear: Sequence[int] = (255, 255, 255)) -> None:
        self.w, self.h = size
        self.k = supersample(self.w, self.h)
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


def vertical_gradient(size: tuple[int, int], top: RGB, bottom: RGB) -> pygame.Surface:
    strip = pygame.Surface((1, 2))
    strip.set_at((0, 0), top)
    strip.set_at((0, 1), bottom)
    grad = pygame.transform.smoothscale(strip, (2, max(2, size[1])))
    return pygame.transform.scale(grad, size)


def corner_radius(w: int, h: int) -> float:
    return max(2.0, min(w, h) * 0.075)


def edge_width(w: int) -> float:
    return max(1.0, w / 110)


@lru_cache(maxsize=64)
def card_alpha(w: int, h: int) -> pygame.Surface:
    """Black with the card's coverage as alpha: the exact silhouette of a card."""
    cv = Canvas((w, h), (0, 0, 0))
    cv.rrect((0, 0, w, h), (0, 0, 0, 255), corner_radius(w, h))
    return cv.finish()


def seal(card: pygame.Surface) -> pygame.Surface:
    """Restore full opacity inside the card (alpha-on-alpha blits may nibble a little)."""
    card.blit(card_alpha(*card.get_size()), (0, 0), special_flags=pygame.BLEND_RGBA_MAX)
    return card
