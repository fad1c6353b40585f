"""Reasoning about cards a player cannot see, from what it has seen: the unseen cards are
the deck minus its own hand minus the table (they are the other hands and the stock, in an
order nobody knows; ``game.ai.resample`` deals them into a whole engine state). Possible
opponent hands are sampled from them at the right sizes; nothing here ever reads a hidden
hand."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from game.ai.resample import Dealing, dealt_order, opponents, resample, unseen_cards
from game.engine.cards import Card, Face
from game.engine.match import PlayerView

__all__ = ["closest_opponent", "opponents", "sample_hands", "unseen_cards", "unseen_faces"]


def unseen_faces(view: PlayerView) -> Counter[Face]:
    """How many copies of each face (jokers as one face) are unseen."""
    return Counter(card.face for card in unseen_cards(view))


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
        yield {seat: list(match.hand.hands[seat]) for seat in opponents(view)}


def closest_opponent(view: PlayerView) -> int | None:
    """The opponent holding fewest cards (None when alone)."""
    others = opponents(view)
    if not others:
        return None
    return min(others, key=lambda seat: (view.hand_counts[seat], others.index(seat)))
