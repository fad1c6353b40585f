"""The seats played elsewhere at the host's contract table (``game.net``).

A controller owned by ``HostedContractTableScene``: ``HostNews`` (shared with the
manipulation table) reads the host's events and follows the network seats' players; this
waits for the seat the match awaits (its box shows the thinking indicator, the status line
says who is deciding) and applies each move as it arrives, shown as the contract table
shows a computer's: a draw, a buy or not, a lay-down, a lay-off, a joker swap, a discard,
one action at a time. It also hears what became of a buy answer the person gave before
being asked (queued by the host, or too late).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.i18n import _
from game.net.events import Queued, Refused
from game.ui.cardtable.host_news import HostedTable, HostNews
from game.ui.cardtable.look import Status
from game.ui.cardtable.modes import THINK
from game.ui.contract.model import the_card

if TYPE_CHECKING:
    from game.engine.actions import Action
    from game.engine.contract.match import ContractMatch


class NetworkTable(HostedTable, Protocol):
    """The hosted contract table as this controller sees it."""

    @property
    def match(self) -> ContractMatch: ...
    @property
    def answer_out(self) -> bool: ...  # an early buy answer the host has not settled yet

    def set_mode(self, mode: str) -> None: ...
    def show_status(self, status: Status) -> None: ...
    def apply_from_host(self, action: Action) -> bool: ...
    def early_answer_heard(self) -> None: ...
    def early_answer_late(self) -> None: ...


class ThinkingSeat(Protocol):
    """The computer seats' controller (``ComputerTurns``): where the thinking indicator
    turns while a network seat's move is awaited."""

    def show_thinking(self, seat: int) -> None: ...


class NetworkTurns(HostNews):
    """The moves of the seats played elsewhere, shown as they arrive from the host."""

    def __init__(self, table: NetworkTable, remote: tuple[int, ...],
                 thinking: ThinkingSeat) -> None:
        super().__init__(table, remote)
        self.table = table
        self.thinking = thinking

    def start(self, seat: int) -> None:
        """Wait for ``seat``'s move; its box shows the thinking indicator meanwhile."""
        table = self.table
        self.thinking.show_thinking(seat)
        table.set_mode(THINK)
        deal = table.match.deal
        if seat in table.session.humans:  # the person's early answer, due now
            words = _("Your answer is with the host")
        elif deal.phase == "buying":
            words = _("{name} is deciding whether to buy {card}").format(
                name=table.session.seats[seat].name,
                card=the_card(deal.discard[-1] if deal.discard else None))
        else:
            words = self.waiting_words(seat)
        table.show_status(Status(words, "wait", True))
        table.refresh()

    def update_think(self) -> None:
        """Apply the awaited move once it has come and the table is still."""
        table = self.table
        action = self.arrived()
        if action is None:
            return
        if not table.apply_from_host(action):
            table.stop(_("This screen's copy of the match refused the host's move."))

    # -- the person's early buy answer

    def queued(self, event: Queued) -> None:
        self.table.early_answer_heard()
        title = _("Your buy is queued") if event.kind == "buy" else _("Your decline is queued")
        self.table.say(title, [_("The host answers the buy window in seat order.")])

    def refused(self, event: Refused) -> None:
        table = self.table
        if not table.answer_out:
            super().refused(event)
            return
        # answered too late: the window had closed at the host (the table may have seen
        # it close meanwhile)
        table.early_answer_late()
        table.say(_("Too late to answer"),
                  [_("The buy window closed before your answer reached the host.")],
                  tone="warn")
