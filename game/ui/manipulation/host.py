"""What the manipulation table's controllers may use of their scene.

``TableScene`` owns four controllers (``HumanTurn``, ``ComputerTurns``, ``LastTurnReplay``,
``TableStatus``); each is built with the scene as a ``TableHost`` and reaches the match,
the draft, the layout and the sprites only through the names below, so mypy checks every
use and this list is the whole of what they share.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from game.ui.cardtable.table_host import CardTableHost

if TYPE_CHECKING:
    from game.engine.actions import Action
    from game.engine.cards import Card
    from game.engine.draft import TurnDraft
    from game.engine.match import Match
    from game.session import GameSession
    from game.ui.app import App
    from game.ui.cardtable.controls import Controls
    from game.ui.cardtable.sprites import SpriteLayer
    from game.ui.cardtable.text import TextCache
    from game.ui.manipulation.chooser import JokerChooser
    from game.ui.manipulation.computer import ComputerTurns
    from game.ui.manipulation.human import HumanTurn
    from game.ui.manipulation.keys import Keyboard
    from game.ui.manipulation.layout import Layout
    from game.ui.manipulation.model import TableModel
    from game.ui.manipulation.pointer import Pointer
    from game.ui.manipulation.replay import LastTurnReplay
    from game.ui.manipulation.slots import SlotMap
    from game.ui.manipulation.status import TableStatus


class TableHost(CardTableHost, Protocol):
    """The manipulation table as its controllers see it."""

    # what the scene was given
    app: App
    session: GameSession
    match: Match
    autosave: bool
    coached: bool  # a coach's staged table (tutorial, puzzle, review)
    remote_match: bool  # a joined network game's: the host's match, its deal unknown here

    # the table's state, shared by the controllers
    phase: str
    phase_time: float
    clock: float  # seconds of frames since the table opened
    draft: TurnDraft | None
    selected: list[Card]
    bottom: int
    origin_seat: int | None
    hand_order: dict[int, list[Card]]
    sort_mode: str
    chooser: JokerChooser | None
    version: int
    slots: SlotMap  # where the melds sit, kept across turns

    # what shows it
    model: TableModel | None
    layout: Layout | None
    sprites: SpriteLayer
    text: TextCache
    controls: Controls | None
    keys: Keyboard
    pointer: Pointer

    # the other controllers
    human: HumanTurn
    computer: ComputerTurns
    replay: LastTurnReplay
    indicators: TableStatus

    # the status line and note, the speed, the phase, refresh, say: ``CardTableHost``

    def commit(self, action: Action) -> bool: ...

    def stop(self, problem: str) -> None: ...

    def write_autosave(self) -> None: ...

    def computer_player(self, seat: int, make: Callable[[str, int], Any]) -> Any: ...

    def seated_player(self, seat: int) -> Any: ...

    def hand_visible(self) -> bool: ...

    def bottom_hand(self) -> list[Card]: ...

    def is_you(self, seat: int) -> bool: ...

    def name_of(self, seat: int) -> str: ...

    def travel(self, cards: Sequence[Card]) -> None: ...
