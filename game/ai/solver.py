"""The public solver: the best play for a position, with the card moves that make it.

The exact search is ``game.engine.arrange`` (a MILP whose every answer ``check_turn``
accepts); this module adds what players and hints need on top: among the best plays the
one that disturbs the table least (start melds kept whole, the MILP's secondary
objective), and the edit list that turns the old table into the new one card by card.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from game.engine.arrange import OutOfWork, Work, arrange
from game.engine.cards import Card, Face
from game.engine.draft import FREE, HAND, Move
from game.engine.table import Table
from game.engine.variants import Variant


@dataclass(frozen=True)
class Solution:
    """A best play. ``edits`` replayed with ``TurnDraft.move`` (in order, ``to_group`` None
    meaning a new group) build ``table``. A move cannot say what a joker stands for, so
    ``declarations`` lists the ``TurnDraft.declare`` calls that make the draft match exactly:
    a released joker's new card (needed: without it the draft keeps the old one) and a joker
    played from the hand (optional: the draft would pick a card for it itself)."""

    table: Table
    played: tuple[Card, ...]
    value: int
    edits: list[Move]
    kept_melds: int
    declarations: dict[Card, Face] = field(default_factory=dict)


def solve(variant: Variant, table: Table, hand: Sequence[Card], opened: bool = True,
          objective: str = "cards", keep: Collection[Card] = (), exactly: int | None = None,
          keep_jokers: bool = False, work: int | Work | None = None,
          proven_tie_break: bool = False) -> Solution | None:
    """The optimal play (most cards, or most points with ``objective="points"``), keeping
    start melds whole among those (as many as possible with ``proven_tie_break``; see
    ``arrange``); None when no legal play exists."""
    result = arrange(variant, table, hand, opened, objective=objective, keep=keep,
                     exactly=exactly, keep_jokers=keep_jokers, work=work,
                     proven_tie_break=proven_tie_break)
    if result is None:
        return None
    play = result.play
    edits, declarations = edit_list(variant, table, hand, play.table, opened)
    return Solution(play.table, play.played, play.value, edits, result.kept_melds,
                    declarations)


# a hint's budget: ``arrange.Work`` units (about five seconds here), counted, not timed
HINT_WORK = 2_000_000


def hint(variant: Variant, table: Table, hand: Sequence[Card], opened: bool = True,
         work: int | Work | None = HINT_WORK) -> Solution | None:
    """The play a hint shows: the most cards from the hand, disturbing the table least (a
    person reads it: the tie-break is proven). A rare position can take the exact search
    minutes, so a hint gives up after ``work`` units (OutOfWork, a TimeoutError, saying
    so plainly)."""
    try:
        return solve(variant, table, hand, opened, objective="cards", work=work,
                     proven_tie_break=True)
    except TimeoutError:
        raise OutOfWork("no best play found within the hint's search budget: this table "
                        "is too tangled for a quick hint") from None


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
