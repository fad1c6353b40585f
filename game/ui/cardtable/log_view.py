"""The turn log read in full, and the keys' help, as both tables give them.

The log's lines on the felt are one row each and a long one is cut; resting the mouse on a
line, or F4, opens a panel over the felt, just above the log, that lists every line since
your last turn in full, wrapped, never cut (F4 again or Esc closes it). F1 opens the keys'
help in the same place: the keyboard's help has a key of its own and never takes a log
line; while the keyboard is in use, the hand's caption row says so ("F1: keys")."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.i18n import _
from game.ui.cardtable.text import TextCache
from game.ui.theme import LOG_TEXT, TABLE_LOG_PANEL_FILL, TABLE_MUTED
from game.ui.widgets.badges import panel

#: a line of a panel: the seat's colour (a dot before it; None: no dot) and the words
LogLine = tuple[tuple[int, int, int] | None, str]

#: the help key and the key of the log in full
HELP_KEY = pygame.K_F1
LOG_KEY = pygame.K_F4


def help_reminder() -> str:
    return _("F1: keys")


def log_title() -> str:
    return _("The turn log (F4)")


def help_title() -> str:
    return _("Keys (F1)")


class LogView:
    """Which panel is open: the keys' help (F1), or the log in full, pinned by F4 or while
    the mouse rests on one of the log's lines (``rects``, where the table last drew them)."""

    def __init__(self) -> None:
        self.pinned = False
        self.help = False
        self.rects: list[pygame.Rect] = []
        self.mouse: tuple[int, int] = (-1, -1)

    def handle(self, event: pygame.event.Event) -> bool:
        """Follow the mouse; F1 opens or closes the keys' help, F4 the log, Esc closes
        either (True: the key was used)."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return False
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == HELP_KEY:
            self.help, self.pinned = not self.help, False
            return True
        if event.key == LOG_KEY:
            self.pinned, self.help = not self.pinned, False
            return True
        if event.key == pygame.K_ESCAPE and (self.pinned or self.help):
            self.pinned = self.help = False
            return True
        return False

    @property
    def hovered(self) -> bool:
        return any(rect.collidepoint(self.mouse) for rect in self.rects)

    def open(self, lines: Sequence[LogLine], dragging: bool = False) -> bool:
        """Is the log's panel open over ``lines``? Not for a drag passing over the log."""
        return bool(lines) and (self.pinned or (self.hovered and not dragging))


def draw_log_panel(surface: pygame.Surface, text: TextCache, felt: pygame.Rect, bottom: int,
                   lines: Sequence[LogLine], size: int, title: str) -> pygame.Rect:
    """``lines`` in full under ``title``, as wide as the ``felt``, its bottom edge at
    ``bottom``: each behind a dot of its seat's colour, wrapped (the log's newest lowest).
    A panel too tall for the window above ``bottom`` is drawn smaller, down to 10 px
    words; past that it keeps the last lines. Returns where it went."""
    width = max(120, felt.width - 16)
    indent = 24
    room = bottom - surface.get_rect().top - 4

    def rows(px: int) -> list[tuple[tuple[int, int, int] | None, str]]:
        out: list[tuple[tuple[int, int, int] | None, str]] = []
        for colour, line in lines:
            parts = text.wrap(line, px, width - indent - 12) or [line]
            out.append((colour, parts[0]))
            out.extend((None, part) for part in parts[1:])
        return out

    wrapped = rows(size)
    while size > 10 and int(size * 1.45) * (len(wrapped) + 1) + 12 > room:
        size -= 1
        wrapped = rows(size)
    row = int(size * 1.45)
    wrapped = wrapped[-max(1, (room - 12) // row - 1):]
    height = row * (len(wrapped) + 1) + 12
    rect = pygame.Rect(felt.x + 8, bottom - height, width, height)
    panel(surface, rect, TABLE_LOG_PANEL_FILL, TABLE_MUTED + (255,), 8, 1)
    y = rect.y + 6
    surface.blit(text.render(title, size, TABLE_MUTED, bold=True), (rect.x + 10, y))
    for dot, part in wrapped:
        y += row
        if dot is not None:
            pygame.draw.circle(surface, dot, (rect.x + 12, y + size // 2 + 1),
                               max(3, size // 3))
        surface.blit(text.render(text.fit(part, size, width - indent - 8), size, LOG_TEXT),
                     (rect.x + indent, y))
    return rect


def draw_help_reminder(surface: pygame.Surface, text: TextCache, hand: pygame.Rect,
                       size: int) -> None:
    """"F1: keys" in the hand's caption row, in the middle (the hand's name is on its left,
    its order on its right)."""
    label = text.render(help_reminder(), max(10, size - 2), TABLE_MUTED)
    surface.blit(label, label.get_rect(midtop=(hand.centerx, hand.y + 2)))
