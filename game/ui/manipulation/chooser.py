"""A small chooser beside a joker played from the hand: which card it stands for, when the
rules leave a choice (a set missing two suits, a run that can grow at either end)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

import pygame

from game.engine.cards import SUITS, Card, Face
from game.engine.melds import check_meld
from game.engine.variants import Variant
from game.i18n import _
from game.ui.cardtable.text import TextCache
from game.ui.manipulation.layout import Layout
from game.ui.theme import (
    CHOOSER_BLANK_FILL,
    CHOOSER_CHOICE_EDGE,
    CHOOSER_EDGE,
    CHOOSER_FACE_FILL,
    CHOOSER_FILL,
    CHOOSER_INK_BLACK,
    CHOOSER_INK_RED,
    CHOOSER_KEY_TEXT,
    CREAM,
    GOLD,
    GOLD_LIGHT,
)
from game.ui.widgets.badges import panel


class JokerTurn(Protocol):
    """What the chooser tells the person's turn (``HumanTurn``): the card chosen, or that
    it went without a choice."""

    def choose_joker(self, face: Face | None) -> None: ...
    def close_chooser(self) -> None: ...

GLYPHS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
RANKS = {1: "A", 11: "J", 12: "Q", 13: "K"}
INK = {"C": CHOOSER_INK_BLACK, "S": CHOOSER_INK_BLACK, "D": CHOOSER_INK_RED, "H": CHOOSER_INK_RED}


def face_text(face: Face) -> str:
    return RANKS.get(face.rank, str(face.rank)) + GLYPHS[face.suit]


def joker_options(group: Sequence[Card], joker: Card, variant: Variant,
                  declared: Mapping[Card, Face]) -> list[Face]:
    """Every card the joker may stand for in ``group`` (the group stays a valid meld)."""
    others = {c: f for c, f in declared.items() if c != joker}
    options: list[Face] = []
    for suit in SUITS:
        for rank in range(1, 14):
            face = Face(rank, suit)
            if check_meld(group, variant, {**others, joker: face}).ok:
                options.append(face)
    return options


class JokerChooser:
    def __init__(self, joker: Card, options: list[Face], current: Face | None,
                 anchor: pygame.Rect, text: TextCache, layout: Layout) -> None:
        self.joker = joker
        self.options = options
        self.current = current
        self.text = text
        self.size = int(max(14, min(20 * layout.scale, layout.size[1] * 0.022 * layout.zoom)))
        chip_w, chip_h = self.size * 3, int(self.size * 2)
        gap = 6
        labels: list[tuple[str, Face | None]] = [(_("Auto"), None)] + \
            [(face_text(f), f) for f in options]
        widths = [max(chip_w, text.font(self.size, True).size(t)[0] + 16) for t, _ in labels]
        title_h = int(self.size * 1.6)
        width = sum(widths) + gap * (len(widths) + 1)
        self.rect = pygame.Rect(0, 0, width, title_h + chip_h + 2 * gap)
        self.rect.midbottom = (anchor.centerx, anchor.top - 8)
        if self.rect.top < layout.table.top:  # no room above the card: below it
            self.rect.midtop = (anchor.centerx, anchor.bottom + 8)
        self.rect.clamp_ip(pygame.Rect((0, 0), layout.size))
        self.chips: list[tuple[pygame.Rect, str, Face | None]] = []
        x = self.rect.x + gap
        for (label, face), w in zip(labels, widths, strict=True):
            self.chips.append((pygame.Rect(x, self.rect.y + title_h, w, chip_h), label, face))
            x += w + gap

    def handle(self, event: pygame.event.Event, turn: JokerTurn) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, _, face in self.chips:
                if rect.collidepoint(event.pos):
                    turn.choose_joker(face)
                    return True
            if self.rect.collidepoint(event.pos):
                return True
            turn.close_chooser()
            return False
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                turn.close_chooser()
                return True
            if event.key == pygame.K_0 or event.key == pygame.K_a:
                turn.choose_joker(None)
                return True
            if pygame.K_1 <= event.key <= pygame.K_9:
                n = event.key - pygame.K_1 + 1
                if n < len(self.chips):
                    turn.choose_joker(self.chips[n][2])
                    return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        panel(surface, self.rect, CHOOSER_FILL, CHOOSER_EDGE, 10, 2)
        title = self.text.render(_("The joker plays:"), int(self.size * 0.8), GOLD_LIGHT,
                                 bold=True)
        surface.blit(title, (self.rect.x + 8, self.rect.y + 5))
        for n, (rect, label, face) in enumerate(self.chips):
            chosen = face == self.current
            panel(surface, rect, CHOOSER_FACE_FILL if face else CHOOSER_BLANK_FILL,
                  GOLD if chosen else CHOOSER_CHOICE_EDGE, 6, 3 if chosen else 1)
            ink = INK[face.suit] if face else CREAM
            word = self.text.render(label, self.size, ink, bold=True, shadow=False)
            surface.blit(word, word.get_rect(center=rect.center))
            if n:
                key = self.text.render(str(n), 10, CHOOSER_KEY_TEXT, shadow=False)
                if n <= 9:
                    surface.blit(key, (rect.right - key.get_width() - 3, rect.bottom - 12))
