"""Keyboard focus over a screen's widgets.

``FocusRing`` moves a visible focus frame over the focusable widgets of a screen: Tab /
Shift+Tab and the up / down arrows move, left / right change a drop-down, slider or list,
Enter or Space presses a button, toggles a check box or opens a drop-down. Text entries
get pygame-gui's own keyboard focus when reached."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIDropDownMenu, UIImage, UITextEntryLine

from game.ui.theme import GOLD_LIGHT


class _RingImage(UIImage):
    """The focus frame: drawn above the widgets, never hovered or clicked."""

    def hover_point(self, hover_x: float, hover_y: float) -> bool:  # noqa: ARG002
        return False


@dataclass
class Focusable:
    element: Any
    kind: str  # button | dropdown | slider | entry | check | list
    key: str
    activate: Callable[[], None] | None = None
    change: Callable[[Any], None] | None = None
    step: float = 1.0
    options: Sequence[str] = ()
    on_step: Callable[[int], None] | None = None  # list: move the selection
    #: the key group (a column of a form): where a screen has groups, Tab goes from one
    #: group to the next and the up / down arrows move within one (issue 51)
    group: str = ""


def dropdown_expanded(menu: UIDropDownMenu) -> bool:
    return menu.current_state is menu.menu_states.get("expanded")


def set_dropdown(menu: UIDropDownMenu, option_id: str) -> bool:
    """Select ``option_id`` in ``menu`` as if clicked (closing it); False if there is none."""
    for option in menu.options_list:
        if isinstance(option, tuple) and option[1] == option_id:
            break
    else:
        return False
    menu.selected_option = option
    if menu.current_state is not None:
        menu.current_state.finish()
    menu.current_state = menu.menu_states["closed"]
    menu.current_state.selected_option = option
    menu.current_state.start()
    return True


def toggle_dropdown(menu: UIDropDownMenu) -> None:
    if menu.current_state is not None:
        menu.current_state.should_transition = True


class FocusRing:
    """Keyboard focus over a screen's widgets, with a gold frame on the focused one."""

    def __init__(self, manager: pygame_gui.UIManager, scale: float) -> None:
        self.manager = manager
        self.scale = scale
        self.items: list[Focusable] = []
        self.index = 0
        self.visible = False  # shown once the keyboard is used
        self.hidden = False  # a dialog covers the screen
        self._ring: UIImage | None = None
        self._ring_key: tuple[int, int] | None = None
        self._last_in_group: dict[str, str] = {}  # each group's widget focused last

    # -- building

    def add(self, item: Focusable) -> Focusable:
        self.items.append(item)
        return item

    def clear(self) -> None:
        self.items.clear()
        self.index = 0
        if self._ring is not None:
            self._ring.kill()
        self._ring = None
        self._ring_key = None

    @property
    def focused(self) -> Focusable | None:
        if not self.items:
            return None
        return self.items[self.index % len(self.items)]

    @property
    def focused_key(self) -> str | None:
        item = self.focused
        return item.key if item else None

    def focus_key(self, key: str | None, text: bool = False) -> bool:
        """Focus the item ``key``; ``text``: an entry takes the typed text at once too."""
        for n, item in enumerate(self.items):
            if item.key == key:
                self._set_index(n, give_text_focus=text)
                return True
        return False

    def item_for(self, element: Any) -> Focusable | None:
        for item in self.items:
            if item.element is element:
                return item
        return None

    # -- keys

    def handle_key(self, event: pygame.event.Event) -> bool:
        """Move, change or press with the keyboard; True when the key was used."""
        if not self.items:
            return False
        key = event.key
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        item = self.focused
        expanded = item is not None and item.kind == "dropdown" and dropdown_expanded(
            item.element)
        grouped = any(other.group for other in self.items)
        if key == pygame.K_TAB:
            (self._move_group if grouped else self._move)(-1 if shift else 1)
            return True
        if key in (pygame.K_UP, pygame.K_DOWN):
            step = -1 if key == pygame.K_UP else 1
            if expanded or (item is not None and item.kind == "list"):
                return self._change(item, step)
            self._move(step, within=item.group if grouped and item is not None else None)
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and item is not None:
            return self._change(item, -1 if key == pygame.K_LEFT else 1)
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and item is not None:
            return self._press(item)
        return False

    def close_expanded(self) -> bool:
        """Close an open drop-down (Esc); True if one was open."""
        for item in self.items:
            if item.kind == "dropdown" and dropdown_expanded(item.element):
                toggle_dropdown(item.element)
                return True
        return False

    def move(self, step: int) -> None:
        """Focus the next (``step`` 1) or previous (-1) enabled widget, the frame shown."""
        self._move(step)

    def enabled(self, item: Focusable) -> bool:
        """Can ``item`` take the focus now (alive, shown, not greyed)?"""
        return self._enabled(item)

    def _enabled(self, item: Focusable) -> bool:
        element = item.element
        return element.alive() and element.visible and getattr(element, "is_enabled", True)

    def _move(self, step: int, within: str | None = None) -> None:
        """To the next (``step`` 1) or previous (-1) enabled widget, of the group
        ``within`` only when given (round within it)."""
        self.visible = True
        self.close_expanded()
        count = len(self.items)
        index = self.index
        for _ in range(count):
            index = (index + step) % count
            item = self.items[index]
            if self._enabled(item) and (within is None or item.group == within):
                break
        self._set_index(index, give_text_focus=True)

    def remember(self, key: str | None, memory: dict[str, str] | None = None) -> None:
        """Take the groups' last focused widgets of ``memory`` (a ring built before this
        one), and ``key`` as its group's when it has none: Tab comes back to it."""
        self._last_in_group.update(memory or {})
        for item in self.items:
            if item.key == key:
                self._last_in_group.setdefault(item.group, key)

    @property
    def group_memory(self) -> dict[str, str]:
        return dict(self._last_in_group)

    def groups(self) -> list[str]:
        """The key groups, in the order of their first widget."""
        return list(dict.fromkeys(item.group for item in self.items))

    def _move_group(self, step: int) -> None:
        """Tab: the next (previous) group's widget focused last, else its first enabled."""
        focused = self.focused
        groups = [g for g in self.groups()
                  if any(self._enabled(item) for item in self.items if item.group == g)]
        if focused is None or not groups:
            self._move(step)
            return
        self._last_in_group[focused.group] = focused.key
        here = groups.index(focused.group) if focused.group in groups else -1
        group = groups[(here + step) % len(groups)]
        members = [n for n, item in enumerate(self.items)
                   if item.group == group and self._enabled(item)]
        last = self._last_in_group.get(group)
        index = next((n for n in members if self.items[n].key == last), members[0])
        self.visible = True
        self.close_expanded()
        self._set_index(index, give_text_focus=True)

    def _set_index(self, index: int, give_text_focus: bool) -> None:
        self.index = index
        item = self.items[index]
        if item.kind == "entry":
            if give_text_focus:
                self.manager.set_focus_set(item.element)
        elif give_text_focus:
            focus = self.manager.get_focus_set()
            if focus and any(isinstance(e, UITextEntryLine) for e in focus):
                self.manager.set_focus_set(None)

    def _change(self, item: Focusable | None, step: int) -> bool:
        if item is None or not self._enabled(item):
            return False
        self.visible = True
        if item.kind == "dropdown":
            menu = item.element
            ids = [option[1] for option in menu.options_list]
            current = menu.selected_option[1]
            position = ids.index(current) if current in ids else 0
            new = ids[(position + step) % len(ids)] if ids else None
            if new is None or new == current:
                return True
            set_dropdown(menu, new)
            if item.change:
                item.change(new)
            return True
        if item.kind == "slider":
            slider = item.element
            low, high = slider.value_range
            value = min(high, max(low, slider.get_current_value() + step * item.step))
            slider.set_current_value(value, warn=False)
            if item.change:
                item.change(slider.get_current_value())
            return True
        if item.kind == "list" and item.on_step:
            item.on_step(step)
            return True
        return False

    def _press(self, item: Focusable) -> bool:
        if not self._enabled(item):
            return False
        self.visible = True
        if item.kind == "button" and item.activate:
            item.activate()
            return True
        if item.kind == "dropdown":
            toggle_dropdown(item.element)
            return True
        if item.kind == "check":
            item.element.set_state(not item.element.get_state())
            return True
        if item.kind == "list" and item.activate:
            item.activate()
            return True
        return False

    # -- per frame

    def sync(self) -> None:
        """Follow the mouse: a text entry clicked (focused by pygame-gui) takes the focus."""
        focus = self.manager.get_focus_set()
        if not focus:
            return
        for n, item in enumerate(self.items):
            if item.kind == "entry" and item.element in focus and n != self.index:
                self.index = n
                return

    def update_frame(self) -> None:
        item = self.focused
        show = self.visible and not self.hidden and item is not None and self._enabled(item)
        if not show:
            if self._ring is not None and self._ring.visible:
                self._ring.hide()
            return
        assert item is not None
        pad = max(3, round(4 * self.scale))
        rect = item.element.get_abs_rect().inflate(pad * 2, pad * 2)
        key = (rect.w, rect.h)
        if self._ring is None or not self._ring.alive():
            self._ring = _RingImage(rect, _ring_surface(key, self.scale), self.manager,
                                    starting_height=400)
            self._ring_key = key
        elif key != self._ring_key:
            self._ring.set_dimensions(key)
            self._ring.set_image(_ring_surface(key, self.scale))
            self._ring_key = key
        if self._ring.get_abs_rect().topleft != rect.topleft:
            self._ring.set_position(rect.topleft)
        if not self._ring.visible:
            self._ring.show()


@lru_cache(maxsize=32)
def _ring_surface(size: tuple[int, int], scale: float) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(6, round(10 * scale))
    width = max(2, round(2.5 * scale))
    pygame.draw.rect(surface, (*GOLD_LIGHT, 90), surface.get_rect(), width=width + 2,
                     border_radius=radius)
    pygame.draw.rect(surface, (*GOLD_LIGHT, 255), surface.get_rect().inflate(-2, -2),
                     width=width, border_radius=radius)
    return surface

