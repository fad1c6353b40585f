"""The manipulation table's network seats: each move the host reports is shown as it
arrives (``HostNews`` reads the host's events, ``game.ui.cardtable.host_news``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.ai.turns import Decision
from game.engine.actions import Play
from game.i18n import _
from game.ui.cardtable.host_news import HostedTable, HostNews
from game.ui.cardtable.look import Status
from game.ui.cardtable.modes import PLAYBACK, THINK

if TYPE_CHECKING:
    from game.engine.actions import Action
    from game.engine.match import Match


class NetworkTable(HostedTable, Protocol):
    """The hosted manipulation table as ``NetworkTurns`` sees it."""

    @property
    def match(self) -> Match: ...

    def drop_draft(self) -> None: ...
    def set_origin(self, seat: int) -> None: ...
    def set_mode(self, mode: str) -> None: ...
    def show_status(self, status: Status) -> None: ...
    def commit(self, action: Action) -> bool: ...


class PlayTeller(Protocol):
    """What ``NetworkTurns`` asks of the table's computer turns: tell a play edit by
    edit (``ComputerTurns.tell``)."""

    def tell(self, decision: Decision, action: Play) -> None: ...


class NetworkTurns(HostNews):
    """The manipulation table's seats played elsewhere, shown as they arrive from the
    host: a play told step by step (``ComputerTurns``' playback), any other action
    committed at once; the seat's box shows the thinking indicator meanwhile."""

    def __init__(self, table: NetworkTable, remote: tuple[int, ...],
                 teller: PlayTeller) -> None:
        super().__init__(table, remote)
        self.table = table
        self.teller = teller

    def start(self, seat: int) -> None:
        """Wait for ``seat``'s move; its box shows the thinking indicator meanwhile."""
        table = self.table
        table.drop_draft()
        table.set_origin(seat)
        table.set_mode(THINK)
        table.show_status(Status(self.waiting_words(seat), "wait", True))
        table.refresh()

    def update_think(self) -> None:
        table = self.table
        action = self.arrived()
        if action is None:
            return
        if isinstance(action, Play) and table.match.can(action):
            self.teller.tell(Decision(action), action)
            table.set_mode(PLAYBACK)
            seat = table.match.current
            table.show_status(Status(_("{name} plays").format(
                name=table.session.seats[seat].name), "wait"))
            return
        if not table.commit(action):
            table.stop(_("This screen's copy of the match refused the host's move."))
