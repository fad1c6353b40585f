"""Card faces: pips for 2-10, the ace, and the framed double-ended court cards (J, Q, K)."""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from game.ui.card_art.layout import Geometry, blank, index_block, place_indices, rank_text
from game.ui.card_art.palette import COURT_ORNAMENT, GOLD, GOLD_DARK, PIPS, RGB, SUIT_GLYPHS
from game.ui.card_art.primitives import Canvas, blit_centred, fit, ink, mix, seal, turn


def draw_face(rank: int, suit: str, w: int, h: int, colours: Mapping[str, RGB]) -> pygame.Surface:
    g = Geometry(w, h)
    colour = colours[suit]
    card = blank(w, h)
    if rank > 10:
        draw_court(card, g, rank, suit, colour)
    elif g.compact:
        draw_compact_pip(card, g, suit, colour, rank == 1)
    elif rank == 1:
        draw_ace(card, g, suit, colour)
    else:
        draw_pips(card, g, rank, suit, colour)
    style = "condensed-bold" if rank == 10 else "bold"
    block = index_block(g, rank_text(rank), suit, colour, style)
    place_indices(card, g, block, both=not g.compact)
    return seal(card)


def draw_compact_pip(card: pygame.Surface, g: Geometry, suit: str, colour: RGB, ace: bool) -> None:
    ph = g.h * (0.46 if ace else 0.40)
    pip = ink(SUIT_GLYPHS[suit], "regular", round(ph), (*colour, 255))
    pip = fit(pip, g.w * 0.62)
    cx = g.w * 0.60
    cy = g.h * 0.66
    blit_centred(card, pip, cx, cy)


def draw_ace(card: pygame.Surface, g: Geometry, suit: str, colour: RGB) -> None:
    big = g.h * (0.36 if suit == "S" else 0.30)
    if suit == "S":
        # the ace of spades gets a thin ring, as is the custom
        cv = Canvas((g.w, g.h), colour)
        r = g.w * 0.34
        cv.circle(g.w / 2, g.h / 2, r, (*colour, 255), max(1.0, g.w / 120))
        cv.circle(g.w / 2, g.h / 2, r - max(2.0, g.w * 0.025), (*GOLD, 255), g.w / 200)
        card.blit(cv.finish(), (0, 0))
    pip = ink(SUIT_GLYPHS[suit], "regular", round(big), (*colour, 255))
    blit_centred(card, pip, g.w / 2, g.h / 2)


def draw_pips(card: pygame.Surface, g: Geometry, rank: int, suit: str, colour: RGB) -> None:
    pip_h = g.pip_h * (0.92 if rank >= 9 else 1.0)
    pip = ink(SUIT_GLYPHS[suit], "regular", round(pip_h), (*colour, 255))
    pip = fit(pip, (g.col_r - g.col_l) * 0.5)
    turned = turn(pip)
    for ux, uy in PIPS[rank]:
        cx = g.col_l + ux * (g.col_r - g.col_l)
        cy = g.row_t + uy * (g.row_b - g.row_t)
        img = turned if uy > 0.5 else pip
        blit_centred(card, img, cx, cy)


def court_frame(g: Geometry) -> tuple[float, float, float, float]:
    if g.compact:
        x0 = g.w * 0.36
        y0 = g.h * 0.40
        return (x0, y0, g.w - x0 - g.w * 0.08, g.h - y0 - g.h * 0.055)
    x0 = g.margin_x + g.index_w + g.w * 0.03
    y0 = g.margin_y + g.h * 0.01
    return (x0, y0, g.w - 2 * x0, g.h - 2 * y0)


def ornament(rank: int, height: int) -> pygame.Surface:
    """The gold crown (K), coronet (Q) or knight (J) of a court card."""
    fill_char, line_char = COURT_ORNAMENT[rank]
    line = ink(line_char, "regular", height, (*GOLD_DARK, 255))
    fill = ink(fill_char, "regular", height, (*GOLD, 255))
    if fill.get_size() != line.get_size():
        fill = pygame.transform.smoothscale(fill, line.get_size())
    orn = fill.copy()
    orn.blit(line, (0, 0))
    if rank == 11:  # the knave looks inwards, towards the letter
        orn = pygame.transform.flip(orn, True, False)
    return orn


def draw_court(card: pygame.Surface, g: Geometry, rank: int, suit: str, colour: RGB) -> None:
    fx, fy, fw, fh = court_frame(g)
    tint = mix(colour, (255, 255, 255), 0.91)
    tint_deep = mix(colour, (255, 255, 255), 0.80)
    cv = Canvas((g.w, g.h), GOLD)
    rad = max(1.5, fw * 0.08)
    lw = max(0.8, g.w / 140)
    cv.rrect((fx, fy, fw, fh), (*tint, 255), rad)
    if not g.compact:
        # deeper tint towards the middle, where the two halves meet
        steps = 14
        for i in range(steps):
            t = (i + 1) / (steps + 1)
            band = fh * 0.5 * (1 - t)
            c = mix(tint, tint_deep, t)
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
            (*GOLD, 255),
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
        (*mix(colour, (255, 255, 255), 0.45), 255),
        max(1.0, rad - inset),
        lw * 0.8,
    )
    cv.rrect((fx, fy, fw, fh), (*GOLD, 255), rad, lw * 2.2)
    card.blit(cv.finish(), (0, 0))

    if g.compact:
        orn = ornament(rank, round(fh * 0.42))
        orn = fit(orn, fw * 0.8)
        blit_centred(card, orn, fx + fw / 2, fy + fh * 0.34)
        pip = ink(SUIT_GLYPHS[suit], "regular", round(fh * 0.3), (*colour, 255))
        blit_centred(card, pip, fx + fw / 2, fy + fh * 0.76)
        return

    half = pygame.Surface((max(1, round(fw)), max(1, round(fh / 2))), pygame.SRCALPHA)
    hw, hh = half.get_size()
    orn = ornament(rank, round(hh * 0.26))
    blit_centred(half, orn, hw / 2, hh * 0.215)
    letter = rank_text(rank)
    cap = round(hh * 0.40)
    shade = fit(ink(letter, "serif-bold", cap, (*GOLD, 255)), hw * 0.7)
    l_img = fit(ink(letter, "serif-bold", cap, (*colour, 255)), hw * 0.7)
    off = max(1, round(g.w / 110))
    blit_centred(half, shade, hw / 2 + off, hh * 0.60 + off)
    blit_centred(half, l_img, hw / 2, hh * 0.60)
    pip = ink(SUIT_GLYPHS[suit], "regular", round(hh * 0.14), (*colour, 255))
    blit_centred(half, pip, hw * 0.19, hh * 0.2)
    blit_centred(half, pip, hw * 0.81, hh * 0.2)
    card.blit(half, (round(fx), round(fy)))
    card.blit(turn(half), (round(fx + fw) - hw, round(fy + fh) - hh))
