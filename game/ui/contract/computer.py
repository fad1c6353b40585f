"""Computer seats at the contract table: the player decides in a worker thread (the frame
rate holds), after a short pause that lets people follow; its action is applied like a
person's and its cards are animated. Asking, checking and falling back is
``game.ai.turns``'s (the one computer-turn loop); this controller owned by
``ContractTableScene`` (which it sees as a ``ComputerTable``) adds only the thread and the
pauses."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

from game.ai.turns import Decision, SeatPlayer, ask, make_computer, settle
from game.i18n import _
from game.ui.cardtable.driver import Worker
from game.ui.cardtable.look import Status
from game.ui.cardtable.modes import THINK
from game.ui.cardtable.table_host import CardTableHost
from game.ui.contract.model import the_card

if TYPE_CHECKING:
    from game.engine.actions import Action
    from game.engine.contract.match import ContractMatch
    from game.session import GameSession
    from game.ui.cardtable.sprites import SpriteLayer
    from game.ui.scene import AppServices

THINK_TURN = 0.6  # seconds a computer seems to think over a move, at animation speed 1
THINK_BUY = 0.45  # ... over a buy
THINK_FOLLOW = 0.35  # ... over a move that follows its own last one (lay off after draw)


class ComputerTable(CardTableHost, Protocol):
    """The contract table as ``ComputerTurns`` sees it."""

    @property
    def app(self) -> AppServices: ...
    @property
    def session(self) -> GameSession: ...
    @property
    def match(self) -> ContractMatch: ...
    @property
    def mode_time(self) -> float: ...
    @property
    def sprites(self) -> SpriteLayer: ...
    @property
    def last_actor(self) -> int | None: ...

    def computer_player(self, seat: int, make: Callable[[str, int], Any]) -> Any: ...
    def commit(self, action: Action, quiet: bool = False) -> bool: ...
    def stop(self, problem: str) -> None: ...


class ComputerTurns:
    """The computer seats' thinking at the contract table: one engine action at a time."""

    def __init__(self, table: ComputerTable) -> None:
        self.table = table
        self.worker: Worker | None = None  # the computer player deciding, if one is
        self.thinker = 0  # the seat deciding
        self.player: SeatPlayer | None = None  # its computer player
        self.think_time = 0.0  # seconds it seems to think (at speed 1)

    def start(self, seat: int) -> None:
        make = partial(make_computer, self.table.match.family)
        player: SeatPlayer | None = self.table.computer_player(seat, make)
        if player is None:
            return
        self.player = player
        view = self.table.match.view(seat)
        self.worker = Worker(lambda: ask(player, view), synchronous=self.table.app.smoke)
        self.thinker = seat
        self.table.set_mode(THINK)
        name = self.table.session.seats[seat].name
        phase = self.table.match.deal.phase
        if phase == "buying":
            self.think_time = THINK_BUY
            words = _("{name} is deciding whether to buy {card}").format(
                name=name, card=the_card(view.discard_top))
        elif phase == "draw":
            self.think_time = THINK_TURN
            words = _("{name} is thinking").format(name=name)
        else:
            self.think_time = THINK_FOLLOW if self.table.last_actor == seat else THINK_TURN
            words = _("{name} is playing").format(name=name)
        self.table.show_status(Status(words, "wait", True))

    def show_thinking(self, seat: int) -> None:
        """The thinking indicator turns at ``seat`` (a network seat's move awaited)."""
        self.thinker = seat

    def update_think(self) -> None:
        worker = self.worker
        if worker is None or not worker.done or self.table.sprites.busy:
            return
        if self.table.mode_time < self.think_time / self.table.speed:
            return
        seat = self.thinker
        self.worker = None
        why = "" if worker.error is None else _("the computer player failed: {error}").format(
            error=worker.error)
        player = self.player
        if player is not None:
            settled = settle(self.table.match, seat, player, worker.result, self._commit, why)
            if settled.decision is not None:
                return
            why = settled.problem
        self.table.stop(_("{name} cannot move ({why})").format(
            name=self.table.session.seats[seat].name, why=why))

    def _commit(self, decision: Decision) -> str:
        if self.table.commit(decision.action, quiet=True):
            return ""
        return _("the rules refuse {action} now").format(
            action=decision.action.kind.replace('_', ' '))
