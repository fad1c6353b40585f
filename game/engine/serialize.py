"""Versioned JSON of a match: schema, variant and options, seats, seed, action log and a
snapshot. Loading replays the log from the seed and checks the result against the snapshot,
so a save can never load into a state the rules could not have reached."""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.actions import Action, action_from_json
from game.engine.contract.actions import contract_action_from_json
from game.engine.contract.match import ContractMatch
from game.engine.errors import EngineError, NotationError
from game.engine.match import Match
from game.engine.oracle import PlayOracle
from game.engine.protocol import GameState
from game.engine.variants import get_variant

SCHEMA = 1

#: The match class of each family; typed so that mypy checks both implement ``GameState``.
MATCH_CLASSES: dict[str, type[GameState]] = {"manipulation": Match, "contract": ContractMatch}


class SaveError(EngineError, ValueError):
    """A saved match that cannot be loaded; the message says why."""


def match_to_json(match: GameState) -> dict:
    return {
        "schema": SCHEMA,
        "variant": match.variant_id,
        "options": dict(match.options),
        "players": match.players,
        "names": list(match.names),
        "seed": match.seed,
        "log": [action.to_json() for action in match.log],
        "snapshot": match.state_json(),
    }


def new_match(variant_id: str, players: int, seed: int, options: dict | None = None,
              names: Sequence[str] | None = None,
              oracle: PlayOracle | None = None) -> Match | ContractMatch:
    """A match of any variant: the contract game or a manipulation game. A variant with the
    must-play rule needs ``oracle`` (see ``Match``; ``game.solver.matches`` supplies the
    solver's)."""
    if get_variant(variant_id, options).family == "contract":
        return ContractMatch(variant_id, players, seed, options, list(names or []) or None)
    return Match(variant_id, players, seed, options, names, oracle)


def replay(variant_id: str, options: dict, players: int, seed: int,
           names: Sequence[str] | None, log: Sequence[Action],
           oracle: PlayOracle | None = None) -> Match | ContractMatch:
    match = new_match(variant_id, players, seed, options, names, oracle)
    for action in log:
        match.apply(action)
    return match


def match_from_json(data: dict, oracle: PlayOracle | None = None) -> Match | ContractMatch:
    """Rebuild a match from its JSON (with ``oracle``: see ``new_match``); raises
    SaveError naming what is wrong."""
    if not isinstance(data, dict):
        raise SaveError("a saved match must be a JSON object")
    schema = data.get("schema")
    if not isinstance(schema, int) or schema > SCHEMA:
        raise SaveError(f"saved match schema {schema!r} is newer than this game ({SCHEMA})")
    try:
        contract = get_variant(data["variant"], data.get("options") or {}).family == "contract"
        parse = contract_action_from_json if contract else action_from_json
        log = [parse(item) for item in data["log"]]
        match = replay(data["variant"], data.get("options") or {}, int(data["players"]),
                       int(data["seed"]), data.get("names") or None, log, oracle)
    except KeyError as missing:
        raise SaveError(f"saved match lacks the field {missing}") from None
    except (EngineError, NotationError, TypeError, ValueError) as error:
        raise SaveError(f"saved match does not replay: {error}") from None
    snapshot = data.get("snapshot")
    if snapshot is not None and snapshot != match.state_json():
        raise SaveError("saved match's snapshot does not match its replayed log")
    return match
