"""Shanghai Rummy, the contract game (RULES.md section 8), on the same cards and melds. Its
parameters (contracts, values, buying, house limits) are the variant's ``ContractRules``
(``game.engine.contract_rules``)."""

from game.engine.contract.match import ContractMatch, ContractView
from game.engine.contract.rules import CONTRACTS, rules_of
from game.engine.contract_rules import Contract, ContractRules

__all__ = ["CONTRACTS", "Contract", "ContractMatch", "ContractRules", "ContractView",
           "rules_of"]
