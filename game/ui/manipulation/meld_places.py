"""The melds' places around a meld dragged whole onto the felt: the meld goes to the end of
the table (where the New meld slot is), and Undo, Redo or Reset that bring the table back to
how it was before or after the move bring the places back too (places are kept outside
the draft, so its undo alone would leave the meld at the end)."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.cards import Card
from game.engine.draft import TurnDraft
from game.ui.manipulation.slots import SlotMap

MOST = 64  # moves remembered (a turn rarely has more)

Shape = tuple[frozenset[Card], ...]


def shape(draft: TurnDraft) -> Shape:
    """The draft's melds, in order."""
    return tuple(frozenset(group) for group in draft.groups)


@dataclass
class _Move:
    draft: TurnDraft
    before: Shape
    after: Shape
    places_before: SlotMap
    places_after: SlotMap


class MeldPlaces:
    """The meld moves of the turn on show, with the places either side of each."""

    def __init__(self) -> None:
        self._moves: list[_Move] = []

    def record(self, draft: TurnDraft, before: Shape, places_before: SlotMap,
               places_after: SlotMap) -> None:
        """``draft`` went from ``before`` to its present melds by a meld's move, the
        places from ``places_before`` to ``places_after``."""
        self._moves = [m for m in self._moves if m.draft is draft][-(MOST - 1):]
        self._moves.append(_Move(draft, before, shape(draft), places_before.copy(),
                                 places_after.copy()))

    def put_back(self, draft: TurnDraft, slots: SlotMap) -> None:
        """After an undo, redo or reset of ``draft``: where its melds are again as they were
        before or after a meld's move, ``slots`` take the places they had then."""
        now = shape(draft)
        for move in reversed(self._moves):
            if move.draft is not draft:
                continue
            if now == move.before:
                slots.restore(move.places_before)
                return
            if now == move.after:
                slots.restore(move.places_after)
                return

