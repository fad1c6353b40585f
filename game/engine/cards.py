"""Cards, decks and the text notation used by the CLI, logs, saves and tests.

A physical card is ``Card(rank, suit, copy)``: ``copy`` tells apart the copies
of one face when several packs are shuffled together (the rules never look at
it, but conservation and animation do). A joker has rank 0 and suit ``"*"``.

Notation: ranks ``A 2 3 4 5 6 7 8 9 10 J Q K`` (``T`` is read as 10), suits
``C D H S``, a joker ``JK``, a joker with its declared card ``JK=10H``; cards in
a meld are separated by spaces, melds by ``|``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from game.engine.errors import NotationError

SUITS = ("C", "D", "H", "S")
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}
RANK_NAMES = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
JOKER_RANK = 0
JOKER_SUIT = "*"


@dataclass(frozen=True, order=True, slots=True)
class Face:
    """What a card shows: rank 1-13 (ace is 1) and suit."""

    rank: int
    suit: str

    def __str__(self) -> str:
        return RANK_TEXT.get(self.rank, str(self.rank)) + self.suit

    @property
    def name(self) -> str:
        rank = RANK_NAMES.get(self.rank, str(self.rank))
        return f"{rank} of {SUIT_NAMES[self.suit]}"


class Card(NamedTuple):
    """One physical card. Jokers have rank 0 and suit ``*``.

    A named tuple rather than a dataclass: cards are hashed thousands of times a solve
    (sets and dicts of cards), and a tuple hashes in C."""

    rank: int
    suit: str
    copy: int = 0

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    @property
    def face(self) -> Face:
        return Face(self.rank, self.suit)

    def __str__(self) -> str:
        return "JK" if self.is_joker else str(self.face)


def joker(copy: int = 0) -> Card:
    return Card(JOKER_RANK, JOKER_SUIT, copy)


def make_deck(packs: int, jokers: int) -> list[Card]:
    """Every card of ``packs`` 52-card packs plus ``jokers`` jokers, in a fixed order."""
    deck = [
        Card(rank, suit, copy)
        for copy in range(packs)
        for suit in SUITS
        for rank in range(1, 14)
    ]
    deck.extend(joker(i) for i in range(jokers))
    return deck


def shuffled_deck(packs: int, jokers: int, seed: int) -> list[Card]:
    """The deck shuffled by a seeded generator, so a match replays from its seed."""
    deck = make_deck(packs, jokers)
    random.Random(seed).shuffle(deck)
    return deck


# --- parsing -----------------------------------------------------------------

_RANK_WORDS = {
    "A": 1, "J": 11, "Q": 12, "K": 13, "T": 10,
    **{str(n): n for n in range(2, 11)},
}


def parse_face(text: str) -> Face:
    """Parse ``10H``, ``TH``, ``as`` (case-insensitive) into a face."""
    token = text.strip().upper()
    if len(token) < 2:
        raise NotationError(f"'{text}' is not a card: expected a rank and a suit, like 7H or 10S")
    rank_text, suit = token[:-1], token[-1]
    if suit not in SUITS:
        raise NotationError(f"'{text}' is not a card: suit must be one of C D H S")
    if rank_text not in _RANK_WORDS:
        raise NotationError(
            f"'{text}' is not a card: rank must be one of A 2 3 4 5 6 7 8 9 10 J Q K"
        )
    return Face(_RANK_WORDS[rank_text], suit)


@dataclass(frozen=True, slots=True)
class ParsedCard:
    """A card as written: its face (None for a joker) and, for a joker, the declared card."""

    face: Face | None
    declared: Face | None = None

    @property
    def is_joker(self) -> bool:
        return self.face is None


def parse_token(text: str) -> ParsedCard:
    token = text.strip().upper()
    if token == "JK":
        return ParsedCard(None)
    if token.startswith("JK="):
        try:
            return ParsedCard(None, parse_face(token[3:]))
        except NotationError as error:  # name the whole written card, not just its tail
            raise NotationError(
                f"'{text.strip()}' is not a card: a declared joker is written JK=10H "
                f"({error})") from None
    if token.startswith("JK"):
        raise NotationError(f"'{text}' is not a card: a declared joker is written JK=10H")
    return ParsedCard(parse_face(token))


class CardMinter:
    """Turns written cards into physical cards, giving repeated faces distinct copies.

    One minter is used for everything parsed together (a table and a hand), so
    two written ``7H`` become two different physical cards.
    """

    def __init__(self) -> None:
        self._next_copy: dict[tuple[int, str], int] = {}

    def mint(self, face: Face | None) -> Card:
        key = (JOKER_RANK, JOKER_SUIT) if face is None else (face.rank, face.suit)
        copy = self._next_copy.get(key, 0)
        self._next_copy[key] = copy + 1
        return Card(key[0], key[1], copy)

    def reserve(self, cards: Iterable[Card]) -> None:
        """Never mint these again (they already exist elsewhere)."""
        for card in cards:
            key = (card.rank, card.suit)
            self._next_copy[key] = max(self._next_copy.get(key, 0), card.copy + 1)


def parse_cards(text: str, minter: CardMinter | None = None) -> tuple[list[Card], dict[Card, Face]]:
    """Parse space- or comma-separated cards; returns the cards and joker declarations."""
    minter = minter or CardMinter()
    cards: list[Card] = []
    declared: dict[Card, Face] = {}
    for token in text.replace(",", " ").split():
        parsed = parse_token(token)
        card = minter.mint(parsed.face)
        cards.append(card)
        if parsed.declared is not None:
            declared[card] = parsed.declared
    return cards, declared


def parse_melds(
    text: str, minter: CardMinter | None = None
) -> tuple[list[list[Card]], dict[Card, Face]]:
    """Parse ``"3H 4H 5H | 7C 7D 7S"`` into melds and joker declarations.

    Empty text means an empty table.
    """
    minter = minter or CardMinter()
    melds: list[list[Card]] = []
    declared: dict[Card, Face] = {}
    if not text.strip():
        return melds, declared
    for index, part in enumerate(text.split("|"), start=1):
        cards, decl = parse_cards(part, minter)
        if not cards:
            raise NotationError(f"meld {index} is empty (two '|' with nothing between)")
        melds.append(cards)
        declared.update(decl)
    return melds, declared


# --- printing ----------------------------------------------------------------


def format_card(card: Card, declared: dict[Card, Face] | None = None) -> str:
    if card.is_joker and declared and card in declared:
        return f"JK={declared[card]}"
    return str(card)


def format_cards(cards: Iterable[Card], declared: dict[Card, Face] | None = None) -> str:
    return " ".join(format_card(card, declared) for card in cards)


def format_melds(
    melds: Iterable[Sequence[Card]], declared: dict[Card, Face] | None = None
) -> str:
    return " | ".join(format_cards(meld, declared) for meld in melds)


def sort_key_by_suit(card: Card) -> tuple[int, int, int]:
    suit_order = SUITS.index(card.suit) if not card.is_joker else len(SUITS)
    return (suit_order, card.rank, card.copy)


def sort_key_by_rank(card: Card) -> tuple[int, int, int]:
    rank = card.rank if not card.is_joker else 99
    suit_order = SUITS.index(card.suit) if not card.is_joker else len(SUITS)
    return (rank, suit_order, card.copy)
