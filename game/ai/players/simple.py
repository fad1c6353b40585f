"""Plays found without rearranging anything: new melds made only of hand cards, and hand
cards added to a table meld as it stands (extending a run, completing a set). What the Easy
player sees, and the safety net's last resort when only a play is allowed."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from game.ai.decision import Decision
from game.engine.actions import Play
from game.engine.cards import SUITS, Card
from game.engine.match import PlayerView
from game.engine.melds import check_meld, run_windows
from game.engine.table import Table
from game.engine.turn import check_turn
from game.engine.variants import Variant
from game.solver import edit_list


def _runs_in(cards: Sequence[Card], variant: Variant) -> list[tuple[Card, ...]]:
    """Every run of real cards (one card per rank) that ``cards`` can make, longest first."""
    found: list[tuple[Card, ...]] = []
    for suit in SUITS:
        by_rank: dict[int, Card] = {}
        for card in cards:
            if not card.is_joker and card.suit == suit:
                by_rank.setdefault(card.rank, card)
        if len(by_rank) < variant.run_min:
            continue
        # the rules' windows of every length (``run_windows``: the ace rule's one
        # enumeration, around the corner included), each held whole, once
        seen: set[frozenset[Card]] = set()
        for length in range(variant.run_min, len(by_rank) + 1):
            for window in run_windows(variant.ace, length):
                if not all(rank in by_rank for rank in window):
                    continue
                meld = tuple(by_rank[rank] for rank in window)
                if frozenset(meld) not in seen and check_meld(meld, variant).ok:
                    seen.add(frozenset(meld))
                    found.append(meld)
    found.sort(key=len, reverse=True)
    return found


def _sets_in(cards: Sequence[Card], variant: Variant) -> list[tuple[Card, ...]]:
    """Every set of real cards of distinct suits, largest first."""
    found: list[tuple[Card, ...]] = []
    for rank in range(1, 14):
        by_suit: dict[str, Card] = {}
        for card in cards:
            if not card.is_joker and card.rank == rank:
                by_suit.setdefault(card.suit, card)
        group = list(by_suit.values())
        for size in (4, 3):
            for meld in combinations(group, size):
                if check_meld(meld, variant).ok:
                    found.append(meld)
    found.sort(key=len, reverse=True)
    return found


def hand_melds(cards: Sequence[Card], variant: Variant,
               use_jokers: bool = True) -> list[tuple[Card, ...]]:
    """Disjoint melds made only of these cards, chosen greedily (largest first); a spare
    joker completes a pair."""
    left = list(cards)
    melds: list[tuple[Card, ...]] = []
    while True:
        options = _runs_in(left, variant) + _sets_in(left, variant)
        if not options:
            break
        best = max(options, key=len)
        melds.append(best)
        left = [c for c in left if c not in best]
    if use_jokers:
        jokers = [c for c in left if c.is_joker]
        for joker_card in jokers:
            naturals = [c for c in left if not c.is_joker]
            pair = next((p for p in combinations(naturals, 2)
                         if check_meld((*p, joker_card), variant).ok), None)
            if pair is None:
                break
            melds.append((*pair, joker_card))
            left = [c for c in left if c not in pair and c != joker_card]
    return melds


def simple_table(view: PlayerView, use_jokers: bool = True) -> Table | None:
    """The end table of the largest simple play found greedily, or None."""
    variant, start = view.variant, view.table
    opened = view.opened[view.seat]
    new = hand_melds(view.hand, variant, use_jokers)
    if not opened:
        new = _opening(new, variant)
        if not new:
            return None
    left = [c for c in view.hand if not any(c in m for m in new)]
    melds = [list(m) for m in start.melds] + [list(m) for m in new]
    declared = dict(start.declared)
    changed = True
    while changed:
        changed = False
        for card in list(left):
            if card.is_joker and not use_jokers:
                continue
            for meld in melds:
                if check_meld([*meld, card], variant, declared).ok:
                    meld.append(card)
                    left.remove(card)
                    changed = True
                    break
    if len(left) == len(view.hand):
        return None
    end = Table.of(melds, start.free, declared)
    result = check_turn(variant, start, view.hand, end, opened)
    if result.ok:
        return result.table
    if new:  # extensions broke a rule (a frozen or joker rule): the new melds alone
        end = Table.of([list(m) for m in start.melds] + [list(m) for m in new], start.free,
                       declared)
        result = check_turn(variant, start, view.hand, end, opened)
        if result.ok:
            return result.table
    return None


def _opening(melds: list[tuple[Card, ...]], variant: Variant) -> list[tuple[Card, ...]]:
    """The new melds that may open, or [] when they cannot meet the initial-meld rule."""
    rule = variant.initial_meld
    if rule == "run_of_3_from_hand":
        ok = any(check_meld(m, variant).kind == "run" for m in melds)
        return melds if ok else []
    return melds


def simple_play(view: PlayerView, use_jokers: bool = True) -> Decision | None:
    """The greedy simple play as a Decision with its edit list, or None."""
    table = simple_table(view, use_jokers)
    if table is None:
        return None
    played = sum(1 for c in table.cards() if c in set(view.hand))
    edits, _ = edit_list(view.variant, view.table, view.hand, table, view.opened[view.seat])
    return Decision(Play(view.seat, table), tuple(edits),
                    f"play {played} card(s), no rearranging")
