"""The one interface both game families implement: ``GameState``.

A manipulation match (``game.engine.match.Match``) and the contract game
(``game.engine.contract.match.ContractMatch``) differ in their actions, their hands and
what a seat may see, but callers that only run a match (the session, the simulate
command, the screens around the tables) need the same few things of both: whose move it
is, which kinds of action are legal, verify / can / apply, the view a seat may see, an
independent copy, the match's facts (variant, seats, seed, log, totals) and its
canonical state. They ask those of a ``GameState`` and tell the families apart, where
they must (which table to open, which computer players to seat), by ``family``, never by
the class. Each class saves and loads itself (``to_json`` / ``from_json``, the format is
``game.engine.save_format``'s); the one factory that makes, replays and loads a match of
either family is ``game.engine.serialize`` (``new_match``, ``replay``, ``match_from_json``).

Members are read-only properties so that a family may narrow a type (a contract match's
totals are ints, its view a ``ContractView``). ``game.engine.serialize`` asserts, for mypy,
that both classes satisfy the protocol.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from game.engine.actions import Action
from game.engine.cards import Card
from game.engine.oracle import PlayOracle
from game.engine.scoring import HandResult, MatchResult, Points
from game.engine.variants import Family, Variant


class SeatView(Protocol):
    """What every family's view of one seat holds (``PlayerView``, ``ContractView``)."""

    @property
    def seat(self) -> int: ...
    @property
    def variant(self) -> Variant: ...
    @property
    def names(self) -> tuple[str, ...]: ...
    @property
    def hand(self) -> tuple[Card, ...]: ...
    @property
    def hand_counts(self) -> tuple[int, ...]: ...
    @property
    def stock_size(self) -> int: ...
    @property
    def totals(self) -> Sequence[Points]: ...
    @property
    def current(self) -> int: ...
    @property
    def legal(self) -> tuple[str, ...]: ...
    @property
    def hand_result(self) -> HandResult | None: ...
    @property
    def match_result(self) -> MatchResult | None: ...
    @property
    def history(self) -> tuple[HandResult, ...]: ...
    @property
    def players(self) -> int: ...


class DealProgress(Protocol):
    """What every family's deal (a contract game's round) being played holds."""

    @property
    def number(self) -> int: ...
    @property
    def hands(self) -> Sequence[Sequence[Card]]: ...
    @property
    def stock(self) -> Sequence[Card]: ...  # drawn from the end: its last card is the top
    @property
    def current(self) -> int: ...
    @property
    def result(self) -> HandResult | None: ...


@runtime_checkable
class GameState(Protocol):
    """A match of either family: see the module's text."""

    @property
    def family(self) -> Family:
        """The variant's family (``variants.Family``)."""
        ...

    # the match's facts
    @property
    def variant_id(self) -> str: ...
    @property
    def options(self) -> Mapping[str, object]: ...
    @property
    def variant(self) -> Variant: ...
    @property
    def players(self) -> int: ...
    @property
    def seed(self) -> int: ...
    @property
    def names(self) -> tuple[str, ...]: ...
    @property
    def log(self) -> Sequence[Action]: ...
    @property
    def totals(self) -> Sequence[Points]: ...
    @property
    def history(self) -> Sequence[HandResult]: ...
    @property
    def result(self) -> MatchResult | None: ...
    @property
    def deal(self) -> DealProgress: ...

    # whose move, and what may be done
    @property
    def current(self) -> int:
        """The seat whose turn it is."""
        ...

    @property
    def awaiting(self) -> int:
        """The seat whose action the match needs now: the player in turn, or (contract
        game) an out-of-turn buyer being asked."""
        ...

    @property
    def over(self) -> bool: ...
    @property
    def hand_over(self) -> bool: ...
    def legal_kinds(self) -> tuple[str, ...]: ...
    def verify(self, action: Action) -> None: ...
    def can(self, action: Action) -> bool: ...
    def apply(self, action: Action) -> None: ...

    # what a seat sees; copies; the canonical state
    def view(self, seat: int) -> SeatView: ...
    def clone(self) -> GameState:
        """An independent copy (the state copied, not the log replayed)."""
        ...

    def check_invariants(self) -> list[str]: ...
    def state_json(self) -> dict[str, Any]: ...
    def digest(self) -> str: ...

    # the save: versioned JSON (schema, variant, seats, seed, log, snapshot)
    def to_json(self) -> dict[str, Any]: ...

    @classmethod
    def from_json(cls, data: object, oracle: PlayOracle | None = None) -> GameState:
        """The match a save holds, its log replayed (with ``oracle`` for the must-play
        rule); ``save_format.SaveError`` says what is wrong."""
        ...
