"""The New game screen's house-rules column, generated from the option specs
(``game.engine.options``): one row per option the game offers, a widget by the spec's
kind (slider, drop-down, drop-down and number, check box), the spec's label as the caption
and its help as the caption's tool tip. Nothing here knows a rule by name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.engine.options import FORM_SPECS, OptionSpec, Widget
from game.i18n import _
from game.ui import theme
from game.ui.scenes.new_game_setup import Setup
from game.ui.widgets.menus import MenuScene

if TYPE_CHECKING:
    from pygame_gui.elements import UILabel

#: rows the longest form has (every joker rule, the failed-play penalty, the first play and
#: the match), plus the defaults button: the rows are sized for it whatever the variant, so
#: the layout does not jump when the variant changes
FORM_ROWS = 11
NUMBER_DIGITS = 5  # the widest number a CHOICE_NUMBER option takes (a target of 10000)


class RulesFormScene(MenuScene):
    """A menu screen with the house rules' column (the New game screen): its ``setup``
    takes the changes; it checks them again (``rules_changed``) and sets them back."""

    setup: Setup

    def rules_changed(self, rebuild: bool) -> None:
        """A house rule changed (``rebuild``: rows may appear or go)."""
        raise NotImplementedError

    def restore_defaults(self) -> None:
        """The variant's own rules back."""
        raise NotImplementedError


class HouseRulesColumn:
    """Builds the column into ``scene`` for ``scene.setup``; changes go to the setup and
    the scene revalidates (or rebuilds, when the change may show or hide a row)."""

    def __init__(self, scene: RulesFormScene) -> None:
        self.scene = scene
        self.value_labels: dict[str, UILabel] = {}  # a slider's number beside it

    # -- layout

    def rows(self, inner: pygame.Rect) -> tuple[int, int]:
        """Row height and gap: roomy when the window is tall, never under 30 px (scaled),
        and never so tall that the longest form leaves its panel."""
        scene = self.scene
        gap = scene.px(9)
        fit = inner.h // FORM_ROWS - gap
        return max(min(scene.px(30), fit), min(scene.px(40), fit)), gap

    def caption_width(self, inner: pygame.Rect) -> int:
        """Wide enough for the longest caption of any form, the rest for the widgets."""
        font = theme.font(self.scene.px(15))
        widest = max(font.size(_(spec.label))[0] for spec in FORM_SPECS
                     if spec.widget is not Widget.SWITCH)
        return min(widest + self.scene.px(8), round(inner.w * 0.45))

    # -- widgets

    def build(self, inner: pygame.Rect) -> None:
        scene, setup = self.scene, self.scene.setup
        row, gap = self.rows(inner)
        label_w = self.caption_width(inner)
        control = pygame.Rect(inner.x + label_w + scene.px(6), 0, 0, row)
        control.w = inner.right - control.x
        y = inner.y
        self.value_labels = {}
        for spec in setup.fields():
            if spec.widget is Widget.SWITCH:
                box = scene.px(22)
                scene.check(pygame.Rect(inner.x, y + (row - box) // 2, box, box), _(spec.label),
                            setup.values[spec.key] == "true", self._switched(spec),
                            key=spec.key, tooltip=_(spec.help))
            else:
                caption = scene.label(pygame.Rect(inner.x, y, label_w, row), _(spec.label),
                                      style="label", size=15, fit=True)
                caption.set_tooltip(_(spec.help))
                self._control(spec, control.move(0, y - control.y))
            y += row + gap
        scene.button(pygame.Rect(inner.right - scene.px(190), inner.bottom - row,
                                 scene.px(190), row),
                     _("Variant defaults"), scene.restore_defaults, key="defaults",
                     tooltip=_("Put every house rule back as the variant has it"))

    def _control(self, spec: OptionSpec, rect: pygame.Rect) -> None:
        scene, setup = self.scene, self.scene.setup
        value = setup.values[spec.key]
        if spec.widget is Widget.SLIDER:
            low, high = spec.range or (0, 1)
            number_w = scene.px(40)
            slider = pygame.Rect(rect.x, rect.y + scene.px(5), rect.w - number_w - scene.px(6),
                                 rect.h - scene.px(10))
            scene.slider(slider, int(value), (low, high), self._slid(spec), key=spec.key)
            self.value_labels[spec.key] = scene.label(
                pygame.Rect(rect.right - number_w, rect.y, number_w, rect.h), value,
                style="label_right", size=16, bold=True)
            return
        options = [(_(choice.label), choice.value) for choice in spec.choices]
        picked = spec.choice(value)
        if spec.widget is Widget.CHOICE_NUMBER and picked is not None \
                and picked.number is not None:
            number_w = theme.font(scene.px(15)).size("0" * NUMBER_DIGITS)[0] + scene.px(20)
            menu = pygame.Rect(rect.x, rect.y, rect.w - number_w - scene.px(6), rect.h)
            scene.dropdown(menu, options, value, self._chosen(spec, rebuild=True), key=spec.key)
            scene.entry(pygame.Rect(rect.right - number_w, rect.y, number_w, rect.h),
                        setup.numbers[spec.key], self._typed(spec), key=f"{spec.key}_n",
                        max_length=NUMBER_DIGITS)
            return
        # a choice that may show or hide other rows rebuilds the column
        scene.dropdown(rect, options, value, self._chosen(spec, rebuild=True), key=spec.key)

    # -- changes

    def _chosen(self, spec: OptionSpec, rebuild: bool) -> Callable[[str], None]:
        def change(choice: str) -> None:
            self.scene.setup.choose(spec.key, str(choice))
            self.scene.rules_changed(rebuild)
        return change

    def _slid(self, spec: OptionSpec) -> Callable[[float], None]:
        def change(value: float) -> None:
            text = str(int(round(value)))
            self.scene.setup.choose(spec.key, text)
            label = self.value_labels.get(spec.key)
            if label is not None:
                label.set_text(text)
            self.scene.rules_changed(rebuild=False)
        return change

    def _switched(self, spec: OptionSpec) -> Callable[[bool], None]:
        def change(state: bool) -> None:
            self.scene.setup.choose(spec.key, "true" if state else "false")
            self.scene.rules_changed(rebuild=False)
        return change

    def _typed(self, spec: OptionSpec) -> Callable[[str], None]:
        def change(text: str) -> None:
            self.scene.setup.type_number(spec.key, text)
            self.scene.rules_changed(rebuild=False)
        return change
