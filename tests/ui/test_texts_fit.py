"""No text wider than its box (issue 28.6): every caption and every drop-down choice of the
New game screen fits, for every variant, in every language, at the smallest window."""

from __future__ import annotations

import pytest
from pygame_gui.elements import UIDropDownMenu, UILabel

from game import i18n
from game.engine.variants import VARIANTS
from game.ui.scenes import screens
from game.ui.widgets.drawing import font
from game.ui.widgets.menus import DROPDOWN_PADDING
from tests.ui.conftest import StartApp, choose, pump, widget
from tests.ui.texts import LANGUAGES, font_px


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_new_game_screen_fits_every_text(start_app: StartApp, lang: str) -> None:
    app = start_app(size=(1024, 640))
    i18n.set_language(lang)
    app.scenes.reset(screens.title(app))
    app.scenes.push(screens.new_game(app))
    pump(app)
    scene = app.scenes.top
    too_wide = []
    for variant in VARIANTS:
        if widget(scene, "variant").selected_option[1] != variant:
            choose(app, widget(scene, "variant"), variant)
        pump(app, 6)
        for element in scene._elements:
            if isinstance(element, UIDropDownMenu):
                room = element.rect.w - element.rect.h - DROPDOWN_PADDING
                face = font(font_px(element))
                for text, _value in element.options_list:
                    if face.size(text)[0] > room:
                        too_wide.append(f"{variant}: {text!r} in a {room}px menu")
            elif isinstance(element, UILabel) and element.text \
                    and font(font_px(element)).size(element.text)[0] > element.rect.w:
                too_wide.append(f"{variant}: label {element.text!r}")
    assert not too_wide, "\n".join(sorted(set(too_wide)))
