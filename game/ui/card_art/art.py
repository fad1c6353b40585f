"""The card renderer: :class:`CardArt` checks its arguments, keys and caches the surfaces, and
leaves the drawing to the faces, jokers, backs and overlays modules."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping, Sequence

import pygame

from game.ui.card_art.backs import draw_back
from game.ui.card_art.faces import draw_face
from game.ui.card_art.jokers import draw_joker
from game.ui.card_art.overlays import draw_glow, draw_highlight, draw_outline
from game.ui.card_art.palette import (
    BACK_PALETTES,
    BACKS,
    FOUR_COLOUR,
    JOKER_RANK,
    JOKER_SUIT,
    MAX_SIZE,
    MIN_SIZE,
    RGB,
    SUIT_GLYPHS,
    SUITS,
    TWO_COLOUR,
    ColourLike,
    Size,
)
from game.ui.card_art.primitives import finish, rgb
from game.ui.theme import ensure_fonts


def _check_size(size: Sequence[int]) -> Size:
    try:
        w, h = int(size[0]), int(size[1])
    except (TypeError, ValueError, IndexError):
        raise ValueError(f"size must be (width, height), got {size!r}") from None
    if not (MIN_SIZE <= w <= MAX_SIZE and MIN_SIZE <= h <= MAX_SIZE):
        raise ValueError(f"card size {w}x{h} out of range {MIN_SIZE}..{MAX_SIZE}")
    return w, h


class CardArt:
    """Draws and caches card faces, jokers, backs and overlays.

    ``four_colour`` gives clubs green and diamonds blue; ``back`` is one of
    :data:`BACKS`. Both may be changed later (they are part of the cache key).
    """

    def __init__(
        self, four_colour: bool = False, back: str = "blue", cache_size: int = 512
    ) -> None:
        if back not in BACK_PALETTES:
            raise ValueError(f"unknown card back {back!r}; known: {', '.join(BACKS)}")
        if cache_size < 1:
            raise ValueError("cache_size must be at least 1")
        self.four_colour = bool(four_colour)
        self._back = back
        self.cache_size = int(cache_size)
        self._cache: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self.hits = 0
        self.misses = 0

    # ----------------------------------------------------------------- options

    @property
    def back_style(self) -> str:
        """The name of the card back drawn by :meth:`back`."""
        return self._back

    @back_style.setter
    def back_style(self, name: str) -> None:
        if name not in BACK_PALETTES:
            raise ValueError(f"unknown card back {name!r}; known: {', '.join(BACKS)}")
        self._back = name

    def suit_colour(self, suit: str) -> RGB:
        """The ink colour of ``suit`` in the current colour scheme."""
        try:
            return self._colours()[suit]
        except KeyError:
            raise ValueError(f"unknown suit {suit!r}; expected one of {SUITS}") from None

    def _colours(self) -> Mapping[str, RGB]:
        return FOUR_COLOUR if self.four_colour else TWO_COLOUR

    # ----------------------------------------------------------------- cache

    def _cached(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            self.hits += 1
            return surf
        self.misses += 1
        ensure_fonts()
        surf = finish(make())
        self._cache[key] = surf
        while len(self._cache) > self.cache_size:
            self._cache.popitem(last=False)
        return surf

    def cache_len(self) -> int:
        """How many surfaces are cached now (never more than ``cache_size``)."""
        return len(self._cache)

    def clear_cache(self) -> None:
        """Forget every cached surface (e.g. after the display mode changed)."""
        self._cache.clear()

    # ----------------------------------------------------------------- public drawing

    def face(self, rank: int, suit: str, size: Size) -> pygame.Surface:
        """The face of ``rank`` (1 = ace .. 13 = king) of ``suit`` (C D H S).

        Rank 0 with suit ``"*"`` is an undeclared joker.
        """
        w, h = _check_size(size)
        if rank == JOKER_RANK or suit == JOKER_SUIT:
            if rank != JOKER_RANK or suit != JOKER_SUIT:
                raise ValueError(f"a joker is rank 0 suit '*', got rank {rank!r} suit {suit!r}")
            return self.joker((w, h), None)
        self._check_card(rank, suit)
        key = ("face", rank, suit, w, h, self.four_colour)
        return self._cached(key, lambda: draw_face(rank, suit, w, h, self._colours()))

    def joker(self, size: Size, declared: tuple[int, str] | None = None) -> pygame.Surface:
        """A joker; if ``declared`` = (rank, suit) is given, the card it stands for is
        shown in gold-framed corner indices and (on larger cards) a ``= 10♥`` ribbon."""
        w, h = _check_size(size)
        if declared is not None:
            declared = (int(declared[0]), str(declared[1]))
            self._check_card(*declared)
        key = ("joker", declared, w, h, self.four_colour)
        return self._cached(key, lambda: draw_joker(w, h, declared, self._colours()))

    def back(self, size: Size, style: str | None = None) -> pygame.Surface:
        """The back of a card, in ``style`` (default: the instance's ``back``)."""
        w, h = _check_size(size)
        name = self._back if style is None else style
        if name not in BACK_PALETTES:
            raise ValueError(f"unknown card back {name!r}; known: {', '.join(BACKS)}")
        return self._cached(("back", name, w, h), lambda: draw_back(name, w, h))

    def render(
        self,
        rank: int,
        suit: str,
        size: Size,
        declared: tuple[int, str] | None = None,
        face_up: bool = True,
    ) -> pygame.Surface:
        """Whatever a card looks like: its back, a (declared) joker, or its face."""
        if not face_up:
            return self.back(size)
        if rank == JOKER_RANK:
            return self.joker(size, declared)
        return self.face(rank, suit, size)

    def outline(
        self, size: Size, colour: ColourLike = (255, 214, 64), thickness: int | None = None
    ) -> pygame.Surface:
        """A card-sized glowing rim (drop targets): blit it at the card's position."""
        w, h = _check_size(size)
        rgba = rgb(colour)
        t = max(2, round(w * 0.03)) if thickness is None else max(1, int(thickness))
        return self._cached(("outline", rgba, w, h, t), lambda: draw_outline(w, h, rgba, t))

    def highlight(
        self, size: Size, colour: ColourLike = (70, 150, 255), alpha: int = 64
    ) -> pygame.Surface:
        """A card-sized selection overlay: a translucent tint with a solid rim."""
        w, h = _check_size(size)
        rgba = rgb(colour)
        a = max(0, min(255, int(alpha)))
        return self._cached(("highlight", rgba, w, h, a), lambda: draw_highlight(w, h, rgba, a))

    def glow(
        self, size: Size, colour: ColourLike = (255, 214, 64), spread: int | None = None
    ) -> pygame.Surface:
        """A soft halo for a card of ``size``; the surface is larger by ``spread`` on every
        side, so blit it at ``(x - spread, y - spread)``. See :meth:`glow_spread`."""
        w, h = _check_size(size)
        rgba = rgb(colour)
        s = self.glow_spread(size) if spread is None else max(1, int(spread))
        return self._cached(("glow", rgba, w, h, s), lambda: draw_glow(w, h, rgba, s))

    def shadow(self, size: Size, spread: int | None = None, alpha: int = 110) -> pygame.Surface:
        """A soft drop shadow, larger by ``spread`` on every side (like :meth:`glow`)."""
        return self.glow(size, (0, 0, 0, max(0, min(255, alpha))), spread)

    @staticmethod
    def glow_spread(size: Size) -> int:
        """The default ``spread`` of :meth:`glow` and :meth:`shadow` for a card size."""
        return max(3, round(min(size[0], size[1]) * 0.09))

    @staticmethod
    def _check_card(rank: int, suit: str) -> None:
        if not isinstance(rank, int) or not 1 <= rank <= 13:
            raise ValueError(f"rank must be 1..13, got {rank!r}")
        if suit not in SUIT_GLYPHS:
            raise ValueError(f"suit must be one of {SUITS}, got {suit!r}")
