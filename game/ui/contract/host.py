"""What the contract table's controllers may use of their scene.

``ContractTableScene`` owns two controllers, ``HumanSeat`` (the person's side: drawing,
buying, staging the contract, laying off, discarding, the hand's order) and
``ComputerSeats`` (the computer seats' thinking); each is built with the scene as a
``ContractHost`` and reaches the match, the prompt, the sprites and the status only
through the names below, so mypy checks every use and this list is the whole of what
they share.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from game.ui.cardtable.table_host import CardTableHost

if TYPE_CHECKING:
    from game.engine.actions import Action
    from game.engine.cards import Card
    from game.engine.contract.match import ContractMatch
    from game.session import GameSession
    from game.ui.app import App
    from game.ui.cardtable.sprites import SpriteLayer
    from game.ui.contract.buy import BuyPrompt
    from game.ui.contract.human import HumanSeat
    from game.ui.contract.pointer import ContractPointer
    from game.ui.contract.words import TurnLog


class ContractHost(CardTableHost, Protocol):
    """The contract table as its controllers see it."""

    # what the scene was given
    app: App
    session: GameSession
    match: ContractMatch

    # the table's state, shared by the controllers
    phase: str
    phase_time: float
    clock: float  # seconds of frames since the table opened
    bottom: int
    selected: list[Card]
    sort_mode: str
    hand_order: dict[int, list[Card]]
    version: int
    prompt: BuyPrompt | None
    last_actor: int | None
    turn_log: TurnLog

    # the other controllers, for Undo, the hint and the replay
    human: HumanSeat
    pointer: ContractPointer

    # what shows it
    sprites: SpriteLayer

    # the status line and note, the speed, the phase, refresh, say: ``CardTableHost``

    def update_status(self) -> None: ...

    def commit(self, action: Action, quiet: bool = False, redo: bool = False) -> bool: ...

    def show_action(self, action: Action) -> tuple[int, Card | None]: ...

    def action_words(self, seat: int, action: Action, card: Card | None) -> str: ...

    def replay_words(self, action: Action) -> str: ...

    def stop(self, problem: str) -> None: ...

    def computer_player(self, seat: int, make: Callable[[str, int], Any]) -> Any: ...

    def build_prompt(self) -> None: ...

    def close_prompt(self) -> None: ...

    def hand_visible(self) -> bool: ...

    def bottom_hand(self) -> list[Card]: ...
