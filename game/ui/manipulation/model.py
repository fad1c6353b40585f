"""What the table shows, as plain data: melds in display order, free cards, the bottom hand,
each seat's public facts and the stock. Built from the match, a turn draft, or a replayed
turn; the layout is a pure function of this model and the window size."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from game.engine.cards import Card, Face
from game.engine.melds import check_meld
from game.engine.scoring import Points
from game.engine.variants import Variant


@dataclass(frozen=True)
class SeatInfo:
    seat: int
    name: str
    kind: str  # human | easy | medium | hard
    cards: int
    score: Points
    current: bool
    opened: bool = True
    revealed: bool = False  # the hand is over: its cards lie face up in the seat's box
    note: str = ""  # said under the name instead of the kind (a network seat's player now)


@dataclass(frozen=True)
class Group:
    """One meld (or a group that is not a meld yet) in display order."""

    index: int  # index in the source (draft or table) groups
    cards: tuple[Card, ...]
    kind: str  # set | run
    valid: bool
    problem: str = ""
    frozen: bool = False  # holds a joker that freezes it (Tahiti): marked on its mat


@dataclass(frozen=True)
class TableModel:
    groups: tuple[Group, ...]
    free: tuple[Card, ...]
    shown: Mapping[Card, Face]  # the card each joker on the table plays
    hand: tuple[Card, ...]  # the bottom seat's hand, face up (empty when hidden)
    hidden_hand: int  # cards of the bottom seat shown face down (hot-seat privacy)
    bottom: int  # the seat at the bottom of the screen
    seats: tuple[SeatInfo, ...]
    stock: int
    apart: bool  # sets and runs kept apart
    #: at the end of a hand, every other seat's cards left, face up: (seat, cards)
    revealed: tuple[tuple[int, tuple[Card, ...]], ...] = ()

    @property
    def others(self) -> tuple[SeatInfo, ...]:
        """The seats shown across the top, in turn order after the bottom seat."""
        n = len(self.seats)
        order = [(self.bottom + k) % n for k in range(1, n)]
        return tuple(self.seats[i] for i in order)


def _guess_kind(cards: Sequence[Card], declared: Mapping[Card, Face]) -> str:
    faces = [declared.get(c, c.face) for c in cards if not c.is_joker or c in declared]
    if len({f.rank for f in faces}) == 1 and len(faces) > 0:
        return "set" if len(faces) > 1 or len(cards) > 1 else "run"
    return "run"


def build_groups(groups: Sequence[Sequence[Card]], variant: Variant,
                 declared: Mapping[Card, Face], freezing: Collection[Card] = ()
                 ) -> tuple[tuple[Group, ...], dict[Card, Face]]:
    """Groups in display order (a valid meld as the rules order it, jokers where they play)
    and the card each joker plays; a group holding one of the ``freezing`` jokers is
    marked frozen."""
    out: list[Group] = []
    shown: dict[Card, Face] = {c: f for c, f in declared.items()}
    for index, cards in enumerate(groups):
        if not cards:
            continue
        result = check_meld(cards, variant, declared)
        frozen = any(card in freezing for card in cards)
        if result.ok:
            shown.update(result.joker_faces)
            out.append(Group(index, tuple(result.ordered), result.kind or "run", True,
                             frozen=frozen))
        else:
            out.append(Group(index, tuple(cards), _guess_kind(cards, declared), False,
                             result.reason, frozen))
    return tuple(out), shown
