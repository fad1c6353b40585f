"""What every controller may use of its table, whichever the family: the status line and
the note above it (read here, set only through ``show_status`` / ``say`` /
``clear_message``, one path for the table's messages), the animation speed, the mode and
a refresh. Each controller extends it with the narrow protocol of what it uses of its
table, defined beside the controller (``game.ui.manipulation.human.HumanTable``,
``game.ui.manipulation.computer.ComputerTable``, ...); the scene satisfies them all
structurally, and mypy checks that where it builds each controller."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from game.ui.cardtable.look import Message, Status


class CardTableHost(Protocol):
    """The part of a card table every family's controllers see."""

    @property
    def status(self) -> Status: ...
    @property
    def message(self) -> Message | None: ...
    def show_status(self, status: Status) -> None: ...
    def clear_message(self) -> None: ...
    def keep_message(self, message: Message, seconds: float) -> None: ...

    @property
    def speed(self) -> float: ...

    def set_mode(self, mode: str) -> None: ...

    def refresh(self, snap: bool = False) -> None: ...

    def say(self, title: str, lines: Sequence[str] = (), tone: str = "info",
            ttl: float = 6.0) -> None: ...
