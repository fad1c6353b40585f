"""The contract players by level, and the suggestion a table's hint asks for."""

from __future__ import annotations

from game.ai.contract.hard import HardContractPlayer
from game.ai.contract.players import ContractPlayer, EasyContractPlayer, MediumContractPlayer
from game.engine.actions import Action
from game.engine.contract.match import ContractView

PLAYERS: dict[str, type[ContractPlayer]] = {
    "easy": EasyContractPlayer, "medium": MediumContractPlayer, "hard": HardContractPlayer}


def make_contract_player(level: str, seed: int = 0) -> ContractPlayer:
    key = level.strip().lower()
    if key not in PLAYERS:
        raise ValueError(f"unknown computer level '{level}': expected easy, medium or hard")
    return PLAYERS[key](seed)


def suggest(view: ContractView, level: str = "medium") -> Action:
    """The action a ``level`` player would take now in ``view``'s seat: for a hint to a
    person at the contract table. ``view`` must be the view of the seat being asked
    (``match.view(match.awaiting)``); the answer is always one of ``view.legal`` (a player
    that fails falls back to a safe legal move), and it reads nothing but the view.

    A Hard player asked this way has no memory of the round (it sees one view only), so
    it judges by the table, the hand and the counts alone."""
    return make_contract_player(level).decide(view).action
