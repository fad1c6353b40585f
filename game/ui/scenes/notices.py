"""A dialog holding several messages at once: the file problems met at start-up.

Each message is shown whole: the text wraps to the box, and a list taller than the
window scrolls with the mouse wheel, the arrow keys, Page Up / Page Down and Home / End.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UITextBox

from game.ui.widgets.dialogs import MessageDialog

if TYPE_CHECKING:
    from game.ui.scene import AppServices


class NoticesDialog(MessageDialog):
    """Messages as a bulleted list under an optional intro and outro, with one OK."""

    box_width = 760
    #: share of the visible height one arrow press scrolls (a page is 1.0)
    ARROW_STEP = 0.15

    def __init__(self, app: AppServices, title: str, notices: Sequence[str], *, intro: str = "",
                 outro: str = "", on_close: Callable[[], None] | None = None) -> None:
        parts = [intro] if intro else []
        parts += [f"\u2022 {notice}" for notice in notices]
        if outro:
            parts.append(outro)
        super().__init__(app, title, "\n\n".join(parts), on_close=on_close)
        self.notices = list(notices)
        self.body: UITextBox | None = None

    def build(self) -> None:
        super().build()
        boxes = [element for element in self._elements if isinstance(element, UITextBox)]
        self.body = boxes[-1] if boxes else None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and self.scroll_by_key(event.key):
            return True
        return super().handle_event(event)

    def scroll_by_key(self, key: int) -> bool:
        """Scroll the messages for a navigation key; False for any other key."""
        pages = {pygame.K_UP: -self.ARROW_STEP, pygame.K_DOWN: self.ARROW_STEP,
                 pygame.K_PAGEUP: -1.0, pygame.K_PAGEDOWN: 1.0,
                 pygame.K_HOME: -1e9, pygame.K_END: 1e9}.get(key)
        if pages is None:
            return False
        bar = self.body.scroll_bar if self.body is not None else None
        if bar is None:
            return True  # everything is in view already
        visible = bar.visible_percentage
        start = bar.start_percentage + pages * visible
        bar.set_scroll_from_start_percentage(min(max(0.0, start), 1.0 - visible))
        return True
