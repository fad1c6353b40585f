"""Issue 45 (fourth audit): every option changes what it says and only that, a game refuses
the options it does not have, and every line of the rules text follows the options."""

from __future__ import annotations

import pytest

from game.engine.match import Match
from game.engine.rules_text import describe
from game.engine.serialize import new_match
from game.engine.variants import get_variant

# --- 45.1: the jokers option changes the jokers, never the packs


@pytest.mark.parametrize(("variant_id", "players", "jokers", "deck"), [
    ("carousel", 5, 0, (2, 0)),
    ("carousel", 2, 0, (1, 0)),
    ("carousel", 4, 3, (2, 3)),
    ("manipulation", 6, 0, (3, 0)),
    ("manipulation", 6, 2, (3, 2)),
    ("shanghai-rummy", 8, 2, (3, 2)),
    ("shanghai-rummy", 3, 0, (2, 0)),
])
def test_the_jokers_option_keeps_the_packs_the_seats_are_dealt(
        variant_id: str, players: int, jokers: int, deck: tuple[int, int]) -> None:
    variant = get_variant(variant_id, {"jokers": jokers})
    assert variant.deck_for(players) == deck


def test_a_five_seat_carousel_without_jokers_is_dealt_from_two_packs() -> None:
    match = Match("carousel", 5, 7, {"jokers": 0})
    cards = sum(map(len, match.hand.hands)) + len(match.hand.stock)
    assert cards == 104
    assert len(match.hand.stock) == 104 - 5 * match.variant.hand_size
    contract = new_match("shanghai-rummy", 8, 7, {"jokers": 2})
    round_ = contract.hand  # type: ignore[attr-defined]
    assert sum(map(len, round_.hands)) + len(round_.stock) + len(round_.discard) == 3 * 52 + 2


def test_the_rules_text_keeps_the_larger_deck_with_the_jokers_chosen() -> None:
    text = describe(get_variant("carousel", {"jokers": 0}))
    assert "Deck: 1 pack; from 3 players 2 packs." in "\n".join(text)
