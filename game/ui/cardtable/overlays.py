"""Pieces both tables draw the same way: the status pill, a note above it (a refusal with
the engine's reasons, a hint), the hand rail's caption with the backs of a hand that is
not on show, and the fan of card backs on an opponent's seat. ``TableHud``/``Board`` (the
manipulation table) and ``TableHud`` call these with their own sizes and colours."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import pygame

from game.i18n import N_, _
from game.ui.card_art import CardArt
from game.ui.cardtable.look import Message, Status
from game.ui.cardtable.text import Colour, TextCache
from game.ui.theme import (
    CREAM,
    GOLD,
    GOLD_LIGHT,
    GOLD_TAG_TEXT,
    NOTE_ERROR_EDGE,
    STATUS_PLAIN_EDGE,
    STATUS_PLAIN_FILL,
    STATUS_WARN_FILL,
    TABLE_MUTED,
)
from game.ui.widgets.badges import RGBA, panel

#: a note's look by tone: fill, edge (translucent allowed) and title colours
NoteTones = Mapping[str, tuple[RGBA, RGBA, Colour]]

STATUS_COLOURS = {"you": (GOLD + (240,), GOLD_LIGHT + (255,)),
                  "warn": (STATUS_WARN_FILL, NOTE_ERROR_EDGE)}
STATUS_PLAIN = (STATUS_PLAIN_FILL, STATUS_PLAIN_EDGE)  # info and wait
SORT_WORDS = {"suit": N_("sorted by suit"), "rank": N_("sorted by rank")}


def draw_status_pill(surface: pygame.Surface, text: TextCache, rect: pygame.Rect,
                     status: Status, clock: float, size: int, fit: bool = False) -> None:
    """``status`` in a pill centred in ``rect``: gold and glowing when it is the player's
    move, red for a warning; animated dots while someone is busy. ``fit`` cuts a text too
    wide for ``rect``."""
    words = status.text
    if status.animated:
        words += "." * (1 + int(clock * 2.5) % 3)
    you = status.tone == "you"
    if fit:  # smaller first (down to 13 px), then cut
        size = text.shrink(words, size, rect.width - 48, bold=True, least=min(size, 13))
        words = text.fit(words, size, rect.width - 48, bold=True)
    label = text.render(words, size, GOLD_TAG_TEXT if you else CREAM, bold=True, shadow=not you)
    width = max(label.get_width() + 48, rect.width // 3)
    pill = pygame.Rect(0, 0, min(rect.width, width), rect.height - 4)
    pill.center = rect.center
    fill, edge = STATUS_COLOURS.get(status.tone, STATUS_PLAIN)
    panel(surface, pill, fill, edge, pill.height // 2, 2)
    if you:
        glow = 0.5 + 0.5 * math.sin(clock * 3.2)
        ring = pill.inflate(6, 6)
        panel(surface, ring, None, GOLD_LIGHT + (int(60 + 120 * glow),), ring.height // 2, 2)
    surface.blit(label, label.get_rect(center=pill.center))


def draw_note(surface: pygame.Surface, text: TextCache, table: pygame.Rect,
              status: pygame.Rect, message: Message, size: int, width: int,
              tones: NoteTones, avoid: Sequence[pygame.Rect] = (),
              rail: pygame.Rect | None = None, clear: bool = False,
              keep_off: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """``message`` (a title and bullet lines) in a box ``width`` wide, centred on
    ``table`` just above the ``status`` line (or, when that covers any of ``avoid``, the
    melds, in the place on the felt that covers least of them), fading out in its last
    half second; on a felt with no clear place, over the hand ``rail`` when it fits there
    rather than over the melds it may be about. ``clear``: never over any of ``avoid``:
    on the rail (beside what of ``avoid`` lies there) with the lines that fit, the rest
    cut. ``keep_off`` (the player's hand cards): never covered; with no room beside
    them on the rail the note lies on the felt, wider, where it covers least of the melds.
    Returns where it went."""
    title_px = size + 2

    def titled(wide: int) -> list[str]:
        # a title longer than the note (a hint's advice: "Hint: draw from the stock (the
        # 10♣ does not help you)") takes more lines rather than an ellipsis
        return [text.fit(part, title_px, wide - 24, True)
                for part in text.wrap(message.title, title_px, wide - 24, True)]

    def wrapped(wide: int) -> tuple[list[str], int]:
        lines = [part for line in message.lines
                 for part in text.wrap(f"\u2022 {line}", size, wide - 32)]
        head = int(title_px * 1.25) * (len(titled(wide)) - 1) + int(title_px * 1.5)
        return lines, 20 + head + int(size * 1.35) * len(lines)

    lines, height = wrapped(width)
    rect = _note_place(pygame.Rect(0, 0, width, height), table, status, avoid)
    if rail is not None and any(rect.colliderect(other) for other in avoid):
        # no clear place on the felt: on the hand rail, beside the hand's cards (never over
        # them), below the log and the status line, which stay readable
        span = _free_span(rail, [*avoid, *keep_off]) if keep_off else rail
        wide = span.w - 16
        readable = wide >= min(width, round(rail.w * 0.3))  # else not even tried
        rail_lines, tall = wrapped(wide) if readable else ([], rail.h)
        if readable and tall <= rail.h - 8:
            lines, width = rail_lines, wide
            rect = pygame.Rect(span.x + 8, rail.bottom - 4 - tall, wide, tall)
        elif keep_off and not clear:  # wider, fewer lines, on the felt: the melds it
            wide = max(width, min(table.w - 12, 2 * width))  # covers least
            felt_lines, tall = wrapped(wide)
            felt = _note_place(pygame.Rect(0, 0, wide, tall), table, status, avoid)
            if felt.top >= table.top:
                lines, width, rect = felt_lines, wide, felt
    if clear and rail is not None and any(rect.colliderect(other) for other in avoid):
        span = _free_span(rail, [*avoid, *keep_off])
        if keep_off and span.w - 16 < min(width, round(rail.w * 0.3)):
            # beside the hand too narrow to read (a coach's note in a 64 px column cut
            # every word): over the hand, rather than over the melds the note is about
            span = _free_span(rail, avoid)
        width = span.w - 16
        lines, tall = wrapped(width)
        room = rail.h - 8 - (size + 6)  # below the rail's caption (whose hand it is)
        if tall > room:  # the lines that fit, the last of them saying there is more
            row = int(size * 1.35)
            keep = max(0, len(lines) - (tall - room + row - 1) // row - 1)
            tall -= row * (len(lines) - keep - 1)
            lines = lines[:keep] + ["\u2026"]
        rect = pygame.Rect(span.x + 8, rail.bottom - 4 - tall, width, tall)
    fill, edge, ink = tones.get(message.tone, tones["info"])
    alpha = 1.0 if message.ttl > 0.5 else max(0.0, message.ttl / 0.5)
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    panel(layer, layer.get_rect(), fill, edge, 10, 2)
    y = 10
    heads = titled(width)
    for n, part in enumerate(heads):
        layer.blit(text.render(part, title_px, ink, bold=True), (14, y))
        y += int(title_px * (1.5 if n == len(heads) - 1 else 1.25))
    for line in lines:
        layer.blit(text.render(line, size, CREAM), (18, y))
        y += int(size * 1.35)
    if alpha < 1.0:
        layer.set_alpha(int(255 * alpha))
    surface.blit(layer, rect)
    return rect


def _note_place(rect: pygame.Rect, table: pygame.Rect, status: pygame.Rect,
                avoid: Sequence[pygame.Rect]) -> pygame.Rect:
    """Where a note goes: above the status line in the middle, else the place on the felt
    (middle, right or left, from the bottom up) that covers least of ``avoid``."""
    best: tuple[int, int, pygame.Rect] | None = None
    bottom = status.top - 6
    step = max(8, rect.height // 6)
    order = 0
    for y in range(bottom, table.y + rect.height, -step):
        for x in (table.centerx, table.right - 6 - rect.width // 2,
                  table.x + 6 + rect.width // 2):
            place = rect.copy()
            place.midbottom = (x, y)
            covered = sum(_area(place.clip(other)) for other in avoid)
            if not covered:
                return place
            order += 1
            if best is None or covered < best[0]:
                best = (covered, order, place)
    if best is None:
        place = rect.copy()
        place.midbottom = (table.centerx, bottom)
        return place
    return best[2]


def _free_span(rail: pygame.Rect, avoid: Sequence[pygame.Rect]) -> pygame.Rect:
    """The widest part of ``rail``, its whole height, that none of ``avoid`` lying on it
    covers."""
    edges = sorted((max(rail.x, r.x), min(rail.right, r.right)) for r in avoid
                   if r.colliderect(rail))
    spans: list[tuple[int, int]] = []
    x = rail.x
    for left, right in edges:
        if left > x:
            spans.append((x, left))
        x = max(x, right)
    if x < rail.right:
        spans.append((x, rail.right))
    left, right = max(spans, key=lambda span: span[1] - span[0], default=(rail.x, rail.x))
    return pygame.Rect(left, rail.y, right - left, rail.h)


def _area(rect: pygame.Rect) -> int:
    return rect.width * rect.height


def draw_back_fan(surface: pygame.Surface, art: CardArt, x: float, top: float,
                  card: tuple[int, int], count: int) -> None:
    """``count`` card backs ``card`` pixels in size, fanned out from (``x``, ``top``)."""
    cw, ch = card
    step = cw * 0.13
    for i in range(count):
        angle = (i - (count - 1) / 2) * 4.0
        back = art.back((cw, ch))
        if angle:
            back = pygame.transform.rotate(back, -angle)
        surface.blit(back, (x + i * step + (cw - back.get_width()) / 2,
                            top + (ch - back.get_height()) / 2 + abs(angle) * 0.6))


def draw_hand_caption(surface: pygame.Surface, text: TextCache, art: CardArt,
                      rect: pygame.Rect, card: tuple[int, int], size: int, label: str,
                      sort_mode: str, hidden: int) -> None:
    """Over the hand ``rect``: whose hand it is (``label``) and how it is sorted; and, for
    a hand not on show, the backs of its ``hidden`` cards ``card`` pixels in size."""
    surface.blit(text.render(label, size, CREAM, bold=True), (rect.x + 6, rect.y))
    tag = text.render(_(SORT_WORDS.get(sort_mode, N_("your order"))), max(10, size - 3),
                      TABLE_MUTED)
    surface.blit(tag, (rect.right - tag.get_width() - 6, rect.y + 2))
    if hidden:
        w, h = card
        step = min(w * 0.5, (rect.width - w) / max(1, hidden - 1))
        x0 = rect.x + (rect.width - (w + step * (hidden - 1))) / 2
        for i in range(hidden):
            surface.blit(art.back((w, h)), (x0 + i * step, rect.bottom - h))
