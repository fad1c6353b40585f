"""What a computer player hands its driver: a ``Decision`` (an action, the edits that build a
play's table, a note), the ``SeatPlayer`` protocol both families' players implement, and
``for_seat``. The shared piece under ``game.ai.turns`` (the driver) and the players of both
families, so imports go one way: turns -> players -> decision.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Protocol

from game.engine.actions import Action, NextHand
from game.engine.draft import Move

#: How a decision's note starts when the player itself fell back (counted by ``simulate``).
FALLBACK = "fallback"


@dataclass(frozen=True)
class Decision:
    """An action for the seat asked, with the edit list that builds a play's table (for
    animation and hints) and a short note saying why."""

    action: Action
    edits: tuple[Move, ...] = ()
    note: str = ""

    @property
    def is_fallback(self) -> bool:
        """Did the player fall back to a safe action instead of its own choice?"""
        return self.note.startswith(FALLBACK)


class SeatPlayer(Protocol):
    """A computer player of either family: it decides on its family's view of a seat."""

    def decide(self, view: Any) -> Decision: ...
    def fallback(self, view: Any, note: str) -> Decision: ...


def for_seat(decision: Decision, seat: int) -> Decision:
    """``decision`` with its action made by ``seat`` (a next-hand action belongs to nobody)."""
    action = decision.action
    if isinstance(action, NextHand) or action.player == seat:
        return decision
    return replace(decision, action=replace(action, player=seat))
