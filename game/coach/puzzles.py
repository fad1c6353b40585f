"""Puzzles: positions whose best play needs the table rearranged, rated by difficulty.

A puzzle is dealt from a seed: a table of valid melds (at least ``MIN_TABLE`` cards, runs
and sets, now and then a declared joker when the variant has jokers) and a hand drawn
mostly from cards near the table's (same suit and close rank, or same rank), so that
something plays. The solver's best play (most cards, proven; among those the one that
disturbs the table least) is the solution. A deal is kept only when that play needs
rearranging: the best *plain* play, which only adds hand cards to start melds and lays
new melds of hand cards, must put down fewer cards. Deals that fail are redealt from the
next sub-seed, so puzzle ``i`` of seed ``S`` is always the same position.

Difficulty (``Difficulty``): table cards the solution moves, start melds it breaks up,
the plain plays that lure with fewer cards, and the solver's counted work to prove the
best (``game.solver.Work`` units, never a time). ``rating`` folds them into 1-10.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from itertools import combinations
from typing import Any

from game.engine.cards import SUITS, Card, Face, make_deck
from game.engine.melds import check_meld
from game.engine.table import Table
from game.engine.turn import check_turn
from game.engine.variants import Variant, get_variant
from game.i18n import _, ngettext
from game.solver import Solution, Work, best_play, solve

MIN_TABLE = 9
MAX_HAND = 6
MIN_HAND = 3
MAX_COUNT = 200  # puzzles one request may ask for
ATTEMPTS = 400  # deals tried for one puzzle before giving up
PUZZLE_WORK = 1_500_000  # the most work one deal's best play may take
PLAIN_WORK = 200_000  # the most work one new-melds-only search may take
DAILY_VARIANT = "machiavelli"
LADDER_SEED = 1800


class PuzzleError(ValueError):
    """No puzzle can be made: a contract variant, or no deal fits (named in the text)."""


@dataclass(frozen=True)
class Difficulty:
    cards_moved: int  # table cards the solution moves
    melds_broken: int  # start melds whose cards do not end together
    lesser_plays: int  # distinct plain plays (fewer cards than the best)
    work: int  # solver work units spent proving the best play

    @property
    def rating(self) -> int:
        """1 (easy) to 10: each moved card and each broken meld adds, the lures add a
        little, and the search effort adds its order of magnitude."""
        score = (self.cards_moved + 2 * self.melds_broken + 0.5 * min(self.lesser_plays, 6)
                 + max(0.0, math.log10(max(self.work, 1)) - 3))
        return max(1, min(10, round(score - 2)))

    def to_json(self) -> dict[str, int]:
        return {"rating": self.rating, "cards_moved": self.cards_moved,
                "melds_broken": self.melds_broken, "lesser_plays": self.lesser_plays,
                "work": self.work}


@dataclass(frozen=True)
class Puzzle:
    variant_id: str
    options: Mapping[str, str]
    seed: int  # the puzzle's own seed (``puzzle_at`` makes it again)
    variant: Variant
    table: Table
    hand: tuple[Card, ...]
    solution: Solution
    plain: int  # cards the best plain play puts down
    difficulty: Difficulty

    @property
    def best(self) -> int:
        return len(self.solution.played)

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant_id, "options": dict(self.options), "seed": self.seed,
            "table": _rows(self.table), "hand": [str(c) for c in self.hand],
            "difficulty": self.difficulty.to_json(),
            "solution": {"played": [str(c) for c in self.solution.played],
                         "table": _rows(self.solution.table)},
        }


def _rows(table: Table) -> list[list[str]]:
    return [[f"JK={table.declared[c]}" if c.is_joker and c in table.declared else str(c)
             for c in meld] for meld in table.melds]


def puzzle_variant(variant_id: str, options: Mapping[str, str] | None = None) -> Variant:
    variant = get_variant(variant_id, dict(options or {}))
    if variant.family != "manipulation":
        raise PuzzleError(_("variant '{variant}' is a contract game: its table is never "
                            "rearranged, so it has no puzzles").format(variant=variant_id))
    return variant


def sub_seed(*parts: object) -> int:
    text = "/".join(str(p) for p in parts)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def generate(variant_id: str, options: Mapping[str, str] | None, seed: int,
             count: int) -> Iterator[Puzzle]:
    """``count`` puzzles from ``seed``: puzzle ``i`` is ``puzzle_at(..., sub_seed(seed, i))``."""
    if not 1 <= count <= MAX_COUNT:
        raise PuzzleError(_("count must be from 1 to {most}, not {n}").format(most=MAX_COUNT,
                                                                              n=count))
    puzzle_variant(variant_id, options)
    for index in range(count):
        yield puzzle_at(variant_id, options, sub_seed("puzzle", seed, index))


def puzzle_at(variant_id: str, options: Mapping[str, str] | None, seed: int) -> Puzzle:
    """The puzzle of ``seed``: the first of its deals that needs rearranging."""
    variant = puzzle_variant(variant_id, options)
    for attempt in range(ATTEMPTS):
        found = _try_deal(variant_id, options or {}, variant, seed,
                          random.Random(sub_seed("deal", seed, attempt)))
        if found is not None:
            return found
    raise PuzzleError(_("no deal of {game} needing a rearrangement was found in {n} "
                        "tries").format(game=_(variant.name), n=ATTEMPTS))


def daily_seed(day: date) -> int:
    return sub_seed("daily", day.isoformat())


def daily(day: date, variant_id: str = DAILY_VARIANT,
          options: Mapping[str, str] | None = None) -> Puzzle:
    """The puzzle of the day ``day`` (given, never read from a clock here)."""
    return puzzle_at(variant_id, options, daily_seed(day))


def ladder_seeds(count: int, seed: int = LADDER_SEED) -> list[int]:
    """The seeds of the ladder's puzzles, in the order they are made."""
    return [sub_seed("puzzle", seed, index) for index in range(count)]


# --------------------------------------------------------------------------- dealing


def _try_deal(variant_id: str, options: Mapping[str, str], variant: Variant, seed: int,
              rng: random.Random) -> Puzzle | None:
    packs, jokers = variant.deck_for(variant.min_players)
    pool = make_deck(packs, jokers)
    rng.shuffle(pool)
    table = _deal_table(variant, pool, rng)
    if table is None:
        return None
    hand = _deal_hand(pool, table, rng)
    return make_puzzle(variant_id, options, seed, table, hand)


def make_puzzle(variant_id: str, options: Mapping[str, str], seed: int, table: Table,
                hand: Sequence[Card]) -> Puzzle | None:
    """The puzzle of a position (``seed`` names it), or None when its best play puts down
    fewer than two cards, needs no rearranging, or is not proven within ``PUZZLE_WORK``."""
    variant = puzzle_variant(variant_id, options)
    work = Work(PUZZLE_WORK)
    try:
        solution = solve(variant, table, hand, True, work=work, proven_tie_break=True)
    except TimeoutError:
        return None
    if solution is None or len(solution.played) < 2:
        return None
    plain, lures = plain_plays(variant, table, hand)
    if plain >= len(solution.played):
        return None
    difficulty = Difficulty(cards_moved(table, solution), melds_broken(table, solution.table),
                            lures, work.spent)
    return Puzzle(variant_id, dict(options), seed, variant, table, tuple(hand), solution,
                  plain, difficulty)


def _deal_table(variant: Variant, pool: list[Card], rng: random.Random) -> Table | None:
    """Three to five melds from ``pool`` (taking their cards out of it), at least
    ``MIN_TABLE`` cards; None when the pool cannot make them."""
    melds: list[list[Card]] = []
    declared: dict[Card, Face] = {}
    jokers = [c for c in pool if c.is_joker]
    for _meld in range(rng.randint(3, 5)):
        faces = _run_faces(rng) if rng.random() < 0.6 else _set_faces(rng)
        cards = _take(pool, faces)
        if cards is None:
            continue
        if jokers and variant.jokers_per_meld != 0 and rng.random() < 0.25:
            spot = rng.randrange(len(cards))
            joker = jokers.pop()
            pool.remove(joker)
            pool.append(cards[spot])
            declared[joker] = cards[spot].face
            cards[spot] = joker
        if not check_meld(cards, variant, declared).ok:
            for card in cards:  # every card back, a joker to the jokers still to place
                pool.append(card)
                if card.is_joker:
                    jokers.append(card)
                    del declared[card]
            continue
        melds.append(cards)
    table = Table.of(melds, (), declared)
    return table if table.card_count() >= MIN_TABLE else None


def _run_faces(rng: random.Random) -> list[Face]:
    length = rng.choice((3, 3, 4, 4, 5))
    low = rng.randint(2, 14 - length)  # aces stay out: their place depends on the variant
    suit = rng.choice(SUITS)
    return [Face(rank, suit) for rank in range(low, low + length)]


def _set_faces(rng: random.Random) -> list[Face]:
    rank = rng.randint(1, 13)
    return [Face(rank, suit) for suit in rng.sample(SUITS, rng.choice((3, 3, 4)))]


def _take(pool: list[Card], faces: Sequence[Face]) -> list[Card] | None:
    taken: list[Card] = []
    for face in faces:
        card = next((c for c in pool if not c.is_joker and c.face == face and c not in taken),
                    None)
        if card is None:
            return None
        taken.append(card)
    for card in taken:
        pool.remove(card)
    return taken


def _deal_hand(pool: list[Card], table: Table, rng: random.Random) -> list[Card]:
    """Mostly cards near the table's (same suit within two ranks, or the same rank), so
    that something plays; now and then any card, so that not everything does."""
    faces = [table.declared.get(c, c.face if not c.is_joker else None) for c in table.cards()]
    near = [c for c in pool if not c.is_joker and any(
        f is not None and (f.rank == c.rank or (f.suit == c.suit and abs(f.rank - c.rank) <= 2))
        for f in faces)]
    size = rng.randint(MIN_HAND, MAX_HAND)
    hand: list[Card] = []
    while len(hand) < size:
        source = near if near and rng.random() < 0.85 else pool
        card = rng.choice(source)
        if card in hand:
            continue
        hand.append(card)
    for card in hand:
        pool.remove(card)
    return hand


# --------------------------------------------------------------------------- judging


def plain_plays(variant: Variant, table: Table, hand: Sequence[Card]) -> tuple[int, int]:
    """The most cards a plain play puts down (hand cards added to start melds, which stay
    otherwise whole, and new melds of hand cards only), and how many distinct such plays
    (by the hand cards they put down) there are. Each start meld's additions are tried as
    every subset of the hand; what is left lays its best new melds."""
    cards = list(hand)
    adds: list[list[frozenset[Card]]] = []
    for meld in table.melds:
        options = [frozenset(subset) for size in range(1, len(cards) + 1)
                   for subset in combinations(cards, size)
                   if check_meld(list(meld) + list(subset), variant, table.declared).ok]
        adds.append(options)
    new_melds: dict[frozenset[Card], frozenset[Card]] = {}

    def laid(rest: frozenset[Card]) -> frozenset[Card]:
        if rest not in new_melds:
            new_melds[rest] = _new_melds(variant, rest)
        return new_melds[rest]

    plays: set[frozenset[Card]] = set()

    def walk(index: int, used: frozenset[Card]) -> None:
        if index == len(adds):
            rest = frozenset(cards) - used
            plays.add(used | laid(rest))
            if used:
                plays.add(used)
            return
        walk(index + 1, used)
        for option in adds[index]:
            if not option & used:
                walk(index + 1, used | option)

    walk(0, frozenset())
    plays.discard(frozenset())
    most = max((len(p) for p in plays), default=0)
    return most, len(plays)


def _new_melds(variant: Variant, cards: frozenset[Card]) -> frozenset[Card]:
    """The hand cards the best new melds of ``cards`` alone put down (none if the search
    runs out of its work: the plain play is then counted without them)."""
    if len(cards) < 3:
        return frozenset()
    try:
        found = best_play(variant, Table(), sorted(cards), True, work=PLAIN_WORK)
    except TimeoutError:
        return frozenset()
    return frozenset(found.played) if found is not None else frozenset()


def cards_moved(table: Table, solution: Solution) -> int:
    on_table = set(table.cards())
    return len({m.card for m in solution.edits if m.card in on_table})


def melds_broken(start: Table, end: Table) -> int:
    where = {card: index for index, meld in enumerate(end.melds) for card in meld}
    return sum(1 for meld in start.melds if len({where.get(c) for c in meld}) > 1)


def check_solution(puzzle: Puzzle, end: Table) -> tuple[bool, str]:
    """Is ``end`` a solution (a legal turn putting down as many cards as the best)? With
    the reason when not: the first rule broken, or how many cards short it falls."""
    check = check_turn(puzzle.variant, puzzle.table, puzzle.hand, end, True)
    if not check.ok:
        return False, "; ".join(str(p) for p in check.problems)
    played = len(check.played)
    if played < puzzle.best:
        short = puzzle.best - played
        return False, ngettext("legal, but it puts down {played} of the {best} cards the best "
                               "play does: {short} more card can go down",
                               "legal, but it puts down {played} of the {best} cards the best "
                               "play does: {short} more cards can go down", short).format(
                                   played=played, best=puzzle.best, short=short)
    return True, ngettext("{n} card down, the most there are",
                          "{n} cards down, the most there are", played).format(n=played)
