"""Matches that carry the solver's ``PlayOracle``: the factory the game, the commands and
the computer players use (the engine's own, in ``game.engine.serialize``, takes the oracle
as a parameter and refuses a must-play variant without one)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.engine import serialize
from game.engine.actions import Action
from game.engine.protocol import GameState
from game.solver.api import PLAY_ORACLE


def new_match(variant_id: str, players: int, seed: int, options: dict[str, Any] | None = None,
              names: Sequence[str] | None = None) -> GameState:
    """A match of any variant, its must-play question answered by the solver."""
    return serialize.new_match(variant_id, players, seed, options, names, PLAY_ORACLE)


def replay(variant_id: str, options: dict[str, Any], players: int, seed: int,
           names: Sequence[str] | None, log: Sequence[Action]) -> GameState:
    return serialize.replay(variant_id, options, players, seed, names, log, PLAY_ORACLE)


def match_from_json(data: dict[str, Any]) -> GameState:
    """A saved match rebuilt (``SaveError`` naming what is wrong), with the solver's oracle."""
    return serialize.match_from_json(data, PLAY_ORACLE)
