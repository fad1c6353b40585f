"""Fonts by pixel size and a bounded cache of rendered text."""

from __future__ import annotations

from collections import OrderedDict

import pygame

from game.ui.theme import CREAM, TEXT_SHADOW, font

Colour = tuple[int, int, int]


class TextCache:
    def __init__(self, limit: int = 400) -> None:
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._text: OrderedDict[tuple[str, int, Colour, bool, bool], pygame.Surface] = OrderedDict()
        self._limit = limit

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (max(6, int(size)), bold)
        loaded = self._fonts.get(key)
        if loaded is None:
            loaded = self._fonts[key] = font(key[0], "bold" if bold else "regular")
        return loaded

    def render(self, text: str, size: int, colour: Colour = CREAM,
               bold: bool = False, shadow: bool = True) -> pygame.Surface:
        key = (text, int(size), colour, bold, shadow)
        surface = self._text.get(key)
        if surface is not None:
            self._text.move_to_end(key)
            return surface
        font = self.font(size, bold)
        label = font.render(text, True, colour)
        if shadow:
            out = pygame.Surface((label.get_width() + 1, label.get_height() + 1),
                                 pygame.SRCALPHA)
            dark = font.render(text, True, TEXT_SHADOW)
            dark.set_alpha(130)
            out.blit(dark, (1, 1))
            out.blit(label, (0, 0))
            label = out
        self._text[key] = label
        while len(self._text) > self._limit:
            self._text.popitem(last=False)
        return label

    def shrink(self, text: str, size: int, width: int, bold: bool = False,
               least: int = 10) -> int:
        """The size ``text`` is drawn at to be at most ``width`` wide: ``size``, or smaller
        down to ``least`` (where a large UI scale leaves a box too narrow for it)."""
        size = int(size)
        while size > least and self.font(size, bold).size(text)[0] > width:
            size -= 1
        return size

    def fit(self, text: str, size: int, width: int, bold: bool = False) -> str:
        """``text`` cut with an ellipsis so it is at most ``width`` pixels wide."""
        font = self.font(size, bold)
        if font.size(text)[0] <= width:
            return text
        while text and font.size(text + "…")[0] > width:
            text = text[:-1]
        return text.rstrip() + "…"

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        font = self.font(size, bold)
        lines: list[str] = []
        for paragraph in text.split("\n"):
            line = ""
            for word in paragraph.split(" "):
                trial = f"{line} {word}".strip()
                if font.size(trial)[0] <= width or not line:
                    line = trial
                else:
                    lines.append(line)
                    line = word
            lines.append(line)
        return lines
