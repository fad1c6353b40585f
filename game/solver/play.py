"""What the solver answers: a legal play, and the arrangement behind it."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine.cards import Card
from game.engine.table import Table
from game.engine.turn import TurnCheck


@dataclass(frozen=True)
class FoundPlay:
    """A legal play the solver found: the end table (normalised by ``check_turn``), the
    hand cards put down, and its value (cards, or points of ``card_value``). Not an action:
    a player makes it one as ``game.engine.actions.Play``."""

    table: Table
    played: tuple[Card, ...]
    value: int


@dataclass(frozen=True)
class Arrangement:
    """A play with what the solver also wants: start melds kept whole and the jokers whose
    declaration changed (released), for edit lists."""

    play: FoundPlay
    kept_melds: int
    check: TurnCheck = field(repr=False)
    released: tuple[Card, ...] = ()


# --- candidate templates -----------------------------------------------------------------
