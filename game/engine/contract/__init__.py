"""Shanghai Rummy, the contract game (RULES.md section 8), on the same cards and melds."""

from game.engine.contract.match import ContractMatch, ContractView
from game.engine.contract.rules import CONTRACTS, Contract, contract_for

__all__ = ["CONTRACTS", "Contract", "ContractMatch", "ContractView", "contract_for"]
