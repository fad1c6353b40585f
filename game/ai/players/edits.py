"""The edit list that turns a start table (and hand) into a chosen end table: single card
moves a draft can replay, for animating a computer play or showing a hint step by step."""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.cards import Card
from game.engine.draft import Move, TurnDraft
from game.engine.table import Table
from game.engine.variants import Variant


def edits_between(variant: Variant, start: Table, hand: Sequence[Card], end: Table,
                  opened: bool = True) -> tuple[Move, ...]:
    """Moves that take ``start`` and ``hand`` to ``end``, recorded on a ``TurnDraft`` so
    their group indices are right when replayed in order. Each end meld grows inside the
    start meld it shares most cards with (a meld that stays is not touched); an end meld
    sharing no start meld starts a new group."""
    draft = TurnDraft(variant, start, tuple(hand), opened)
    home = _homes(start, end)
    moves: list[Move] = []
    for index, meld in enumerate(end.melds):
        anchor = home.get(index)
        if anchor is None:
            first = meld[0]
            moves.append(draft.move(first, None))
            anchor = first
            rest = meld[1:]
        else:
            rest = [c for c in meld if c != anchor]
        for card in rest:
            target = draft.location(anchor)
            if draft.location(card) == target:
                continue
            moves.append(draft.move(card, target))  # type: ignore[arg-type]
    return tuple(moves)


def _homes(start: Table, end: Table) -> dict[int, Card]:
    """For end melds that keep part of a start meld: an anchor card of that start meld.
    Each start meld is home to at most one end meld (the one sharing most cards)."""
    where = {card: i for i, meld in enumerate(start.melds) for card in meld}
    pairs: list[tuple[int, int, int, Card]] = []
    for e, meld in enumerate(end.melds):
        shared: dict[int, list[Card]] = {}
        for card in meld:
            if card in where:
                shared.setdefault(where[card], []).append(card)
        for s, cards in shared.items():
            pairs.append((len(cards), e, s, cards[0]))
    pairs.sort(key=lambda p: (-p[0], p[1], p[2]))
    homes: dict[int, Card] = {}
    used: set[int] = set()
    for _, e, s, card in pairs:
        if e in homes or s in used:
            continue
        homes[e] = card
        used.add(s)
    return homes
