"""The table's sidebar buttons from the keyboard: F6 moves the keyboard from the cards to
the buttons (a gold frame on the focused one) and back; there Tab / Shift+Tab and the
arrows move, Enter or Space presses, Esc goes back to the cards. Each button's letter key
works wherever the keyboard is."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame
import pygame_gui

from game.ui.scale import ui_scale
from game.ui.widgets.focus import Focusable, FocusRing

if TYPE_CHECKING:
    from game.ui.scene import AppServices

MOVES = {pygame.K_TAB: 1, pygame.K_DOWN: 1, pygame.K_RIGHT: 1, pygame.K_UP: -1,
         pygame.K_LEFT: -1}
PRESSES = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class FocusTable(Protocol):
    """What the sidebar's keyboard focus needs of a card table: its buttons by name, and
    its events (a press is the table's button event)."""

    @property
    def app(self) -> AppServices: ...

    def keyboard_buttons(self) -> dict[str, Any]: ...
    def handle_event(self, event: pygame.event.Event) -> bool: ...


class SidebarFocus:
    def __init__(self, scene: FocusTable) -> None:
        self.scene = scene
        self.on = False
        self.ring: FocusRing | None = None
        self._name: str | None = None  # the focused button's name (buttons are remade)

    def _buttons(self) -> dict[str, Any]:
        return self.scene.keyboard_buttons()

    def _sync(self) -> FocusRing | None:
        """The ring over the buttons there are now (a restyled button is a new widget)."""
        buttons = self._buttons()
        if not buttons:
            return None
        if self.ring is None:
            self.ring = FocusRing(self.scene.app.ui, ui_scale(self.scene.app.size))
        ring = self.ring
        ring.items = [Focusable(button, "button", name, activate=self._presser(button))
                      for name, button in buttons.items()]
        names = list(buttons)
        ring.index = names.index(self._name) if self._name in names else 0
        if not ring.enabled(ring.items[ring.index]):
            ring.move(1)
        self._name = ring.focused_key
        return ring

    def _presser(self, button: Any) -> Any:
        def press() -> None:
            event = pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)
            self.scene.handle_event(event)
        return press

    @property
    def focused(self) -> Any:
        ring = self.ring if self.on else None
        item = ring.focused if ring is not None else None
        return item.element if item is not None else None

    def handle(self, event: pygame.event.Event) -> bool:
        """F6 in and out; while in, the moving and pressing keys. True when used."""
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        if key == pygame.K_F6 or (self.on and key == pygame.K_ESCAPE):
            self.on = not self.on and self._sync() is not None
            self.update_frame()
            return True
        if not self.on:
            return False
        ring = self._sync()
        if ring is None:
            self.on = False
            return False
        if key in MOVES:
            shift = bool(event.mod & pygame.KMOD_SHIFT) and key == pygame.K_TAB
            ring.move(-MOVES[key] if shift else MOVES[key])
            self._name = ring.focused_key
        elif key in PRESSES:
            item = ring.focused
            if item is not None and ring.enabled(item) and item.activate is not None:
                item.activate()
        else:
            return False  # a letter key: the table's own shortcut
        self.update_frame()
        return True

    def update_frame(self) -> None:
        """Show the frame on the focused button (hidden while the cards have the keys)."""
        ring = self._sync() if self.on else self.ring
        if ring is None:
            return
        ring.visible = self.on
        top: object = self.scene.app.scenes.top  # a scene; the table is one too
        ring.hidden = top is not self.scene
        ring.update_frame()

    def clear(self) -> None:
        if self.ring is not None:
            self.ring.clear()
        self.ring = None
