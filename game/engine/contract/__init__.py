"""Shanghai Rummy, the contract game (RULES.md section 8), on the same cards and melds. Its
parameters (contracts, values, buying, house limits) are the variant's ``ContractRules``
(``params``).

Modules, bottom up: ``params`` (the parameters as data; ``game.engine.variant`` holds them,
so this package imports nothing on loading), ``rules`` (melds, contracts, deal, rules in
words), ``actions``, ``turn_order``, ``match``.
"""
