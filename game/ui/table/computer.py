"""Computer turns at the table: the player thinks in a worker thread, its play is replayed
edit by edit on a scratch draft, then committed; a refused or failed decision falls back
to a legal one. A controller owned by ``TableScene``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.actions import Play
from game.ui.table.driver import Playback, Worker, make_computer, think
from game.ui.table.hud import Status
from game.ui.table.phases import PLAYBACK, THINK

if TYPE_CHECKING:
    from game.ai.players.base import Decision
    from game.ui.table.host import TableHost

THINK_MIN = 0.55  # seconds a computer seems to think, at animation speed 1
STEP_GAP = 0.2  # seconds between the batches of a computer's play


class ComputerTurns:
    """The computer players' think and playback phases at the table."""

    def __init__(self, table: TableHost) -> None:
        self.table = table
        self.worker: Worker | None = None  # the computer player thinking, if one is
        self.playback: Playback | None = None  # its play being shown edit by edit
        self.pending: Decision | None = None  # the decision being played back

    def start(self, seat: int) -> None:
        self.table.draft = None
        player = self.table.computer_player(seat, make_computer)
        if player is None:
            return
        view = self.table.match.view(seat)
        self.worker = think(player, view, synchronous=self.table.app.smoke)
        self.table.origin_seat = seat
        self.table.set_phase(THINK)
        name = self.table.session.seats[seat].name
        self.table.status = Status(f"{name} is thinking", "wait", True)
        self.table.refresh()

    def update_think(self) -> None:
        worker = self.worker
        if worker is None or not worker.done or self.table.sprites.busy:
            return
        if self.table.phase_time < THINK_MIN / self.table.speed:
            return
        seat = self.table.match.current
        self.worker = None
        decision = worker.result
        if worker.error is not None or decision is None:
            decision = self._fallback(seat, f"the computer player failed: {worker.error}")
            if decision is None:
                return
        action = decision.action
        if isinstance(action, Play) and not self.table.match.can(action):
            decision = self._fallback(seat, "the computer chose a play the rules refuse")
            if decision is None:
                return
            action = decision.action
        if isinstance(action, Play):
            self.pending = decision
            self.playback = Playback(self.table.match.draft(), action, decision.edits)
            self.table.set_phase(PLAYBACK)
            self.table.phase_time = STEP_GAP  # first batch at once
            self.table.status = Status(f"{self.table.session.seats[seat].name} plays", "wait")
            return
        if not self.table.commit(action):
            decision = self._fallback(seat, "the computer chose an action the rules refuse")
            if decision is not None:
                self.table.commit(decision.action)

    def _fallback(self, seat: int, why: str) -> Any:
        player = self.table.seated_player(seat)
        view = self.table.match.view(seat)
        try:
            decision = player.fallback(view, why) if player is not None else None
        except Exception as error:  # noqa: BLE001 - the game must not stop on a player bug
            decision = None
            why = f"{why}; {error}"
        if decision is None or not self.table.match.can(decision.action):
            self.table.stop(f"{self.table.session.seats[seat].name} cannot move ({why})")
            return None
        return decision

    def update_playback(self) -> None:
        playback = self.playback
        if playback is None:
            return
        gap = STEP_GAP / self.table.speed
        if not playback.finished:
            if self.table.phase_time >= gap:
                moves = playback.step()
                self.table.phase_time = 0.0
                self.table.app.sounds.play("card_drop" if moves else "card_pick")
                self.table.refresh()
            return
        if self.table.sprites.busy or self.table.phase_time < gap:
            return
        decision = self.pending
        self.playback = None
        self.pending = None
        if decision is None:
            return
        if not self.table.commit(decision.action):
            fallback = self._fallback(self.table.match.current, "its play was refused")
            if fallback is not None:
                self.table.commit(fallback.action)

