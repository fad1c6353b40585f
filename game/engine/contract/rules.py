"""Shanghai Rummy's contracts, lay-down and lay-off checks, and card values (RULES.md 8)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import permutations

from game.engine.cards import Card, Face
from game.engine.melds import MeldCheck, check_meld
from game.engine.variants import Variant

SET_SIZE = 3
ONE_TURN_BONUS = -25  # going out in one turn, with a joker
ONE_TURN_NATURAL_BONUS = -50  # going out in one turn without a joker


@dataclass(frozen=True)
class Contract:
    sets: int
    runs: int
    run_length: int = 0

    def __str__(self) -> str:
        parts = []
        if self.sets:
            parts.append(f"{self.sets} set{'s' if self.sets > 1 else ''} of {SET_SIZE}")
        if self.runs:
            parts.append(f"{self.runs} run{'s' if self.runs > 1 else ''} of {self.run_length}")
        return " + ".join(parts)

    @property
    def melds(self) -> int:
        return self.sets + self.runs


CONTRACTS = (
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
)


def contract_for(round_number: int) -> Contract:
    return CONTRACTS[round_number % len(CONTRACTS)]


def card_value(card: Card) -> int:
    """Penalty of a card left in hand (house values)."""
    if card.is_joker:
        return 50
    if card.rank == 1:
        return 15
    return 10 if card.rank >= 10 else 5


@dataclass(frozen=True)
class LayDownCheck:
    ok: bool
    problems: tuple[str, ...] = ()
    checks: tuple[MeldCheck, ...] = ()  # per meld, in the order given, when ok
    kinds: tuple[str, ...] = ()


def check_meld_as(variant: Variant, cards: Sequence[Card], kind: str, run_length: int,
                  declared: Mapping[Card, Face]) -> MeldCheck:
    if kind == "set":
        result = check_meld(cards, variant, declared, kind="set")
        if result.ok and len(cards) < SET_SIZE:
            return MeldCheck(False, reason=f"a set needs at least {SET_SIZE} cards")
        return result
    return check_meld(cards, variant, declared, kind="run", run_min=run_length)


def check_lay_down(variant: Variant, contract: Contract, melds: Sequence[Sequence[Card]],
                   declared: Mapping[Card, Face]) -> LayDownCheck:
    """Do these melds make exactly the contract (each meld at least its minimum size)?"""
    if len(melds) != contract.melds:
        return LayDownCheck(False, (f"this round's contract is {contract}: lay down exactly "
                                    f"{contract.melds} melds, not {len(melds)}",))
    wanted = ["set"] * contract.sets + ["run"] * contract.runs
    best_problems: tuple[str, ...] | None = None
    for kinds in sorted(set(permutations(wanted))):
        checks = [check_meld_as(variant, meld, kind, contract.run_length, declared)
                  for meld, kind in zip(melds, kinds, strict=True)]
        problems = tuple(f"meld {i + 1} as a {kind}: {c.reason}"
                         for i, (c, kind) in enumerate(zip(checks, kinds, strict=True))
                         if not c.ok)
        if not problems:
            return LayDownCheck(True, (), tuple(checks), tuple(kinds))
        if best_problems is None or len(problems) < len(best_problems):
            best_problems = problems
    return LayDownCheck(False, best_problems or ())


def describe_contract_game(variant: Variant) -> list[str]:
    packs, jokers = variant.deck_for(variant.min_players)
    big = variant.larger_deck
    lines = [
        f"{variant.name} ({variant.id}): {variant.summary}",
        f"Players: {variant.min_players}-{variant.max_players}. Deck: {packs} packs and "
        f"{jokers} joker{'s' if jokers != 1 else ''}"
        + (f"; from {big.min_players} players {big.packs} packs and {big.jokers} jokers."
           if big else "."),
        f"Ten rounds of {variant.hand_size} cards. The contracts, round by round: "
        + "; ".join(f"{i + 1}. {c}" for i, c in enumerate(CONTRACTS)) + ".",
        "On your turn take the top discard or draw from the stock. If you draw from the "
        "stock, the others may buy the discard in turn order, taking the top stock card "
        f"as a penalty with it; at most {variant.max_buys} buys per player per round.",
        "Lay down exactly the round's contract in one turn. In later turns you may lay off "
        "single cards on any meld; in one turn you either lay down or lay off, not both.",
        "Sets are 3 or more cards of one rank and may repeat suits. Runs are cards of one "
        "suit in order; an ace is high or low but never inside a run.",
        "Jokers are wild. A joker on the table may be taken by a player who has laid down, "
        "by replacing it with the card it stands for; it must be used that same turn.",
        "A turn ends with a discard. When the stock runs out, the discards but the top one "
        "are shuffled into a new stock; if both run out, the round ends.",
        "Penalty: the cards left in hand. Going out in a single turn scores -25, or -50 "
        "without a joker. The lowest total after ten rounds wins.",
    ]
    lines.extend(variant.house_rules)
    return lines
