"""One turn of look-ahead: what each candidate move leaves the next opponents, on sampled
hands that fit what their turns showed.

A candidate is a play (its end table and the cards it leaves in hand) or a draw. For each
sampled opponent hand the opponent's best reply on the candidate's table is solved exactly:
it goes out, plays some cards, or draws. The candidate's worth is the chance to win the race
from there, zero when the opponent goes out. Every candidate is weighed on the same samples.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.engine.cards import Card
from game.engine.draws import drawn_by_move, hand_after_move
from game.engine.match import PlayerView
from game.engine.table import Table
from game.solver import FoundPlay, Work, arrange


@dataclass(frozen=True)
class Candidate:
    label: str
    play: FoundPlay | None  # None: draw instead of playing
    left: float  # cards in hand after the move (and the draws the rules add), as the race
    # counts them

    def table(self, view: PlayerView) -> Table:
        return view.table if self.play is None else self.play.table


def race(mine: float, theirs: int, slope: float) -> float:
    """The chance to win the race to go out, on one's own turn, holding ``mine`` cards
    against ``theirs``: logistic in the log of their ratio (fitted on Medium-against-Medium
    Machiavelli games: slope 0.6)."""
    if mine <= 0:
        return 1.0
    if theirs <= 0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-slope * math.log(theirs / mine)))

# the most work (``game.solver.Work`` units, about 0.2 s here) one opponent reply may take
REPLY_WORK = 80_000


def reply(view: PlayerView, table: Table, hand: Sequence[Card], opened: bool, stock: int,
          work: int | Work = REPLY_WORK) -> tuple[bool, int]:
    """The opponent's best reply with ``hand`` on ``table``, ``stock`` cards left: (goes
    out, cards left after its turn, with what the turn draws: the engine's
    ``hand_after_move``). Only how many cards it plays matters, so the search skips the
    kept-melds tie-break. A search out of ``work`` counts as no play."""
    try:
        found = arrange(view.variant, table, list(hand), opened, work=work, tie_break=False)
    except TimeoutError:
        found = None
    played = len(found.play.played) if found is not None else 0
    if played == len(hand):
        return True, 0
    return False, hand_after_move(view.variant, stock, len(hand), played or None)


def weigh(view: PlayerView, candidates: Sequence[Candidate],
          hands: dict[int, list[list[Card]]], slope: float, work: Work, budget: int,
          least: int = 3) -> list[float]:
    """Each candidate's estimated chance to win, averaged over the sampled deals (every
    candidate on the same deals), the replies spending from ``work``: at least ``least``
    deals unless it runs out, and no new deal once it has spent ``budget`` units. The
    budgets count work, never time, so every machine weighs the same deals. With no deal
    weighed, the first candidate scores best."""
    seats = list(hands)
    deals = min((len(h) for h in hands.values()), default=0)
    totals = [0.0] * len(candidates)
    done = 0
    opened: Callable[[int], bool] = lambda seat: view.opened[seat]  # noqa: E731
    for index in range(deals):
        if work.exhausted or (done >= least and work.spent >= budget):
            break
        row = []
        for candidate in candidates:
            row.append(_worth(view, candidate, seats, hands, index, opened, slope, work))
        if any(value is None for value in row):
            break  # out of work within this deal: it is not counted
        for number, value in enumerate(row):
            totals[number] += value  # type: ignore[operator]
        done += 1
    if not done:
        return [1.0] + [0.0] * (len(candidates) - 1)
    return [t / done for t in totals]


def _worth(view: PlayerView, candidate: Candidate, seats: list[int],
           hands: dict[int, list[list[Card]]], index: int, opened: Callable[[int], bool],
           slope: float, work: Work) -> float | None:
    """The candidate's chance to win against one sampled deal (None: out of work)."""
    table = candidate.table(view)
    mine = None if candidate.play is None else len(candidate.play.played)
    stock = view.stock_size - drawn_by_move(view.variant, view.stock_size, len(view.hand), mine)
    fewest: int | None = None
    for seat in seats:
        if work.exhausted:
            return None
        out, after = reply(view, table, hands[seat][index], opened(seat), stock,
                           work.part(REPLY_WORK))
        if out:
            return 0.0
        fewest = after if fewest is None else min(fewest, after)
    return race(candidate.left, fewest if fewest is not None else 99, slope)
