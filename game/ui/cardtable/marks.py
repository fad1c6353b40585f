"""Who changed what on the table since a player's last turn: the marks each seat leaves on
the cards it put down from its hand ("new") and the table cards it moved ("moved").

Every seat sees the marks of the turns played since its own last turn; a seat's marks
are wiped when its turn ends (it has seen them). The table draws them in the colour of the
seat that made them (``theme.seat_colour``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from game.engine.cards import Card
from game.solver.edits import Step

NEW = "new"
MOVED = "moved"


@dataclass(frozen=True)
class Mark:
    seat: int  # who did it
    kind: str  # NEW (from the hand) or MOVED (a table card moved)


class TurnMarks:
    """The marks each viewing seat has not seen yet."""

    def __init__(self, players: int) -> None:
        self._by_viewer: dict[int, dict[Card, Mark]] = {i: {} for i in range(players)}

    def record(self, seat: int, new: Iterable[Card], moved: Iterable[Card]) -> None:
        """``seat`` played ``new`` from its hand and moved ``moved``: every other seat sees it
        (a later mark on a card replaces an older one)."""
        new, moved = list(new), list(moved)
        for viewer, marks in self._by_viewer.items():
            if viewer == seat:
                continue
            marks.update((card, Mark(seat, MOVED)) for card in moved)
            marks.update((card, Mark(seat, NEW)) for card in new)

    def seen(self, viewer: int) -> None:
        """``viewer``'s turn has ended: its marks go."""
        self._by_viewer.setdefault(viewer, {}).clear()

    def clear(self) -> None:
        for marks in self._by_viewer.values():
            marks.clear()

    def of(self, viewer: int) -> Mapping[Card, Mark]:
        return self._by_viewer.get(viewer, {})


def marked_cards(steps: Iterable[Step]) -> tuple[set[Card], set[Card]]:
    """The cards a play put down from the hand, and the table cards it moved."""
    new: set[Card] = set()
    moved: set[Card] = set()
    for step in steps:
        new.update(step.new)
        moved.update(step.moved)
    return new, moved - new
