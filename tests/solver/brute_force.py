"""An independent exhaustive search for tiny positions, to check the solver's optimality.

It shares nothing with the solver but the rules themselves: it tries every way to split
the table cards plus any subset of hand (and free) cards into groups, every declaration a
joker could take in its group, keeps the groups ``check_meld`` accepts, and asks
``check_turn`` about every complete end table. Exponential: keep positions to ~10 cards.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from game.engine.cards import SUITS, Card, Face
from game.engine.melds import check_meld
from game.engine.scoring import card_value
from game.engine.table import Table
from game.engine.turn import check_turn
from game.engine.variants import Variant


@dataclass(frozen=True)
class BruteResult:
    value: int  # best value (cards or points)
    kept: int  # most start melds kept whole among the plays of best value
    plays: int  # legal end tables found (any value)


def _joker_faces(naturals: Sequence[Card]) -> list[Face]:
    """Faces a joker could be declared as in a group with these naturals."""
    ranks = {c.rank for c in naturals}
    suits = {c.suit for c in naturals}
    faces: set[Face] = set()
    if len(ranks) == 1:
        faces |= {Face(r, s) for r in ranks for s in SUITS}
    if len(suits) == 1:
        faces |= {Face(r, s) for s in suits for r in range(1, 14)}
    return sorted(faces)


def _group_options(group: tuple[Card, ...], variant: Variant) -> list[dict[Card, Face]]:
    """Every declaration map (for fixed jokers) under which ``group`` is a valid meld."""
    jokers = [c for c in group if c.is_joker]
    naturals = [c for c in group if not c.is_joker]
    if not naturals or (len({c.rank for c in naturals}) > 1
                        and len({c.suit for c in naturals}) > 1):
        return []
    if variant.jokers_per_meld and len(jokers) > variant.jokers_per_meld:
        return []
    if variant.joker_identity != "fixed" or not jokers:
        return [{}] if check_meld(group, variant, {}).ok else []
    options = []
    faces = _joker_faces(naturals)
    for choice in itertools.product(faces, repeat=len(jokers)):
        declared = dict(zip(jokers, choice, strict=True))
        if check_meld(group, variant, declared).ok:
            options.append(declared)
    return options


def brute_best(variant: Variant, table: Table, hand: Sequence[Card], opened: bool, *,
               objective: str = "cards", keep: Collection[Card] = (),
               exactly: int | None = None, keep_jokers: bool = False) -> BruteResult | None:
    keep_set = set(keep)
    usable = [c for c in hand if c not in keep_set and not (keep_jokers and c.is_joker)]
    must = [c for meld in table.melds for c in meld]
    optional = list(table.free) + usable
    pool = must + optional
    optional_set = set(optional)
    start_sets = [frozenset(m) for m in table.melds]
    memo: dict[tuple[Card, ...], list[dict[Card, Face]]] = {}

    def options(group: tuple[Card, ...]) -> list[dict[Card, Face]]:
        if group not in memo:
            memo[group] = _group_options(group, variant)
        return memo[group]

    best: list[tuple[int, int]] = []
    count = [0]

    def weight(card: Card) -> int:
        return 1 if objective == "cards" else card_value(variant.scoring, card)

    def leaf(groups: list[tuple[Card, ...]], declared: dict[Card, Face]) -> None:
        on_table = {c for g in groups for c in g}
        free_left = [c for c in table.free if c not in on_table]
        end = Table.of(groups, free_left, declared)
        check = check_turn(variant, table, hand, end, opened)
        if not check.ok:
            return
        played = check.played
        if exactly is not None and len(played) != exactly:
            return
        count[0] += 1
        value = sum(weight(c) for c in played)
        end_sets = {frozenset(g) for g in groups}
        kept = sum(1 for s in start_sets if s in end_sets)
        best.append((value, kept))

    def recurse(rest: list[Card], groups: list[tuple[Card, ...]],
                declared: dict[Card, Face]) -> None:
        if not rest:
            leaf(groups, declared)
            return
        first, others = rest[0], rest[1:]
        if first in optional_set:
            recurse(others, groups, declared)
        for size in range(2, min(12, len(others)) + 1):
            for mates in itertools.combinations(others, size):
                group = (first, *mates)
                for decl in options(group):
                    left = [c for c in others if c not in mates]
                    recurse(left, groups + [group], {**declared, **decl})

    recurse(pool, [], {})
    if not best:
        return None
    top = max(v for v, _ in best)
    return BruteResult(top, max(k for v, k in best if v == top), count[0])
