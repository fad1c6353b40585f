"""The contract table's sidebar buttons: the manipulation table's ``Controls`` (pygame-gui
buttons, states pushed only when they change) with this game's rows."""

from __future__ import annotations

import pygame
import pygame_gui

from game.i18n import N_, _
from game.ui.cardtable.controls import Controls
from game.ui.widgets.look import Look

# (name, default text, tooltip) by row; two in a row share it.
ROWS: tuple[tuple[tuple[str, str, str], ...], ...] = (
    (("lay_down", N_("Lay down"), N_("Lay your contract groups on the table (L)")),),
    (("make", N_("Make meld"), N_("Put the selected cards in the next empty group (M)")),),
    (("clear", N_("Clear groups"), N_("Send every staged card back to your hand (C)")),),
    (("draw", N_("Draw"), N_("Draw the top card of the stock (D)")),
     ("take", N_("Take"), N_("Take the top card of the discard pile (T)"))),
    (("discard", N_("Discard"), N_("Discard the selected card and end your turn (X)")),),
    (("undo", N_("Undo"), N_("Take back what you last laid on the table this turn (Ctrl+Z)")),
     ("redo", N_("Redo"), N_("Lay it again (Ctrl+Y)"))),
    (("reset", N_("Reset"), N_("Take back everything laid on the table this turn (R)")),
     ("hint", N_("Hint"), N_("Show what you could do now; again to do it (H)"))),
    (("sort_suit", N_("By suit"), N_("Sort your hand by suit (S)")),
     ("sort_rank", N_("By rank"), N_("Sort your hand by rank (S)"))),
    (("last", N_("Replay"), N_("Replay every turn since yours, step by step (P)")),
     ("menu", N_("Menu"), N_("Settings, save, or leave the game (Esc)"))),
)
TALL = {"lay_down"}
STYLE = {"lay_down": "primary"}


class ContractControls(Controls):
    def __init__(self, manager: pygame_gui.UIManager, area: pygame.Rect, height: int,
                 font_px: int) -> None:
        self.manager = manager
        self.area = area
        self.look = Look.of(manager)
        self.font_px = font_px
        self.buttons = {}
        self.defaults = {}
        self._state = {}
        gap = max(4, height // 7)
        y = area.y
        for row in ROWS:
            tall = row[0][0] in TALL
            h = round(height * 1.3) if tall else height
            w = (area.width - gap * (len(row) - 1)) // len(row)
            for i, (name, text, tip) in enumerate(row):
                rect = pygame.Rect(area.x + i * (w + gap), y, w, h)
                text, tip = _(text), _(tip)  # in the language of the build
                self.buttons[name] = self._make(name, rect, text, tip, STYLE.get(name))
                self.defaults[name] = (text, tip)
            y += h + gap
        self.bottom = y
