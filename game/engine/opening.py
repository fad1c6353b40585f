"""The first-play rule: do the hand cards a player put down include the opening it needs?

RULES.md 2 (``initial_meld``): the condition is met when the hand cards played include a
valid meld (Robber's), a run of three (Vatikan) or melds worth N points, *by themselves*.
In the same turn the player may join them to table cards and rearrange, so the opening
need not stand as a meld of the end table: ``8S 8H 8D 8C`` with ``5S 6S 7S`` from the hand
may end as ``5S 6S 7S 8S | 8H 8D 8C``.

Jokers played from the hand are wild here: the player could have declared them as any
card the opening needed.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from game.engine.cards import SUITS, Card
from game.engine.melds import MeldCheck, check_meld, run_windows
from game.engine.scoring import meld_points
from game.engine.variants import InitialMeldKind, Variant
from game.i18n import _

# Longest set the opening search builds: four suits (RULES.md 1), or more where suits repeat.
_SET_MAX = 4


def hand_melds(variant: Variant, cards: Sequence[Card], *, runs_only: bool = False,
               shortest: bool = False) -> Iterator[tuple[tuple[Card, ...], MeldCheck]]:
    """Valid melds made only of ``cards``, one per distinct shape (which physical copy of a
    face is used does not matter). ``shortest``: only melds of three cards, which is all a
    yes/no question needs (every longer meld holds a valid meld of three)."""
    jokers = [c for c in cards if c.is_joker]
    limit = variant.jokers_per_meld or len(jokers)
    spare = jokers[:limit]
    by_face: dict[tuple[int, str], Card] = {}
    for card in cards:
        if not card.is_joker:
            by_face.setdefault((card.rank, card.suit), card)
    if not runs_only:
        yield from _sets(variant, by_face, spare, shortest)
    yield from _runs(variant, by_face, spare, shortest)


def _sets(variant: Variant, by_face: dict[tuple[int, str], Card], spare: list[Card],
          shortest: bool) -> Iterator[tuple[tuple[Card, ...], MeldCheck]]:
    ranks = sorted({rank for rank, _ in by_face})
    for rank in ranks:
        naturals = [by_face[(rank, s)] for s in SUITS if (rank, s) in by_face]
        sizes = (3,) if shortest else range(3, _SET_MAX + 1)
        for size in sizes:
            for wild in range(len(spare) + 1):
                real = size - wild
                if real < 1 or real > len(naturals):
                    continue
                for chosen in itertools.combinations(naturals, real):
                    meld = chosen + tuple(spare[:wild])
                    result = check_meld(meld, variant, kind="set")
                    if result.ok:
                        yield meld, result


def _runs(variant: Variant, by_face: dict[tuple[int, str], Card], spare: list[Card],
          shortest: bool) -> Iterator[tuple[tuple[Card, ...], MeldCheck]]:
    lengths = (variant.run_min,) if shortest else range(variant.run_min, 14)
    # by first rank, then length: the order the search meets the shortest openings first
    windows = sorted((w for length in lengths for w in run_windows(variant.ace, length)),
                     key=lambda w: (w[0], len(w)))
    seen: set[tuple[Card, ...]] = set()  # windows differing only in where jokers go
    for suit in SUITS:
        present = {rank for rank, s in by_face if s == suit}
        if not present:
            continue
        for ranks in windows:
            length = len(ranks)
            real = [by_face[(r, suit)] for r in ranks if (r, suit) in by_face]
            missing = length - len(real)
            if not real or missing > len(spare):
                continue
            meld = tuple(real) + tuple(spare[:missing])
            if meld in seen:
                continue
            seen.add(meld)
            # asked as a run: one real card and wild jokers could read as a set too
            result = check_meld(meld, variant, kind="run")
            if result.ok:
                yield meld, result


def opening_problem(variant: Variant, played: Sequence[Card],
                    end_melds: Sequence[tuple[Sequence[Card], MeldCheck]] = ()) -> str | None:
    """Why ``played`` (the hand cards a not-yet-opened player put down) does not meet the
    variant's first-play rule, or None when it does. ``end_melds``: the end table's valid
    melds, checked first (a meld of the end table made only of played cards is the usual
    opening, and finding it needs no search)."""
    rule = variant.initial_meld.kind
    if rule is InitialMeldKind.NONE:
        return None
    played_set = set(played)
    own = [check for meld, check in end_melds if all(c in played_set for c in meld)]
    if rule is InitialMeldKind.COMPLETE_MELD:
        if own or any(True for _ in hand_melds(variant, played, shortest=True)):
            return None
        return _("your first play must include a complete meld made only of cards from "
                 "your hand")
    if rule is InitialMeldKind.RUN_OF_3:
        if any(c.kind == "run" for c in own) or any(
                True for _ in hand_melds(variant, played, runs_only=True, shortest=True)):
            return None
        return _("your first play must include a run of three or more cards from your hand")
    needed = variant.initial_meld.points
    total = opening_points(variant, played)
    if total >= needed:
        return None
    return _("your first play needs melds from your hand worth {needed} points; these are "
             "worth {total}").format(needed=needed, total=total)


def opening_points(variant: Variant, cards: Sequence[Card]) -> int:
    """The most points that disjoint valid melds made only of ``cards`` are worth."""
    melds = [(frozenset(meld), meld_points(check.faces, check.kind))
             for meld, check in hand_melds(variant, cards)]
    melds.sort(key=lambda item: -item[1])
    best = 0

    def pack(start: int, used: frozenset[Card], total: int) -> None:
        nonlocal best
        best = max(best, total)
        for index in range(start, len(melds)):
            cards_of, points = melds[index]
            if cards_of & used:
                continue
            # an upper bound: every later meld's points, were they all disjoint
            if total + sum(p for _, p in melds[index:]) <= best:
                return
            pack(index + 1, used | cards_of, total + points)

    pack(0, frozenset(), 0)
    return best


def openings(variant: Variant, hand: Sequence[Card]) -> list[tuple[tuple[Card, ...],
                                                                   MeldCheck]]:
    """The smallest openings the hand can make under the first-play rule (melds of three;
    for a points rule, every meld worth points), one per shape: a first play is any play
    whose hand cards include one of these (with other melds, for points)."""
    rule = variant.initial_meld.kind
    if rule is InitialMeldKind.NONE:
        return []
    if rule is InitialMeldKind.RUN_OF_3:
        return list(hand_melds(variant, hand, runs_only=True, shortest=True))
    return list(hand_melds(variant, hand, shortest=rule is InitialMeldKind.COMPLETE_MELD))
