"""A client's action as the engine's own action record, read by the engine's readers of
its family (the same ones a save's log goes through), and what every seat may know of an
action once it is applied (the public event the tables animate and log).

``action_from_wire`` never raises anything but ``WireError``: whatever a client sends, the
host gets an action to verify or a reason to refuse the message.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.engine.actions import Action, action_from_json
from game.engine.cards import Card
from game.engine.contract.actions import contract_action_from_json
from game.engine.errors import EngineError
from game.engine.serial import card_to_json
from game.engine.variants import Family
from game.net.wire import WireError

#: The engine's action reader of each family (the one its saves use).
READERS: dict[Family, Callable[[dict[str, Any]], Action]] = {
    Family.MANIPULATION: action_from_json, Family.CONTRACT: contract_action_from_json}

#: Actions only the host takes: a client never deals the next hand.
HOST_ONLY = frozenset({"next_hand"})
#: The fields a client's action of each kind may hold besides ``type`` and ``player``: the
#: choices a player makes, nothing else. What a saved log also holds (``unsettled``: the
#: must-play search could not settle its question) only the host's own match writes; a
#: client that sends it, or a count, a penalty or "a play was started", is refused.
CLIENT_FIELDS: dict[str, frozenset[str]] = {
    "play": frozenset({"table"}), "draw": frozenset(), "knock": frozenset(),
    "pass": frozenset(), "end_turn": frozenset(), "abandon": frozenset(),
    "start_play": frozenset(), "take_discard": frozenset(), "buy": frozenset(),
    "decline": frozenset(), "lay_down": frozenset({"melds", "declared"}),
    "lay_off": frozenset({"card", "meld", "declared"}),
    "swap_joker": frozenset({"card", "meld"}), "discard": frozenset({"card"}),
}


def _cards_named(data: dict[str, Any]) -> int:
    """How many cards an action's lists name (a play's table, a lay-down's melds and
    declared jokers), counted before a card is read: reading costs per card."""
    count = 0
    for holder in (data, data.get("table")):
        if not isinstance(holder, dict):
            continue
        for name in ("melds", "free", "declared"):
            items = holder.get(name)
            if isinstance(items, list):
                count += sum(len(item) if isinstance(item, list) else 1 for item in items)
    return count


def action_from_wire(family: Family, data: dict[str, Any], most_cards: int | None = None
                     ) -> Action:
    """The action a client's ``action`` field holds; ``WireError`` when it is not one.
    ``most_cards``: the cards of the game's deck; an action naming more is refused before
    its cards are read (a client cannot make the host read thousands of them)."""
    kind = data.get("type")
    player = data.get("player")
    if not isinstance(kind, str):
        raise WireError("bad_action", "an action needs a type")
    if kind in HOST_ONLY:
        raise WireError("bad_action", f"the host takes {kind} itself")
    if isinstance(player, bool) or not isinstance(player, int):
        raise WireError("bad_action", "an action needs the player's seat number")
    allowed = CLIENT_FIELDS.get(kind)
    if allowed is None:
        raise WireError("bad_action", f"not an action of this game: {kind[:40]!r}")
    for name in data:
        if name not in ("type", "player") and name not in allowed:
            raise WireError("bad_field", f"{kind} has no field {name[:40]!r}: the host "
                            "keeps that itself")
    if most_cards is not None:
        named = _cards_named(data)
        if named > most_cards:
            raise WireError("too_many_cards", f"a {kind} of {named} cards: this game's deck "
                            f"has {most_cards}")
    try:
        return READERS[family](data)
    except (EngineError, KeyError, TypeError, ValueError, AttributeError, IndexError,
            RecursionError) as error:
        raise WireError("bad_action", f"not an action of this game: {type(error).__name__}"
                        ) from None


def public_event(seat: int | None, action: Action, drawn: int, played: Sequence[Card],
                 taken: Sequence[Card], turn_ended: bool, step: int) -> dict[str, Any]:
    """What every seat may know of ``action`` (just applied by ``seat``): the action itself
    (no action names a hidden card: a draw says nothing of what was drawn), how many cards
    came into the seat's hand (``drawn``), the cards that left it for the table or the
    discard pile (``played``), the face-up cards among those that came in (``taken``: the
    discard taken or bought, a joker swapped off the table), whether the seat's turn
    ended, and the match's ``step`` (actions applied so far, this one included)."""
    return {
        "seat": seat, "action": action.to_json(), "drawn": drawn,
        "played": [card_to_json(c) for c in played],
        "taken": [card_to_json(c) for c in taken],
        "turn_ended": turn_ended, "step": step,
    }
