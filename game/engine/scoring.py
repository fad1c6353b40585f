"""Card values, hand scoring for every scheme of RULES.md section 5, and match results."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from game.engine.cards import Card, Face
from game.engine.variants import Scoring, Variant

UNDERCUT_BONUS = 10
GOING_OUT_BONUS = 25
MATCH_END_BONUS = 100
DEAL_WON_BONUS = 25

# Scores are whole numbers but for Culbertson's tied winners, who divide the winnings
# exactly (25 between two is 12.5 each): such a share is a Fraction.
Points = int | Fraction


def exact(value: Points) -> Points:
    """``value`` as an int when it is whole, so whole scores stay plain ints."""
    if isinstance(value, Fraction) and value.denominator == 1:
        return int(value)
    return value


def points_json(value: Points) -> int | float | str:
    """A score for JSON: an int, a float where that is exact (halves, quarters), else the
    fraction as text ("25/3")."""
    value = exact(value)
    if isinstance(value, int):
        return value
    den = value.denominator
    if den & (den - 1) == 0:  # a power of two: the float is exact
        return float(value)
    return f"{value.numerator}/{value.denominator}"


def points_number(value: Points) -> int | float:
    """A score as a plain number, for listings and statistics (a share of thirds is
    rounded there; the match itself keeps it exact)."""
    value = exact(value)
    return value if isinstance(value, int) else float(value)


def points_from_json(value: object) -> Points:
    """A score read back from ``points_json``; ValueError for anything else."""
    if isinstance(value, bool):
        raise ValueError(f"not a score: {value!r}")
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value == value and abs(value) != float("inf"):
        return exact(Fraction(value))
    if isinstance(value, str) and "/" in value:
        try:
            return exact(Fraction(value))
        except (ValueError, ZeroDivisionError):
            pass
    raise ValueError(f"not a score: {value!r}")


def points_text(value: Points, sign: bool = False) -> str:
    """A score for people: 12, 12.5, 8⅓ (with ``sign``: +12, -3)."""
    value = exact(value)
    prefix = "+" if sign and value > 0 else ""
    if isinstance(value, int):
        return f"{prefix}{value}"
    whole, part = divmod(value, 1)
    glyph = {Fraction(1, 3): "\u2153", Fraction(2, 3): "\u2154"}.get(part)
    if glyph is not None:
        return f"{prefix}{int(whole) if whole else ''}{glyph}"
    return f"{prefix}{float(value):g}"


def card_value(scheme: str, card: Card) -> int:
    """What one card left in hand counts under a scoring scheme (a ``Scoring``, or its
    text)."""
    rank = card.rank
    kind = Scoring(scheme)
    if kind is Scoring.TAHITI:
        return 30 if card.is_joker else 11 if rank == 1 else min(rank, 10)
    if kind is Scoring.MANIPULATION:
        # (house) a joker, if jokers are switched on, counts like an ace
        return 15 if card.is_joker or rank == 1 else 10 if rank >= 10 else 5
    if kind.is_carousel:
        return 25 if card.is_joker else min(rank, 10)
    return 1  # cards_count and none count cards


def hand_value(scheme: str, hand: Sequence[Card]) -> int:
    return sum(card_value(scheme, card) for card in hand)


def meld_points(faces: Sequence[Face], kind: str | None) -> int:
    """Points of a meld for an opening requirement (points:N): 2-10 face value, J/Q/K 10,
    an ace 11, or 1 in a run that starts A-2. A joker counts as the card it plays."""
    ranks = [f.rank for f in faces]
    low_run = kind == "run" and 1 in ranks and 2 in ranks
    return sum((1 if low_run else 11) if r == 1 else min(r, 10) for r in ranks)


@dataclass(frozen=True)
class HandResult:
    """How a hand ended and what each seat scored."""

    reason: str  # "out", "knock", "stock_out"
    ender: int | None  # who went out or knocked
    hand_values: tuple[int, ...]  # each seat's count of cards left, in the scheme's values
    points: tuple[Points, ...]  # what each seat adds to its match total
    winners: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason, "ender": self.ender, "hand_values": list(self.hand_values),
            "points": [points_json(p) for p in self.points], "winners": list(self.winners),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HandResult:
        return cls(data["reason"], data["ender"], tuple(data["hand_values"]),
                   tuple(points_from_json(p) for p in data["points"]),
                   tuple(data["winners"]))


def score_hand(variant: Variant, hands: Sequence[Sequence[Card]], reason: str,
               ender: int | None = None) -> HandResult:
    """Score a finished hand. ``reason`` is out, knock or stock_out; ``ender`` the seat that
    went out or knocked."""
    scheme = variant.scoring
    values = tuple(hand_value(scheme, hand) for hand in hands)
    if scheme.is_carousel:
        return _score_carousel(scheme, values, reason, ender)
    if reason == "out":
        points = tuple(0 if seat == ender else v for seat, v in enumerate(values))
        winners: tuple[int, ...] = (ender,)  # type: ignore[assignment]
    else:
        points = values
        low = min(values)
        winners = tuple(seat for seat, v in enumerate(values) if v == low)
    if scheme is Scoring.NONE:
        points = tuple(0 for _ in values)
    return HandResult(reason, ender, values, points, winners)


def _score_carousel(scheme: Scoring, values: tuple[int, ...], reason: str,
                    ender: int | None) -> HandResult:
    seats = range(len(values))
    points: list[Points] = [0] * len(values)
    if reason == "out":
        assert ender is not None
        total = sum(v for s, v in enumerate(values) if s != ender)
        points[ender] = total + GOING_OUT_BONUS
        return HandResult(reason, ender, values, tuple(points), (ender,))
    low = min(values)
    winners = [s for s in seats if values[s] == low]
    if reason == "knock" and ender in winners and len(winners) > 1:
        winners.remove(ender)  # a tie with the knocker goes to the other player
    bonus = UNDERCUT_BONUS if reason == "knock" else 0
    for winner in winners:
        won: Points
        if scheme is Scoring.CAROUSEL_SCARNE:
            won = sum(values[s] - values[winner] for s in seats if s != winner)
        else:
            # tied winners divide the other hands exactly (RULES.md 5)
            others = sum(values[s] for s in seats if s not in winners)
            won = exact(Fraction(others, len(winners)))
        points[winner] = exact(won + (bonus if winner != ender else 0))
    return HandResult(reason, ender, values, tuple(points), tuple(winners))


@dataclass(frozen=True)
class MatchResult:
    totals: tuple[Points, ...]  # final totals, bonuses included
    winners: tuple[int, ...]
    bonuses: tuple[Points, ...]  # end-of-match bonuses included in totals
    settlements: tuple[tuple[int, int, Points], ...] = ()  # (payer, payee, amount)


def match_over(variant: Variant, totals: Sequence[Points], hands_played: int) -> bool:
    target = variant.match_target
    if target is not None:
        return max(totals) >= target
    return hands_played >= (variant.match_hands or 1)


def match_result(variant: Variant, totals: Sequence[Points],
                 deals_won: Sequence[int]) -> MatchResult:
    """Final standings. Penalty schemes: lowest total wins. Carousel: highest total wins,
    after the bonus for reaching the target and (Scarne) 25 for every deal won."""
    scheme = variant.scoring
    bonuses: list[Points] = [0] * len(totals)
    if scheme.is_carousel:
        target = variant.match_target
        for seat, total in enumerate(totals):
            if target is not None and total >= target:
                bonuses[seat] += MATCH_END_BONUS
            if scheme is Scoring.CAROUSEL_SCARNE:
                bonuses[seat] += DEAL_WON_BONUS * deals_won[seat]
        final = tuple(exact(t + b) for t, b in zip(totals, bonuses, strict=True))
        best = max(final)
        winners = tuple(s for s, t in enumerate(final) if t == best)
        settlements = tuple(
            (a, b, exact(final[b] - final[a]))
            for a in range(len(final)) for b in range(len(final))
            if final[b] > final[a]
        )
        return MatchResult(final, winners, tuple(bonuses), settlements)
    if scheme is Scoring.NONE:
        best = max(deals_won)
        return MatchResult(tuple(totals), tuple(s for s, w in enumerate(deals_won) if w == best),
                           tuple(bonuses))
    best = min(totals)
    return MatchResult(tuple(totals), tuple(s for s, t in enumerate(totals) if t == best),
                       tuple(bonuses))
