"""The one question the rules cannot answer alone: can this player add a card at all?

The must-play rule (``Variant.must_play_if_able``) needs it, and answering it takes a
search (``game.solver``), which the engine does not import. So a ``Match`` of a variant with
that rule is given a ``PlayOracle`` by whoever creates it (``game.solver.PLAY_ORACLE`` is
the solver's); a match without the rule needs none.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from game.engine.cards import Card
from game.engine.table import Table
from game.engine.variants import Variant


class PlayOracle(Protocol):
    def can_play(self, variant: Variant, table: Table, hand: Sequence[Card],
                 opened: bool) -> bool | None:
        """Can a player with ``hand`` (opened or not) legally add at least one card to
        ``table``? None when the question could not be settled within the oracle's own
        budget: the match then lets the player draw and records that (see ``Match``)."""
        ...


class MissingOracle(RuntimeError):
    """A match of a must-play variant created without a ``PlayOracle``: a programming
    error (not a rule broken), so not an ``EngineError``."""
