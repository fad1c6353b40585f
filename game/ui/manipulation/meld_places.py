"""The melds' places for every state the player's turn has been in, so that Undo, Redo and
Reset bring the places back with the melds (issue 43): the draft's undo alone gives back
the cards, and the felt would otherwise lay a meld that comes back in the first free place,
not where it lay. A meld dragged whole onto the felt (its places before and after) is one
such state too."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.cards import Card
from game.engine.draft import TurnDraft
from game.ui.cardtable.felt_places import FeltPlaces

MOST = 64  # states remembered (a turn rarely has more)

Shape = tuple[frozenset[Card], ...]


def shape(draft: TurnDraft) -> Shape:
    """The draft's melds, in order."""
    return tuple(frozenset(group) for group in draft.groups)


@dataclass
class _State:
    draft: TurnDraft
    shape: Shape
    places: FeltPlaces


class MeldPlaces:
    """The places of the turn on show, by the state of its draft."""

    def __init__(self) -> None:
        self._states: list[_State] = []

    def remember(self, draft: TurnDraft, places: FeltPlaces) -> None:
        """``draft``'s melds now lie at ``places``."""
        now = shape(draft)
        self._states = [s for s in self._states if s.draft is draft and s.shape != now]
        self._states = self._states[-(MOST - 1):]
        self._states.append(_State(draft, now, places.copy()))

    def put_back(self, draft: TurnDraft, places: FeltPlaces) -> None:
        """After an undo, redo or reset of ``draft``: where its melds are again as they were
        in a state remembered, ``places`` take the places they had then."""
        now = shape(draft)
        for state in reversed(self._states):
            if state.draft is draft and state.shape == now:
                places.restore(state.places)
                return
