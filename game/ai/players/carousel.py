"""Carousel by expected value: meld now or draw again, and knock or not.

In Carousel a player who does not meld draws again (up to the last draw, after which the
turn ends without a meld). What counts at the end of a deal is the value of the hand, so:

- meld now unless one more draw, and the best meld then (estimated over unseen cards), is
  expected to leave a better turn's end. A turn's end is worth minus the count left, plus
  a bonus when it ends the deal at once: a count the knock allows, or an empty hand. The
  deal's end is where the points are, and a deal won is worth 25 more at the match's end:
  counting counts alone, Hard melded when one more card would often have let it knock or
  go out;
- knock when sampled opponent hands undercut the knocking count rarely enough, weighing
  the points won against the points and undercut bonus lost;
- near the deal's end, hold back a meld that neither knocks nor goes out at the turn's last
  chance to meld (``HardPlayer._holding_meld``): counts at the turn's end do not see that a
  meld shown feeds the opponent, nor that held cards go out together later.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.ai.players.plays import solution_for
from game.ai.players.unseen import opponents, sample_hands, unseen_cards
from game.engine.match import PlayerView
from game.engine.scoring import UNDERCUT_BONUS, card_value, hand_value
from game.engine.variant import KnockWhen
from game.solver import FoundPlay, Work


def value_after(view: PlayerView, found: FoundPlay | None) -> int:
    """The hand's count after this meld (None: no meld)."""
    scheme = view.variant.scoring
    if found is None:
        return hand_value(scheme, view.hand)
    played = set(found.played)
    return sum(card_value(scheme, c) for c in view.hand if c not in played)


@dataclass(frozen=True)
class EndBonus:
    """What ending the deal on this turn is worth beyond the count it leaves (``turn_worth``):
    knocking, and going out."""

    knock: float
    out: float


def knock_limit(view: PlayerView) -> int | None:
    """The most a hand may count to knock right after a meld (None: no knock after a meld,
    as under Culbertson's knock at the start of a turn)."""
    knock = view.variant.knock
    if knock is None or knock.when != KnockWhen.AFTER_MELD:
        return None
    return knock.max_points


def next_draw_is_last(view: PlayerView) -> bool:
    """Is the turn's next draw its last, after which it ends with no meld (so a meld now is
    the turn's last chance)?"""
    return view.draws_this_turn + 1 >= view.variant.carousel_draws


def turn_worth(count: int, cards_left: int, limit: int | None, bonus: EndBonus) -> float:
    """What a turn's end is worth: minus the count left in hand, plus the bonus for ending
    the deal at once (no card left: out; a count of at most ``limit``: a knock)."""
    if cards_left == 0:
        return bonus.out - count
    if limit is not None and count <= limit:
        return bonus.knock - count
    return -count


def draw_again_worth(view: PlayerView, rng: random.Random, draws: int, work: Work,
                     bonus: EndBonus) -> float | None:
    """The expected worth of the turn's end (``turn_worth``) after drawing one more card and
    melding as well as possible then (no meld, and so no knock, after the last draw), over
    up to ``draws`` unseen cards, the searches spending from ``work``; None when it runs out
    before three are weighed."""
    pool = unseen_cards(view)
    if not pool:
        return None
    last = next_draw_is_last(view)
    limit = None if last else knock_limit(view)
    scheme = view.variant.scoring
    total = 0.0
    tried = 0
    for card in rng.sample(pool, min(draws, len(pool))):
        if work.exhausted:
            break
        hand = [*view.hand, card]
        count, left = hand_value(scheme, hand), len(hand)
        if not last:
            found = solution_for(view, objective="points", hand=hand, work=work)
            if found is not None:
                count -= sum(card_value(scheme, c) for c in found.played)
                left -= len(found.played)
        total += turn_worth(count, left, limit, bonus)
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
