"""The moving sign that someone is thinking (a computer seat deciding, a hint being
searched): a ring of dots that turns, and after two seconds the seconds taken so far. It is
drawn over the board every frame, so the screen is never still while a search runs."""

from __future__ import annotations

import math

import pygame

from game.i18n import _
from game.ui.cardtable.text import TextCache
from game.ui.cardtable.turn_clock import URGENT, clock_words
from game.ui.theme import CREAM, GOLD_LIGHT, PALE_RED, TABLE_LOG_BACK
from game.ui.widgets.badges import panel

#: seconds of thinking after which the time taken is shown too
SECONDS_FROM = 2.0
DOTS = 8
TURNS_PER_SECOND = 0.9


def elapsed_words(seconds: float) -> str:
    """The time taken so far, once it is long enough to be worth saying; else ""."""
    if seconds < SECONDS_FROM:
        return ""
    return _("{seconds} s").format(seconds=int(seconds))


def draw_spinner(surface: pygame.Surface, center: tuple[int, int], radius: int,
                 clock: float, colour: tuple[int, int, int] = GOLD_LIGHT) -> None:
    """A ring of ``DOTS`` dots turning with ``clock``, the leading dot brightest."""
    turn = clock * TURNS_PER_SECOND * 2 * math.pi
    for k in range(DOTS):
        fade = 1.0 - k / DOTS  # the dots behind the leader fade and shrink
        angle = turn - k * 2 * math.pi / DOTS
        x = center[0] + radius * math.sin(angle)
        y = center[1] - radius * math.cos(angle)
        shade = tuple(int(c * (0.3 + 0.7 * fade)) for c in colour)
        pygame.draw.circle(surface, shade, (round(x), round(y)),
                           max(1.5, radius * 0.3 * (0.45 + 0.55 * fade)))


def draw_thinking(surface: pygame.Surface, text: TextCache, anchor: pygame.Rect,
                  clock: float, seconds: float, left: float | None = None) -> pygame.Rect:
    """The spinner (and the seconds taken, once there are some to say) on a dark tab at
    the middle of the right edge of ``anchor`` (a seat's box, where its name, level and
    "playing" tag leave room, or a note). ``left``: the seconds left on the move's turn
    timer (a network game's), shown instead of those taken, red once short. Returns the
    tab's rect."""
    radius = max(7, min(11, anchor.height // 9))
    words = elapsed_words(seconds) if left is None else clock_words(left)
    px = max(11, radius + 3)
    ink = PALE_RED if left is not None and left < URGENT else CREAM
    label = text.render(words, px, ink, bold=True) if words else None
    width = 2 * radius + 10 + (label.get_width() + 6 if label is not None else 0)
    tab = pygame.Rect(0, 0, width, 2 * radius + 8)
    tab.midright = (anchor.right - 8, anchor.centery)
    panel(surface, tab, TABLE_LOG_BACK, None, tab.height // 2)
    draw_spinner(surface, (tab.right - radius - 5, tab.centery), radius, clock)
    if label is not None:
        surface.blit(label, label.get_rect(midleft=(tab.x + 6, tab.centery)))
    return tab
