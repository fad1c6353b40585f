"""Issue 33, Colour: every text colour on its background reads at WCAG 2's 4.5:1 (relative
luminance, success criterion 1.4.3), computed from the themes: the pygame-gui theme
(``assets/theme.json`` and the menus' classes) in the usual and the high-contrast version,
and every colour the screens draw text in themselves (``theme.TEXT_ON``) over the felt at
its lightest, in both contrasts; the high-contrast setting reaches the real widgets."""

from __future__ import annotations

from typing import Any

import pytest

from game.ui import theme
from game.ui.assets import load_theme
from game.ui.contrast import (
    TEXT_CONTRAST,
    contrast,
    high_contrast_theme,
    luminance,
    over,
    parse_hex,
)
from game.ui.scenes import screens
from game.ui.theme import HIGH_CONTRAST_FELT, TEXT_ON, TextOn
from game.ui.widgets.look import CLASS_THEME
from tests.ui.conftest import StartApp, click, pump, widget

#: the states whose text is drawn on the matching background
STATES = ("normal", "hovered", "selected", "active")
#: WCAG's ratio for large text and symbols
LARGE_CONTRAST = 3.0


def test_the_ratio_is_wcag_s() -> None:
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast((118, 118, 118), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)
    assert luminance((255, 255, 255)) == pytest.approx(1.0)
    assert over((0, 0, 0, 128), (255, 255, 255)) == (127, 127, 127)


def resolved(theme_data: dict[str, Any], name: str) -> dict[str, str]:
    """A theme block's colours with what it inherits: the defaults, then its prototype's."""
    colours: dict[str, str] = dict(theme_data.get("defaults", {}).get("colours", {}))
    block = theme_data.get(name, {})
    prototype = block.get("prototype")
    if prototype:
        colours.update(resolved(theme_data, prototype))
    colours.update(block.get("colours", {}))
    return colours


def pairs_of(name: str, own: dict[str, str]) -> list[tuple[str, str]]:
    """The (text, background) colours a theme block draws together: a button's text in each
    state on that state's background; a label's or a text box's on its dark background."""
    if name.endswith("#sliding_button"):
        return []  # a slider's or a scroll bar's thumb: no text
    states = [(f"{s}_text", f"{s}_bg") for s in STATES]
    if name == "defaults":
        return [*states, ("normal_text", "dark_bg")]
    if not any(key.endswith("_bg") for key in own):  # text colours only: a label's class
        return [("normal_text", "dark_bg")] if "normal_text" in own else []
    found = [(text, bg) for text, bg in states if text in own or bg in own]
    if "dark_bg" in own and "normal_bg" not in own:
        found.append(("normal_text", "dark_bg"))
    return found


def theme_problems(theme_data: dict[str, Any], backdrop: tuple[int, int, int]) -> list[str]:
    problems = []
    for name, block in theme_data.items():
        if not isinstance(block, dict):
            continue
        colours = resolved(theme_data, name)
        own = block.get("colours", {})
        for text_key, bg_key in pairs_of(name, own):
            if text_key not in colours or bg_key not in colours:
                continue
            text = parse_hex(colours[text_key])
            background = over(parse_hex(colours[bg_key]), backdrop)
            ratio = contrast(text[:3], background)
            if ratio < TEXT_CONTRAST:
                problems.append(f"{name}: {text_key} {colours[text_key]} on {bg_key} "
                                f"{colours[bg_key]} is {ratio:.2f}:1")
    return problems


def gui_theme() -> dict[str, Any]:
    return {**load_theme(), **CLASS_THEME}


def test_the_widgets_text_reads_at_4_5_to_1() -> None:
    assert theme_problems(gui_theme(), theme.FELT_LIGHT) == []


def test_the_high_contrast_widgets_text_reads_at_7_to_1() -> None:
    data = high_contrast_theme(gui_theme())
    assert theme_problems(data, HIGH_CONTRAST_FELT[0]) == []
    # and well above: black and white, or the theme's own dark ink on gold
    ratios = [contrast(parse_hex(resolved(data, "button")[f"{s}_text"])[:3],
                       over(parse_hex(resolved(data, "button")[f"{s}_bg"]), (0, 0, 0)))
              for s in ("normal", "hovered")]
    assert min(ratios) >= 7.0, ratios


def drawn_on(entry: TextOn, high: bool) -> tuple[int, int, int]:
    usual = theme.FELT_LIGHT if entry.menu else theme.FELT_CENTRE
    colour = HIGH_CONTRAST_FELT[0] if high else usual
    for layer in entry.layers:
        colour = over(layer, colour)
    return colour


@pytest.mark.parametrize("high", [False, True], ids=["usual", "high-contrast"])
def test_every_drawn_text_reads_at_4_5_to_1(high: bool) -> None:
    failing = []
    for entry in TEXT_ON:
        ratio = contrast(entry.text, drawn_on(entry, high))
        if ratio < (LARGE_CONTRAST if entry.large else TEXT_CONTRAST):
            failing.append(f"{entry.what}: {entry.text} on {drawn_on(entry, high)} is "
                           f"{ratio:.2f}:1")
    assert failing == []


def test_high_contrast_is_a_setting_that_recolours_the_real_widgets(
        start_app: StartApp) -> None:
    app = start_app()
    app.scenes.push(screens.settings(app))
    pump(app, 3)
    scene = app.scenes.top
    restore = widget(scene, "defaults")
    before = restore.colours["normal_bg"]
    click(app, widget(scene, "high_contrast"))
    assert app.settings.high_contrast
    assert theme.high_contrast() and theme.table_felt_colours() == HIGH_CONTRAST_FELT
    scene = app.scenes.top
    restore = widget(scene, "defaults")
    after = restore.colours["normal_bg"]
    assert after != before and tuple(after)[:3] == (0, 0, 0)
    label = next(e for e in scene._elements if getattr(e, "text", "") == "Animation speed")
    assert tuple(label.text_colour)[:3] == (255, 255, 255)
    click(app, widget(scene, "high_contrast"))
    assert not app.settings.high_contrast and not theme.high_contrast()
