"""Jokers: the jester's cap emblem, and the gold badge and ribbon of a declared joker."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import pygame

from game.ui.card_art.layout import Geometry, blank, index_block, place_indices, rank_text
from game.ui.card_art.palette import GOLD, GOLD_DARK, GOLD_PALE, JOKER_PURPLE, RGB, SUIT_GLYPHS
from game.ui.card_art.primitives import Canvas, blit_centred, fit, ink, mix, seal, turn


def draw_joker(
    w: int, h: int, declared: tuple[int, str] | None, colours: Mapping[str, RGB]
) -> pygame.Surface:
    g = Geometry(w, h)
    card = blank(w, h)
    # jester's cap emblem
    if g.compact:
        jester_cap(card, g, g.w * 0.60, g.h * 0.70, g.w * 0.56)
    else:
        jester_cap(card, g, g.w / 2, g.h * 0.375, g.w * 0.56)
        word = ink("JOKER", "bold", round(g.h * 0.062), (*JOKER_PURPLE, 255))
        word = fit(word, g.w * 0.56)
        blit_centred(card, word, g.w / 2, g.h * 0.62)
    if declared is None:
        star_h = round(g.rank_h * 1.05)
        star = ink("\u2605", "regular", star_h, (*JOKER_PURPLE, 255))
        parts = [star]
        if not g.compact:
            for ch in "JOKER":
                parts.append(ink(ch, "bold", max(4, round(g.suit_h * 0.62)), (*JOKER_PURPLE, 255)))
        bw = max(p.get_width() for p in parts)
        gap = max(1, round(g.gap * 0.7))
        bh = sum(p.get_height() for p in parts) + gap * (len(parts) - 1)
        block = pygame.Surface((bw, bh), pygame.SRCALPHA)
        y = 0
        for p in parts:
            block.blit(p, ((bw - p.get_width()) // 2, y))
            y += p.get_height() + gap
        place_indices(card, g, block, both=not g.compact)
        return seal(card)

    rank, suit = declared
    colour = colours[suit]
    style = "condensed-bold" if rank == 10 else "bold"
    block = index_block(g, rank_text(rank), suit, colour, style)
    # gold badge behind the index: "this joker is playing as ..."
    pad_x = max(2, round(g.w * 0.025))
    pad_y = max(2, round(g.h * 0.014))
    bw, bh = block.get_width() + 2 * pad_x, block.get_height() + 2 * pad_y
    cv = Canvas((bw, bh), GOLD)
    cv.rrect((0, 0, bw, bh), (*GOLD_PALE, 255), min(bw, bh) * 0.22)
    cv.rrect((0, 0, bw, bh), (*GOLD, 255), min(bw, bh) * 0.22, max(1.0, g.w / 90))
    badge = cv.finish()
    badge.blit(block, (pad_x, pad_y))
    x = max(1, round(g.margin_x - pad_x))
    if not g.compact:
        x = max(1, round(g.margin_x + g.index_w / 2 - bw / 2))
    y = max(1, round(g.margin_y - pad_y))
    card.blit(badge, (x, y))
    if not g.compact:
        card.blit(turn(badge), (w - x - bw, h - y - bh))
        declared_ribbon(card, g, rank, suit, colour)
    return seal(card)


def declared_ribbon(card: pygame.Surface, g: Geometry, rank: int, suit: str, colour: RGB) -> None:
    """``= 10♥`` on a gold ribbon under the emblem."""
    th = round(g.h * 0.058)
    eq = ink("=", "bold", round(th * 0.62), (*GOLD_DARK, 255))
    rk = ink(rank_text(rank), "bold", th, (*colour, 255))
    st = ink(SUIT_GLYPHS[suit], "regular", round(th * 1.05), (*colour, 255))
    sp = max(1, round(th * 0.25))
    tw = eq.get_width() + rk.get_width() + st.get_width() + 2 * sp
    rw = min(g.w * 0.52, tw + th * 1.4)
    rh = th * 1.75
    cx, cy = g.w / 2, g.h * 0.735
    cv = Canvas((g.w, g.h), GOLD)
    box = (cx - rw / 2, cy - rh / 2, rw, rh)
    cv.rrect(box, (*GOLD_PALE, 255), rh / 2)
    cv.rrect(box, (*GOLD, 255), rh / 2, max(1.0, g.w / 110))
    card.blit(cv.finish(), (0, 0))
    row = pygame.Surface(
        (tw, max(eq.get_height(), rk.get_height(), st.get_height())), pygame.SRCALPHA
    )
    x = 0
    for part in (eq, rk, st):
        row.blit(part, (x, (row.get_height() - part.get_height()) // 2))
        x += part.get_width() + sp
    row = fit(row, rw - rh * 0.6)
    blit_centred(card, row, cx, cy)


def jester_cap(card: pygame.Surface, g: Geometry, cx: float, cy: float, size: float) -> None:
    """A three-pronged jester's cap with bells, centred at (cx, cy), ``size`` wide."""
    cv = Canvas((g.w, g.h), JOKER_PURPLE)
    s = size
    base_y = cy + s * 0.30
    band_h = s * 0.16
    outline = (*mix(JOKER_PURPLE, (0, 0, 0), 0.45), 255)
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
        pts = curved_prong(left, right, tip, bend=side * s * 0.10)
        cv.polygon(pts, outline)
        inner = shrink(pts, lw)
        cv.polygon(inner, (*colour, 255))
        tips.append(tip)
    # band
    bx0, bx1 = cx - s * 0.42, cx + s * 0.42
    cv.rrect((bx0, base_y - band_h * 0.3, bx1 - bx0, band_h), outline, band_h * 0.3)
    cv.rrect(
        (bx0 + lw, base_y - band_h * 0.3 + lw, bx1 - bx0 - 2 * lw, band_h - 2 * lw),
        (*GOLD, 255),
        band_h * 0.25,
    )
    # diamonds on the band
    for i in range(5):
        dx = bx0 + (bx1 - bx0) * (i + 0.5) / 5
        dy = base_y - band_h * 0.3 + band_h / 2
        d = band_h * 0.28
        cv.polygon(
            [(dx, dy - d), (dx + d * 0.7, dy), (dx, dy + d), (dx - d * 0.7, dy)],
            (*JOKER_PURPLE, 255),
        )
    # bells
    for tx, ty in tips:
        r = s * 0.065
        cv.circle(tx, ty, r, outline)
        cv.circle(tx, ty, r - lw, (*GOLD, 255))
        cv.circle(tx - r * 0.3, ty - r * 0.3, r * 0.3, (255, 240, 190, 255))
    card.blit(cv.finish(), (0, 0))


# --------------------------------------------------------------------------- shape helpers


def bezier(
    p0: tuple[float, float], p1: tuple[float, float], p2: tuple[float, float], n: int = 16
) -> list[tuple[float, float]]:
    pts = []
    for i in range(n + 1):
        t = i / n
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        pts.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return pts


def curved_prong(
    left: tuple[float, float], right: tuple[float, float], tip: tuple[float, float], bend: float
) -> list[tuple[float, float]]:
    """A horn from a base (left..right) to ``tip``, its sides bowed by ``bend``."""
    lc = ((left[0] + tip[0]) / 2 + bend - abs(bend) * 0.3, (left[1] + tip[1]) / 2)
    rc = ((right[0] + tip[0]) / 2 + bend + abs(bend) * 0.3, (right[1] + tip[1]) / 2)
    up = bezier(left, lc, tip)
    down = bezier(tip, rc, right)
    return up + down[1:]


def shrink(points: Sequence[tuple[float, float]], by: float) -> list[tuple[float, float]]:
    """``points`` pulled ``by`` towards their centroid (a cheap inset for outlines)."""
    cx = sum(p[0] for p in points) / len(points)
    cy = sum(p[1] for p in points) / len(points)
    out = []
    for x, y in points:
        dx, dy = x - cx, y - cy
        d = math.hypot(dx, dy) or 1.0
        out.append((x - dx / d * by, y - dy / d * by))
    return out
