"""Modal dialogs as scenes drawn over the screen beneath: confirm, message and name prompt.

A dialog dims the window, shows a framed box with a title, a message and its buttons,
and pops itself before calling back, so a callback may push or replace scenes. Enter
presses the default button, Esc cancels, Tab / arrows move between the buttons.

Push one from a menu screen with ``MenuBase.open_dialog`` (the screen's widgets stay on
view beneath the dim) or from any scene with ``app.scenes.push``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UILabel, UITextEntryLine

from game.i18n import _
from game.ui.widgets.drawing import escape_html, font, wrap_text
from game.ui.widgets.menus import MenuBase

if TYPE_CHECKING:
    from game.ui.scene import AppServices

DIALOG_LAYER = 60
DIALOG_INSET = 14  # the @dialog theme's shadow (12) and border (2) widths


class Dialog(MenuBase):
    """Base of the dialogs: a dimmed window and a centred box; subclasses add buttons."""

    opaque = False
    hints = ""
    box_width = 520
    #: False for a dialog whose ``build_extra`` holds all its buttons (no button row)
    button_row = True

    def __init__(self, app: AppServices, title: str, message: str) -> None:
        super().__init__(app)
        self.title = title
        self.message = message
        self.closed = False
        self.box: pygame.Rect = pygame.Rect(0, 0, 0, 0)

    def build(self) -> None:
        w, h = self.app.size
        self.panel(pygame.Rect(0, 0, w, h), style="dim", layer=DIALOG_LAYER)
        width = min(self.px(self.box_width), w - self.px(40))
        inset = DIALOG_INSET
        pad = self.px(22)
        text_w = self.text_width()
        html = escape_html(self.message).replace("\n", "<br>")
        probe = self.text_box(pygame.Rect(0, 0, text_w + self.px(12), -1), html, size=16,
                              style="plain_text")
        text_h = probe.rect.h
        probe.kill()
        self._elements.remove(probe)
        top = pad + self.px(36)
        extra_h = self.extra_height()
        if extra_h:
            extra_h += self.px(8)
        buttons_h = self.px(42) + self.px(18) if self.button_row else 0
        limit = h - self.px(40) - 2 * inset - top - extra_h - buttons_h - pad
        body_h = min(text_h, limit)
        height = top + body_h + extra_h + buttons_h + pad
        self.box = pygame.Rect(0, 0, width, height + 2 * inset)
        self.box.center = (w // 2, h // 2)
        box = self.panel(self.box, style="dialog", layer=DIALOG_LAYER + 2)
        # a long title in a language with longer words ("Standardeinstellungen
        # wiederherstellen?") takes a smaller size rather than being cut
        self.label(pygame.Rect(pad, pad - self.px(4), text_w, self.px(34)), self.title,
                   style="heading", size=20, bold=True, container=box, fit=True)
        self.text_box(pygame.Rect(pad - self.px(6), top, text_w + self.px(12), body_h), html,
                      size=16, container=box, style="plain_text")
        self.build_extra(box, pygame.Rect(pad, top + body_h + (self.px(8) if extra_h else 0),
                                          text_w, max(0, extra_h - self.px(8))))
        if self.button_row:
            self.build_buttons(box, pygame.Rect(pad, height - pad - self.px(42), text_w,
                                                self.px(42)))

    def text_width(self) -> int:
        """How wide the box's words and widgets may be."""
        width = min(self.px(self.box_width), self.app.size[0] - self.px(40))
        return width - 2 * DIALOG_INSET - 2 * self.px(22)

    def extra_height(self) -> int:
        return 0

    def build_extra(self, box: object, rect: pygame.Rect) -> None:
        """Widgets between the message and the buttons (override)."""

    def build_buttons(self, box: object, rect: pygame.Rect) -> None:
        """The dialog's buttons, right-aligned in ``rect`` (override)."""

    def buttons_right(self, box: object, rect: pygame.Rect,
                      specs: list[tuple[str, str, Callable[[], None], str, str]]) -> None:
        """Lay out ``(key, text, action, style, tooltip)`` buttons from the right."""
        gap = self.px(12)
        share = (rect.w - gap * (len(specs) - 1)) // max(1, len(specs))
        # each button as wide as its words need (at least the usual 150), never clipped
        # while the row has room
        face = font(self.px(16), "bold")
        widths = [max(self.px(150), face.size(text)[0] + self.px(28)) for _, text, *_ in specs]
        if sum(widths) + gap * (len(specs) - 1) > rect.w:
            widths = [min(w, share) for w in widths]
        x = rect.right - sum(widths) - (len(specs) - 1) * gap
        for (key, text, action, style, tooltip), width in zip(specs, widths, strict=True):
            self.button(pygame.Rect(x, rect.y, width, rect.h), text, action, key=key,
                        style=style, tooltip=tooltip, container=box)
            x += width + gap

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        if self.app.scenes.top is self:
            self.app.scenes.pop()

    def back(self) -> None:
        self.cancel()

    def cancel(self) -> None:
        self.close()

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.accept()
            return True
        return False

    def accept(self) -> None:
        """Enter: the default button."""
        self.close()


class MessageDialog(Dialog):
    """A message with one OK button."""

    def __init__(self, app: AppServices, title: str, message: str,
                 on_close: Callable[[], None] | None = None, button: str | None = None) -> None:
        super().__init__(app, title, message)
        self.on_close = on_close
        self.button_text = _("OK") if button is None else button

    def default_focus(self) -> str | None:
        return "ok"

    def build_buttons(self, box: object, rect: pygame.Rect) -> None:
        self.buttons_right(box, rect, [
            ("ok", self.button_text, self.accept, "primary", _("Close this message (Enter)")),
        ])

    def accept(self) -> None:
        self.close()
        if self.on_close:
            self.on_close()

    def cancel(self) -> None:
        self.accept()


class ConfirmDialog(Dialog):
    """A question with a confirm and a cancel button; Esc cancels."""

    def __init__(self, app: AppServices, title: str, message: str, on_confirm: Callable[[], object],
                 *, confirm: str | None = None, cancel: str | None = None, danger: bool = False,
                 on_cancel: Callable[[], object] | None = None) -> None:
        super().__init__(app, title, message)
        self.on_confirm = on_confirm
        self.on_cancel = on_cancel
        self.confirm_text = _("OK") if confirm is None else confirm
        self.cancel_text = _("Cancel") if cancel is None else cancel
        self.danger = danger
        self.confirmed: bool | None = None

    def default_focus(self) -> str | None:
        # a destructive question starts on Cancel, so Enter does no harm
        return "cancel" if self.danger else "confirm"

    def build_buttons(self, box: object, rect: pygame.Rect) -> None:
        self.buttons_right(box, rect, [
            ("cancel", self.cancel_text, self.cancel, "plain", _("Keep things as they are (Esc)")),
            ("confirm", self.confirm_text, self.confirm,
             "danger" if self.danger else "primary", f"{self.confirm_text}"),
        ])

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            item = self.focus.focused
            (self.cancel if item is not None and item.key == "cancel" else self.confirm)()
            return True
        return False

    def confirm(self) -> None:
        self.confirmed = True
        self.close()
        self.on_confirm()

    def accept(self) -> None:
        self.confirm()

    def cancel(self) -> None:
        self.confirmed = False
        self.close()
        if self.on_cancel:
            self.on_cancel()


class PromptDialog(Dialog):
    """Ask for a short text (a name); ``validate`` returns an error message or ``None``."""

    def __init__(self, app: AppServices, title: str, message: str, on_accept: Callable[[str], None],
                 *, text: str = "", confirm: str | None = None, max_length: int = 64,
                 validate: Callable[[str], str | None] | None = None) -> None:
        super().__init__(app, title, message)
        self.on_accept = on_accept
        self.text = text
        self.confirm_text = _("OK") if confirm is None else confirm
        self.max_length = max_length
        self.validate = validate
        self.error = ""
        self.name_entry: UITextEntryLine | None = None
        self._error_label: UILabel | None = None
        self._error_labels: list[UILabel] = []

    def default_focus(self) -> str | None:
        return "name"

    def _error_lines(self) -> list[str]:
        """The error in lines that fit the box (a long one wraps, never cut)."""
        return wrap_text(self.error, self.px(14), self.text_width() - self.px(8)) or [""]

    def extra_height(self) -> int:
        return self.px(48) + self.px(20) * len(self._error_lines()) + self.px(4)

    def build_extra(self, box: object, rect: pygame.Rect) -> None:
        self.name_entry = self.entry(pygame.Rect(rect.x, rect.y + self.px(6), rect.w,
                                                 self.px(36)),
                                     self.text, self._changed, key="name", submit=self.accept,
                                     max_length=self.max_length, container=box)
        self._error_labels = [
            self.label(pygame.Rect(rect.x, rect.y + self.px(44) + self.px(20) * row, rect.w,
                                   self.px(24)), line, style="error", size=14, container=box)
            for row, line in enumerate(self._error_lines())]
        self._error_label = self._error_labels[0]

    def on_enter(self) -> None:
        super().on_enter()
        if self.name_entry is not None:
            self.app.ui.set_focus_set(self.name_entry)
            self.focus.focus_key("name")

    def build_buttons(self, box: object, rect: pygame.Rect) -> None:
        self.buttons_right(box, rect, [
            ("cancel", _("Cancel"), self.cancel, "plain", _("Close without saving (Esc)")),
            ("confirm", self.confirm_text, self.accept, "primary", self.confirm_text),
        ])

    def _changed(self, text: str) -> None:
        self.text = text
        if self.error:
            self._show_error("")

    def _show_error(self, text: str) -> None:
        lines = len(self._error_lines())
        self.error = text
        if lines != len(self._error_lines()):  # the box grows or shrinks to hold it
            self.rebuild()
        elif self._error_label is not None:
            self._error_label.set_text(self._error_lines()[0])

    def accept(self) -> None:
        text = self.text.strip()
        problem = self.validate(text) if self.validate else (None if text else _("Type a name."))
        if problem:
            self._show_error(problem)
            return
        self.close()
        self.on_accept(text)
