"""The sidebar's buttons (pygame-gui, with tooltips naming their keys).

The scene says what each button should show (``ButtonState``); only changes are pushed to
pygame-gui, so a frame that changes nothing costs nothing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UITooltip

from game.i18n import N_, _
from game.ui.widgets.drawing import font
from game.ui.widgets.look import Look

PADDING = 10  # pygame-gui's text padding each side of a button's label

# (name, default text, tooltip) by row; two in a row share it.
ROWS: tuple[tuple[tuple[str, str, str], ...], ...] = (
    (("end", N_("End turn"), N_("Commit your play to the table (E)")),),
    (("draw", N_("Draw"), N_("Draw from the stock instead of playing (D)")),),
    (("pass", N_("Pass"), N_("Pass your turn (P)")), ("knock", N_("Knock"), N_("End the hand now "
                                                                               "(K)"))),
    (("undo", N_("Undo"), N_("Undo the last move (Ctrl+Z)")),
     ("redo", N_("Redo"), N_("Redo the move you undid (Ctrl+Y)"))),
    (("reset", N_("Reset turn"), N_("Put the table and your hand back as they were at the start "
                             "of the turn (R)")),),
    (("hint", N_("Hint"), N_("Show a play you could make (H)")),),
    (("sort_suit", N_("By suit"), N_("Sort your hand by suit (S)")),
     ("sort_rank", N_("By rank"), N_("Sort your hand by rank (S)"))),
    (("last", N_("Last turns"), N_("Replay every other player's turn since your last one (L; "
                            "Space pauses, \u2192 steps)")),),
    (("menu", N_("Menu"), N_("Save, load or leave the game (Esc)")),),
)
STYLES = {"end": "primary", "hint": "menu"}


class SidebarButton(UIButton):
    """A sidebar button whose tooltip opens beside the sidebar, level with the button,
    over the felt: pygame-gui opens it below the button, over the buttons under it (the
    Last turns tip hid Menu). ``column``: the sidebar's buttons together."""

    def __init__(self, *args: Any, column: pygame.Rect, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.column = column

    def while_hovering(self, time_delta: float, mouse_pos: Any) -> None:
        had = self.tool_tip is not None
        super().while_hovering(time_delta, mouse_pos)
        tip = self.tool_tip
        root = self.ui_manager.get_root_container()
        if not isinstance(tip, UITooltip) or had or root is None:
            return
        screen = root.get_rect()
        rect = tip.rect.copy()
        gap = 8
        column = self.column
        if column.left - gap - rect.width >= screen.left:
            rect.right = column.left - gap  # the sidebar on the right: left of it
        else:
            rect.left = column.right + gap  # on the left (left-handed): right of it
        rect.top = self.rect.top
        rect.clamp_ip(screen)
        tip.set_position(rect.topleft)


class Same:
    """Holds an object so that it is equal only to a holder of the very same object: for
    the keys that say which buttons the states were pushed to (an id() can be reused once
    the buttons it named are gone, and a rebuilt set kept its fresh, all-enabled look)."""

    __slots__ = ("thing",)

    def __init__(self, thing: object) -> None:
        self.thing = thing

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Same) and other.thing is self.thing

    def __hash__(self) -> int:
        return id(self.thing)


#: The buttons a table nobody plays at keeps (``Controls.watching``).
WATCHING = frozenset({"last", "menu"})


@dataclass(frozen=True)
class ButtonState:
    visible: bool = True
    enabled: bool = True
    text: str | None = None  # None: the default text
    tooltip: str | None = None  # None: the default tooltip
    style: str | None = None  # None: the button's usual style (plain, primary, danger)
    selected: bool = False  # shown pressed (the hand's sort order in use)


class Controls:
    def __init__(self, manager: pygame_gui.UIManager, area: pygame.Rect, height: int,
                 font_px: int, knock: bool = False) -> None:
        self.manager = manager
        self.area = area
        self.look = Look.of(manager)
        self.font_px = font_px
        self.buttons: dict[str, UIButton] = {}
        self.defaults: dict[str, tuple[str, str]] = {}
        self._state: dict[str, ButtonState] = {}
        gap = max(4, height // 7)
        y = area.y
        for row in ROWS:
            if not knock:
                row = tuple(item for item in row if item[0] != "knock")
            tall = row[0][0] == "end"
            h = round(height * 1.3) if tall else height
            w = (area.width - gap * (len(row) - 1)) // len(row)
            for i, (name, text, tip) in enumerate(row):
                rect = pygame.Rect(area.x + i * (w + gap), y, w, h)
                text, tip = _(text), _(tip)  # in the language of the build
                self.buttons[name] = self._make(name, rect, text, tip)
                self.defaults[name] = (text, tip)
            y += h + gap
        self.bottom = y

    def _px(self, name: str, text: str, width: int) -> int:
        """The font size that fits ``text`` in a button ``width`` wide: the sidebar's own
        size, smaller for a longer label (another language's words, a card's name)."""
        px = self.font_px + (2 if name == "end" else 0)
        while px > 9 and font(px, "bold").size(text)[0] > width - 2 * PADDING:
            px -= 1
        return px

    def _make(self, name: str, rect: pygame.Rect, text: str, tip: str,
              style: str | None = None) -> UIButton:
        style = style or STYLES.get(name, "plain")
        oid: ObjectID = self.look.oid(self._px(name, text, rect.w), f"@{style}", bold=True)
        return SidebarButton(rect, text, self.manager, tool_tip_text=tip, object_id=oid,
                             column=self.area)

    def elements(self) -> list[UIButton]:
        return list(self.buttons.values())

    def name_of(self, element: object) -> str | None:
        for name, button in self.buttons.items():
            if button is element:
                return name
        return None

    def watching(self, states: dict[str, ButtonState]) -> dict[str, ButtonState]:
        """``states`` for a table nobody plays at (TV mode: every hand is held elsewhere):
        only the replay of the last turns and the menu show, every turn's button hides."""
        hidden = ButtonState(visible=False)
        return {name: states.get(name, hidden) if name in WATCHING else hidden
                for name in self.buttons}

    def apply(self, states: dict[str, ButtonState]) -> None:
        for name, state in states.items():
            if name not in self.buttons or self._state.get(name) == state:
                continue
            old = self._state.get(name)
            self._state[name] = state
            button = self.buttons[name]
            text, tip = self.defaults[name]
            restyle = state.style != (old.style if old else None)
            size = self._px(name, button.text, button.rect.w)
            if restyle or size != self._px(name, state.text or text, button.rect.w):
                rect = pygame.Rect(button.relative_rect)
                button.kill()
                button = self.buttons[name] = self._make(name, rect, state.text or text,
                                                         state.tooltip or tip, state.style)
            if button.text != (state.text or text):
                button.set_text(state.text or text)
            wanted_tip = state.tooltip or tip
            if getattr(button, "tool_tip_text", None) != wanted_tip:
                button.set_tooltip(wanted_tip)
            if state.enabled and not button.is_enabled:
                button.enable()
            elif not state.enabled and button.is_enabled:
                button.disable()
            if state.selected and not button.is_selected:
                button.select()
            elif not state.selected and button.is_selected:
                button.unselect()
            if state.visible and not button.visible:
                button.show()
            elif not state.visible and button.visible:
                button.hide()

    def kill(self) -> None:
        for button in self.buttons.values():
            button.kill()
        self.buttons.clear()
        self._state.clear()
