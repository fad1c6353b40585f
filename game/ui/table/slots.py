"""The table's memory of where melds sit, so the felt does not re-sort between turns.

Each meld on show holds a numbered slot; the layout places the slots in order. A meld
keeps its slot from one refresh to the next when it shares cards with the meld that held
it (the meld that shares most wins), so a meld that grows, shrinks or is rearranged stays
where it was. A new meld takes the first free slot. A slot whose meld is gone stays
reserved (a gap as wide as that meld) until a new meld takes it, so the melds after it do
not slide; the layout drops the gaps only when the table cannot fit otherwise
(``forget_gaps``).
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

    def copy(self) -> SlotMap:
        other = SlotMap()
        other.restore(self)
        return other

    def restore(self, other: SlotMap) -> None:
        """Take ``other``'s slots (the map kept before a replay showed older tables)."""
        self._slots = list(other._slots)
        self._widths = list(other._widths)

    def clear(self) -> None:
        self._slots.clear()
        self._widths.clear()

    def forget_gaps(self) -> None:
        """Close the gaps left by melds that are gone (the table must reflow)."""
        kept = [(s, w) for s, w in zip(self._slots, self._widths, strict=True) if s is not None]
        self._slots = [s for s, _ in kept]
        self._widths = [w for _, w in kept]

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
            else:
                if self._slots[s] is None:  # a new meld: its own width, not the gap's
                    self._widths[s] = 0
                self._slots[s] = sets[held]
                self._widths[s] = max(self._widths[s], len(sets[held]) + SPARE)
                entries.append(SlotEntry(held, self._widths[s]))
        while self._slots and self._slots[-1] is None:
            self._slots.pop()
            self._widths.pop()
        while entries and entries[-1].group is None:
            entries.pop()
        return entries
