"""What the end of a hand is worth to the match: this seat's chance of winning the match
from the totals that hand leaves (a tie for the win counts as a split share).

When the hand ends the match (its last agreed hand, or a total reaching the target) the
chance is exact: the match's own result. Otherwise the hands still to come are guessed as
independent, normally spread points for every seat, ``Spread.per_hand`` on average with
standard deviation ``Spread.sd`` a hand, over as many hands as the match should still last
(the agreed hands left, or the hands until the highest total should reach the target). So a
lead counts for more the fewer hands are left, and the seat to beat is the one ahead.

Only scorings where the lowest total wins are weighed this way (``weighs_match``)."""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.engine.cards import Card
from game.engine.match import PlayerView
from game.engine.scoring import Points, match_over, match_result, score_hand
from game.engine.variants import Scoring

LOWEST_WINS = (Scoring.CARDS_COUNT, Scoring.TAHITI, Scoring.MANIPULATION)

# The normal integral: points from -5 to +5 standard deviations, with their weights.
_STEPS = 41
_GRID = [-5.0 + 10.0 * i / (_STEPS - 1) for i in range(_STEPS)]
_WEIGHTS = [math.exp(-z * z / 2) for z in _GRID]
_WEIGHTS = [w / sum(_WEIGHTS) for w in _WEIGHTS]


@dataclass(frozen=True)
class Spread:
    """The points a seat takes in one hand: their mean and standard deviation."""

    per_hand: float
    sd: float


def weighs_match(view: PlayerView) -> bool:
    """Can the match be weighed from this view's scoring (the lowest total wins)?"""
    return view.variant.scoring in LOWEST_WINS


def spread_of(points: Iterable[float]) -> Spread:
    """The spread of these per-hand points (each one seat's points in one hand)."""
    values = list(points)
    if not values:
        return Spread(0.0, 0.0)
    return Spread(statistics.fmean(values), statistics.pstdev(values))


def history_points(view: PlayerView) -> list[float]:
    """Every seat's points in every hand played so far in the match."""
    return [float(p) for result in view.history for p in result.points]


def hand_points(view: PlayerView, hands: dict[int, list[Card]]) -> list[Points]:
    """The points each seat takes when the hand ends with these hands: out when a hand is
    empty, otherwise as it stands (the stock ran out)."""
    ordered = [hands[seat] for seat in range(view.players)]
    ender = next((seat for seat, hand in enumerate(ordered) if not hand), None)
    result = score_hand(view.variant, ordered, "stock_out" if ender is None else "out", ender)
    return list(result.points)


def _totals_after(view: PlayerView, points: Sequence[Points]) -> list[Points]:
    return [t + p for t, p in zip(view.totals, points, strict=True)]


def ends_match(view: PlayerView, points: Sequence[Points]) -> bool:
    """Does a hand that scores ``points`` end the match?"""
    return match_over(view.variant, _totals_after(view, points), len(view.history) + 1)


def match_chance(view: PlayerView, points: Sequence[Points], spread: Spread) -> float:
    """This seat's share of the match win after a hand that scores ``points``."""
    seat = view.seat
    exact = _totals_after(view, points)
    if ends_match(view, points):
        # deals won count under no lowest-wins scoring (``weighs_match``)
        winners = match_result(view.variant, exact, [0] * view.players).winners
        return 1.0 / len(winners) if seat in winners else 0.0
    totals = [float(total) for total in exact]
    left = _hands_left(view, totals, len(view.history) + 1, spread)
    scale = spread.sd * math.sqrt(left)
    mine = totals[seat]
    others = [total for other, total in enumerate(totals) if other != seat]
    if scale <= 0:
        low = min(others)
        return 1.0 if mine < low else (1.0 / (1 + others.count(low)) if mine == low else 0.0)
    leads = [(mine - other) / scale for other in others]
    # P(every other seat ends higher): my future draw z, each other's above z + lead
    return sum(weight * math.prod(_above(z + lead) for lead in leads)
               for z, weight in zip(_GRID, _WEIGHTS, strict=True))


def _hands_left(view: PlayerView, totals: Sequence[float], played: int,
                spread: Spread) -> int:
    """How many more hands the match should last."""
    hands = view.variant.match_hands
    if hands is not None:
        return max(1, hands - played)
    target = view.variant.match_target
    if target is None or spread.per_hand <= 0:
        return 1
    return max(1, math.ceil((target - max(totals)) / spread.per_hand))


def _above(z: float) -> float:
    """P(a standard normal draw is above z)."""
    return 0.5 * math.erfc(z / math.sqrt(2))
