"""Seeded random positions that look like real play: tables dealt as random valid melds from
a shuffled deck (jokers declared as the card they replace), hands partly near the table."""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.engine.cards import SUITS, Card, Face, make_deck
from game.engine.melds import check_meld
from game.engine.table import Table
from game.engine.variants import Variant


@dataclass
class Position:
    variant: Variant
    table: Table
    hand: list[Card]
    opened: bool = True


def _random_meld_faces(rng: random.Random, variant: Variant, runs_only: bool) -> list[Face]:
    if not runs_only and rng.random() < 0.45:
        rank = rng.randint(1, 13)
        suits = rng.sample(SUITS, rng.choice((3, 3, 4)))
        return [Face(rank, s) for s in suits]
    suit = rng.choice(SUITS)
    length = rng.choice((3, 3, 3, 4, 4, 5, 6))
    start = rng.randint(1, 14)
    return [Face((start + i - 1) % 13 + 1, suit) for i in range(length)]


def deal_melds(rng: random.Random, variant: Variant, deck: list[Card], count: int,
               joker_rate: float, runs_only: bool = False,
               ) -> tuple[list[list[Card]], dict[Card, Face]]:
    """Up to ``count`` valid melds taken from ``deck`` (removed from it)."""
    melds: list[list[Card]] = []
    declared: dict[Card, Face] = {}
    jokers = [c for c in deck if c.is_joker]
    tries = 0
    while len(melds) < count and tries < count * 60:
        tries += 1
        faces = _random_meld_faces(rng, variant, runs_only)
        cards: list[Card] = []
        for face in faces:
            card = next((c for c in deck if not c.is_joker and c.face == face
                         and c not in cards), None)
            if card is None:
                break
            cards.append(card)
        else:
            decl: dict[Card, Face] = {}
            if jokers and rng.random() < joker_rate:
                at = rng.randrange(len(cards))
                joker_card = jokers.pop()
                if variant.joker_identity == "fixed":
                    decl[joker_card] = cards[at].face
                cards[at] = joker_card
            if not check_meld(cards, variant, decl).ok:
                if decl or any(c.is_joker for c in cards):
                    jokers.extend(c for c in cards if c.is_joker)
                continue
            for card in cards:
                deck.remove(card)
            melds.append(cards)
            declared.update(decl)
    return melds, declared


def near_cards(rng: random.Random, deck: list[Card], table_cards: list[Card], count: int,
               near_rate: float = 0.7, joker_rate: float = 0.1) -> list[Card]:
    """``count`` cards from ``deck``: mostly sharing a suit (rank within 2) or a rank with
    a table card, so plays exist; sometimes a joker."""
    hand: list[Card] = []
    naturals = [c for c in table_cards if not c.is_joker]
    for _ in range(count):
        pick = None
        if rng.random() < joker_rate:
            pick = next((c for c in deck if c.is_joker), None)
        if pick is None and naturals and rng.random() < near_rate:
            base = rng.choice(naturals)
            options = [c for c in deck if not c.is_joker and (
                c.rank == base.rank or (c.suit == base.suit and abs(c.rank - base.rank) <= 2))]
            if options:
                pick = rng.choice(options)
        if pick is None:
            options = [c for c in deck if not c.is_joker]
            pick = rng.choice(options)
        deck.remove(pick)
        hand.append(pick)
    return hand


def small_position(rng: random.Random, variant: Variant, *, melds: int = 2,
                   hand_size: int = 4, free: int = 0, opened: bool = True,
                   joker_rate: float = 0.4, max_cards: int = 10) -> Position:
    """A tiny position (at most ``max_cards`` cards) for the exhaustive check."""
    packs, jokers = variant.deck_for(variant.min_players)
    deck = make_deck(max(packs, 2), max(jokers, 2) if variant.has_jokers else 0)
    rng.shuffle(deck)
    table_melds, declared = deal_melds(rng, variant, deck, rng.randint(0, melds), joker_rate)
    while sum(len(m) for m in table_melds) > max_cards - 2:
        table_melds.pop()
    table_cards = [c for m in table_melds for c in m]
    room = max_cards - len(table_cards)
    free_cards = near_cards(rng, deck, table_cards, min(free, max(0, room - 2)), joker_rate=0.1)
    room -= len(free_cards)
    hand: list[Card] = []
    if not opened and room >= 4 and rng.random() < 0.6:  # often a meld of one's own
        runs = variant.initial_meld == "run_of_3_from_hand"
        own, _ = deal_melds(rng, variant, deck, 1, 0.0, runs_only=runs)
        hand = [c for m in own for c in m][:3]
    hand += near_cards(rng, deck, table_cards + free_cards,
                       max(1, min(hand_size, room - len(hand))),
                       joker_rate=0.15 if variant.has_jokers else 0.0)
    table = Table.of(table_melds, free_cards, declared)
    return Position(variant, table, hand, opened)


def big_position(rng: random.Random, variant: Variant, packs: int, jokers: int, *,
                 table_cards: int, hand_size: int = 15) -> Position:
    """A realistic mid-game position: about ``table_cards`` cards in valid melds, and a hand
    of ``hand_size`` cards, some of them near the table."""
    deck = make_deck(packs, jokers)
    rng.shuffle(deck)
    melds: list[list[Card]] = []
    declared: dict[Card, Face] = {}
    while sum(len(m) for m in melds) < table_cards:
        more, decl = deal_melds(rng, variant, deck, 1, 0.5)
        if not more:
            break
        melds += more
        declared.update(decl)
    on_table = [c for m in melds for c in m]
    hand = near_cards(rng, deck, on_table, min(hand_size, len(deck)), near_rate=0.5,
                      joker_rate=0.05 if jokers else 0.0)
    return Position(variant, Table.of(melds, (), declared), hand, True)
