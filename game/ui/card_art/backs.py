"""Card backs: a lattice panel with a framed medallion, in one of the back palettes."""

from __future__ import annotations

import pygame

from game.ui.card_art.palette import BACK_PALETTES, EDGE, SUIT_GLYPHS
from game.ui.card_art.primitives import (
    Canvas,
    blit_centred,
    corner_radius,
    edge_width,
    ink,
    seal,
)


def draw_back(name: str, w: int, h: int) -> pygame.Surface:
    main, dark, light, accent = BACK_PALETTES[name]
    cv = Canvas((w, h), EDGE)
    rad = corner_radius(w, h)
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
    cv.rrect((0, 0, w, h), EDGE, rad, edge_width(w))
    card = cv.finish()
    # four suits in the medallion
    if w >= 56:
        gh = round(min(mw, mh) * 0.2)
        off_x, off_y = mw * 0.22, mh * 0.22
        spots = {"S": (0, -off_y), "H": (off_x, 0), "C": (0, off_y), "D": (-off_x, 0)}
        for suit, (dx, dy) in spots.items():
            glyph = ink(SUIT_GLYPHS[suit], "regular", gh, (*accent, 255))
            blit_centred(card, glyph, w / 2 + dx, h / 2 + dy)
    else:
        glyph = ink("\u2605", "regular", round(min(mw, mh) * 0.45), (*accent, 255))
        blit_centred(card, glyph, w / 2, h / 2)
    return seal(card)
