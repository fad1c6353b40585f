"""Moved to ``game.session`` (below the screens). Kept for the scripts outside the game
package that still import it from here (``packaging/make_screenshots.py``,
``tests/benchmarks/bench_render.py``); the game itself imports ``game.session``."""

from game.session import GameSession, Seat

__all__ = ["GameSession", "Seat"]
