"""The review weighs a hold as Hard does (issue 47.4), so it counts the cards a move leaves
as the engine deals them: the cards put down, then the draw's cards instead of a play
(Guadalupe's turn: two), the card after a play that keeps some in hand (Guadalupe's turn:
one), never more than the stock holds. The count follows the variant's rules, never its
name: Guadalupe's rules under another name count alike, and the name "guadalupe" with a
play-or-draw turn counts one card a draw.

Each case plays the move on the real match and compares the count with the hand it leaves."""

from __future__ import annotations

import pytest

from game.ai.players.hard import Tuning
from game.coach.review import _race_count
from tests.ai.test_turn_draws_counted import STOCKS, VARIANTS, at_stock, move, the_play


@pytest.mark.parametrize("stock", STOCKS)
@pytest.mark.parametrize("playing", [True, False], ids=["play", "draw"])
@pytest.mark.parametrize("name", VARIANTS)
def test_the_review_counts_the_cards_a_move_leaves_as_the_engine_deals_them(
        name: str, playing: bool, stock: int) -> None:
    match = at_stock(VARIANTS[name], stock)
    view = match.view(0)
    largest = the_play(match)
    play = largest if playing else None
    # every card counts whole (a match of several hands: nothing held back is discounted)
    counted = _race_count(view, play, largest, Tuning(held_weight=1.0))
    assert counted == move(match, 0, play)
