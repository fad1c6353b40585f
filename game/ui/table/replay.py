"""Show last turn: the table as it was before the previous turn, then that turn's cards
sliding to where they went, then back to the present. A controller owned by ``TableScene``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.match import TurnRecord
from game.ui.table.hud import Status
from game.ui.table.phases import HUMAN, REPLAY, STOPPED

if TYPE_CHECKING:
    from game.ui.table.host import TableHost

REPLAY_HOLD = (0.7, 1.6)


class LastTurnReplay:
    """The replay of the previous turn; ``showing`` is the turn on show, if any."""

    def __init__(self, table: TableHost) -> None:
        self.table = table
        #: the turn being replayed and the stage (0: the table before it, 1: after it)
        self.showing: tuple[TurnRecord, int] | None = None
        self.resume = HUMAN  # the phase to go back to when the replay ends

    def show_last_turn(self) -> None:
        if self.table.phase not in (HUMAN, STOPPED) or self.table.pointer.dragging:
            if self.table.phase == REPLAY:
                self.end()
            return
        turns = self.table.match.hand.turns
        if not turns:
            self.table.say("Nothing to show yet", ["No turn has been played in this hand so far."],
                           "info")
            return
        record = turns[-1]
        self.table.chooser = None
        self.resume = self.table.phase
        self.showing = (record, 0)
        self.table.origin_seat = record.player
        self.table.set_phase(REPLAY)
        self.table.refresh(snap=True)
        self.table.status = Status(f"Replay: {self._record_words(record)}", "info")

    def _record_words(self, record: TurnRecord) -> str:
        name = "your" if self.table.is_you(record.player) else \
            f"{self.table.session.seats[record.player].name}'s"
        what = {"play": "played", "out": "went out", "knock": "knocked", "draw": "drew",
                "pass": "passed", "abandon": "gave up"}.get(record.ended_by, record.ended_by)
        n = len(record.played)
        cards = f" {n} card{'s' if n != 1 else ''}" if n and record.ended_by in ("play", "out") \
            else ""
        return f"{name} last turn: {what}{cards}"

    def last_turn_words(self) -> str:
        turns = self.table.match.hand.turns
        if not turns:
            return ""
        record = turns[-1]
        name = self.table.session.seats[record.player].name
        n = len(record.played)
        if n:
            return f"{name} played {n} card{'s' if n != 1 else ''}."
        return f"{name} {'drew' if record.drawn else 'passed'}."

    def update(self) -> None:
        if self.showing is None:
            return
        record, stage = self.showing
        hold = REPLAY_HOLD[stage] / self.table.speed
        if self.table.sprites.busy or self.table.phase_time < hold:
            return
        if stage == 0:
            self.showing = (record, 1)
            self.table.phase_time = 0.0
            self.table.refresh()
            for card in record.played:
                sprite = self.table.sprites.sprites.get(card)
                if sprite is not None:
                    sprite.fresh = True
            self.table.app.sounds.play("card_drop")
        else:
            self.end()

    def end(self) -> None:
        self.showing = None
        phase = getattr(self, "_replay_resume", HUMAN)
        self.table.set_phase(phase)
        self.table.origin_seat = self.table.bottom
        self.table.refresh()
        self.table.indicators.update_status()

