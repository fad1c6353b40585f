"""The contract table's memory of where each seat's melds lie, so the felt does not move
under the players between turns (issue 28).

The layout places each seat's melds in a framed section; this memory keeps, for one round
in one window size, the card size the melds were drawn at and each section's frame with
the width its melds were wrapped to. The next layout puts every section back where it was;
only a section whose own melds grew and that no longer fits there moves (first its melds
wrap inside its old width, then the section goes to the first free place), a seat laying
down takes free room, and the cards never grow back within a round (they only shrink when
the table is full, and then everything is laid out afresh, in the same order).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame


@dataclass(frozen=True)
class SectionPlace:
    """Where a seat's section lay: its frame, and the width its melds were wrapped to."""

    frame: pygame.Rect
    limit: float


@dataclass
class SectionPlaces:
    """The sections' places for one round in one window (see the module)."""

    size: tuple[int, int] | None = None
    round_number: int = -1
    left: bool = False  # the sidebar was on the left (a left-handed player's table)
    card_h: int | None = None  # the table cards' height the sections were placed for
    sections: dict[int, SectionPlace] = field(default_factory=dict)  # by owner

    def copy(self) -> SectionPlaces:
        return SectionPlaces(self.size, self.round_number, self.left, self.card_h,
                             dict(self.sections))

    def start(self, size: tuple[int, int], round_number: int, left: bool = False) -> None:
        """Forget the places when the window, the round or the sidebar's side is not the
        one they were for."""
        if (size, round_number, left) != (self.size, self.round_number, self.left):
            self.size, self.round_number, self.left = size, round_number, left
            self.card_h = None
            self.sections.clear()

    def remembered(self, card_h: int) -> dict[int, SectionPlace]:
        """The sections' places, when the cards are still ``card_h`` tall (else none: a
        table laid out afresh)."""
        return self.sections if card_h == self.card_h else {}

    def keep(self, card_h: int, sections: dict[int, SectionPlace]) -> None:
        self.card_h = card_h
        self.sections = dict(sections)
