"""What a menu screen's focused widget is, in words, for "Speak the table": a button's
text, a check box's text and state, a drop-down's or a slider's caption (the label beside
it on its row) and value, an entry's caption and text."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pygame_gui.elements import UILabel

from game.i18n import _
from game.ui.widgets.focus import Focusable


def row_labels(element: Any, labels: Iterable[Any]) -> tuple[str, str]:
    """The captions left of ``element`` on its row (the nearest) and right of it (a value
    shown beside a slider)."""
    rect = element.get_abs_rect()
    left: tuple[float, str] | None = None
    right: tuple[float, str] | None = None
    for label in labels:
        if not isinstance(label, UILabel) or not label.alive() or not label.visible:
            continue
        other = label.get_abs_rect()
        if not other.top <= rect.centery <= other.bottom:
            continue
        if other.right <= rect.left + 2 and (left is None or other.right > left[0]):
            left = (other.right, label.text)
        elif other.left >= rect.right - 2 and (right is None or other.left < right[0]):
            right = (other.left, label.text)
    return (left[1] if left else ""), (right[1] if right else "")


def focus_words(item: Focusable, labels: Iterable[Any]) -> str:
    element = item.element
    caption, value = row_labels(element, labels)
    if item.kind in ("button", "list"):
        return str(element.text)
    if item.kind == "check":
        state = _("checked") if element.get_state() else _("not checked")
        return f"{element.text}, {state}"
    if item.kind == "dropdown":
        chosen = element.selected_option
        chosen = chosen[0] if isinstance(chosen, tuple) else str(chosen)
        return f"{caption}: {chosen}" if caption else chosen
    if item.kind == "slider":
        shown = value or f"{element.get_current_value():g}"
        return f"{caption}: {shown}" if caption else shown
    if item.kind == "entry":
        text = element.get_text() or _("empty")
        return _("{caption} text field: {text}").format(caption=caption, text=text)
    return ""
