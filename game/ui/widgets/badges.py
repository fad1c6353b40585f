"""Small drawing helpers of the card tables and the lobbies: translucent rounded panels, dashed
outlines and the seats' badges (each seat its shape, colour and number)."""

from __future__ import annotations

import math

import pygame

from game.ui.theme import MARK_EDGE, font, seat_shape

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
    """A seat's badge: its number (``theme.seat_label``) on the seat's shape
    (``theme.seat_shape``: a disc, a square, a triangle...) of its colour, ringed dark so it
    reads on any card or felt: the seats are told apart by the shape and the number as well
    as by the colour. ``diamond`` (a table card moved, not new from the hand): the shape
    hollow, a ring of the colour around a dark middle holding the number in the colour."""
    shape = seat_shape(int(label) - 1 if label.isdigit() else 0)
    _fill(surface, shape, MARK_EDGE, centre, radius + 2)
    _fill(surface, shape, colour, centre, radius)
    ink_colour = MARK_EDGE
    if diamond:
        _fill(surface, shape, MARK_EDGE, centre, max(2, radius - max(2, radius // 3)))
        ink_colour = colour
    low = shape == "triangle"  # the number in the triangle's wide part
    px = max(8, round(radius * (1.25 if low else 1.45)))
    ink = font(px, "bold").render(label, True, ink_colour)
    drop = 1 + (radius // 4 if low else 0)
    surface.blit(ink, ink.get_rect(center=(centre[0], centre[1] + drop)))


def shape_points(shape: str, centre: tuple[int, int], r: int) -> list[tuple[float, float]]:
    """The corners of ``shape`` around ``centre``, about ``r`` from it ([] for a circle)."""
    corners = {"square": (4, 45.0, 1.2), "triangle": (3, -90.0, 1.35),
               "hexagon": (6, 0.0, 1.1), "diamond": (4, 0.0, 1.3),
               "pentagon": (5, -90.0, 1.15)}.get(shape)
    if corners is None:
        return []
    n, start, stretch = corners
    cx, cy = centre
    return [(cx + r * stretch * math.cos(math.radians(start + k * 360 / n)),
             cy + r * stretch * math.sin(math.radians(start + k * 360 / n)))
            for k in range(n)]


def _fill(surface: pygame.Surface, shape: str, colour: tuple[int, int, int],
          centre: tuple[int, int], r: int) -> None:
    points = shape_points(shape, centre, r)
    if points:
        pygame.draw.polygon(surface, colour, points)
    else:
        pygame.draw.circle(surface, colour, centre, r)

