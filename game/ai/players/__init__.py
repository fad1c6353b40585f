"""Computer players. Each gets only a ``PlayerView`` and returns a ``Decision``.

``make_player(level, seed)`` builds one: "easy" (simple additions and own melds, no
rearranging), "medium" (the solver's largest play every turn it can), "hard" (plans: holds
cards back, keeps jokers, sheds high cards when an opponent is close to going out, and
weighs Carousel draws and knocks on sampled opponent hands).
"""

from __future__ import annotations

from game.ai.decision import Decision
from game.ai.players.base import ComputerPlayer
from game.ai.players.easy import EasyPlayer
from game.ai.players.hard import HardPlayer
from game.ai.players.medium import MediumPlayer

LEVELS = ("easy", "medium", "hard")


def make_player(level: str, seed: int = 0) -> ComputerPlayer:
    """A computer player of this level ("easy", "medium" or "hard")."""
    key = level.strip().lower()
    if key == "easy":
        return EasyPlayer(seed)
    if key == "medium":
        return MediumPlayer(seed)
    if key == "hard":
        return HardPlayer(seed)
    raise ValueError(f"unknown computer level '{level}': expected one of {', '.join(LEVELS)}")


__all__ = ["LEVELS", "ComputerPlayer", "Decision", "make_player"]
