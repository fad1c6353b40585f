"""The one factory for matches of either family: ``new_match``, ``replay``,
``match_to_json`` and ``match_from_json`` pick the match class by the variant's family
(``MATCH_CLASSES``), so no caller tells the families apart. The save format itself is
``game.engine.save_format``'s."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from game.engine.actions import Action
from game.engine.contract.match import ContractMatch
from game.engine.match import Match
from game.engine.oracle import PlayOracle
from game.engine.protocol import GameState
from game.engine.save_format import SCHEMA, SaveError, saved_family
from game.engine.variants import Family, get_variant

__all__ = ["MATCH_CLASSES", "SCHEMA", "MatchClass", "SaveError", "match_from_json",
           "match_to_json", "new_match", "replay"]


class MatchClass(Protocol):
    """What the factory needs of a family's match class: make a match, load a save."""

    def __call__(self, variant_id: str, players: int, seed: int,
                 options: dict[str, object] | None = None,
                 names: Sequence[str] | None = None,
                 oracle: PlayOracle | None = None) -> GameState: ...

    def from_json(self, data: object, oracle: PlayOracle | None = None) -> GameState: ...


#: The match class of each family; typed so that mypy checks both implement ``GameState``.
MATCH_CLASSES: dict[Family, MatchClass] = {
    Family.MANIPULATION: Match, Family.CONTRACT: ContractMatch}


def match_to_json(match: GameState) -> dict[str, Any]:
    return match.to_json()


def new_match(variant_id: str, players: int, seed: int, options: dict[str, Any] | None = None,
              names: Sequence[str] | None = None,
              oracle: PlayOracle | None = None) -> GameState:
    """A match of any variant, of the class its family plays. A variant with the must-play
    rule needs ``oracle`` (see ``Match``; the solver's is ``game.solver.PLAY_ORACLE``)."""
    family = get_variant(variant_id, options).family
    return MATCH_CLASSES[family](variant_id, players, seed, options, names, oracle)


def replay(variant_id: str, options: dict[str, Any], players: int, seed: int,
           names: Sequence[str] | None, log: Sequence[Action],
           oracle: PlayOracle | None = None) -> GameState:
    match = new_match(variant_id, players, seed, options, names, oracle)
    for action in log:
        match.apply(action)
    return match


def match_from_json(data: object, oracle: PlayOracle | None = None) -> GameState:
    """Rebuild a match from its JSON (with ``oracle``: see ``new_match``); raises
    SaveError naming what is wrong."""
    return MATCH_CLASSES[saved_family(data)].from_json(data, oracle)
