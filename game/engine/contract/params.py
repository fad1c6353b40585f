"""The contract game's parameters as data (RULES.md 8): the contract of each round, the
penalty values, the going-out bonuses, buying, and the house limits that end a stuck
round. A contract variant holds a ``ContractRules`` (``Variant.contract``); the rule code
in ``game.engine.contract`` reads it and nothing else. Shanghai Rummy's are
``SHANGHAI_RUMMY_RULES``.

Data with no rule in it: it imports only the cards, so ``game.engine.variant`` can hold it.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.cards import Card
from game.i18n import ngettext

SET_SIZE = 3  # the cards of a set at least: the same in every game of the house


@dataclass(frozen=True)
class Contract:
    """What a round asks to lay down: ``sets`` sets and ``runs`` runs of ``run_length``."""

    sets: int
    runs: int
    run_length: int = 0

    def __str__(self) -> str:
        # in the current language (game.i18n): the contract is shown to players
        parts = []
        if self.sets:
            parts.append(ngettext("{n} set of {size}", "{n} sets of {size}", self.sets).format(
                n=self.sets, size=SET_SIZE))
        if self.runs:
            parts.append(ngettext("{n} run of {size}", "{n} runs of {size}", self.runs).format(
                n=self.runs, size=self.run_length))
        return " + ".join(parts)

    @property
    def melds(self) -> int:
        return self.sets + self.runs


@dataclass(frozen=True)
class PenaltyValues:
    """What a card left in hand costs at the end of a round."""

    joker: int
    ace: int
    ten_to_king: int
    two_to_nine: int

    def of(self, card: Card) -> int:
        if card.is_joker:
            return self.joker
        if card.rank == 1:
            return self.ace
        return self.ten_to_king if card.rank >= 10 else self.two_to_nine


@dataclass(frozen=True)
class ContractRules:
    """A contract game's rounds, scoring, buying and house limits."""

    contracts: tuple[Contract, ...]  # round i asks contracts[i % len(contracts)]
    penalties: PenaltyValues
    one_turn_bonus: int  # the score of going out in a single turn, with a joker
    one_turn_natural_bonus: int  # ... without a joker
    buy_penalty_cards: int = 1  # stock cards a buyer takes with the bought discard
    min_stock: int = 5  # cards a deal must leave in the stock (hands and first discard dealt)
    # (house) a round whose stock was rebuilt from the discards this many times ends at
    # the next empty stock: nobody is getting anywhere, and the round must not last for ever
    max_reshuffles: int = 3
    # (house) a round in which this many turns a seat pass in a row with no card drawn from
    # the stock ends and is scored as it stands; with ``max_reshuffles`` bounding the stock
    # cards a round can give, no sequence of legal actions goes on for ever
    quiet_turns_per_seat: int = 10
    # (house) may the card just taken from the discard pile be thrown back in the same turn
    # (it always may when it is the last card in hand)?
    discard_taken_card: bool = False

    def __post_init__(self) -> None:
        if not self.contracts:
            raise ValueError("a contract game needs at least one contract")

    @property
    def rounds(self) -> int:
        """The rounds of a match (each contract once)."""
        return len(self.contracts)

    def contract_for(self, round_number: int) -> Contract:
        return self.contracts[round_number % len(self.contracts)]

    def card_value(self, card: Card) -> int:
        """The penalty of ``card`` left in hand."""
        return self.penalties.of(card)


SHANGHAI_RUMMY_RULES = ContractRules(
    contracts=(
        Contract(2, 0),
        Contract(1, 1, 4),
        Contract(0, 2, 4),
        Contract(3, 0),
        Contract(1, 1, 7),
        Contract(2, 1, 5),
        Contract(0, 3, 4),
        Contract(1, 1, 10),
        Contract(3, 1, 5),
        Contract(0, 3, 5),
    ),
    penalties=PenaltyValues(joker=50, ace=15, ten_to_king=10, two_to_nine=5),  # (house)
    one_turn_bonus=-25,
    one_turn_natural_bonus=-50,
)
