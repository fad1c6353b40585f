"""Hot-seat privacy, one policy for both tables: people sharing one screen see only their
own hand. When a human seat's turn (or its answer to a buy) comes and the cover has not
been lifted for that seat, the table covers the window (``HandOverScene``) until that
player says they are at the screen; the hand goes face down again once their turn ends,
and every new hand (or a loaded game) starts covered."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from game.ui.cardtable.modes import WAIT

if TYPE_CHECKING:
    from game.session import GameSession
    from game.ui.scene import AppServices


class CoverHost(Protocol):
    """What the cover needs of a table (the table cancels a drag before it covers)."""

    @property
    def app(self) -> AppServices: ...
    @property
    def session(self) -> GameSession: ...

    def deselect_all(self) -> None: ...
    def bring_to_bottom(self, seat: int) -> None: ...
    def set_mode(self, mode: str) -> None: ...
    def refresh(self, snap: bool = False) -> None: ...
    def open_menu(self) -> None: ...  # Esc on the cover opens the table's menu


class HotSeatCover:
    """Whose hand may show face up in a hot-seat game (``lifted_for``), and the cover
    between two humans' turns."""

    def __init__(self, table: CoverHost) -> None:
        self.table = table
        self.lifted_for: int | None = None  # the seat that last lifted the cover

    @property
    def active(self) -> bool:
        return self.table.session.hot_seat

    def hides(self, seat: int) -> bool:
        """Is ``seat``'s hand kept face down (hot-seat, its player not at the screen)? A
        human whose hand is hidden acts only once the window has been covered for them."""
        return self.active and seat != self.lifted_for

    def turn_ended(self, seat: int) -> None:
        """A human's turn is over: their hand goes face down at once."""
        if self.active and self.table.session.seats[seat].is_human:
            self.lifted_for = None

    def reset(self) -> None:
        """A new hand, or a game loaded: every hand starts covered."""
        self.lifted_for = None

    def lift_for(self, seat: int) -> None:
        """``seat``'s player is at the screen without a cover (a staged table)."""
        self.lifted_for = seat
        self.table.bring_to_bottom(seat)

    def cover(self, seat: int, detail: str, then: Callable[[], None]) -> None:
        """Cover the window for ``seat``'s player (``detail``: what happened since their
        turn); once they lift it, their hand comes to the bottom face up and ``then``
        starts what they are to do."""
        table = self.table
        table.set_mode(WAIT)
        table.deselect_all()

        def lifted() -> None:
            self.lift_for(seat)
            table.deselect_all()
            table.refresh(snap=True)
            then()

        table.app.scenes.push(table.app.router.handover(
            table.session.seats[seat].name, lifted, detail=detail, table=table))
