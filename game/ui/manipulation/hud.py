"""The per-frame overlays on the table: the status line, the turn marker, drop targets while
dragging, the keyboard focus, messages and tooltips. The board picture underneath is
``Board``'s."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.ui.cardtable.look import Message, Status
from game.ui.cardtable.overlays import draw_note, draw_status_pill
from game.ui.cardtable.thinking import draw_thinking
from game.ui.manipulation.board import Board
from game.ui.manipulation.layout import Layout, font_px, log_font_px, log_row_height
from game.ui.theme import (
    CREAM,
    FOCUS_COLOUR,
    GOLD,
    GOLD_LIGHT,
    GREEN,
    LOG_TEXT,
    NOTE_ERROR_EDGE,
    NOTE_ERROR_TEXT,
    NOTE_INFO_EDGE,
    PALE_RED,
    RED,
    TABLE_BAND_FILL,
    TABLE_BAND_TOUCH_FILL,
    TABLE_FOCUS_FILL,
    TABLE_LOG_BACK,
    TABLE_NOTE_ERROR_FILL,
    TABLE_NOTE_HINT_FILL,
    TABLE_NOTE_HINT_TEXT,
    TABLE_NOTE_INFO_FILL,
    TABLE_RAIL_EDGE,
    TABLE_TARGET_NEW_FILL,
    TABLE_TARGET_OK_FILL,
    TABLE_TIP_FILL,
)
from game.ui.widgets.badges import panel

NOTE_TONES = {"error": (TABLE_NOTE_ERROR_FILL, NOTE_ERROR_EDGE, NOTE_ERROR_TEXT),
              "hint": (TABLE_NOTE_HINT_FILL, GOLD_LIGHT + (255,), TABLE_NOTE_HINT_TEXT),
              "info": (TABLE_NOTE_INFO_FILL, NOTE_INFO_EDGE, CREAM)}


class TableHud(Board):
    """The board plus everything drawn over it each frame."""

    def draw_status(self, surface: pygame.Surface, layout: Layout, status: Status,
                    clock: float) -> None:
        draw_status_pill(surface, self.text, layout.status, status, clock,
                         font_px(layout, 0.024, 13, 21), fit=True)

    def draw_turn_marker(self, surface: pygame.Surface, layout: Layout, seat: int,
                         clock: float) -> None:
        rect = layout.seat_rects.get(seat)
        if rect is None or rect == layout.hand:
            return
        glow = 0.5 + 0.5 * math.sin(clock * 3.2)
        panel(surface, rect.inflate(6, 6), None, GOLD_LIGHT + (int(50 + 140 * glow),), 14, 2)

    def draw_thinking(self, surface: pygame.Surface, anchor: pygame.Rect, clock: float,
                      seconds: float, left: float | None = None) -> None:
        """Someone thinking (a seat's box, the hint's note): a turning spinner and, after
        a while, the seconds taken; ``left``: the seconds left on a timed network move."""
        draw_thinking(surface, self.text, anchor, clock, seconds, left)

    def draw_targets(self, surface: pygame.Surface, layout: Layout, valid: dict[object, bool],
                     hover: object, caret: tuple[int, int, int] | None) -> None:
        """Drop targets while dragging: valid ones green, the hovered one filled."""
        radius = max(6, layout.table_card[0] // 9)
        for box in layout.groups:
            ok = valid.get(box.index, False)
            if box.index == hover:
                panel(surface, box.rect.inflate(6, 6), TABLE_TARGET_OK_FILL if ok
                      else TABLE_TARGET_NEW_FILL, (GREEN if ok else GOLD) + (255,), radius, 3)
            elif ok:
                panel(surface, box.rect.inflate(4, 4), None, GREEN + (200,), radius, 2)
        ok_new = valid.get("new", False)
        for rect in layout.new_melds:
            if hover == "new":
                panel(surface, rect.inflate(6, 6), TABLE_TARGET_OK_FILL if ok_new
                      else TABLE_TARGET_NEW_FILL, (GREEN if ok_new else GOLD) + (255,), radius, 3)
            elif ok_new:
                panel(surface, rect.inflate(4, 4), None, GREEN + (200,), radius, 2)
        if hover == "hand":
            panel(surface, layout.hand.inflate(4, 4), TABLE_RAIL_EDGE, GOLD + (200,), 14, 2)
        if caret is not None:
            x, top, bottom = caret
            pygame.draw.line(surface, GOLD_LIGHT, (x, top), (x, bottom), 4)

    def draw_grab(self, surface: pygame.Surface, layout: Layout, rect: pygame.Rect) -> None:
        """The mat under the mouse: pressing there takes the whole meld."""
        radius = max(6, layout.table_card[0] // 9)
        panel(surface, rect.inflate(4, 4), None, GOLD_LIGHT + (220,), radius, 2)

    def draw_band(self, surface: pygame.Surface, rect: pygame.Rect,
                  touched: list[pygame.Rect]) -> None:
        """The selection band being drawn, and a tint on the visible parts of the cards it
        touches (the ones it will select)."""
        for part in touched:
            panel(surface, part, TABLE_BAND_TOUCH_FILL, None, 0)
        panel(surface, rect, TABLE_BAND_FILL, GOLD_LIGHT + (220,), 3, 1)

    def draw_focus_target(self, surface: pygame.Surface, rect: pygame.Rect,
                          clock: float) -> None:
        glow = 0.5 + 0.5 * math.sin(clock * 5)
        colour = (*FOCUS_COLOUR, int(160 + 95 * glow))
        radius = 10
        panel(surface, rect.inflate(8, 8), TABLE_FOCUS_FILL, colour, radius, 4)

    def draw_log(self, surface: pygame.Surface, layout: Layout,
                 lines: list[tuple[tuple[int, int, int], str]]) -> list[pygame.Rect]:
        """What the last turns did, one line each in the log's own strip under the felt
        (newest lowest), each behind a dot of the seat's colour; a line too long for the
        strip is cut, and read in full in the log's panel (``log_view``). Where each line
        went. Last turns tells every turn again."""
        strip = layout.log
        size = log_font_px(layout.size[1], layout.scale, layout.zoom)
        row = log_row_height(layout.size[1], layout.scale, layout.zoom)
        rows = max(1, strip.height // row)
        shown = lines[-rows:]
        y = strip.bottom - row * len(shown)
        rects: list[pygame.Rect] = []
        for colour, line in shown:
            indent = 22
            label = self.text.render(self.text.fit(line, size, strip.width - indent - 10), size,
                                     LOG_TEXT)
            back = pygame.Rect(strip.x, y + 1, label.get_width() + indent + 8, row - 2)
            panel(surface, back, TABLE_LOG_BACK, None, 6)
            pygame.draw.circle(surface, colour, (back.x + 10, back.centery), max(3, size // 3))
            surface.blit(label, label.get_rect(midleft=(back.x + indent, back.centery)))
            rects.append(back)
            y += row
        return rects

    def draw_message(self, surface: pygame.Surface, layout: Layout, message: Message,
                     keep_clear: Sequence[pygame.Rect] | None = None) -> pygame.Rect:
        """The note over the felt, clear of the melds where it can be; ``keep_clear``
        (a coach's panel, say): clear of the melds and of those, always, cut if need be."""
        width = min(layout.table.width - 40, max(round(360 * layout.scale), layout.size[0] // 3))
        melds = [box.rect for box in layout.groups] + \
            ([layout.free_rect] if layout.free_rect is not None else [])
        hand = [spot.rect for spot in layout.spots.values() if spot.zone == "hand"]
        return draw_note(surface, self.text, layout.table, layout.log, message,
                         font_px(layout, 0.021, 12, 18), width, NOTE_TONES,
                         melds + list(keep_clear or ()), rail=layout.hand,
                         clear=keep_clear is not None, keep_off=hand)

    def draw_tooltip(self, surface: pygame.Surface, pos: tuple[int, int], title: str,
                     body: str, scale: float = 1.0,
                     area: pygame.Rect | None = None) -> pygame.Rect:
        """A tooltip by the pointer at ``pos``, whole inside ``area`` (the window if None):
        to the pointer's left where the right has no room (the side panel's edge)."""
        size = round(14 * scale)
        lines = self.text.wrap(body, size, round(300 * scale))
        width = max(self.text.font(size, True).size(title)[0],
                    *(self.text.font(size).size(line)[0] for line in lines)) + 20
        height = 12 + int(size * 1.5) * (1 + len(lines))
        bounds = surface.get_rect() if area is None else area.clip(surface.get_rect())
        rect = pygame.Rect(pos[0] + 16, pos[1] + 18, width, height)
        if rect.right > bounds.right:
            rect.right = pos[0] - 8
        rect.clamp_ip(bounds)
        panel(surface, rect, TABLE_TIP_FILL, RED + (255,), 6, 1)
        y = rect.y + 6
        surface.blit(self.text.render(title, size, PALE_RED, bold=True), (rect.x + 10, y))
        for line in lines:
            y += int(size * 1.5)
            surface.blit(self.text.render(line, size, CREAM), (rect.x + 10, y))
        return rect
