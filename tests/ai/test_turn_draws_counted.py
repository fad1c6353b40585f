"""Hard counts the cards a move leaves as the engine deals them (issue 47.4): the cards put
down, then what the turn draws: the draw's cards instead of a play (Guadalupe's turn: two),
the card after a play that keeps some in hand (Guadalupe's turn: one), and never more than
the stock holds (an empty stock: the seat passes). A variant is known by its rules: the same
rules under another name count alike, and a variant's name with other rules counts as those
rules do.

Each case plays the move on the real match and compares the count with the hand it leaves.
"""

from __future__ import annotations

import dataclasses

import pytest

from game.ai.players import make_player
from game.ai.players.hard import HardPlayer
from game.ai.players.lookahead import Candidate, race, weigh
from game.engine.actions import Draw, Pass, Play
from game.engine.match import Match
from game.engine.serialize import new_match
from game.engine.variant import TurnStructure, Variant
from game.engine.variants import GUADALUPE, MACHIAVELLI
from game.solver import PLAY_ORACLE, FoundPlay, Work, best_play
from tests.conftest import rig

TABLE = "3C 4C 5C | 9D 9S 9H"
MINE = "6C 2S KD JH 5D"  # 6C extends the run; nothing else goes down
THEIRS = "KH QS 2D 7D"  # nothing of it goes down on either table
STOCK = "2H 3H 4H 5H 6H"

VARIANTS = {
    "guadalupe": GUADALUPE,
    "guadalupe's rules, another name": dataclasses.replace(
        GUADALUPE, id="two-card-draw", name="Two-card draw"),
    "machiavelli": MACHIAVELLI,
    "machiavelli with guadalupe's turn": dataclasses.replace(
        MACHIAVELLI, id="machiavelli-draw-two", turn=TurnStructure.GUADALUPE),
    "the name guadalupe, play-or-draw turn": dataclasses.replace(
        GUADALUPE, turn=TurnStructure.PLAY_OR_DRAW),
}
STOCKS = (0, 1, 2, 3, 5)


def at_stock(variant: Variant, stock: int) -> Match:
    """Seat 0 to move with ``MINE`` on ``TABLE``, seat 1 holding ``THEIRS``, every seat
    opened, ``stock`` cards left, under ``variant``'s rules."""
    base = "machiavelli" if variant.turn is TurnStructure.PLAY_OR_DRAW else "guadalupe"
    match = new_match(base, 3, 5, {"match": "hands:3"}, oracle=PLAY_ORACLE)
    assert isinstance(match, Match)
    match.variant = variant
    rig(match, TABLE, [MINE, THEIRS, "10S JS"], stock=" ".join(STOCK.split()[:stock]),
        current=0, keep_rest=False)
    match.deal.opened = [True] * 3
    return match


def the_play(match: Match) -> FoundPlay:
    view = match.view(0)
    keep = [c for c in view.hand if str(c) != "6C"]
    found = best_play(view.variant, view.table, list(view.hand), True, keep=keep)
    assert found is not None and [str(c) for c in found.played] == ["6C"]
    return found


def move(match: Match, seat: int, play: FoundPlay | None) -> int:
    """Play ``play`` (None: draw, or pass where the stock is empty) for ``seat``; the cards
    the seat then holds."""
    if play is not None:
        match.apply(Play(seat, play.table))
    elif "draw" in match.view(seat).legal:
        match.apply(Draw(seat))
    else:
        match.apply(Pass(seat))
    assert match.deal.current != seat  # the move ended the turn
    return len(match.deal.hands[seat])


@pytest.mark.parametrize("stock", STOCKS)
@pytest.mark.parametrize("playing", [True, False], ids=["play", "draw"])
@pytest.mark.parametrize("name", VARIANTS)
def test_hard_counts_the_cards_a_move_leaves_as_the_engine_deals_them(
        name: str, playing: bool, stock: int) -> None:
    match = at_stock(VARIANTS[name], stock)
    view = match.view(0)
    play = the_play(match) if playing else None
    hard = make_player("hard", 1)
    assert isinstance(hard, HardPlayer)
    counted = hard._left(view, play)
    assert counted == move(match, 0, play)


@pytest.mark.parametrize("stock", STOCKS)
@pytest.mark.parametrize("playing", [True, False], ids=["play", "draw"])
@pytest.mark.parametrize("name", VARIANTS)
def test_the_look_ahead_counts_the_next_seats_reply_on_the_stock_the_move_leaves(
        name: str, playing: bool, stock: int) -> None:
    # the next seat cannot play: it draws what the stock still holds after this move, or
    # passes on an empty stock
    match = at_stock(VARIANTS[name], stock)
    view = match.view(0)
    play = the_play(match) if playing else None
    if play is None and "draw" not in view.legal:
        pytest.skip("no draw on an empty stock: not a candidate")
    mine = 3.0
    slope = 0.6
    opponent = [c for c in match.deal.hands[1]]
    scores = weigh(view, [Candidate("the move", play, mine)], {1: [opponent]}, slope,
                   Work(10**9), 10**9, least=1)
    move(match, 0, play)
    theirs = move(match, 1, None)
    assert scores == [pytest.approx(race(mine, theirs, slope))]
