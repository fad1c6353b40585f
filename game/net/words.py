"""A manipulation game's public event in the words of the table's turn log, at a joined
screen: the same words ``game.coach.turn_words`` gives the table, made from what the event
and the seat's previous view hold (the table before the action, the cards played from the
hand), so the person at another computer reads what the host's table shows. A contract
game's words need its melds as they stood (``game.ui.contract.words``), which the seat's
previous view holds too."""

from __future__ import annotations

from typing import Any

from game.coach.turn_words import action_words, play_steps
from game.engine.actions import Play, action_from_json
from game.engine.table import Table
from game.engine.variants import Variant
from game.net.views import cards_from


def manipulation_words(variant: Variant, name: str, event: dict[str, Any],
                       before: Table | None) -> str:
    """``event`` (by the seat called ``name``) in the turn log's words; ``before``: the table
    before it (the previous view's), None if unknown (a play is then counted in cards)."""
    action = action_from_json(event["action"])
    played = cards_from(event["played"])
    steps = play_steps(variant, before, played, action.table) \
        if isinstance(action, Play) and before is not None else []
    return action_words(name, action, played, event["drawn"], steps)
