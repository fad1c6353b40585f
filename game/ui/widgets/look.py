"""The menus' look: theme classes and per-size font blocks in a pygame-gui manager.

pygame-gui picks fonts from the theme by object id, so ``Look.oid`` registers one small
theme block per font size (``#f16``, ``#b16`` bold, with the children ids a drop-down or a
check box uses) the first time that size is asked for."""

from __future__ import annotations

import weakref
from typing import Any

import pygame_gui
from pygame_gui.core import ObjectID

from game.ui.assets import font_path, load_theme
from game.ui.contrast import high_contrast_theme

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
            "normal_bg": "#8e2018", "hovered_bg": "#b3261e", "active_bg": "#c0392b",
            "disabled_bg": "#3d1c1a", "normal_text": "#ffffff", "hovered_text": "#ffffff",
            "active_text": "#ffffff",
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
    "@error": {"colours": {"normal_text": "#ffaa9b"},
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
    # No text shadow in the open list: on the gold row of the current choice a dark
    # shadow under dark text smeared the letters.
    "@field.#drop_down_options_list.@selection_list_item": {
        "colours": {"normal_text_shadow": "#00000000", "hovered_text_shadow": "#00000000",
                    "selected_text_shadow": "#00000000", "active_text_shadow": "#00000000",
                    "text_shadow": "#00000000"},
        "misc": {"text_horiz_alignment": "left", "text_horiz_alignment_padding": "10",
                 "text_shadow_size": "0"},
    },
    "@check": {
        "colours": {"normal_bg": "#082315", "hovered_bg": "#123d25",
                    "selected_bg": "#c99a2e", "normal_border": "#e0b44a",
                    "normal_text": "#f5d27a", "selected_text": "#1b1406"},
    },
}


#: the tooltips' font and width in ``assets/theme.json`` (at 1280x800, 100%)
TOOLTIP_PX = 14
TOOLTIP_WIDTH = 240


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
        self.high_contrast = False
        self._tip_scale: float | None = None
        manager.get_theme().load_theme(dict(CLASS_THEME))

    def use_contrast(self, high: bool) -> None:
        """Colour the widgets in the high-contrast theme (or the usual one) from now on:
        the game's theme and the menus' classes are loaded again, made high-contrast colour
        by colour (``game.ui.contrast``); widgets on show are redrawn."""
        if high == self.high_contrast:
            return
        self.high_contrast = high
        data = {**load_theme(), **CLASS_THEME}
        self.manager.get_theme().load_theme(high_contrast_theme(data) if high else data)
        tips, self._tip_scale = self._tip_scale, None  # the theme's own tooltips again:
        if tips is not None:  # scaled as they were
            self.scale_tooltips(tips)
        self.manager.rebuild_all_from_changed_theme_data()

    def scale_tooltips(self, scale: float) -> None:
        """Tooltips from now on in the screen's scale (the theme's 14 px font and 240 px
        width at 1280x800): beside buttons drawn at 200% they are drawn at 200% too."""
        scale = round(scale, 2)
        if scale == self._tip_scale:
            return
        self._tip_scale = scale
        px = max(12, round(TOOLTIP_PX * scale))
        pad = (max(6, round(6 * scale)), max(4, round(4 * scale)))
        self.manager.get_theme().load_theme({
            "tool_tip": {"misc": {"rect_width": str(round(TOOLTIP_WIDTH * scale))}},
            "tool_tip.text_box": {"font": _font_block(px, False),
                                  "misc": {"padding": f"{pad[0]},{pad[1]}"}},
        })

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

