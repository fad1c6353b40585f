"""The hand at the bottom of a table as its player handles it: the cards selected (in the
order they were picked) and each seat's hand order (the player's own arrangement, or
sorted by suit or rank).

A table owns one (``CardTableScene.hand_state``) and is the only one to change it: its
controllers read the table's ``selected`` and ``sort_mode`` (copies) and ask the table's
methods (``select``, ``select_more``, ``toggle_selected``, ``deselect``, ``deselect_all``,
``arrange_hand``, ``sort_hand``, ``kept_hand_orders``, ``restore_hand_orders``), which
come here.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence

from game.engine.cards import Card, sort_key_by_rank, sort_key_by_suit

#: a hand's orders kept (``HandState.kept_orders``), to be put back later
KeptOrders = Mapping[int, tuple[Card, ...]]

SORTS = ("suit", "rank")


class HandState:
    """The selection and the hands' order of one table; ``sort_mode`` "suit" or "rank"
    (sorted so), or "manual" (the player's own order)."""

    def __init__(self, sort_mode: str) -> None:
        self._selected: list[Card] = []
        self._orders: dict[int, list[Card]] = {}
        self._sort_mode = sort_mode if sort_mode in SORTS else "suit"

    # ------------------------------------------------------------------ reading

    @property
    def selected(self) -> list[Card]:
        """The cards selected, in the order picked (a copy)."""
        return list(self._selected)

    @property
    def sort_mode(self) -> str:
        return self._sort_mode

    # ------------------------------------------------------------------ the selection

    def select(self, cards: Iterable[Card]) -> None:
        """``cards`` are the selection now."""
        self._selected = list(cards)

    def toggle(self, card: Card) -> None:
        """``card`` leaves the selection if it was in it, else joins it at the end."""
        if card in self._selected:
            self._selected.remove(card)
        else:
            self._selected.append(card)

    def add(self, cards: Iterable[Card]) -> None:
        """``cards`` join the selection at its end (those not in it yet)."""
        chosen = list(self._selected)
        self._selected.extend(c for c in cards if c not in chosen)

    def deselect(self, cards: Iterable[Card]) -> None:
        """``cards`` are no longer selected (those that were)."""
        gone = set(cards)
        self._selected = [c for c in self._selected if c not in gone]

    def keep_selected(self, cards: Collection[Card]) -> None:
        """Only the selected cards among ``cards`` stay selected (the others left the hand
        or its row)."""
        self._selected = [c for c in self._selected if c in cards]

    def deselect_all(self) -> None:
        self._selected.clear()

    # ------------------------------------------------------------------ the order

    def ordered(self, seat: int, cards: Sequence[Card]) -> list[Card]:
        """``cards`` of ``seat``'s hand in the player's order: the remembered order (new
        cards at the end), sorted by suit or rank unless the player arranged it."""
        order = self._orders.setdefault(seat, [])
        present = set(cards)
        order[:] = [c for c in order if c in present]
        known = set(order)
        order.extend(c for c in cards if c not in known)
        if self._sort_mode == "suit":
            order.sort(key=sort_key_by_suit)
        elif self._sort_mode == "rank":
            order.sort(key=sort_key_by_rank)
        return list(order)

    def arrange(self, seat: int, order: Sequence[Card]) -> None:
        """The player arranged ``seat``'s hand as ``order``: no sorting until a sort is
        chosen again."""
        self._orders[seat] = list(order)
        self._sort_mode = "manual"

    def sort(self, mode: str | None = None) -> None:
        """Sort by ``mode`` ("suit" or "rank"; None: the other one)."""
        if mode is None:
            mode = "rank" if self._sort_mode == "suit" else "suit"
        self._sort_mode = mode

    def forget_orders(self) -> None:
        """A new hand: no seat's order is remembered (the sort stays)."""
        self._orders.clear()

    def kept_orders(self) -> KeptOrders:
        """Every seat's order as it is now, for ``restore_orders``."""
        return {seat: tuple(order) for seat, order in self._orders.items()}

    def restore_orders(self, kept: KeptOrders) -> None:
        """The orders are those ``kept`` again (a replay that dealt other hands is over)."""
        self._orders = {seat: list(order) for seat, order in kept.items()}
