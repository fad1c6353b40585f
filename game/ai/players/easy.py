"""Easy: sees only simple additions (a hand card that extends a table meld as it stands, or
completes a set) and new melds from its own hand. It never rearranges the table. It plays
whatever of that it finds, and draws otherwise. Only when the rules force a play it cannot
see (draw-until-able: a player who can meld must) does it take the smallest legal play."""

from __future__ import annotations

from game.ai.decision import Decision
from game.ai.players.base import ComputerPlayer, forced_play, must_play
from game.ai.players.simple import simple_play
from game.engine.match import PlayerView


class EasyPlayer(ComputerPlayer):
    level = "easy"

    def choose_play(self, view: PlayerView) -> Decision | None:
        decision = simple_play(view)
        if decision is None and must_play(view):
            return forced_play(view)
        return decision
