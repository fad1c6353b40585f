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


class SlotMap:
    """Slots of the melds on show, kept across refreshes (one map per hand)."""

    def __init__(self) -> None:
        self._slots: list[frozenset[Card] | None] = []  # cards of the meld in each slot
        self._widths: list[int] = []  # cards wide, kept for a slot left empty
        self._spare = SPARE  # room kept for growth: none once the table had to squeeze
        #: the table card height last laid out, and the window size it was laid out for
        self._card: tuple[tuple[int, int], int] | None = None

    def copy(self) -> SlotMap:
        other = SlotMap()
        other.restore(self)
        return other

    def restore(self, other: SlotMap) -> None:
        """Take ``other``'s slots (the map kept before a replay showed older tables)."""
        self._slots = list(other._slots)
        self._widths = list(other._widths)
        self._spare = other._spare
        self._card = other._card

    def clear(self) -> None:
        self._slots.clear()
        self._widths.clear()
        self._spare = SPARE
        self._card = None

    def card_cap(self, size: tuple[int, int]) -> int | None:
        """The tallest table card the layout may use in a window of ``size``: the last
        one laid out there (None for a new window size or a new hand)."""
        if self._card is None or self._card[0] != size:
            return None
        return self._card[1]

    def laid_out(self, size: tuple[int, int], card_height: int) -> None:
        """The layout used cards ``card_height`` tall in a window of ``size``."""
        self._card = (size, card_height)

    def squeeze(self, spare: bool = False) -> None:
        """The table must reflow to fit: close the gaps left by melds that are gone,
        keeping the melds' order; unless ``spare``, drop the room kept for growth too, each
        slot then as wide as its meld (and keeping that width if the meld shrinks)."""
        kept = [(s, w) for s, w in zip(self._slots, self._widths, strict=True) if s is not None]
        self._slots = [s for s, _ in kept]
        self._widths = [w if spare else len(s) for s, w in kept]
        if not spare:
            self._spare = 0

    def assign(self, groups: Sequence[Iterable[Card]]) -> list[SlotEntry]:
        """Slots for ``groups`` (the model's melds, by index); the map remembers them.
        Returns the slots in display order, gaps included (trailing gaps left out)."""
        sets = [frozenset(g) for g in groups]
        pairs: list[tuple[int, int, int]] = []  # (-shared, slot, group)
        for g, cards in enumerate(sets):
            for s, old in enumerate(self._slots):
                if old is not None:
                    shared = len(cards & old)
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
            free = [s for s in range(len(self._slots)) if s not in taken]
            if free:
                slot = free[0]
            else:
                self._slots.append(None)
                self._widths.append(0)
                slot = len(self._slots) - 1
            slot_of[g] = slot
            taken.add(slot)
        holder = {s: g for g, s in slot_of.items()}
        entries: list[SlotEntry] = []
        for s in range(len(self._slots)):
            held = holder.get(s)
            if held is None:
                self._slots[s] = None  # the meld is gone: a gap, its width kept
                entries.append(SlotEntry(None, self._widths[s]))
            else:  # a new meld in a gap keeps the gap's width: nothing after it slides
                self._slots[s] = sets[held]
                self._widths[s] = max(self._widths[s], len(sets[held]) + self._spare)
                entries.append(SlotEntry(held, self._widths[s]))
        while self._slots and self._slots[-1] is None:
            self._slots.pop()
            self._widths.pop()
        while entries and entries[-1].group is None:
            entries.pop()
        return entries
