"""The turn timer of a network game (``game.net`` ``HostSettings.turn_time``) on a table:
the host tells every screen when a network player's move is timed (``TurnClock``); the
table counts the seconds down on its own clock and shows them on the seat's box, in the
tab where a thinking seat's spinner turns (the seconds left instead of the seconds taken),
and, for this screen's own seat, beside the status line. Under ``URGENT`` seconds they turn
red."""

from __future__ import annotations

import math

import pygame

from game.i18n import _
from game.net.events import TurnClock
from game.ui.cardtable.text import TextCache
from game.ui.theme import CREAM, PALE_RED, TABLE_LOG_BACK
from game.ui.widgets.badges import panel

#: seconds left under which the countdown turns red
URGENT = 10.0


def clock_words(left: float) -> str:
    """Seconds left as a clock shows them: "1:05", "0:09"."""
    whole = max(0, int(left + 0.999))
    return f"{whole // 60}:{whole % 60:02d}"


class TurnTimer:
    """The countdown the host last told of: whose move, when it runs out (the table's
    clock) and how long a move may take."""

    def __init__(self) -> None:
        self.seat: int | None = None
        self.ends = 0.0
        self.total = 0.0

    def start(self, event: TurnClock, now: float) -> None:
        self.seat, self.ends, self.total = event.seat, now + event.left, event.total

    def left(self, seat: int, now: float) -> float | None:
        """Seconds left for ``seat``'s move; None when its move is not being timed."""
        if self.seat != seat or self.total <= 0 or now > self.ends + 1.0:
            return None  # not timed, or run out a moment ago (the host has moved on)
        return max(0.0, self.ends - now)


def tab_room(height: int, text: TextCache) -> int:
    """The width a seat box keeps clear at the right of its middle for the tab (a
    thinking seat's, or its turn's countdown), so the tab never covers the box's words."""
    radius = max(7, min(11, height // 9))
    px = max(11, radius + 3)
    return 2 * radius + 10 + text.font(px, True).size("00:00")[0] + 6 + 14


def draw_clock_tab(surface: pygame.Surface, text: TextCache, midright: tuple[int, int],
                   left: float, total: float, height: int = 40) -> pygame.Rect:
    """A dark tab ending at ``midright``: a dial emptying as the move's time runs out, and
    the time left ("0:23"), red once it is short. Returns the tab's rect."""
    radius = max(7, min(11, height // 9))
    px = max(11, radius + 3)
    colour = PALE_RED if left < URGENT else CREAM
    label = text.render(clock_words(left), px, colour, bold=True)
    tab = pygame.Rect(0, 0, 2 * radius + 16 + label.get_width(), 2 * radius + 8)
    tab.midright = midright
    panel(surface, tab, TABLE_LOG_BACK, None, tab.height // 2)
    centre = (tab.x + 6 + radius, tab.centery)
    pygame.draw.circle(surface, colour, centre, radius, 2)
    share = max(0.0, min(1.0, left / total)) if total > 0 else 0.0
    if share > 0:
        points = [centre] + [
            (centre[0] + (radius - 3) * math.sin(2 * math.pi * share * k / 24),
             centre[1] - (radius - 3) * math.cos(2 * math.pi * share * k / 24))
            for k in range(25)]
        if len(points) >= 3:
            pygame.draw.polygon(surface, colour, points)
    surface.blit(label, label.get_rect(midleft=(tab.x + 2 * radius + 10, tab.centery)))
    return tab


def timed_out_words(name: str, own: bool) -> tuple[str, list[str]]:
    """What a table says when a seat's turn ran out three times in a row and a computer
    took it (``own``: this screen's seat)."""
    if own:
        return (_("A computer plays for you"),
                [_("Your turn ran out three times in a row: press any key or click to play "
                   "again.")])
    return (_("A computer plays for {name}").format(name=name),
            [_("Their turn ran out three times in a row: they play again as soon as they "
               "act.")])
