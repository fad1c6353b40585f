"""Carousel by expected value: meld now or draw again, and knock or not.

In Carousel a player who does not meld draws again (up to the last draw, after which the
turn ends without a meld). What counts at the end of a deal is the value of the hand, so:

- meld now when the hand left after the best meld (by points) is worth less than the hand
  expected after one more draw and the best meld then (estimated over unseen cards);
- knock when sampled opponent hands undercut the knocking count rarely enough, weighing
  the points won against the points and undercut bonus lost.
"""

from __future__ import annotations

import random

from game.ai.players.plays import solution_for
from game.ai.players.unseen import opponents, sample_hands, unseen_cards
from game.engine.match import PlayerView
from game.engine.scoring import UNDERCUT_BONUS, card_value, hand_value
from game.solver import FoundPlay, Work


def value_after(view: PlayerView, found: FoundPlay | None) -> int:
    """The hand's count after this meld (None: no meld)."""
    scheme = view.variant.scoring
    if found is None:
        return hand_value(scheme, view.hand)
    played = set(found.played)
    return sum(card_value(scheme, c) for c in view.hand if c not in played)


def draw_again_value(view: PlayerView, rng: random.Random, draws: int,
                     work: Work) -> float | None:
    """The expected count after drawing one more card and melding as well as possible then
    (no meld after the last draw), over up to ``draws`` unseen cards, the searches spending
    from ``work``; None when it runs out before three are weighed."""
    pool = unseen_cards(view)
    if not pool:
        return None
    last = view.draws_this_turn + 1 >= view.variant.carousel_draws
    scheme = view.variant.scoring
    total = 0.0
    tried = 0
    for card in rng.sample(pool, min(draws, len(pool))):
        if work.exhausted:
            break
        hand = [*view.hand, card]
        value = hand_value(scheme, hand)
        if not last:
            found = solution_for(view, objective="points", hand=hand, work=work)
            if found is not None:
                value -= sum(card_value(scheme, c) for c in found.played)
        total += value
        tried += 1
    return total / tried if tried >= 3 else None


def knock_worth(view: PlayerView, rng: random.Random, samples: int = 96) -> float:
    """The expected points of knocking now, over sampled opponent hands: the difference
    won when lowest, the difference and the undercut bonus lost otherwise (ties go to the
    other player)."""
    scheme = view.variant.scoring
    mine = hand_value(scheme, view.hand)
    others = opponents(view)
    total = 0.0
    for deal in sample_hands(view, rng, samples):
        low = min(hand_value(scheme, deal[s]) for s in others)
        if low > mine:
            total += sum(hand_value(scheme, deal[s]) - mine for s in others)
        else:
            total -= (mine - low) + UNDERCUT_BONUS
    return total / samples
