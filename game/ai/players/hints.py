"""Hints: the best play for the seat in turn (the solver's play with the most cards), with
the edit list that builds it."""

from __future__ import annotations

from game.ai.decision import Decision
from game.engine.actions import Play
from game.engine.match import PlayerView
from game.solver import hint


def hint_for(view: PlayerView) -> Decision | None:
    """The largest play available now with its card moves, or None when the seat cannot
    play now (not its turn, a play is not allowed at this point, or no play exists)."""
    if view.current != view.seat or "play" not in view.legal or view.hand_result is not None:
        return None
    solution = hint(view.variant, view.table, view.hand, view.opened[view.seat])
    if solution is None:
        return None
    count = len(solution.played)
    note = f"hint: play {count} card{'s' if count != 1 else ''}" if count else \
        "hint: use the free cards"
    return Decision(Play(view.seat, solution.table), tuple(solution.edits), note)
