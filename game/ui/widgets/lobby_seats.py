"""A network game's seats as the lobbies show them (the host's and a joiner's): a row per
seat with its colour, its name and who plays it; and the join code as it is read out."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.i18n import N_, _
from game.net.events import LobbySeat
from game.store.seats import COMPUTER_KINDS
from game.ui import theme
from game.ui.widgets.badges import seat_badge
from game.ui.widgets.drawing import draw_text, fit_text

#: what a seat's state says in a lobby (``game.net.events.LobbySeat.state``)
STATE_WORDS = {
    "open": N_("waiting for a player to join"),
    "taken": N_("joined"),
    "waiting": N_("dropped out: waiting for them"),
    "computer": N_("played by the computer"),
    "local": N_("at this screen"),
    "watching": N_("watching"),
}
LEVEL_WORDS = {"easy": N_("Computer \u00b7 Easy"), "medium": N_("Computer \u00b7 Medium"),
               "hard": N_("Computer \u00b7 Hard")}

Colour = tuple[int, int, int]
#: a spectator's row (``with_watchers``): its kind
WATCH = "watch"


def with_watchers(seats: Sequence[LobbySeat], watchers: Sequence[str]
                  ) -> tuple[LobbySeat, ...]:
    """The lobby's rows: the seats, then a row for each spectator, watching."""
    return (*seats, *(LobbySeat(name, WATCH, "watching") for name in watchers))


def join_code_words(code: str) -> str:
    """The join code as shown: two groups of three, easy to read out."""
    return f"{code[:3]}-{code[3:]}" if len(code) == 6 else code


def seat_words(seat: LobbySeat, host_screen: bool = True,
               you: bool = False) -> tuple[str, Colour]:
    """What a seat's row says under its name, and in which colour: at the host's screen
    (``host_screen``) its own seat is "at this screen", at a joiner's it is the host's;
    ``you``: the joiner's own seat."""
    if seat.kind == WATCH:
        return _("Spectator \u00b7 watching"), theme.MUTED
    if you:
        return _("Network player \u00b7 you"), theme.GREEN
    if seat.kind in COMPUTER_KINDS:
        return _(LEVEL_WORDS[seat.kind]), theme.MUTED
    if seat.kind == "local":
        if host_screen:
            return _("Human \u00b7 at this screen"), theme.MUTED
        return _("Human \u00b7 at the host's screen"), theme.MUTED
    if seat.state == "computer" and seat.kind == "net" and not host_screen:
        return _("Computer \u00b7 Medium"), theme.MUTED
    words = _("Network player \u00b7 {state}").format(state=_(STATE_WORDS.get(
        seat.state, seat.state)))
    tone = theme.GREEN if seat.state == "taken" else theme.GOLD_LIGHT
    return words, tone


def draw_seat_rows(surface: pygame.Surface, inner: pygame.Rect, seats: Sequence[LobbySeat],
                   px: Callable[[float], int],
                   words: Callable[[int, LobbySeat], tuple[str, Colour]]) -> int:
    """A row per seat in ``inner``: the seat's badge (its shape in its colour, holding its
    number: told apart without the colour), its name (or "Seat n" while
    open) and ``words(index, seat)``; the bottom of the last row."""
    row = min(px(64), inner.h // max(1, len(seats)))
    y = inner.y
    name_px, state_px = min(px(20), row // 2), min(px(15), row * 2 // 5)
    for index, seat in enumerate(seats):
        colour = theme.seat_colour(index)
        dot = max(6, row // 6)  # the seat's shape holding its number, as at the table
        seat_badge(surface, (inner.x + dot + 2, y + row // 3), dot, colour,
                   theme.seat_label(index))
        x = inner.x + dot * 3 + 4
        name = seat.name if seat.state != "open" else _("Seat {n}").format(n=index + 1)
        draw_text(surface, fit_text(name, name_px, inner.right - x, "bold"), name_px,
                  theme.CREAM, style="bold", topleft=(x, y))
        text, tone = words(index, seat)
        draw_text(surface, fit_text(text, state_px, inner.right - x), state_px, tone,
                  topleft=(x, y + name_px + px(4)))
        y += row
    return y


def wrap(text: str, px: int, width: int) -> list[str]:
    """``text`` in lines no wider than ``width`` at ``px``."""
    font = theme.font(px)
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and font.size(trial)[0] > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines
