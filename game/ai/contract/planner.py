"""Finding a contract in a hand, and measuring how close a hand is to one.

Hands hold 11 to about 20 cards, so an exact backtracking search over candidate melds
(sets of one rank, runs of exactly the contract's length, jokers filling gaps) is fast.
After a contract is found, the hand's other cards that fit are added to its melds, so a
lay-down sheds as many cards as it can.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from game.engine.cards import JOKER_RANK, JOKER_SUIT, SUITS, Card, Face
from game.engine.contract.params import SET_SIZE, Contract
from game.engine.contract.rules import check_lay_down, check_meld_as
from game.engine.melds import run_windows
from game.engine.variants import AceMode, Variant


@dataclass(frozen=True)
class Candidate:
    kind: str
    naturals: tuple[Card, ...]
    jokers: int


def _sets(hand: Sequence[Card], jokers: int) -> list[Candidate]:
    by_rank: dict[int, list[Card]] = defaultdict(list)
    for card in hand:
        if not card.is_joker:
            by_rank[card.rank].append(card)
    found = []
    for cards in by_rank.values():
        if len(cards) >= SET_SIZE:
            found.append(Candidate("set", tuple(cards[:SET_SIZE]), 0))
        elif len(cards) + jokers >= SET_SIZE and len(cards) >= 2:
            found.append(Candidate("set", tuple(cards), SET_SIZE - len(cards)))
    return found


def _by_suit(hand: Sequence[Card]) -> dict[str, dict[int, Card]]:
    """The hand's real cards by suit and rank (one card a rank; an ace is rank 1 wherever
    it stands, as in ``run_windows``)."""
    by_suit: dict[str, dict[int, Card]] = defaultdict(dict)
    for card in hand:
        if not card.is_joker:
            by_suit[card.suit].setdefault(card.rank, card)
    return by_suit


def _runs(hand: Sequence[Card], jokers: int, length: int, ace: AceMode | str
          ) -> list[Candidate]:
    by_suit = _by_suit(hand)
    found = []
    for suit in SUITS:
        ranks = by_suit.get(suit, {})
        for window in run_windows(AceMode(ace), length):  # the rules' windows, every one
            naturals = tuple(ranks[r] for r in window if r in ranks)
            missing = length - len(naturals)
            if missing <= jokers and len(naturals) >= 2 and len(set(naturals)) == len(naturals):
                found.append(Candidate("run", naturals, missing))
    return found


def find_contract(variant: Variant, contract: Contract,
                  hand: Sequence[Card]) -> tuple[list[list[Card]], dict[Card, Face]] | None:
    """Melds from ``hand`` that make ``contract`` (fewest jokers first), extended with every
    other hand card that fits; None if the hand cannot make it."""
    options = contract_options(variant, contract, hand, 1)
    return options[0] if options else None


def contract_options(variant: Variant, contract: Contract, hand: Sequence[Card],
                     limit: int) -> list[tuple[list[list[Card]], dict[Card, Face]]]:
    """Up to ``limit`` different lay-downs of ``contract`` from ``hand`` (fewest jokers
    first), each extended with every other hand card that fits. The search stops after
    ``limit`` finds or a number of steps: its work is counted, never timed."""
    jokers = [c for c in hand if c.is_joker]
    candidates = _sets(hand, len(jokers)) + _runs(hand, len(jokers), contract.run_length,
                                                   variant.ace)
    candidates.sort(key=lambda c: c.jokers)
    need = {"set": contract.sets, "run": contract.runs}
    chosen: list[Candidate] = []
    found: list[list[Candidate]] = []
    steps = [20_000 + limit * 200]

    def search(start: int, used: frozenset[Card], jokers_left: int) -> bool:
        """True when the search should stop (enough found, or out of steps)."""
        steps[0] -= 1
        if need["set"] == 0 and need["run"] == 0:
            found.append(list(chosen))
            return len(found) >= limit
        if steps[0] <= 0:
            return True
        for index in range(start, len(candidates)):
            cand = candidates[index]
            if need[cand.kind] == 0 or cand.jokers > jokers_left:
                continue
            if any(c in used for c in cand.naturals):
                continue
            need[cand.kind] -= 1
            chosen.append(cand)
            stop = search(index + 1, used | set(cand.naturals), jokers_left - cand.jokers)
            chosen.pop()
            need[cand.kind] += 1
            if stop:
                return True
        return False

    search(0, frozenset(), len(jokers))
    options = []
    for choice in found:
        spare_jokers = iter(jokers)
        melds = [list(c.naturals) + [next(spare_jokers) for _ in range(c.jokers)]
                 for c in choice]
        result = check_lay_down(variant, contract, melds, {})
        if not result.ok:
            continue
        melds = [list(check.ordered) for check in result.checks]
        declared: dict[Card, Face] = {}
        for check in result.checks:
            declared.update(check.joker_faces)
        _extend(variant, melds, list(result.kinds), declared, hand)
        options.append((melds, declared))
    return options


def _extend(variant: Variant, melds: list[list[Card]], kinds: list[str],
            declared: dict[Card, Face], hand: Sequence[Card]) -> None:
    """Add the hand's remaining natural cards to the melds they fit, runs first (a run
    needs particular cards, a set takes any of its rank), until nothing more fits."""
    used = {c for m in melds for c in m}
    order = sorted(range(len(melds)), key=lambda i: kinds[i] != "run")
    changed = True
    while changed:
        changed = False
        for card in hand:
            if card in used or card.is_joker:
                continue
            for index in order:
                check = check_meld_as(variant, [*melds[index], card], kinds[index], 3,
                                      declared)
                if check.ok:
                    melds[index][:] = list(check.ordered)
                    declared.update(check.joker_faces)
                    used.add(card)
                    changed = True
                    break


def deficiency(hand: Sequence[Card], contract: Contract,
               ace: AceMode | str = AceMode.EITHER) -> int:
    """The fewest cards the hand still lacks to make the contract (0: it can lay down).

    Partial melds count what they miss (jokers fill gaps); the search picks disjoint
    partial melds of the right kinds minimising the total missing."""
    return _deficiency(tuple(sorted(hand)), contract, ace)[0]


def needed_cards(hand: Sequence[Card], contract: Contract,
                 ace: AceMode | str = AceMode.EITHER) -> frozenset[Card]:
    """The cards the best partial contract of ``deficiency`` uses; the others are spare."""
    return _deficiency(tuple(sorted(hand)), contract, ace)[1]


def could_help(card: Card, hand: Sequence[Card], contract: Contract,
               ace: AceMode | str = AceMode.EITHER) -> bool:
    """Cheap test: can ``card`` join any partial meld of ``hand`` at all?"""
    if card.is_joker:
        return True
    for other in hand:
        if other.is_joker:
            continue
        if contract.sets and other.rank == card.rank:
            return True
        if contract.runs and other.suit == card.suit \
                and run_reach(other.rank, card.rank, contract.run_length, ace):
            return True
    return False


@lru_cache(maxsize=4096)
def run_reach(a: int, b: int, length: int, ace: AceMode | str) -> int | None:
    """How far apart ranks ``a`` and ``b`` stand in the nearest run of ``length`` the ace
    rule allows that holds both (``run_windows``); None when no such run holds both."""
    gaps = [abs(window.index(a) - window.index(b))
            for window in run_windows(AceMode(ace), length) if a in window and b in window]
    return min(gaps, default=None)


@lru_cache(maxsize=4096)
def two_past_run(first: int, last: int, length: int, ace: AceMode | str) -> frozenset[int]:
    """The ranks two places beyond either end of a run of ``length`` from ``first`` to
    ``last``, where the ace rule allows the run two cards longer that way."""
    found = set()
    for window in run_windows(AceMode(ace), length + 2):
        if window[2] == first and window[-1] == last:
            found.add(window[0])
        if window[0] == first and window[-3] == last:
            found.add(window[-1])
    return frozenset(found)


@lru_cache(maxsize=65536)
def _deficiency(hand: tuple[Card, ...], contract: Contract,
                ace: AceMode | str) -> tuple[int, frozenset[Card]]:
    jokers = sum(1 for c in hand if c.is_joker)
    by_rank: dict[int, list[Card]] = defaultdict(list)
    for card in hand:
        if not card.is_joker:
            by_rank[card.rank].append(card)
    by_suit = _by_suit(hand)
    options: dict[str, list[tuple[int, frozenset[Card]]]] = {"set": [], "run": []}
    for cards in by_rank.values():
        use = cards[:SET_SIZE]
        options["set"].append((SET_SIZE - len(use), frozenset(use)))
    length = contract.run_length
    if contract.runs:
        windows = run_windows(AceMode(ace), length)  # the rules' windows, every one
        for ranks in by_suit.values():
            for window in windows:
                use = [ranks[r] for r in window if r in ranks]
                if use and len(set(use)) == len(use):
                    options["run"].append((length - len(use), frozenset(use)))
    empty = {"set": SET_SIZE, "run": length}
    for kind in options:
        options[kind].sort(key=lambda o: o[0])
    wanted = ["run"] * contract.runs + ["set"] * contract.sets
    best = [sum(empty[k] for k in wanted)]
    best_used: list[frozenset[Card]] = [frozenset()]

    def search(index: int, used: frozenset[Card], missing: int, first: int) -> None:
        # ``first``: melds of one kind are picked in option order, so no permutation of
        # the same choice is searched twice
        if missing >= best[0]:
            return
        if index == len(wanted):
            best[0] = missing
            best_used[0] = used
            return
        kind = wanted[index]
        same_kind_next = index + 1 < len(wanted) and wanted[index + 1] == kind
        for position in range(first, len(options[kind])):
            miss, cards = options[kind][position]
            if missing + miss >= best[0]:
                break  # options are sorted by what they miss
            if not cards & used:
                search(index + 1, used | cards, missing + miss,
                       position + 1 if same_kind_next else 0)
        search(index + 1, used, missing + empty[kind], 0)  # start this meld from nothing

    search(0, frozenset(), 0, 0)
    jokers_used = frozenset(c for c in hand if c.is_joker)
    return max(0, best[0] - jokers), best_used[0] | jokers_used


def potential(hand: Sequence[Card], contract: Contract,
              ace: AceMode | str = AceMode.EITHER) -> float:
    """A finer tie-break than ``deficiency``: cards in pairs and triples of one rank and in
    near-runs (of each card, the run the ace rule allows up from it: ``run_windows``),
    plus jokers; higher is better."""
    score = 0.0
    by_rank: dict[int, int] = defaultdict(int)
    by_suit: dict[str, set[int]] = defaultdict(set)
    jokers = 0
    for card in hand:
        if card.is_joker:
            jokers += 1
            continue
        by_rank[card.rank] += 1
        by_suit[card.suit].add(card.rank)
    if contract.sets:
        score += sum(min(n, SET_SIZE) ** 1.5 for n in by_rank.values() if n >= 2)
    if contract.runs:
        length = contract.run_length
        allowed = frozenset(run_windows(AceMode(ace), length))
        for ranks in by_suit.values():
            for rank in ranks:
                window = sum(1 for r in _run_up_from(rank, length, allowed) if r in ranks)
                if window >= 2:
                    score += (window / length) ** 2 * length
    return score + 3.0 * jokers


def _run_up_from(rank: int, length: int, allowed: frozenset[tuple[int, ...]],
                 ) -> tuple[int, ...]:
    """The ranks of the run of ``length`` from ``rank`` up: past the king to the ace (and
    on, around the corner) where the rules allow that run (``allowed``: the ace rule's
    windows), else up to the king at most."""
    turning = tuple((rank + step - 1) % 13 + 1 for step in range(length))
    if turning in allowed:
        return turning
    return tuple(range(rank, min(13, rank + length - 1) + 1))


def progress(hand: Sequence[Card], contract: Contract,
             ace: AceMode | str = AceMode.EITHER) -> float:
    """One number for comparing hands: fewer missing cards first, then potential."""
    return -10.0 * deficiency(hand, contract, ace) + potential(hand, contract, ace) / 10.0


def outs(hand: Sequence[Card], contract: Contract, variant: Variant, players: int,
         seen: Mapping[tuple[int, str], int]) -> int:
    """How many of the cards this player has not seen would each bring ``hand`` one card
    closer to ``contract`` if drawn: the unseen copies of every face that lowers
    ``deficiency``, and the unseen jokers. ``seen`` counts the copies of each (rank, suit)
    in view (the hand, the table, the discards remembered); 0 once the hand can lay down.
    A face is tested once (for a contract of sets only, once per rank)."""
    ace = variant.ace
    now = deficiency(hand, contract, ace)
    if now == 0:
        return 0
    packs, jokers = variant.deck_for(players)
    total = max(0, jokers - seen.get((JOKER_RANK, JOKER_SUIT), 0))
    lowers: dict[object, bool] = {}
    for suit in SUITS:
        for rank in range(1, 14):
            left = packs - seen.get((rank, suit), 0)
            probe = Card(rank, suit, -1)  # a copy id no real card has
            if left <= 0 or not could_help(probe, hand, contract, ace):
                continue
            key: object = (rank, suit) if contract.runs else rank
            if key not in lowers:
                lowers[key] = deficiency([*hand, probe], contract, ace) < now
            if lowers[key]:
                total += left
    return total
