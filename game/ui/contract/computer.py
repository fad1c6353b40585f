"""Computer seats at the contract table: the player decides in a worker thread (the frame
rate holds), after a short pause that lets people follow; its action is applied like a
person's and its cards are animated. A refused or failed decision falls back to a legal
one. A controller owned by ``ContractTableScene`` (reached through the ``ContractHost``
protocol)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.actions import Action, Draw
from game.engine.contract.actions import Decline, Discard, LayOff
from game.engine.contract.rules import card_value, check_meld_as
from game.ui.contract.model import the_card
from game.ui.table.driver import Worker
from game.ui.table.hud import Status
from game.ui.table.phases import THINK

if TYPE_CHECKING:
    from game.ui.contract.host import ContractHost

THINK_TURN = 0.6  # seconds a computer seems to think over a move, at animation speed 1
THINK_BUY = 0.45  # ... over a buy
THINK_FOLLOW = 0.35  # ... over a move that follows its own last one (lay off after draw)


def make_player(level: str, seed: int) -> Any:
    from game.ai.contract import make_contract_player

    return make_contract_player(level, seed)


class ComputerSeats:
    """The computer seats' thinking at the contract table: one engine action at a time."""

    def __init__(self, table: ContractHost) -> None:
        self.table = table
        self.worker: Worker | None = None  # the computer player deciding, if one is
        self.thinker = 0  # the seat deciding
        self.think_time = 0.0  # seconds it seems to think (at speed 1)

    def start(self, seat: int) -> None:
        player = self.table.computer_player(seat, make_player)
        if player is None:
            return
        view = self.table.match.view(seat)
        self.worker = Worker(lambda: player.decide(view), synchronous=self.table.app.smoke)
        self.thinker = seat
        self.table.set_phase(THINK)
        name = self.table.session.seats[seat].name
        phase = self.table.match.hand.phase
        if phase == "buying":
            self.think_time = THINK_BUY
            words = f"{name} is deciding whether to buy {the_card(view.discard_top)}"
        elif phase == "draw":
            self.think_time = THINK_TURN
            words = f"{name} is thinking"
        else:
            self.think_time = THINK_FOLLOW if self.table.last_actor == seat else THINK_TURN
            words = f"{name} is playing"
        self.table.status = Status(words, "wait", True)

    def update_think(self) -> None:
        worker = self.worker
        if worker is None or not worker.done or self.table.sprites.busy:
            return
        if self.table.phase_time < self.think_time / self.table.speed:
            return
        seat = self.thinker
        self.worker = None
        decision = worker.result
        action = getattr(decision, "action", None)
        if worker.error is not None or action is None:
            action = self._fallback(seat)
        if action is not None and self.table.commit(action, quiet=True):
            return
        action = self._fallback(seat)
        if action is None or not self.table.commit(action, quiet=True):
            self.table.stop(f"{self.table.session.seats[seat].name} cannot move")

    def _fallback(self, seat: int) -> Action | None:
        """A legal action for ``seat``: decline, draw, use a swapped joker, or discard."""
        match = self.table.match
        legal = match.legal_kinds()
        if "decline" in legal:
            return Decline(seat)
        if "draw" in legal:
            return Draw(seat)
        r = match.hand
        hand = r.hands[seat]
        if "lay_off" in legal:
            for card in list(r.swapped) + list(hand):
                for index, meld in enumerate(r.melds):
                    if check_meld_as(match.variant, [*meld.cards, card], meld.kind, 3,
                                     r.declared).ok:
                        action = LayOff(seat, card, index)
                        if match.can(action):
                            return action
        if "discard" in legal and hand:
            throwable = [c for c in hand if c != r.taken] or hand  # never the card just taken
            return Discard(seat, max(throwable, key=lambda c: (not c.is_joker, card_value(c))))
        return None
