"""Reasoning about cards a player cannot see, from what it has seen: the unseen cards are
the deck minus its own hand minus the table (they are the other hands and the stock, in an
order nobody knows). Possible opponent hands are sampled from them at the right sizes;
nothing here ever reads a hidden hand."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from game.engine.cards import Card, Face, make_deck
from game.engine.match import PlayerView


def unseen_cards(view: PlayerView) -> list[Card]:
    """Every card of the deck that is neither in this seat's hand nor on the table."""
    packs, jokers = view.variant.deck_for(view.players)
    seen = set(view.hand) | set(view.table.cards())
    return [card for card in make_deck(packs, jokers) if card not in seen]


def unseen_faces(view: PlayerView) -> Counter[Face]:
    """How many copies of each face (jokers as one face) are unseen."""
    return Counter(card.face for card in unseen_cards(view))


def opponents(view: PlayerView) -> list[int]:
    """The other seats in playing order after this one."""
    n = view.players
    return [(view.seat + k) % n for k in range(1, n)]


def sample_hands(view: PlayerView, rng: random.Random,
                 samples: int) -> Iterator[dict[int, list[Card]]]:
    """``samples`` possible deals of the unseen cards to the other seats, each opponent
    getting as many cards as it holds (uniformly at random: every unseen card is equally
    likely to be in any hand or in the stock)."""
    pool = unseen_cards(view)
    others = opponents(view)
    for _ in range(samples):
        rng.shuffle(pool)
        deal: dict[int, list[Card]] = {}
        at = 0
        for seat in others:
            size = min(view.hand_counts[seat], len(pool) - at)
            deal[seat] = pool[at:at + size]
            at += size
        yield deal


def closest_opponent(view: PlayerView) -> int | None:
    """The opponent holding fewest cards (None when alone)."""
    others = opponents(view)
    if not others:
        return None
    return min(others, key=lambda seat: (view.hand_counts[seat], others.index(seat)))
