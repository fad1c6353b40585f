"""Computer turns at the table: the player thinks in a worker thread, its play is replayed
edit by edit on a scratch draft, then committed; a refused or failed decision falls back
to a legal one. Mixed into ``TableScene``."""

from __future__ import annotations

from typing import Any

from game.engine.actions import Play
from game.ui.table.driver import Playback, make_computer, think
from game.ui.table.hud import Status
from game.ui.table.phases import PLAYBACK, THINK

THINK_MIN = 0.55  # seconds a computer seems to think, at animation speed 1
STEP_GAP = 0.2  # seconds between the batches of a computer's play


class ComputerTurns:
    """Computer-player phases of the table scene (uses the scene's state)."""

    def _start_computer(self, seat: int) -> None:
        self.draft = None
        player = self._computer_player(seat, make_computer)
        if player is None:
            return
        view = self.match.view(seat)
        self._worker = think(player, view, synchronous=self.app.smoke)
        self._origin_seat = seat
        self._set_phase(THINK)
        self.status = Status(f"{self.session.seats[seat].name} is thinking", "wait", True)
        self.refresh()

    def _update_think(self) -> None:
        worker = self._worker
        if worker is None or not worker.done or self.sprites.busy:
            return
        if self.phase_time < THINK_MIN / self.speed:
            return
        seat = self.match.current
        self._worker = None
        decision = worker.result
        if worker.error is not None or decision is None:
            decision = self._fallback(seat, f"the computer player failed: {worker.error}")
            if decision is None:
                return
        action = decision.action
        if isinstance(action, Play) and not self.match.can(action):
            decision = self._fallback(seat, "the computer chose a play the rules refuse")
            if decision is None:
                return
            action = decision.action
        if isinstance(action, Play):
            self._pending = decision
            self._playback = Playback(self.match.draft(), action, decision.edits)
            self._set_phase(PLAYBACK)
            self.phase_time = STEP_GAP  # first batch at once
            self.status = Status(f"{self.session.seats[seat].name} plays", "wait")
            return
        if not self.commit(action):
            decision = self._fallback(seat, "the computer chose an action the rules refuse")
            if decision is not None:
                self.commit(decision.action)

    def _fallback(self, seat: int, why: str) -> Any:
        player = self._players.get(seat)
        view = self.match.view(seat)
        try:
            decision = player.fallback(view, why) if player is not None else None
        except Exception as error:  # noqa: BLE001 - the game must not stop on a player bug
            decision = None
            why = f"{why}; {error}"
        if decision is None or not self.match.can(decision.action):
            self._stop(f"{self.session.seats[seat].name} cannot move ({why})")
            return None
        return decision

    def _update_playback(self) -> None:
        playback = self._playback
        if playback is None:
            return
        gap = STEP_GAP / self.speed
        if not playback.finished:
            if self.phase_time >= gap:
                moves = playback.step()
                self.phase_time = 0.0
                self.app.sounds.play("card_drop" if moves else "card_pick")
                self.refresh()
            return
        if self.sprites.busy or self.phase_time < gap:
            return
        decision = self._pending
        self._playback = None
        self._pending = None
        if not self.commit(decision.action):
            fallback = self._fallback(self.match.current, "its play was refused")
            if fallback is not None:
                self.commit(fallback.action)

