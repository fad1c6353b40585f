"""Easy: sees only simple additions (a hand card that extends a table meld as it stands, or
completes a set) and new melds from its own hand. It never rearranges the table. It plays
whatever of that it finds, and draws otherwise."""

from __future__ import annotations

from game.ai.players.base import ComputerPlayer, Decision
from game.ai.players.simple import simple_play
from game.engine.match import PlayerView


class EasyPlayer(ComputerPlayer):
    level = "easy"

    def choose_play(self, view: PlayerView) -> Decision | None:
        return simple_play(view)
