"""Computer players for the contract game (Shanghai Rummy)."""

from game.ai.contract.players import ContractPlayer, make_contract_player

__all__ = ["ContractPlayer", "make_contract_player"]
