"""Is every text whole (issue 28: no text wider than its box, in every language)? The
measures the UI text tests share, each by the real rendered width against the real box:

- ``cut_texts``: pygame-gui widgets on show (labels, buttons, every choice of a closed
  drop-down wider than the box that shows it; text boxes whose wrapped lines run out of the
  box with no scroll bar to reach them, or a line wider than the box);
- ``DrawnText``: words a screen draws itself (``draw_text``, the table's ``TextCache``),
  recorded while it draws: each one cut with an ellipsis to fit its box, each wrapped line
  still wider than its box, each text drawn past the window's edge;
- ``font_px``: the font size a widget was made with (its theme id ends ``-<px>``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pygame
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextBox

from game.ui.cardtable.text import TextCache
from game.ui.widgets import drawing

LANGUAGES = ("en", "it", "de", "es")
#: the window sizes the texts are measured at: the smallest first
SIZES = ((1024, 640), (1280, 800))
#: the large window, measured where it is cheap
LARGE = (1920, 1080)


def font_px(element: object) -> int:
    """The font size an element was made with (its theme id ends '...-<px>')."""
    ids = element.object_ids or []  # type: ignore[attr-defined]
    for oid in reversed(ids):
        digits = "".join(ch for ch in str(oid).rsplit("-", 1)[-1] if ch.isdigit())
        if digits:
            return int(digits)
    raise AssertionError(f"no size in {ids}")


def cut_texts(elements: list[Any]) -> list[str]:
    """The texts wider than the widget showing them (labels, buttons, every option of a
    closed drop-down), and text boxes whose words do not all fit (lines past its bottom
    with no scroll bar, a line wider than the box)."""
    cut = []
    for element in elements:
        if not element.visible:
            continue
        if isinstance(element, UIDropDownMenu):
            shown = element.menu_states["closed"].selected_option_button
            room = shown.rect.w - 2 * shown.text_horiz_alignment_padding
            cut += [label for label, _key in element.options_list
                    if shown.font.size(label)[0] > room]
        elif isinstance(element, UIButton) and element.text:
            room = element.rect.w - 2 * element.text_horiz_alignment_padding
            if element.font.size(element.text)[0] > room:
                cut.append(element.text)
        elif (isinstance(element, UILabel) and element.text
              and element.font.size(element.text)[0] > element.rect.w):
            cut.append(element.text)
        elif isinstance(element, UITextBox):
            cut += _text_box_cut(element)
    return cut


def _text_box_cut(box: UITextBox) -> list[str]:
    layout = box.text_box_layout
    if layout is None:
        return []
    room_w, room_h = box.text_wrap_rect[2], box.text_wrap_rect[3]
    words = box.html_text[:60]
    cut = []
    if room_h > 0 and layout.layout_rect.height > room_h and box.scroll_bar is None:
        cut.append(f"text box {words!r}: {layout.layout_rect.height}px of lines in "
                   f"{room_h}px")
    if room_w > 0:
        cut += [f"text box {words!r}: a line {row.width}px wide in {room_w}px"
                for row in layout.layout_rows if row.width > room_w + 1]
    return cut


class DrawnText:
    """Records, while open (``with DrawnText.recording() as drawn``), every text a screen
    draws itself that is not whole: shortened with an ellipsis (``fit_text``,
    ``TextCache.fit``), a wrapped line wider than its width (``TextCache.wrap``), or drawn
    past the window's edge (``draw_text``). ``cut`` lists them, each once, until
    ``cut_on_screen`` takes them."""

    def __init__(self) -> None:
        self.cut: list[str] = []
        #: every text drawn with ``draw_text`` since the last ``clear``, with its place
        self.texts: list[tuple[str, tuple[int, int, int, int]]] = []

    def note(self, problem: str) -> None:
        if problem not in self.cut:
            self.cut.append(problem)

    def clear(self) -> None:
        self.cut.clear()
        self.texts.clear()

    @classmethod
    @contextmanager
    def recording(cls) -> Iterator[DrawnText]:
        screens_imported()
        drawn = cls()
        fit_text, draw_text = drawing.fit_text, drawing.draw_text
        cache_fit, cache_wrap = TextCache.fit, TextCache.wrap

        def fit(text: str, px: int, width: int, style: str = "regular") -> str:
            shown = fit_text(text, px, width, style)
            if shown != text:
                drawn.note(f"{text!r} cut to {shown!r} ({width}px at {px}px)")
            return shown

        def fit_cached(self: TextCache, text: str, size: int, width: int,
                       bold: bool = False) -> str:
            shown = cache_fit(self, text, size, width, bold)
            if shown != text:
                drawn.note(f"{text!r} cut to {shown!r} ({width}px at {size}px)")
            return shown

        def wrap_cached(self: TextCache, text: str, size: int, width: int,
                        bold: bool = False) -> list[str]:
            lines = cache_wrap(self, text, size, width, bold)
            for line in lines:
                wide = self.font(size, bold).size(line)[0]
                if wide > width:
                    drawn.note(f"{line!r} is {wide}px in a {width}px line")
            return lines

        def draw(surface: pygame.Surface, text: str, px: int, colour: Any,
                 **kwargs: Any) -> pygame.Rect:
            rect = draw_text(surface, text, px, colour, **kwargs)
            drawn.texts.append((text, (rect.x, rect.y, rect.w, rect.h)))
            if text and not surface.get_rect().contains(rect):
                drawn.note(f"{text!r} drawn past the window's edge at {tuple(rect)}")
            return rect

        patched = _replace_everywhere({fit_text: fit, draw_text: draw})
        TextCache.fit, TextCache.wrap = fit_cached, wrap_cached  # type: ignore[method-assign]
        try:
            yield drawn
        finally:
            TextCache.fit, TextCache.wrap = cache_fit, cache_wrap  # type: ignore[method-assign]
            for module, name, original in patched:
                setattr(module, name, original)


def _replace_everywhere(replacements: dict[Callable[..., Any], Callable[..., Any]],
                        ) -> list[tuple[Any, str, Any]]:
    """Put each replacement in place of its original in every game.ui module that imported
    it by name; what was replaced, to put back."""
    patched = []
    for name, module in list(sys.modules.items()):
        if module is None or not name.startswith("game.ui"):
            continue
        for attribute, value in list(vars(module).items()):
            new = replacements.get(value) if callable(value) else None
            if new is not None:
                setattr(module, attribute, new)
                patched.append((module, attribute, value))
    return patched


def cut_on_screen(app: Any, drawn: DrawnText) -> list[str]:
    """Draw the app's screen afresh and say every text on it that is not whole: its top
    scene's widgets (and a dialog's: they are the top scene's), the words drawn, and, on a
    screen of its own (not a dialog over another), words drawn under one of its buttons."""
    drawn.texts.clear()
    app.frame(1 / 60)
    top = app.scenes.top
    # every cut recorded since the last look: what is drawn once into a cached surface (the
    # table's board) was drawn while the screen got ready, not in these two frames
    cut = [f"widget {text!r}" for text in cut_texts(top._elements)] + drawn.cut
    drawn.cut = []
    if top.opaque:
        buttons = [e for e in top._elements if isinstance(e, UIButton) and e.visible]
        cut += [f"{text!r} drawn under the button {button.text!r}"
                for text, rect in dict.fromkeys(drawn.texts) for button in buttons
                if text and button.rect.colliderect(rect)]
    return cut


def screens_imported() -> None:
    """Import every screen's module now, so ``DrawnText`` finds their drawing helpers."""
    import importlib

    from game.ui.scenes import SCENES

    for path in SCENES.values():
        importlib.import_module(path.partition(":")[0])
