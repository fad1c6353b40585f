"""A QR code drawn on a pygame surface: the lobby's address of the phone page, for a
phone's camera. Made by segno (pure Python, pinned in constraints.txt): nothing is fetched."""

from __future__ import annotations

import pygame
import segno

#: The light margin round the code that the standard asks for, in modules.
QUIET = 4


def qr_matrix(text: str) -> list[list[bool]]:
    """The dark (True) and light modules of ``text``'s QR code, without its margin."""
    code = segno.make(text, error="m", micro=False)
    return [[bool(module) for module in row] for row in code.matrix]


def qr_surface(text: str, most: int) -> pygame.Surface | None:
    """``text``'s QR code, black on white with its margin, in whole pixels a module and at
    most ``most`` pixels square; None when that leaves under two pixels a module (a camera
    could not read it)."""
    matrix = qr_matrix(text)
    modules = len(matrix) + 2 * QUIET
    scale = most // modules
    if scale < 2:
        return None
    surface = pygame.Surface((modules * scale, modules * scale))
    surface.fill((255, 255, 255))
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                surface.fill((0, 0, 0), ((x + QUIET) * scale, (y + QUIET) * scale,
                                         scale, scale))
    return surface
