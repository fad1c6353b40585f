"""Where things go on a card of one size, the blank card stock, and the corner indices."""

from __future__ import annotations

import pygame

from game.ui.card_art.palette import (
    COMPACT_BELOW,
    EDGE,
    PAPER_BOTTOM,
    PAPER_TOP,
    RANK_LABELS,
    RGB,
    SUIT_GLYPHS,
)
from game.ui.card_art.primitives import (
    Canvas,
    corner_radius,
    edge_width,
    fit,
    ink,
    turn,
    vertical_gradient,
)


class Geometry:
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
        # pip grid (classic)
        self.pip_h = h * 0.125
        self.col_l = w * 0.318
        self.col_r = w * 0.682
        self.row_t = h * 0.215
        self.row_b = h * 0.785


def blank(w: int, h: int) -> pygame.Surface:
    """White card stock with a thin rim, anti-aliased."""
    cv = Canvas((w, h), EDGE)
    rad = corner_radius(w, h)
    cv.rrect((0, 0, w, h), (255, 255, 255), rad)
    mask = cv.surf.copy()
    grad = vertical_gradient(mask.get_size(), PAPER_TOP, PAPER_BOTTOM)
    layer = pygame.Surface(mask.get_size(), pygame.SRCALPHA)
    layer.blit(grad, (0, 0))
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    cv.surf.fill((EDGE[0], EDGE[1], EDGE[2], 0))
    cv.surf.blit(layer, (0, 0))
    cv.rrect((0, 0, w, h), EDGE, rad, edge_width(w))
    return cv.finish()


def rank_text(rank: int) -> str:
    return RANK_LABELS.get(rank, str(rank))


def index_block(
    g: Geometry, rank_text: str, suit: str | None, colour: RGB, style: str
) -> pygame.Surface:
    """Rank over suit, centred in a block ``index_w`` wide."""
    rank_img = fit(ink(rank_text, style, round(g.rank_h), (*colour, 255)), g.index_w)
    parts = [rank_img]
    if suit is not None:
        parts.append(ink(SUIT_GLYPHS[suit], "regular", round(g.suit_h), (*colour, 255)))
    bw = max(round(g.index_w), *(p.get_width() for p in parts))
    bh = sum(p.get_height() for p in parts) + round(g.gap) * (len(parts) - 1)
    block = pygame.Surface((bw, max(1, bh)), pygame.SRCALPHA)
    y = 0
    for p in parts:
        block.blit(p, ((bw - p.get_width()) // 2, y))
        y += p.get_height() + round(g.gap)
    return block


def place_indices(card: pygame.Surface, g: Geometry, block: pygame.Surface, both: bool) -> None:
    x, y = round(g.margin_x), round(g.margin_y)
    if g.compact:
        card.blit(block, (x, y))
    else:
        cx = g.margin_x + g.index_w / 2
        card.blit(block, (round(cx - block.get_width() / 2), y))
    if both:
        turned = turn(block)
        bx = g.w - round(g.margin_x) - block.get_width()
        if not g.compact:
            bx = round(g.w - g.margin_x - g.index_w / 2 - block.get_width() / 2)
        card.blit(turned, (bx, g.h - y - block.get_height()))
