"""Shared test set-up: a headless SDL for the UI tests, and positions written in notation.

A *position* is a start table and a hand parsed with one ``CardMinter``, so every written
card is one physical card. ``end_table`` reads a proposed end table in the same notation and
maps each written card onto the physical card of the start table or the hand with that face
(so ``9S`` written twice picks the two different physical 9S), keeping joker declarations.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterable, Sequence  # noqa: E402
from dataclasses import dataclass  # noqa: E402

import pytest  # noqa: E402

from game.engine.cards import Card, CardMinter, Face, parse_cards, parse_token  # noqa: E402
from game.engine.errors import NotationError  # noqa: E402
from game.engine.table import Table  # noqa: E402
from game.engine.turn import TurnCheck, check_turn  # noqa: E402
from game.engine.variants import Variant, get_variant  # noqa: E402


@dataclass
class Position:
    """A start table and a hand made of distinct physical cards."""

    start: Table
    hand: list[Card]
    minter: CardMinter

    def end(self, text: str, free: str | None = None) -> Table:
        return end_table(self.start, self.hand, text, free)

    def check(self, variant: Variant | str, text: str, opened: bool = True,
              free: str | None = None) -> TurnCheck:
        if isinstance(variant, str):
            variant = get_variant(variant)
        return check_turn(variant, self.start, self.hand, self.end(text, free), opened)

    def cards(self, text: str) -> list[Card]:
        """The physical cards of the start table or hand written in ``text``."""
        return _map_tokens(text.replace("|", " ").split(), self.start, self.hand, {})[0]


def position(table: str = "", hand: str = "", free: str = "") -> Position:
    """Parse a start table (melds split by ``|``), a hand and Tahiti free cards."""
    minter = CardMinter()
    start = Table.parse(table, minter, free=free)
    hand_cards, _ = parse_cards(hand, minter)
    return Position(start, hand_cards, minter)


def _map_tokens(tokens: Sequence[str], start: Table, hand: Sequence[Card],
                used: dict[Card, None]) -> tuple[list[Card], dict[Card, Face]]:
    """Map written cards onto physical ones. A token may name a copy: ``9S.1``."""
    pool = list(start.cards()) + list(hand)
    cards: list[Card] = []
    declared: dict[Card, Face] = {}
    for token in tokens:
        text, _, copy = token.partition(".")
        parsed = parse_token(text)
        want = None if parsed.is_joker else parsed.face
        for card in pool:
            if card in used:
                continue
            if (card.is_joker if want is None else (not card.is_joker and card.face == want)) \
                    and (not copy or card.copy == int(copy)):
                break
        else:
            raise NotationError(f"{token}: no such card left in the start table or hand")
        used[card] = None
        cards.append(card)
        if parsed.declared is not None:
            declared[card] = parsed.declared
        elif card in start.declared:
            declared[card] = start.declared[card]  # a bare JK keeps its declaration
    return cards, declared


def end_table(start: Table, hand: Sequence[Card], text: str, free: str | None = None) -> Table:
    """The end table written in ``text``, made of the physical cards of ``start`` and ``hand``.

    ``free``: the free single cards at the end; by default the start's free cards that the
    written melds do not use.
    """
    used: dict[Card, None] = {}
    melds: list[list[Card]] = []
    declared: dict[Card, Face] = {}
    if text.strip():
        for part in text.split("|"):
            cards, decl = _map_tokens(part.split(), start, hand, used)
            if not cards:
                raise NotationError("empty meld in end table")
            melds.append(cards)
            declared.update(decl)
    if free is None:
        free_cards = [c for c in start.free if c not in used]
    else:
        free_cards, _ = _map_tokens(free.split(), start, hand, used)
    return Table.of(melds, free_cards, declared)


def faces(cards: Iterable[Card]) -> list[str]:
    return [str(c) for c in cards]


def problem_rules(result: TurnCheck) -> list[str]:
    return [p.rule for p in result.problems]


@pytest.fixture
def pos():
    """The ``position`` builder as a fixture."""
    return position
