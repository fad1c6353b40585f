"""The mouse's part that both card tables share: a left press becomes a click when it is
released where it started, or a drag once it has moved a few pixels; the dragged cards
follow the mouse until they are dropped (or the drag is cancelled and they slide back).

``Pointer`` (the manipulation table) and ``Pointer`` (the contract table) inherit
it and say what a press, a click, a right-click, the start of a drag and a drop mean in
their game."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

import pygame

from game.engine.cards import Card

if TYPE_CHECKING:
    from game.ui.cardtable.sprites import CardSprite, SpriteLayer

DRAG_THRESHOLD = 6  # pixels a press must move to become a drag
HAND_PICK_SLACK = 4  # a press this close beside a hand card (in a gap) picks that card


class PointerTable(Protocol):
    """What the shared press-and-drag part needs of a card table: its card sprites, and a
    refresh that sends cancelled cards back to their spots."""

    @property
    def sprites(self) -> SpriteLayer: ...

    def refresh(self, snap: bool = False) -> None: ...


TableT = TypeVar("TableT", bound=PointerTable)


class CardPointer(Generic[TableT]):
    """Press, click and drag bookkeeping for ``scene`` (a card table; each family's
    pointer names its own scene type, which needs no more than ``PointerTable`` here).
    ``press`` holds the press not yet released (with ``pos`` and ``card``), ``drag`` the
    cards being dragged (with ``cards``)."""

    def __init__(self, scene: TableT) -> None:
        self.scene = scene
        self.press: Any = None
        self.drag: Any = None
        self.mouse: tuple[int, int] = (-1, -1)

    @property
    def dragging(self) -> bool:
        return self.drag is not None

    def handle(self, event: pygame.event.Event) -> bool:
        """Handle a mouse event; True when it was used."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return self._motion(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            self._pressed()
            if event.button == 1:
                return self._down(event.pos)
            if event.button == 3:
                return self._right(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse = event.pos
            return self._up(event.pos)
        return False

    def card_at(self, pos: tuple[int, int], in_hand: bool) -> CardSprite | None:
        """The card a press at ``pos`` means: the one under it, else, on the hand rail
        (``in_hand``), a hand card a few pixels beside it (the hand's gaps are narrow
        and move whenever the hand is laid out again)."""
        sprites = self.scene.sprites
        sprite = sprites.hit(pos)
        if sprite is None and in_hand:
            sprite = sprites.hand_card_near(pos, HAND_PICK_SLACK)
        return sprite

    def _pressed(self) -> None:
        """Any mouse button went down (before the press is handled)."""

    def _down(self, pos: tuple[int, int]) -> bool:
        """The left button went down at ``pos``: remember the press."""
        raise NotImplementedError

    def _right(self, pos: tuple[int, int]) -> bool:
        """A right-click at ``pos``."""
        raise NotImplementedError

    def _click(self, press: Any, pos: tuple[int, int]) -> bool:
        """``press`` was released at ``pos`` without becoming a drag."""
        raise NotImplementedError

    def _start(self, press: Any) -> None:
        """``press`` (``_movable``) moved far enough: start dragging (or forget the
        press)."""
        raise NotImplementedError

    def _spacing(self, width: int) -> float:
        """How far apart dragged cards ``width`` wide are spread."""
        raise NotImplementedError

    def _target(self, pos: tuple[int, int]) -> None:
        """What the dragged cards are over at ``pos`` (and whether they may go there)."""
        raise NotImplementedError

    def _drop(self, pos: tuple[int, int]) -> None:
        """The dragged cards were released at ``pos``."""
        raise NotImplementedError

    def _movable(self, press: Any) -> bool:
        """May ``press`` start something when it moves (a drag of its card)?"""
        return press.card is not None

    def _motion(self, pos: tuple[int, int]) -> bool:
        press = self.press
        if self.drag is None and press is not None and self._movable(press):
            dx, dy = pos[0] - press.pos[0], pos[1] - press.pos[1]
            if dx * dx + dy * dy >= DRAG_THRESHOLD ** 2:
                self._start(press)
        if self.drag is not None:
            self._follow(pos)
            return True
        return False

    def _follow(self, pos: tuple[int, int]) -> None:
        """The dragged cards follow the mouse to ``pos`` in a row, the first one held
        where it was grabbed."""
        drag = self.drag
        sprites = self.scene.sprites.sprites
        first = sprites.get(drag.cards[0])
        if first is None:
            self.cancel()
            return
        step = self._spacing(first.w)
        for i, card in enumerate(drag.cards):
            sprite = sprites.get(card)
            if sprite is not None:
                sprite.hold_at(pos[0] + drag.offset[0] + i * step, pos[1] + drag.offset[1])
        self._target(pos)

    def _up(self, pos: tuple[int, int]) -> bool:
        press, self.press = self.press, None
        if self.drag is not None:
            self._drop(pos)
            return True
        if press is None:
            return False
        return self._click(press, pos)

    def _lift(self, cards: Iterable[Card]) -> None:
        """The sprites of ``cards`` leave their spots to follow the mouse."""
        for card in cards:
            self.scene.sprites.sprites[card].pick_up()

    def _let_go(self, cards: Iterable[Card]) -> None:
        """The sprites of ``cards`` stop following the mouse."""
        for card in cards:
            sprite = self.scene.sprites.sprites.get(card)
            if sprite is not None:
                sprite.put_down()

    def cancel(self) -> None:
        """Forget the press; dragged cards slide back."""
        self.press = None
        if self.drag is not None:
            self._let_go(self.drag.cards)
            self.drag = None
            self.scene.refresh()
