"""The board picture both tables keep: everything under the cards that changes only when
the game or the window does is drawn once onto one surface and reused each frame.
``Board`` (the manipulation table) and ``TableHud`` inherit it."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui.card_art import CardArt
from game.ui.cardtable.text import TextCache


class BoardCache:
    """Holds the text cache, the card art (``art()``, which can change with the settings)
    and the last board picture with what it was drawn for. ``version`` goes up with every
    new picture, so the sprite layer knows when to redraw over it."""

    def __init__(self, text: TextCache, art: Callable[[], CardArt]) -> None:
        self.text = text
        self._art = art
        self._board: pygame.Surface | None = None
        self._board_key: object = None
        self.version = 0

    @property
    def art(self) -> CardArt:
        return self._art()

    def _cached_board(self, key: object, draw: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The board picture for ``key``: the last one, or ``draw()`` when ``key`` changed."""
        if self._board is None or key != self._board_key:
            self._board = draw()
            self._board_key = key
            self.version += 1
        return self._board
