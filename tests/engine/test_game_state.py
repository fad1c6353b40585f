"""Both families implement ``GameState``; ``clone`` copies the state (no replay), and a clone
goes its own way: what one does never shows in the other."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import replace

import pytest

from game.ai.contract import make_contract_player
from game.ai.players import make_player
from game.engine.actions import NextHand
from game.engine.contract.match import ContractMatch
from game.engine.match import Match
from game.engine.protocol import GameState
from game.engine.serialize import (
    MATCH_CLASSES,
    SaveError,
    match_from_json,
    match_to_json,
    new_match,
    replay,
)
from game.solver import PLAY_ORACLE

CASES = [("machiavelli", 2, "manipulation"), ("shanghai", 3, "manipulation"),
         ("shanghai-rummy", 3, "contract")]


def advance(match: GameState, actions: int, seed: int) -> None:
    """``actions`` more actions chosen by easy computer players (seeded)."""
    make = make_contract_player if match.family == "contract" else make_player
    players = [make("easy", seed * 31 + seat) for seat in range(match.players)]
    for _ in range(actions):
        if match.over:
            return
        if match.hand_over:
            match.apply(NextHand(None))
            continue
        seat = match.awaiting
        player = players[seat]
        action = player.decide(match.view(seat)).action
        if not match.can(replace(action, player=seat)):
            action = player.fallback(match.view(seat), "refused").action
        match.apply(replace(action, player=seat))


def long_match(variant_id: str, players: int, actions: int = 120) -> GameState:
    match = new_match(variant_id, players, 11, oracle=PLAY_ORACLE)
    advance(match, actions, 11)
    return match


def shares_nothing_mutable(one: object, other: object, where: str = "match") -> None:
    """No list, dict or mutable record reachable from ``one``'s attributes is ``other``'s."""
    fields = (vars(one) if not dataclasses.is_dataclass(one)
              else {f.name: getattr(one, f.name) for f in dataclasses.fields(one)})
    for name, value in fields.items():
        theirs = getattr(other, name)
        if isinstance(value, list | dict | set):
            assert value is not theirs, f"{where}.{name} is shared"
            for index, item in enumerate(value):
                if dataclasses.is_dataclass(item) and not item.__dataclass_params__.frozen:
                    assert item is not theirs[index], f"{where}.{name}[{index}] is shared"
                    shares_nothing_mutable(item, theirs[index], f"{where}.{name}[{index}]")
        elif dataclasses.is_dataclass(value) and not value.__dataclass_params__.frozen:
            assert value is not theirs, f"{where}.{name} is shared"
            shares_nothing_mutable(value, theirs, f"{where}.{name}")


@pytest.mark.parametrize(("variant_id", "players", "family"), CASES)
def test_both_families_are_game_states(variant_id, players, family):
    match = new_match(variant_id, players, 3, oracle=PLAY_ORACLE)
    assert isinstance(match, GameState)
    assert match.family == family
    assert isinstance(match, MATCH_CLASSES[family])
    assert match.awaiting == match.current


@pytest.mark.parametrize(("variant_id", "players", "family"), CASES)
def test_a_clone_is_the_same_state_and_goes_its_own_way(variant_id, players, family):
    match = long_match(variant_id, players)
    assert match.log and not match.over
    digest, log = match.digest(), list(match.log)
    twin = match.clone()
    assert type(twin) is type(match)
    assert twin.digest() == digest and twin.log == log
    assert twin.variant is match.variant  # immutable parts are shared
    shares_nothing_mutable(match, twin)
    # the clone moves on: the original does not change
    advance(twin, 40, 5)
    assert len(twin.log) > len(log)
    assert match.digest() == digest and match.log == log
    assert match.check_invariants() == [] and twin.check_invariants() == []
    # the original moves on the same way: the two meet again; each is what its log replays
    for action in twin.log[len(log):]:
        match.apply(action)
    assert match.digest() == twin.digest()
    again = replay(twin.variant_id, dict(twin.options), twin.players, twin.seed, twin.names,
                   twin.log, PLAY_ORACLE)
    assert again.digest() == twin.digest()


def test_the_original_moving_on_leaves_the_clone_alone():
    match = long_match("shanghai-rummy", 4, 200)
    twin = match.clone()
    digest = twin.digest()
    advance(match, 60, 9)
    assert twin.digest() == digest and len(twin.log) < len(match.log)
    assert isinstance(twin, ContractMatch) and isinstance(match.clone(), ContractMatch)


def test_a_manipulation_clone_keeps_the_oracle():
    match = long_match("shanghai", 3, 30)
    assert isinstance(match, Match) and match.clone().oracle is PLAY_ORACLE


@pytest.mark.parametrize(("variant_id", "players", "family"), CASES)
def test_each_class_saves_and_loads_itself(variant_id, players, family):
    match = long_match(variant_id, players, 80)
    data = json.loads(json.dumps(match.to_json()))
    again = type(match).from_json(data, PLAY_ORACLE)
    assert type(again) is type(match) and again.family == family
    assert again.digest() == match.digest() and again.log == match.log
    # the factory reads the family from the save and gives the same
    assert match_from_json(data, PLAY_ORACLE).digest() == match.digest()
    assert match_to_json(again) == data


def test_a_class_refuses_the_other_familys_save():
    manipulation = long_match("machiavelli", 2, 10).to_json()
    contract = long_match("shanghai-rummy", 3, 10).to_json()
    with pytest.raises(SaveError, match="not a contract game"):
        ContractMatch.from_json(manipulation)
    with pytest.raises(SaveError, match="not a manipulation game"):
        Match.from_json(contract, PLAY_ORACLE)


@pytest.mark.parametrize("data", [[], {"schema": 99}, {"schema": 1},
                                  {"schema": 1, "variant": "no-such-game", "log": []}])
def test_a_damaged_save_is_a_save_error_for_every_loader(data):
    for load in (Match.from_json, ContractMatch.from_json, match_from_json):
        with pytest.raises(SaveError):
            load(data)
