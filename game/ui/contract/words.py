"""What the contract table says about an action, in suit symbols (``7♥``), never card
codes (``7H``): the status line after each action, the replay's steps, Undo's note."""

from __future__ import annotations

from game.engine.actions import Action
from game.engine.cards import Card
from game.engine.contract.actions import LayDown, LayOff, SwapJoker
from game.engine.contract.match import ContractMatch
from game.ui.contract.model import card_text, the_card


def cards_text(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(card_text(c) for c in cards)


def action_words(match: ContractMatch, name: str, you: bool, action: Action,
                 card: Card | None, why: str = "") -> str:
    """``name``'s ``action`` (just applied to ``match``; ``card``: the card it moved) in
    words; ``you``: the person at the screen, addressed as "You". ``why`` explains a
    decline ("timeout" or "always")."""
    kind = action.kind
    if kind == "draw":
        return f"{name} drew from the stock"
    if kind == "take_discard":
        return f"{name} took {the_card(card)}"
    if kind == "buy":
        return f"{name} bought {the_card(card)} and a penalty card"
    if kind == "decline":
        if why == "timeout" and you:
            return f"Time's up: you did not buy {the_card(card)}"
        if why == "always":
            return f"{name} did not buy {the_card(card)} (always decline buys)"
        return f"{name} did not buy {the_card(card)}"
    if isinstance(action, LayDown):
        groups = "  \u00b7  ".join(cards_text(list(m)) for m in action.melds)
        return f"{name} laid down {match.contract}: {groups}"
    melds = match.hand.melds
    if isinstance(action, LayOff | SwapJoker) and 0 <= action.meld < len(melds):
        on = cards_text(melds[action.meld].cards)
        if isinstance(action, LayOff):
            return f"{name} laid off {the_card(card)}: {on}"
        return f"{name} swapped {the_card(card)} for a joker: {on}"
    if kind == "discard":
        return f"{name} discarded {the_card(card)}"
    return f"{name}: {kind.replace('_', ' ')}"
