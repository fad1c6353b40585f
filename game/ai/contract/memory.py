"""What a contract player remembers of a round from the views it is shown.

A view shows only the discard pile's top card and size, the hand counts and the stock
size, so a player that wants to know who took what keeps its own record: every card it
saw on top of the pile, where in the pile it lay, and, when that card has gone at a later
look, who most likely took it (a seat whose hand grew by two bought it; otherwise the seat
that drew next after it was thrown). It also notes which cards each opponent threw or
passed over. Nothing here reads a hidden card: only view fields.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.ai.contract.planner import run_reach
from game.engine.cards import Card
from game.engine.contract.match import ContractView
from game.engine.contract.params import Contract
from game.engine.variants import AceMode


@dataclass
class _Look:
    """The public figures of one view, to compare with the next."""

    size: int
    counts: tuple[int, ...]
    stock: int
    current: int
    phase: str


@dataclass
class _Placed:
    """A card known to lie at ``position`` in the discard pile; ``taker`` is the seat that
    would take it if it goes at its own turn (None: it can only go to a buyer)."""

    card: Card
    taker: int | None


@dataclass
class RoundMemory:
    seat: int
    round_number: int = -1
    pile: dict[int, _Placed] = field(default_factory=dict)
    wants: dict[int, list[Card]] = field(default_factory=dict)  # taken from the pile or bought
    shuns: dict[int, list[Card]] = field(default_factory=dict)  # thrown, or passed over
    last: _Look | None = None

    def observe(self, view: ContractView) -> None:
        """Bring the record up to date with ``view`` (call it once per view)."""
        if view.round_number != self.round_number or view.hand_result is not None:
            self._reset(view.round_number)
        look = _Look(view.discard_size, view.hand_counts, view.stock_size, view.current,
                     view.phase)
        last = self.last
        if last is not None and view.stock_size > last.stock:
            self.pile.clear()  # the discards were shuffled into a new stock
        elif last is not None:
            self._find_removed(view, last)
        top = view.discard_top
        if last is not None and last.phase == "draw" and view.phase == "play" \
                and view.current == self.seat and view.taken is None and top is not None:
            # we drew from the stock and the top card is still there: every seat that
            # was offered it declined to buy it
            before = (self.seat - 1) % view.players
            for seat in range(view.players):
                if seat not in (self.seat, before) and view.buys_left[seat] > 0 \
                        and self._still_on_top(view):
                    self.shuns.setdefault(seat, []).append(top)
        if top is not None and view.discard_size > 0:
            position = view.discard_size - 1
            placed = self.pile.get(position)
            if placed is None or placed.card != top:
                thrower = self._thrower(view)
                if thrower is not None and thrower != self.seat:
                    self.shuns.setdefault(thrower, []).append(top)
                # at its draw the player in turn may take this card; in the buying phase it
                # has drawn from the stock, so only a buyer can
                taker = view.current if view.phase == "draw" else None
                self.pile[position] = _Placed(top, taker)
                if view.phase == "buying" and view.current != self.seat:
                    # the player in turn drew from the stock rather than take this card
                    self.shuns.setdefault(view.current, []).append(top)
        self.last = look

    def threw(self, view: ContractView, card: Card) -> None:
        """Our own discard: it lies on top of the pile, for the next seat to take."""
        position = view.discard_size
        self.pile[position] = _Placed(card, (self.seat + 1) % view.players)
        counts = list(view.hand_counts)
        counts[self.seat] -= 1
        self.last = _Look(view.discard_size + 1, tuple(counts), view.stock_size,
                          view.current, "draw")

    def wanted_by(self, seat: int) -> list[Card]:
        return self.wants.get(seat, [])

    def shunned_by(self, seat: int) -> list[Card]:
        return self.shuns.get(seat, [])

    def in_pile(self) -> list[Card]:
        """The cards known to lie in the discard pile now (seen on top, not seen taken)."""
        return [placed.card for placed in self.pile.values()]

    # --- inside

    def _reset(self, round_number: int) -> None:
        self.round_number = round_number
        self.pile.clear()
        self.wants.clear()
        self.shuns.clear()
        self.last = None

    def _still_on_top(self, view: ContractView) -> bool:
        placed = self.pile.get(view.discard_size - 1)
        return placed is not None and placed.card == view.discard_top

    def _thrower(self, view: ContractView) -> int | None:
        """Who threw the card now on top: the seat before the player in turn (in the draw
        phase and while buying, the current player has not discarded yet)."""
        if view.phase in ("draw", "buying"):
            return (view.current - 1) % view.players
        return None

    def _find_removed(self, view: ContractView, last: _Look) -> None:
        size, top = view.discard_size, view.discard_top
        grew = {s: view.hand_counts[s] - last.counts[s] for s in range(view.players)}
        for position in sorted(self.pile):
            placed = self.pile[position]
            gone = size <= position or (size == position + 1 and top != placed.card)
            if not gone:
                continue
            del self.pile[position]
            if placed.card in view.hand:
                continue  # we took or bought it ourselves
            buyers = [s for s, g in grew.items() if s != self.seat and s != view.current
                      and g >= 2]
            seat = buyers[0] if len(buyers) == 1 else placed.taker
            if seat is not None and seat != self.seat:
                self.wants.setdefault(seat, []).append(placed.card)


def interest(card: Card, cards: list[Card], contract: Contract,
             ace: AceMode | str = AceMode.EITHER) -> float:
    """How much a player who collected ``cards`` is likely to want ``card``: a card of the
    same rank feeds a set, one of the same suit within a run's reach feeds a run (a run the
    ace rule allows: ``run_reach``)."""
    if card.is_joker:
        return 1.0
    score = 0.0
    for other in cards:
        if other.is_joker:
            continue
        if contract.sets and other.rank == card.rank:
            score += 1.0
        if contract.runs and other.suit == card.suit:
            gap = run_reach(other.rank, card.rank, contract.run_length, ace)
            if gap:  # in one run the rules allow, and not the same rank
                score += 0.8 * (contract.run_length - gap) / contract.run_length
    return score
