"""Shared pieces of the menu screens: look, scaling, keyboard focus and a menu-scene base.

* **Scaling.** ``ui_scale(size)`` is 1.0 at 1280x800 and grows to 2.5 at 4K; every
  position, size and font size on the menu screens is multiplied by it. pygame-gui
  picks fonts from the theme by object id, so ``Look.oid`` registers one small theme
  block per font size (``#f16``, ``#b16`` bold, with the children ids a drop-down or a
  check box uses) the first time that size is asked for.
* **Keyboard.** ``FocusRing`` moves a visible focus frame over the focusable widgets of
  a screen: Tab / Shift+Tab and the up / down arrows move, left / right change a
  drop-down, slider or list, Enter or Space presses a button, toggles a check box or
  opens a drop-down. Text entries get pygame-gui's own keyboard focus when reached.
* **MenuScene.** The base of every menu screen: felt background, a title, the key
  hints, widget factories that register actions and keyboard focus, and cheap
  dialogs on top (``open_dialog`` keeps the widgets beneath visible).
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import (
    UIButton,
    UICheckBox,
    UIDropDownMenu,
    UIHorizontalSlider,
    UIImage,
    UILabel,
    UIPanel,
    UITextBox,
    UITextEntryLine,
)

from game.ui.assets import font_path
from game.ui.scene import Scene
from game.ui.theme import (
    FELT_DARK,
    FELT_LIGHT,
    GOLD_DARK,
    GOLD_LIGHT,
    MUTED,
    PANEL,
)
from game.ui.theme import font as theme_font

if TYPE_CHECKING:
    from game.ui.app import App

# --------------------------------------------------------------------------- scaling

BASE_SIZE = (1280, 800)
MIN_SCALE = 0.8
MAX_SCALE = 2.5

KEY_HINTS = ("Tab / \u2191\u2193 move  \u00b7  \u2190\u2192 change  \u00b7  Enter select  \u00b7  "
             "Esc back")


def ui_scale(size: Sequence[int]) -> float:
    """How much bigger than at 1280x800 the menus are drawn at ``size``."""
    scale = min(size[0] / BASE_SIZE[0], size[1] / BASE_SIZE[1])
    return max(MIN_SCALE, min(MAX_SCALE, round(scale * 20) / 20))


def font(px: float, style: str = "regular") -> pygame.font.Font:
    """The menus' text in a shipped DejaVu font, ``px`` pixels (at least 6)."""
    return theme_font(max(6, int(px)), style)


def hex_colour(rgb: Sequence[int], alpha: int | None = None) -> str:
    text = "#{:02x}{:02x}{:02x}".format(*rgb[:3])
    return text if alpha is None else f"{text}{alpha:02x}"


def escape_html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# --------------------------------------------------------------------------- theme blocks

_FONT_NAME = "dejavu_menu"

#: Colour classes of the menu screens, added to the game's theme (``assets/theme.json``).
CLASS_THEME: dict[str, dict[str, Any]] = {
    "@menu": {
        "colours": {
            "normal_bg": "#0c2f1cd9", "hovered_bg": "#1f6a41", "active_bg": "#e0b44a",
            "selected_bg": "#c99a2e", "disabled_bg": "#0a2216b0",
            "normal_border": "#c99a2e", "hovered_border": "#f5d27a",
            "active_border": "#f5d27a", "disabled_border": "#3d5a44",
            "normal_text": "#f3efe0", "hovered_text": "#ffffff", "active_text": "#1b1406",
            "active_text_shadow": "#00000000", "selected_text_shadow": "#00000000",
        },
        "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "10",
                 "border_width": "2", "shadow_width": "4"},
    },
    "@primary": {
        "colours": {
            "normal_bg": "#c99a2e", "hovered_bg": "#e0b44a", "active_bg": "#f5d27a",
            "disabled_bg": "#4a4020", "normal_text": "#1b1406", "hovered_text": "#1b1406",
            "active_text": "#1b1406", "disabled_text": "#9a8c62",
            "normal_text_shadow": "#00000000", "hovered_text_shadow": "#00000000",
            "active_text_shadow": "#00000000", "disabled_text_shadow": "#00000000",
            "text_shadow": "#00000000", "normal_border": "#f5d27a", "hovered_border": "#fff1c4",
            "disabled_border": "#6b5a2a",
        },
        "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "8",
                 "border_width": "2", "shadow_width": "3", "text_shadow_size": "0"},
    },
    "@danger": {
        "colours": {
            "normal_bg": "#8e2018", "hovered_bg": "#b3261e", "active_bg": "#e0564a",
            "disabled_bg": "#3d1c1a", "normal_text": "#ffffff", "hovered_text": "#ffffff",
            "disabled_text": "#9c7c78", "normal_border": "#ff8a80",
            "hovered_border": "#ffd0cb", "disabled_border": "#5a2a26",
        },
        "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "8",
                 "border_width": "1", "shadow_width": "2"},
    },
    "@plain": {
        "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "8",
                 "border_width": "1", "shadow_width": "2"},
    },
    "@row": {
        "colours": {
            "normal_bg": "#0c2f1c99", "hovered_bg": "#1f6a41", "selected_bg": "#c99a2e",
            "active_bg": "#e0b44a", "normal_border": "#2f7a4f", "selected_border": "#f5d27a",
            "normal_text": "#f3efe0", "selected_text": "#1b1406", "active_text": "#1b1406",
            "selected_text_shadow": "#00000000", "active_text_shadow": "#00000000",
        },
        "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "6",
                 "border_width": "1", "shadow_width": "0", "text_shadow_size": "0",
                 "text_horiz_alignment": "left", "text_horiz_alignment_padding": "14"},
    },
    "@label": {"misc": {"text_horiz_alignment": "left"}},
    "@label_right": {"misc": {"text_horiz_alignment": "right"}},
    "@label_centre": {"misc": {"text_horiz_alignment": "center"}},
    "@heading": {"colours": {"normal_text": "#f5d27a"},
                 "misc": {"text_horiz_alignment": "left"}},
    "@muted": {"colours": {"normal_text": "#b4c8ba"},
               "misc": {"text_horiz_alignment": "left"}},
    "@error": {"colours": {"normal_text": "#ff9c8a"},
               "misc": {"text_horiz_alignment": "left"}},
    "@dim": {
        "colours": {"dark_bg": "#000000a6", "normal_border": "#00000000"},
        "misc": {"shape": "rectangle", "border_width": "0", "shadow_width": "0"},
    },
    "@dialog": {
        "colours": {"dark_bg": "#0d3520f8", "normal_border": "#e0b44a"},
        "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "14",
                 "border_width": "2", "shadow_width": "12"},
    },
    "@text": {
        "colours": {"dark_bg": "#0a2618e6", "normal_border": "#2f7a4f"},
        "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "8",
                 "border_width": "1", "shadow_width": "0"},
    },
    "@plain_text": {
        "colours": {"dark_bg": "#00000000", "normal_border": "#00000000"},
        "misc": {"shape": "rectangle", "border_width": "0", "shadow_width": "0",
                 "padding": "6,4"},
    },
    "@field": {
        "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "6"},
    },
    "@field.@selected_option": {
        "misc": {"text_horiz_alignment": "left", "text_horiz_alignment_padding": "10"},
    },
    "@field.#drop_down_options_list.@selection_list_item": {
        "misc": {"text_horiz_alignment": "left", "text_horiz_alignment_padding": "10"},
    },
    "@check": {
        "colours": {"normal_bg": "#082315", "hovered_bg": "#123d25",
                    "selected_bg": "#c99a2e", "normal_border": "#e0b44a",
                    "normal_text": "#f5d27a", "selected_text": "#1b1406"},
    },
}


def _font_block(px: int, bold: bool) -> dict[str, Any]:
    return {
        "name": _FONT_NAME,
        "regular_path": str(font_path("regular")),
        "bold_path": str(font_path("bold")),
        "italic_path": str(font_path("italic")),
        "bold_italic_path": str(font_path("bold")),
        "size": str(px),
        "bold": "1" if bold else "0",
    }


class Look:
    """Registers the menu screens' theme blocks in one UI manager, as they are needed."""

    _registry: weakref.WeakKeyDictionary[Any, Look] = weakref.WeakKeyDictionary()

    def __init__(self, manager: pygame_gui.UIManager) -> None:
        self.manager = manager
        self._fonts: set[str] = set()
        self._preloaded: set[int] = set()
        manager.get_theme().load_theme(dict(CLASS_THEME))

    @classmethod
    def of(cls, manager: pygame_gui.UIManager) -> Look:
        look = cls._registry.get(manager)
        if look is None:
            look = cls._registry[manager] = cls(manager)
        return look

    def font_id(self, px: int, bold: bool = False) -> str:
        """``#f<px>`` (or ``#b<px>`` bold): a theme object id that sets that font."""
        px = max(8, int(px))
        key = f"#{'b' if bold else 'f'}{px}"
        if key not in self._fonts:
            block = _font_block(px, bold)
            item_height = str(round(px * 1.9))
            plain = {"font": block}
            self.manager.get_theme().load_theme({
                key: {"font": block, "misc": {
                    "list_item_height": item_height,
                    "open_button_width": str(max(20, round(px * 1.5))),
                    "sliding_button_width": str(max(20, round(px * 1.3))),
                }},
                f"{key}.button": plain,
                f"{key}.label": plain,
                f"{key}.selection_list": {"misc": {"list_item_height": item_height}},
                f"{key}.#drop_down_options_list": {"misc": {"list_item_height": item_height}},
                f"{key}.#drop_down_options_list.button": plain,
                f"{key}.#expand_button": plain,
            })
            self._fonts.add(key)
        return key

    def oid(self, px: int, cls: str | None = None, bold: bool = False) -> ObjectID:
        return ObjectID(object_id=self.font_id(px, bold), class_id=cls)

    def preload_text_fonts(self, px: int) -> None:
        """Load the four styles a UITextBox may use at ``px`` (avoids pygame-gui warnings)."""
        if px in self._preloaded:
            return
        self._preloaded.add(px)
        fonts = self.manager.get_theme().get_font_dictionary()
        fonts.add_font_path(_FONT_NAME, str(font_path("regular")), str(font_path("bold")),
                            str(font_path("italic")), str(font_path("bold")))
        wanted: list[dict[str, str | int | float]] = []
        for style, bold, italic in (("regular", False, False), ("bold", True, False),
                                    ("italic", False, True), ("bold_italic", True, True)):
            if not fonts.check_font_preloaded(fonts.create_font_id(px, _FONT_NAME, bold, italic)):
                wanted.append({"name": _FONT_NAME, "point_size": px, "style": style})
        if wanted:
            self.manager.preload_fonts(wanted)


# --------------------------------------------------------------------------- drawing


@lru_cache(maxsize=4)
def felt_background(size: tuple[int, int]) -> pygame.Surface:
    """The table felt: a soft radial light in the middle, dark edges and a fine weave."""
    w, h = size
    small = pygame.Surface((96, 60))
    cx, cy = 48, 26
    for y in range(60):
        for x in range(96):
            dx, dy = (x - cx) / 60, (y - cy) / 42
            t = min(1.0, (dx * dx + dy * dy) ** 0.5)
            t = t * t * (3 - 2 * t)
            small.set_at((x, y), _blend(FELT_LIGHT, FELT_DARK, t))
    surface = pygame.transform.smoothscale(small, (w, h))
    surface.blit(_weave_tile_pattern(size), (0, 0))
    return surface


def _weave_tile_pattern(size: tuple[int, int]) -> pygame.Surface:
    tile = _weave_tile()
    layer = pygame.Surface(size, pygame.SRCALPHA)
    for y in range(0, size[1], tile.get_height()):
        for x in range(0, size[0], tile.get_width()):
            layer.blit(tile, (x, y))
    return layer


@lru_cache(maxsize=1)
def _weave_tile() -> pygame.Surface:
    rng = random.Random(7)
    tile = pygame.Surface((96, 96), pygame.SRCALPHA)
    for _ in range(900):
        x, y = rng.randrange(96), rng.randrange(96)
        shade = rng.choice(((255, 255, 255, 7), (0, 0, 0, 14)))
        tile.set_at((x, y), shade)
    return tile


def _blend(a: Sequence[int], b: Sequence[int], t: float) -> tuple[int, int, int]:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def draw_text(surface: pygame.Surface, text: str, px: int, colour: Sequence[int],
              *, style: str = "regular", shadow: int = 0, **anchor: Any) -> pygame.Rect:
    """Draw ``text`` placed by one rect anchor (``center=``, ``topleft=``...); its rect."""
    label = font(px, style).render(text, True, colour)
    rect = label.get_rect(**anchor)
    if shadow:
        dark = font(px, style).render(text, True, (0, 0, 0))
        dark.set_alpha(150)
        surface.blit(dark, rect.move(0, shadow))
    surface.blit(label, rect)
    return rect


def fit_text(text: str, px: int, width: int, style: str = "regular") -> str:
    """``text``, shortened with an ellipsis to fit ``width`` pixels."""
    face = font(px, style)
    if face.size(text)[0] <= width:
        return text
    while text and face.size(text + "\u2026")[0] > width:
        text = text[:-1]
    return text.rstrip() + "\u2026"


def panel_title_height(scale: float) -> int:
    """Space a section's title and rule take at the top of its inner area."""
    return round(17 * scale * 1.2) + round(19 * scale)


def panel_inner(rect: pygame.Rect, scale: float, titled: bool = True) -> pygame.Rect:
    """The area inside a section drawn by ``draw_panel`` where its widgets go."""
    inner = rect.inflate(-round(36 * scale), -round(32 * scale))
    if titled:
        skip = panel_title_height(scale)
        inner.y += skip
        inner.h -= skip
    return inner


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, scale: float,
               title: str | None = None, alpha: int = 200) -> pygame.Rect:
    """A translucent dark section with a thin green rim and a gold title; its inner area."""
    radius = max(6, round(12 * scale))
    shadow = pygame.Surface((rect.w + 16, rect.h + 16), pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 70), shadow.get_rect(), border_radius=radius + 6)
    surface.blit(shadow, (rect.x - 8, rect.y - 2))
    body = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(body, (*PANEL, alpha), body.get_rect(), border_radius=radius)
    pygame.draw.rect(body, (63, 143, 95, 200), body.get_rect(), width=max(1, round(scale)),
                     border_radius=radius)
    surface.blit(body, rect)
    inner = panel_inner(rect, scale, titled=bool(title))
    if title:
        px = round(17 * scale)
        top = rect.y + round(16 * scale)
        draw_text(surface, title.upper(), px, GOLD_LIGHT, style="bold", topleft=(inner.x, top))
        line_y = top + round(px * 1.2) + round(4 * scale)
        pygame.draw.line(surface, GOLD_DARK, (inner.x, line_y), (inner.right, line_y),
                         max(1, round(scale)))
    return inner


# --------------------------------------------------------------------------- keyboard focus


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
        self._ring: _RingImage | None = None
        self._ring_key: tuple[int, int] | None = None

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

    def focus_key(self, key: str | None) -> bool:
        for n, item in enumerate(self.items):
            if item.key == key:
                self._set_index(n, give_text_focus=False)
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
        if key == pygame.K_TAB:
            self._move(-1 if shift else 1)
            return True
        if key in (pygame.K_UP, pygame.K_DOWN):
            step = -1 if key == pygame.K_UP else 1
            if expanded or (item is not None and item.kind == "list"):
                return self._change(item, step)
            self._move(step)
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

    def _enabled(self, item: Focusable) -> bool:
        element = item.element
        return element.alive() and element.visible and getattr(element, "is_enabled", True)

    def _move(self, step: int) -> None:
        self.visible = True
        self.close_expanded()
        count = len(self.items)
        index = self.index
        for _ in range(count):
            index = (index + step) % count
            if self._enabled(self.items[index]):
                break
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


# --------------------------------------------------------------------------- scenes


class MenuBase(Scene):
    """Widget factories with actions and keyboard focus; no background of its own."""

    #: keys of the hints shown in the footer
    hints: str = KEY_HINTS

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.look = Look.of(app.ui)
        self.scale = ui_scale(app.size)
        self.focus = FocusRing(app.ui, self.scale)
        self._actions: dict[Any, Callable[[], None]] = {}
        self._changes: dict[Any, Callable[[Any], None]] = {}
        self._submits: dict[Any, Callable[[], None]] = {}
        self._double_clicks: dict[Any, Callable[[], None]] = {}
        self._keep_widgets = False
        self._built_size: tuple[int, int] | None = None
        self._last_focus: str | None = None

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
        self.clear_elements()
        self.scale = ui_scale(self.app.size)
        self.focus = FocusRing(self.app.ui, self.scale)
        self.focus.visible = visible
        self._built_size = self.app.size
        self.build()
        if key is not None:
            self.focus.focus_key(key)
        elif self.focus.items:
            self.focus.focus_key(self.default_focus() or self.focus.items[0].key)

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
            return
        self.on_enter()

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
        self.focus.update_frame()

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
              bold: bool = False, container: Any = None) -> UILabel:
        element = UILabel(rect, text, self.app.ui, container=container,
                          object_id=self.look.oid(self.px(size), f"@{style}", bold=bold))
        return self.track(element)

    def dropdown(self, rect: pygame.Rect, options: Sequence[tuple[str, str]], selected: str,
                 change: Callable[[str], None], *, key: str, size: float = 15,
                 container: Any = None) -> UIDropDownMenu:
        start = next((o for o in options if o[1] == selected), options[0])
        limit = max(self.px(60), self.height - rect.bottom - self.px(16))
        choices: list[str | tuple[str, str]] = list(options)
        element = UIDropDownMenu(choices, start, rect, self.app.ui, container=container,
                                 object_id=self.look.oid(self.px(size), "@field"),
                                 expansion_height_limit=limit)
        self.track(element)
        self._changes[element] = change
        self.focus.add(Focusable(element, "dropdown", key, change=change))
        return element

    def slider(self, rect: pygame.Rect, value: float, value_range: tuple[float, float],
               change: Callable[[float], None], *, key: str, step: float = 1,
               container: Any = None) -> UIHorizontalSlider:
        element = UIHorizontalSlider(rect, value, value_range, self.app.ui, container=container,
                                     click_increment=step,
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
            draw_text(surface, self.hints, self.px(13), MUTED,
                      midbottom=(surface.get_width() // 2, surface.get_height() - self.px(10)))

    def draw_header(self, surface: pygame.Surface) -> None:
        if not self.title:
            return
        x = self.px(40)
        rect = draw_text(surface, self.title, self.px(38), GOLD_LIGHT, style="serif-bold",
                         shadow=self.px(3), topleft=(x, self.px(22)))
        if self.subtitle:
            draw_text(surface, self.subtitle, self.px(15), MUTED,
                      bottomleft=(rect.right + self.px(18), rect.bottom - self.px(6)))
        y = rect.bottom + self.px(10)
        pygame.draw.line(surface, GOLD_DARK, (x, y), (surface.get_width() - x, y),
                         max(1, round(self.scale)))

    def draw_content(self, surface: pygame.Surface) -> None:
        """Draw what is not a widget (override)."""
