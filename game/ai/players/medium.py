"""Medium: every turn it can, it plays the solver's largest play (most cards from hand,
rearranging the table as needed); otherwise it draws. It knocks whenever allowed. On the
rare position the solver cannot settle in time, it makes a simple play if it sees one."""

from __future__ import annotations

from game.ai.decision import Decision
from game.ai.players.base import ComputerPlayer
from game.ai.players.plays import solved_play
from game.ai.players.simple import simple_play
from game.engine.match import PlayerView


class MediumPlayer(ComputerPlayer):
    level = "medium"

    def choose_play(self, view: PlayerView) -> Decision | None:
        try:
            return solved_play(view, objective="cards", note="largest play",
                               timeout_is_none=False)
        except TimeoutError:  # (when no play exists, no simple one does either)
            return simple_play(view)
