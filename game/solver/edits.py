"""The edit list of a play: single-card moves (``TurnDraft.move``) that turn the old table
into the new one, and the joker declarations moves cannot express. The hint and the
computer players replay it so a person can follow the play card by card."""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.cards import Card, Face
from game.engine.draft import FREE, HAND, Move
from game.engine.table import Table
from game.engine.variants import Variant


def edit_list(variant: Variant, start: Table, hand: Sequence[Card], end: Table,
              opened: bool = True) -> tuple[list[Move], dict[Card, Face]]:
    """Single-card moves taking ``start`` to ``end``, with the group indices a
    ``TurnDraft`` gives them when they are replayed in order, plus the joker declarations
    that moves cannot express (see ``Solution``). Each end meld grows inside the start group
    it shares most cards with; a start meld kept whole is never touched; cards land at their
    final place."""
    sim = _DraftSim(start, hand)
    anchors = _anchors(start, end)
    moves: list[Move] = []
    for index, meld in enumerate(end.melds):
        anchor = anchors.get(index)
        order = {card: i for i, card in enumerate(meld)}
        for card in meld:
            if anchor is None:
                source, _, _ = sim.move(card, None, None)
                moves.append(Move(card, source, None, 0))
                anchor = card
                continue
            target = sim.location(anchor)
            assert isinstance(target, int)
            if sim.location(card) == target:
                continue
            rank = order[card]
            position = sum(1 for c in sim.groups[target] if order.get(c, rank) < rank)
            source, to, at = sim.move(card, target, position)
            moves.append(Move(card, source, to, at))
    declarations: dict[Card, Face] = {}
    if variant.joker_identity == "fixed":
        for card, face in end.declared.items():
            if card.is_joker and start.declared.get(card) != face:
                declarations[card] = face
    return moves, declarations


class _DraftSim:
    """What ``TurnDraft.move`` does to group indices (a moved card leaves its place, lands
    at ``position``; emptied groups are dropped afterwards), with a card index instead of
    the draft's list scans and undo copies: an edit list has a hundred moves."""

    def __init__(self, start: Table, hand: Sequence[Card]) -> None:
        self.groups: list[list[Card]] = [list(m) for m in start.melds]
        self.where: dict[Card, list[Card] | str] = {c: HAND for c in hand}
        self.where.update({c: FREE for c in start.free})
        for group in self.groups:
            for card in group:
                self.where[card] = group
        self._index()

    def _index(self) -> None:
        self.index_of = {id(g): i for i, g in enumerate(self.groups)}

    def location(self, card: Card) -> int | str:
        place = self.where[card]
        return place if isinstance(place, str) else self.index_of[id(place)]

    def move(self, card: Card, to_group: int | None,
             position: int | None) -> tuple[int | str, int, int]:
        source = self.location(card)
        old = self.where[card]
        if not isinstance(old, str):
            old.remove(card)
        if to_group is None:
            target: list[Card] = []
            self.groups.append(target)
            self.index_of[id(target)] = index = len(self.groups) - 1
        else:
            target, index = self.groups[to_group], to_group
        at = len(target) if position is None else min(position, len(target))
        target.insert(at, card)
        self.where[card] = target
        if not isinstance(old, str) and not old:
            self.groups = [g for g in self.groups if g]
            self._index()
        return source, index, at


def _anchors(start: Table, end: Table) -> dict[int, Card]:
    """For each end meld sharing cards with a start meld: one shared card to grow around.
    A start meld anchors at most one end meld, the one sharing most cards with it."""
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
    anchors: dict[int, Card] = {}
    used: set[int] = set()
    for _, e, s, card in pairs:
        if e in anchors or s in used:
            continue
        anchors[e] = card
        used.add(s)
    return anchors
