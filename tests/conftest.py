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
    """Map written cards onto physical ones, start table first, then the hand. A token may
    name a copy (``9S.1``); ``JK=10H`` is the joker declared 10H at the start if there is one."""
    pool = list(start.cards()) + list(hand)
    cards: list[Card] = []
    declared: dict[Card, Face] = {}
    for token in tokens:
        text, _, copy = token.partition(".")
        parsed = parse_token(text)
        want = None if parsed.is_joker else parsed.face
        candidates = pool
        if parsed.is_joker and parsed.declared is not None:
            # a joker written with its card is, first, the joker already standing for it
            candidates = sorted(pool, key=lambda c: start.declared.get(c) != parsed.declared)
        for card in candidates:
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


def rig(match, table: str = "", hands: Sequence[str] | None = None, stock: str | None = None,
        free: str = "", current: int | None = None, keep_rest: bool = True) -> Position:
    """Put a match's deal in a chosen position, using the match's own physical cards.

    ``hands``: one text per seat.
    ``stock``: the next cards drawn, first drawn first; the deck's other cards lie under
    them when ``keep_rest`` (so every card is still in exactly one place), else the stock is
    exactly ``stock``. Returns the start table and the current player's hand as a Position.
    """
    h = match.deal
    deck = list(h.stock) + [c for hand in h.hands for c in hand] + list(h.table.cards())
    minter = CardMinter()
    start = Table.parse(table, minter, free=free)
    seat_hands = [parse_cards(text, minter)[0] for text in (hands or [""] * match.players)]
    top = parse_cards(stock or "", minter)[0]
    chosen = list(start.cards()) + [c for hand in seat_hands for c in hand] + top
    missing = set(chosen) - set(deck)
    if missing or len(set(chosen)) != len(chosen):
        raise NotationError(f"not in this match's deck: {sorted(map(str, missing))}")
    rest = [c for c in deck if c not in set(chosen)] if keep_rest else []
    h.table = start
    h.turn_start = start
    h.hands = [list(hand) for hand in seat_hands]
    h.stock = rest + list(reversed(top))  # the stock is drawn from its end
    if current is not None:
        h.current = current
    return Position(start, h.hands[h.current], minter)


def faces(cards: Iterable[Card]) -> list[str]:
    return [str(c) for c in cards]


def problem_rules(result: TurnCheck) -> list[str]:
    return [p.rule for p in result.problems]


@pytest.fixture
def pos():
    """The ``position`` builder as a fixture."""
    return position
