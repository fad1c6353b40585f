"""Hints: the best play for the seat in turn, with the edit list that builds it."""

from __future__ import annotations

from game.ai.players.base import Decision
from game.engine.match import PlayerView


def hint_for(view: PlayerView) -> Decision | None:
    """The largest play available now (most cards; the lowest hand left under a points
    scoring), or None when the seat cannot play now."""
    if view.current != view.seat or "play" not in view.legal:
        return None
    from game.ai.players.plays import solved_play

    objective = "points" if view.variant.scoring in _POINTS else "cards"
    return solved_play(view, objective=objective, note="hint")


_POINTS = ("tahiti", "manipulation", "carousel_scarne", "carousel_culbertson")
