"""Which of Hard's ways of choosing each variant keeps: only those measured to gain over
Medium's choice there. Where a way was measured to gain nothing, Hard makes Medium's choice
at that decision, so Hard is never below Medium (issue 46).

The table is data, read by ``HardPlayer``: the rules code never asks which variant it
plays. A variant missing from the table keeps every way (they were measured to gain in
match shares there: ``bench_tournament``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from game.engine.variants import Variant


@dataclass(frozen=True)
class Ways:
    """Hard's ways of choosing that a variant keeps (False: Medium's choice there)."""

    # draw-until-able (who can meld must, who cannot draws until able): weigh the candidate
    # plays by playing the hand out on sampled deals (``HardPlayer.weigh_candidates``);
    # off: the solver's largest play, as Medium puts down. Measured by
    # ``tests/benchmarks/bench_play_choice.py``, each choice valued on the real hands
    roll_out: bool = True
    # draw-until-able: while every opponent is far from going out, put down one card a
    # turn (``Tuning.hold_above``); measured in paired matches (``bench_tournament``)
    hold_back: bool = True


EVERY_WAY = Ways()

#: the ways each variant keeps, by variant id, with the measurements that decided them
MEASURED: Mapping[str, Ways] = MappingProxyType({
    # The only choice of a turn is which cards go down, and no fair way of choosing it has
    # gained over the largest play. Valued on the real hands (bench_play_choice --variants
    # manipulation --seeds 600..660 and 660..720 --hands 2 --truths 16): Hard's rollouts
    # -0.20 +- 0.17 and -0.13 +- 0.12 points a decision against the largest play (229 and
    # 186 decisions), margins 0 and 1 and random hands -0.34 to +0.10, all within the
    # noise; holding back lost in paired matches (45.8% ahead of each Medium against 53.2%
    # without, tuning seeds 50000-50149). Hard against two Mediums on fresh seeds: 47.1%
    # (140000-140199), 48.5% (issue 46, 162 matches) ahead of each. So Hard puts down
    # Medium's largest play at every turn here.
    "manipulation": Ways(roll_out=False, hold_back=False),
    # Shanghai keeps every way. Holding back gained (52.2% ahead of each Medium against
    # 46.1% for a Medium in its seat, +6.1 +- 2.6 points, 300 paired matches, tuning seeds
    # 50000-50299). The rollouts gained nothing measurable decision by decision
    # (bench_play_choice: +0.005 +- 0.017 cards over the largest play, seeds 600..660, 204
    # decisions; -0.019 +- 0.048, fresh seeds 700000..700011, 40), but Hard without them
    # finished ahead of each Medium 51.2% (150 fresh matches, seeds 462000-462149) against
    # 54.4% and 54.9% with them (96 and 200 fresh matches): not a measured loss either way,
    # and issue 30's goal (53%) was met with them, so they stay until a larger sample tells.
})


def ways_for(variant: Variant) -> Ways:
    """The ways of choosing Hard keeps in ``variant`` (every way where none was measured
    to gain nothing)."""
    return MEASURED.get(variant.id, EVERY_WAY)
