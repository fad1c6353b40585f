"""The edit list of a play: single-card moves (``TurnDraft.move``) that turn the old table
into the new one, and the joker declarations moves cannot express. The hint and the
computer players replay it so a person can follow the play card by card."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.engine.cards import Card, Face
from game.engine.draft import FREE, HAND, Move
from game.engine.table import Table
from game.engine.variants import Variant
from game.i18n import _

SUIT_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}


@dataclass(frozen=True)
class Step:
    """One meld change of a play, as a person follows it: the ``moves`` (in edit-list
    order) that build or grow one meld, the cards they bring from the hand (``new``) and
    from elsewhere on the table (``moved``), and the change in words ("7\u2665 into
    5\u2665 6\u2665")."""

    moves: tuple[Move, ...]
    new: tuple[Card, ...]
    moved: tuple[Card, ...]
    words: str


def card_text(card: Card) -> str:
    """A card as a person reads it: 7\u2665, Q\u2660, 10\u2663; a joker as the word "joker"."""
    if card.is_joker:
        return _("joker")
    rank = {1: "A", 11: "J", 12: "Q", 13: "K"}.get(card.rank, str(card.rank))
    return rank + SUIT_SYMBOLS.get(card.suit, card.suit)


def meld_text(cards: Sequence[Card]) -> str:
    """A meld in a few characters: a run of more than three cards as first\u2013last
    (3\u2663\u20138\u2663), anything else card by card."""
    if not cards:
        return "\u2013"
    real = [c for c in cards if not c.is_joker]
    suits = {c.suit for c in real}
    if len(cards) > 3 and len(suits) == 1 and len({c.rank for c in real}) == len(real):
        low = min(real, key=lambda c: c.rank)
        high = max(real, key=lambda c: c.rank)
        if len(cards) == high.rank - low.rank + 1:  # jokers fill the holes
            return f"{card_text(low)}\u2013{card_text(high)}"
    return " ".join(card_text(c) for c in cards)


def edit_list(variant: Variant, start: Table, hand: Sequence[Card], end: Table,
              opened: bool = True) -> tuple[list[Move], dict[Card, Face]]:
    """Single-card moves taking ``start`` to ``end``, with the group indices a
    ``TurnDraft`` gives them when they are replayed in order, plus the joker declarations
    that moves cannot express (see ``Solution``). Each end meld grows inside the start group
    it shares most cards with; a start meld kept whole is never touched; cards land at their
    final place."""
    steps, declarations = story(variant, start, hand, end)
    return [move for step in steps for move in step.moves], declarations


def story(variant: Variant, start: Table, hand: Sequence[Card], end: Table
          ) -> tuple[list[Step], dict[Card, Face]]:
    """The play from ``start`` to ``end`` as steps a person can follow, one meld change at a
    time (the moves of ``edit_list``, grouped by the meld they build), with the joker
    declarations moves cannot express."""
    sim = _DraftSim(start, hand)
    anchors = _anchors(start, end)
    steps: list[Step] = []
    for index, meld in enumerate(end.melds):
        anchor = anchors.get(index)
        order = {card: i for i, card in enumerate(meld)}
        target_before: list[Card] = []
        if anchor is not None:
            place = sim.location(anchor)
            assert isinstance(place, int)
            target_before = list(sim.groups[place])
        moves: list[Move] = []
        sources: dict[int | str, list[Card]] = {}
        source_text: dict[int | str, str] = {}
        for card in meld:
            source = sim.location(card)
            if anchor is None:
                if isinstance(source, int):
                    source_text.setdefault(source, sim.text(source))
                sim.move(card, None, None)
                moves.append(Move(card, source, None, 0))
                sources.setdefault(source, []).append(card)
                anchor = card
                continue
            target = sim.location(anchor)
            assert isinstance(target, int)
            if source == target:
                continue
            if isinstance(source, int):
                source_text.setdefault(source, sim.text(source))
            rank = order[card]
            position = sum(1 for c in sim.groups[target] if order.get(c, rank) < rank)
            _, to, at = sim.move(card, target, position)
            moves.append(Move(card, source, to, at))
            sources.setdefault(source, []).append(card)
        if not moves:
            continue
        new = tuple(sources.get(HAND, ()))
        moved = tuple(c for where, cards in sources.items() if where != HAND for c in cards)
        steps.append(Step(tuple(moves), new, moved,
                          _step_words(target_before, list(meld), sources, source_text)))
    declarations: dict[Card, Face] = {}
    if variant.joker_identity == "fixed":
        for card, face in end.declared.items():
            if card.is_joker and start.declared.get(card) != face:
                declarations[card] = face
    return steps, declarations


def _step_words(target: list[Card], meld: list[Card], sources: Mapping[int | str, list[Card]],
                source_text: Mapping[int | str, str]) -> str:
    """One step in words: "7\u2665 into 5\u2665 6\u2665", "new meld Q\u2660 Q\u2666
    Q\u2663", "split 3\u2663\u20138\u2663", with "(from ...)" for table cards."""
    table_sources = [s for s in sources if s != HAND]
    if not target and len(sources) == 1 and table_sources and source_text.get(table_sources[0]):
        # every card of the new meld comes from one meld: it is split off
        return _("split {meld}: {cards} apart").format(meld=source_text[table_sources[0]],
                                                       cards=meld_text(meld))
    taken: list[str] = []
    for where, cards in sources.items():
        if where == HAND:
            continue
        text = " ".join(card_text(c) for c in cards)
        taken.append(_("{cards} free").format(cards=text) if where == FREE else
                     _("{cards} from {meld}").format(cards=text,
                                                     meld=source_text.get(where, "?")))
    from_hand = " ".join(card_text(c) for c in sources.get(HAND, ()))
    if not target:
        if taken:
            return _("new meld {cards} ({taken})").format(cards=meld_text(meld),
                                                          taken="; ".join(taken))
        return _("new meld {cards}").format(cards=meld_text(meld))
    what = " + ".join([from_hand] * bool(from_hand) + taken)
    if set(target) <= set(meld):  # the meld only grows
        return _("{cards} into {meld}").format(cards=what, meld=meld_text(target))
    if not Counter(map(card_text, target)) - Counter(map(card_text, meld)):
        # it gave cards away and took their twins (and maybe more): as the player sees it,
        # it ends as it began, or only grew
        lost = " ".join(card_text(c) for c in target if c not in meld)
        return _("{cards} into {meld} in place of its own {lost}").format(
            cards=what, meld=meld_text(target), lost=lost)
    # the meld changes shape (a set becomes a run...): name what it becomes
    return _("remake {meld} as {cards} ({what})").format(meld=meld_text(target),
                                                         cards=meld_text(meld), what=what)


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
        # each start group held (so no new group takes its id) with its words
        self.start_text = {id(g): (g, meld_text(g)) for g in self.groups}
        self._index()

    def text(self, index: int) -> str:
        """Group ``index`` in words as the turn found it ("Q\u2663 from 9\u2663\u2013Q\u2663"),
        not as a step half-way through the play left it; a meld made this turn as it is."""
        group = self.groups[index]
        first = self.start_text.get(id(group))
        return first[1] if first is not None and first[0] is group else meld_text(group)

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
    for _count, e, s, card in pairs:
        if e in anchors or s in used:
            continue
        anchors[e] = card
        used.add(s)
    return anchors
