"""Card-sized overlays: the drop-target rim, the selection tint, and the glow / shadow."""

from __future__ import annotations

import pygame

from game.ui.card_art.primitives import Canvas, corner_radius


def draw_outline(w: int, h: int, rgba: tuple[int, int, int, int], t: int) -> pygame.Surface:
    cv = Canvas((w, h), rgba)
    rad = corner_radius(w, h)
    r, g_, b, a = rgba
    steps = 5
    for i in range(steps, 0, -1):
        inset = t * (1 + i * 0.7)
        alpha = round(a * 0.18 * (steps - i + 1) / steps)
        cv.rrect((0, 0, w, h), (r, g_, b, alpha), rad, inset)
    cv.rrect((0, 0, w, h), (r, g_, b, a), rad, t)
    return cv.finish()


def draw_highlight(w: int, h: int, rgba: tuple[int, int, int, int], alpha: int) -> pygame.Surface:
    cv = Canvas((w, h), rgba)
    rad = corner_radius(w, h)
    r, g_, b, _a = rgba
    cv.rrect((0, 0, w, h), (r, g_, b, alpha), rad)
    cv.rrect((0, 0, w, h), (r, g_, b, rgba[3]), rad, max(2.0, w * 0.025))
    return cv.finish()


def draw_glow(w: int, h: int, rgba: tuple[int, int, int, int], spread: int) -> pygame.Surface:
    big_w, big_h = w + 2 * spread, h + 2 * spread
    surf = pygame.Surface((big_w, big_h), pygame.SRCALPHA)
    surf.fill((rgba[0], rgba[1], rgba[2], 0))
    grow = spread // 2
    pygame.draw.rect(
        surf,
        rgba,
        pygame.Rect(spread - grow, spread - grow, w + 2 * grow, h + 2 * grow),
        border_radius=round(corner_radius(w, h) + grow),
    )
    return pygame.transform.gaussian_blur(surf, max(1, spread // 2))
