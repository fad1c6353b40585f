"""The turn-order rules and the effects are found through explicit tables: a new kind of
action that one of them lacks would be refused as unknown, or fail only when first played."""

from game.engine.actions import ACTION_TYPES, ActionKind
from game.engine.contract.actions import SIMPLE, ContractKind
from game.engine.contract.match import ACTION_CHECKS
from game.engine.contract.match import EFFECTS as CONTRACT_EFFECTS
from game.engine.contract.turn_order import LISTED, PLAY_RULES
from game.engine.match import EFFECTS
from game.engine.turn_order import KIND_RULES


def test_every_manipulation_action_kind_has_a_rule_and_an_effect() -> None:
    assert set(ACTION_TYPES) == set(ActionKind) == set(EFFECTS)
    assert set(KIND_RULES) == set(ActionKind) - {ActionKind.NEXT_HAND}  # it has its own


def test_every_contract_action_kind_has_an_effect_and_is_listed() -> None:
    kinds = set(ContractKind) | {ActionKind.DRAW, ActionKind.NEXT_HAND}
    assert set(CONTRACT_EFFECTS) == kinds == set(LISTED)
    assert set(SIMPLE) | set(ACTION_CHECKS) == kinds  # an action has content to check or none
    assert set(PLAY_RULES) == {ContractKind.LAY_DOWN, ContractKind.LAY_OFF,
                               ContractKind.SWAP_JOKER, ContractKind.DISCARD}


def test_a_kind_is_its_save_file_name() -> None:
    assert ActionKind.END_TURN == "end_turn" and ContractKind.LAY_OFF == "lay_off"
    assert {"end_turn": 1}[ActionKind.END_TURN] == 1  # looked up by the name a save holds
