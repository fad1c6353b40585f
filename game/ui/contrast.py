"""Contrast: WCAG 2 relative luminance and contrast ratios, and the high-contrast version of
a pygame-gui theme (Settings, "High contrast").

The high-contrast theme is made from the game's own theme, colour by colour, so every
widget class keeps its shape and fonts: dark backgrounds go black, light text goes white and
dark text black, edges go bright yellow (the focus colour) and light backgrounds (gold
buttons, a selected row) stay as they are under their black text. Every text then reads at
well over the 4.5:1 that WCAG 2 asks of body text (``tests/ui/test_contrast.py``).
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

RGB = tuple[int, int, int]

#: WCAG 2 (success criterion 1.4.3): the least contrast of text with its background
TEXT_CONTRAST = 4.5
#: the high-contrast theme's inks
WHITE = "#ffffff"
BLACK = "#000000"
EDGE = "#ffe14d"
DISABLED_TEXT = "#b8b8b8"
DISABLED_EDGE = "#8c8c8c"
#: a background at or above this luminance counts as light (it keeps its colour)
LIGHT = 0.3


def channel(value: int) -> float:
    """One sRGB channel (0-255) in linear light (WCAG 2's formula)."""
    c = value / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(colour: Sequence[int]) -> float:
    """The relative luminance of an RGB colour: 0 for black, 1 for white."""
    r, g, b = (channel(v) for v in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(first: Sequence[int], second: Sequence[int]) -> float:
    """The WCAG contrast ratio of two colours, from 1 (the same) to 21 (black on white)."""
    a, b = sorted((luminance(first), luminance(second)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def over(colour: Sequence[int], below: Sequence[int]) -> RGB:
    """``colour`` (RGB, or RGBA with its alpha) painted over the opaque ``below``."""
    alpha = colour[3] / 255 if len(colour) > 3 else 1.0
    r, g, b = (round(c * alpha + d * (1 - alpha)) for c, d in zip(colour[:3], below[:3],
                                                                      strict=True))
    return (r, g, b)


def parse_hex(text: str) -> tuple[int, ...]:
    """``'#rrggbb'`` or ``'#rrggbbaa'`` as a tuple of ints."""
    digits = text.lstrip("#")
    if len(digits) not in (6, 8):
        raise ValueError(f"not a colour: {text!r}")
    return tuple(int(digits[i:i + 2], 16) for i in range(0, len(digits), 2))


def high_contrast_colour(key: str, value: str) -> str:
    """The high-contrast version of theme colour ``key`` (``normal_bg``, ``hovered_text``,
    ...) whose normal value is ``value``."""
    try:
        rgba = parse_hex(value)
    except ValueError:
        return value  # a gradient or a name: left as it is
    light = luminance(rgba) >= LIGHT
    if key.endswith("_text_shadow") or key == "text_shadow":
        return value
    if key.endswith("_text") or key in ("text_cursor", "link_text", "link_hover",
                                        "link_selected"):
        if key.startswith("disabled"):
            return DISABLED_TEXT  # on black: every disabled background goes black
        return WHITE if light else BLACK
    if key.endswith("_border"):
        return DISABLED_EDGE if key.startswith("disabled") else EDGE
    if key.endswith("_bg") or key in ("unfilled_bar",):
        if light and not key.startswith("disabled"):
            return value  # a gold button or a chosen row: its dark text stays on it
        if len(rgba) > 3 and rgba[3] == 0:
            return value  # no background at all (a label's): the black panel shows
        # dark backgrounds go black, translucent ones fully opaque: nothing shows through
        return BLACK
    return value


#: theme blocks that are a shade over the table, not a text's background: they stay
#: see-through (a dialog's own box goes black; the table stays in view around it)
SHADES = ("@dim",)


def high_contrast_theme(theme: dict[str, Any]) -> dict[str, Any]:
    """A copy of pygame-gui theme data with every colour made high-contrast."""
    result = copy.deepcopy(theme)
    for name, block in result.items():
        if name in SHADES:
            continue
        if isinstance(block, dict) and isinstance(block.get("colours"), dict):
            colours = block["colours"]
            for key, value in colours.items():
                if isinstance(value, str):
                    colours[key] = high_contrast_colour(key, value)
    return result
