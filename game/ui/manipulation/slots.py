"""The table's memory of where melds sit, so the felt does not re-sort between turns.

Each meld on show holds a numbered slot; the layout places the slots in order, whatever
order the engine or the solver hands the melds over in. A meld keeps its slot from one
refresh to the next when it shares cards with the meld that held it (the meld that shares
most wins), so a meld that grows, shrinks or is rearranged stays where it was. A new meld
takes the first free slot, keeping at least that slot's width. A slot whose meld is gone
stays reserved (a gap as wide as that meld) until a new meld takes it, so the melds after
it do not slide. Only when the table cannot fit otherwise does the layout close the gaps
and the spare room (``squeeze``): the melds move up, in the same order.

The map also remembers the table's card size for the window it was laid out in: within a
hand the cards never grow back (a meld that shrinks mid-turn or a hint dismissed must not
make the whole table jump), only shrink when the table needs it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.engine.cards import Card

#: room for this many more cards is kept beside each meld, so a meld that grows by one
#: does not push its neighbours along (the layout drops it when the table is full)
SPARE = 1


@dataclass(frozen=True)
class SlotEntry:
    """One slot in display order: the index (in the model's groups) of the meld it holds,
    or None for a gap; ``cards``: how many cards wide the slot is kept (the most its meld
    has held, plus ``SPARE``)."""

    group: int | None
    cards: int
    #: the slot has held a meld with a 10, whose two-digit index spreads the cards: its
    #: room is kept that wide, or a meld giving its 10 away would pull its followers back
    wide: bool = False
    region: int = 0  # where sets and runs lie apart: 0 sets, 1 runs (a gap stays in its own)


@dataclass(frozen=True)
class Places:
    """What the table remembers of its melds' places, for one layout: the ``slots`` in
    display order, the tallest table card (``card_cap``, None: any) and the room kept for
    free cards (``free_room`` cards: what the free cards have held this hand)."""

    slots: tuple[SlotEntry, ...]
    card_cap: int | None = None
    free_room: int = 0
    #: where sets and runs lie apart, the share of the felt's width the sets have (None:
    #: the usual share); kept like the card size, so the runs do not slide back and forth
    sets_share: float | None = None


@dataclass
class _Slot:
    """One place on the felt: the cards of the meld in it (None: a gap kept for a meld that
    is gone), how many cards wide it is kept, whether with a 10's wider spread, and the
    region (sets or runs, where they lie apart) it is in."""

    cards: frozenset[Card] | None
    width: int = 0
    wide: bool = False
    region: int = 0


class SlotMap:
    """Slots of the melds on show, kept across refreshes (one map per hand)."""

    def __init__(self) -> None:
        self._slots: list[_Slot] = []
        self._spare = SPARE  # room kept for growth: none once the table had to squeeze
        self.squeezes = 0  # how often the table had to reflow (long-play checks read it)
        self._free = 0  # the most free cards on the table since the last squeeze
        #: the table card height last laid out, and the window size it was laid out for
        self._card: tuple[tuple[int, int], int] | None = None
        self._sets_share: float | None = None  # ... and the sets' share of the width
        #: the player's UI scale and card size that card size was laid out at
        self.zoom: object = None

    def copy(self) -> SlotMap:
        other = SlotMap()
        other.restore(self)
        return other

    def restore(self, other: SlotMap) -> None:
        """Take ``other``'s slots (the map kept before a replay or a hint showed other
        tables)."""
        self._slots = [_Slot(s.cards, s.width, s.wide, s.region) for s in other._slots]
        self._spare = other._spare
        self._card = other._card
        self._sets_share = other._sets_share
        self._free = other._free

    def clear(self) -> None:
        self._slots.clear()
        self._spare = SPARE
        self._card = None
        self._sets_share = None
        self._free = 0

    def clear_card_size(self) -> None:
        """Forget the card size laid out (the player chose another UI scale)."""
        self._card = None
        self._sets_share = None

    def card_cap(self, size: tuple[int, int]) -> int | None:
        """The tallest table card the layout may use in a window of ``size``: the last
        one laid out there (None for a new window size or a new hand)."""
        if self._card is None or self._card[0] != size:
            return None
        return self._card[1]

    def laid_out(self, size: tuple[int, int], card_height: int,
                 sets_share: float | None = None) -> None:
        """The layout used cards ``card_height`` tall in a window of ``size`` (and gave the
        sets ``sets_share`` of the width, where sets and runs lie apart)."""
        if self._card is None or self._card[0] != size:
            self._sets_share = None
        self._card = (size, card_height)
        if sets_share is not None:
            self._sets_share = sets_share

    def squeeze(self, spare: bool = False) -> None:
        """The table must reflow to fit: close the gaps left by melds that are gone,
        keeping the melds' order; unless ``spare``, drop the room kept for growth too, each
        slot then as wide as its meld (and keeping that width if the meld shrinks)."""
        self.squeezes += 1
        self._slots = [slot for slot in self._slots if slot.cards is not None]
        if not spare:
            for slot in self._slots:
                assert slot.cards is not None
                slot.width, slot.wide = len(slot.cards), _wide(slot.cards)
            self._spare = 0
            self._free = 0

    def melds(self) -> list[frozenset[Card]]:
        """The cards of the melds in their places, in display order (gaps left out): what
        a save keeps of the table's places (``GameSession.places``)."""
        return [slot.cards for slot in self._slots if slot.cards is not None]

    def move_to_end(self, cards: Iterable[Card]) -> None:
        """The meld of ``cards`` moves to the end of its region (where a new meld goes when
        no gap is free), keeping its width; its slot is left as a gap, so the melds after
        it do not slide."""
        held = frozenset(cards)
        for slot in self._slots:
            if slot.cards == held:
                self._slots.append(_Slot(held, slot.width, slot.wide, slot.region))
                slot.cards = None
                return

    def places(self, groups: Sequence[Iterable[Card]], free: int, size: tuple[int, int],
               regions: Sequence[int] | None = None) -> Places:
        """The places for ``groups`` (the model's melds, by index, in ``regions``) and
        ``free`` free cards in a window of ``size`` (see ``assign`` and ``card_cap``)."""
        self._free = max(self._free, free)
        share = self._sets_share if self.card_cap(size) is not None else None
        return Places(tuple(self.assign(groups, regions)), self.card_cap(size), self._free,
                      share)

    def assign(self, groups: Sequence[Iterable[Card]],
               regions: Sequence[int] | None = None) -> list[SlotEntry]:
        """Slots for ``groups`` (the model's melds, by index; where sets and runs lie apart,
        ``regions`` says which region each is in, and a new meld takes a free slot of its
        own region); the map remembers them. Returns the slots in display order, gaps
        included (trailing gaps left out)."""
        sets = [frozenset(g) for g in groups]
        region_of = list(regions) if regions is not None else [0] * len(sets)
        pairs: list[tuple[int, int, int]] = []  # (-shared, slot, group)
        for g, cards in enumerate(sets):
            for s, slot in enumerate(self._slots):  # a meld keeps a slot of its own region
                if slot.cards is not None and slot.region == region_of[g]:
                    shared = len(cards & slot.cards)
                    if shared:
                        pairs.append((-shared, s, g))
        pairs.sort()
        slot_of: dict[int, int] = {}
        taken: set[int] = set()
        for _, s, g in pairs:
            if g in slot_of or s in taken:
                continue
            slot_of[g] = s
            taken.add(s)
        for g in range(len(sets)):
            if g in slot_of:
                continue
            free = [s for s, slot in enumerate(self._slots)
                    if s not in taken and slot.region == region_of[g]]
            if free:
                index = free[0]
            else:
                self._slots.append(_Slot(None, region=region_of[g]))
                index = len(self._slots) - 1
            slot_of[g] = index
            taken.add(index)
        holder = {s: g for g, s in slot_of.items()}
        entries: list[SlotEntry] = []
        for s, slot in enumerate(self._slots):
            held = holder.get(s)
            if held is None:
                slot.cards = None  # the meld is gone: a gap, its width kept
                entries.append(SlotEntry(None, slot.width, slot.wide, slot.region))
            else:  # a new meld in a gap keeps the gap's width: nothing after it slides
                slot.cards = sets[held]
                slot.width = max(slot.width, len(sets[held]) + self._spare)
                slot.wide = slot.wide or _wide(sets[held])
                slot.region = region_of[held]
                entries.append(SlotEntry(held, slot.width, slot.wide, slot.region))
        while self._slots and self._slots[-1].cards is None:
            self._slots.pop()
        while entries and entries[-1].group is None:
            entries.pop()
        return entries


def _wide(cards: Iterable[Card]) -> bool:
    """Does the meld hold a 10 (the layout spreads such a meld's cards wider)?"""
    return any(card.rank == 10 for card in cards)
