"""What the host needs to know of each table family: the face-up cards a seat could take,
and the contract game's buy window (who is still to be asked, when it opened)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.engine.cards import Card
from game.engine.protocol import GameState
from game.engine.variants import Family

__all__ = ["BUY_ANSWERS", "BUY_QUEUE", "BUY_WINDOW_OPENED", "VISIBLE"]



def _manipulation_visible(match: GameState) -> set[Card]:
    return set(match.view(match.current).table.cards())  # type: ignore[attr-defined]


def _contract_visible(match: GameState) -> set[Card]:
    view: Any = match.view(match.current)
    cards = {c for _owner, _kind, meld in view.melds for c in meld}
    if view.discard_top is not None:
        cards.add(view.discard_top)
    return cards


#: The face-up cards a seat could take into its hand (to tell a taken card from a drawn one).
VISIBLE: dict[Family, Callable[[GameState], set[Card]]] = {
    Family.MANIPULATION: _manipulation_visible, Family.CONTRACT: _contract_visible}


def _no_buy_queue(match: GameState) -> tuple[int, ...]:
    return ()


def _contract_buy_queue(match: GameState) -> tuple[int, ...]:
    view: Any = match.view(match.current)
    if view.phase != "buying":
        return ()
    return tuple(getattr(match.deal, "buy_queue", ()))


#: The seats still to be asked about the offered discard, in the order the match asks them.
BUY_QUEUE: dict[Family, Callable[[GameState], tuple[int, ...]]] = {
    Family.MANIPULATION: _no_buy_queue, Family.CONTRACT: _contract_buy_queue}
def _no_buy_window(match: GameState) -> int:
    return 0


def _contract_buy_window(match: GameState) -> int:
    """The step at which the buy window open now opened: just after the draw from the
    stock that offered the discard (0 when none is open)."""
    if not _contract_buy_queue(match):
        return 0
    log = match.log
    return next((step + 1 for step in range(len(log) - 1, -1, -1)
                 if log[step].kind == "draw"), 0)


#: The step the buy window open now began at (a screen behind it answered another one).
BUY_WINDOW_OPENED: dict[Family, Callable[[GameState], int]] = {
    Family.MANIPULATION: _no_buy_window, Family.CONTRACT: _contract_buy_window}
#: The answers a seat in the buy window may send before it is asked.
BUY_ANSWERS = frozenset({"buy", "decline"})
