"""The manipulation table's network seats: each move the host reports is shown as it
arrives (``HostNews`` reads the host's events, ``game.ui.cardtable.host_news``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai.turns import Decision
from game.engine.actions import Play
from game.i18n import _
from game.ui.cardtable.driver import Pacer, Playback
from game.ui.cardtable.host_news import HostNews
from game.ui.cardtable.look import Status
from game.ui.cardtable.phases import PLAYBACK, THINK

if TYPE_CHECKING:
    from game.ui.manipulation.host import TableHost


class NetworkTurns(HostNews):
    """The manipulation table's seats played elsewhere, shown as they arrive from the
    host: a play told step by step (``ComputerTurns``' playback), any other action
    committed at once; the seat's box shows the thinking indicator meanwhile."""

    def __init__(self, table: TableHost, remote: tuple[int, ...]) -> None:
        super().__init__(table, remote)
        self.table = table

    def start(self, seat: int) -> None:
        """Wait for ``seat``'s move; its box shows the thinking indicator meanwhile."""
        table = self.table
        table.draft = None
        table.origin_seat = seat
        self.waiting_for = seat
        table.set_phase(THINK)
        table.show_status(Status(self.waiting_words(seat), "wait", True))
        table.refresh()

    def update_think(self) -> None:
        table = self.table
        action = self.arrived()
        if action is None:
            return
        if isinstance(action, Play) and table.match.can(action):
            computer = table.computer
            computer.pending = Decision(action)
            computer.playback = Playback(table.match.draft(), action)
            computer.pacer = Pacer()
            table.set_phase(PLAYBACK)
            seat = table.match.current
            table.show_status(Status(_("{name} plays").format(
                name=table.session.seats[seat].name), "wait"))
            return
        if not table.commit(action):
            table.stop(_("This screen's copy of the match refused the host's move."))
