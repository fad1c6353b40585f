"""Small drawing helpers: translucent rounded panels and dashed outlines."""

from __future__ import annotations

import pygame

from game.ui.theme import MARK_EDGE, font

RGBA = tuple[int, int, int, int] | tuple[int, int, int]


def panel(surface: pygame.Surface, rect: pygame.Rect, fill: RGBA | None,
          border: RGBA | None = None, radius: int = 8, width: int = 1,
          direct: bool = False) -> None:
    """A rounded rectangle, translucent colours allowed. ``direct``: write the colours
    (alpha included) straight into ``surface`` (a fresh transparent picture) instead of
    blending them over it."""
    rect = pygame.Rect(rect)
    if rect.width <= 0 or rect.height <= 0:
        return
    translucent = not direct and (
        (fill is not None and len(fill) == 4 and fill[3] < 255)
        or (border is not None and len(border) == 4 and border[3] < 255))
    if not translucent:
        if fill is not None:
            pygame.draw.rect(surface, fill, rect, border_radius=radius)
        if border is not None and width > 0:
            pygame.draw.rect(surface, border, rect, width=width, border_radius=radius)
        return
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    local = layer.get_rect()
    if fill is not None:
        pygame.draw.rect(layer, fill, local, border_radius=radius)
    if border is not None and width > 0:
        pygame.draw.rect(layer, border, local, width=width, border_radius=radius)
    surface.blit(layer, rect.topleft)


def dashed_rect(surface: pygame.Surface, rect: pygame.Rect, colour: RGBA, dash: int = 8,
                width: int = 2) -> None:
    rect = pygame.Rect(rect)
    for x0, y0, x1, y1 in ((rect.left, rect.top, rect.right, rect.top),
                           (rect.right - 1, rect.top, rect.right - 1, rect.bottom),
                           (rect.left, rect.bottom - 1, rect.right, rect.bottom - 1),
                           (rect.left, rect.top, rect.left, rect.bottom)):
        length = max(abs(x1 - x0), abs(y1 - y0))
        pos = 0
        while pos < length:
            end = min(length, pos + dash)
            if x0 == x1:
                pygame.draw.line(surface, colour, (x0, y0 + pos), (x0, y0 + end), width)
            else:
                pygame.draw.line(surface, colour, (x0 + pos, y0), (x0 + end, y0), width)
            pos += dash * 2


def seat_badge(surface: pygame.Surface, centre: tuple[int, int], radius: int,
               colour: tuple[int, int, int], label: str, diamond: bool = False) -> None:
    """A seat's badge: its number (``theme.seat_label``) in dark ink on a disc (or a
    ``diamond``) of its colour, ringed dark so it reads on any card or felt: the seats are
    told apart by the number as well as by the colour."""
    cx, cy = centre
    if diamond:
        out, r = radius + 3, radius + 1
        pygame.draw.polygon(surface, MARK_EDGE, [(cx, cy - out), (cx + out, cy), (cx, cy + out),
                                                 (cx - out, cy)])
        pygame.draw.polygon(surface, colour, [(cx, cy - r), (cx + r, cy), (cx, cy + r),
                                              (cx - r, cy)])
    else:
        pygame.draw.circle(surface, MARK_EDGE, centre, radius + 2)
        pygame.draw.circle(surface, colour, centre, radius)
    ink = font(max(7, round(radius * 1.35)), "bold").render(label, True, MARK_EDGE)
    surface.blit(ink, ink.get_rect(center=(cx, cy + 1)))
