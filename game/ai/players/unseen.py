"""Reasoning about cards a player cannot see, from what it has seen: the unseen cards are
the deck minus its own hand minus the table (they are the other hands and the stock, in an
order nobody knows; ``game.ai.resample`` deals them into a whole engine state). Possible
opponent hands are sampled from them at the right sizes; nothing here ever reads a hidden
hand."""

from __future__ import annotations

import random
from collections.abc import Iterator

from game.ai.resample import Dealing, dealt_order, opponents, resample, unseen_cards
from game.engine.cards import Card
from game.engine.match import PlayerView

__all__ = ["opponents", "sample_hands", "unseen_cards"]


def sample_hands(view: PlayerView, rng: random.Random,
                 samples: int) -> Iterator[dict[int, list[Card]]]:
    """``samples`` possible deals of the unseen cards to the other seats, each opponent
    getting as many cards as it holds (uniformly at random: every unseen card is equally
    likely to be in any hand or in the stock): the other hands of ``resample``'s states,
    each deal shuffling on from the one before."""
    order = None
    for _ in range(samples):
        match = resample(view, rng, dealing=Dealing.SHUFFLE, order=order)
        order = dealt_order(match, view)
        yield {seat: list(match.deal.hands[seat]) for seat in opponents(view)}

