"""Drawing helpers of the menu screens: text, the felt background and section panels."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import pygame

from game.ui.theme import (
    GOLD_DARK,
    GOLD_LIGHT,
    PANEL,
    PANEL_SHADOW,
    ROW_LINE,
    TEXT_SHADOW,
    WEAVE_DARK,
    WEAVE_LIGHT,
    menu_felt_colours,
)
from game.ui.theme import font as theme_font


def font(px: float, style: str = "regular") -> pygame.font.Font:
    """The menus' text in a shipped DejaVu font, ``px`` pixels (at least 6)."""
    return theme_font(max(6, int(px)), style)


def escape_html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


@lru_cache(maxsize=4)
def felt_background(size: tuple[int, int]) -> pygame.Surface:
    """The table felt: a soft radial light in the middle, dark edges and a fine weave."""
    w, h = size
    light, dark = menu_felt_colours()  # the high-contrast felt is darker
    small = pygame.Surface((96, 60))
    cx, cy = 48, 26
    for y in range(60):
        for x in range(96):
            dx, dy = (x - cx) / 60, (y - cy) / 42
            t = min(1.0, (dx * dx + dy * dy) ** 0.5)
            t = t * t * (3 - 2 * t)
            small.set_at((x, y), _blend(light, dark, t))
    surface = pygame.transform.smoothscale(small, (w, h))
    surface.blit(_weave_tile_pattern(size), (0, 0))
    return surface


def _weave_tile_pattern(size: tuple[int, int]) -> pygame.Surface:
    tile = _weave_tile()
    layer = pygame.Surface(size, pygame.SRCALPHA)
    for y in range(0, size[1], tile.get_height()):
        for x in range(0, size[0], tile.get_width()):
            layer.blit(tile, (x, y))
    return layer


@lru_cache(maxsize=1)
def _weave_tile() -> pygame.Surface:
    rng = random.Random(7)
    tile = pygame.Surface((96, 96), pygame.SRCALPHA)
    for _ in range(900):
        x, y = rng.randrange(96), rng.randrange(96)
        shade = rng.choice((WEAVE_LIGHT, WEAVE_DARK))
        tile.set_at((x, y), shade)
    return tile


def _blend(a: Sequence[int], b: Sequence[int], t: float) -> tuple[int, int, int]:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def draw_text(surface: pygame.Surface, text: str, px: int, colour: Sequence[int],
              *, style: str = "regular", shadow: int = 0, **anchor: Any) -> pygame.Rect:
    """Draw ``text`` placed by one rect anchor (``center=``, ``topleft=``...); its rect."""
    label = font(px, style).render(text, True, colour)
    rect = label.get_rect(**anchor)
    if shadow:
        dark = font(px, style).render(text, True, TEXT_SHADOW)
        dark.set_alpha(150)
        surface.blit(dark, rect.move(0, shadow))
    surface.blit(label, rect)
    return rect


def fit_text(text: str, px: int, width: int, style: str = "regular") -> str:
    """``text``, shortened with an ellipsis to fit ``width`` pixels."""
    face = font(px, style)
    if face.size(text)[0] <= width:
        return text
    while text and face.size(text + "\u2026")[0] > width:
        text = text[:-1]
    return text.rstrip() + "\u2026"


def wrap_text(text: str, px: int, width: int, style: str = "regular") -> list[str]:
    """``text`` in lines no wider than ``width`` at ``px`` pixels (words kept whole; a
    word wider than a line is shortened with an ellipsis)."""
    face = font(px, style)
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if line and face.size(trial)[0] > width:
            lines.append(fit_text(line, px, width, style))
            line = word
        else:
            line = trial
    if line:
        lines.append(fit_text(line, px, width, style))
    return lines


def panel_title_height(scale: float) -> int:
    """Space a section's title and rule take at the top of its inner area."""
    return round(17 * scale * 1.2) + round(19 * scale)


def panel_inner(rect: pygame.Rect, scale: float, titled: bool = True) -> pygame.Rect:
    """The area inside a section drawn by ``draw_panel`` where its widgets go."""
    inner = rect.inflate(-round(36 * scale), -round(32 * scale))
    if titled:
        skip = panel_title_height(scale)
        inner.y += skip
        inner.h -= skip
    return inner


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, scale: float,
               title: str | None = None, alpha: int = 200) -> pygame.Rect:
    """A translucent dark section with a thin green rim and a gold title; its inner area."""
    radius = max(6, round(12 * scale))
    shadow = pygame.Surface((rect.w + 16, rect.h + 16), pygame.SRCALPHA)
    pygame.draw.rect(shadow, PANEL_SHADOW, shadow.get_rect(), border_radius=radius + 6)
    surface.blit(shadow, (rect.x - 8, rect.y - 2))
    body = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(body, (*PANEL, alpha), body.get_rect(), border_radius=radius)
    pygame.draw.rect(body, (*ROW_LINE, 200), body.get_rect(), width=max(1, round(scale)),
                     border_radius=radius)
    surface.blit(body, rect)
    inner = panel_inner(rect, scale, titled=bool(title))
    if title:
        px = round(17 * scale)
        top = rect.y + round(16 * scale)
        draw_text(surface, title.upper(), px, GOLD_LIGHT, style="bold", topleft=(inner.x, top))
        line_y = top + round(px * 1.2) + round(4 * scale)
        pygame.draw.line(surface, GOLD_DARK, (inner.x, line_y), (inner.right, line_y),
                         max(1, round(scale)))
    return inner

