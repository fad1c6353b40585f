"""Card pictures for the sprites, drawn by ``CardArt`` within a time budget per frame.

When the table's card size changes, a hundred faces need drawing at the new size; drawing
them all in one frame would stall the animation. A card not drawn yet at a size is shown,
for a frame or two, scaled from a size already drawn, and the crisp drawings follow a few
per frame (``refine``)."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import pygame

from game.engine.cards import Card, Face
from game.ui.card_art import CardArt

Key = tuple[Any, ...]  # (rank, suit, declared, back, w, h)


class CardImages:
    def __init__(self, art: Callable[[], CardArt], budget_ms: float = 5.0,
                 limit: int = 900) -> None:
        self._art = art
        self._art_id = 0
        self.budget = budget_ms / 1000.0
        self.limit = limit
        self._crisp: OrderedDict[Key, pygame.Surface] = OrderedDict()
        self._stand_in: dict[Key, pygame.Surface] = {}
        # (rank, suit, declared, back) -> a crisp key
        self._by_identity: dict[tuple[Any, ...], Key] = {}
        self._spent = 0.0

    def begin_frame(self) -> bool:
        """Start a frame's budget; True when the card art changed (every picture is new)."""
        self._spent = 0.0
        art = self._art()
        if id(art) == self._art_id:
            return False
        self._art_id = id(art)  # new settings (deck colours, back): start again
        self._crisp.clear()
        self._stand_in.clear()
        self._by_identity.clear()
        return True

    @property
    def pending(self) -> bool:
        return bool(self._stand_in)

    def image(self, card: Card, shown: Face | None, size: tuple[int, int],
              back: bool) -> pygame.Surface:
        declared = (shown.rank, shown.suit) if shown is not None and card.is_joker else None
        rank, suit = (0, "*") if back else (card.rank, card.suit)
        key = (rank, suit, declared, back, size[0], size[1])
        surface = self._crisp.get(key)
        if surface is not None:
            return surface
        surface = self._stand_in.get(key)
        if surface is not None:
            return surface
        identity = key[:4]
        donor = self._crisp.get(self._by_identity.get(identity, ()))
        if donor is not None and self._spent >= self.budget:
            surface = pygame.transform.smoothscale(donor, size)
            self._stand_in[key] = surface
            return surface
        return self._draw(key)

    def _draw(self, key: Key) -> pygame.Surface:
        started = time.perf_counter()
        rank, suit, declared, back, w, h = key
        art = self._art()
        surface = art.back((w, h)) if back else art.render(rank, suit, (w, h), declared)
        self._spent += time.perf_counter() - started
        self._crisp[key] = surface
        self._by_identity[key[:4]] = key
        self._stand_in.pop(key, None)
        while len(self._crisp) > self.limit:
            old, _ = self._crisp.popitem(last=False)
            if self._by_identity.get(old[:4]) == old:
                del self._by_identity[old[:4]]
        return surface

    def refine(self) -> bool:
        """Draw crisp pictures for stand-ins while the frame's budget lasts; True if any
        picture on screen changed."""
        changed = False
        for key in list(self._stand_in):
            if self._spent >= self.budget:
                break
            self._draw(key)
            changed = True
        return changed
