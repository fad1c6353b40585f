"""Show last turn: the table as it was before the previous turn, then that turn's cards
sliding to where they went, then back to the present. Mixed into ``TableScene``."""

from __future__ import annotations

from game.engine.match import TurnRecord
from game.ui.table.hud import Status
from game.ui.table.phases import HUMAN, REPLAY, STOPPED

REPLAY_HOLD = (0.7, 1.6)


class LastTurnReplay:
    """The replay of the previous turn (uses the scene's state)."""

    def show_last_turn(self) -> None:
        if self.phase not in (HUMAN, STOPPED) or self.pointer.dragging:
            if self.phase == REPLAY:
                self._end_replay()
            return
        turns = self.match.hand.turns
        if not turns:
            self.say("Nothing to show yet", ["No turn has been played in this hand so far."],
                     "info")
            return
        record = turns[-1]
        self.chooser = None
        self._replay_resume = self.phase
        self._replay = (record, 0)
        self._origin_seat = record.player
        self._set_phase(REPLAY)
        self.refresh(snap=True)
        self.status = Status(f"Replay: {self._record_words(record)}", "info")

    def _record_words(self, record: TurnRecord) -> str:
        name = "your" if self.is_you(record.player) else \
            f"{self.session.seats[record.player].name}'s"
        what = {"play": "played", "out": "went out", "knock": "knocked", "draw": "drew",
                "pass": "passed", "abandon": "gave up"}.get(record.ended_by, record.ended_by)
        n = len(record.played)
        cards = f" {n} card{'s' if n != 1 else ''}" if n and record.ended_by in ("play", "out") \
            else ""
        return f"{name} last turn: {what}{cards}"

    def _last_turn_words(self) -> str:
        turns = self.match.hand.turns
        if not turns:
            return ""
        record = turns[-1]
        name = self.session.seats[record.player].name
        n = len(record.played)
        if n:
            return f"{name} played {n} card{'s' if n != 1 else ''}."
        return f"{name} {'drew' if record.drawn else 'passed'}."

    def _update_replay(self) -> None:
        if self._replay is None:
            return
        record, stage = self._replay
        hold = REPLAY_HOLD[stage] / self.speed
        if self.sprites.busy or self.phase_time < hold:
            return
        if stage == 0:
            self._replay = (record, 1)
            self.phase_time = 0.0
            self.refresh()
            for card in record.played:
                sprite = self.sprites.sprites.get(card)
                if sprite is not None:
                    sprite.fresh = True
            self.app.sounds.play("card_drop")
        else:
            self._end_replay()

    def _end_replay(self) -> None:
        self._replay = None
        phase = getattr(self, "_replay_resume", HUMAN)
        self._set_phase(phase)
        self._origin_seat = self.bottom
        self.refresh()
        self._update_status()

