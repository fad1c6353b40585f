"""Playing the hand out on sampled deals: how Hard weighs a play where the rules force the
pace (draw-until-able: Shanghai, Manipulation).

There a player who can meld must, and one who cannot draws until able, so a turn's only
choice is which cards to put down; its worth shows only turns later (a card kept back is a
turn without drawing, a card put down may feed an opponent). So each candidate play is
played out to the end of the hand on the same sampled deals: the opponents get hands of
their sizes from the unseen cards, fitting what their turns showed, the rest of the unseen
cards are the stock in a random order, and from there every seat (this one too) puts down
its largest play each turn, drawing until able, as Medium does. A play is worth, averaged
over the deals, its penalty at the end of the hand less the mean of the others', or (Hard's
way, ``for_match``, in a hand that may end the match) the chance of winning the match from
the totals that end leaves (``standings``). A play other than the largest is taken only
when it beats the largest by more than the noise of the few deals there was work for
(``Weighing.edge``): deals differ far more than the plays do, and a pick on noise alone
proved no better than the largest play. Every rollout spends counted solver work, never
time, so a seeded match replays alike on any machine.

The deals are whole engine states (``game.ai.resample``), and ``play_out`` plays them on
through the match's own rules (``Match.apply``: when a turn ends, when a draw is allowed,
when the hand is over). The largest play a seat makes is the search's, and a seat the
search finds no play for is known unable to play: the must-play rule's question is answered
from that search (``_Searched``), not asked again.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from game.ai.players.opponents import HandSampler, hand_model
from game.ai.players.standings import (
    ends_match,
    hand_points,
    history_points,
    match_chance,
    spread_of,
    weighs_match,
)
from game.ai.resample import Dealing, opponents, position, resample
from game.engine.actions import Draw, Pass, Play
from game.engine.cards import Card
from game.engine.match import Match, PlayerView
from game.engine.scoring import hand_value
from game.engine.table import Table
from game.engine.variants import Variant
from game.solver import PLAY_ORACLE, FoundPlay, Work, arrange


@dataclass(frozen=True)
class Deal:
    """One guess at the hidden cards: each opponent's hand and the stock, top card last."""

    hands: dict[int, list[Card]]
    stock: list[Card]

    @classmethod
    def of(cls, match: Match, view: PlayerView) -> Deal:
        """The hidden cards of ``match``, a state resampled from ``view``."""
        return cls({seat: list(match.deal.hands[seat]) for seat in opponents(view)},
                   list(match.deal.stock))


class DealSource(Protocol):
    """Where the deals a play is played out on come from: ``sample_deals`` in play
    (``random_deals`` with Hard's ``Tuning.read_hands`` off); a research benchmark may hand
    over the real hands instead, to measure what knowing them would be worth
    (``tests/benchmarks/bench_tournament.py``'s reading pairs)."""

    def __call__(self, view: PlayerView, rng: random.Random, count: int,
                 sampler: HandSampler, work: Work, budget: int) -> list[Deal]: ...


def sample_deals(view: PlayerView, rng: random.Random, count: int, sampler: HandSampler,
                 work: Work, budget: int) -> list[Deal]:
    """``count`` deals of the unseen cards: each opponent's hand sampled to fit what its
    turns showed (``HandSampler``: after a turn of playing all it could, or of drawing
    until able, its hand is dead on that turn's table), the hands kept apart (a card two
    samples share goes to the first, the second refilled from the cards left), the rest
    the stock in a random order. The sampling spends from ``work`` up to ``budget``."""
    seats = opponents(view)
    sampled = {seat: sampler.sample(view, hand_model(view, seat), count, work, budget)
               for seat in seats}
    return [Deal.of(resample(view, rng, guessed={s: sampled[s][index] for s in seats}), view)
            for index in range(count)]


def random_deals(view: PlayerView, rng: random.Random, count: int, sampler: HandSampler,
                 work: Work, budget: int) -> list[Deal]:
    """``count`` deals where each opponent holds cards drawn at random from the unseen ones
    (nothing read from its turns: ``sampler`` and ``work`` go unused), the rest the stock in
    a random order."""
    return [Deal.of(resample(view, rng, dealing=Dealing.SHUFFLE), view)
            for _ in range(count)]


class _Searched:
    """The must-play rule's oracle in a play-out: a seat the search just found no play for
    cannot play (the engine asks before letting it draw or pass); any other question goes
    to the solver's oracle."""

    def __init__(self) -> None:
        self.unable: tuple[Table, tuple[Card, ...], bool] | None = None

    def can_play(self, variant: Variant, table: Table, hand: Sequence[Card],
                 opened: bool) -> bool | None:
        if self.unable is not None and self.unable == (table, tuple(hand), opened):
            return False
        return PLAY_ORACLE.can_play(variant, table, hand, opened)


def play_out(view: PlayerView, play: FoundPlay, deal: Deal,
             work: Work) -> dict[int, list[Card]]:
    """The hands at the end of the hand when this seat makes ``play`` and then every seat,
    in turn, puts down its largest play, or else draws or passes as the rules let it, on
    the engine's match standing at ``view`` with ``deal``'s hidden cards (so the rules end
    the turns and the hand). Raises OutOfWork (a TimeoutError) once ``work`` is spent."""
    searched = _Searched()
    match = position(view, deal.hands, deal.stock, searched)
    match.apply(Play(view.seat, play.table))
    h = match.deal
    while h.result is None:
        seat = h.current
        found = arrange(view.variant, h.table, h.hands[seat], h.opened[seat], tie_break=False,
                        work=work)
        if found is not None:
            match.apply(Play(seat, found.play.table))
            continue
        searched.unable = (h.table, tuple(h.hands[seat]), h.opened[seat])
        match.apply(Draw(seat) if h.stock else Pass(seat))
    return {seat: list(cards) for seat, cards in enumerate(h.hands)}


def outcome(view: PlayerView, hands: dict[int, list[Card]]) -> float:
    """This seat's penalty less the mean of the others' (lower is better)."""
    scheme = view.variant.scoring
    others = [hand_value(scheme, hands[s]) for s in opponents(view)]
    return hand_value(scheme, hands[view.seat]) - sum(others) / max(1, len(others))


@dataclass(frozen=True)
class Weighing:
    """The outcome of every play on each deal played out (one row per deal, a column per
    play; lower is better)."""

    rows: list[list[float]]

    def mean(self, play: int) -> float:
        return statistics.fmean(row[play] for row in self.rows)

    def edge(self, play: int, margin: float) -> float:
        """How much lower ``play``'s outcome came out than play 0's, on the same deals, less
        ``margin`` standard errors of that difference: above zero, ``play`` did better than
        the noise of so few deals explains. With one deal the noise is unknown: minus
        infinity, unless ``margin`` is 0."""
        gains = [row[0] - row[play] for row in self.rows]
        if len(gains) < 2:
            return gains[0] if margin == 0 else -math.inf
        error = statistics.stdev(gains) / math.sqrt(len(gains))
        return statistics.fmean(gains) - margin * error

    def choice(self, margin: float) -> int:
        """Play 0, unless another beats it beyond ``margin`` standard errors (then the one
        with the largest such edge)."""
        edges = [(self.edge(play, margin), play) for play in range(1, len(self.rows[0]))]
        best_edge, best = max(edges, default=(0.0, 0))
        return best if best_edge > 0 else 0


def weigh_by_rollouts(view: PlayerView, plays: Sequence[FoundPlay], deals: Sequence[Deal],
                      work: Work, budget: int, for_match: bool = False) -> Weighing | None:
    """Every play's outcome on each deal, every play on the same deals (``play_outs``).
    None when no deal was played out. ``for_match``: when the hand may end the match, an
    outcome is the chance of not winning the match from the totals that end of the hand
    leaves (``match_rows``; where the scoring allows), not the hand's penalty against the
    others'."""
    ends = play_outs(view, plays, deals, work, budget)
    if not ends:
        return None
    rows = match_rows(view, ends) if for_match and weighs_match(view) else None
    if rows is None:
        rows = [[outcome(view, hands) for hands in row] for row in ends]
    return Weighing(rows)


def play_outs(view: PlayerView, plays: Sequence[FoundPlay], deals: Sequence[Deal],
              work: Work, budget: int) -> list[list[dict[int, list[Card]]]]:
    """The hands at the end of the hand for every play on each deal (one row per deal). A
    new deal is begun only while the work spent, plus what the costliest deal so far took,
    stays within ``budget`` units; a deal cut short by ``work`` running out is not kept.
    A deal may take at most half the budget: a second must fit, for with a single deal
    the noise is unknown and the largest play is kept anyway (``Weighing.edge``), so a
    long hand is not played out only to be ignored."""
    ends: list[list[dict[int, list[Card]]]] = []
    costliest = 0
    for deal in deals:
        if work.spent + costliest > budget:
            break
        before = work.spent
        part = work.part(budget // 2)
        try:
            row = [play_out(view, play, deal, part) for play in plays]
        except TimeoutError:
            break
        costliest = max(costliest, work.spent - before)
        ends.append(row)
    return ends


def match_rows(view: PlayerView, ends: Sequence[Sequence[dict[int, list[Card]]]],
               ) -> list[list[float]] | None:
    """When some end of the hand played out ends the match (the last agreed hand, or a
    total reaching the target): each end as the chance of not winning the match from the
    totals it leaves (lower is better, as ``outcome``); otherwise None. The points a hand
    is likely to bring, for the ends that leave more to play, are those of the hands played
    so far; before two hands have been, the ends played out here count too."""
    points = [[hand_points(view, hands) for hands in row] for row in ends]
    if not any(ends_match(view, end) for row in points for end in row):
        return None
    seen = history_points(view)
    if len(view.history) < 2:
        seen += [float(p) for row in points for end in row for p in end]
    spread = spread_of(seen)
    return [[1.0 - match_chance(view, end, spread) for end in row] for row in points]
