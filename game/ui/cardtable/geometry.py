"""Card-table geometry both tables' layouts share: the card's shape, how far apart a
meld's overlapped cards lie, a spot where one card rests, the bottom player's hand row and
a row of seat boxes. Each family's layout (``game.ui.manipulation.layout``,
``game.ui.contract.layout``) cuts its window with these."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.engine.cards import Card

CARD_RATIO = 1.4  # height / width
STEP = 0.36  # visible part of an overlapped card in a meld, as a share of its width
STEP_COMPACT = 0.5  # narrow cards have one big index that needs more room
WIDE_EXTRA = 0.1  # more for a meld with a 10 in it: its index has two digits
COMPACT_BELOW = 84  # card_art draws narrower cards in its compact style


@dataclass(frozen=True)
class Spot:
    """Where one card rests: top-left corner, size, and which place it is in."""

    x: float
    y: float
    w: int
    h: int
    zone: str  # group | free | hand
    group: int | None = None  # source group index (zone "group")
    slot: int = 0  # index within its group, the free cards or the hand
    face_up: bool = True

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(round(self.x), round(self.y), self.w, self.h)


class HandRow:
    """Hit tests of the bottom player's hand row, shared by both tables' layouts (which
    hold the fields below; ``place_hand`` fills the spots and the hand-row geometry)."""

    hand: pygame.Rect
    hand_card: tuple[int, int]
    hand_lift: int
    hand_step: float
    hand_first_x: float
    hand_count: int
    spots: dict[Card, Spot]

    def in_hand(self, pos: tuple[float, float]) -> bool:
        return self.hand.collidepoint(pos)

    def hand_slot(self, x: float) -> int:
        """The hand position (0..cards) a card dropped at ``x`` takes: after every card
        whose middle is left of ``x``."""
        if self.hand_step <= 0 or not self.hand_count:
            return 0
        middle = self.hand_first_x + self.hand_card[0] / 2
        slot = int((x - middle) // self.hand_step) + 1
        return max(0, min(self.hand_count, slot))

    def hand_slot_x(self, slot: int) -> float:
        """Where the caret for hand position ``slot`` is drawn."""
        if slot >= self.hand_count:
            return self.hand_first_x + (self.hand_count - 1) * self.hand_step \
                + self.hand_card[0] + 3
        return self.hand_first_x + slot * self.hand_step - 3


def clamp(value: float, low: float, high: float) -> int:
    """``value`` kept between ``low`` and ``high``, as whole pixels."""
    return int(max(low, min(high, value)))


def seat_row(top: pygame.Rect, count: int, gap: int, widest: int) -> list[pygame.Rect]:
    """``count`` seats of equal width (``widest`` at most), ``gap`` apart, centred in
    ``top``."""
    w = min(widest, (top.width - gap * (count - 1)) // count)
    total = w * count + gap * (count - 1)
    x = top.x + (top.width - total) // 2
    return [pygame.Rect(x + i * (w + gap), top.y, w, top.height) for i in range(count)]


def place_hand(layout: HandRow, cards: Sequence[Card]) -> None:
    """Spots for the hand on show, face up in one row along the bottom of ``layout.hand``
    (overlapping when they do not fit); fills the layout's hand-row geometry."""
    w, h = layout.hand_card
    n = len(cards)
    if not n:
        return
    area = layout.hand
    label = area.height - h - layout.hand_lift
    max_step = w + max(4, w * 0.06)
    step = max_step if n == 1 else min(max_step, (area.width - w) / (n - 1))
    total = w + step * (n - 1)
    x0 = area.x + (area.width - total) / 2
    y = area.y + label + layout.hand_lift
    layout.hand_step = step
    layout.hand_first_x = x0
    layout.hand_count = n
    for slot, card in enumerate(cards):
        layout.spots[card] = Spot(x0 + slot * step, y, w, h, "hand", None, slot)


def meld_step(w: int, wide: bool = False) -> int:
    """How far apart the overlapped cards of a meld are for cards ``w`` wide; ``wide``
    when it holds a 10, whose two-digit index needs more room (or "10 10" reads "1010")."""
    share = STEP_COMPACT if w < COMPACT_BELOW else STEP
    return round(w * (share + (WIDE_EXTRA if wide else 0.0)))
