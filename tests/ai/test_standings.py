"""What the end of a hand is worth to the match (``standings``): exact when the hand ends the
match, a normal guess at the hands to come otherwise; and Hard's rollouts weighing the
ends of a hand by it, which puts the seat ahead first."""

from __future__ import annotations

import pytest

from game.ai.players.rollouts import match_rows, outcome
from game.ai.players.standings import Spread, hand_points, match_chance
from game.engine.cards import Card, parse_cards
from game.engine.match import Match, PlayerView
from game.engine.scoring import HandResult
from game.solver import PLAY_ORACLE

SHANGHAI_HAND = Spread(per_hand=1.5, sd=1.7)  # about what Mediums take a Shanghai hand


def _view(variant: str, totals: list[int], hands_played: int, seat: int = 0) -> PlayerView:
    match = Match(variant, 3, 1, oracle=PLAY_ORACLE)
    match.totals = list(totals)
    match.history = [HandResult("out", 1, (1, 0, 1), (1, 0, 1), (1,))] * hands_played
    return match.view(seat)


def test_the_last_agreed_hand_is_worth_exactly_the_match() -> None:
    view = _view("shanghai", [5, 3, 8], hands_played=4)  # Shanghai is five hands
    assert match_chance(view, [0, 2, 1], SHANGHAI_HAND) == 0.5  # 5, 5, 9: a tie for the win
    assert match_chance(view, [1, 0, 0], SHANGHAI_HAND) == 0.0  # 6, 3, 8
    assert match_chance(view, [0, 3, 0], SHANGHAI_HAND) == 1.0  # 5, 6, 8


def test_a_total_reaching_the_target_ends_the_match() -> None:
    view = _view("manipulation", [150, 190, 100], hands_played=6)  # to 200
    assert match_chance(view, [20, 15, 0], Spread(12, 15)) == 0.0  # 170, 205, 100
    assert match_chance(view, [0, 15, 60], Spread(12, 15)) == 1.0  # 150, 205, 160
    # nobody reaches 200: not settled, though seat 0 is well placed
    assert 0.0 < match_chance(view, [0, 5, 60], Spread(12, 15)) < 1.0


def test_a_lead_counts_for_more_the_fewer_hands_are_left() -> None:
    early = _view("shanghai", [0, 2, 2], hands_played=0)
    late = _view("shanghai", [0, 2, 2], hands_played=3)
    even = _view("shanghai", [2, 2, 2], hands_played=3)
    assert match_chance(even, [0, 0, 0], SHANGHAI_HAND) == pytest.approx(1 / 3, abs=1e-6)
    chance_early = match_chance(early, [0, 0, 0], SHANGHAI_HAND)
    chance_late = match_chance(late, [0, 0, 0], SHANGHAI_HAND)
    assert 1 / 3 < chance_early < chance_late < 1


@pytest.mark.parametrize("totals", [[0, 0, 0], [4, 1, 9], [12, 3, 3], [30, 0, 1]])
def test_the_seats_chances_add_up_to_the_whole_match(totals: list[int]) -> None:
    chances = [match_chance(_view("shanghai", totals, 1, seat), [0, 1, 2], SHANGHAI_HAND)
               for seat in range(3)]
    assert sum(chances) == pytest.approx(1.0, abs=1e-6)


def test_a_hand_is_scored_out_when_a_hand_is_empty_and_as_it_stands_otherwise() -> None:
    view = _view("manipulation", [0, 0, 0], hands_played=0)
    out = {0: _cards("AS 2C"), 1: [], 2: _cards("KD")}
    assert hand_points(view, out) == [20, 0, 10]
    stuck = {0: _cards("AS"), 1: _cards("3C"), 2: _cards("KD")}
    assert hand_points(view, stuck) == [15, 5, 10]


def test_for_the_match_the_seat_to_beat_is_the_one_ahead() -> None:
    """Last hand; seat 0 on 5, seat 1 on 3, seat 2 far behind on 20. Seat 1 going out with
    seat 2 stuck on a dozen cards is the better end for the hand's penalty against the
    others' (what the rollouts weighed by before), yet seat 0 loses the match by it; going
    out itself wins it."""
    view = _view("shanghai", [5, 3, 20], hands_played=4)
    goes_out = {0: [], 1: _cards("2C 3C 4C"), 2: _cards("2D 3D 4D 5D")}  # 5, 6, 24
    far_seat_stuck = {0: _cards("QD"), 1: [],
                      2: _cards("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")}  # 6, 3, 32
    assert outcome(view, far_seat_stuck) < outcome(view, goes_out)
    assert match_rows(view, [[goes_out, far_seat_stuck]]) == [[0.0, 1.0]]  # lower is better


def _cards(text: str) -> list[Card]:
    return parse_cards(text)[0]


def test_a_hand_that_cannot_end_the_match_is_weighed_by_its_penalty() -> None:
    """Only a hand that may end the match is weighed by the match: before Shanghai's last
    hand, or while no total can reach Manipulation's target, ``match_rows`` leaves the
    weighing to the hand's penalty against the others'."""
    goes_out = {0: [], 1: _cards("2C 3C 4C"), 2: _cards("2D 3D 4D 5D")}
    stuck = {0: _cards("QD"), 1: [], 2: _cards("2S 3S 4S")}
    assert match_rows(_view("shanghai", [5, 3, 20], hands_played=3), [[goes_out, stuck]]) \
        is None
    assert match_rows(_view("manipulation", [50, 30, 90], hands_played=3),
                      [[goes_out, stuck]]) is None
    # seat 2 on 185 reaches 200 either way: the match ends, seat 0 wins it outright by going
    # out (20, 45, 205) and ties seat 1 for it when stuck on QD (30, 30, 200)
    near = _view("manipulation", [20, 30, 185], hands_played=8)
    assert match_rows(near, [[goes_out, stuck]]) == [[0.0, 0.5]]
