"""Computer players for the contract game (Shanghai Rummy)."""

from game.ai.contract.levels import make_contract_player, suggest
from game.ai.contract.players import ContractPlayer

__all__ = ["ContractPlayer", "make_contract_player", "suggest"]
