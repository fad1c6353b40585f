"""The base of every menu screen.

``MenuBase`` holds widget factories that register actions and keyboard focus, and opens
cheap dialogs on top (``open_dialog`` keeps the widgets beneath visible); ``MenuScene``
adds the felt background, a title and the key hints."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import (
    UIButton,
    UICheckBox,
    UIDropDownMenu,
    UIHorizontalSlider,
    UILabel,
    UIPanel,
    UITextBox,
    UITextEntryLine,
)

from game.i18n import N_, _
from game.ui.scale import ui_scale
from game.ui.scene import Scene
from game.ui.spoken import sentences
from game.ui.theme import GOLD_DARK, GOLD_LIGHT, MUTED
from game.ui.widgets.drawing import draw_text, felt_background, font
from game.ui.widgets.focus import Focusable, FocusRing
from game.ui.widgets.look import Look
from game.ui.widgets.spoken_focus import focus_words

if TYPE_CHECKING:
    from game.ui.scene import AppServices

KEY_HINTS = N_("Tab / \u2191\u2193 move  \u00b7  \u2190\u2192 change  \u00b7  Enter select"
               "  \u00b7  Esc back")


#: pygame-gui's text padding inside a drop-down's selected-option button, both sides
DROPDOWN_PADDING = 12

class ScaledSlider(UIHorizontalSlider):
    """A slider whose arrow buttons are ``button_width`` wide (pygame-gui draws them 20 px
    at any scale: at 200% their arrows were cut in half)."""

    def __init__(self, *args: Any, button_width: int, **kwargs: Any) -> None:
        self._button_width = button_width
        super().__init__(*args, **kwargs)

    @property
    def default_button_width(self) -> int:
        return self._button_width

    @default_button_width.setter
    def default_button_width(self, value: int) -> None:
        """pygame-gui sets its 20 px here: the scaled width stays."""


class MenuBase(Scene):
    """Widget factories with actions and keyboard focus; no background of its own."""

    #: keys of the hints shown in the footer
    hints: str = KEY_HINTS
    #: the style a "primary" (gold) button takes back when the focus leaves it; None: the
    #: gold stays where it was built. Set, the gold is always on the focused button and the
    #: frame always drawn: one focus on view, the one Enter presses (issue 51)
    gold_follows_focus: str | None = None

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)
        self.look = Look.of(app.ui)
        self.scale = ui_scale(app.size, app.zoom.user)
        self.focus = FocusRing(app.ui, self.scale)
        self._actions: dict[Any, Callable[[], None]] = {}
        self._changes: dict[Any, Callable[[Any], None]] = {}
        self._submits: dict[Any, Callable[[], None]] = {}
        self._double_clicks: dict[Any, Callable[[], None]] = {}
        self._keep_widgets = False
        self._built_size: tuple[int, int] | None = None
        self._last_focus: str | None = None
        self._introduced = False

    # -- sizes

    def px(self, value: float) -> int:
        """``value`` pixels at 1280x800, in pixels now."""
        return max(1, round(value * self.scale))

    @property
    def width(self) -> int:
        return self.app.size[0]

    @property
    def height(self) -> int:
        return self.app.size[1]

    # -- lifecycle

    def on_enter(self) -> None:
        key = self.focus.focused_key or self._last_focus
        visible = self.focus.visible
        memory = self.focus.group_memory
        self.clear_elements()
        self.scale = ui_scale(self.app.size, self.app.zoom.user)
        self.look.scale_tooltips(self.scale)
        self.focus = FocusRing(self.app.ui, self.scale)
        self.focus.visible = visible
        self._built_size = self.app.size
        self.build()
        self.focus.remember(self.default_focus(), memory)
        if key is not None:
            self.focus.focus_key(key)
        elif self.focus.items:
            self.focus.focus_key(self.default_focus() or self.focus.items[0].key)
        if not self._introduced:  # said once, when the screen first opens
            self._introduced = True
            self.app.speak(sentences(self.intro_words(), self.focus_text()), interrupt=True)

    def intro_words(self) -> str:
        """What the screen is, said when it opens: its title (a dialog's message too)."""
        title = getattr(self, "title", "")
        message = getattr(self, "message", "")
        return sentences(_(title) if isinstance(title, str) and title else "",
                         message if isinstance(message, str) else "")

    def focus_text(self) -> str:
        item = self.focus.focused
        return focus_words(item, self._elements) if item is not None else ""

    def say_focus(self) -> None:
        """Say the focused widget (the keyboard moved or changed it), unless the key
        opened another screen (which says its own)."""
        if self.app.scenes.top is self:
            self.app.speak(self.focus_text(), interrupt=True)

    def build(self) -> None:
        """Create the widgets (override)."""

    def default_focus(self) -> str | None:
        """The key of the widget focused when the screen opens."""
        return None

    def rebuild(self) -> None:
        """Build the widgets again (after a change that adds or removes some)."""
        self.on_enter()

    def clear_elements(self) -> None:
        if self.focus.items:
            self._last_focus = self.focus.focused_key
        super().clear_elements()
        self.focus.clear()
        self._actions.clear()
        self._changes.clear()
        self._submits.clear()
        self._double_clicks.clear()

    def on_pause(self) -> None:
        if self._keep_widgets:
            self.focus.hidden = True
            self.focus.update_frame()
            return
        self.clear_elements()

    def on_resume(self) -> None:
        kept, self._keep_widgets = self._keep_widgets, False
        self.focus.hidden = False
        if kept and self._built_size == self.app.size and self._elements:
            self.refresh()
        else:
            self.on_enter()
        self.say_focus()  # back from the screen above: where the keyboard is

    def refresh(self) -> None:
        """Back from a dialog with the widgets kept: update what may have changed."""

    def resize(self, size: tuple[int, int]) -> None:  # noqa: ARG002
        self.on_enter()

    def open_dialog(self, dialog: Scene) -> None:
        """Push ``dialog`` over this screen, keeping this screen's widgets on view."""
        self._keep_widgets = True
        self.app.scenes.push(dialog)

    def back(self) -> None:
        """Esc or the Back button: leave this screen."""
        self.app.scenes.pop()

    # -- events

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if self.focus.close_expanded():
                    return True
                self.back()
                return True
            if self.focus.handle_key(event):
                self.say_focus()
                return True
            return self.on_key(event)
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_BUTTON_DOUBLE_CLICKED and element in self._double_clicks:
            self._double_clicks[element]()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and element in self._actions:
            self._focus_element(element)
            self._actions[element]()
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and element in self._changes:
            self._focus_element(element)
            self._changes[element](event.selected_option_id)
            return True
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and element in self._changes:
            self._focus_element(element)
            self._changes[element](event.value)
            return True
        if event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED) \
                and element in self._changes:
            self._focus_element(element)
            self._changes[element](event.type == pygame_gui.UI_CHECK_BOX_CHECKED)
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and element in self._changes:
            self._changes[element](event.ui_element.get_text())
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and element in self._submits:
            self._submits[element]()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.focus.visible = False
        return self.on_event(event)

    def _focus_element(self, element: Any) -> None:
        item = self.focus.item_for(element)
        if item is not None:
            self.focus.index = self.focus.items.index(item)

    def on_key(self, event: pygame.event.Event) -> bool:  # noqa: ARG002
        """A key the focus ring did not use (override)."""
        return False

    def on_event(self, event: pygame.event.Event) -> bool:  # noqa: ARG002
        """Any other event (override)."""
        return False

    def update(self, dt: float) -> None:  # noqa: ARG002
        self.focus.sync()
        if self.gold_follows_focus is not None:
            self._gold_to_focus(self.gold_follows_focus)
        self.focus.update_frame()

    def _gold_to_focus(self, plain: str) -> None:
        """The focused button is the gold one, and its frame is on view: no other button
        looks like the one Enter presses."""
        focused = self.focus.focused
        if focused is None or self.focus.hidden:
            return
        self.focus.visible = True
        for item in self.focus.items:
            element = item.element
            if item.kind != "button" or not element.alive():
                continue
            classes = element.class_ids or []
            if item is focused and f"@{plain}" in classes:
                element.change_object_id(ObjectID(object_id=element.object_ids[-1],
                                                  class_id="@primary"))
            elif item is not focused and "@primary" in classes:
                element.change_object_id(ObjectID(object_id=element.object_ids[-1],
                                                  class_id=f"@{plain}"))

    # -- widget factories

    def button(self, rect: pygame.Rect, text: str, action: Callable[[], None], *,
               key: str, tooltip: str | None = None, style: str = "plain",
               size: float = 16, container: Any = None, focusable: bool = True,
               double_click: Callable[[], None] | None = None) -> UIButton:
        element = UIButton(rect, text, self.app.ui, container=container, tool_tip_text=tooltip,
                           object_id=self.look.oid(self.px(size), f"@{style}", bold=True),
                           allow_double_clicks=double_click is not None)
        self.track(element)
        self._actions[element] = action
        if double_click is not None:
            self._double_clicks[element] = double_click
        if focusable:
            self.focus.add(Focusable(element, "button", key, activate=action))
        return element

    def label(self, rect: pygame.Rect, text: str, *, style: str = "label", size: float = 15,
              bold: bool = False, container: Any = None, fit: bool = False) -> UILabel:
        """A label; ``fit``: in a smaller font when the words are wider than ``rect`` (a
        caption in a language with longer words)."""
        px = self.fitting_px([text], rect.w - self.px(4), size, bold) if fit else self.px(size)
        element = UILabel(rect, text, self.app.ui, container=container,
                          object_id=self.look.oid(px, f"@{style}", bold=bold))
        return self.track(element)

    def fitting_px(self, texts: Sequence[str], width: int, size: float,
                   bold: bool = False, style: str | None = None) -> int:
        """The font size (``size`` at most, never under 12 px) at which every one of
        ``texts`` fits ``width`` pixels (in ``style`` if given, else bold or regular)."""
        px, least = self.px(size), min(self.px(size), self.px(12))
        style = style or ("bold" if bold else "regular")
        while px > least and max((font(px, style).size(t)[0] for t in texts), default=0) > width:
            px -= 1
        return px

    def dropdown(self, rect: pygame.Rect, options: Sequence[tuple[str, str]], selected: str,
                 change: Callable[[str], None], *, key: str, size: float = 15,
                 container: Any = None) -> UIDropDownMenu:
        start = next((o for o in options if o[1] == selected), options[0])
        limit = max(self.px(60), self.height - rect.bottom - self.px(16))
        choices: list[str | tuple[str, str]] = list(options)
        # every choice readable in the closed menu: beside the arrow button (as wide as the
        # menu is tall) and pygame-gui's padding, in a smaller font if need be
        room = rect.w - rect.h - DROPDOWN_PADDING
        px = self.fitting_px([text for text, _value in options], room, size)
        element = UIDropDownMenu(choices, start, rect, self.app.ui, container=container,
                                 object_id=self.look.oid(px, "@field"),
                                 expansion_height_limit=limit)
        self.track(element)
        self._changes[element] = change
        self.focus.add(Focusable(element, "dropdown", key, change=change))
        return element

    def slider(self, rect: pygame.Rect, value: float, value_range: tuple[float, float],
               change: Callable[[float], None], *, key: str, step: float = 1,
               container: Any = None) -> UIHorizontalSlider:
        element = ScaledSlider(rect, value, value_range, self.app.ui, container=container,
                               click_increment=step, button_width=self.px(20),
                               object_id=self.look.oid(self.px(15), "@field"))
        self.track(element)
        self._changes[element] = change
        self.focus.add(Focusable(element, "slider", key, change=change, step=step))
        return element

    def entry(self, rect: pygame.Rect, text: str, change: Callable[[str], None], *, key: str,
              submit: Callable[[], None] | None = None, placeholder: str = "",
              max_length: int | None = None, size: float = 15,
              container: Any = None) -> UITextEntryLine:
        element = UITextEntryLine(rect, self.app.ui, container=container,
                                  placeholder_text=placeholder or None,
                                  object_id=self.look.oid(self.px(size), "@field"))
        if max_length is not None:
            element.set_text_length_limit(max_length)
        if text:
            element.set_text(text)
        self.track(element)
        self._changes[element] = change
        if submit is not None:
            self._submits[element] = submit
        self.focus.add(Focusable(element, "entry", key, change=change))
        return element

    def check(self, rect: pygame.Rect, text: str, state: bool, change: Callable[[bool], None],
              *, key: str, tooltip: str | None = None, size: float = 15,
              container: Any = None) -> UICheckBox:
        element = UICheckBox(rect, text, self.app.ui, container=container,
                             initial_state=state, tool_tip_text=tooltip,
                             object_id=self.look.oid(self.px(size), "@check"))
        self.track(element)
        self._changes[element] = change
        self.focus.add(Focusable(element, "check", key, change=change))
        return element

    def text_box(self, rect: pygame.Rect, html: str, *, size: float = 15,
                 container: Any = None, style: str = "text") -> UITextBox:
        px = self.px(size)
        self.look.preload_text_fonts(px)
        element = UITextBox(html, rect, self.app.ui, container=container,
                            object_id=self.look.oid(px, f"@{style}"))
        return self.track(element)

    def panel(self, rect: pygame.Rect, *, style: str = "dialog", layer: int = 1,
              container: Any = None) -> UIPanel:
        element = UIPanel(rect, starting_height=layer, manager=self.app.ui, container=container,
                          object_id=ObjectID(class_id=f"@{style}"))
        return self.track(element)


class MenuScene(MenuBase):
    """A full-window menu screen on the felt, with a title and key hints."""

    title: str = ""
    subtitle: str = ""

    def header_height(self) -> int:
        return self.px(96)

    def footer_top(self) -> int:
        return self.height - self.px(76)

    def content_rect(self) -> pygame.Rect:
        margin = self.px(40)
        top = self.header_height()
        return pygame.Rect(margin, top, self.width - 2 * margin, self.footer_top() - top)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_background(surface.get_size()), (0, 0))
        self.draw_header(surface)
        self.draw_content(surface)
        if self.hints:
            draw_text(surface, _(self.hints), self.px(13), MUTED,
                      midbottom=(surface.get_width() // 2, surface.get_height() - self.px(10)))

    def draw_header(self, surface: pygame.Surface) -> None:
        if not self.title:
            return
        x = self.px(40)
        rect = draw_text(surface, _(self.title), self.px(38), GOLD_LIGHT, style="serif-bold",
                         shadow=self.px(3), topleft=(x, self.px(22)))
        if self.subtitle:
            draw_text(surface, _(self.subtitle), self.px(15), MUTED,
                      bottomleft=(rect.right + self.px(18), rect.bottom - self.px(6)))
        y = rect.bottom + self.px(10)
        pygame.draw.line(surface, GOLD_DARK, (x, y), (surface.get_width() - x, y),
                         max(1, round(self.scale)))

    def draw_content(self, surface: pygame.Surface) -> None:
        """Draw what is not a widget (override)."""
